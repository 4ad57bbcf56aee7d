/* PaddlePaddle's C CPU demo (Paddle-Inference-Demo, c/cpu/resnet50/
 * resnet50_demo.c) written again from its API calls, to show that such a
 * program builds against this C SDK unchanged. What differs from the original,
 * and why:
 *  - the model: tests/data/tiny_resnet224 (an ImageNet-shaped classifier of
 *    about 60 KB) instead of ResNet-50's files in the working directory; the
 *    .pdmodel and .pdiparams paths are the program's two arguments.
 *  - the input: the C++ demo's synthetic one (element i is i % 255 * 0.1),
 *    which PaddlePaddle's own output was recorded for
 *    (tests/data/tiny_resnet224/demo_io.npz); every 100th output is printed
 *    ("i : v") so a test can compare the run with PaddlePaddle's.
 *  - the return values are checked: this API returns FALSE/NULL and a last
 *    error where PaddlePaddle's aborts.
 * The inference calls are the demo's: PD_ConfigCreate, PD_ConfigSetModel,
 * PD_ConfigEnableMKLDNN, PD_ConfigSetCpuMathLibraryNumThreads,
 * PD_ConfigEnableMemoryOptim, PD_PredictorCreate, PD_PredictorGetInputNames,
 * PD_PredictorGetInputHandle, PD_TensorReshape, PD_TensorCopyFromCpuFloat,
 * PD_PredictorRun, PD_PredictorGetOutputNames, PD_PredictorGetOutputHandle,
 * PD_TensorGetShape, PD_TensorCopyToCpuFloat and the *Destroy functions. */
#include <stdio.h>
#include <stdlib.h>

#include "pd_inference_api.h"

static int fail(const char* what) {
  fprintf(stderr, "%s failed: %s\n", what, PD_GetLastErrorMessage());
  return 1;
}

int main(int argc, char* argv[]) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s MODEL.pdmodel MODEL.pdiparams\n", argv[0]);
    return 2;
  }
  PD_Config* config = PD_ConfigCreate();
  PD_ConfigSetModel(config, argv[1], argv[2]);
  PD_ConfigEnableMKLDNN(config);
  PD_ConfigSetCpuMathLibraryNumThreads(config, 1);
  PD_ConfigEnableMemoryOptim(config, TRUE);
  PD_Predictor* predictor = PD_PredictorCreate(config); /* takes the config */
  if (!predictor) return fail("PD_PredictorCreate");

  PD_OneDimArrayCstr* input_names = PD_PredictorGetInputNames(predictor);
  PD_Tensor* input_tensor = PD_PredictorGetInputHandle(predictor, input_names->data[0]);
  int32_t input_shape[4] = {1, 3, 224, 224};
  const size_t input_size = 1 * 3 * 224 * 224;
  float* input_data = (float*)malloc(sizeof(float) * input_size);
  for (size_t i = 0; i < input_size; ++i) input_data[i] = (float)(i % 255) * 0.1f;
  PD_TensorReshape(input_tensor, 4, input_shape);
  PD_TensorCopyFromCpuFloat(input_tensor, input_data);
  if (!PD_PredictorRun(predictor)) return fail("PD_PredictorRun");

  PD_OneDimArrayCstr* output_names = PD_PredictorGetOutputNames(predictor);
  PD_Tensor* output_tensor = PD_PredictorGetOutputHandle(predictor, output_names->data[0]);
  PD_OneDimArrayInt32* output_shape = PD_TensorGetShape(output_tensor);
  size_t out_size = 1;
  for (size_t i = 0; i < output_shape->size; ++i) out_size *= (size_t)output_shape->data[i];
  float* out_data = (float*)malloc(sizeof(float) * out_size);
  if (!PD_TensorCopyToCpuFloat(output_tensor, out_data)) return fail("PD_TensorCopyToCpuFloat");
  for (size_t i = 0; i < out_size; i += 100) printf("%zu : %g\n", i, out_data[i]);

  free(out_data);
  free(input_data);
  PD_OneDimArrayInt32Destroy(output_shape);
  PD_TensorDestroy(output_tensor);
  PD_OneDimArrayCstrDestroy(output_names);
  PD_TensorDestroy(input_tensor);
  PD_OneDimArrayCstrDestroy(input_names);
  PD_PredictorDestroy(predictor);
  return 0;
}
