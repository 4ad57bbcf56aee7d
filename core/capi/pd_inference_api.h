/* The C inference API: a stable C ABI over paddle_infer (core/inference),
 * named as PaddlePaddle's C API (pd_config.h, pd_predictor.h, pd_tensor.h,
 * pd_types.h, pd_utils.h in one header). Valid C99 and C++.
 *
 * Ownership. "Returns a new X" means the caller owns it and frees it with
 * the named *Destroy function, exactly once. "Borrowed" results belong to the
 * object they came from and stay valid as documented. Destroy functions take
 * NULL (and do nothing); destroying twice is the caller's bug.
 *
 * Errors. No function aborts or lets an exception out. A function that can
 * fail says so: it returns FALSE (PD_Bool), NULL, or the documented error
 * value, and records why in this thread's last error. Each of them clears
 * the last error when it starts (the *Destroy functions, PD_GetVersion and the
 * last-error getters, which cannot fail, leave it alone), so after such a call
 * PD_GetLastErrorCode() is PD_ERR_OK exactly when it succeeded.
 * (PaddlePaddle's C API returns void from many of these; returning a status
 * instead keeps code written for it compiling.)
 *
 * Threads. A predictor and its tensor handles serve one thread at a time; a
 * second thread calling in meanwhile gets PD_ERR_PRECONDITION_NOT_MET. Give
 * each thread its own PD_PredictorClone(), which shares the weights.
 */
#ifndef PADDLE_CAPI_PD_INFERENCE_API_H_
#define PADDLE_CAPI_PD_INFERENCE_API_H_

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define PADDLE_CAPI_EXPORT __declspec(dllexport)
#else
#define PADDLE_CAPI_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A boolean: TRUE (1) or FALSE (0). */
typedef int8_t PD_Bool;
#ifndef TRUE
/* PD_Bool's true. */
#define TRUE 1
#endif
#ifndef FALSE
/* PD_Bool's false. */
#define FALSE 0
#endif

/* Enums are int32_t typedefs so their size is fixed across compilers. */
typedef int32_t PD_PrecisionType;
enum {
  PD_PRECISION_FLOAT32 = 0, /* 32-bit float */
  PD_PRECISION_INT8,        /* 8-bit integer (not supported by this build) */
  PD_PRECISION_HALF         /* 16-bit float (not supported by this build) */
};

/* Where a tensor's data lives; this CPU build uses PD_PLACE_CPU only. */
typedef int32_t PD_PlaceType;
enum {
  PD_PLACE_UNK = -1, /* unknown or unset */
  PD_PLACE_CPU,      /* host memory */
  PD_PLACE_GPU,      /* GPU memory (not supported by this build) */
  PD_PLACE_XPU       /* XPU memory (not supported by this build) */
};

/* PaddlePaddle's values up to PD_DATA_INT8; the rest are ours. */
typedef int32_t PD_DataType;
enum {
  PD_DATA_UNK = -1, /* unknown, or an error */
  PD_DATA_FLOAT32,  /* 32-bit float */
  PD_DATA_INT32,    /* 32-bit signed integer */
  PD_DATA_INT64,    /* 64-bit signed integer */
  PD_DATA_UINT8,    /* 8-bit unsigned integer */
  PD_DATA_INT8,     /* 8-bit signed integer */
  PD_DATA_FLOAT64,  /* 64-bit float */
  PD_DATA_BOOL,     /* boolean, one byte */
  PD_DATA_FLOAT16,  /* 16-bit float (IEEE half) */
  PD_DATA_BFLOAT16  /* 16-bit brain float */
};

/* Ours: what kind of failure the last call on this thread had. */
typedef int32_t PD_ErrorCode;
enum {
  PD_ERR_OK = 0,               /* no error */
  PD_ERR_INVALID_ARGUMENT,     /* a NULL handle, a bad shape, dtype or value */
  PD_ERR_NOT_FOUND,            /* a missing model file, an unknown input name */
  PD_ERR_OUT_OF_RANGE,         /* an index or size past what fits */
  PD_ERR_UNIMPLEMENTED,        /* a valid request this build does not support */
  PD_ERR_PRECONDITION_NOT_MET, /* the wrong state: Run before inputs are set */
  PD_ERR_INVALID_MODEL,        /* a corrupt or unsupported model file */
  PD_ERR_RESOURCE_EXHAUSTED,   /* out of memory */
  PD_ERR_INTERNAL              /* a bug in paddle */
};

