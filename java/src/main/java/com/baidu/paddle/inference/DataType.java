package com.baidu.paddle.inference;

/** The element type of a tensor: the C API's {@code PD_DataType}. */
public enum DataType {
  /** Unknown, or not a type the C API knows. */
  UNKNOWN(-1),
  /** 32-bit float. */
  FLOAT32(0),
  /** 32-bit signed integer. */
  INT32(1),
  /** 64-bit signed integer. */
  INT64(2),
  /** 8-bit unsigned integer. */
  UINT8(3),
  /** 8-bit signed integer. */
  INT8(4),
  /** 64-bit float. */
  FLOAT64(5),
  /** Boolean, one byte. */
  BOOL(6),
  /** 16-bit float (IEEE half). */
  FLOAT16(7),
  /** 16-bit brain float. */
  BFLOAT16(8);

  private final int code;

  DataType(int code) {
    this.code = code;
  }

  /** The C API's value of this type. */
  public int code() {
    return code;
  }

  /** The constant for a C API value; {@link #UNKNOWN} for any other. */
  public static DataType fromCode(int code) {
    for (DataType t : values()) {
      if (t.code == code) {
        return t;
      }
    }
    return UNKNOWN;
  }
}
