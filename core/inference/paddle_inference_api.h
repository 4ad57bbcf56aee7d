// The C++ inference API, named as PaddlePaddle's paddle_infer:: API.
// Load a saved model (.pdmodel + .pdiparams), feed inputs, run, read outputs.
//
// Threads. A Predictor and the Tensor handles it gives out serve one thread
// at a time (as in PaddlePaddle): to run a model on several threads, give each
// its own predictor with Clone(), which shares the loaded weights. A predictor
// may be handed from one thread to another. Using one predictor from two
// threads at once is detected, not undefined: the call that finds the
// predictor busy throws paddle::Error (PreconditionNotMet) saying to clone(),
// and changes nothing.
//
// Lifetimes. A Tensor handle keeps what it points into alive, so it stays
// valid (and safe to read) after its Predictor is destroyed.
//
// Errors. Every failure throws paddle::Error of a typed kind
// (core/base/enforce.h) whose message names the file, op, input or setting
// that was wrong. It is a std::runtime_error: users of the installed SDK,
// which ships this header only, catch std::exception.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace paddle {
class DenseTensor;
class Scope;
class Variable;
class VarDesc;
}  // namespace paddle

// The inference API: Config, Predictor, Tensor, CreatePredictor and the
// services::PredictorPool of PaddlePaddle's paddle_infer namespace.
namespace paddle_infer {

// The element type of a Tensor, as PaddlePaddle numbers it.
enum class DataType {
  FLOAT32,  // 32-bit float
  INT64,    // 64-bit signed integer
  INT32,    // 32-bit signed integer
  UINT8,    // 8-bit unsigned integer
  INT8,     // 8-bit signed integer
  FLOAT16,  // 16-bit float (IEEE half)
  BOOL,     // boolean, one byte
  FLOAT64,  // 64-bit float
  BFLOAT16  // 16-bit brain float
};
// Where a tensor's data lives. This is a CPU build: data is always on kCPU.
enum class PlaceType {
  kUNK = -1,  // unknown or unset
  kCPU,       // host memory
  kGPU        // GPU memory (never used by this build)
};

// The precision a GPU, XPU or TensorRT setting asks for (PaddlePaddle's
// Config::Precision). This CPU build runs float32 whatever is asked.
enum class PrecisionType {
  kFloat32 = 0,  // 32-bit float
  kInt8,         // 8-bit integer
  kHalf,         // 16-bit float
  kBf16          // 16-bit brain float
};

// The IR passes a predictor runs at load, in order, as PaddlePaddle's
// PaddlePassBuilder: it starts as core/ir's CPU inference pipeline. A name
// that is not a registered pass throws NotFound (listing the registered ones)
// at AppendPass/InsertPass, so a typo never reaches CreatePredictor.
class PaddlePassBuilder {
 public:
  // The CPU inference pipeline (core/ir InferencePassNames()).
  PaddlePassBuilder();
  // Adds a pass at the end; an unknown name throws NotFound.
  void AppendPass(const std::string& pass_type);
  // Inserts a pass before position `idx` (idx == AllPasses().size() appends);
  // an unknown name throws NotFound, an index past the end OutOfRange.
  void InsertPass(size_t idx, const std::string& pass_type);
  // Removes the pass at position `idx`; an index past the last throws OutOfRange.
  void DeletePass(size_t idx);
  // Removes every occurrence of the named pass; a name not in the list is ignored.
  void DeletePass(const std::string& pass_type);
  // Removes every pass: the model then runs as saved.
  void ClearPasses();
  // Replaces the list (each name checked as by AppendPass).
  void SetPasses(const std::vector<std::string>& passes);
  // Puts a graph_viz_pass after every other pass, as Config::SwitchIrDebug does.
  void TurnOnDebug();
  // The passes, one a line, in order.
  std::string DebugString() const;
  // The passes run at load, in order.
  const std::vector<std::string>& AllPasses() const { return passes_; }

