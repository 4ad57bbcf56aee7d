#include "core/ops/blas.h"

#include <cblas.h>
#include <dnnl.h>

#include <dnnl.hpp>
#include <limits>
#include <tuple>
#include <unordered_map>

#include "core/base/enforce.h"
#include "core/ops/dnnl_util.h"
#include "core/ops/small_gemm.h"

namespace paddle {
namespace ops {

namespace {

// cblas takes 32-bit ints; a silent truncation would read the wrong memory.
blasint ToBlasInt(int64_t v, const char* what) {
  PD_CHECK(v >= 0 && v <= std::numeric_limits<blasint>::max(), InvalidArgument,
           "[gemm] ", what, " must be in [0, ", std::numeric_limits<blasint>::max(), "], got ",
           v);
  return static_cast<blasint>(v);
}

// When k == 0 the product is empty and C = beta * C; some BLAS builds skip
// the beta scaling in that case, so it is done here.
template <typename T>
void ScaleC(int64_t m, int64_t n, T beta, T* c, int64_t ldc) {
  for (int64_t i = 0; i < m; ++i) {
    T* row = c + i * ldc;
    if (beta == T(0)) {
      for (int64_t j = 0; j < n; ++j) row[j] = T(0);
    } else {
      for (int64_t j = 0; j < n; ++j) row[j] *= beta;
    }
  }
}

struct BlasArgs {
  blasint m, n, k, lda, ldb, ldc;
  CBLAS_TRANSPOSE ta, tb;
};

BlasArgs Check(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, int64_t lda,
               int64_t ldb, int64_t ldc) {
  BlasArgs r;
  r.m = ToBlasInt(m, "m");
  r.n = ToBlasInt(n, "n");
  r.k = ToBlasInt(k, "k");
  // cblas rejects a leading dimension of 0 even for empty matrices.
  r.lda = ToBlasInt(lda < 1 ? 1 : lda, "lda");
  r.ldb = ToBlasInt(ldb < 1 ? 1 : ldb, "ldb");
  r.ldc = ToBlasInt(ldc < 1 ? 1 : ldc, "ldc");
  PD_CHECK(lda >= (trans_a ? m : k) && ldb >= (trans_b ? k : n) && ldc >= n, InvalidArgument,
           "[gemm] leading dimensions (", lda, ", ", ldb, ", ", ldc,
           ") are smaller than the rows they stride over (m=", m, ", n=", n, ", k=", k, ")");
  r.ta = trans_a ? CblasTrans : CblasNoTrans;
  r.tb = trans_b ? CblasTrans : CblasNoTrans;
  return r;
}

// C = op(A) op(B) through oneDNN's matmul primitive, made once per shape and thread with its
// memory objects. Its brgemm kernels beat dnnl_sgemm here for C = A Bᵀ (a layer's input
// gradient dX = dOut Wᵀ: about 17% less time, bench/README.md) and for small plain products
// (64x64x64: 5.0 against 5.35 us); dnnl_sgemm stays faster for the larger plain ones.
void MatmulPrimitive(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const float* a,
                     int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc) {
  using dnnl::memory;
  struct Entry {
    dnnl::matmul prim;
    memory::desc a_md, b_md, c_md;
    memory a, b, c;
    dnnl_exec_arg_t args[3];  // a, b and c (made once, their handles re-pointed)
  };
  using Key = std::tuple<bool, bool, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t>;
  struct KeyHash {
    size_t operator()(const Key& key) const {
      size_t h = 0;
      std::apply([&](auto... v) { ((h = h * 1000003u ^ static_cast<size_t>(v)), ...); }, key);
      return h;
    }
  };
  thread_local std::unordered_map<Key, Entry, KeyHash> cache;
  const Key key{trans_a, trans_b, m, n, k, lda, ldb, ldc};
  auto it = cache.find(key);
  if (it == cache.end()) {
    if (cache.size() >= 64) cache.clear();  // bounded: shapes of a model are few
    // A stored transposed is [k, m] row-major: A's [m, k] with strides {1, lda}.
    memory::desc amd({m, k}, memory::data_type::f32,
                     trans_a ? memory::dims{1, lda} : memory::dims{lda, 1});
    memory::desc bmd({k, n}, memory::data_type::f32,
                     trans_b ? memory::dims{1, ldb} : memory::dims{ldb, 1});
    memory::desc cmd({m, n}, memory::data_type::f32, memory::dims{ldc, 1});
    const dnnl::matmul::desc desc(amd, bmd, cmd);
    dnnl::matmul prim(dnnl::matmul::primitive_desc(desc, DnnlEngine()));
    it = cache.emplace(key, Entry{prim, amd, bmd, cmd, {}, {}, {}, {}}).first;
  }
  Entry& e = it->second;
  PointMemory(&e.a, e.a_md, const_cast<float*>(a));
  PointMemory(&e.b, e.b_md, const_cast<float*>(b));
  PointMemory(&e.c, e.c_md, c);
  e.args[0] = {DNNL_ARG_SRC, e.a.get()};
  e.args[1] = {DNNL_ARG_WEIGHTS, e.b.get()};
  e.args[2] = {DNNL_ARG_DST, e.c.get()};
  DnnlExecute(e.prim, DnnlStream(), 3, e.args);
  DnnlStream().wait();
}

// Products of fewer multiply-adds than this go to dnnl_sgemm even when plain: the
// primitive's call costs more than its kernel saves.
constexpr int64_t kSmallestPrimitiveGemm = int64_t{1} << 15;

}  // namespace

void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha,
          const float* a, int64_t lda, const float* b, int64_t ldb, float beta, float* c,
          int64_t ldc) {
  BlasArgs s = Check(trans_a, trans_b, m, n, k, lda, ldb, ldc);
  if (m == 0 || n == 0) return;
  if (k == 0) return ScaleC(m, n, beta, c, ldc);
  // float goes to oneDNN: its JIT picks kernels by CPU feature bits, where
  // OpenBLAS 0.3.21 falls back to SSE3 on CPUs it does not know by model
  // (4x slower on the MLP's GEMMs here; bench/README.md).
  if (SmallGemmApplies(trans_a, trans_b, m, n, k))
    return SmallGemm(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  const OneThreadIfSmall one_thread(m * n * k);
  const bool plain_small = !trans_b && one_thread.small() && m * n * k >= kSmallestPrimitiveGemm;
  if (!trans_a && (trans_b || plain_small) && alpha == 1.0f && beta == 0.0f)
    return MatmulPrimitive(false, trans_b, m, n, k, a, s.lda, b, s.ldb, c, s.ldc);
  dnnl_status_t status = dnnl_sgemm(trans_a ? 'T' : 'N', trans_b ? 'T' : 'N', s.m, s.n, s.k,
                                    alpha, a, s.lda, b, s.ldb, beta, c, s.ldc);
  PD_CHECK(status == dnnl_success, Fatal, "[gemm] oneDNN sgemm failed with status ",
           static_cast<int>(status), " for m=", m, " n=", n, " k=", k);
}

void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha,
          const double* a, int64_t lda, const double* b, int64_t ldb, double beta, double* c,
          int64_t ldc) {
  BlasArgs s = Check(trans_a, trans_b, m, n, k, lda, ldb, ldc);
  if (m == 0 || n == 0) return;
  if (k == 0) return ScaleC(m, n, beta, c, ldc);
  cblas_dgemm(CblasRowMajor, s.ta, s.tb, s.m, s.n, s.k, alpha, a, s.lda, b, s.ldb, beta, c,
              s.ldc);
}

}  // namespace ops
}  // namespace paddle
