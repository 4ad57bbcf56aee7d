package com.baidu.paddle.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Misuse yields PaddleException or IllegalStateException, never a crash of the JVM. */
class MisuseTest {
  private static PaddleException expectPaddle(ErrorCode code, Executable call) {
    PaddleException e = assertThrows(PaddleException.class, call);
    assertEquals(code, e.getErrorCode(), e.getMessage());
    assertTrue(e.getMessage().startsWith("["), "names the failing call: " + e.getMessage());
    return e;
  }

  @Test
  void missingModelFile() {
    Config config = new Config("/nonexistent/model.pdmodel", "/nonexistent/model.pdiparams");
    PaddleException e = expectPaddle(ErrorCode.NOT_FOUND, () -> Predictor.create(config));
    assertTrue(e.getMessage().contains("/nonexistent/model.pdmodel"), e.getMessage());
    assertTrue(e.toString().contains("(NOT_FOUND)"), e.toString());
    assertTrue(config.isClosed(), "the predictor took the config, on failure too");
  }

  @Test
  void missingModelDir(@TempDir Path empty) {
    Config config = new Config(empty.toString());
    expectPaddle(ErrorCode.NOT_FOUND, () -> Predictor.create(config));
  }

  @Test
  void corruptModelFile(@TempDir Path dir) throws IOException {
    Path model = dir.resolve("model.pdmodel");
    Files.write(model, new byte[] {0x0a, (byte) 0xff, (byte) 0xff, 0x13, 0x37, 0x00, 0x42});
    Path params = dir.resolve("model.pdiparams");
    Files.copy(TestData.mlp().resolve("model.pdiparams"), params);
    Config config = new Config(model.toString(), params.toString());
    expectPaddle(ErrorCode.INVALID_MODEL, () -> Predictor.create(config));
  }

  @Test
  void truncatedParamsFile(@TempDir Path dir) throws IOException {
    Path params = dir.resolve("model.pdiparams");
    byte[] full = Files.readAllBytes(TestData.mlp().resolve("model.pdiparams"));
    Files.write(params, java.util.Arrays.copyOf(full, full.length / 2));
    Config config = new Config(TestData.mlp().resolve("model.pdmodel").toString(), params.toString());
    expectPaddle(ErrorCode.INVALID_MODEL, () -> Predictor.create(config));
  }

  @Test
  void wrongInputName() {
    try (Predictor p = Predictor.create(TestData.mlpConfig())) {
      PaddleException e = expectPaddle(ErrorCode.NOT_FOUND, () -> p.getInputHandle("y"));
      assertTrue(e.getMessage().contains("y"), e.getMessage());
      expectPaddle(ErrorCode.NOT_FOUND, () -> p.getOutputHandle("nope"));
      expectPaddle(ErrorCode.OUT_OF_RANGE, () -> p.getInputName(1));
      expectPaddle(ErrorCode.OUT_OF_RANGE, () -> p.getOutputName(-1));
    }
  }

  @Test
  void wrongShape() {
    try (Predictor p = Predictor.create(TestData.mlpConfig()); Tensor x = p.getInputHandle("x")) {
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.reshape(4, 783));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.reshape(4, 784, 1));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.reshape(2, new int[] {4}));
    }
  }

  @Test
  void wrongDtypeOrLength() {
    try (Predictor p = Predictor.create(TestData.mlpConfig()); Tensor x = p.getInputHandle("x")) {
      x.reshape(4, 784);
      PaddleException e = expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu(new long[4 * 784]));
      assertTrue(e.getMessage().contains("float32"), e.getMessage());
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu(new double[4 * 784]));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu(new float[10]));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu(new float[4 * 784 + 1]));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu((Object) "pixels"));
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> x.copyFromCpu((Object) new boolean[4]));
      assertThrows(NullPointerException.class, () -> x.copyFromCpu((float[]) null));
    }
  }

  @Test
  void copyBeforeReshapeOrRun() {
    try (Predictor p = Predictor.create(TestData.mlpConfig())) {
      try (Tensor x = p.getInputHandle("x")) {
        // x is declared [-1, 784]: its batch size is unknown until reshape.
        expectPaddle(ErrorCode.PRECONDITION_NOT_MET, () -> x.copyFromCpu(new float[784]));
      }
      try (Tensor y = p.getOutputHandle(p.getOutputNames()[0])) {
        assertThrows(PaddleException.class, () -> y.copyToCpu(new float[40]));
      }
    }
  }

  @Test
  void runBeforeInputsAreSet() {
    try (Predictor p = Predictor.create(TestData.mlpConfig())) {
      expectPaddle(ErrorCode.PRECONDITION_NOT_MET, p::run);
    }
  }

  @Test
  void outputBufferTooSmall() {
    try (Predictor p = Predictor.create(TestData.mlpConfig())) {
      try (Tensor x = p.getInputHandle("x")) {
        x.reshape(4, 784);
        x.copyFromCpu(new float[4 * 784]);
      }
      p.run();
      try (Tensor y = p.getOutputHandle(p.getOutputNames()[0])) {
        expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> y.copyToCpu(new float[39]));
        expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> y.copyToCpu(new int[40]));
        assertEquals(40, y.copyToCpuFloat().length);
      }
    }
  }

  @Test
  void badConfigValues() {
    try (Config config = new Config()) {
      expectPaddle(ErrorCode.INVALID_ARGUMENT, () -> config.setCpuMathLibraryNumThreads(0));
      assertThrows(NullPointerException.class, () -> config.setModel(null, "x"));
    }
  }

  @Test
  void useAfterClose() {
    Config config = TestData.mlpConfig();
    Predictor p = Predictor.create(config);
    assertThrows(IllegalStateException.class, config::summary);
    assertThrows(IllegalStateException.class, () -> Predictor.create(config));
    Tensor x = p.getInputHandle("x");
    p.close();
    assertThrows(IllegalStateException.class, p::run);
    assertThrows(IllegalStateException.class, () -> p.getInputHandle("x"));
    assertThrows(IllegalStateException.class, p::getInputNames);
    assertThrows(IllegalStateException.class, p::clone);
    // A handle outlives its predictor.
    assertArrayEquals(new int[] {-1, 784}, x.getShape());
    x.close();
    assertThrows(IllegalStateException.class, x::getShape);
    assertThrows(IllegalStateException.class, () -> x.copyFromCpu(new float[784]));
    assertThrows(IllegalStateException.class, () -> x.reshape(1, 784));
  }

  @Test
  void doubleCloseIsHarmless() {
    Config config = TestData.mlpConfig();
    Predictor p = Predictor.create(config);
    Tensor x = p.getInputHandle("x");
    assertDoesNotThrow(() -> {
      config.close();
      config.close();
      x.close();
      x.close();
      x.destroyNativeTensor();
      p.close();
      p.close();
      p.destroyNativePredictor();
    });
    assertFalse(config.isValid());
    assertTrue(p.isClosed());
  }
}
