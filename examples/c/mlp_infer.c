/* Runs the MLP of tests/data through the C API, in plain C99:
 *   mlp_infer_c MODEL_DIR [EXPECTED]
 * loads MODEL_DIR/model.pdmodel + model.pdiparams, feeds the 4x784 floats of
 * MODEL_DIR/x.f32, and prints each row's 10 probabilities and its argmax.
 * Given EXPECTED (4x10 raw floats, e.g. MODEL_DIR/softmax_0.tmp_0.f32, the
 * answer PaddlePaddle recorded), also prints the largest difference from it
 * and fails above 1e-5. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pd_inference_api.h"

enum { kRows = 4, kCols = 784, kClasses = 10 };

/* Reads exactly n floats from path into out; 0 when it cannot. */
static int ReadFloats(const char* path, float* out, size_t n) {
  FILE* f;
  size_t got;
  f = fopen(path, "rb");
  if (!f) return 0;
  got = fread(out, sizeof(float), n, f);
  fclose(f);
  return got == n;
}

static int Fail(const char* what) {
  fprintf(stderr, "mlp_infer_c: %s failed: %s\n", what, PD_GetLastErrorMessage());
  return 1;
}

int main(int argc, char** argv) {
  static float x[kRows * kCols];
  float y[kRows * kClasses], expected[kRows * kClasses];
  char prog[4096], params[4096], input[4096];
  int32_t shape[2] = {kRows, kCols};
  PD_Config* config;
  PD_Predictor* predictor;
  PD_OneDimArrayCstr* inputs;
  PD_OneDimArrayCstr* outputs;
  PD_Tensor* in;
  PD_Tensor* out;
  PD_OneDimArrayInt32* out_shape;
  int rc = 0, r, c;

  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s MODEL_DIR [EXPECTED]\n", argv[0]);
    return 2;
  }
  if (snprintf(prog, sizeof prog, "%s/model.pdmodel", argv[1]) >= (int)sizeof prog) return 2;
  snprintf(params, sizeof params, "%s/model.pdiparams", argv[1]);
  snprintf(input, sizeof input, "%s/x.f32", argv[1]);
  if (!ReadFloats(input, x, kRows * kCols)) {
    fprintf(stderr, "mlp_infer_c: cannot read %s\n", input);
    return 1;
  }

  printf("%s\n", PD_GetVersion());
  config = PD_ConfigCreate();
  if (!config) return Fail("PD_ConfigCreate");
  if (!PD_ConfigSetModel(config, prog, params)) {
    rc = Fail("PD_ConfigSetModel");
    PD_ConfigDestroy(config);
    return rc;
  }
  PD_ConfigSetCpuMathLibraryNumThreads(config, 1);
  predictor = PD_PredictorCreate(config); /* takes the config */
  if (!predictor) return Fail("PD_PredictorCreate");

  inputs = PD_PredictorGetInputNames(predictor);
  outputs = PD_PredictorGetOutputNames(predictor);
  if (!inputs || !outputs || inputs->size != 1 || outputs->size != 1) {
    rc = Fail("reading the input and output names");
    goto done_names;
  }
  printf("input %s, output %s\n", inputs->data[0], outputs->data[0]);

  in = PD_PredictorGetInputHandle(predictor, inputs->data[0]);
  out = PD_PredictorGetOutputHandle(predictor, outputs->data[0]);
  if (!in || !out || !PD_TensorReshape(in, 2, shape) || !PD_TensorCopyFromCpuFloat(in, x) ||
      !PD_PredictorRun(predictor)) {
    rc = Fail("running the model");
    goto done_handles;
  }
  out_shape = PD_TensorGetShape(out);
  if (!out_shape || out_shape->size != 2 || out_shape->data[0] * out_shape->data[1] !=
      kRows * kClasses || !PD_TensorCopyToCpuFloat(out, y)) {
    rc = Fail("reading the output");
    PD_OneDimArrayInt32Destroy(out_shape);
    goto done_handles;
  }
  PD_OneDimArrayInt32Destroy(out_shape);

  for (r = 0; r < kRows; ++r) {
    int best = 0;
    printf("row %d:", r);
    for (c = 0; c < kClasses; ++c) {
      printf(" %.6f", y[r * kClasses + c]);
      if (y[r * kClasses + c] > y[r * kClasses + best]) best = c;
    }
    printf("  -> class %d\n", best);
  }
  if (argc == 3) {
    float diff = 0.0f;
    if (!ReadFloats(argv[2], expected, kRows * kClasses)) {
      fprintf(stderr, "mlp_infer_c: cannot read %s\n", argv[2]);
      rc = 1;
      goto done_handles;
    }
    for (r = 0; r < kRows * kClasses; ++r) {
      float d = (float)fabs(y[r] - expected[r]);
      if (d > diff) diff = d;
    }
    printf("max abs diff from the recorded output: %g\n", diff);
    if (diff > 1e-5f) rc = 1;
  }

done_handles:
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
done_names:
  PD_OneDimArrayCstrDestroy(inputs);
  PD_OneDimArrayCstrDestroy(outputs);
  PD_PredictorDestroy(predictor);
  return rc;
}
