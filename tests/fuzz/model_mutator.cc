// libFuzzer's custom mutator for model_fuzzer. Most mutations change the
// parsed ProgramDesc (proto_mutator.h), so the program still parses and the
// input goes on to validation, the passes, shape inference and the kernels;
// the others change a header knob, or are libFuzzer's own byte mutations
// (which reach the parser's checks and the parameter bytes).
#include <algorithm>
#include <cstring>
#include <random>

#include "core/framework/framework.pb.h"
#include "core/framework/op_def.h"
#include "tests/fuzz/fuzz_input.h"
#include "tests/fuzz/proto_mutator.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

paddle_fuzz::MutateOptions Options() {
  paddle_fuzz::MutateOptions o;
  // Hundreds of entries that nothing reads: they would take most mutations.
  o.skip = {"paddle.framework.proto.ProgramDesc.op_version_map"};
  // Every registered op with its slots and attributes, so an op can become
  // any other and gain the attributes that one reads.
  const auto& registry = paddle::OpRegistry::Instance();
  for (const auto& type : registry.Types()) {
    o.words.push_back(type);
    const paddle::OpDef& def = registry.Get(type);
    for (const auto& a : def.inputs) o.words.push_back(a.name);
    for (const auto& a : def.outputs) o.words.push_back(a.name);
    for (const auto& a : def.attrs) o.words.push_back(a.name);
  }
  std::sort(o.words.begin(), o.words.end());
  o.words.erase(std::unique(o.words.begin(), o.words.end()), o.words.end());
  return o;
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  std::mt19937_64 rng(seed);
  paddle_fuzz::FuzzInput in;
  paddle::framework::proto::ProgramDesc program;
  if (rng() % 4 == 0 || !paddle_fuzz::SplitInput(data, size, &in) ||
      !program.ParsePartialFromString(in.program))
    return LLVMFuzzerMutate(data, size, max_size);
  switch (rng() % 8) {
    case 0: in.dims = static_cast<uint8_t>(rng()); break;
    case 1: in.fill = static_cast<uint8_t>(rng()); break;
    case 2: in.flags = static_cast<uint8_t>(rng()); break;
    default: {
      static const paddle_fuzz::MutateOptions options = Options();
      for (int n = 1 + rng() % 3; n > 0; --n) paddle_fuzz::MutateMessage(&program, options, &rng);
      in.program = program.SerializePartialAsString();
    }
  }
  std::string out = paddle_fuzz::JoinInput(in);
  if (out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}
