/* The JNI side of com.baidu.paddle.inference: each native method calls the C
 * API (pd_inference_api.h) and turns its last error into a PaddleException.
 *
 * The Java classes own the handles (long) and never pass a closed one: they
 * check before calling, under their own lock. Every native method is an
 * instance method, so the Java object stays reachable (and its Cleaner idle)
 * for the whole call. Buffers are checked here against the tensor's element
 * count and type before the C API reads or writes them, since the C API
 * trusts the caller's buffer size. */
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pd_inference_api.h"

#define JNI_FN(cls, name) JNIEXPORT __attribute__((visibility("default"))) \
  Java_com_baidu_paddle_inference_##cls##_##name

static jclass g_exception_class;     /* PaddleException, a global reference */
static jmethodID g_exception_ctor;   /* PaddleException(int code, String message) */

JNIEXPORT __attribute__((visibility("default"))) jint JNI_OnLoad(JavaVM* vm, void* reserved) {
  JNIEnv* env;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
  jclass local = (*env)->FindClass(env, "com/baidu/paddle/inference/PaddleException");
  if (!local) return JNI_ERR;
  g_exception_class = (jclass)(*env)->NewGlobalRef(env, local);
  (*env)->DeleteLocalRef(env, local);
  g_exception_ctor = (*env)->GetMethodID(env, g_exception_class, "<init>", "(ILjava/lang/String;)V");
  return g_exception_ctor ? JNI_VERSION_1_8 : JNI_ERR;
}

/* Throws PaddleException(code, message) unless an exception is pending. */
static void throw_paddle(JNIEnv* env, PD_ErrorCode code, const char* message) {
  if ((*env)->ExceptionCheck(env)) return;
  jstring text = (*env)->NewStringUTF(env, message ? message : "");
  if (!text) return; /* OutOfMemoryError is pending */
  jobject error = (*env)->NewObject(env, g_exception_class, g_exception_ctor, (jint)code, text);
  if (error) (*env)->Throw(env, (jthrowable)error);
}

/* After a C API call: throws the last error when the call failed. Returns
 * nonzero when it threw. */
static int check(JNIEnv* env) {
  PD_ErrorCode code = PD_GetLastErrorCode();
  if (code == PD_ERR_OK) return 0;
  throw_paddle(env, code, PD_GetLastErrorMessage());
  return 1;
}

/* A Java string as modified UTF-8, released by release_utf. NULL (with an
 * exception pending) when out of memory; a null string stays NULL and the C
 * API reports it as an invalid argument. */
static const char* utf(JNIEnv* env, jstring s) {
  return s ? (*env)->GetStringUTFChars(env, s, NULL) : NULL;
}
static void release_utf(JNIEnv* env, jstring s, const char* chars) {
  if (s && chars) (*env)->ReleaseStringUTFChars(env, s, chars);
}

/* A borrowed C string as a Java one (null for NULL). */
static jstring java_string(JNIEnv* env, const char* s) {
  return s ? (*env)->NewStringUTF(env, s) : NULL;
}

/* A C API call's boolean / borrowed string result for Java: false / null once it threw. */
static jboolean bool_result(JNIEnv* env, PD_Bool value) {
  return !check(env) && value ? JNI_TRUE : JNI_FALSE;
}
static jstring string_result(JNIEnv* env, const char* value) {
  return check(env) ? NULL : java_string(env, value);
}

/* Consumes a C array of names: a Java String[] (null after an error). */
static jobjectArray string_array(JNIEnv* env, PD_OneDimArrayCstr* names) {
  if (check(env) || !names) return NULL;
  jclass string_class = (*env)->FindClass(env, "java/lang/String");
  jobjectArray out = string_class
      ? (*env)->NewObjectArray(env, (jsize)names->size, string_class, NULL) : NULL;
  for (size_t i = 0; out && i < names->size; ++i) {
    jstring s = (*env)->NewStringUTF(env, names->data[i]);
    if (!s) { out = NULL; break; }
    (*env)->SetObjectArrayElement(env, out, (jsize)i, s);
    (*env)->DeleteLocalRef(env, s);
  }
  PD_OneDimArrayCstrDestroy(names);
  return out;
}

