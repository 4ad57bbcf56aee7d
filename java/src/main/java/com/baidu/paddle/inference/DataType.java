package com.baidu.paddle.inference;

/** The element type of a tensor: the C API's {@code PD_DataType}. */
public enum DataType {
  UNKNOWN(-1),
  FLOAT32(0),
  INT32(1),
  INT64(2),
  UINT8(3),
  INT8(4),
  FLOAT64(5),
  BOOL(6),
  FLOAT16(7),
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
