package com.baidu.paddle.inference;

import java.util.Objects;

/**
 * Which model to load and how to run it (the C API's {@code PD_Config}). A config is used by one
 * predictor: {@link Predictor#create(Config)} takes its native memory, after which the config
 * is closed. Close a config that never made a predictor (try-with-resources does; closing a used
 * one is harmless).
 *
 * <pre>{@code
 * try (Config config = new Config()) {
 *   config.setModel("model.pdmodel", "model.pdiparams");
 *   try (Predictor predictor = Predictor.create(config)) { ... }
 * }
 * }</pre>
 *
 * <p>Switches this CPU build does not implement (GPU, profiling, bfloat16, ONNX Runtime) are
 * accepted, change nothing in how the model runs, and are listed by {@link #summary()} as ignored;
 * {@link #useGpu()} stays false.
 */
public class Config extends NativeResource {
  static {
    NativeLibrary.load();
  }

  /**
   * An empty config: name the model with {@link #setModel(String, String)} or
   * {@link #setModelDir(String)}.
   */
  public Config() {
    super("Config", nCreate(), Config::nDestroy);
  }

  /** A config for the program file and its parameters file. */
  public Config(String modelFile, String paramsFile) {
    this();
    setModel(modelFile, paramsFile);
  }

  /** A config for a model folder (see {@link #setModelDir(String)}). */
  public Config(String modelDir) {
    this();
    setModelDir(modelDir);
  }

  /** Whether the config can still make a predictor (not closed, not used). */
  public boolean isValid() {
    return !isClosed();
  }

  // ---- the model ----

  /** The program ({@code .pdmodel}) and parameters ({@code .pdiparams}) files, opened by the predictor. */
  public synchronized void setModel(String modelFile, String paramsFile) {
    nSetModel(handle(), Objects.requireNonNull(modelFile, "modelFile"),
        Objects.requireNonNull(paramsFile, "paramsFile"));
  }

  /**
   * The model from memory: the bytes of a {@code .pdmodel} and of its {@code .pdiparams} (copied;
   * an empty params array for a model without parameters). Replaces any model files. Corrupt bytes
   * make {@link Predictor#create(Config)} throw {@link PaddleException} ({@code INVALID_MODEL}), as a
   * corrupt file does.
   */
  public synchronized void setModelBuffer(byte[] progBuffer, byte[] paramsBuffer) {
    nSetModelBuffer(handle(), Objects.requireNonNull(progBuffer, "progBuffer"),
        Objects.requireNonNull(paramsBuffer, "paramsBuffer"));
  }

  /** Whether the model comes from {@link #setModelBuffer(byte[], byte[])}. */
  public synchronized boolean modelFromMemory() {
    return nModelFromMemory(handle());
  }

  /** A folder holding inference.pdmodel/.pdiparams, model.pdmodel/.pdiparams or __model__/__params__. */
  public synchronized void setModelDir(String modelDir) {
    nSetModelDir(handle(), Objects.requireNonNull(modelDir, "modelDir"));
  }

  /** Only the program file ({@code .pdmodel}). */
  public synchronized void setProgFile(String progFile) {
    nSetProgFile(handle(), Objects.requireNonNull(progFile, "progFile"));
  }

  /** Only the parameters file ({@code .pdiparams}). */
  public synchronized void setParamsFile(String paramsFile) {
    nSetParamsFile(handle(), Objects.requireNonNull(paramsFile, "paramsFile"));
  }

  /** The model folder, "" when unset. */
  public synchronized String getModelDir() {
    return nGetModelDir(handle());
  }

  /** The program file that will be loaded (resolved from the folder when only that is set). */
  public synchronized String getProgFile() {
    return nGetProgFile(handle());
  }

  /** The parameters file that will be loaded (resolved from the folder when only that is set). */
  public synchronized String getParamsFile() {
    return nGetParamsFile(handle());
  }

  // ---- passes and memory ----

  /** Turns the inference passes (fusions, no-op removal) on or off; on by default. */
  public synchronized void switchIrOptim(boolean on) {
    nSwitchIrOptim(handle(), on);
  }

  /** Whether the inference passes run at load. */
  public synchronized boolean irOptim() {
    return nIrOptim(handle());
  }

  /**
   * Adds the named pass at the end of the passes run at load. A name that is not a registered pass
   * is a {@link PaddleException} ({@code NOT_FOUND}, listing the registered ones).
   */
  public synchronized void appendPass(String pass) {
    nAppendPass(handle(), Objects.requireNonNull(pass, "pass"));
  }

  /**
   * Inserts the named pass before position {@code idx} ({@code idx == allPasses().length}
   * appends): {@code NOT_FOUND} for an unknown name, {@code OUT_OF_RANGE} for an index past the
   * end (a negative one included).
   */
  public synchronized void insertPass(int idx, String pass) {
    Objects.requireNonNull(pass, "pass");
    if (idx < 0) {
      throw new PaddleException(ErrorCode.OUT_OF_RANGE,
          "[Config.insertPass] index " + idx + " is negative");
    }
    nInsertPass(handle(), idx, pass);
  }