#define CONFIG(h) ((PD_Config*)(intptr_t)(h))
#define PREDICTOR(h) ((PD_Predictor*)(intptr_t)(h))
#define TENSOR(h) ((PD_Tensor*)(intptr_t)(h))

/* ---- Config ---- */

/* A Config method that calls PD_Config<...>(config) and throws on failure. */
#define CONFIG_ACTION(method, c_function)                             \
  void JNI_FN(Config, method)(JNIEnv* env, jobject self, jlong h) { \
    c_function(CONFIG(h));                                            \
    check(env);                                                       \
  }
/* A Config method that returns PD_Config<...>(config) as a Java boolean. */
#define CONFIG_FLAG(method, c_function)                                   \
  jboolean JNI_FN(Config, method)(JNIEnv* env, jobject self, jlong h) { \
    return bool_result(env, c_function(CONFIG(h)));                       \
  }

jlong JNI_FN(Config, nCreate)(JNIEnv* env, jclass cls) {
  PD_Config* config = PD_ConfigCreate();
  if (!config) throw_paddle(env, PD_ERR_RESOURCE_EXHAUSTED, "[Config] out of memory");
  return (jlong)(intptr_t)config;
}

void JNI_FN(Config, nDestroy)(JNIEnv* env, jclass cls, jlong h) { PD_ConfigDestroy(CONFIG(h)); }

void JNI_FN(Config, nSetModel)(JNIEnv* env, jobject self, jlong h, jstring prog, jstring params) {
  const char* p = utf(env, prog);
  const char* q = utf(env, params);
  if (!(*env)->ExceptionCheck(env)) {
    PD_ConfigSetModel(CONFIG(h), p, q);
    check(env);
  }
  release_utf(env, prog, p);
  release_utf(env, params, q);
}

/* The setters that take one string. */
static void set_string(JNIEnv* env, jlong h, jstring value,
                       PD_Bool (*setter)(PD_Config*, const char*)) {
  const char* s = utf(env, value);
  if ((*env)->ExceptionCheck(env)) return;
  setter(CONFIG(h), s);
  check(env);
  release_utf(env, value, s);
}

void JNI_FN(Config, nSetModelDir)(JNIEnv* env, jobject self, jlong h, jstring dir) {
  set_string(env, h, dir, PD_ConfigSetModelDir);
}
void JNI_FN(Config, nSetProgFile)(JNIEnv* env, jobject self, jlong h, jstring file) {
  set_string(env, h, file, PD_ConfigSetProgFile);
}
void JNI_FN(Config, nSetParamsFile)(JNIEnv* env, jobject self, jlong h, jstring file) {
  set_string(env, h, file, PD_ConfigSetParamsFile);
}
void JNI_FN(Config, nDeletePass)(JNIEnv* env, jobject self, jlong h, jstring pass) {
  set_string(env, h, pass, PD_ConfigDeletePass);
}

jstring JNI_FN(Config, nGetModelDir)(JNIEnv* env, jobject self, jlong h) {
  return string_result(env, PD_ConfigGetModelDir(CONFIG(h)));
}
jstring JNI_FN(Config, nGetProgFile)(JNIEnv* env, jobject self, jlong h) {
  return string_result(env, PD_ConfigGetProgFile(CONFIG(h)));
}
jstring JNI_FN(Config, nGetParamsFile)(JNIEnv* env, jobject self, jlong h) {
  return string_result(env, PD_ConfigGetParamsFile(CONFIG(h)));
}