 private:
  std::vector<std::string> passes_;
};

// PaddlePaddle's name for what Config::pass_builder() returns.
class PassStrategy : public PaddlePassBuilder {};

// Which model to load and how to run it: handed to CreatePredictor or the
// Predictor constructor, which copy what they need.
class Config {
 public:
  // PaddlePaddle's name for PrecisionType (Config::Precision::kHalf, ...).
  using Precision = PrecisionType;
  // An empty config: name the model with SetModel before making a predictor.
  Config() = default;
  // A model directory holding `inference.pdmodel`/`inference.pdiparams`, or
  // `model.pdmodel`/`model.pdiparams`, or `__model__` + `__params__`.
  // Paths holding a NUL character throw InvalidArgument (they would be cut short).
  explicit Config(const std::string& model_dir) { SetModel(model_dir); }
  // The program file (.pdmodel) and its parameters file (.pdiparams).
  Config(const std::string& prog_file, const std::string& params_file) {
    SetModel(prog_file, params_file);
  }

  // Loads the model of a directory (the file names as for Config(model_dir)).
  void SetModel(const std::string& model_dir);
  // Loads the program file (.pdmodel) and its parameters file (.pdiparams).
  void SetModel(const std::string& prog_file, const std::string& params_file);
  // Sets only the program file (.pdmodel).
  void SetProgFile(const std::string& prog_file);
  // Sets only the parameters file (.pdiparams).
  void SetParamsFile(const std::string& params_file);
  // The model from memory: the bytes of a .pdmodel and of its .pdiparams
  // (params_buffer may be null when params_size is 0: a model without
  // parameters). The bytes are copied. Corrupt bytes throw InvalidModel at
  // CreatePredictor, as a corrupt file does. Replaces any model paths.
  void SetModelBuffer(const char* prog_buffer, size_t prog_buffer_size,
                      const char* params_buffer, size_t params_buffer_size);
  // Whether the model comes from SetModelBuffer (until SetModel,
  // SetProgFile or SetParamsFile names files instead).
  bool model_from_memory() const { return model_from_memory_; }
  // The model directory given to SetModel, "" when none was.
  const std::string& model_dir() const { return model_dir_; }
  // The program file to load (resolved from model_dir when unset).
  std::string prog_file() const;
  // The parameters file to load (resolved from model_dir when unset).
  std::string params_file() const;

