package com.baidu.paddle.inference;

import java.util.Objects;

/**
 * A handle on one input or output of a {@link Predictor} (the C API's {@code PD_Tensor}), from
 * {@link Predictor#getInputHandle(String)} or {@link Predictor#getOutputHandle(String)}. Close
 * it when done; it may outlive its predictor.
 *
 * <p>Copies take the Java array of the tensor's type: {@code float[]} for float32,
 * {@code double[]} float64, {@code int[]} int32, {@code long[]} int64, {@code byte[]} uint8 or
 * int8. Another type, or a length other than the element count of the shape, is a
 * PaddleException (INVALID_ARGUMENT) and nothing is copied.
 */
public class Tensor extends NativeResource {
  static {
    NativeLibrary.load();
  }

  Tensor(long handle) {
    super("Tensor", handle, Tensor::nDestroy);
  }

  /** Sets an input's shape; PaddleException (INVALID_ARGUMENT) when the model does not allow it. */
  public synchronized void reshape(int... shape) {
    nReshape(handle(), Objects.requireNonNull(shape, "shape").clone());
  }

  /** The shape: an input's as set or declared (-1 for unknown dims), an output's once run. */
  public synchronized int[] getShape() {
    return nGetShape(handle());
  }

  /** The element count of {@link #getShape()}; 0 for a tensor with unknown dims. */
  public int getSize() {
    int size = 1;
    for (int d : getShape()) {
      if (d < 0) {
        return 0;
      }
      size *= d;
    }
    return size;
  }

  /** The name of the input or output in the model. */
  public synchronized String getName() {
    return nGetName(handle());
  }

  /** The element type. */
  public synchronized DataType getDataType() {
    return DataType.fromCode(nGetDataType(handle()));
  }

  // ---- into the tensor ----

  /**
   * Copies {@code data} into the input: its length must be the element count of the shape and its
   * type the tensor's (see the class).
   */
  public synchronized void copyFromCpu(float[] data) {
    nCopyFromCpuFloat(handle(), Objects.requireNonNull(data, "data"));
  }

  /**
   * Copies {@code data} into the input: its length must be the element count of the shape and its
   * type the tensor's (see the class).
   */
  public synchronized void copyFromCpu(double[] data) {
    nCopyFromCpuDouble(handle(), Objects.requireNonNull(data, "data"));
  }

  /**
   * Copies {@code data} into the input: its length must be the element count of the shape and its
   * type the tensor's (see the class).
   */
  public synchronized void copyFromCpu(int[] data) {
    nCopyFromCpuInt(handle(), Objects.requireNonNull(data, "data"));
  }

  /**
   * Copies {@code data} into the input: its length must be the element count of the shape and its
   * type the tensor's (see the class).
   */
  public synchronized void copyFromCpu(long[] data) {
    nCopyFromCpuLong(handle(), Objects.requireNonNull(data, "data"));
  }

  /**
   * Copies {@code data} into the input: its length must be the element count of the shape and its
   * type the tensor's (see the class).
   */
  public synchronized void copyFromCpu(byte[] data) {
    nCopyFromCpuByte(handle(), Objects.requireNonNull(data, "data"));
  }

  /** PaddlePaddle's signature: dispatches on the array's type. */
  public void copyFromCpu(Object data) {
    if (data instanceof float[]) {
      copyFromCpu((float[]) data);
    } else if (data instanceof double[]) {
      copyFromCpu((double[]) data);
    } else if (data instanceof int[]) {
      copyFromCpu((int[]) data);
    } else if (data instanceof long[]) {
      copyFromCpu((long[]) data);
    } else if (data instanceof byte[]) {
      copyFromCpu((byte[]) data);
    } else {
      throw unsupported("copyFromCpu", data);
    }
  }

  // ---- out of the tensor ----

  /** Copies the values out into {@code data}, which must hold at least {@link #getSize()}. */
  public synchronized void copyToCpu(float[] data) {
    nCopyToCpuFloat(handle(), Objects.requireNonNull(data, "data"));
  }

  /** Copies the values out into {@code data}, which must hold at least {@link #getSize()}. */
  public synchronized void copyToCpu(double[] data) {
    nCopyToCpuDouble(handle(), Objects.requireNonNull(data, "data"));
  }

  /** Copies the values out into {@code data}, which must hold at least {@link #getSize()}. */
  public synchronized void copyToCpu(int[] data) {
    nCopyToCpuInt(handle(), Objects.requireNonNull(data, "data"));
  }

