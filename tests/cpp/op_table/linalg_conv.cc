// Products and convolutions: mul, bmm, dot, conv2d, depthwise_conv2d.
#include "op_table.h"

namespace paddle {
namespace test {

namespace {

// numpy's matmul of op(X) and op(Y), times alpha: a 1-D X is a row and a 1-D Y
// a column (their transposes ignored, their unit dim dropped from Out), and
// batch dims broadcast.
Arr MatmulRef(Arr x, Arr y, bool tx, bool ty, double alpha) {
  const bool x1 = x.shape.size() == 1, y1 = y.shape.size() == 1;
  if (x1) x.shape.insert(x.shape.begin(), 1), tx = false;
  if (y1) y.shape.push_back(1), ty = false;
  auto at = [](const Arr& a, int64_t b, int64_t i, int64_t j, bool t) {
    const int64_t r = a.shape[a.shape.size() - 2], c = a.shape.back();
    return t ? a.v[(b * r + j) * c + i] : a.v[(b * r + i) * c + j];
  };
  const int64_t m = tx ? x.shape.back() : x.shape[x.shape.size() - 2];
  const int64_t k = tx ? x.shape[x.shape.size() - 2] : x.shape.back();
  const int64_t n = ty ? y.shape[y.shape.size() - 2] : y.shape.back();
  Shape xb(x.shape.begin(), x.shape.end() - 2), yb(y.shape.begin(), y.shape.end() - 2);
  const size_t br = std::max(xb.size(), yb.size());
  xb.insert(xb.begin(), br - xb.size(), 1);
  yb.insert(yb.begin(), br - yb.size(), 1);
  Shape ob(br);
  int64_t batches = 1;
  for (size_t i = 0; i < br; ++i) batches *= ob[i] = std::max(xb[i], yb[i]);
  Arr out{ob, {}};
  for (int64_t b = 0; b < batches; ++b) {
    int64_t xo = 0, yo = 0, rest = b, stride = batches;
    for (size_t d = 0; d < br; ++d) {
      stride /= ob[d];
      const int64_t c = rest / stride;
      rest %= stride;
      xo = xo * xb[d] + (xb[d] == 1 ? 0 : c);
      yo = yo * yb[d] + (yb[d] == 1 ? 0 : c);
    }
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t p = 0; p < k; ++p) acc += at(x, xo, i, p, tx) * at(y, yo, p, j, ty);
        out.v.push_back(alpha * acc);
      }
  }
  if (!x1) out.shape.push_back(m);
  if (!y1) out.shape.push_back(n);
  return out;
}

}  // namespace

