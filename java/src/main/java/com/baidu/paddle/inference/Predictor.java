package com.baidu.paddle.inference;

import java.util.Objects;

/**
 * A loaded model that runs on inputs set through its tensor handles (the C API's
 * {@code PD_Predictor}).
 *
 * <pre>{@code
 * try (Predictor predictor = Predictor.create(new Config("model.pdmodel", "model.pdiparams"));
 *     Tensor x = predictor.getInputHandle(predictor.getInputNames()[0])) {
 *   x.reshape(4, 784);
 *   x.copyFromCpu(pixels);
 *   predictor.run();
 *   try (Tensor y = predictor.getOutputHandle(predictor.getOutputNames()[0])) {
 *     float[] scores = y.copyToCpuFloat();
 *   }
 * }
 * }</pre>
 *
 * <p>Threads: a predictor and its handles serve one thread at a time (their methods are
 * synchronized, so a second thread waits). Give each thread its own {@link #clone()}, which
 * shares the weights. Tensor handles stay usable after their predictor is closed.
 */
public class Predictor extends NativeResource {
  static {
    NativeLibrary.load();
  }

  /** Loads the model the config names; takes the config (it is closed after, on failure too). */
  public Predictor(Config config) {
    this(createHandle(config));
  }

  private Predictor(long handle) {
    super("Predictor", handle, Predictor::nDestroy);
  }

  private static long createHandle(Config config) {
    Objects.requireNonNull(config, "config");
    return nCreate(config.release("a config makes one predictor"));
  }

  /**
   * Loads the model the config names; takes the config. PaddleException: a missing model file
   * (NOT_FOUND), a corrupt one (INVALID_MODEL).
   */
  public static Predictor create(Config config) {
    return new Predictor(config);
  }

  /** "paddle 0.1.0 (model format 3003001)". */
  public static String getVersion() {
    return nGetVersion();
  }

  /** A predictor sharing this one's weights, with its own inputs and outputs (one per thread). */
  @Override
  public synchronized Predictor clone() {
    return new Predictor(nClone(handle()));
  }

  /** The input names, in the model's feed order. */
  public synchronized String[] getInputNames() {
    return nGetInputNames(handle());
  }

  /** The output names, in the model's fetch order. */
  public synchronized String[] getOutputNames() {
    return nGetOutputNames(handle());
  }

  /** The number of inputs. */
  public long getInputNum() {
    return getInputNames().length;
  }

  /** The number of outputs. */
  public long getOutputNum() {
    return getOutputNames().length;
  }

  /** The name of input {@code index}; PaddleException (OUT_OF_RANGE) past the last. */
  public String getInputName(long index) {
    return nameAt(getInputNames(), index, "input");
  }

  /** The name of output {@code index}; PaddleException (OUT_OF_RANGE) past the last. */
  public String getOutputName(long index) {
    return nameAt(getOutputNames(), index, "output");
  }

  private static String nameAt(String[] names, long index, String what) {
    if (index < 0 || index >= names.length) {
      throw new PaddleException(ErrorCode.OUT_OF_RANGE, "[Predictor.get" + (what.equals("input")
          ? "Input" : "Output") + "Name] index " + index + " is out of range: the model has "
          + names.length + " " + what + "s");
    }
    return names[(int) index];
  }

  /** A new handle on the named input (close it); PaddleException (NOT_FOUND) for an unknown name. */
  public synchronized Tensor getInputHandle(String name) {
    return new Tensor(nGetInputHandle(handle(), Objects.requireNonNull(name, "name")));
  }

  /** A new handle on the named output (close it); PaddleException (NOT_FOUND) for an unknown name. */
  public synchronized Tensor getOutputHandle(String name) {
    return new Tensor(nGetOutputHandle(handle(), Objects.requireNonNull(name, "name")));
  }

  /**
   * Runs the model on the inputs set through the handles. Returns true (kept from PaddlePaddle's
   * signature); a failure throws PaddleException (PRECONDITION_NOT_MET when an input is not set).
   */
  public synchronized boolean run() {
    nRun(handle());
    return true;
  }

  /** Frees the temporaries kept between runs; inputs and outputs keep their data. */
  public synchronized void clearIntermediateTensor() {
    nClearIntermediateTensor(handle());
  }

  /** {@link #clearIntermediateTensor()}, then returns cached memory to the system; the bytes freed. */
  public synchronized long tryShrinkMemory() {
    return nTryShrinkMemory(handle());
  }

  // ---- PaddlePaddle's names ----

  /** @deprecated PaddlePaddle's name: use {@link #create(Config)}. */
  @Deprecated
  public static Predictor createPaddlePredictor(Config config) {
    return create(config);
  }

  /** @deprecated PaddlePaddle's name: use {@link #getInputName(long)}. */
  @Deprecated
  public String getInputNameById(long index) {
    return getInputName(index);
  }

  /** @deprecated PaddlePaddle's name: use {@link #getOutputName(long)}. */
  @Deprecated
  public String getOutputNameById(long index) {
    return getOutputName(index);
  }

  /** @deprecated PaddlePaddle's older name: use {@link #clearIntermediateTensor()}. */
  @Deprecated
  public void ClearIntermediateTensor() {
    clearIntermediateTensor();
  }

  /** @deprecated PaddlePaddle's older name: use {@link #tryShrinkMemory()}. */
  @Deprecated
  public void TryShrinkMemory() {
    tryShrinkMemory();
  }

  /** @deprecated PaddlePaddle's name: use {@link #close()}. */
  @Deprecated
  public void destroyNativePredictor() {
    close();
  }

  private static native long nCreate(long config);

  private static native void nDestroy(long h);

  private static native String nGetVersion();

  private native long nClone(long h);

  private native String[] nGetInputNames(long h);

  private native String[] nGetOutputNames(long h);

  private native long nGetInputHandle(long h, String name);

  private native long nGetOutputHandle(long h, String name);

  private native void nRun(long h);

  private native void nClearIntermediateTensor(long h);

  private native long nTryShrinkMemory(long h);
}
