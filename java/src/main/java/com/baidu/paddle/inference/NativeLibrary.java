package com.baidu.paddle.inference;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads libpaddle_inference_java (the JNI library) once, from the first of:
 *
 * <ol>
 *   <li>the system property {@code paddle.inference.lib.path}: the library file, or the folder
 *       holding it (and the libpaddle_inference_c and libpaddle_core it loads);
 *   <li>the first folder of {@code java.library.path} that holds it (with the two it loads);
 *   <li>the jar: the libraries the build packed under {@code native/linux-x86_64/}, extracted to a
 *       temporary folder removed when the JVM exits.
 * </ol>
 */
public final class NativeLibrary {
  /** The system property naming the library file or its folder. */
  public static final String PATH_PROPERTY = "paddle.inference.lib.path";

  static final String NAME = "paddle_inference_java";
  /** In load order: each one's dependencies come before it. */
  private static final String[] FILES = {
    "libpaddle_core.so", "libpaddle_inference_c.so", "libpaddle_inference_java.so"
  };
  private static final String RESOURCE_DIR = "/native/linux-x86_64/";

  private static String loadedFrom;

  private NativeLibrary() {}

  /** Loads the library if not yet loaded; UnsatisfiedLinkError (saying what was tried) if none is found. */
  public static synchronized void load() {
    if (loadedFrom != null) {
      return;
    }
    List<String> tried = new ArrayList<>();
    String property = System.getProperty(PATH_PROPERTY);
    if (property != null && !property.isEmpty()) {
      loadedFrom = loadFromPath(new File(property));
      return;
    }
    // Looked up here rather than by System.loadLibrary, so that the libraries it needs are
    // loaded first from the same folder (their own run paths point into the build tree).
    String libraryPath = System.getProperty("java.library.path", "");
    for (String dir : libraryPath.split(File.pathSeparator)) {
      if (!dir.isEmpty() && new File(dir, FILES[FILES.length - 1]).isFile()) {
        loadedFrom = loadFromPath(new File(dir));
        return;
      }
    }
    tried.add("java.library.path (" + libraryPath + ")");
    if (NativeLibrary.class.getResource(RESOURCE_DIR + FILES[FILES.length - 1]) != null) {
      loadedFrom = loadFromJar();
      return;
    }
    tried.add("the jar (no " + RESOURCE_DIR + FILES[FILES.length - 1] + " in it)");
    throw new UnsatisfiedLinkError("paddle inference: lib" + NAME + ".so not found; set -D"
        + PATH_PROPERTY + "=<folder> or build the jar with the native libraries. Tried: "
        + String.join("; ", tried));
  }

  /** The library file loaded (noting when it came from the jar), or null before {@link #load()}. */
  public static synchronized String loadedFrom() {
    return loadedFrom;
  }

  private static String loadFromPath(File path) {
    File library = path.isDirectory() ? new File(path, FILES[FILES.length - 1]) : path;
    if (!library.isFile()) {
      throw new UnsatisfiedLinkError("paddle inference: " + PATH_PROPERTY + "=" + path
          + " names no file " + FILES[FILES.length - 1]);
    }
    // Its dependencies first when they sit beside it, so no RPATH or LD_LIBRARY_PATH is needed.
    for (int i = 0; i < FILES.length - 1; ++i) {
      File dependency = new File(library.getParentFile(), FILES[i]);
      if (dependency.isFile()) {
        System.load(dependency.getAbsolutePath());
      }
    }
    System.load(library.getAbsolutePath());
    return library.getAbsolutePath();
  }

  private static String loadFromJar() {
    try {
      Path dir = Files.createTempDirectory("paddle-inference-");
      dir.toFile().deleteOnExit();
      for (String file : FILES) {
        Path target = dir.resolve(file);
        try (InputStream in = NativeLibrary.class.getResourceAsStream(RESOURCE_DIR + file)) {
          if (in == null) {
            throw new UnsatisfiedLinkError("paddle inference: the jar lacks " + RESOURCE_DIR + file);
          }
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        // A loaded library stays mapped after its file is gone.
        target.toFile().deleteOnExit();
      }
      return loadFromPath(dir.toFile()) + " (extracted from the jar)";
    } catch (IOException e) {
      UnsatisfiedLinkError error = new UnsatisfiedLinkError(
          "paddle inference: cannot extract the native libraries: " + e.getMessage());
      error.initCause(e);
      throw error;
    }
  }
}