PD_OP_TABLE(LinalgConv) {
  std::vector<OpRow> rows;
  // Batched products.
  OpRow bmm{"bmm", "bmm", {{"X", {2, 3, 4}}, {"Y", {2, 4, 5}}}, {}, nullptr};
  bmm.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{2, 3, 5}, std::vector<double>(30, 0.0)};
    for (int b = 0; b < 2; ++b)
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 5; ++j)
          for (int k = 0; k < 4; ++k)
            out.v[(b * 3 + i) * 5 + j] += in[0].v[(b * 3 + i) * 4 + k] * in[1].v[(b * 4 + k) * 5 + j];
    return out;
  };
  rows.push_back(bmm);
  auto dot = [](const std::string& name, Shape s) {
    OpRow r{name, "dot", {{"X", s}, {"Y", s}}, {}, nullptr};
    r.reference = [s](const std::vector<Arr>& in, const AttributeMap&) {
      const int64_t n = s.back(), rows = static_cast<int64_t>(in[0].v.size()) / n;
      Arr out{s.size() == 1 ? Shape{} : Shape{rows}, {}};
      for (int64_t r = 0; r < rows; ++r) {
        double acc = 0;
        for (int64_t j = 0; j < n; ++j) acc += in[0].v[r * n + j] * in[1].v[r * n + j];
        out.v.push_back(acc);
      }
      return out;
    };
    return r;
  };
  rows.push_back(dot("dot", {6}));
  rows.push_back(dot("dot_rows", {3, 4}));
  // Convolutions (NCHW, stride 1, padding 1): Out[n, m] = sum over the group's channels.
  auto conv = [](const std::string& name, const std::string& op, int64_t c, int64_t m, int groups) {
    OpRow r{name, op, {{"Input", {2, c, 4, 4}}, {"Filter", {m, c / groups, 3, 3}}},
            {{"groups", int32_t{groups}}, {"paddings", Ints{1, 1}}}, nullptr};
    r.out_slot = "Output";
    r.reference = [c, m, groups](const std::vector<Arr>& in, const AttributeMap&) {
      const int64_t cg = c / groups, mg = m / groups;
      Arr out{{2, m, 4, 4}, std::vector<double>(2 * m * 16, 0.0)};
      for (int64_t n = 0; n < 2; ++n)
        for (int64_t o = 0; o < m; ++o)
          for (int64_t y = 0; y < 4; ++y)
            for (int64_t x = 0; x < 4; ++x) {
              double acc = 0;
              for (int64_t k = 0; k < cg; ++k)
                for (int64_t i = 0; i < 3; ++i)
                  for (int64_t j = 0; j < 3; ++j) {
                    const int64_t yy = y + i - 1, xx = x + j - 1;
                    if (yy < 0 || yy >= 4 || xx < 0 || xx >= 4) continue;
                    const int64_t ch = (o / mg) * cg + k;
                    acc += in[0].v[((n * c + ch) * 4 + yy) * 4 + xx] *
                           in[1].v[((o * cg + k) * 3 + i) * 3 + j];
                  }
              out.v[((n * m + o) * 4 + y) * 4 + x] = acc;
            }
      return out;
    };
    return r;
  };
  rows.push_back(conv("conv2d", "conv2d", 2, 3, 1));
  rows.push_back(conv("conv2d_groups", "conv2d", 4, 6, 2));
  rows.push_back(conv("depthwise_conv2d", "depthwise_conv2d", 3, 3, 3));
  OpRow mul{"mul", "mul", {{"X", {2, 3, 4}}, {"Y", {12, 5}}}, {{"x_num_col_dims", int32_t{1}}},
            nullptr};
  mul.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{2, 5}, std::vector<double>(10, 0.0)};
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 5; ++j)
        for (int k = 0; k < 12; ++k) out.v[i * 5 + j] += in[0].v[i * 12 + k] * in[1].v[k * 5 + j];
    return out;
  };
  rows.push_back(mul);
  // matmul_v2 and the legacy matmul (scaled by alpha): numpy's matmul of op(X) and op(Y),
  // transposes, broadcast batches and 1-D operands.
  auto matmul = [](const std::string& name, const std::string& op, Shape x, Shape y, bool tx,
                   bool ty, float alpha) {
    const bool v2 = op == "matmul_v2";
    AttributeMap attrs{{v2 ? "trans_x" : "transpose_X", tx}, {v2 ? "trans_y" : "transpose_Y", ty}};
    if (!v2) attrs["alpha"] = alpha;
    OpRow r{name, op, {{"X", x}, {"Y", y}}, attrs, nullptr};
    const double scale = v2 ? 1.0 : alpha;  // matmul_v2 has no alpha
    r.reference = [tx, ty, scale](const std::vector<Arr>& in, const AttributeMap&) {
      return MatmulRef(in[0], in[1], tx, ty, scale);
    };
    return r;
  };
  for (const char* op : {"matmul_v2", "matmul"}) {
    const std::string o = op;
    rows.push_back(matmul(o, o, {3, 4}, {4, 5}, false, false, 1));
    rows.push_back(matmul(o + "_trans_x", o, {4, 3}, {4, 5}, true, false, 1));
    rows.push_back(matmul(o + "_trans_y_scaled", o, {3, 4}, {5, 4}, false, true, 0.5f));
    rows.push_back(matmul(o + "_batched_trans_both", o, {2, 4, 3}, {2, 5, 4}, true, true, 2));
    rows.push_back(matmul(o + "_batches_fold_into_rows", o, {2, 3, 4}, {4, 5}, false, false, 1));
    rows.push_back(matmul(o + "_x_over_y_batches", o, {3, 4}, {2, 4, 5}, false, false, 1));
    rows.push_back(matmul(o + "_vector_x_trans_ignored", o, {4}, {2, 4, 5}, true, false, 1));
    rows.push_back(matmul(o + "_vector_y", o, {2, 3, 4}, {4}, false, false, 1));
    rows.push_back(matmul(o + "_vector_y_trans_ignored", o, {3, 4}, {4}, false, true, 1));
    rows.push_back(matmul(o + "_dot", o, {4}, {4}, false, false, 0.5f));
  }
  // Only matmul_v2 broadcasts batch dims of different counts.
  rows.push_back(matmul("matmul_v2_broadcast_batches", "matmul_v2", {2, 1, 3, 4}, {3, 4, 5}, false,
                        false, 1));
  rows.push_back(matmul("matmul_v2_broadcast_both", "matmul_v2", {1, 2, 3, 4}, {2, 1, 4, 5}, false,
                        false, 1));
  // fused_matmul_grad_sgd: X@GRAD = Out@GRAD op(Y)^T, ParamOut = Y - lr * dY, with X's
  // batch dims folded into rows.
  for (bool ty : {false, true}) {
    const Shape y_shape = ty ? Shape{5, 4} : Shape{4, 5};
    OpRow r{std::string("fused_matmul_grad_sgd") + (ty ? "_trans_y" : ""),
            "fused_matmul_grad_sgd",
            {{"X", {2, 3, 4}}, {"Y", y_shape}, {"Out@GRAD", {2, 3, 5}},
             {"LearningRate", {1}, 0.01, 0.1}},
            {{"trans_y", ty}},
            nullptr};
    r.out_slot = "ParamOut";
    r.more_out_slots = {"X@GRAD"};
    r.references = [ty](const std::vector<Arr>& in, const AttributeMap&) {
      const Arr x2{{6, 4}, in[0].v}, g2{{6, 5}, in[2].v};
      const Arr dy = ty ? MatmulRef(g2, x2, true, false, 1) : MatmulRef(x2, g2, true, false, 1);
      Arr param = in[1];
      for (size_t i = 0; i < param.v.size(); ++i) param.v[i] -= in[3].v[0] * dy.v[i];
      return std::vector<Arr>{param, MatmulRef(in[2], in[1], false, !ty, 1)};
    };
    rows.push_back(r);
  }
  return rows;
}

}  // namespace test
}  // namespace paddle
