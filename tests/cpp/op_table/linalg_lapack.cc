// The LAPACK-backed linear algebra: inverse, determinant, slogdeterminant,
// matrix_power, cholesky, solve, triangular_solve, cholesky_solve, qr, svd,
// eigh, eigvalsh, lu, lu_unpack, lstsq, matrix_rank. Decompositions, whose
// factors are unique only up to signs, are checked by their identities
// (Q R = X, U S VH = X, ...) rather than a reference. Inputs whose values
// matter (invertible, positive definite) are given whole as `special` values.
// cholesky, eigh and eigvalsh read one triangle but return PaddlePaddle's
// symmetric gradient, which central differences of single entries cannot
// see: their gradients are checked in tests/python/test_linalg_lapack.py.
#include "op_table.h"

namespace paddle {
namespace test {

namespace {

using Vec = std::vector<double>;

// Matrix b (of rows x cols) of a batch.
Vec MatrixOf(const Arr& a, int64_t b, int64_t rows, int64_t cols) {
  return Vec(a.v.begin() + b * rows * cols, a.v.begin() + (b + 1) * rows * cols);
}

Vec MatMul(const Vec& a, const Vec& b, int64_t m, int64_t k, int64_t n) {
  Vec c(m * n, 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t j = 0; j < n; ++j) c[i * n + j] += a[i * k + p] * b[p * n + j];
  return c;
}

Vec TransposeOf(const Vec& a, int64_t m, int64_t n) {
  Vec t(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) t[j * m + i] = a[i * n + j];
  return t;
}

// Gauss-Jordan elimination with partial pivoting; also the determinant.
Vec Inverse(Vec a, int64_t n, double* det = nullptr) {
  Vec inv(n * n, 0.0);
  for (int64_t i = 0; i < n; ++i) inv[i * n + i] = 1.0;
  double d = 1.0;
  for (int64_t c = 0; c < n; ++c) {
    int64_t p = c;
    for (int64_t r = c + 1; r < n; ++r)
      if (std::abs(a[r * n + c]) > std::abs(a[p * n + c])) p = r;
    if (p != c) {
      for (int64_t j = 0; j < n; ++j) std::swap(a[c * n + j], a[p * n + j]), std::swap(inv[c * n + j], inv[p * n + j]);
      d = -d;
    }
    const double piv = a[c * n + c];
    d *= piv;
    for (int64_t j = 0; j < n; ++j) a[c * n + j] /= piv, inv[c * n + j] /= piv;
    for (int64_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = a[r * n + c];
      for (int64_t j = 0; j < n; ++j) a[r * n + j] -= f * a[c * n + j], inv[r * n + j] -= f * inv[c * n + j];
    }
  }
  if (det) *det = d;
  return inv;
}

// Deterministic, well-conditioned matrices (diagonally dominant), batch x n x n.
Vec WellConditioned(int64_t batch, int64_t n) {
  Vec v;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        v.push_back(0.4 * std::sin(1.0 + 7 * i + 3 * j + 11 * b) + (i == j ? (b % 2 ? -2.0 : 2.0) : 0.0));
  return v;
}

// Symmetric positive definite: M M^T + I of the matrices above.
Vec PositiveDefinite(int64_t batch, int64_t n) {
  const Vec m = WellConditioned(batch, n);
  Vec v;
  for (int64_t b = 0; b < batch; ++b) {
    const Vec mb(m.begin() + b * n * n, m.begin() + (b + 1) * n * n);
    Vec s = MatMul(mb, TransposeOf(mb, n, n), n, n, n);
    for (int64_t i = 0; i < n; ++i) s[i * n + i] += 1.0;
    v.insert(v.end(), s.begin(), s.end());
  }
  return v;
}

// Lower triangular with a strong diagonal (the upper part holds values the
// ops must not read).
Vec LowerFactor(int64_t batch, int64_t n) {
  Vec v = WellConditioned(batch, n);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < n; ++i) v[b * n * n + i * n + i] = 2.0 + 0.1 * i;
  return v;
}

Vec Cholesky(const Vec& a, int64_t n) {
  Vec l(n * n, 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j <= i; ++j) {
      double s = a[i * n + j];
      for (int64_t k = 0; k < j; ++k) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = i == j ? std::sqrt(s) : s / l[j * n + j];
    }
  return l;
}

// The triangle a triangular op reads (the diagonal as ones when unit).
Vec Triangle(const Vec& a, int64_t n, bool upper, bool unit) {
  Vec t(n * n, 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      if (i == j) t[i * n + j] = unit ? 1.0 : a[i * n + j];
      else if (upper ? j > i : j < i) t[i * n + j] = a[i * n + j];
  return t;
}

// Out = f(A_b) B_b per batch entry; A and B batches broadcast (one may be 1).
Arr SolveRef(const Arr& a, const Arr& b, int64_t n, int64_t k, Shape out_shape,
             const std::function<Vec(const Vec&)>& inverse_of) {
  const int64_t ba = Numel(a.shape) / (n * n), bb = Numel(b.shape) / (n * k);
  Arr out{out_shape, {}};
  for (int64_t p = 0; p < std::max(ba, bb); ++p) {
    const Vec inv = inverse_of(MatrixOf(a, ba == 1 ? 0 : p, n, n));
    const Vec x = MatMul(inv, MatrixOf(b, bb == 1 ? 0 : p, n, k), n, n, k);
    out.v.insert(out.v.end(), x.begin(), x.end());
  }
  return out;
}

Arr PerMatrix(const Arr& x, int64_t n, Shape out_shape, const std::function<Vec(const Vec&)>& f) {
  Arr out{out_shape, {}};
  for (int64_t b = 0; b < Numel(x.shape) / (n * n); ++b) {
    const Vec r = f(MatrixOf(x, b, n, n));
    out.v.insert(out.v.end(), r.begin(), r.end());
  }
  return out;
}

void ExpectNear(const Vec& got, const Vec& want, double tol, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << what << " at " << i;
}

Vec Identity(int64_t n) {
  Vec e(n * n, 0.0);
  for (int64_t i = 0; i < n; ++i) e[i * n + i] = 1.0;
  return e;
}

// Orthonormal columns: Q^T Q = I for Q [m, k].
void ExpectOrthonormalColumns(const Vec& q, int64_t m, int64_t k, const std::string& what) {
  ExpectNear(MatMul(TransposeOf(q, m, k), q, k, m, k), Identity(k), 1e-4, what);
}

Vec Diag(const Vec& s, int64_t k) {
  Vec d(k * k, 0.0);
  for (int64_t i = 0; i < k; ++i) d[i * k + i] = s[i];
  return d;
}

OpRow QrRow(const std::string& name, int64_t m, int64_t n) {
  OpRow r{name, "qr", {{"X", {2, m, n}}}, {{"mode", std::string("reduced")}}, nullptr};
  r.out_slot = "Q";
  r.more_out_slots = {"R"};
  const int64_t k = std::min(m, n);
  r.check = [m, n, k](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    for (int64_t b = 0; b < 2; ++b) {
      const Vec q = MatrixOf(out[0], b, m, k), rr = MatrixOf(out[1], b, k, n);
      ExpectOrthonormalColumns(q, m, k, "Q^T Q");
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < i; ++j) EXPECT_EQ(rr[i * n + j], 0.0) << "R upper triangular";
      ExpectNear(MatMul(q, rr, m, k, n), MatrixOf(in[0], b, m, n), 1e-4, "Q R = X");
    }
  };
  return r;
}

OpRow SvdRow(const std::string& name, int64_t m, int64_t n) {
  OpRow r{name, "svd", {{"X", {2, m, n}}}, {{"full_matrices", false}}, nullptr};
  r.out_slot = "U";
  r.more_out_slots = {"S", "VH"};
  const int64_t k = std::min(m, n);
  r.check = [m, n, k](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    for (int64_t b = 0; b < 2; ++b) {
      const Vec u = MatrixOf(out[0], b, m, k), vh = MatrixOf(out[2], b, k, n);
      const Vec s(out[1].v.begin() + b * k, out[1].v.begin() + (b + 1) * k);
      for (int64_t i = 0; i + 1 < k; ++i) EXPECT_GE(s[i], s[i + 1]) << "S descending";
      ExpectOrthonormalColumns(u, m, k, "U^T U");
      ExpectOrthonormalColumns(TransposeOf(vh, k, n), n, k, "VH VH^T");
      ExpectNear(MatMul(MatMul(u, Diag(s, k), m, k, k), vh, m, k, n), MatrixOf(in[0], b, m, n),
                 1e-4, "U S VH = X");
    }
  };
  return r;
}

// eigh and eigvalsh: X's lower triangle mirrored = V diag(w) V^T, w ascending.
OpRow EighRow(const std::string& op, AttributeMap attrs) {
  OpRow r{op, op, {{"X", {2, 3, 3}, -1, 1, false}}, std::move(attrs), nullptr};
  r.out_slot = "Eigenvalues";
  r.more_out_slots = {"Eigenvectors"};
  r.check = [](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    for (int64_t b = 0; b < 2; ++b) {
      Vec a = MatrixOf(in[0], b, 3, 3);
      for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = i + 1; j < 3; ++j) a[i * 3 + j] = a[j * 3 + i];
      const Vec v = MatrixOf(out[1], b, 3, 3);
      const Vec w(out[0].v.begin() + b * 3, out[0].v.begin() + b * 3 + 3);
      EXPECT_LE(w[0], w[1]);
      EXPECT_LE(w[1], w[2]);
      ExpectOrthonormalColumns(v, 3, 3, "V^T V");
      ExpectNear(MatMul(MatMul(v, Diag(w, 3), 3, 3, 3), TransposeOf(v, 3, 3), 3, 3, 3), a, 1e-4,
                 "V diag(w) V^T = X");
    }
  };
  return r;
}

OpRow LuRow(const std::string& name, int64_t m, int64_t n, Vec special) {
  OpRow lu{name, "lu", {{"X", {2, m, n}}}, {{"pivots", true}}, nullptr};
  lu.inputs[0].special = std::move(special);
  lu.more_out_slots = {"Pivots"};
  const int64_t k = std::min(m, n);
  lu.check = [m, n, k](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    for (int64_t b = 0; b < 2; ++b) {
      const Vec p = MatrixOf(out[0], b, m, n);
      Vec l(m * k, 0.0), u(k * n, 0.0);
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < k; ++j) l[i * k + j] = i > j ? p[i * n + j] : (i == j ? 1.0 : 0.0);
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = i; j < n; ++j) u[i * n + j] = p[i * n + j];
      Vec prod = MatMul(l, u, m, k, n);
      for (int64_t i = k - 1; i >= 0; --i) {  // undo the row swaps, last first
        const int64_t j = static_cast<int64_t>(out[1].v[b * k + i]) - 1;
        for (int64_t c = 0; c < n; ++c) std::swap(prod[i * n + c], prod[j * n + c]);
      }
      ExpectNear(prod, MatrixOf(in[0], b, m, n), 1e-4, "P L U = X");
    }
  };
  return lu;
}

}  // namespace

