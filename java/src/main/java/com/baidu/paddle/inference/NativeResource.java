package com.baidu.paddle.inference;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * A Java object that owns one native handle. {@link #close()} frees it once (a second close does
 * nothing); using the object afterwards throws {@link IllegalStateException} instead of touching
 * freed memory. A handle never closed is freed when the object becomes unreachable.
 *
 * <p>Subclasses call {@link #handle()} and the native method inside one {@code synchronized}
 * method, so a close() on another thread waits for the call to finish.
 */
abstract class NativeResource implements AutoCloseable {
  private static final Cleaner CLEANER = Cleaner.create();
  /** Handles this JVM holds, of every kind (tests watch it to see the Cleaner work). */
  private static final AtomicLong LIVE = new AtomicLong();

  /** The handle and how to free it; it must not refer to the resource, or it would never be cleaned. */
  private static final class Handle implements Runnable {
    private long value;
    private final LongConsumer destroy;

    Handle(long value, LongConsumer destroy) {
      this.value = value;
      this.destroy = destroy;
    }

    @Override
    public synchronized void run() {
      if (value != 0) {
        destroy.accept(value);
        value = 0;
        LIVE.decrementAndGet();
      }
    }

    synchronized long take() {
      long v = value;
      if (v != 0) {
        value = 0;
        LIVE.decrementAndGet();
      }
      return v;
    }

    synchronized long get() {
      return value;
    }
  }

  private final String kind;
  private final Handle handle;
  private final Cleaner.Cleanable cleanable;

  NativeResource(String kind, long value, LongConsumer destroy) {
    if (value == 0) {
      throw new PaddleException(ErrorCode.INTERNAL, "[" + kind + "] the native library returned no handle");
    }
    this.kind = kind;
    this.handle = new Handle(value, destroy);
    LIVE.incrementAndGet();
    this.cleanable = CLEANER.register(this, handle);
  }

  /** How many native handles are held now, over all Config, Predictor and Tensor objects. */
  static long liveHandles() {
    return LIVE.get();
  }

  /** The live handle; IllegalStateException once closed. Call it while holding this object's lock. */
  final long handle() {
    long value = handle.get();
    if (value == 0) {
      throw new IllegalStateException(kind + " is closed");
    }
    return value;
  }

  /** Hands the handle to a native function that takes ownership; this object is closed after. */
  final synchronized long release(String why) {
    long value = handle.take();
    if (value == 0) {
      throw new IllegalStateException(kind + " is closed (" + why + ")");
    }
    return value;
  }

  /** Whether {@link #close()} (or a hand-over of the handle) has happened. */
  public final synchronized boolean isClosed() {
    return handle.get() == 0;
  }

  /** Frees the native memory; harmless to call again. */
  @Override
  public final synchronized void close() {
    cleanable.clean();
  }
}