/* Opaque: which model to load and how to run it (PD_ConfigCreate). */
typedef struct PD_Config PD_Config;
/* Opaque: a loaded model (PD_PredictorCreate). */
typedef struct PD_Predictor PD_Predictor;
/* Opaque: a handle on one input or output of a predictor. */
typedef struct PD_Tensor PD_Tensor;

/* An array of int32_t (a shape), freed with PD_OneDimArrayInt32Destroy. */
typedef struct PD_OneDimArrayInt32 {
  size_t size;   /* the number of elements */
  int32_t* data; /* the elements */
} PD_OneDimArrayInt32;

/* An array of int64_t, freed with PD_OneDimArrayInt64Destroy. */
typedef struct PD_OneDimArrayInt64 {
  size_t size;   /* the number of elements */
  int64_t* data; /* the elements */
} PD_OneDimArrayInt64;

/* An array of size_t (one LoD level), freed with PD_OneDimArraySizeDestroy. */
typedef struct PD_OneDimArraySize {
  size_t size;  /* the number of elements */
  size_t* data; /* the elements */
} PD_OneDimArraySize;

/* An array of strings (input or output names), freed with PD_OneDimArrayCstrDestroy. */
typedef struct PD_OneDimArrayCstr {
  size_t size; /* the number of strings */
  char** data; /* NUL-terminated strings */
} PD_OneDimArrayCstr;

/* A string with its size, freed with PD_CstrDestroy. */
typedef struct PD_Cstr {
  size_t size; /* strlen(data) + 1, or 0 (and data NULL) for "" */
  char* data;  /* the NUL-terminated text */
} PD_Cstr;

/* An array of PD_OneDimArraySize (a LoD), freed with PD_TwoDimArraySizeDestroy. */
typedef struct PD_TwoDimArraySize {
  size_t size;               /* the number of levels */
  PD_OneDimArraySize** data; /* the levels */
} PD_TwoDimArraySize;

/* ---- errors and version (ours, except PD_GetVersion) ---- */

/* Borrowed: the last error of this thread, "[PD_Function] what was wrong",
 * or "" when the last call succeeded. Valid until this thread's next call. */
PADDLE_CAPI_EXPORT const char* PD_GetLastErrorMessage(void);
/* PD_ERR_OK when the last call on this thread succeeded. */
PADDLE_CAPI_EXPORT PD_ErrorCode PD_GetLastErrorCode(void);
/* Borrowed, static: "paddle 0.1.0 (model format 3003001)". */
PADDLE_CAPI_EXPORT const char* PD_GetVersion(void);

/* ---- config ---- */

/* Returns a new config (destroy with PD_ConfigDestroy, or hand it to
 * PD_PredictorCreate, which takes it); NULL when out of memory. */
PADDLE_CAPI_EXPORT PD_Config* PD_ConfigCreate(void);
/* Frees a config that was not handed to PD_PredictorCreate. */
PADDLE_CAPI_EXPORT void PD_ConfigDestroy(PD_Config* pd_config);
/* The program (.pdmodel) and parameter (.pdiparams) files; the strings are
 * copied. FALSE on a NULL argument. Files are opened by PD_PredictorCreate. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetModel(PD_Config* pd_config, const char* prog_file_path,
                                             const char* params_file_path);
/* Only the program file (.pdmodel); copied. FALSE on a NULL argument. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetProgFile(PD_Config* pd_config, const char* prog_file_path);
/* Only the parameter file (.pdiparams); copied. FALSE on a NULL argument. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetParamsFile(PD_Config* pd_config,
                                                  const char* params_file_path);
/* A directory holding inference.pdmodel/.pdiparams, model.pdmodel/.pdiparams
 * or __model__/__params__; copied. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetModelDir(PD_Config* pd_config, const char* model_dir);
/* Borrowed from the config, valid until it changes or is destroyed: the model
 * directory ("" when unset). NULL on a NULL config. */
PADDLE_CAPI_EXPORT const char* PD_ConfigGetModelDir(PD_Config* pd_config);
/* Borrowed, as PD_ConfigGetModelDir's result: the program file that will be
 * loaded, resolved from the model directory when only that is set. NULL
 * (NOT_FOUND) when the directory holds no model. */
