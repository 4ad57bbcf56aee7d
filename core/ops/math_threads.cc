#include "core/ops/math_threads.h"

#include <cblas.h>

#include "core/framework/enforce.h"

namespace paddle {

void SetMathLibraryNumThreads(int n) {
  PD_CHECK(n >= 1, InvalidArgument, "[SetMathLibraryNumThreads] expects a thread count >= 1, got ",
           n);
  openblas_set_num_threads(n);
}

int GetMathLibraryNumThreads() { return openblas_get_num_threads(); }

}  // namespace paddle
