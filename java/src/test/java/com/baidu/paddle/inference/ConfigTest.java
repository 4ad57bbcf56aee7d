package com.baidu.paddle.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model from memory, the passes, the IR debug pictures and the switches without a backend. */
class ConfigTest {
  private static float[] runMlp(Config config) throws IOException {
    Map<String, Npz.Array> io = Npz.read(TestData.mlp().resolve("io.npz"));
    try (Predictor predictor = Predictor.create(config);
         Tensor in = predictor.getInputHandle("x");
         Tensor out = predictor.getOutputHandle("softmax_0.tmp_0")) {
      Npz.Array x = io.get("in:x");
      in.reshape(x.shape);
      in.copyFromCpu(x.floats());
      predictor.run();
      return out.copyToCpuFloat();
    }
  }

  private static float[] expected() throws IOException {
    return Npz.read(TestData.mlp().resolve("io.npz")).get("out:softmax_0.tmp_0").floats();
  }

  private static void assertClose(float[] want, float[] got) {
    assertEquals(want.length, got.length);
    for (int i = 0; i < want.length; ++i) assertEquals(want[i], got[i], 1e-5f, "element " + i);
  }

  @Test
  void modelFromMemoryEqualsModelFromFiles() throws IOException {
    byte[] prog = Files.readAllBytes(TestData.mlp().resolve("model.pdmodel"));
    byte[] params = Files.readAllBytes(TestData.mlp().resolve("model.pdiparams"));
    Config config = new Config();
    assertFalse(config.modelFromMemory());
    config.setModelBuffer(prog, params);
    assertTrue(config.modelFromMemory());
    float[] fromMemory = runMlp(config);
    assertClose(expected(), fromMemory);
    assertArrayEquals(runMlp(TestData.mlpConfig()), fromMemory);
  }

  @Test
  void corruptBuffersAreInvalidModel() throws IOException {
    byte[] prog = Files.readAllBytes(TestData.mlp().resolve("model.pdmodel"));
    byte[] params = Files.readAllBytes(TestData.mlp().resolve("model.pdiparams"));
    Config config = new Config();
    config.setModelBuffer(prog, Arrays.copyOf(params, params.length / 2));
    PaddleException e = assertThrows(PaddleException.class, () -> Predictor.create(config));
    assertEquals(ErrorCode.INVALID_MODEL, e.getErrorCode(), e.getMessage());
    assertTrue(e.getMessage().contains("params buffer"), e.getMessage());
    try (Config empty = new Config()) {
      e = assertThrows(PaddleException.class, () -> empty.setModelBuffer(new byte[0], params));
      assertEquals(ErrorCode.INVALID_ARGUMENT, e.getErrorCode(), e.getMessage());
      assertThrows(NullPointerException.class, () -> empty.setModelBuffer(prog, null));
    }
  }

  @Test
  void passesCanBeAppendedInsertedAndDeleted() {
    try (Config config = TestData.mlpConfig()) {
      List<String> passes = Arrays.asList(config.allPasses());
      assertTrue(passes.contains("fc_fuse_pass"), passes.toString());
      PaddleException e = assertThrows(PaddleException.class, () -> config.appendPass("no_such_pass"));
      assertEquals(ErrorCode.NOT_FOUND, e.getErrorCode(), e.getMessage());
      assertTrue(e.getMessage().startsWith("[PD_ConfigAppendPass]"), e.getMessage());
      e = assertThrows(PaddleException.class, () -> config.insertPass(passes.size() + 1, "fc_fuse_pass"));
      assertEquals(ErrorCode.OUT_OF_RANGE, e.getErrorCode(), e.getMessage());
      e = assertThrows(PaddleException.class, () -> config.insertPass(-1, "fc_fuse_pass"));
      assertEquals(ErrorCode.OUT_OF_RANGE, e.getErrorCode(), e.getMessage());
      config.deletePass("fc_fuse_pass");
      config.insertPass(0, "fc_fuse_pass");
      config.appendPass("delete_scale_op_pass");
      String[] now = config.allPasses();
      assertEquals("fc_fuse_pass", now[0]);
      assertEquals("delete_scale_op_pass", now[now.length - 1]);
      assertEquals(passes.size() + 1, now.length);
    }
  }

  private static List<String> dotFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".dot")).sorted()
          .collect(Collectors.toList());
    }
  }

  @Test
  void switchIrDebugWritesAPicturePerPass(@TempDir Path dir) throws IOException {
    Config config = TestData.mlpConfig();
    config.setOptimCacheDir(dir.toString());
    assertTrue(config.switchIrDebug(true));
    config.deletePass("fc_fuse_pass");  // the pictures show which passes ran
    String[] passes = config.allPasses();
    assertClose(expected(), runMlp(config));
    List<String> want = new java.util.ArrayList<>();
    for (int k = 0; k < passes.length; ++k) want.add(k + "_ir_" + passes[k] + ".dot");
    want.sort(null);
    assertEquals(want, dotFiles(dir));
    for (String name : want) {
      String text = Files.readString(dir.resolve(name));
      assertTrue(text.startsWith("digraph "), name);
      assertEquals(text.chars().filter(c -> c == '{').count(),
          text.chars().filter(c -> c == '}').count(), name);
      assertFalse(text.contains("label=\"fc\""), name + ": fc_fuse_pass was deleted");
    }
  }

  @Test
  void switchesWithoutABackendAreReportedBySummary() throws IOException {
    Config config = TestData.mlpConfig();
    assertFalse(config.profileEnabled());
    config.enableProfile();
    assertTrue(config.profileEnabled());
    config.enableUseGpu(100, 1);
    assertFalse(config.useGpu());
    assertEquals(1, config.getGpuDeviceId());
    assertEquals(100, config.getMemoryPoolInitSizeMb());
    config.enableMkldnnBfloat16();
    config.setMkldnnCacheCapacity(10);
    config.enableONNXRuntime();
    assertTrue(config.onnxRuntimeEnabled());
    config.disableONNXRuntime();
    assertFalse(config.onnxRuntimeEnabled());
    assertTrue(config.summary().contains("ignored (not in this build): EnableProfile, EnableUseGpu, "
        + "EnableMkldnnBfloat16, SetMkldnnCacheCapacity, EnableONNXRuntime\n"), config.summary());
    PaddleException e = assertThrows(PaddleException.class, () -> config.setMkldnnCacheCapacity(-1));
    assertEquals(ErrorCode.INVALID_ARGUMENT, e.getErrorCode(), e.getMessage());
    e = assertThrows(PaddleException.class, () -> config.enableUseGpu(100, -1));
    assertEquals(ErrorCode.INVALID_ARGUMENT, e.getErrorCode(), e.getMessage());
    assertClose(expected(), runMlp(config));  // still runs, on the CPU
  }
}
