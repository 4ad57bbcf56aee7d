// Elementwise: the binary family, comparisons, logical ops, scale/clip/pow/cast.
#include "op_table.h"

namespace paddle {
namespace test {

PD_OP_TABLE(Elementwise) {
  std::vector<OpRow> rows = {
      BinaryRow("elementwise_add", "elementwise_add", {3, 4}, {3, 4},
                [](double a, double b) { return a + b; }),
      BinaryRow("elementwise_add_bias", "elementwise_add", {2, 3, 4}, {4},
                [](double a, double b) { return a + b; }),
      BinaryRow("elementwise_add_both_broadcast", "elementwise_add", {3, 1}, {1, 4},
                [](double a, double b) { return a + b; }),
      BinaryRow("elementwise_sub", "elementwise_sub", {2, 3, 4}, {3, 1},
                [](double a, double b) { return a - b; }),
      BinaryRow("elementwise_mul", "elementwise_mul", {2, 3, 4}, {2, 1, 4},
                [](double a, double b) { return a * b; }),
      BinaryRow("elementwise_div", "elementwise_div", {2, 3, 4}, {4},
                [](double a, double b) { return a / b; }, 0.5, 2),
      BinaryRow("elementwise_max", "elementwise_max", {3, 4}, {3, 4},
                [](double a, double b) { return a > b ? a : b; }),
      BinaryRow("elementwise_min_broadcast", "elementwise_min", {3, 4}, {4},
                [](double a, double b) { return a < b ? a : b; }),
      BinaryRow("elementwise_pow", "elementwise_pow", {3, 4}, {4},
                [](double a, double b) { return std::pow(a, b); }, 0.5, 2),
      BinaryRow("elementwise_floordiv", "elementwise_floordiv", {3, 4}, {3, 4},
                [](double a, double b) { return std::floor(a / b); }, 1, 5),
      BinaryRow("elementwise_mod", "elementwise_mod", {3, 4}, {4},
                [](double a, double b) {
                  const double r = std::fmod(a, b);
                  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
                }, 1, 5),
  };
  for (auto [op, f] : std::vector<std::pair<std::string, std::function<double(double, double)>>>{
           {"equal", [](double a, double b) { return double(a == b); }},
           {"not_equal", [](double a, double b) { return double(a != b); }},
           {"less_than", [](double a, double b) { return double(a < b); }},
           {"less_equal", [](double a, double b) { return double(a <= b); }},
           {"greater_than", [](double a, double b) { return double(a > b); }},
           {"greater_equal", [](double a, double b) { return double(a >= b); }},
           {"logical_and", [](double a, double b) { return double(a != 0 && b != 0); }},
           {"logical_or", [](double a, double b) { return double(a != 0 || b != 0); }},
           {"logical_xor", [](double a, double b) { return double((a != 0) != (b != 0)); }}})
    rows.push_back(BinaryRow(op, op, {3, 4}, {4}, f));
  rows.push_back(UnaryRow("logical_not", [](double x) { return double(x == 0); }));
  for (auto [op, f] : std::vector<std::pair<std::string, std::function<double(double)>>>{
           {"isnan_v2", [](double x) { return double(std::isnan(x)); }},
           {"isinf_v2", [](double x) { return double(std::isinf(x)); }},
           {"isfinite_v2", [](double x) { return double(std::isfinite(x)); }}}) {
    OpRow r = UnaryRow(op, f);
    r.inputs[0].special = {NAN, INFINITY, -INFINITY, 0.0};
    rows.push_back(r);
  }
  // Whole-number attributes: integer kernels take scale and bias as their own type.
  rows.push_back(UnaryRow("scale", [](double x) { return 3 * x + 2; }, -2, 2,
                          {{"scale", 3.0f}, {"bias", 2.0f}}));
  rows.push_back([] {
    OpRow r = UnaryRow("scale", [](double x) { return -2 * (x + 3); }, -2, 2,
                       {{"scale", -2.0f}, {"bias", 3.0f}, {"bias_after_scale", false}});
    r.name = "scale_bias_first";
    return r;
  }());
  rows.push_back(UnaryRow("clip", [](double x) { return std::min(std::max(x, -0.5), 0.75); }, -2,
                          2, {{"min", -0.5f}, {"max", 0.75f}}));
  rows.push_back(UnaryRow("pow", [](double x) { return std::pow(x, 2.5); }, 0.5, 2,
                          {{"factor", 2.5f}}));
  rows.push_back(UnaryRow("cast", [](double x) { return x; }, -2, 2,
                          {{"in_dtype", int32_t{6}}, {"out_dtype", int32_t{6}}}));
  rows.push_back(UnaryRow("assign", [](double x) { return x; }));
  rows.push_back(UnaryRow("fill_any_like", [](double) { return 1.0; }, -2, 2,
                          {{"value", 1.0f}}));  // 1: the one value every dtype (bool too) holds
  // fused_elemwise_add_activation: the unary functor on the sum, or on Y.
  auto fused = [&](const std::string& name, Shape x, Shape y, std::vector<std::string> functors,
                   std::function<double(double, double)> f, AttributeMap attrs = {}) {
    OpRow r = BinaryRow("fused_elemwise_add_activation_" + name, "fused_elemwise_add_activation",
                        x, y, f);
    attrs["functor_list"] = functors;
    r.attrs = attrs;
    rows.push_back(r);
  };
  auto relu = [](double v) { return v > 0 ? v : 0; };
  auto sigmoid = [](double v) { return 1 / (1 + std::exp(-v)); };
  auto gelu = [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); };
  fused("relu_of_sum", {2, 3, 4}, {4}, {"relu", "elementwise_add"},
        [=](double a, double b) { return relu(a + b); });
  fused("sum_with_tanh", {3, 4}, {3, 4}, {"elementwise_add", "tanh"},
        [](double a, double b) { return a + std::tanh(b); });
  fused("sigmoid_of_sum_axis1", {2, 3, 4}, {3, 1}, {"sigmoid", "elementwise_add"},
        [=](double a, double b) { return sigmoid(a + b); }, {{"axis", int32_t{1}}});
  fused("gelu_of_sum", {3, 4}, {3, 4}, {"gelu", "elementwise_add"},
        [=](double a, double b) { return gelu(a + b); });
  fused("sum_with_scale", {3, 4}, {4}, {"elementwise_add", "scale"},
        [](double a, double b) { return a + 2.5 * b; }, {{"scale", 2.5f}});
  return rows;
}

}  // namespace test
}  // namespace paddle
