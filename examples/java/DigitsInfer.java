// Serves the digits CNN that examples/digits_train.py trained and exported,
// from Java through the jar of java/ (JNI over the C API; no Python): classifies
// the held-out images, prints the accuracy, and checks the class probabilities
// against those the Python predictor gave.
// Usage: java -cp paddle-inference-0.1.0.jar:. DigitsInfer EXPORT_DIR
//        (holding model.pdmodel, model.pdiparams, test_x.f32 [N,1,8,8],
//         test_y.i64, python_probs.f32); scripts/java.sh compiles and runs it.
import com.baidu.paddle.inference.Config;
import com.baidu.paddle.inference.Predictor;
import com.baidu.paddle.inference.Tensor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

public class DigitsInfer {
  private static ByteBuffer read(Path dir, String name) throws IOException {
    return ByteBuffer.wrap(Files.readAllBytes(dir.resolve(name))).order(ByteOrder.LITTLE_ENDIAN);
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: DigitsInfer EXPORT_DIR");
      System.exit(2);
    }
    Path dir = Paths.get(args[0]);
    ByteBuffer xBytes = read(dir, "test_x.f32");
    ByteBuffer yBytes = read(dir, "test_y.i64");
    ByteBuffer pBytes = read(dir, "python_probs.f32");
    float[] images = new float[xBytes.remaining() / 4];
    xBytes.asFloatBuffer().get(images);
    long[] labels = new long[yBytes.remaining() / 8];
    yBytes.asLongBuffer().get(labels);
    float[] expected = new float[pBytes.remaining() / 4];
    pBytes.asFloatBuffer().get(expected);
    int n = labels.length;

    Config config = new Config(dir.resolve("model.pdmodel").toString(),
        dir.resolve("model.pdiparams").toString());
    float[] probs;
    try (Predictor predictor = Predictor.create(config);
        Tensor in = predictor.getInputHandle(predictor.getInputNames()[0]);
        Tensor out = predictor.getOutputHandle(predictor.getOutputNames()[0])) {
      in.reshape(n, 1, 8, 8);
      in.copyFromCpu(images);
      predictor.run();
      probs = out.copyToCpuFloat();
    }

    int classes = probs.length / n;
    int correct = 0;
    for (int i = 0; i < n; ++i) {
      int best = 0;
      for (int c = 1; c < classes; ++c) {
        if (probs[i * classes + c] > probs[i * classes + best]) best = c;
      }
      if (best == labels[i]) ++correct;
    }
    float maxErr = 0;
    for (int i = 0; i < probs.length; ++i) {
      maxErr = Math.max(maxErr, Math.abs(probs[i] - expected[i]));
    }
    boolean match = probs.length == expected.length && maxErr <= 1e-5f;
    System.out.printf("Java paddle-inference: %d test images, accuracy %.2f%%, max |Java - Python| = %.3g -> %s%n",
        n, 100.0 * correct / n, maxErr, match ? "MATCH" : "MISMATCH");
    System.exit(match ? 0 : 1);
  }
}
