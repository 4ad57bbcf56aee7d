// libFuzzer target over loading and running a model through the public
// inference API: parse the .pdmodel, load the .pdiparams, build a predictor
// (inference passes, the executor's Prepare), feed inputs of the declared
// shapes and run. Input layout: fuzz_input.h.
//
// paddle::Error is the expected answer to a bad model. Any other exception,
// a crash, a hang or a sanitizer report is a finding.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <typeinfo>
#include <vector>

#include <google/protobuf/stubs/logging.h>

#include "core/framework/model_io.h"
#include "core/inference/paddle_inference_api.h"
#include "tests/fuzz/fuzz_input.h"

// Sanitizer settings built into the binary, so a reproducer replays the same
// way with or without scripts/fuzz.sh.
//  - allocator_may_return_null + max_allocation_size_mb: a tensor a (valid)
//    model sizes beyond 512 MiB gets a null from posix_memalign, which the
//    pool turns into ResourceExhausted: a typed error, not a finding. This is
//    the one memory limit we hit on purpose. operator new still reports an
//    oversized request, because containers sized from file data are findings.
extern "C" const char* __asan_default_options() {
  return "allocator_may_return_null=1:max_allocation_size_mb=512:detect_leaks=1:"
         "handle_abort=1:symbolize=1";
}
extern "C" const char* __ubsan_default_options() { return "print_stacktrace=1:halt_on_error=1"; }

