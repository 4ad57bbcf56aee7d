#include "core/base/math_threads.h"

#include <cblas.h>
#include <omp.h>

#include "core/base/enforce.h"

namespace paddle {

void SetMathLibraryNumThreads(int n) {
  PD_CHECK(n >= 1, InvalidArgument, "[SetMathLibraryNumThreads] expects a thread count >= 1, got ",
           n);
  openblas_set_num_threads(n);
  omp_set_num_threads(n);  // oneDNN's sgemm runs on OpenMP threads
}

int GetMathLibraryNumThreads() { return omp_get_max_threads(); }

}  // namespace paddle