  // Runs on the CPU: the only place of this build, so it changes nothing.
  void DisableGpu() { use_gpu_ = false; }
  // Always false: this is a CPU build.
  bool use_gpu() const { return use_gpu_; }
  // Threads the math libraries may use inside one op, applied on the thread
  // that runs (each Run sets it for its own thread). In [1, kMaxCpuMathThreads];
  // anything else throws InvalidArgument and leaves the setting as it was.
  static constexpr int kMaxCpuMathThreads = 1024;
  // Sets the threads the math libraries may use inside one op, in
  // [1, kMaxCpuMathThreads]; anything else throws InvalidArgument.
  void SetCpuMathLibraryNumThreads(int n);
  // The threads set by SetCpuMathLibraryNumThreads; 1 by default.
  int cpu_math_library_num_threads() const { return cpu_math_threads_; }
  // Whether the CPU inference passes (core/ir InferencePassNames(): today
  // fc_fuse_pass) rewrite the program at load. On by default; off runs the
  // model exactly as saved.
  void SwitchIrOptim(bool on = true) { ir_optim_ = on; }
  // Whether the inference passes run at load (SwitchIrOptim).
  bool ir_optim() const { return ir_optim_; }
  // Writes a Graphviz picture of the program after each pass run at load (or
  // only after the passes named in `passes`, when given): the file
  // `<k>_ir_<pass>.dot` for the k-th picture (k from 0), named as PaddlePaddle
  // names them, in SetOptimCacheDir's directory or else the working directory.
  void SwitchIrDebug(int x = true, const std::vector<std::string>& passes = {});
  // Whether SwitchIrDebug is on.
  bool ir_debug() const { return ir_debug_; }
  // The passes run at load when ir_optim() is on: append, insert, delete.
  // The builder belongs to this config (copies of the config copy it).
  PassStrategy* pass_builder() const { return &pass_builder_; }
  // Leaves the named pass out of the pipeline run at load. A name that is not
  // in the pipeline is ignored, as in PaddlePaddle.
  void DeletePass(const std::string& pass_name);
  // The pass names given to DeletePass, in order.
  const std::vector<std::string>& deleted_passes() const { return deleted_passes_; }
  // Temporaries' memory returns to the pool right after their last reader
  // (eager deletion) whatever this says; kept so PaddlePaddle code runs as is.
  void EnableMemoryOptim(bool on = true) { memory_optim_ = on; }
  // What EnableMemoryOptim last set; off by default.
  bool enable_memory_optim() const { return memory_optim_; }
  // Accepted for source compatibility: float GEMMs always run on oneDNN, and
  // inputs/outputs are always bound without feed/fetch ops (zero copy).
  void EnableMKLDNN() { mkldnn_ = true; }
  // Accepted for source compatibility: float GEMMs still run on oneDNN.
  void DisableMKLDNN() { mkldnn_ = false; }
  // What EnableMKLDNN / DisableMKLDNN last set; off by default.
  bool mkldnn_enabled() const { return mkldnn_; }
  // Accepted so PaddlePaddle deployment code builds unchanged, and listed by
  // Summary() as ignored: this build has no ONNX Runtime backend and no int8
  // kernels, so the model runs on paddle's own float kernels.
  void EnableONNXRuntime() {
    onnxruntime_ = true;
    Ignore("EnableONNXRuntime");
  }
  // Whether EnableONNXRuntime was called (the model still runs on paddle's kernels).
  bool use_onnxruntime() const { return onnxruntime_; }
  // Accepted: there is no ONNX Runtime backend to turn off.
  void DisableONNXRuntime() { onnxruntime_ = false; }
  // Accepted and listed by Summary() as ignored (no ONNX Runtime backend).
  void EnableORTOptimization() { Ignore("EnableORTOptimization"); }
  // Accepted and listed by Summary() as ignored (no int8 kernels).
  void EnableMkldnnInt8(const std::unordered_set<std::string>& op_list = {}) {
    (void)op_list;
    Ignore("EnableMkldnnInt8");
  }
  // Accepted and listed by Summary() as ignored (no bfloat16 kernels).
  void EnableMkldnnBfloat16() { Ignore("EnableMkldnnBfloat16"); }
  // Accepted and listed by Summary() as ignored: oneDNN primitives are
  // cached per shape by the kernels themselves. A negative capacity throws
  // InvalidArgument.
  void SetMkldnnCacheCapacity(int capacity);
  // Accepted and listed by Summary() as ignored: this build has no profiler
  // for the predictor (paddle.profiler times Python programs).
  void EnableProfile() {
    profile_ = true;
    Ignore("EnableProfile");
  }
  // Whether EnableProfile was called.
  bool profile_enabled() const { return profile_; }
  // Accepted and listed by Summary() as ignored: this is a CPU build, so
  // use_gpu() stays false and the predictor runs on the CPU. Keeps the
  // arguments for gpu_device_id() and memory_pool_init_size_mb().
  void EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id = 0,
                    PrecisionType precision_mode = PrecisionType::kFloat32);
  // The device given to EnableUseGpu; 0 by default.
  int gpu_device_id() const { return gpu_device_id_; }
  // The memory pool size given to EnableUseGpu; 0 by default.
  int memory_pool_init_size_mb() const { return static_cast<int>(gpu_pool_mb_); }
  // Accepted and listed by Summary() as ignored: there is no XPU backend.
  void EnableXpu(int l3_size = 16776192, bool l3_locked = false, bool conv_autotune = false,
                 const std::string& conv_autotune_file = "",
                 const std::string& transformer_encoder_precision = "int16",
                 bool transformer_encoder_adaptive_seqlen = false,
                 bool enable_multi_stream = false);
  // Always false: there is no XPU backend.
  bool use_xpu() const { return false; }
  // Accepted and listed by Summary() as ignored: there is no TensorRT backend.
  void EnableTensorRtEngine(int64_t workspace_size = 1 << 30, int max_batch_size = 1,
                            int min_subgraph_size = 3,
                            PrecisionType precision = PrecisionType::kFloat32,
                            bool use_static = false, bool use_calib_mode = true,
                            bool use_cuda_graph = false);
  // Always false: there is no TensorRT backend.
  bool tensorrt_engine_enabled() const { return false; }
  // Where SwitchIrDebug writes its pictures (nothing else is cached: the
  // passes run at every load). Holding a NUL character throws InvalidArgument.
  void SetOptimCacheDir(const std::string& opt_cache_dir);
  // The directory set by SetOptimCacheDir, "" when none was.
  const std::string& optim_cache_dir() const { return optim_cache_dir_; }
  // Accepted: inputs and outputs are always bound without feed/fetch ops.
  void SwitchUseFeedFetchOps(bool on = true) { (void)on; }
  // Accepted: inputs are always found by name.
  void SwitchSpecifyInputNames(bool on = true) { (void)on; }
  // Accepted: the predictor logs nothing.
  void DisableGlogInfo() {}
  // The settings, one a line, and the ignored ones listed as such.
  std::string Summary() const;

