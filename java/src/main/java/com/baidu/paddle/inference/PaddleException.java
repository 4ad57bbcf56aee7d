package com.baidu.paddle.inference;

/**
 * A failure reported by the native inference library: its {@link ErrorCode} and the C API's
 * last-error message ({@code "[PD_Function] what was wrong"}). Unchecked, so code written for
 * PaddlePaddle's Java API, whose methods declare no exceptions, compiles unchanged.
 */
public class PaddleException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;

  /** A failure of the given kind with its message. */
  public PaddleException(ErrorCode errorCode, String message) {
    super(message);
    this.errorCode = errorCode;
  }

  /** Called by the JNI library with the C API's code. */
  PaddleException(int code, String message) {
    this(ErrorCode.fromCode(code), message);
  }

  /** What kind of failure this was. */
  public ErrorCode getErrorCode() {
    return errorCode;
  }

  /** The class, the code and the message, so that a logged stack trace shows the kind too. */
  @Override
  public String toString() {
    return getClass().getName() + " (" + errorCode + "): " + getMessage();
  }
}
