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
 * <p>Switches this CPU build does not implement (GPU, profiling, bfloat16, IR debug pictures) are
 * accepted and do nothing; their getters say so ({@link #useGpu()} is false, and so on).
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

  /** Accepted and ignored: this build has no bfloat16 kernels. */
  public synchronized void enableMkldnnBfloat16() {
    handle();
  }

  /** Always false (see {@link #enableMkldnnBfloat16()}). */
  public synchronized boolean mkldnnBfloat16Enabled() {
    handle();
    return false;
  }

  // ---- GPU: this is a CPU build ----

  /** Accepted and ignored on this CPU build: {@link #useGpu()} stays false. */
  public synchronized void enableUseGpu(long memoryPoolInitSizeMb, int deviceId) {
    handle();
  }

  /** Accepted: this CPU build never uses a GPU. */
  public synchronized void disableGpu() {
    nDisableGpu(handle());
  }

  /** Always false on this CPU build. */
  public synchronized boolean useGpu() {
    return nUseGpu(handle());
  }

  /** 0: no GPU is used. */
  public synchronized int getGpuDeviceId() {
    handle();
    return 0;
  }

  /** 0: no GPU is used. */
  public synchronized int getMemoryPoolInitSizeMb() {
    handle();
    return 0;
  }

  /** 0: no GPU is used. */
  public synchronized float getFractionOfGpuMemoryForPool() {
    handle();
    return 0f;
  }

  // ---- debugging and logs ----

  /** Accepted and ignored: the Java API writes no graph pictures. Returns false. */
  public synchronized boolean switchIrDebug(boolean on) {
    handle();
    return false;
  }

  /** Accepted and ignored: there is no profiler; {@link #profileEnabled()} stays false. */
  public synchronized void enableProfile() {
    handle();
  }

  /** Always false (see {@link #enableProfile()}). */
  public synchronized boolean profileEnabled() {
    handle();
    return false;
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
}