void JNI_FN(Config, nSwitchIrOptim)(JNIEnv* env, jobject self, jlong h, jboolean on) {
  PD_ConfigSwitchIrOptim(CONFIG(h), on ? TRUE : FALSE);
  check(env);
}
CONFIG_FLAG(nIrOptim, PD_ConfigIrOptim)
void JNI_FN(Config, nEnableMemoryOptim)(JNIEnv* env, jobject self, jlong h, jboolean on) {
  PD_ConfigEnableMemoryOptim(CONFIG(h), on ? TRUE : FALSE);
  check(env);
}
CONFIG_FLAG(nMemoryOptimEnabled, PD_ConfigMemoryOptimEnabled)
void JNI_FN(Config, nSetCpuMathLibraryNumThreads)(JNIEnv* env, jobject self, jlong h, jint n) {
  PD_ConfigSetCpuMathLibraryNumThreads(CONFIG(h), (int32_t)n);
  check(env);
}
jint JNI_FN(Config, nGetCpuMathLibraryNumThreads)(JNIEnv* env, jobject self, jlong h) {
  int32_t n = PD_ConfigGetCpuMathLibraryNumThreads(CONFIG(h));
  return check(env) ? 0 : (jint)n;
}
CONFIG_ACTION(nEnableMKLDNN, PD_ConfigEnableMKLDNN)
CONFIG_FLAG(nMkldnnEnabled, PD_ConfigMkldnnEnabled)
CONFIG_ACTION(nDisableGpu, PD_ConfigDisableGpu)
CONFIG_FLAG(nUseGpu, PD_ConfigUseGpu)
CONFIG_ACTION(nDisableGlogInfo, PD_ConfigDisableGlogInfo)
CONFIG_FLAG(nGlogInfoDisabled, PD_ConfigGlogInfoDisabled)
jstring JNI_FN(Config, nSummary)(JNIEnv* env, jobject self, jlong h) {
  PD_Cstr* s = PD_ConfigSummary(CONFIG(h));
  if (check(env)) return NULL;
  jstring out = java_string(env, s && s->data ? s->data : "");
  PD_CstrDestroy(s);
  return out;
}

/* The model from memory: the C API copies the bytes, so the arrays are
 * released (unchanged) right after. A null array is the C API's invalid argument. */
void JNI_FN(Config, nSetModelBuffer)(JNIEnv* env, jobject self, jlong h, jbyteArray prog,
                                     jbyteArray params) {
  jbyte* p = prog ? (*env)->GetByteArrayElements(env, prog, NULL) : NULL;
  jbyte* q = params ? (*env)->GetByteArrayElements(env, params, NULL) : NULL;
  if (!(*env)->ExceptionCheck(env)) {
    PD_ConfigSetModelBuffer(CONFIG(h), (const char*)p,
                            prog ? (size_t)(*env)->GetArrayLength(env, prog) : 0,
                            (const char*)q,
                            params ? (size_t)(*env)->GetArrayLength(env, params) : 0);
    check(env);
  }
  if (p) (*env)->ReleaseByteArrayElements(env, prog, p, JNI_ABORT);
  if (q) (*env)->ReleaseByteArrayElements(env, params, q, JNI_ABORT);
}
CONFIG_FLAG(nModelFromMemory, PD_ConfigModelFromMemory)
void JNI_FN(Config, nSwitchIrDebug)(JNIEnv* env, jobject self, jlong h, jboolean on) {
  PD_ConfigSwitchIrDebug(CONFIG(h), on ? TRUE : FALSE);
  check(env);
}
void JNI_FN(Config, nSetOptimCacheDir)(JNIEnv* env, jobject self, jlong h, jstring dir) {
  set_string(env, h, dir, PD_ConfigSetOptimCacheDir);
}
void JNI_FN(Config, nAppendPass)(JNIEnv* env, jobject self, jlong h, jstring pass) {
  set_string(env, h, pass, PD_ConfigAppendPass);
}
void JNI_FN(Config, nInsertPass)(JNIEnv* env, jobject self, jlong h, jint idx, jstring pass) {
  const char* s = utf(env, pass);
  if ((*env)->ExceptionCheck(env)) return;
  PD_ConfigInsertPass(CONFIG(h), (size_t)idx, s);
  check(env);
  release_utf(env, pass, s);
}
jobjectArray JNI_FN(Config, nAllPasses)(JNIEnv* env, jobject self, jlong h) {
  return string_array(env, PD_ConfigAllPasses(CONFIG(h)));
}
CONFIG_ACTION(nEnableProfile, PD_ConfigEnableProfile)
CONFIG_FLAG(nProfileEnabled, PD_ConfigProfileEnabled)
void JNI_FN(Config, nEnableUseGpu)(JNIEnv* env, jobject self, jlong h, jlong pool_mb,
                                   jint device_id) {
  PD_ConfigEnableUseGpu(CONFIG(h), (uint64_t)pool_mb, (int32_t)device_id, PD_PRECISION_FLOAT32);
  check(env);
}
jint JNI_FN(Config, nGpuDeviceId)(JNIEnv* env, jobject self, jlong h) {
  int32_t n = PD_ConfigGpuDeviceId(CONFIG(h));
  return check(env) ? 0 : (jint)n;
}
jint JNI_FN(Config, nMemoryPoolInitSizeMb)(JNIEnv* env, jobject self, jlong h) {
  int32_t n = PD_ConfigMemoryPoolInitSizeMb(CONFIG(h));
  return check(env) ? 0 : (jint)n;
}
CONFIG_ACTION(nEnableMkldnnBfloat16, PD_ConfigEnableMkldnnBfloat16)
void JNI_FN(Config, nSetMkldnnCacheCapacity)(JNIEnv* env, jobject self, jlong h, jint capacity) {
  PD_ConfigSetMkldnnCacheCapacity(CONFIG(h), (int32_t)capacity);
  check(env);
}
CONFIG_ACTION(nEnableONNXRuntime, PD_ConfigEnableONNXRuntime)
CONFIG_ACTION(nDisableONNXRuntime, PD_ConfigDisableONNXRuntime)
CONFIG_FLAG(nONNXRuntimeEnabled, PD_ConfigONNXRuntimeEnabled)

