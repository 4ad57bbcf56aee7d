package com.baidu.paddle.inference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Where tests/data is (the system property paddle.test.data, set by the pom). Test helper. */
final class TestData {
  private TestData() {}

  static Path root() {
    String dir = System.getProperty("paddle.test.data", "../tests/data");
    return Paths.get(dir).toAbsolutePath().normalize();
  }

  /** The MLP exported by PaddlePaddle 3.3.1: input x [N, 784] float32, output softmax [N, 10]. */
  static Path mlp() {
    return root().resolve("mlp");
  }

  static Config mlpConfig() {
    return new Config(mlp().resolve("model.pdmodel").toString(),
        mlp().resolve("model.pdiparams").toString());
  }

  /** Every folder with a model, its meta.json and its recorded io.npz, sorted. */
  static List<Path> modelDirs() throws IOException {
    try (Stream<Path> dirs = Files.list(root())) {
      return dirs.filter(d -> Files.isRegularFile(d.resolve("meta.json"))
              && Files.isRegularFile(d.resolve("io.npz"))
              && Files.isRegularFile(d.resolve("model.pdmodel")))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