  /** The passes run at load (when {@link #irOptim()} is on), in order. */
  public synchronized String[] allPasses() {
    return nAllPasses(handle());
  }

  /** Leaves the named pass out (an unknown name is ignored). */
  public synchronized void deletePass(String pass) {
    nDeletePass(handle(), Objects.requireNonNull(pass, "pass"));
  }

  /** Accepted: memory is always planned at load and reused. */
  public synchronized void enableMemoryOptim(boolean on) {
    nEnableMemoryOptim(handle(), on);
  }

  /** What {@link #enableMemoryOptim(boolean)} last set; false by default. */
  public synchronized boolean memoryOptimEnabled() {
    return nMemoryOptimEnabled(handle());
  }

  // ---- CPU ----

  /** Threads used inside one op, in [1, 1024]; PaddleException (INVALID_ARGUMENT) otherwise. */
  public synchronized void setCpuMathLibraryNumThreads(int threads) {
    nSetCpuMathLibraryNumThreads(handle(), threads);
  }

  /** The threads used inside one op; 1 by default. */
  public synchronized int getCpuMathLibraryNumThreads() {
    return nGetCpuMathLibraryNumThreads(handle());
  }

  /** Accepted: float GEMMs always run on oneDNN. */
  public synchronized void enableMkldnn() {
    nEnableMKLDNN(handle());
  }

  /** Whether {@link #enableMkldnn()} was called. */
  public synchronized boolean mkldnnEnabled() {
    return nMkldnnEnabled(handle());
  }

  /** Accepted and listed by {@link #summary()} as ignored: this build has no bfloat16 kernels. */
  public synchronized void enableMkldnnBfloat16() {
    nEnableMkldnnBfloat16(handle());
  }

  /** Always false (see {@link #enableMkldnnBfloat16()}). */
  public synchronized boolean mkldnnBfloat16Enabled() {
    handle();
    return false;
  }

  // ---- GPU: this is a CPU build ----

  /**
   * Accepted and listed by {@link #summary()} as ignored on this CPU build: {@link #useGpu()} stays
   * false; the values are kept for {@link #getGpuDeviceId()} and {@link #getMemoryPoolInitSizeMb()}.
   * A negative device id is a {@link PaddleException} ({@code INVALID_ARGUMENT}).
   */
  public synchronized void enableUseGpu(long memoryPoolInitSizeMb, int deviceId) {
    nEnableUseGpu(handle(), memoryPoolInitSizeMb, deviceId);
  }

  /** Accepted: this CPU build never uses a GPU. */
  public synchronized void disableGpu() {
    nDisableGpu(handle());
  }

  /** Always false on this CPU build. */
  public synchronized boolean useGpu() {
    return nUseGpu(handle());
  }

  /** The device id given to {@link #enableUseGpu(long, int)}; 0 by default. */
  public synchronized int getGpuDeviceId() {
    return nGpuDeviceId(handle());
  }

  /** The pool size given to {@link #enableUseGpu(long, int)}; 0 by default. */
  public synchronized int getMemoryPoolInitSizeMb() {
    return nMemoryPoolInitSizeMb(handle());
  }

  /** 0: no GPU is used. */
  public synchronized float getFractionOfGpuMemoryForPool() {
    handle();
    return 0f;
  }

  // ---- debugging and logs ----

  /**
   * With {@code on}, loading writes a Graphviz picture of the program after each pass:
   * {@code <k>_ir_<pass>.dot} for the k-th picture (k from 0), as PaddlePaddle names them, in the
   * {@link #setOptimCacheDir(String)} folder or else the working directory. Returns {@code on}.
   */
  public synchronized boolean switchIrDebug(boolean on) {
    nSwitchIrDebug(handle(), on);
    return on;
  }

  /** The folder {@link #switchIrDebug(boolean)} writes its pictures into. */
  public synchronized void setOptimCacheDir(String dir) {
    nSetOptimCacheDir(handle(), Objects.requireNonNull(dir, "dir"));
  }

  /** Accepted and listed by {@link #summary()} as ignored: the predictor has no profiler. */
  public synchronized void enableProfile() {
    nEnableProfile(handle());
  }

  /** Whether {@link #enableProfile()} was called. */
  public synchronized boolean profileEnabled() {
    return nProfileEnabled(handle());
  }

  /**
   * Accepted and listed by {@link #summary()} as ignored: the kernels cache their oneDNN
   * primitives themselves. A negative capacity is a {@link PaddleException} ({@code INVALID_ARGUMENT}).
   */
  public synchronized void setMkldnnCacheCapacity(int capacity) {
    nSetMkldnnCacheCapacity(handle(), capacity);
  }

  /** Accepted and listed by {@link #summary()} as ignored: there is no ONNX Runtime backend. */
  public synchronized void enableONNXRuntime() {
    nEnableONNXRuntime(handle());
  }