PADDLE_CAPI_EXPORT const char* PD_ConfigGetProgFile(PD_Config* pd_config);
/* As PD_ConfigGetProgFile, for the parameter file. */
PADDLE_CAPI_EXPORT const char* PD_ConfigGetParamsFile(PD_Config* pd_config);
/* The inference passes (fusions, no-op removal) rewrite the program at load;
 * on by default. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSwitchIrOptim(PD_Config* pd_config, PD_Bool x);
/* Whether the inference passes run; FALSE (and an error) on a NULL config. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigIrOptim(PD_Config* pd_config);
/* Leaves the named pass out of the pipeline (an unknown name is ignored). */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigDeletePass(PD_Config* pd_config, const char* pass);
/* Adds the named pass at the end of the pipeline (copied). FALSE (NOT_FOUND,
 * listing the registered passes) for a name that is not a registered pass. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigAppendPass(PD_Config* pd_config, const char* pass);
/* Inserts the named pass before position idx (idx equal to the pass count
 * appends). FALSE: an unknown name (NOT_FOUND), an index past the end
 * (OUT_OF_RANGE); the pipeline is then unchanged. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigInsertPass(PD_Config* pd_config, size_t idx,
                                               const char* pass);
/* Returns a new array (free with PD_OneDimArrayCstrDestroy) of the passes run
 * at load, in order; NULL on error. */
