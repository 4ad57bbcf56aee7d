package com.baidu.paddle.inference;

/** Loads the native library and prints where from: the main class of NativeLibraryTest's child JVMs. */
public final class PrintLoadedFrom {
  private PrintLoadedFrom() {}

  public static void main(String[] args) {
    System.out.println(Predictor.getVersion() + " from " + NativeLibrary.loadedFrom());
  }
}
