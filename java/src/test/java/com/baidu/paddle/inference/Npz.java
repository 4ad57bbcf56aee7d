package com.baidu.paddle.inference;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Reads the arrays of an .npz (a zip of .npy files), in the zip's order. Test helper. */
final class Npz {
  /** One .npy array: its dtype ("<f4", "<i8", ...), shape and little-endian bytes. */
  static final class Array {
    final String descr;
    final int[] shape;
    final ByteBuffer data;

    Array(String descr, int[] shape, ByteBuffer data) {
      this.descr = descr;
      this.shape = shape;
      this.data = data;
    }

    int numel() {
      int n = 1;
      for (int d : shape) {
        n *= d;
      }
      return n;
    }

    float[] floats() {
      float[] out = new float[numel()];
      data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
      return out;
    }

    double[] doubles() {
      double[] out = new double[numel()];
      data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
      return out;
    }

    int[] ints() {
      int[] out = new int[numel()];
      data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
      return out;
    }

    long[] longs() {
      long[] out = new long[numel()];
      data.duplicate().order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
      return out;
    }

    byte[] bytes() {
      byte[] out = new byte[numel()];
      data.duplicate().get(out);
      return out;
    }

    /** The values widened to double, whatever the dtype. */
    double[] widened() {
      double[] out = new double[numel()];
      switch (descr) {
        case "<f4": { float[] v = floats(); for (int i = 0; i < v.length; ++i) out[i] = v[i]; break; }
        case "<f8": return doubles();
        case "<i4": { int[] v = ints(); for (int i = 0; i < v.length; ++i) out[i] = v[i]; break; }
        case "<i8": { long[] v = longs(); for (int i = 0; i < v.length; ++i) out[i] = v[i]; break; }
        case "|u1": { byte[] v = bytes(); for (int i = 0; i < v.length; ++i) out[i] = v[i] & 0xff; break; }
        case "|i1": { byte[] v = bytes(); for (int i = 0; i < v.length; ++i) out[i] = v[i]; break; }
        default: throw new IllegalArgumentException("no Java type for dtype " + descr);
      }
      return out;
    }
  }

  private static final Pattern DESCR = Pattern.compile("'descr':\\s*'([^']+)'");
  private static final Pattern FORTRAN = Pattern.compile("'fortran_order':\\s*(True|False)");
  private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([^)]*)\\)");

  private Npz() {}

  /** Entry name without ".npy" to array, in the zip's order. */
  static Map<String, Array> read(Path path) throws IOException {
    Map<String, Array> arrays = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(path.toFile())) {
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        String name = entry.getName().replaceFirst("\\.npy$", "");
        arrays.put(name, parseNpy(zip.getInputStream(entry).readAllBytes(), name));
      }
    }
    return arrays;
  }

  static Array parseNpy(byte[] bytes, String name) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < 10 || (bytes[0] & 0xff) != 0x93 || bytes[1] != 'N') {
      throw new IllegalArgumentException(name + ": not an .npy array");
    }
    int major = bytes[6];
    int headerLength = major == 1 ? b.getShort(8) & 0xffff : b.getInt(8);
    int headerStart = major == 1 ? 10 : 12;
    String header = new String(bytes, headerStart, headerLength, StandardCharsets.ISO_8859_1);
    Matcher descr = DESCR.matcher(header);
    Matcher fortran = FORTRAN.matcher(header);
    Matcher shape = SHAPE.matcher(header);
    if (!descr.find() || !fortran.find() || !shape.find()) {
      throw new IllegalArgumentException(name + ": bad .npy header " + header);
    }
    if (fortran.group(1).equals("True")) {
      throw new IllegalArgumentException(name + ": Fortran order is not supported");
    }
    List<Integer> dims = new ArrayList<>();
    for (String d : shape.group(1).split(",")) {
      if (!d.isBlank()) {
        dims.add(Integer.parseInt(d.trim()));
      }
    }
    int[] dimArray = dims.stream().mapToInt(Integer::intValue).toArray();
    ByteBuffer data = ByteBuffer.wrap(bytes, headerStart + headerLength,
        bytes.length - headerStart - headerLength).slice();
    return new Array(descr.group(1), dimArray, data);
  }
}