namespace {

using paddle_fuzz::FreeDims;
using paddle_fuzz::Values;

// PADDLE_FUZZ_VERBOSE=1: say how each input ended (for --replay).
const bool kVerbose = std::getenv("PADDLE_FUZZ_VERBOSE") != nullptr;

// A legit model may declare huge inputs or parameters; the harness does not
// build them (the fuzzer's memory limits would report them as OOMs).
constexpr int64_t kMaxElements = 1 << 20;       // per tensor
constexpr int64_t kMaxTotalElements = 1 << 22;  // all generated parameters

// A file in memory with a path the loader can open (/proc/self/fd/N): nothing
// to clean up when a finding ends the process.
class MemFile {
 public:
  explicit MemFile(const char* name) : fd_(memfd_create(name, MFD_CLOEXEC)) {
    if (fd_ < 0) {
      std::perror("model_fuzzer: memfd_create");
      std::abort();
    }
  }
  void Write(const std::string& bytes) {
    if (ftruncate(fd_, 0) != 0) std::abort();
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = pwrite(fd_, bytes.data() + done, bytes.size() - done, done);
      if (n <= 0) std::abort();
      done += static_cast<size_t>(n);
    }
  }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

// The declared shape with unknown dims filled in. False when it would be
// larger than kMaxElements.
bool ConcreteShape(const std::vector<int64_t>& declared, FreeDims* free,
                   std::vector<int64_t>* shape, int64_t* numel) {
  shape->clear();
  *numel = 1;
  for (int64_t d : declared) {
    if (d < 0) d = free->Next();
    if (d > kMaxElements) return false;
    *numel *= d;  // both factors <= 2^20: no overflow
    if (*numel > kMaxElements) return false;
    shape->push_back(d);
  }
  return true;
}

void Fill(void* dst, paddle::DataType dtype, int64_t n, Values* v) {
  using paddle::DataType;
  auto each = [&](auto* p, auto make) {
    for (int64_t i = 0; i < n; ++i) p[i] = make();
  };
  switch (dtype) {
    case DataType::kBool: each(static_cast<bool*>(dst), [&] { return v->Bool(); }); break;
    case DataType::kInt16: each(static_cast<int16_t*>(dst), [&] { return int16_t(v->Int()); }); break;
    case DataType::kInt32: each(static_cast<int32_t*>(dst), [&] { return int32_t(v->Int()); }); break;
    case DataType::kInt64: each(static_cast<int64_t*>(dst), [&] { return v->Int(); }); break;
    case DataType::kUInt8: each(static_cast<uint8_t*>(dst), [&] { return uint8_t(v->Int()); }); break;
    case DataType::kInt8: each(static_cast<int8_t*>(dst), [&] { return int8_t(v->Int()); }); break;
    case DataType::kFloat32: each(static_cast<float*>(dst), [&] { return v->Float(); }); break;
    case DataType::kFloat64: each(static_cast<double*>(dst), [&] { return v->Real(); }); break;
    case DataType::kFloat16:
      each(static_cast<paddle::float16*>(dst), [&] { return paddle::float16(v->Float()); });
      break;
    case DataType::kBFloat16:
      each(static_cast<paddle::bfloat16*>(dst), [&] { return paddle::bfloat16(v->Float()); });
      break;
    default:  // complex: `n` counts 32-bit words, any bits are valid
      each(static_cast<uint32_t*>(dst), [&] { return v->Word(); });
  }
}

// Allocates the tensor's buffer and fills every element.
void FillTensor(paddle::DenseTensor* t, Values* v) {
  void* dst = t->MutableData(paddle::CPUPlace(), t->dtype());
  int64_t n = t->numel();
  if (t->dtype() == paddle::DataType::kComplex64) n *= 2;
  if (t->dtype() == paddle::DataType::kComplex128) n *= 4;
  Fill(dst, t->dtype(), n, v);
}

// A .pdiparams for `program`: each persistable tensor as declared, filled
// with values. False when the declarations are too large to build.
bool MakeParams(const paddle::ProgramDesc& program, const paddle_fuzz::FuzzInput& in,
                std::string* params) {
  FreeDims free(in.dims);
  Values values(in.fill, in.wild_values());
  std::ostringstream out;
  int64_t total = 0;
  for (const auto& name : paddle::PersistableVarNames(program)) {
    const paddle::VarDesc* var = program.Block(0)->FindVar(name);
    // Other kinds are the loader's to reject: write what came before.
    if (!var->IsTensor()) break;
    std::vector<int64_t> shape;
    int64_t numel = 0;
    if (!ConcreteShape(var->GetShape(), &free, &shape, &numel)) return false;
    if ((total += numel) > kMaxTotalElements) return false;
    paddle::DenseTensor t(var->GetDataType(), paddle::DDim(shape));
    FillTensor(&t, &values);
    paddle::WriteTensor(out, t);
  }
  *params = out.str();
  return true;
}

paddle::DataType CoreType(paddle_infer::DataType t) {
  using D = paddle_infer::DataType;
  switch (t) {
    case D::FLOAT32: return paddle::DataType::kFloat32;
    case D::INT64: return paddle::DataType::kInt64;
    case D::INT32: return paddle::DataType::kInt32;
    case D::UINT8: return paddle::DataType::kUInt8;
    case D::INT8: return paddle::DataType::kInt8;
    case D::FLOAT16: return paddle::DataType::kFloat16;
    case D::BOOL: return paddle::DataType::kBool;
    case D::FLOAT64: return paddle::DataType::kFloat64;
    case D::BFLOAT16: return paddle::DataType::kBFloat16;
  }
  std::abort();
}

// Sets every input of `p` to a tensor of its declared shape and dtype.
// False when one would be too large.
bool Feed(paddle_infer::Predictor* p, const paddle::ProgramDesc& program, uint8_t dims,
          const paddle_fuzz::FuzzInput& in) {
  FreeDims free(dims);
  Values values(in.fill, in.wild_values());
  for (const auto& name : p->GetInputNames()) {
    auto handle = p->GetInputHandle(name);
    const paddle::VarDesc* var = program.Block(0)->FindVar(name);
    if (!var) continue;  // a pass renamed it; the run reports the unset input
    std::vector<int64_t> shape;
    int64_t numel = 0;
    if (!ConcreteShape(var->GetShape(), &free, &shape, &numel)) return false;
    paddle_infer::DataType dtype = handle->type();
    paddle::DenseTensor t(CoreType(dtype), paddle::DDim(shape));
    FillTensor(&t, &values);
    handle->Reshape(std::vector<int>(shape.begin(), shape.end()));
    handle->CopyFromCpuRaw(t.data(), dtype);
  }
  return true;
}

// Copies every output out, so ASan checks their buffers.
void ReadOutputs(paddle_infer::Predictor* p) {
  for (const auto& name : p->GetOutputNames()) {
    auto handle = p->GetOutputHandle(name);
    std::vector<char> bytes(handle->nbytes());
    handle->CopyToCpuRaw(bytes.data());
  }
}

void Skip(const char* what) {
  if (kVerbose) std::fprintf(stderr, "model_fuzzer: skipped: %s too large\n", what);
}

void FuzzOne(const paddle_fuzz::FuzzInput& in) {
  static MemFile prog_file("model.pdmodel"), params_file("model.pdiparams");
  // The loader parses the same bytes the same way: a program that fails here
  // fails there with the same error, so nothing is lost by stopping early.
  paddle::ProgramDesc program = paddle::ParseProgram(in.program, "fuzz input");
  std::string generated;
  if (in.params.empty() && !MakeParams(program, in, &generated)) return Skip("parameters");
  prog_file.Write(in.program);
  params_file.Write(in.params.empty() ? generated : in.params);

  paddle_infer::Config config(prog_file.path(), params_file.path());
  config.DisableGpu();
  config.SwitchIrOptim(!in.ir_optim_off());
  config.SetCpuMathLibraryNumThreads(in.two_threads() ? 2 : 1);
  auto predictor = paddle_infer::CreatePredictor(config);
  if (!Feed(predictor.get(), program, in.dims, in)) return Skip("inputs");
  predictor->Run();
  ReadOutputs(predictor.get());
  if (in.run_twice()) {
    // Other free dims: the memory plan's buffers are reused at a new size.
    if (!Feed(predictor.get(), program, static_cast<uint8_t>(in.dims * 5 + 1), in))
      return Skip("inputs");
    predictor->Run();
    ReadOutputs(predictor.get());
  }
  if (in.run_clone()) {
    auto clone = predictor->Clone();
    if (!Feed(clone.get(), program, in.dims, in)) return Skip("inputs");
    clone->Run();
    ReadOutputs(clone.get());
  }
  if (kVerbose) std::fprintf(stderr, "model_fuzzer: ran\n");
}

[[noreturn]] void Finding(const char* what, const char* detail) {
  std::fprintf(stderr, "model_fuzzer: %s escaped: %s\n", what, detail);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Protobuf logs every malformed string field; the typed error says enough.
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  paddle_fuzz::FuzzInput in;
  if (!paddle_fuzz::SplitInput(data, size, &in)) return 0;
  try {
    FuzzOne(in);
  } catch (const paddle::Error& e) {
    // The typed answer to a bad model.
    if (kVerbose) std::fprintf(stderr, "model_fuzzer: %s\n", e.what());
  } catch (const std::bad_alloc& e) {
    // The only memory limit hit on purpose (see __asan_default_options)
    // surfaces as ResourceExhausted; ASan reports a failing operator new
    // itself. A bad_alloc reaching us means some code made its own, or
    // turned an allocation failure into the wrong error.
    Finding("std::bad_alloc", e.what());
  } catch (const std::exception& e) {
    Finding(typeid(e).name(), e.what());
  } catch (...) {
    Finding("a non-std exception", "");
  }
  return 0;
}