/* ---- Predictor ---- */

/* Takes the config, as PD_PredictorCreate does, on failure too. */
jlong JNI_FN(Predictor, nCreate)(JNIEnv* env, jclass cls, jlong config) {
  PD_Predictor* p = PD_PredictorCreate(CONFIG(config));
  check(env);
  return (jlong)(intptr_t)p;
}
jlong JNI_FN(Predictor, nClone)(JNIEnv* env, jobject self, jlong h) {
  PD_Predictor* p = PD_PredictorClone(PREDICTOR(h));
  check(env);
  return (jlong)(intptr_t)p;
}
void JNI_FN(Predictor, nDestroy)(JNIEnv* env, jclass cls, jlong h) {
  PD_PredictorDestroy(PREDICTOR(h));
}
jobjectArray JNI_FN(Predictor, nGetInputNames)(JNIEnv* env, jobject self, jlong h) {
  return string_array(env, PD_PredictorGetInputNames(PREDICTOR(h)));
}
jobjectArray JNI_FN(Predictor, nGetOutputNames)(JNIEnv* env, jobject self, jlong h) {
  return string_array(env, PD_PredictorGetOutputNames(PREDICTOR(h)));
}

static jlong handle_by_name(JNIEnv* env, jlong h, jstring name,
                            PD_Tensor* (*get)(PD_Predictor*, const char*)) {
  const char* s = utf(env, name);
  if ((*env)->ExceptionCheck(env)) return 0;
  PD_Tensor* t = get(PREDICTOR(h), s);
  check(env);
  release_utf(env, name, s);
  return (jlong)(intptr_t)t;
}
jlong JNI_FN(Predictor, nGetInputHandle)(JNIEnv* env, jobject self, jlong h, jstring name) {
  return handle_by_name(env, h, name, PD_PredictorGetInputHandle);
}
jlong JNI_FN(Predictor, nGetOutputHandle)(JNIEnv* env, jobject self, jlong h, jstring name) {
  return handle_by_name(env, h, name, PD_PredictorGetOutputHandle);
}
void JNI_FN(Predictor, nRun)(JNIEnv* env, jobject self, jlong h) {
  PD_PredictorRun(PREDICTOR(h));
  check(env);
}
void JNI_FN(Predictor, nClearIntermediateTensor)(JNIEnv* env, jobject self, jlong h) {
  PD_PredictorClearIntermediateTensor(PREDICTOR(h));
  check(env);
}
jlong JNI_FN(Predictor, nTryShrinkMemory)(JNIEnv* env, jobject self, jlong h) {
  uint64_t bytes = PD_PredictorTryShrinkMemory(PREDICTOR(h));
  return check(env) ? 0 : (jlong)bytes;
}
jstring JNI_FN(Predictor, nGetVersion)(JNIEnv* env, jclass cls) {
  return java_string(env, PD_GetVersion());
}

