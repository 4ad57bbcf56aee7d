#include "core/ops/blas.h"

#include <cblas.h>
#include <dnnl.h>
#include <omp.h>

#include <dnnl.hpp>
#include <limits>
#include <tuple>
#include <unordered_map>

#include "core/base/enforce.h"

namespace paddle {
namespace ops {

namespace {

// Products of fewer multiply-adds than this run single-threaded.
constexpr int64_t kSingleThreadGemm = int64_t{1} << 19;

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

// C = A Bᵀ (a layer's input gradient, dX = dOut Wᵀ) through oneDNN's matmul
// primitive: its brgemm kernels take about 17% less time here than dnnl_sgemm with a
// transposed B (bench/README.md). A primitive is made once per shape and thread.
void MatmulTransB(int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
                  int64_t ldb, float* c, int64_t ldc) {
  using dnnl::memory;
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  thread_local dnnl::stream stream(engine);
  struct Entry {
    dnnl::matmul prim;
    memory::desc a, b, c;
  };
  using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t, int64_t>;
  struct KeyHash {
    size_t operator()(const Key& key) const {
      size_t h = 0;
      std::apply([&](auto... v) { ((h = h * 1000003u ^ static_cast<size_t>(v)), ...); }, key);
      return h;
    }
  };
  thread_local std::unordered_map<Key, Entry, KeyHash> cache;
  const Key key{m, n, k, lda, ldb, ldc};
  auto it = cache.find(key);
  if (it == cache.end()) {
    if (cache.size() >= 64) cache.clear();  // bounded: shapes of a model are few
    memory::desc amd({m, k}, memory::data_type::f32, memory::dims{lda, 1});
    memory::desc bmd({k, n}, memory::data_type::f32, memory::dims{1, ldb});  // Bᵀ of [n, k]
    memory::desc cmd({m, n}, memory::data_type::f32, memory::dims{ldc, 1});
    dnnl::matmul prim(dnnl::matmul::primitive_desc(dnnl::matmul::desc(amd, bmd, cmd), engine));
    it = cache.emplace(key, Entry{prim, amd, bmd, cmd}).first;
  }
  const Entry& e = it->second;
  memory am(e.a, engine, const_cast<float*>(a)), bm(e.b, engine, const_cast<float*>(b)),
      cm(e.c, engine, c);
  e.prim.execute(stream, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
  stream.wait();
}

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
  // A small product runs on the calling thread alone: waking the OpenMP team
  // costs more than it saves (a 64x64 GEMM: 6 us alone, 19 us on two busy cores).
  const bool small = m * n * k < kSingleThreadGemm;
  const int threads = small ? omp_get_max_threads() : 0;
  if (small) omp_set_num_threads(1);
  if (!trans_a && trans_b && alpha == 1.0f && beta == 0.0f) {
    MatmulTransB(m, n, k, a, s.lda, b, s.ldb, c, s.ldc);
    if (small) omp_set_num_threads(threads);
    return;
  }
  dnnl_status_t status = dnnl_sgemm(trans_a ? 'T' : 'N', trans_b ? 'T' : 'N', s.m, s.n, s.k,
                                    alpha, a, s.lda, b, s.ldb, beta, c, s.ldc);
  if (small) omp_set_num_threads(threads);
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
