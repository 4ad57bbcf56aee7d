package com.baidu.paddle.inference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every model of tests/data returns, through Java, the outputs PaddlePaddle 3.3.1 recorded. */
class ModelsTest {
  private static final double TOLERANCE = 1e-5;

  @Test
  void testDataHoldsTheModels() throws IOException {
    assertTrue(TestData.modelDirs().size() >= 10, "models found in " + TestData.root());
  }

  @TestFactory
  Stream<DynamicTest> everyModelMatchesPaddlePaddle() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path dir : TestData.modelDirs()) {
      for (boolean irOptim : new boolean[] {true, false}) {
        String name = dir.getFileName() + (irOptim ? " (ir_optim)" : " (no ir_optim)");
        tests.add(DynamicTest.dynamicTest(name, () -> check(dir, irOptim)));
      }
    }
    return tests.stream();
  }

  private static void check(Path dir, boolean irOptim) throws IOException {
    Map<String, Npz.Array> io = Npz.read(dir.resolve("io.npz"));
    List<String> inNames = new ArrayList<>();
    List<String> outNames = new ArrayList<>();
    for (String key : io.keySet()) {
      if (key.startsWith("in:")) inNames.add(key.substring(3));
      if (key.startsWith("out:")) outNames.add(key.substring(4));
    }
    Config config = new Config(dir.resolve("model.pdmodel").toString(),
        dir.resolve("model.pdiparams").toString());
    config.switchIrOptim(irOptim);
    try (Predictor predictor = Predictor.create(config)) {
      assertEquals(inNames, List.of(predictor.getInputNames()));
      assertEquals(outNames, List.of(predictor.getOutputNames()));
      for (String name : inNames) {
        Npz.Array array = io.get("in:" + name);
        try (Tensor input = predictor.getInputHandle(name)) {
          input.reshape(array.shape);
          copyIn(input, array);
        }
      }
      predictor.run();
      for (String name : outNames) {
        Npz.Array want = io.get("out:" + name);
        try (Tensor output = predictor.getOutputHandle(name)) {
          assertEquals(name, output.getName());
          assertArrayEquals(want.shape, output.getShape(), name + " shape");
          double[] got = copyOut(output);
          double[] expected = want.widened();
          assertEquals(expected.length, got.length, name + " size");
          // Recorded NaNs (averages over windows wholly in the padding) must come back as NaN.
          double worst = 0;
          for (int i = 0; i < got.length; ++i) {
            boolean gotNan = Double.isNaN(got[i]);
            boolean wantNan = Double.isNaN(expected[i]);
            double diff = gotNan || wantNan
                ? (gotNan == wantNan ? 0 : Double.POSITIVE_INFINITY)
                : Math.abs(got[i] - expected[i]);
            worst = Math.max(worst, diff);
          }
          assertTrue(worst <= TOLERANCE, name + ": max abs diff " + worst);
        }
      }
    }
  }

  private static void copyIn(Tensor t, Npz.Array a) {
    switch (a.descr) {
      case "<f4": t.copyFromCpu(a.floats()); break;
      case "<f8": t.copyFromCpu(a.doubles()); break;
      case "<i4": t.copyFromCpu(a.ints()); break;
      case "<i8": t.copyFromCpu(a.longs()); break;
      case "|u1": case "|i1": t.copyFromCpu(a.bytes()); break;
      default: throw new IllegalArgumentException("no Java type for dtype " + a.descr);
    }
  }

  /** The output's values as doubles, copied out through the array type of its dtype. */
  private static double[] copyOut(Tensor t) {
    int n = t.getSize();
    double[] out = new double[n];
    switch (t.getDataType()) {
      case FLOAT32: { float[] v = new float[n]; t.copyToCpu(v); for (int i = 0; i < n; ++i) out[i] = v[i]; break; }
      case FLOAT64: t.copyToCpu(out); break;
      case INT32: { int[] v = new int[n]; t.copyToCpu(v); for (int i = 0; i < n; ++i) out[i] = v[i]; break; }
      case INT64: { long[] v = new long[n]; t.copyToCpu(v); for (int i = 0; i < n; ++i) out[i] = v[i]; break; }
      case UINT8: { byte[] v = new byte[n]; t.copyToCpu(v); for (int i = 0; i < n; ++i) out[i] = v[i] & 0xff; break; }
      case INT8: { byte[] v = new byte[n]; t.copyToCpu(v); for (int i = 0; i < n; ++i) out[i] = v[i]; break; }
      default: throw new AssertionError("no Java type for " + t.getDataType());
    }
    return out;
  }
}