/* ---- Tensor ---- */

void JNI_FN(Tensor, nDestroy)(JNIEnv* env, jclass cls, jlong h) { PD_TensorDestroy(TENSOR(h)); }

void JNI_FN(Tensor, nReshape)(JNIEnv* env, jobject self, jlong h, jintArray shape) {
  jsize n = (*env)->GetArrayLength(env, shape);
  jint* dims = (*env)->GetIntArrayElements(env, shape, NULL);
  if (!dims) return;
  /* jint is int32_t on every JNI platform. */
  PD_TensorReshape(TENSOR(h), (size_t)n, (const int32_t*)dims);
  (*env)->ReleaseIntArrayElements(env, shape, dims, JNI_ABORT);
  check(env);
}

jintArray JNI_FN(Tensor, nGetShape)(JNIEnv* env, jobject self, jlong h) {
  PD_OneDimArrayInt32* shape = PD_TensorGetShape(TENSOR(h));
  if (check(env) || !shape) return NULL;
  jintArray out = (*env)->NewIntArray(env, (jsize)shape->size);
  if (out) (*env)->SetIntArrayRegion(env, out, 0, (jsize)shape->size, (const jint*)shape->data);
  PD_OneDimArrayInt32Destroy(shape);
  return out;
}

jint JNI_FN(Tensor, nGetDataType)(JNIEnv* env, jobject self, jlong h) {
  PD_DataType t = PD_TensorGetDataType(TENSOR(h));
  check(env);
  return (jint)t;
}

jstring JNI_FN(Tensor, nGetName)(JNIEnv* env, jobject self, jlong h) {
  return string_result(env, PD_TensorGetName(TENSOR(h)));
}

static const char* dtype_name(PD_DataType t) {
  switch (t) {
    case PD_DATA_FLOAT32: return "float32";
    case PD_DATA_INT32: return "int32";
    case PD_DATA_INT64: return "int64";
    case PD_DATA_UINT8: return "uint8";
    case PD_DATA_INT8: return "int8";
    case PD_DATA_FLOAT64: return "float64";
    case PD_DATA_BOOL: return "bool";
    case PD_DATA_FLOAT16: return "float16";
    case PD_DATA_BFLOAT16: return "bfloat16";
    default: return "unknown";
  }
}

/* Checks that a Java array of `length` `java_type` values fits the tensor
 * for a copy (`to_cpu`: out of it). Returns the tensor's dtype, or
 * PD_DATA_UNK with a PaddleException thrown. */
static PD_DataType check_buffer(JNIEnv* env, jlong h, jsize length, const char* java_type,
                                int to_cpu) {
  const char* what = to_cpu ? "[Tensor.copyToCpu]" : "[Tensor.copyFromCpu]";
  char message[512];
  PD_DataType dtype = PD_TensorGetDataType(TENSOR(h));
  if (check(env)) return PD_DATA_UNK;
  int fits;
  switch (dtype) {
    case PD_DATA_FLOAT32: fits = !strcmp(java_type, "float[]"); break;
    case PD_DATA_FLOAT64: fits = !strcmp(java_type, "double[]"); break;
    case PD_DATA_INT32: fits = !strcmp(java_type, "int[]"); break;
    case PD_DATA_INT64: fits = !strcmp(java_type, "long[]"); break;
    case PD_DATA_UINT8: case PD_DATA_INT8: fits = !strcmp(java_type, "byte[]"); break;
    default: fits = 0;
  }
  const char* name = PD_TensorGetName(TENSOR(h));
  if (!fits) {
    snprintf(message, sizeof message, "%s tensor '%s' holds %s, got a Java %s", what,
             name ? name : "", dtype_name(dtype), java_type);
    throw_paddle(env, PD_ERR_INVALID_ARGUMENT, message);
    return PD_DATA_UNK;
  }
  PD_OneDimArrayInt32* shape = PD_TensorGetShape(TENSOR(h));
  if (check(env) || !shape) return PD_DATA_UNK;
  int64_t numel = 1;
  int unknown = 0;
  for (size_t i = 0; i < shape->size; ++i) {
    if (shape->data[i] < 0) unknown = 1;
    else numel *= shape->data[i];
  }
  PD_OneDimArrayInt32Destroy(shape);
  if (unknown) {
    snprintf(message, sizeof message, "%s tensor '%s' has unknown dims: %s first", what,
             name ? name : "", to_cpu ? "run the predictor" : "reshape it");
    throw_paddle(env, PD_ERR_PRECONDITION_NOT_MET, message);
    return PD_DATA_UNK;
  }
  if (to_cpu ? (int64_t)length < numel : (int64_t)length != numel) {
    snprintf(message, sizeof message, "%s tensor '%s' has %lld values, got a %s of length %d",
             what, name ? name : "", (long long)numel, java_type, (int)length);
    throw_paddle(env, PD_ERR_INVALID_ARGUMENT, message);
    return PD_DATA_UNK;
  }
  return dtype;
}