  /** Copies the values out into {@code data}, which must hold at least {@link #getSize()}. */
  public synchronized void copyToCpu(long[] data) {
    nCopyToCpuLong(handle(), Objects.requireNonNull(data, "data"));
  }

  /** Copies the values out into {@code data}, which must hold at least {@link #getSize()}. */
  public synchronized void copyToCpu(byte[] data) {
    nCopyToCpuByte(handle(), Objects.requireNonNull(data, "data"));
  }

  /** PaddlePaddle's signature: dispatches on the array's type. */
  public void copyToCpu(Object data) {
    if (data instanceof float[]) {
      copyToCpu((float[]) data);
    } else if (data instanceof double[]) {
      copyToCpu((double[]) data);
    } else if (data instanceof int[]) {
      copyToCpu((int[]) data);
    } else if (data instanceof long[]) {
      copyToCpu((long[]) data);
    } else if (data instanceof byte[]) {
      copyToCpu((byte[]) data);
    } else {
      throw unsupported("copyToCpu", data);
    }
  }

  /** The float32 values in a new array. */
  public synchronized float[] copyToCpuFloat() {
    float[] data = new float[getSize()];
    copyToCpu(data);
    return data;
  }

  /** The int64 values in a new array. */
  public synchronized long[] copyToCpuLong() {
    long[] data = new long[getSize()];
    copyToCpu(data);
    return data;
  }

  private static PaddleException unsupported(String method, Object data) {
    return new PaddleException(ErrorCode.INVALID_ARGUMENT, "[Tensor." + method + "] expected a "
        + "float[], double[], int[], long[] or byte[], got "
        + (data == null ? "null" : data.getClass().getSimpleName()));
  }

  // ---- PaddlePaddle's names ----

  /** @deprecated PaddlePaddle's signature: use {@link #reshape(int...)}. */
  @Deprecated
  public void reshape(int dimNum, int[] shape) {
    Objects.requireNonNull(shape, "shape");
    if (dimNum != shape.length) {
      throw new PaddleException(ErrorCode.INVALID_ARGUMENT, "[Tensor.reshape] dimNum is "
          + dimNum + " but the shape has " + shape.length + " dims");
    }
    reshape(shape);
  }

  /** @deprecated PaddlePaddle's older name: use {@link #reshape(int...)}. */
  @Deprecated
  public void Reshape(int dimNum, int[] shape) {
    reshape(dimNum, shape);
  }

  /** @deprecated PaddlePaddle's older name: use {@link #getSize()}. */
  @Deprecated
  public int GetSize() {
    return getSize();
  }

  /** @deprecated PaddlePaddle's older name: use {@link #getShape()}. */
  @Deprecated
  public int[] GetShape() {
    return getShape();
  }

  /** @deprecated PaddlePaddle's older name: use {@link #getName()}. */
  @Deprecated
  public String GetName() {
    return getName();
  }

  /** @deprecated PaddlePaddle's older name: use {@link #copyFromCpu(Object)}. */
  @Deprecated
  public void CopyFromCpu(Object data) {
    copyFromCpu(data);
  }

  /** @deprecated PaddlePaddle's older name: use {@link #copyToCpu(Object)}. */
  @Deprecated
  public void CopyToCpu(Object data) {
    copyToCpu(data);
  }

  /** @deprecated PaddlePaddle's name: use {@link #close()}. */
  @Deprecated
  public void destroyNativeTensor() {
    close();
  }

  private static native void nDestroy(long h);

  private native void nReshape(long h, int[] shape);

  private native int[] nGetShape(long h);

  private native String nGetName(long h);

  private native int nGetDataType(long h);

  private native void nCopyFromCpuFloat(long h, float[] data);

  private native void nCopyFromCpuDouble(long h, double[] data);

  private native void nCopyFromCpuInt(long h, int[] data);

  private native void nCopyFromCpuLong(long h, long[] data);

  private native void nCopyFromCpuByte(long h, byte[] data);

  private native void nCopyToCpuFloat(long h, float[] data);

  private native void nCopyToCpuDouble(long h, double[] data);

  private native void nCopyToCpuInt(long h, int[] data);

  private native void nCopyToCpuLong(long h, long[] data);

  private native void nCopyToCpuByte(long h, byte[] data);
}
