package com.baidu.paddle.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Code written for PaddlePaddle's Java API (its published demo, as a user would adapt it) compiles
 * and runs: its names are kept as deprecated aliases.
 */
@SuppressWarnings("deprecation")
class CompatTest {
  @Test
  void paddlePaddleDemoRuns() throws IOException {
    Map<String, Npz.Array> io = Npz.read(TestData.mlp().resolve("io.npz"));

    Config config = new Config();
    config.setCppModel(TestData.mlp().resolve("model.pdmodel").toString(),
        TestData.mlp().resolve("model.pdiparams").toString());
    config.enableMemoryOptim(true);
    config.enableProfile();
    config.enableMKLDNN();
    try {
      assertEquals("", config.getCppModelDir());
      assertTrue(config.getCppParamsFile().endsWith("model.pdiparams"));
      assertTrue(config.getProgFile().endsWith("model.pdmodel"));
    } catch (Exception e) { // the demo's handler: PaddlePaddle's getters declare Exception
      throw new AssertionError(e);
    }
    config.getCpuMathLibraryNumThreads();
    config.getFractionOfGpuMemoryForPool();
    config.switchIrDebug(false);
    assertTrue(config.summary().length() > 0);

    Predictor predictor = Predictor.createPaddlePredictor(config);
    long n = predictor.getInputNum();
    assertEquals(1, n);
    String inNames = predictor.getInputNameById(0);
    Tensor inHandle = predictor.getInputHandle(inNames);
    inHandle.reshape(2, new int[] {4, 784});
    float[] inData = io.get("in:x").floats();
    inHandle.copyFromCpu(inData);
    predictor.run();
    String outNames = predictor.getOutputNameById(0);
    Tensor outHandle = predictor.getOutputHandle(outNames);
    float[] outData = new float[outHandle.getSize()];
    outHandle.copyToCpu(outData);
    predictor.tryShrinkMemory();
    predictor.clearIntermediateTensor();

    float[] want = io.get("out:softmax_0.tmp_0").floats();
    assertEquals(want.length, outData.length);
    for (int i = 0; i < want.length; ++i) {
      assertEquals(want[i], outData[i], 1e-5);
    }
    outHandle.destroyNativeTensor();
    inHandle.destroyNativeTensor();
    predictor.destroyNativePredictor();
  }

  @Test
  void olderCapitalizedNames() {
    try (Predictor p = Predictor.create(TestData.mlpConfig()); Tensor x = p.getInputHandle("x")) {
      x.Reshape(2, new int[] {1, 784});
      assertEquals(784, x.GetSize());
      assertEquals("x", x.GetName());
      x.CopyFromCpu(new float[784]);
      p.run();
      try (Tensor y = p.getOutputHandle(p.getOutputNames()[0])) {
        float[] out = new float[10];
        y.CopyToCpu(out);
        float sum = 0;
        for (float v : out) sum += v;
        assertEquals(1f, sum, 1e-5f);
      }
      p.ClearIntermediateTensor();
      p.TryShrinkMemory();
    }
  }

  @Test
  void configGettersAndSwitches() {
    try (Config config = TestData.mlpConfig()) {
      assertTrue(config.getProgFile().endsWith("mlp/model.pdmodel"));
      assertTrue(config.getParamsFile().endsWith("mlp/model.pdiparams"));
      assertEquals("", config.getModelDir());
      config.setCpuMathLibraryNumThreads(2);
      assertEquals(2, config.getCpuMathLibraryNumThreads());
      assertTrue(config.irOptim());
      config.switchIrOptim(false);
      assertTrue(!config.irOptim());
      config.enableUseGpu(100, 0);
      assertTrue(!config.useGpu());
      config.disableGlogInfo();
      assertTrue(config.glogInfoDisabled());
      assertTrue(Predictor.getVersion().startsWith("paddle "));
    }
  }
}
