package com.baidu.paddle.inference;

/**
 * Loads the native library and prints where from: the main class of NativeLibraryTest's child
 * JVMs. With an argument, first calls {@code System.loadLibrary(argument)}, as PaddlePaddle's Java
 * demos do with "paddle_inference".
 */
public final class PrintLoadedFrom {
  private PrintLoadedFrom() {}

  public static void main(String[] args) {
    if (args.length > 0) {
      System.loadLibrary(args[0]);
    }
    System.out.println(Predictor.getVersion() + " from " + NativeLibrary.loadedFrom());
  }
}
