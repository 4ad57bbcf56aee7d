// The number of threads the CPU math libraries (oneDNN, OpenBLAS) may use inside one op.
#pragma once

namespace paddle {

// n >= 1; throws InvalidArgument otherwise.
void SetMathLibraryNumThreads(int n);
int GetMathLibraryNumThreads();

}  // namespace paddle