 private:
  void Ignore(const char* setting);
  void ForgetModelBuffer();
  std::string model_dir_, prog_file_, params_file_;
  std::string prog_buffer_, params_buffer_;  // SetModelBuffer's bytes
  std::string optim_cache_dir_;
  std::vector<std::string> ir_debug_passes_;  // empty: a picture after every pass
  mutable PassStrategy pass_builder_;
  std::vector<std::string> deleted_passes_;
  std::vector<std::string> ignored_settings_;  // for Summary()
  bool use_gpu_ = false;
  bool ir_optim_ = true;
  bool memory_optim_ = false;
  bool mkldnn_ = false;
  bool model_from_memory_ = false;
  bool ir_debug_ = false;
  bool profile_ = false;
  bool onnxruntime_ = false;
  int cpu_math_threads_ = 1;
  int gpu_device_id_ = 0;
  uint64_t gpu_pool_mb_ = 0;

  friend struct PredictorState;
  // For the predictor: the model's bytes (SetModelBuffer) and which pictures
  // SwitchIrDebug asks for.
  const std::string& prog_buffer() const { return prog_buffer_; }
  const std::string& params_buffer() const { return params_buffer_; }
  const std::vector<std::string>& ir_debug_passes() const { return ir_debug_passes_; }
};

class Predictor;
// A predictor's state: what its handles share with it (internal).
struct PredictorState;

// A handle on one input or output of a Predictor. Several handles on the same
// input see the same tensor: its shape (Reshape) and data belong to it.
class Tensor {
 public:
  // Sets an input's shape; the data is copied in with CopyFromCpu. The
  // shape() is the new one at once. Inputs only.
  void Reshape(const std::vector<int>& shape);
  // Copies shape() elements into an input, from `data` (Reshape first).
  template <typename T>
  void CopyFromCpu(const T* data);
  // Copies shape() elements out of an output into `data` (after Run).
  template <typename T>
  void CopyToCpu(T* data) const;
  // The shape: an input's as set or declared (-1 for unknown dims), an output's once run.
  std::vector<int> shape() const;
  // The element type.
  DataType type() const;
  // The name of the input or output in the model.
  const std::string& name() const { return name_; }
  // Zero copy, as PaddlePaddle's: the input's own buffer for shape() elements
  // of T, to fill before Run. T must be the type the model declares for the
  // input, and the shape known (Reshape first); kCPU only. The pointer stays
  // valid until the next Reshape or copy into this input.
  template <typename T>
  T* mutable_data(PlaceType place);
  // The tensor's data in place (no copy): `place` gets kCPU and `size` the
  // element count. T must be type(). Output data stays valid until the next
  // Run, ClearIntermediateTensor or TryShrinkMemory.
  template <typename T>
  T* data(PlaceType* place, int* size) const;
  // Sets an input's LoD (level-of-detail offsets, one vector per level).
  void SetLoD(const std::vector<std::vector<size_t>>& lod);
  // The LoD; empty when the tensor has none.
  std::vector<std::vector<size_t>> lod() const;
  // Bytes of the current data (shape × element size).
  size_t nbytes() const;
  // For bindings: copy raw bytes of a given element type, in or out.
  void CopyFromCpuRaw(const void* data, DataType dtype);
  // For bindings: copies the raw bytes out, nbytes() of them.
  void CopyToCpuRaw(void* data) const;
  // The same into a buffer of `capacity` bytes: PreconditionNotMet, and no
  // copy, unless the tensor holds exactly that many.
  void CopyToCpuRaw(void* data, size_t capacity) const;
  // For bindings: Reshape then CopyFromCpuRaw as one call (`call` names it in errors).
  void CopyFromCpuRaw(const void* data, DataType dtype, const std::vector<int>& shape,
                      const char* call);

