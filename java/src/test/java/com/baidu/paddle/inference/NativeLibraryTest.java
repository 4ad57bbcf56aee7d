package com.baidu.paddle.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each way of finding the native library, each in a fresh JVM (a library loads once per JVM). */
class NativeLibraryTest {
  /** The folder the build put the libraries in (the pom passes paddle.native.dir). */
  private static Path nativeDir() {
    return Paths.get(System.getProperty("paddle.native.dir", "../build/java")).toAbsolutePath().normalize();
  }

  private static final class Result {
    final int exitCode;
    final String output;

    Result(int exitCode, String output) {
      this.exitCode = exitCode;
      this.output = output;
    }
  }

  private static Result childJvm(String... properties) throws IOException, InterruptedException {
    return childJvm(List.of(properties), List.of());
  }

  private static Result childJvm(List<String> properties, List<String> args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    for (String p : properties) {
      command.add("-D" + p);
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(PrintLoadedFrom.class.getName());
    command.addAll(args);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.waitFor(), output);
  }

  @Test
  void fromTheJarByDefault() throws Exception {
    Result r = childJvm();
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("(extracted from the jar)"), r.output);
  }

  @Test
  void fromTheSystemProperty() throws Exception {
    Result r = childJvm(NativeLibrary.PATH_PROPERTY + "=" + nativeDir());
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("from " + nativeDir().resolve("libpaddle_inference_java.so")), r.output);
  }

  @Test
  void fromJavaLibraryPath() throws Exception {
    Result r = childJvm("java.library.path=/nonexistent:" + nativeDir());
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("from " + nativeDir().resolve("libpaddle_inference_java.so")), r.output);
  }

  @Test
  void paddlePaddleDemosLoadLibraryLineWorks() throws Exception {
    // Their first line: System.loadLibrary("paddle_inference"), the name of PaddlePaddle's JNI library.
    Result r = childJvm(List.of("java.library.path=" + nativeDir()), List.of("paddle_inference"));
    assertEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("from " + nativeDir().resolve("libpaddle_inference_java.so")), r.output);
  }

  @Test
  void aWrongSystemPropertyIsReported() throws Exception {
    Result r = childJvm(NativeLibrary.PATH_PROPERTY + "=/nonexistent/lib");
    assertNotEquals(0, r.exitCode, r.output);
    assertTrue(r.output.contains("UnsatisfiedLinkError"), r.output);
    assertTrue(r.output.contains(NativeLibrary.PATH_PROPERTY + "=/nonexistent/lib"), r.output);
  }
}
