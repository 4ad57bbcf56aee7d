// Activations: the unary family, prelu and the softmaxes (fused_softmax_mask and its
// upper-triangle form too).
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Activation) {
  std::vector<OpRow> rows = {
      UnaryRow("relu", [](double x) { return x > 0 ? x : 0; }),
      UnaryRow("leaky_relu", [](double x) { return x > 0 ? x : double{0.1f} * x; }, -2, 2,
               {{"alpha", 0.1f}}),
      UnaryRow("sigmoid", [](double x) { return 1 / (1 + std::exp(-x)); }),
      UnaryRow("tanh", [](double x) { return std::tanh(x); }),
      UnaryRow("exp", [](double x) { return std::exp(x); }),
      UnaryRow("log", [](double x) { return std::log(x); }, 0.5, 3),
      UnaryRow("sqrt", [](double x) { return std::sqrt(x); }, 0.5, 3),
      UnaryRow("square", [](double x) { return x * x; }),
      UnaryRow("abs", [](double x) { return std::abs(x); }),
      UnaryRow("relu6", [](double x) { return std::min(std::max(x, 0.0), 6.0); }, -3, 9),
      UnaryRow("sin", [](double x) { return std::sin(x); }),
      UnaryRow("cos", [](double x) { return std::cos(x); }),
      UnaryRow("floor", [](double x) { return std::floor(x); }, -3, 3),
      UnaryRow("ceil", [](double x) { return std::ceil(x); }, -3, 3),
      UnaryRow("round", [](double x) { return std::nearbyint(x); }, -3, 3),  // halves to even
      UnaryRow("sign", [](double x) { return double((x > 0) - (x < 0)); }),
      UnaryRow("reciprocal", [](double x) { return 1 / x; }, 0.5, 3),
      UnaryRow("rsqrt", [](double x) { return 1 / std::sqrt(x); }, 0.5, 3),
      UnaryRow("log1p", [](double x) { return std::log1p(x); }, -0.5, 3),
      UnaryRow("erf", [](double x) { return std::erf(x); }),
      UnaryRow("softsign", [](double x) { return x / (1 + std::abs(x)); }),
      UnaryRow("softplus", [](double x) { return x > 20 ? x : std::log1p(std::exp(x)); }, -3, 3),
      UnaryRow("silu", [](double x) { return x / (1 + std::exp(-x)); }),
      UnaryRow("swish", [](double x) { return x / (1 + std::exp(-x)); }),
      UnaryRow("logsigmoid", [](double x) { return -std::log1p(std::exp(-x)); }),
      UnaryRow("mish", [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }),
      UnaryRow("hard_swish", [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; },
               -5, 5),
      UnaryRow("hard_sigmoid",
               [](double x) { return std::min(std::max(double{0.2f} * x + 0.5, 0.0), 1.0); }, -4,
               4),
      UnaryRow("elu", [](double x) { return x > 0 ? x : std::expm1(x); }),
      UnaryRow("celu", [](double x) { return x > 0 ? x : double{0.5f} * std::expm1(x / 0.5); },
               -2, 2, {{"alpha", 0.5f}}),
      UnaryRow("selu",
               [](double x) {
                 return double{1.0507010221481323f} *
                        (x > 0 ? x : double{1.6732631921768188f} * std::expm1(x));
               }),
      UnaryRow("gelu", [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); }),
      [] {
        OpRow r = UnaryRow("gelu", [](double x) {
          return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
        }, -2, 2, {{"approximate", true}});
        r.name = "gelu_tanh";
        return r;
      }(),
  };
  auto prelu = [](const std::string& name, const std::string& mode, Shape x, Shape alpha,
                  const std::string& format, std::function<int64_t(int64_t)> which) {
    OpRow r{name, "prelu", {{"X", x}, {"Alpha", alpha, 0.1, 0.5}},
            {{"mode", mode}, {"data_format", format}}, nullptr};
    r.reference = [which](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      for (size_t i = 0; i < out.v.size(); ++i)
        if (!(out.v[i] > 0)) out.v[i] *= in[1].v[which(static_cast<int64_t>(i))];
      return out;
    };
    return r;
  };
  rows.push_back(prelu("prelu", "all", {2, 3, 4}, {1}, "NCHW", [](int64_t) { return 0; }));
  rows.push_back(prelu("prelu_channel", "channel", {2, 3, 4}, {3}, "NCHW",
                       [](int64_t i) { return (i / 4) % 3; }));
  rows.push_back(prelu("prelu_channel_nhwc", "channel", {2, 4, 3}, {3}, "NHWC",
                       [](int64_t i) { return i % 3; }));
  rows.push_back(prelu("prelu_element", "element", {2, 3, 4}, {3, 4}, "NCHW",
                       [](int64_t i) { return i % 12; }));
  OpRow log_softmax{"log_softmax", "log_softmax", {{"X", {3, 4, 5}}}, {{"axis", int32_t{1}}},
                    nullptr};
  log_softmax.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 1, 4, [](const std::vector<double>& l) {
      double s = 0;
      for (double v : l) s += std::exp(v);
      std::vector<double> out;
      for (double v : l) out.push_back(v - std::log(s));
      return out;
    });
  };
  rows.push_back(log_softmax);
  OpRow softmax{"softmax", "softmax", {{"X", {3, 4, 5}}}, {{"axis", int32_t{1}}}, nullptr};
  softmax.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0];
    for (int64_t a = 0; a < 3; ++a)
      for (int64_t c = 0; c < 5; ++c) {
        double s = 0;
        for (int64_t b = 0; b < 4; ++b) s += std::exp(in[0].v[(a * 4 + b) * 5 + c]);
        for (int64_t b = 0; b < 4; ++b)
          out.v[(a * 4 + b) * 5 + c] = std::exp(in[0].v[(a * 4 + b) * 5 + c]) / s;
      }
    return out;
  };
  rows.push_back(softmax);
  // The masked softmaxes of [batch 2, heads 3, rows, cols] scores: row (b, h, i) is the
  // softmax of X + Mask[b, 0, i] (fused_softmax_mask) or of its first i + 1 entries, the
  // rest 0 (the upper-triangle one; 5 rows of 4, so the last rows keep all 4).
  auto masked_softmax = [](const Arr& x, const Arr* mask, bool causal) {
    const int64_t heads = x.shape[1], rows = x.shape[2], cols = x.shape[3];
    Arr out = x;
    for (int64_t r = 0; r < x.shape[0] * heads * rows; ++r) {
      const int64_t b = r / (heads * rows), i = r % rows;
      const int64_t kept = causal ? std::min(i + 1, cols) : cols;
      double s = 0;
      std::vector<double> e(cols, 0.0);
      for (int64_t j = 0; j < kept; ++j) {
        const double m = mask ? mask->v[(b * rows + i) * cols + j] : 0.0;
        e[j] = std::exp(x.v[r * cols + j] + m);
        s += e[j];
      }
      for (int64_t j = 0; j < cols; ++j) out.v[r * cols + j] = e[j] / s;
    }
    return out;
  };
  OpRow mask{"fused_softmax_mask", "fused_softmax_mask",
             {{"X", {2, 3, 4, 5}}, {"Mask", {2, 1, 4, 5}, -2, 0, false}}, {}, nullptr};
  mask.reference = [masked_softmax](const std::vector<Arr>& in, const AttributeMap&) {
    return masked_softmax(in[0], &in[1], false);
  };
  rows.push_back(mask);
  OpRow causal{"fused_softmax_mask_upper_triangle", "fused_softmax_mask_upper_triangle",
               {{"X", {2, 3, 5, 4}}}, {}, nullptr};
  causal.reference = [masked_softmax](const std::vector<Arr>& in, const AttributeMap&) {
    return masked_softmax(in[0], nullptr, true);
  };
  rows.push_back(causal);
  return rows;
}

}  // namespace test
}  // namespace paddle
