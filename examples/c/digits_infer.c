/* Serves the digits CNN that examples/digits_train.py trained and exported,
 * through the C API in plain C99 (no Python, no C++ in this program):
 * classifies the held-out images, prints the accuracy, and checks the class
 * probabilities against those the Python predictor gave.
 * Usage: digits_infer_c EXPORT_DIR  (holding model.pdmodel, model.pdiparams,
 *                                    test_x.f32 [N,1,8,8], test_y.i64, python_probs.f32) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pd_inference_api.h"

/* The whole of dir/name, malloc'ed (the caller frees it); *bytes gets its size. */
static void* ReadAll(const char* dir, const char* name, size_t* bytes) {
  char path[4096];
  FILE* f;
  long size;
  void* data;
  if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) return NULL;
  f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "digits_infer_c: cannot open %s\n", path);
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  data = malloc(size > 0 ? (size_t)size : 1);
  if (data && fread(data, 1, (size_t)size, f) != (size_t)size) {
    free(data);
    data = NULL;
  }
  fclose(f);
  *bytes = (size_t)size;
  return data;
}

int main(int argc, char** argv) {
  size_t x_bytes = 0, y_bytes = 0, p_bytes = 0;
  float* x;
  int64_t* labels;
  float* expected;
  PD_Config* config;
  PD_Predictor* predictor = NULL;
  PD_OneDimArrayCstr* inputs = NULL;
  PD_OneDimArrayCstr* outputs = NULL;
  PD_Tensor* in = NULL;
  PD_Tensor* out = NULL;
  const float* probs;
  int32_t shape[4], size = 0, n, classes, i, correct = 0;
  float max_err = 0.0f;
  char prog[4096], params[4096];
  int rc = 1;

  if (argc != 2) {
    fprintf(stderr, "usage: %s EXPORT_DIR\n", argv[0]);
    return 2;
  }
  x = (float*)ReadAll(argv[1], "test_x.f32", &x_bytes);
  labels = (int64_t*)ReadAll(argv[1], "test_y.i64", &y_bytes);
  expected = (float*)ReadAll(argv[1], "python_probs.f32", &p_bytes);
  n = (int32_t)(y_bytes / sizeof(int64_t));
  if (!x || !labels || !expected || x_bytes != (size_t)n * 64 * sizeof(float)) {
    fprintf(stderr, "digits_infer_c: test_x.f32 is not N x 64 floats for N labels\n");
    goto done;
  }

  snprintf(prog, sizeof prog, "%s/model.pdmodel", argv[1]);
  snprintf(params, sizeof params, "%s/model.pdiparams", argv[1]);
  config = PD_ConfigCreate();
  if (!config) goto error;
  if (!PD_ConfigSetModel(config, prog, params)) {
    fprintf(stderr, "digits_infer_c: %s\n", PD_GetLastErrorMessage());
    PD_ConfigDestroy(config);
    goto done;
  }
  predictor = PD_PredictorCreate(config); /* takes the config */
  if (!predictor) goto error;
  inputs = PD_PredictorGetInputNames(predictor);
  outputs = PD_PredictorGetOutputNames(predictor);
  if (!inputs || !outputs) goto error;
  in = PD_PredictorGetInputHandle(predictor, inputs->data[0]);
  out = PD_PredictorGetOutputHandle(predictor, outputs->data[0]);
  shape[0] = n, shape[1] = 1, shape[2] = 8, shape[3] = 8;
  if (!in || !out || !PD_TensorReshape(in, 4, shape) || !PD_TensorCopyFromCpuFloat(in, x) ||
      !PD_PredictorRun(predictor))
    goto error;
  /* Zero copy: the output read in place. */
  probs = PD_TensorDataFloat(out, NULL, &size);
  if (!probs) goto error;
  classes = n > 0 ? size / n : 0;
  if (classes <= 0 || (size_t)size * sizeof(float) != p_bytes) {
    fprintf(stderr, "digits_infer_c: %d outputs for %d images and %lu expected bytes\n", size, n,
            (unsigned long)p_bytes);
    goto done;
  }
  for (i = 0; i < n; ++i) {
    int32_t c, best = 0;
    for (c = 1; c < classes; ++c)
      if (probs[i * classes + c] > probs[i * classes + best]) best = c;
    correct += best == labels[i];
  }
  for (i = 0; i < size; ++i) {
    float d = (float)fabs(probs[i] - expected[i]);
    if (d > max_err) max_err = d;
  }
  printf("C paddle_inference_c: %d test images, accuracy %.2f%%, max |C - Python| = %.3g -> %s\n",
         n, 100.0 * correct / n, max_err, max_err <= 1e-5f ? "MATCH" : "MISMATCH");
  rc = max_err <= 1e-5f ? 0 : 1;
  goto done;

error:
  fprintf(stderr, "digits_infer_c: %s\n", PD_GetLastErrorMessage());
done:
  PD_TensorDestroy(in);
  PD_TensorDestroy(out);
  PD_OneDimArrayCstrDestroy(inputs);
  PD_OneDimArrayCstrDestroy(outputs);
  PD_PredictorDestroy(predictor);
  free(x);
  free(labels);
  free(expected);
  return rc;
}
