// Products and convolutions: mul, bmm, dot, conv2d, depthwise_conv2d.
#include "op_table.h"

namespace paddle {
namespace test {

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
  return rows;
}

}  // namespace test
}  // namespace paddle
