// A register-tiled float GEMM for small products (an eager 64x64 matmul): its tiles' sums stay
// in vector registers, it needs no primitive set up per shape, and its row tiles are shared
// among the math threads from two pieces of 65536 multiply-adds (about 2 us of work each; an
// OpenMP team kept warm by back-to-back calls joins in about 1 us, where oneDNN's own split
// of such a product cost more than it saved, so oneDNN's small products run on one thread).
#pragma once

#include <cstdint>

namespace paddle {
namespace ops {

// Whether SmallGemm takes the product: neither operand transposed, n a multiple of 16, and
// fewer than kSmallGemmMultiplyAdds multiply-adds. A fixed rule, so every call of a shape
// runs the same kernel and gives the same numbers.
constexpr int64_t kSmallGemmMultiplyAdds = int64_t{1} << 19;
bool SmallGemmApplies(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k);

// c = alpha * a @ b + beta * c for row-major a [m, k], b [k, n], c [m, n] with leading
// dimensions lda, ldb, ldc; c is not read when beta is 0. The shape must be one
// SmallGemmApplies takes.
void SmallGemm(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
               const float* b, int64_t ldb, float beta, float* c, int64_t ldc);

}  // namespace ops
}  // namespace paddle