/* One copy in or out for each Java array type. The array is pinned for the
 * copy (a critical region: nothing but the C API's copy runs inside it), so
 * no intermediate buffer is made; it is written back only when data came out. */
#define COPY_FUNCTIONS(JType, JArray, java_name, IN, OUT)                                   \
  void JNI_FN(Tensor, nCopyFromCpu##JType)(JNIEnv* env, jobject self, jlong h, JArray a) { \
    PD_DataType dtype = check_buffer(env, h, (*env)->GetArrayLength(env, a), java_name, 0); \
    if (dtype == PD_DATA_UNK) return;                                                       \
    void* data = (*env)->GetPrimitiveArrayCritical(env, a, NULL);                           \
    if (!data) return;                                                                      \
    IN;                                                                                     \
    (*env)->ReleasePrimitiveArrayCritical(env, a, data, JNI_ABORT);                         \
    check(env);                                                                             \
  }                                                                                         \
  void JNI_FN(Tensor, nCopyToCpu##JType)(JNIEnv* env, jobject self, jlong h, JArray a) {   \
    PD_DataType dtype = check_buffer(env, h, (*env)->GetArrayLength(env, a), java_name, 1); \
    if (dtype == PD_DATA_UNK) return;                                                       \
    void* data = (*env)->GetPrimitiveArrayCritical(env, a, NULL);                           \
    if (!data) return;                                                                      \
    PD_Bool ok = OUT;                                                                       \
    (*env)->ReleasePrimitiveArrayCritical(env, a, data, ok ? 0 : JNI_ABORT);                \
    check(env);                                                                             \
  }

COPY_FUNCTIONS(Float, jfloatArray, "float[]",
               PD_TensorCopyFromCpuFloat(TENSOR(h), (const float*)data),
               PD_TensorCopyToCpuFloat(TENSOR(h), (float*)data))
COPY_FUNCTIONS(Double, jdoubleArray, "double[]",
               PD_TensorCopyFromCpuFloat64(TENSOR(h), (const double*)data),
               PD_TensorCopyToCpuFloat64(TENSOR(h), (double*)data))
COPY_FUNCTIONS(Int, jintArray, "int[]",
               PD_TensorCopyFromCpuInt32(TENSOR(h), (const int32_t*)data),
               PD_TensorCopyToCpuInt32(TENSOR(h), (int32_t*)data))
COPY_FUNCTIONS(Long, jlongArray, "long[]",
               PD_TensorCopyFromCpuInt64(TENSOR(h), (const int64_t*)data),
               PD_TensorCopyToCpuInt64(TENSOR(h), (int64_t*)data))
/* byte[] carries uint8 or int8, whichever the tensor holds. */
COPY_FUNCTIONS(Byte, jbyteArray, "byte[]",
               (dtype == PD_DATA_UINT8
                    ? PD_TensorCopyFromCpuUint8(TENSOR(h), (const uint8_t*)data)
                    : PD_TensorCopyFromCpuInt8(TENSOR(h), (const int8_t*)data)),
               (dtype == PD_DATA_UINT8 ? PD_TensorCopyToCpuUint8(TENSOR(h), (uint8_t*)data)
                                       : PD_TensorCopyToCpuInt8(TENSOR(h), (int8_t*)data)))
