package com.baidu.paddle.inference;

/** The kind of a native failure: the C API's {@code PD_ErrorCode}, value for value. */
public enum ErrorCode {
  /** No error. */
  OK,
  /** A null handle or argument, a bad shape, dtype or value. */
  INVALID_ARGUMENT,
  /** A missing model file, an unknown input or output name. */
  NOT_FOUND,
  /** An index or size past what fits. */
  OUT_OF_RANGE,
  /** A valid request this build does not support. */
  UNIMPLEMENTED,
  /** The wrong state, such as running before every input is set. */
  PRECONDITION_NOT_MET,
  /** A corrupt or unsupported model file. */
  INVALID_MODEL,
  /** Out of memory. */
  RESOURCE_EXHAUSTED,
  /** A bug in paddle. */
  INTERNAL;

  /** The constant for a C API code; {@link #INTERNAL} for a code this version does not know. */
  public static ErrorCode fromCode(int code) {
    ErrorCode[] all = values();
    return code >= 0 && code < all.length ? all[code] : INTERNAL;
  }

  /** The C API's value of this code. */
  public int code() {
    return ordinal();
  }
}