 private:
  friend class Predictor;
  // `desc` is the input's declaration (null for outputs): fed data is checked against it.
  Tensor(std::shared_ptr<PredictorState> owner, paddle::Variable* var, std::string name,
         const paddle::VarDesc* desc);
  void SetShape(const std::vector<int>& shape, const char* call);
  void CopyIn(const void* data, DataType dtype, const char* call);
  void RequireInput(const char* call) const;
  void CheckDtype(DataType dtype, const char* call) const;
  paddle::DenseTensor* Mutable() const;
  const paddle::DenseTensor& Get() const;
  std::shared_ptr<PredictorState> owner_;  // keeps var_ and desc_ alive
  paddle::Variable* var_;
  std::string name_;
  const paddle::VarDesc* desc_;
};

// A loaded model: set inputs through GetInputHandle, Run, read outputs through
// GetOutputHandle.
class Predictor {
 public:
  // Loads the model the config names; throws NotFound for a missing model
  // file, InvalidModel for a corrupt one.
  explicit Predictor(const Config& config);
  // Frees the predictor; its Tensor handles stay valid.
  ~Predictor();
  // Not copyable: Clone() makes a predictor that shares the weights.
  Predictor(const Predictor&) = delete;

  // The input names, in the model's feed order.
  std::vector<std::string> GetInputNames() const;
  // The output names, in the model's fetch order.
  std::vector<std::string> GetOutputNames() const;
  // A handle on the named input; an unknown name throws NotFound.
  std::unique_ptr<Tensor> GetInputHandle(const std::string& name);
  // A handle on the named output; an unknown name throws NotFound.
  std::unique_ptr<Tensor> GetOutputHandle(const std::string& name);
  // Runs the model on the inputs set through the handles. Returns true;
  // throws paddle::Error (naming the op) on failure.
  bool Run();
  // A predictor that shares this one's parameters (read-only) with its own
  // inputs, outputs and temporaries: one per thread. Safe to call while this
  // predictor runs on another thread.
  std::unique_ptr<Predictor> Clone();
  // Frees the temporaries' buffers that the memory plan keeps between runs
  // (the next Run allocates them again). Inputs and outputs keep their data.
  void ClearIntermediateTensor();
  // ClearIntermediateTensor, then hands the allocator's cached, unused memory
  // back to the system. Returns the bytes handed back (other predictors'
  // cached memory included: the pool is shared).
  uint64_t TryShrinkMemory();

 private:
  explicit Predictor(std::shared_ptr<PredictorState> state);
  std::shared_ptr<PredictorState> state_;
};

// A predictor for the model the config names (as Predictor(config)).
std::shared_ptr<Predictor> CreatePredictor(const Config& config);
// "paddle (this SDK) 0.1.0, model format 3003001".
std::string GetVersion();

// Helpers for serving: PredictorPool.
namespace services {

// A fixed set of predictors for a server's worker threads, as PaddlePaddle's:
// predictor 0 is made from the config, the others are its clones (they share
// its weights). Give each thread its own index; Retrive (PaddlePaddle's
// spelling) hands out the same predictor for the same index every time.
class PredictorPool {
 public:
  // A pool needs a config: use PredictorPool(config, size).
  PredictorPool() = delete;
  // Not copyable: the pool owns its predictors.
  PredictorPool(const PredictorPool&) = delete;
  // Not assignable: the pool owns its predictors.
  PredictorPool& operator=(const PredictorPool&) = delete;

  // `size` predictors (at least 1: 0 throws InvalidArgument).
  explicit PredictorPool(const Config& config, size_t size = 1);
  // The predictor of index `idx`, owned by the pool. An index past the last
  // throws OutOfRange.
  Predictor* Retrive(size_t idx);

 private:
  std::shared_ptr<Predictor> main_pred_;
  std::vector<std::unique_ptr<Predictor>> preds_;
};

}  // namespace services

}  // namespace paddle_infer