PD_OP_TABLE(LinalgLapack) {
  std::vector<OpRow> rows;
  const auto inv = [](const Vec& a) { return Inverse(a, 3); };

  OpRow inverse{"inverse", "inverse", {{"Input", {2, 3, 3}}}, {}, nullptr};
  inverse.inputs[0].special = WellConditioned(2, 3);
  inverse.out_slot = "Output";
  inverse.reference = [inv](const std::vector<Arr>& in, const AttributeMap&) {
    return PerMatrix(in[0], 3, {2, 3, 3}, inv);
  };
  rows.push_back(inverse);

  OpRow det{"determinant", "determinant", {{"Input", {2, 3, 3}}}, {}, nullptr};
  det.inputs[0].special = WellConditioned(2, 3);
  det.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return PerMatrix(in[0], 3, {2}, [](const Vec& a) {
      double d;
      Inverse(a, 3, &d);
      return Vec{d};
    });
  };
  rows.push_back(det);

  OpRow slogdet{"slogdeterminant", "slogdeterminant", {{"Input", {2, 3, 3}}}, {}, nullptr};
  slogdet.inputs[0].special = WellConditioned(2, 3);
  slogdet.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{2, 2}, Vec(4)};
    for (int64_t b = 0; b < 2; ++b) {
      double d;
      Inverse(MatrixOf(in[0], b, 3, 3), 3, &d);
      out.v[b] = d > 0 ? 1.0 : -1.0;
      out.v[2 + b] = std::log(std::abs(d));
    }
    return out;
  };
  rows.push_back(slogdet);

  for (int32_t n : {3, -2, 0}) {
    OpRow pow{"matrix_power_" + std::string(n < 0 ? "neg" : "") + std::to_string(std::abs(n)),
              "matrix_power", {{"X", {2, 3, 3}}}, {{"n", n}}, nullptr};
    pow.inputs[0].special = WellConditioned(2, 3);
    pow.reference = [n, inv](const std::vector<Arr>& in, const AttributeMap&) {
      return PerMatrix(in[0], 3, {2, 3, 3}, [n, inv](const Vec& a) {
        const Vec base = n < 0 ? inv(a) : a;
        Vec p = Identity(3);
        for (int i = 0; i < std::abs(n); ++i) p = MatMul(p, base, 3, 3, 3);
        return p;
      });
    };
    rows.push_back(pow);
  }

  for (bool upper : {false, true}) {
    OpRow chol{upper ? "cholesky_upper" : "cholesky", "cholesky", {{"X", {2, 3, 3}, -1, 1, false}},
               {{"upper", upper}}, nullptr};
    chol.inputs[0].special = PositiveDefinite(2, 3);
    chol.reference = [upper](const std::vector<Arr>& in, const AttributeMap&) {
      return PerMatrix(in[0], 3, {2, 3, 3}, [upper](const Vec& a) {
        const Vec l = Cholesky(a, 3);
        return upper ? TransposeOf(l, 3, 3) : l;
      });
    };
    rows.push_back(chol);
  }

  // solve: same batch, a broadcast matrix, and vector right-hand sides.
  OpRow solve{"solve", "solve", {{"X", {2, 3, 3}}, {"Y", {2, 3, 2}}}, {}, nullptr};
  solve.inputs[0].special = WellConditioned(2, 3);
  solve.reference = [inv](const std::vector<Arr>& in, const AttributeMap&) {
    return SolveRef(in[0], in[1], 3, 2, {2, 3, 2}, inv);
  };
  rows.push_back(solve);
  OpRow solve_bc{"solve_broadcast", "solve", {{"X", {3, 3}}, {"Y", {2, 3, 2}}}, {}, nullptr};
  solve_bc.inputs[0].special = WellConditioned(1, 3);
  solve_bc.reference = [inv](const std::vector<Arr>& in, const AttributeMap&) {
    return SolveRef(in[0], in[1], 3, 2, {2, 3, 2}, inv);
  };
  rows.push_back(solve_bc);
  OpRow solve_vec{"solve_vector", "solve", {{"X", {2, 3, 3}}, {"Y", {2, 3}}}, {}, nullptr};
  solve_vec.inputs[0].special = WellConditioned(2, 3);
  solve_vec.reference = [inv](const std::vector<Arr>& in, const AttributeMap&) {
    return SolveRef(in[0], in[1], 3, 1, {2, 3}, inv);
  };
  rows.push_back(solve_vec);

  for (auto [upper, trans, unit] : {std::tuple{true, false, false}, std::tuple{false, true, true}}) {
    OpRow tri{std::string("triangular_solve") + (upper ? "_upper" : "_lower_transpose_unit"),
              "triangular_solve", {{"X", {2, 3, 3}}, {"Y", {2, 3, 2}}},
              {{"upper", upper}, {"transpose", trans}, {"unitriangular", unit}}, nullptr};
    tri.inputs[0].special = WellConditioned(2, 3);
    tri.reference = [upper = upper, trans = trans, unit = unit](const std::vector<Arr>& in,
                                                                const AttributeMap&) {
      return SolveRef(in[0], in[1], 3, 2, {2, 3, 2}, [&](const Vec& a) {
        const Vec t = Triangle(a, 3, upper, unit);
        return Inverse(trans ? TransposeOf(t, 3, 3) : t, 3);
      });
    };
    rows.push_back(tri);
  }

  for (bool upper : {false, true}) {
    OpRow cs{upper ? "cholesky_solve_upper" : "cholesky_solve", "cholesky_solve",
             {{"X", {2, 3, 2}}, {"Y", {2, 3, 3}}}, {{"upper", upper}}, nullptr};
    Vec factor = LowerFactor(2, 3);
    if (upper)
      for (int64_t b = 0; b < 2; ++b) {
        const Vec t = TransposeOf(Vec(factor.begin() + b * 9, factor.begin() + b * 9 + 9), 3, 3);
        std::copy(t.begin(), t.end(), factor.begin() + b * 9);
      }
    cs.inputs[1].special = factor;
    cs.reference = [upper](const std::vector<Arr>& in, const AttributeMap&) {
      return SolveRef(in[1], in[0], 3, 2, {2, 3, 2}, [upper](const Vec& f) {
        const Vec t = Triangle(f, 3, upper, false);
        const Vec a = upper ? MatMul(TransposeOf(t, 3, 3), t, 3, 3, 3)
                            : MatMul(t, TransposeOf(t, 3, 3), 3, 3, 3);
        return Inverse(a, 3);
      });
    };
    rows.push_back(cs);
  }

  rows.push_back(QrRow("qr", 4, 3));
  rows.push_back(QrRow("qr_wide", 3, 4));
  rows.push_back(SvdRow("svd", 4, 3));
  rows.push_back(SvdRow("svd_wide", 3, 4));
  rows.push_back(EighRow("eigh", {{"UPLO", std::string("L")}}));
  rows.push_back(EighRow("eigvalsh", {{"UPLO", std::string("L")}, {"is_test", false}}));

  // lu: P L U = X, rebuilt from Out and Pivots; square, wide and tall.
  rows.push_back(LuRow("lu", 3, 3, WellConditioned(2, 3)));
  rows.push_back(LuRow("lu_wide", 3, 4, {}));
  rows.push_back(LuRow("lu_tall", 4, 3, {}));

  OpRow unpack{"lu_unpack", "lu_unpack", {{"X", {2, 3, 3}}, {"Pivots", {2, 3}, 1, 3}},
               {{"unpack_ludata", true}, {"unpack_pivots", true}}, nullptr};
  unpack.inputs[1].dtype = DataType::kInt32;
  unpack.out_slot = "L";
  unpack.more_out_slots = {"U", "Pmat"};
  unpack.references = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr l{{2, 3, 3}, {}}, u{{2, 3, 3}, {}}, pm{{2, 3, 3}, {}};
    for (int64_t b = 0; b < 2; ++b) {
      const Vec p = MatrixOf(in[0], b, 3, 3);
      const Vec lb = Triangle(p, 3, false, true), ub = Triangle(p, 3, true, false);
      l.v.insert(l.v.end(), lb.begin(), lb.end());
      u.v.insert(u.v.end(), ub.begin(), ub.end());
      Vec perm = Identity(3);  // the swaps applied to I's rows give P^T
      for (int64_t i = 0; i < 3; ++i) {
        const int64_t j = static_cast<int64_t>(in[1].v[b * 3 + i]) - 1;
        for (int64_t c = 0; c < 3; ++c) std::swap(perm[i * 3 + c], perm[j * 3 + c]);
      }
      const Vec pb = TransposeOf(perm, 3, 3);
      pm.v.insert(pm.v.end(), pb.begin(), pb.end());
    }
    return std::vector<Arr>{l, u, pm};
  };
  rows.push_back(unpack);

  // lstsq: the normal equations X^T (X Solution - Y) = 0 hold.
  OpRow lstsq{"lstsq", "lstsq", {{"X", {2, 4, 3}}, {"Y", {2, 4, 2}}},
              {{"rcond", 1e-6f}, {"driver", std::string("gelsd")}}, nullptr};
  lstsq.out_slot = "Solution";
  lstsq.more_out_slots = {"Rank"};
  lstsq.check = [](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    for (int64_t b = 0; b < 2; ++b) {
      const Vec x = MatrixOf(in[0], b, 4, 3), y = MatrixOf(in[1], b, 4, 2);
      Vec r = MatMul(x, MatrixOf(out[0], b, 3, 2), 4, 3, 2);
      for (int64_t i = 0; i < 8; ++i) r[i] -= y[i];
      ExpectNear(MatMul(TransposeOf(x, 4, 3), r, 3, 4, 2), Vec(6, 0.0), 1e-4, "X^T (X S - Y)");
      EXPECT_EQ(out[1].v[b], 3.0) << "rank";
    }
  };
  rows.push_back(lstsq);

  OpRow rank{"matrix_rank", "matrix_rank", {{"X", {2, 3, 4}}},
             {{"tol", 0.0f}, {"hermitian", false}, {"use_default_tol", true}}, nullptr};
  rank.reference = [](const std::vector<Arr>&, const AttributeMap&) { return Arr{{2}, {3, 3}}; };
  rows.push_back(rank);

  // Singular values of diag(3, 1, 0.1) rotated: atol 0.5 keeps two, rtol 0.02 * 3 keeps three.
  for (auto [name, atol, rtol] : {std::tuple{"matrix_rank_atol_rtol", 0.5, 0.0},
                                  std::tuple{"matrix_rank_atol_rtol_rtol", 0.0, 0.02}}) {
    OpRow r{name, "matrix_rank_atol_rtol",
            {{"x", {1, 3, 3}, -1, 1, false}, {"atol", {1}, atol, atol, false},
             {"rtol", {1}, rtol, rtol, false}},
            {{"hermitian", false}}, nullptr};
    r.inputs[0].special = {0.0, 3.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.1};
    r.inputs[1].special = {atol};
    r.inputs[2].special = {rtol};
    r.out_slot = "out";
    const double want = atol > 0 ? 2.0 : 3.0;
    r.reference = [want](const std::vector<Arr>&, const AttributeMap&) { return Arr{{1}, {want}}; };
    rows.push_back(r);
  }
  return rows;
}

}  // namespace test
}  // namespace paddle
