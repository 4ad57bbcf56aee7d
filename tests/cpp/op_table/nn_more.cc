// The operators of paddle.nn's later layers and losses: fractional_max_pool2d,
// fractional_max_pool3d, hierarchical_sigmoid, warprnnt, class_center_sample,
// margin_cross_entropy. The windows of each row are the ones PaddlePaddle 3.3.1
// takes for that size and random_u, written out.
#include <array>
#include <limits>
#include <utility>

#include "op_table.h"

namespace paddle {
namespace test {
namespace {

using Windows = std::vector<std::pair<int, int>>;  // [start, end) per output index

// Max pooling of [N, C, D, H, W] (D = 1 for 2-D) over the given windows per dim.
Arr FractionalPool(const Arr& x, const std::array<Windows, 3>& w) {
  const Shape& s = x.shape;
  const bool three = s.size() == 5;
  const int64_t planes = s[0] * s[1];
  const int64_t d_in = three ? s[2] : 1, h_in = s[s.size() - 2], w_in = s[s.size() - 1];
  Arr out;
  out.shape = {s[0], s[1]};
  if (three) out.shape.push_back(static_cast<int64_t>(w[0].size()));
  out.shape.push_back(static_cast<int64_t>(w[1].size()));
  out.shape.push_back(static_cast<int64_t>(w[2].size()));
  for (int64_t p = 0; p < planes; ++p)
    for (const auto& [d0, d1] : w[0])
      for (const auto& [h0, h1] : w[1])
        for (const auto& [w0, w1] : w[2]) {
          double best = -std::numeric_limits<double>::infinity();
          for (int d = d0; d < d1; ++d)
            for (int h = h0; h < h1; ++h)
              for (int c = w0; c < w1; ++c)
                best = std::max(best, x.v[((p * d_in + d) * h_in + h) * w_in + c]);
          out.v.push_back(best);
        }
  return out;
}

OpRow FractionalRow(const std::string& name, Shape x, Ints out, Ints kernel, float u,
                    std::array<Windows, 3> windows) {
  const std::string op = x.size() == 5 ? "fractional_max_pool3d" : "fractional_max_pool2d";
  OpRow r{name, op, {{"x", x}},
          {{"output_size", out}, {"kernel_size", kernel}, {"random_u", u}}, nullptr};
  r.out_slot = "out";
  r.reference = [windows](const std::vector<Arr>& in, const AttributeMap&) {
    return FractionalPool(in[0], windows);
  };
  return r;
}

// hierarchical_sigmoid's loss: the paths of the default tree of `classes`
// leaves, or of PathTable/PathCode (in[3], in[4]) when given.
Arr HsigmoidLoss(const std::vector<Arr>& in, int classes, bool custom, bool bias) {
  const int64_t n = in[0].shape[0], d = in[0].shape[1];
  const int64_t width = custom ? in[3].shape[1] : 3;  // bit length of classes - 1 = 3
  Arr out{{n, 1}, {}};
  for (int64_t i = 0; i < n; ++i) {
    std::vector<std::pair<int64_t, int>> path;
    if (custom) {
      for (int64_t j = 0; j < width && in[3].v[i * width + j] >= 0; ++j)
        path.push_back({static_cast<int64_t>(in[3].v[i * width + j]),
                        in[4].v[i * width + j] != 0});
    } else {
      const int64_t c = static_cast<int64_t>(in[2].v[i]) + classes;
      int bits = 0;
      for (int64_t v = c; v > 0; v >>= 1) ++bits;
      for (int j = 0; j + 1 < bits; ++j) path.push_back({(c >> (j + 1)) - 1, (c >> j) & 1});
    }
    double loss = (width - static_cast<int64_t>(path.size())) * std::log(2.0);
    for (const auto& [node, bit] : path) {
      double z = bias ? in[custom ? 5 : 3].v[node] : 0.0;
      for (int64_t k = 0; k < d; ++k) z += in[1].v[node * d + k] * in[0].v[i * d + k];
      loss += std::log1p(std::exp(z)) - (bit ? z : 0.0);
    }
    out.v.push_back(loss);
  }
  return out;
}

// warprnnt's losses: -log of the summed alignment probabilities, by the alpha
// recursion over each sample's T x U lattice (in: input, label, lengths).
Arr RnntLoss(const std::vector<Arr>& in, int blank) {
  const Shape& s = in[0].shape;  // [B, Tmax, Umax, D]
  Arr out{{s[0]}, {}};
  for (int64_t b = 0; b < s[0]; ++b) {
    const int64_t t_len = static_cast<int64_t>(in[2].v[b]);
    const int64_t u_len = static_cast<int64_t>(in[3].v[b]) + 1;
    auto lp = [&](int64_t t, int64_t u, int64_t k) {
      return in[0].v[((b * s[1] + t) * s[2] + u) * s[3] + k];
    };
    auto label = [&](int64_t u) { return static_cast<int64_t>(in[1].v[b * (s[2] - 1) + u]); };
    std::vector<double> alpha(t_len * u_len, 0.0);
    for (int64_t t = 0; t < t_len; ++t)
      for (int64_t u = 0; u < u_len; ++u) {
        if (t == 0 && u == 0) continue;
        double p = 0.0;
        if (t > 0) p += std::exp(alpha[(t - 1) * u_len + u] + lp(t - 1, u, blank));
        if (u > 0) p += std::exp(alpha[t * u_len + u - 1] + lp(t, u - 1, label(u - 1)));
        alpha[t * u_len + u] = std::log(p);
      }
    out.v.push_back(-(alpha.back() + lp(t_len - 1, u_len - 1, blank)));
  }
  return out;
}

// margin_cross_entropy's losses: softmax cross entropy of scale * logits, the
// label's cosine x turned into cos(m1 * acos(x) + m2) - m3.
Arr MarginLoss(const std::vector<Arr>& in, double m1, double m2, double m3, double scale) {
  const int64_t n = in[0].shape[0], c = in[0].shape[1];
  Arr out{{n, 1}, {}};
  for (int64_t i = 0; i < n; ++i) {
    const int64_t y = static_cast<int64_t>(in[1].v[i]);
    std::vector<double> z(in[0].v.begin() + i * c, in[0].v.begin() + (i + 1) * c);
    z[y] = std::cos(m1 * std::acos(z[y]) + m2) - m3;
    double sum = 0;
    for (double& v : z) sum += std::exp(v * scale);
    out.v.push_back(std::log(sum) - z[y] * scale);
  }
  return out;
}

}  // namespace

PD_OP_TABLE(NnMore) {
  std::vector<OpRow> rows;
  const Windows one{{0, 1}};
  rows.push_back(FractionalRow("fractional_max_pool2d", {2, 2, 7, 6}, {5, 4}, {0, 0}, 0.3f,
                               {one, {{0, 1}, {1, 3}, {3, 4}, {4, 6}, {6, 7}},
                                {{0, 1}, {1, 3}, {3, 4}, {4, 6}}}));
  rows.push_back(FractionalRow("fractional_max_pool2d_overlapping", {1, 2, 7, 6}, {3, 3},
                               {2, 2}, 0.6f,
                               {one, {{0, 2}, {3, 5}, {5, 7}}, {{0, 2}, {2, 4}, {4, 6}}}));
  rows.push_back(FractionalRow("fractional_max_pool3d", {1, 2, 5, 6, 7}, {3, 4, 5}, {0, 0, 0},
                               0.45f,
                               {Windows{{0, 2}, {2, 3}, {3, 5}},
                                Windows{{0, 2}, {2, 3}, {3, 5}, {5, 6}},
                                Windows{{0, 2}, {2, 3}, {3, 4}, {4, 6}, {6, 7}}}));
  // num_classes 6: the default tree has 5 non-leaf nodes (rows of W), paths of 2 or 3 steps.
  OpRow hs{"hierarchical_sigmoid", "hierarchical_sigmoid",
           {{"X", {4, 3}}, {"W", {5, 3}}, {"Label", {4}, 0, 5, false, {}, DataType::kInt64},
            {"Bias", {5, 1}}},
           {{"num_classes", int32_t{6}}}, nullptr};
  hs.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return HsigmoidLoss(in, 6, false, true);
  };
  rows.push_back(hs);
  // Custom paths over 4 nodes, rows ending at a -1 (drawn from [-1, 3]).
  OpRow custom{"hierarchical_sigmoid_custom", "hierarchical_sigmoid",
               {{"X", {5, 2}}, {"W", {4, 2}}, {"Label", {5}, 0, 3, false, {}, DataType::kInt64},
                {"PathTable", {5, 3}, -1, 3, false, {}, DataType::kInt64},
                {"PathCode", {5, 3}, 0, 1, false, {}, DataType::kInt64}},
               {{"num_classes", int32_t{4}}}, nullptr};
  custom.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return HsigmoidLoss(in, 4, true, false);
  };
  rows.push_back(custom);
  // Three samples of up to 4 steps and 2 labels over 5 classes (blank 0); lengths drawn.
  OpRow rnnt{"warprnnt", "warprnnt",
             {{"input", {3, 4, 3, 5}, -2, 0},
              {"label", {3, 2}, 1, 4, false, {}, DataType::kInt32},
              {"input_lengths", {3}, 1, 4, false, {}, DataType::kInt32},
              {"label_lengths", {3}, 0, 2, false, {}, DataType::kInt64}},
             {{"blank", int32_t{0}}, {"fastemit_lambda", 0.0f}}, nullptr};
  rnnt.out_slot = "loss";
  rnnt.reference = [](const std::vector<Arr>& in, const AttributeMap&) { return RnntLoss(in, 0); };
  rows.push_back(rnnt);
  // RemappedLabel: each label's position among the sorted distinct labels (the
  // negatives drawn after them do not move it).
  // Integer kernels draw round(4 * uniform(lo, hi)): labels in [0, 9].
  OpRow ccs{"class_center_sample", "class_center_sample", {{"Label", {7}, 0, 2.25, false}},
            {{"num_classes", int32_t{10}}, {"num_samples", int32_t{6}}}, nullptr};
  ccs.out_slot = "RemappedLabel";
  ccs.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    std::vector<double> sorted = in[0].v;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    Arr out = in[0];
    for (double& v : out.v)
      v = static_cast<double>(std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
    return out;
  };
  rows.push_back(ccs);
  OpRow margin{"margin_cross_entropy", "margin_cross_entropy",
               {{"Logits", {4, 5}, -0.9, 0.9}, {"Label", {4}, 0, 4, false, {}, DataType::kInt64}},
               {{"margin1", 1.2f}, {"margin2", 0.3f}, {"margin3", 0.1f}, {"scale", 4.0f}},
               nullptr};
  margin.out_slot = "Loss";
  margin.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return MarginLoss(in, double{1.2f}, double{0.3f}, double{0.1f}, 4.0);
  };
  rows.push_back(margin);
  return rows;
}

}  // namespace test
}  // namespace paddle