  /** Undoes {@link #enableONNXRuntime()}. */
  public synchronized void disableONNXRuntime() {
    nDisableONNXRuntime(handle());
  }

  /** Whether {@link #enableONNXRuntime()} was called (the model still runs on paddle's kernels). */
  public synchronized boolean onnxRuntimeEnabled() {
    return nONNXRuntimeEnabled(handle());
  }

  /** Accepted: the predictor logs nothing. */
  public synchronized void disableGlogInfo() {
    nDisableGlogInfo(handle());
  }

  /** Whether {@link #disableGlogInfo()} was called. */
  public synchronized boolean glogInfoDisabled() {
    return nGlogInfoDisabled(handle());
  }

  /** The settings, one a line. */
  public synchronized String summary() {
    return nSummary(handle());
  }

  // ---- PaddlePaddle's names ----

  /** @deprecated PaddlePaddle's name: use {@link #setModel(String, String)}. */
  @Deprecated
  public void setCppModel(String modelFile, String paramsFile) {
    setModel(modelFile, paramsFile);
  }

  /** @deprecated PaddlePaddle's name: use {@link #setModelDir(String)}. */
  @Deprecated
  public void setCppModelDir(String modelDir) {
    setModelDir(modelDir);
  }

  /** @deprecated PaddlePaddle's name: use {@link #setProgFile(String)}. */
  @Deprecated
  public void setCppProgFile(String progFile) {
    setProgFile(progFile);
  }

  /** @deprecated PaddlePaddle's name: use {@link #setParamsFile(String)}. */
  @Deprecated
  public void setCppParamsFile(String paramsFile) {
    setParamsFile(paramsFile);
  }

  /** @deprecated PaddlePaddle's name: use {@link #getModelDir()}. */
  @Deprecated
  public String getCppModelDir() {
    return getModelDir();
  }

  /** @deprecated PaddlePaddle's name: use {@link #getProgFile()}. */
  @Deprecated
  public String getCppProgFile() {
    return getProgFile();
  }

  /** @deprecated PaddlePaddle's name: use {@link #getParamsFile()}. */
  @Deprecated
  public String getCppParamsFile() {
    return getParamsFile();
  }

  /** @deprecated PaddlePaddle's name: use {@link #getProgFile()}. */
  @Deprecated
  public String getModelFile() {
    return getProgFile();
  }

  /** @deprecated PaddlePaddle's name: use {@link #getCpuMathLibraryNumThreads()}. */
  @Deprecated
  public int getMathThreadsNum() {
    return getCpuMathLibraryNumThreads();
  }

  /** @deprecated PaddlePaddle's name: use {@link #enableMkldnn()}. */
  @Deprecated
  public void enableMKLDNN() {
    enableMkldnn();
  }

  /** @deprecated PaddlePaddle's name: use {@link #close()}. */
  @Deprecated
  public void destroyNativeConfig() {
    close();
  }

  private static native long nCreate();

  private static native void nDestroy(long h);

  private native void nSetModel(long h, String modelFile, String paramsFile);

  private native void nSetModelDir(long h, String modelDir);

  private native void nSetProgFile(long h, String progFile);

  private native void nSetParamsFile(long h, String paramsFile);

  private native void nDeletePass(long h, String pass);

  private native String nGetModelDir(long h);

  private native String nGetProgFile(long h);

  private native String nGetParamsFile(long h);

  private native void nSwitchIrOptim(long h, boolean on);

  private native boolean nIrOptim(long h);

  private native void nEnableMemoryOptim(long h, boolean on);

  private native boolean nMemoryOptimEnabled(long h);

  private native void nSetCpuMathLibraryNumThreads(long h, int threads);

  private native int nGetCpuMathLibraryNumThreads(long h);

  private native void nEnableMKLDNN(long h);

  private native boolean nMkldnnEnabled(long h);

  private native void nDisableGpu(long h);

  private native boolean nUseGpu(long h);

  private native void nDisableGlogInfo(long h);

  private native boolean nGlogInfoDisabled(long h);

  private native String nSummary(long h);

  private native void nSetModelBuffer(long h, byte[] prog, byte[] params);

  private native boolean nModelFromMemory(long h);

  private native void nSwitchIrDebug(long h, boolean on);

  private native void nSetOptimCacheDir(long h, String dir);

  private native void nAppendPass(long h, String pass);

  private native void nInsertPass(long h, int idx, String pass);

  private native String[] nAllPasses(long h);

  private native void nEnableProfile(long h);

  private native boolean nProfileEnabled(long h);

  private native void nEnableUseGpu(long h, long poolMb, int deviceId);

  private native int nGpuDeviceId(long h);

  private native int nMemoryPoolInitSizeMb(long h);

  private native void nEnableMkldnnBfloat16(long h);

  private native void nSetMkldnnCacheCapacity(long h, int capacity);

  private native void nEnableONNXRuntime(long h);

  private native void nDisableONNXRuntime(long h);

  private native boolean nONNXRuntimeEnabled(long h);
}