PADDLE_CAPI_EXPORT PD_OneDimArrayCstr* PD_ConfigAllPasses(PD_Config* pd_config);
/* With x TRUE, loading writes a Graphviz picture of the program after each
 * pass: <k>_ir_<pass>.dot for the k-th picture (k from 0), as PaddlePaddle
 * names them, in the PD_ConfigSetOptimCacheDir directory or else the working
 * directory. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSwitchIrDebug(PD_Config* pd_config, PD_Bool x);
/* Where PD_ConfigSwitchIrDebug's pictures go (copied). FALSE on a NULL argument. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetOptimCacheDir(PD_Config* pd_config,
                                                     const char* opt_cache_dir);
/* The model from memory: the bytes of a .pdmodel and of its .pdiparams, copied
 * (params_buffer may be NULL when params_buffer_size is 0). Replaces any model
 * paths. Corrupt bytes make PD_PredictorCreate fail with INVALID_MODEL, as a
 * corrupt file does. FALSE (INVALID_ARGUMENT) on a NULL or empty program. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetModelBuffer(PD_Config* pd_config, const char* prog_buffer,
                                                   size_t prog_buffer_size,
                                                   const char* params_buffer,
                                                   size_t params_buffer_size);
/* Whether the model comes from PD_ConfigSetModelBuffer. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigModelFromMemory(PD_Config* pd_config);
/* Accepted for compatibility: temporaries are always freed after their last
 * reader, and their memory planned at load. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableMemoryOptim(PD_Config* pd_config, PD_Bool x);
/* What PD_ConfigEnableMemoryOptim last set; FALSE by default. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigMemoryOptimEnabled(PD_Config* pd_config);
/* Threads the math libraries use inside one op, in [1, 1024]; anything else
 * is INVALID_ARGUMENT and leaves the setting as it was. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetCpuMathLibraryNumThreads(
    PD_Config* pd_config, int32_t cpu_math_library_num_threads);
/* The thread count; 0 (and an error) on a NULL config. */
PADDLE_CAPI_EXPORT int32_t PD_ConfigGetCpuMathLibraryNumThreads(PD_Config* pd_config);
/* Accepted for compatibility: float GEMMs always run on oneDNN. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableMKLDNN(PD_Config* pd_config);
/* Whether PD_ConfigEnableMKLDNN was called. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigMkldnnEnabled(PD_Config* pd_config);
/* This is a CPU build: DisableGpu is accepted, PD_ConfigUseGpu is FALSE. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigDisableGpu(PD_Config* pd_config);
/* Always FALSE: this is a CPU build. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseGpu(PD_Config* pd_config);
/* Accepted for compatibility: the predictor logs nothing. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigDisableGlogInfo(PD_Config* pd_config);
/* Whether PD_ConfigDisableGlogInfo was called. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigGlogInfoDisabled(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: the predictor has no profiler. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableProfile(PD_Config* pd_config);
/* Whether PD_ConfigEnableProfile was called. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigProfileEnabled(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: this is a CPU build, so
 * PD_ConfigUseGpu stays FALSE. The size and device are kept for
 * PD_ConfigMemoryPoolInitSizeMb and PD_ConfigGpuDeviceId. FALSE
 * (INVALID_ARGUMENT) for a negative device_id or an unknown precision. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableUseGpu(PD_Config* pd_config,
                                                 uint64_t memory_pool_init_size_mb,
                                                 int32_t device_id,
                                                 PD_PrecisionType precision_mode);
/* The device_id given to PD_ConfigEnableUseGpu; 0 by default. */
PADDLE_CAPI_EXPORT int32_t PD_ConfigGpuDeviceId(PD_Config* pd_config);
/* The pool size given to PD_ConfigEnableUseGpu; 0 by default. */
PADDLE_CAPI_EXPORT int32_t PD_ConfigMemoryPoolInitSizeMb(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: there is no XPU backend.
 * The strings may be NULL (read as ""). */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableXpu(PD_Config* pd_config, int32_t l3_workspace_size,
                                              PD_Bool locked, PD_Bool autotune,
                                              const char* autotune_file, const char* precision,
                                              PD_Bool adaptive_seqlen,
                                              PD_Bool enable_multi_stream);
/* Always FALSE: there is no XPU backend. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigUseXpu(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: there is no TensorRT
 * backend. FALSE (INVALID_ARGUMENT) for an unknown precision. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableTensorRtEngine(PD_Config* pd_config,
                                                         int64_t workspace_size,
                                                         int32_t max_batch_size,
                                                         int32_t min_subgraph_size,
                                                         PD_PrecisionType precision,
                                                         PD_Bool use_static,
                                                         PD_Bool use_calib_mode);
/* Always FALSE: there is no TensorRT backend. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigTensorRtEngineEnabled(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: no bfloat16 kernels. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableMkldnnBfloat16(PD_Config* pd_config);
/* Accepted and listed by PD_ConfigSummary as ignored: the kernels cache their
 * oneDNN primitives themselves. FALSE (INVALID_ARGUMENT) for a negative capacity. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigSetMkldnnCacheCapacity(PD_Config* pd_config,
                                                           int32_t capacity);
/* Accepted and listed by PD_ConfigSummary as ignored: no ONNX Runtime backend. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigEnableONNXRuntime(PD_Config* pd_config);
/* Undoes PD_ConfigEnableONNXRuntime. */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigDisableONNXRuntime(PD_Config* pd_config);
/* Whether PD_ConfigEnableONNXRuntime was called (the model still runs on paddle's kernels). */
PADDLE_CAPI_EXPORT PD_Bool PD_ConfigONNXRuntimeEnabled(PD_Config* pd_config);
/* Returns a new string (free with PD_CstrDestroy): the settings, one a line.
 * NULL on error. */
PADDLE_CAPI_EXPORT PD_Cstr* PD_ConfigSummary(PD_Config* pd_config);

/* ---- predictor ---- */

/* Loads the model the config names. Always takes the config, as
 * PaddlePaddle's does: it is destroyed here, on success and on failure alike,
 * and must not be used or destroyed afterwards. Returns a new predictor
 * (destroy with PD_PredictorDestroy), or NULL: a NULL config, a missing model
 * file (NOT_FOUND), a corrupt one (INVALID_MODEL). */
PADDLE_CAPI_EXPORT PD_Predictor* PD_PredictorCreate(PD_Config* pd_config);
/* Returns a new predictor sharing this one's weights, with its own inputs,
 * outputs and temporaries (one per thread); NULL on error. */
PADDLE_CAPI_EXPORT PD_Predictor* PD_PredictorClone(PD_Predictor* pd_predictor);
/* Returns a new array (free with PD_OneDimArrayCstrDestroy) of the input
 * names, in the model's feed order; NULL on error. */
PADDLE_CAPI_EXPORT PD_OneDimArrayCstr* PD_PredictorGetInputNames(PD_Predictor* pd_predictor);
/* As PD_PredictorGetInputNames, for the outputs, in fetch order. */
PADDLE_CAPI_EXPORT PD_OneDimArrayCstr* PD_PredictorGetOutputNames(PD_Predictor* pd_predictor);
/* The number of inputs; 0 (and an error) on a NULL predictor. */
PADDLE_CAPI_EXPORT size_t PD_PredictorGetInputNum(PD_Predictor* pd_predictor);
/* The number of outputs; 0 (and an error) on a NULL predictor. */
PADDLE_CAPI_EXPORT size_t PD_PredictorGetOutputNum(PD_Predictor* pd_predictor);
/* Returns a new handle (free with PD_TensorDestroy) on the named input or
 * output; NULL (NOT_FOUND, naming the model's inputs) for an unknown name.
 * A handle keeps what it reads alive: it may outlive its predictor. */
PADDLE_CAPI_EXPORT PD_Tensor* PD_PredictorGetInputHandle(PD_Predictor* pd_predictor,
                                                        const char* name);
/* As PD_PredictorGetInputHandle, for a named output. */
PADDLE_CAPI_EXPORT PD_Tensor* PD_PredictorGetOutputHandle(PD_Predictor* pd_predictor,
                                                         const char* name);
/* Runs the model on the inputs set through the handles. FALSE on error:
 * an input not set (PRECONDITION_NOT_MET), a failing op (named). */
PADDLE_CAPI_EXPORT PD_Bool PD_PredictorRun(PD_Predictor* pd_predictor);
/* Frees the temporaries' buffers kept between runs (the next run allocates
 * them again); inputs and outputs keep their data. */
PADDLE_CAPI_EXPORT PD_Bool PD_PredictorClearIntermediateTensor(PD_Predictor* pd_predictor);
/* PD_PredictorClearIntermediateTensor, then returns cached, unused memory to
 * the system. Returns the bytes returned (0 on error: check the error code). */
PADDLE_CAPI_EXPORT uint64_t PD_PredictorTryShrinkMemory(PD_Predictor* pd_predictor);
/* Frees a predictor (its handles stay valid). */
PADDLE_CAPI_EXPORT void PD_PredictorDestroy(PD_Predictor* pd_predictor);

/* ---- tensor handles ---- */

/* Frees a handle (not the tensor it names). */
PADDLE_CAPI_EXPORT void PD_TensorDestroy(PD_Tensor* pd_tensor);
/* Sets an input's shape (shape_size dims); the data comes with
 * PD_TensorCopyFromCpu* or PD_TensorMutableData*. INVALID_ARGUMENT when the
 * shape does not fit the model's declaration (-1 dims take any size). */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorReshape(PD_Tensor* pd_tensor, size_t shape_size,
                                            const int32_t* shape);
/* Copies the input's element count of values in, from `data` (kept by the
 * caller). INVALID_ARGUMENT when the type is not the input's. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuFloat(PD_Tensor* pd_tensor, const float* data);
/* As PD_TensorCopyFromCpuFloat, for int64_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuInt64(PD_Tensor* pd_tensor, const int64_t* data);
/* As PD_TensorCopyFromCpuFloat, for int32_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuInt32(PD_Tensor* pd_tensor, const int32_t* data);
/* As PD_TensorCopyFromCpuFloat, for uint8_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuUint8(PD_Tensor* pd_tensor, const uint8_t* data);
/* As PD_TensorCopyFromCpuFloat, for int8_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuInt8(PD_Tensor* pd_tensor, const int8_t* data);
/* As PD_TensorCopyFromCpuFloat, for double. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyFromCpuFloat64(PD_Tensor* pd_tensor, const double* data);
/* Copies the tensor's element count of values out, into `data` (the caller's,
 * sized from PD_TensorGetShape). PRECONDITION_NOT_MET before a run,
 * INVALID_ARGUMENT when the type is not the tensor's. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuFloat(PD_Tensor* pd_tensor, float* data);
/* As PD_TensorCopyToCpuFloat, for int64_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuInt64(PD_Tensor* pd_tensor, int64_t* data);
/* As PD_TensorCopyToCpuFloat, for int32_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuInt32(PD_Tensor* pd_tensor, int32_t* data);
/* As PD_TensorCopyToCpuFloat, for uint8_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuUint8(PD_Tensor* pd_tensor, uint8_t* data);
/* As PD_TensorCopyToCpuFloat, for int8_t. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuInt8(PD_Tensor* pd_tensor, int8_t* data);
/* As PD_TensorCopyToCpuFloat, for double. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorCopyToCpuFloat64(PD_Tensor* pd_tensor, double* data);
/* Zero copy in: borrowed, the input's own buffer for its element count, to
 * fill before PD_PredictorRun (Reshape first). Valid until the next Reshape
 * or copy into this input. NULL on error (wrong type, unknown dims, a place
 * other than PD_PLACE_CPU). */
PADDLE_CAPI_EXPORT float* PD_TensorMutableDataFloat(PD_Tensor* pd_tensor, PD_PlaceType place);
/* As PD_TensorMutableDataFloat, for int64_t. */
PADDLE_CAPI_EXPORT int64_t* PD_TensorMutableDataInt64(PD_Tensor* pd_tensor, PD_PlaceType place);
/* As PD_TensorMutableDataFloat, for int32_t. */
PADDLE_CAPI_EXPORT int32_t* PD_TensorMutableDataInt32(PD_Tensor* pd_tensor, PD_PlaceType place);
/* As PD_TensorMutableDataFloat, for uint8_t. */
PADDLE_CAPI_EXPORT uint8_t* PD_TensorMutableDataUint8(PD_Tensor* pd_tensor, PD_PlaceType place);
/* As PD_TensorMutableDataFloat, for int8_t. */
PADDLE_CAPI_EXPORT int8_t* PD_TensorMutableDataInt8(PD_Tensor* pd_tensor, PD_PlaceType place);
/* Zero copy out: borrowed, the tensor's data; *place gets PD_PLACE_CPU and
 * *size the element count (either may be NULL). Valid until the next run,
 * ClearIntermediateTensor or TryShrinkMemory. NULL on error. */
PADDLE_CAPI_EXPORT float* PD_TensorDataFloat(PD_Tensor* pd_tensor, PD_PlaceType* place,
                                             int32_t* size);
/* As PD_TensorDataFloat, for int64_t. */
PADDLE_CAPI_EXPORT int64_t* PD_TensorDataInt64(PD_Tensor* pd_tensor, PD_PlaceType* place,
                                               int32_t* size);
/* As PD_TensorDataFloat, for int32_t. */
PADDLE_CAPI_EXPORT int32_t* PD_TensorDataInt32(PD_Tensor* pd_tensor, PD_PlaceType* place,
                                               int32_t* size);
/* As PD_TensorDataFloat, for uint8_t. */
PADDLE_CAPI_EXPORT uint8_t* PD_TensorDataUint8(PD_Tensor* pd_tensor, PD_PlaceType* place,
                                               int32_t* size);
/* As PD_TensorDataFloat, for int8_t. */
PADDLE_CAPI_EXPORT int8_t* PD_TensorDataInt8(PD_Tensor* pd_tensor, PD_PlaceType* place,
                                             int32_t* size);
/* Returns a new array (free with PD_OneDimArrayInt32Destroy): the shape (an
 * input's as set or declared, -1 for unknown dims; an output's once run).
 * NULL on error. */
PADDLE_CAPI_EXPORT PD_OneDimArrayInt32* PD_TensorGetShape(PD_Tensor* pd_tensor);
/* The element type; PD_DATA_UNK on error. */
PADDLE_CAPI_EXPORT PD_DataType PD_TensorGetDataType(PD_Tensor* pd_tensor);
/* Borrowed from the handle, valid until it is destroyed: the tensor's name.
 * NULL on a NULL handle. */
PADDLE_CAPI_EXPORT const char* PD_TensorGetName(PD_Tensor* pd_tensor);
/* Sets an input's LoD (level-of-detail offsets); `lod` stays the caller's. */
PADDLE_CAPI_EXPORT PD_Bool PD_TensorSetLod(PD_Tensor* pd_tensor, PD_TwoDimArraySize* lod);
/* Returns a new LoD (free with PD_TwoDimArraySizeDestroy), size 0 when none;
 * NULL on error. */
PADDLE_CAPI_EXPORT PD_TwoDimArraySize* PD_TensorGetLod(PD_Tensor* pd_tensor);

/* ---- freeing what the functions above return ---- */

/* Frees a PD_OneDimArrayInt32 and its elements. */
PADDLE_CAPI_EXPORT void PD_OneDimArrayInt32Destroy(PD_OneDimArrayInt32* array);
/* Frees a PD_OneDimArrayInt64 and its elements. */
PADDLE_CAPI_EXPORT void PD_OneDimArrayInt64Destroy(PD_OneDimArrayInt64* array);
/* Frees a PD_OneDimArraySize and its elements. */
PADDLE_CAPI_EXPORT void PD_OneDimArraySizeDestroy(PD_OneDimArraySize* array);
/* Frees a PD_OneDimArrayCstr and its strings. */
PADDLE_CAPI_EXPORT void PD_OneDimArrayCstrDestroy(PD_OneDimArrayCstr* array);
/* Frees a PD_TwoDimArraySize and its levels. */
PADDLE_CAPI_EXPORT void PD_TwoDimArraySizeDestroy(PD_TwoDimArraySize* array);
/* Frees a PD_Cstr and its text. */
PADDLE_CAPI_EXPORT void PD_CstrDestroy(PD_Cstr* cstr);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PADDLE_CAPI_PD_INFERENCE_API_H_ */
