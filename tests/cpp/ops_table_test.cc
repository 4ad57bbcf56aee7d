// The op table: one row per op (or variant), each checked by the harness
// (op_harness.h) for forward values in every registered dtype, gradients by
// central differences, build-time shapes and in-place execution. Adding an
// op means adding its row here.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "op_harness.h"

namespace paddle {
namespace test {
namespace {

using Ints = std::vector<int32_t>;

OpRow UnaryRow(const std::string& op, std::function<double(double)> f, double lo = -2,
               double hi = 2, AttributeMap attrs = {}) {
  OpRow row{op, op, {{"X", {3, 4, 5}, lo, hi}}, std::move(attrs), nullptr};
  row.reference = [f](const std::vector<Arr>& in, const AttributeMap&) { return Map(in[0], f); };
  return row;
}

OpRow BinaryRow(const std::string& name, const std::string& op, Shape x, Shape y,
                std::function<double(double, double)> f, double lo = -2, double hi = 2) {
  OpRow row{name, op, {{"X", x, lo, hi}, {"Y", y, lo, hi}}, {}, nullptr};
  row.reference = [f](const std::vector<Arr>& in, const AttributeMap&) {
    return Broadcast2(in[0], in[1], f);
  };
  return row;
}

OpRow ReduceRow(const std::string& name, const std::string& op, Ints dims, bool keep,
                std::function<double(const std::vector<double>&)> f) {
  OpRow row{name, op, {{"X", {3, 4, 5}}}, {{"dim", dims}, {"keep_dim", keep}}, nullptr};
  row.reference = [dims, keep, f](const std::vector<Arr>& in, const AttributeMap&) {
    return ReduceRef(in[0], std::vector<int>(dims.begin(), dims.end()), keep, f);
  };
  return row;
}

// Applies fn to every line of `x` along `axis` (a vector of n values) and
// writes the m values it returns back along the same axis.
Arr AlongLines(const Arr& x, int axis, int64_t m,
               const std::function<std::vector<double>(const std::vector<double>&)>& fn) {
  const Shape& d = x.shape;
  int64_t outer = 1, inner = 1;
  for (int i = 0; i < axis; ++i) outer *= d[i];
  for (size_t i = axis + 1; i < d.size(); ++i) inner *= d[i];
  const int64_t n = d[axis];
  Arr out{d, std::vector<double>(outer * m * inner)};
  out.shape[axis] = m;
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t c = 0; c < inner; ++c) {
      std::vector<double> line;
      for (int64_t j = 0; j < n; ++j) line.push_back(x.v[(a * n + j) * inner + c]);
      const std::vector<double> r = fn(line);
      for (int64_t j = 0; j < m; ++j) out.v[(a * m + j) * inner + c] = r[j];
    }
  return out;
}

std::vector<double> SortedDesc(std::vector<double> v) {
  std::sort(v.rbegin(), v.rend());
  return v;
}

double Sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }
double Mean(const std::vector<double>& v) { return Sum(v) / static_cast<double>(v.size()); }
double MaxOf(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }
double MinOf(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

std::vector<OpRow> Rows() {
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
      UnaryRow("round", [](double x) { return std::round(x); }, -3, 3),
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
      ReduceRow("reduce_sum", "reduce_sum", {1}, false, Sum),
      ReduceRow("reduce_sum_all_keep", "reduce_sum", {}, true, Sum),
      ReduceRow("reduce_mean", "reduce_mean", {0, 2}, false, Mean),
      ReduceRow("reduce_mean_last_keep", "reduce_mean", {-1}, true, Mean),
      ReduceRow("reduce_max", "reduce_max", {2}, false, MaxOf),
      ReduceRow("reduce_min", "reduce_min", {0}, true, MinOf),
      ReduceRow("reduce_prod", "reduce_prod", {1, 2}, false,
                [](const std::vector<double>& v) {
                  return std::accumulate(v.begin(), v.end(), 1.0, std::multiplies<double>());
                }),
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
  // Views: the same values under a new shape.
  auto view = [](const std::string& name, const std::string& op, Shape x, AttributeMap attrs,
                 Shape out) {
    OpRow r{name, op, {{"X", x}}, std::move(attrs), nullptr};
    r.reference = [out](const std::vector<Arr>& in, const AttributeMap&) {
      return Arr{out, in[0].v};
    };
    return r;
  };
  rows.push_back(view("flatten_contiguous_range", "flatten_contiguous_range", {3, 4, 5},
                      {{"start_axis", int32_t{1}}, {"stop_axis", int32_t{-1}}}, {3, 20}));
  rows.push_back(view("squeeze2", "squeeze2", {3, 1, 5, 1}, {{"axes", Ints{1, -1}}}, {3, 5}));
  rows.push_back(view("squeeze2_all", "squeeze2", {3, 1, 4, 1}, {}, {3, 4}));
  rows.push_back(view("unsqueeze2", "unsqueeze2", {3, 4}, {{"axes", Ints{0, -1}}}, {1, 3, 4, 1}));
  rows.push_back(view("reshape2", "reshape2", {3, 4, 5}, {{"shape", Ints{0, -1, 2}}}, {3, 10, 2}));
  OpRow transpose{"transpose2", "transpose2", {{"X", {3, 4, 5}}}, {{"axis", Ints{2, 0, 1}}},
                  nullptr};
  transpose.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5, 3, 4}, std::vector<double>(60)};
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 4; ++b)
        for (int c = 0; c < 5; ++c) out.v[(c * 3 + a) * 4 + b] = in[0].v[(a * 4 + b) * 5 + c];
    return out;
  };
  rows.push_back(transpose);
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
  OpRow shape{"shape", "shape", {{"Input", {3, 4, 5}}}, {}, nullptr};
  shape.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return Arr{{3}, {3, 4, 5}};
  };
  rows.push_back(shape);
  // Joining and splitting along axis 1 of [2, n, 3] blocks.
  auto join = [](const std::vector<Arr>& parts) {
    int64_t total = 0;
    for (const Arr& p : parts) total += p.shape[1];
    Arr out{{2, total, 3}, {}};
    for (int64_t o = 0; o < 2; ++o)
      for (const Arr& p : parts)
        out.v.insert(out.v.end(), p.v.begin() + o * p.shape[1] * 3,
                     p.v.begin() + (o + 1) * p.shape[1] * 3);
    return out;
  };
  auto cut = [](const Arr& x, const std::vector<int64_t>& sizes) {
    std::vector<Arr> parts;
    int64_t at = 0;
    for (int64_t n : sizes) {
      Arr p{{2, n, 3}, {}};
      for (int64_t o = 0; o < 2; ++o)
        p.v.insert(p.v.end(), x.v.begin() + (o * x.shape[1] + at) * 3,
                   x.v.begin() + (o * x.shape[1] + at + n) * 3);
      parts.push_back(p);
      at += n;
    }
    return parts;
  };
  OpRow concat{"concat", "concat", {{"X", {2, 1, 3}}, {"X", {2, 4, 3}}, {"X", {2, 2, 3}}},
               {{"axis", int32_t{1}}}, nullptr};
  concat.reference = [join](const std::vector<Arr>& in, const AttributeMap&) { return join(in); };
  rows.push_back(concat);
  OpRow split{"split", "split", {{"X", {2, 7, 3}}}, {{"sections", Ints{1, -1, 2}}, {"axis", int32_t{1}}},
              nullptr};
  split.out_count = 3;
  split.references = [cut](const std::vector<Arr>& in, const AttributeMap&) {
    return cut(in[0], {1, 4, 2});
  };
  rows.push_back(split);
  OpRow split_num = split;
  split_num.name = "split_num";
  split_num.attrs = {{"num", int32_t{7}}, {"axis", int32_t{-2}}};
  split_num.out_count = 7;
  split_num.references = [cut](const std::vector<Arr>& in, const AttributeMap&) {
    return cut(in[0], std::vector<int64_t>(7, 1));
  };
  rows.push_back(split_num);
  auto unit = [](std::vector<Arr> parts, int64_t n) {  // [2, 3] entries as [2, 1, 3] and back
    for (Arr& p : parts) p.shape = n ? Shape{2, n, 3} : Shape{2, 3};
    return parts;
  };
  OpRow stack{"stack", "stack", {{"X", {2, 3}}, {"X", {2, 3}}}, {{"axis", int32_t{1}}}, nullptr};
  stack.out_slot = "Y";
  stack.reference = [join, unit](const std::vector<Arr>& in, const AttributeMap&) {
    return join(unit(in, 1));
  };
  rows.push_back(stack);
  OpRow unstack{"unstack", "unstack", {{"X", {2, 4, 3}}}, {{"axis", int32_t{1}}, {"num", int32_t{4}}},
                nullptr};
  unstack.out_slot = "Y";
  unstack.out_count = 4;
  unstack.references = [cut, unit](const std::vector<Arr>& in, const AttributeMap&) {
    return unit(cut(in[0], {1, 1, 1, 1}), 0);
  };
  rows.push_back(unstack);
  // Picking by index: Index is int64, drawn with repeats and negative entries.
  auto along = [](const Arr& x, const Arr& idx, int axis) {
    const Shape& d = x.shape;
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < axis; ++i) outer *= d[i];
    for (size_t i = axis + 1; i < d.size(); ++i) inner *= d[i];
    const int64_t n = static_cast<int64_t>(idx.v.size());
    Arr out{d, {}};
    out.shape[axis] = n;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < n; ++i) {
        const int64_t j = idx.v[i] < 0 ? static_cast<int64_t>(idx.v[i]) + d[axis]
                                       : static_cast<int64_t>(idx.v[i]);
        for (int64_t k = 0; k < inner; ++k) out.v.push_back(x.v[(o * d[axis] + j) * inner + k]);
      }
    return out;
  };
  OpRow gather{"gather", "gather", {{"X", {5, 3}}, {"Index", {7}, -5, 4}}, {}, nullptr};
  gather.inputs[1].dtype = DataType::kInt64;
  gather.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 0);
  };
  rows.push_back(gather);
  OpRow gather_axis = gather;
  gather_axis.name = "gather_axis1";
  gather_axis.inputs = {{"X", {2, 4, 3}}, {"Index", {5}, -4, 3}};
  gather_axis.inputs[1].dtype = DataType::kInt32;
  gather_axis.attrs = {{"axis", int32_t{1}}};
  gather_axis.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 1);
  };
  rows.push_back(gather_axis);
  OpRow select{"index_select", "index_select", {{"X", {2, 4, 3}}, {"Index", {6}, -3, 2}},
               {{"dim", int32_t{-1}}}, nullptr};
  select.inputs[1].dtype = DataType::kInt64;
  select.reference = [along](const std::vector<Arr>& in, const AttributeMap&) {
    return along(in[0], in[1], 2);
  };
  rows.push_back(select);
  OpRow where{"where", "where", {{"Condition", {3, 4}, -1, 1}, {"X", {3, 4}}, {"Y", {3, 4}}}, {},
              nullptr};
  where.inputs[0].dtype = DataType::kBool;
  where.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[1];
    for (size_t i = 0; i < out.v.size(); ++i) out.v[i] = in[0].v[i] ? in[1].v[i] : in[2].v[i];
    return out;
  };
  rows.push_back(where);
  OpRow one_hot{"one_hot_v2", "one_hot_v2", {{"X", {2, 3}, 0, 4}}, {{"depth", int32_t{5}}},
                nullptr};
  one_hot.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{2, 3, 5}, std::vector<double>(30, 0.0)};
    for (size_t i = 0; i < in[0].v.size(); ++i) out.v[i * 5 + static_cast<size_t>(in[0].v[i])] = 1;
    return out;
  };
  one_hot.inputs[0].dtype = DataType::kInt64;
  rows.push_back(one_hot);
  // Searching and scanning along an axis.
  auto arg = [](const std::string& op, bool max) {
    OpRow r{op, op, {{"X", {3, 4, 5}}}, {{"axis", int64_t{1}}}, nullptr};
    r.reference = [max](const std::vector<Arr>& in, const AttributeMap&) {
      Arr a = AlongLines(in[0], 1, 1, [max](const std::vector<double>& l) {
        const auto it = max ? std::max_element(l.begin(), l.end()) : std::min_element(l.begin(), l.end());
        return std::vector<double>{double(it - l.begin())};
      });
      a.shape = {3, 5};
      return a;
    };
    return r;
  };
  rows.push_back(arg("arg_max", true));
  rows.push_back(arg("arg_min", false));
  OpRow topk{"top_k_v2", "top_k_v2", {{"X", {3, 6}}}, {{"k", int32_t{2}}}, nullptr};
  topk.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 1, 2, [](const std::vector<double>& l) { return SortedDesc(l); });
  };
  rows.push_back(topk);
  OpRow argsort{"argsort", "argsort", {{"X", {4, 3, 2}}}, {{"axis", int32_t{0}}}, nullptr};
  argsort.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return AlongLines(in[0], 0, 4, [](std::vector<double> l) {
      std::sort(l.begin(), l.end());
      return l;
    });
  };
  rows.push_back(argsort);
  auto cumsum = [](const std::string& name, bool exclusive, bool reverse) {
    OpRow r{name, "cumsum", {{"X", {3, 4, 5}}},
            {{"axis", int32_t{1}}, {"exclusive", exclusive}, {"reverse", reverse}}, nullptr};
    r.reference = [exclusive, reverse](const std::vector<Arr>& in, const AttributeMap&) {
      return AlongLines(in[0], 1, 4, [=](const std::vector<double>& l) {
        std::vector<double> out(l.size());
        double acc = 0;
        for (size_t s = 0; s < l.size(); ++s) {
          const size_t j = reverse ? l.size() - 1 - s : s;
          if (exclusive) out[j] = acc;
          acc += l[j];
          if (!exclusive) out[j] = acc;
        }
        return out;
      });
    };
    return r;
  };
  rows.push_back(cumsum("cumsum", false, false));
  rows.push_back(cumsum("cumsum_exclusive_reverse", true, true));
  // Position rules: out[idx] = x[f(idx)] (or 0).
  auto positions = [](const std::string& name, const std::string& op, Shape x, AttributeMap attrs,
                      Shape out, std::function<int64_t(const std::vector<int64_t>&)> f) {
    OpRow r{name, op, {{"X", x}}, std::move(attrs), nullptr};
    r.reference = [out, f](const std::vector<Arr>& in, const AttributeMap&) {
      Arr o{out, {}};
      int64_t n = 1;
      for (int64_t d : out) n *= d;
      std::vector<int64_t> idx(out.size(), 0);
      for (int64_t k = 0; k < n; ++k) {
        const int64_t src = f(idx);
        o.v.push_back(src < 0 ? 0.0 : in[0].v[src]);
        for (int d = static_cast<int>(out.size()) - 1; d >= 0; --d) {
          if (++idx[d] < out[d]) break;
          idx[d] = 0;
        }
      }
      return o;
    };
    return r;
  };
  rows.push_back(positions("tile", "tile", {2, 3}, {{"repeat_times", Ints{2, 1, 2}}}, {2, 2, 6},
                           [](const std::vector<int64_t>& i) { return i[1] * 3 + i[2] % 3; }));
  rows.push_back(positions("expand_v2", "expand_v2", {3, 1}, {{"shape", Ints{2, -1, 4}}},
                           {2, 3, 4}, [](const std::vector<int64_t>& i) { return i[1]; }));
  rows.push_back(positions("flip", "flip", {3, 4}, {{"axis", Ints{0, -1}}}, {3, 4},
                           [](const std::vector<int64_t>& i) { return (2 - i[0]) * 4 + 3 - i[1]; }));
  rows.push_back(positions("roll", "roll", {3, 4},
                           {{"shifts", std::vector<int64_t>{1, -1}}, {"axis", std::vector<int64_t>{0, 1}}},
                           {3, 4}, [](const std::vector<int64_t>& i) {
                             return ((i[0] + 2) % 3) * 4 + (i[1] + 1) % 4;
                           }));
  rows.push_back(positions("roll_flat", "roll", {3, 4}, {{"shifts", std::vector<int64_t>{5}}},
                           {3, 4}, [](const std::vector<int64_t>& i) {
                             return ((i[0] * 4 + i[1]) - 5 + 12) % 12;
                           }));
  rows.push_back(positions("tril", "tril_triu", {2, 3, 4}, {{"lower", true}, {"diagonal", int32_t{1}}},
                           {2, 3, 4}, [](const std::vector<int64_t>& i) -> int64_t {
                             return i[2] - i[1] > 1 ? -1 : (i[0] * 3 + i[1]) * 4 + i[2];
                           }));
  rows.push_back(positions("triu", "tril_triu", {3, 4}, {{"lower", false}}, {3, 4},
                           [](const std::vector<int64_t>& i) -> int64_t {
                             return i[1] < i[0] ? -1 : i[0] * 4 + i[1];
                           }));
  OpRow expand_as{"expand_as_v2", "expand_as_v2", {{"X", {1, 3}}, {"Y", {2, 3}}}, {}, nullptr};
  expand_as.inputs[1].differentiable = false;
  expand_as.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    return Arr{{2, 3}, {in[0].v[0], in[0].v[1], in[0].v[2], in[0].v[0], in[0].v[1], in[0].v[2]}};
  };
  rows.push_back(expand_as);
  // Slices: out[i, j, k] = x[s0 + i * t0, s1 + j * t1, s2 + k * t2].
  auto box = [](const std::string& name, const std::string& op, AttributeMap attrs, Shape out,
                Shape drop_to, std::vector<int64_t> s, std::vector<int64_t> t) {
    OpRow r{name, op, {{"Input", {3, 4, 5}}}, std::move(attrs), nullptr};
    r.reference = [out, drop_to, s, t](const std::vector<Arr>& in, const AttributeMap&) {
      Arr o{drop_to.empty() ? out : drop_to, {}};
      for (int64_t i = 0; i < out[0]; ++i)
        for (int64_t j = 0; j < out[1]; ++j)
          for (int64_t k = 0; k < out[2]; ++k)
            o.v.push_back(in[0].v[((s[0] + i * t[0]) * 4 + s[1] + j * t[1]) * 5 + s[2] + k * t[2]]);
      return o;
    };
    return r;
  };
  rows.push_back(box("slice", "slice",
                     {{"axes", Ints{0, 2}}, {"starts", Ints{1, -3}}, {"ends", Ints{3, 100}}},
                     {2, 4, 3}, {}, {1, 0, 2}, {1, 1, 1}));
  rows.push_back(box("slice_decrease", "slice",
                     {{"axes", Ints{1}}, {"starts", Ints{2}}, {"ends", Ints{3}},
                      {"decrease_axis", Ints{1}}},
                     {3, 1, 5}, {3, 5}, {0, 2, 0}, {1, 1, 1}));
  rows.push_back(box("strided_slice", "strided_slice",
                     {{"axes", Ints{1, 2}}, {"starts", Ints{3, 0}}, {"ends", Ints{-5, 5}},
                      {"strides", Ints{-1, 2}}},
                     {3, 4, 3}, {}, {0, 3, 0}, {1, -1, 2}));
  // batch_norm over [2, 3, 2, 2] (NCHW) or [2, 2, 2, 3] (NHWC), with the batch's or the
  // running statistics.
  auto batch_norm = [](const std::string& name, bool nhwc, bool test) {
    const Shape x = nhwc ? Shape{2, 2, 2, 3} : Shape{2, 3, 2, 2};
    OpRow r{name, "batch_norm",
            {{"X", x}, {"Scale", {3}}, {"Bias", {3}}, {"Mean", {3}}, {"Variance", {3}, 0.5, 2}},
            {{"is_test", test}, {"data_layout", std::string(nhwc ? "NHWC" : "NCHW")}}, nullptr};
    r.out_slot = "Y";
    r.inputs[3].differentiable = r.inputs[4].differentiable = false;
    r.reference = [nhwc, test](const std::vector<Arr>& in, const AttributeMap&) {
      auto at = [nhwc](int n, int c, int s) { return nhwc ? (n * 4 + s) * 3 + c : (n * 3 + c) * 4 + s; };
      Arr y = in[0];
      for (int c = 0; c < 3; ++c) {
        double m = 0, v = 0;
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s) m += in[0].v[at(n, c, s)] / 8;
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s) v += std::pow(in[0].v[at(n, c, s)] - m, 2) / 8;
        if (test) m = in[3].v[c], v = in[4].v[c];
        for (int n = 0; n < 2; ++n)
          for (int s = 0; s < 4; ++s)
            y.v[at(n, c, s)] = (in[0].v[at(n, c, s)] - m) / std::sqrt(v + double{1e-5f}) *
                                   in[1].v[c] + in[2].v[c];
      }
      return y;
    };
    return r;
  };
  rows.push_back(batch_norm("batch_norm", false, false));
  rows.push_back(batch_norm("batch_norm_nhwc", true, false));
  rows.push_back(batch_norm("batch_norm_test", false, true));
  // softmax_with_cross_entropy on 4 rows of 5 classes (the loss is checked; Softmax too
  // feeds the gradient).
  auto sce = [](const std::string& name, bool soft, bool use_softmax, int32_t ignore) {
    OpRow r{name, "softmax_with_cross_entropy",
            {{"Logits", {4, 5}, use_softmax ? -2.0 : 0.1, use_softmax ? 2.0 : 1.0},
             {"Label", soft ? Shape{4, 5} : Shape{4, 1}, 0, soft ? 1.0 : 4.0}},
            {{"soft_label", soft}, {"use_softmax", use_softmax}, {"ignore_index", ignore}},
            nullptr};
    r.out_slot = "Loss";
    if (!soft) r.inputs[1].dtype = DataType::kInt64;
    r.inputs[1].differentiable = false;
    r.reference = [soft, use_softmax, ignore](const std::vector<Arr>& in, const AttributeMap&) {
      Arr loss{{4, 1}, {}};
      for (int i = 0; i < 4; ++i) {
        double s = 0;
        for (int j = 0; j < 5; ++j) s += std::exp(in[0].v[i * 5 + j]);
        auto logp = [&](int j) {
          return use_softmax ? in[0].v[i * 5 + j] - std::log(s) : std::log(in[0].v[i * 5 + j]);
        };
        double l = 0;
        if (soft) {
          for (int j = 0; j < 5; ++j) l -= in[1].v[i * 5 + j] * logp(j);
        } else if (in[1].v[i] != ignore) {
          l = -logp(static_cast<int>(in[1].v[i]));
        }
        loss.v.push_back(l);
      }
      return loss;
    };
    return r;
  };
  rows.push_back(sce("softmax_with_cross_entropy", false, true, -100));
  rows.push_back(sce("softmax_with_cross_entropy_ignore", false, true, 2));
  rows.push_back(sce("softmax_with_cross_entropy_soft", true, true, -100));
  rows.push_back(sce("softmax_with_cross_entropy_probabilities", false, false, -100));
  // Creation.
  OpRow fill{"fill_constant", "fill_constant", {},
             {{"shape", std::vector<int64_t>{2, 3}}, {"value", 1.5f}}, nullptr};
  fill.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{2, 3}, std::vector<double>(6, 1.5)};
  };
  rows.push_back(fill);
  OpRow fill_str = fill;
  fill_str.name = "fill_constant_int64_exact";
  fill_str.attrs = {{"shape", std::vector<int64_t>{2}}, {"dtype", int32_t{3}},
                    {"str_value", std::string("9007199254740993")}};
  fill_str.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{2}, std::vector<double>(2, 9007199254740993.0)};
  };
  rows.push_back(fill_str);
  OpRow range{"range", "range", {{"Start", {1}, 1, 1}, {"End", {1}, 4, 4}, {"Step", {1}, 0.5, 0.5}},
              {}, nullptr};
  range.shape_from_values = true;
  range.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{0}, {}};
    for (double v = in[0].v[0]; v < in[1].v[0]; v += in[2].v[0]) out.v.push_back(v);
    out.shape[0] = static_cast<int64_t>(out.v.size());
    return out;
  };
  rows.push_back(range);
  OpRow linspace{"linspace", "linspace", {{"Start", {1}, -1, -1}, {"Stop", {1}, 2, 2}, {"Num", {1}, 5, 5}},
                 {{"dtype", int32_t{6}}}, nullptr};
  linspace.inputs[2].dtype = DataType::kInt32;
  linspace.shape_from_values = true;
  linspace.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5}, {}};
    for (int i = 0; i < 5; ++i) out.v.push_back(in[0].v[0] + (in[1].v[0] - in[0].v[0]) * i / 4);
    return out;
  };
  rows.push_back(linspace);
  OpRow eye{"eye", "eye", {}, {{"num_rows", int64_t{3}}, {"num_columns", int64_t{4}}}, nullptr};
  eye.reference = [](const std::vector<Arr>&, const AttributeMap&) {
    return Arr{{3, 4}, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0}};
  };
  rows.push_back(eye);
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
  OpRow take{"take_along_axis", "take_along_axis", {{"Input", {3, 4}}, {"Index", {3, 2}, -4, 3}},
             {{"Axis", int32_t{1}}}, nullptr};
  take.out_slot = "Result";
  take.inputs[1].dtype = DataType::kInt64;
  take.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{3, 2}, {}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) {
        int64_t c = static_cast<int64_t>(in[1].v[i * 2 + j]);
        if (c < 0) c += 4;
        out.v.push_back(in[0].v[i * 4 + c]);
      }
    return out;
  };
  rows.push_back(take);
  OpRow gather_nd{"gather_nd", "gather_nd", {{"X", {3, 4, 2}}, {"Index", {5, 2}, 0, 2}}, {}, nullptr};
  gather_nd.inputs[1].dtype = DataType::kInt64;  // (i, j) pairs, each in [0, 2]
  gather_nd.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out{{5, 2}, {}};
    for (int t = 0; t < 5; ++t) {
      const int64_t i = static_cast<int64_t>(in[1].v[t * 2]), j = static_cast<int64_t>(in[1].v[t * 2 + 1]);
      for (int k = 0; k < 2; ++k) out.v.push_back(in[0].v[(i * 4 + j) * 2 + k]);
    }
    return out;
  };
  rows.push_back(gather_nd);
  auto scatter = [](const std::string& name, bool overwrite) {
    OpRow r{name, "scatter", {{"X", {5, 3}}, {"Ids", {4}, 0, 4}, {"Updates", {4, 3}}},
            {{"overwrite", overwrite}}, nullptr};
    r.inputs[1].dtype = DataType::kInt64;
    r.reference = [overwrite](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      if (!overwrite)
        for (double id : in[1].v)
          for (int j = 0; j < 3; ++j) out.v[static_cast<size_t>(id) * 3 + j] = 0;
      for (size_t i = 0; i < in[1].v.size(); ++i)
        for (int j = 0; j < 3; ++j) {
          double& d = out.v[static_cast<size_t>(in[1].v[i]) * 3 + j];
          d = overwrite ? in[2].v[i * 3 + j] : d + in[2].v[i * 3 + j];
        }
      return out;
    };
    return r;
  };
  rows.push_back(scatter("scatter", true));
  rows.push_back(scatter("scatter_add", false));
  // group_norm over N = 2, C = 4, 3 positions; instance_norm is one channel per group.
  auto group_norm = [](const std::string& name, const std::string& op, int groups, bool nhwc) {
    const Shape x = nhwc ? Shape{2, 3, 4} : Shape{2, 4, 3};
    AttributeMap attrs;
    if (op == "group_norm")
      attrs = {{"groups", int32_t{groups}}, {"data_layout", std::string(nhwc ? "NHWC" : "NCHW")}};
    OpRow r{name, op, {{"X", x}, {"Scale", {4}}, {"Bias", {4}}}, attrs, nullptr};
    r.out_slot = "Y";
    r.reference = [groups, nhwc](const std::vector<Arr>& in, const AttributeMap&) {
      auto at = [nhwc](int n, int c, int s) { return nhwc ? (n * 3 + s) * 4 + c : (n * 4 + c) * 3 + s; };
      Arr y = in[0];
      const int per = 4 / groups;
      for (int n = 0; n < 2; ++n)
        for (int g = 0; g < groups; ++g) {
          double m = 0, v = 0;
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s) m += in[0].v[at(n, c, s)] / (per * 3);
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s) v += std::pow(in[0].v[at(n, c, s)] - m, 2) / (per * 3);
          for (int c = g * per; c < (g + 1) * per; ++c)
            for (int s = 0; s < 3; ++s)
              y.v[at(n, c, s)] = (in[0].v[at(n, c, s)] - m) / std::sqrt(v + double{1e-5f}) *
                                     in[1].v[c] + in[2].v[c];
        }
      return y;
    };
    return r;
  };
  rows.push_back(group_norm("group_norm", "group_norm", 2, false));
  rows.push_back(group_norm("group_norm_nhwc", "group_norm", 2, true));
  rows.push_back(group_norm("instance_norm", "instance_norm", 4, false));
  // pad3d on [1, 2, 2, 3, 3] with paddings [left 1, right 0, top 0, bottom 2, front 1, back 1].
  auto pad3d = [](const std::string& mode) {
    OpRow r{"pad3d_" + mode, "pad3d", {{"X", {1, 2, 2, 3, 3}}},
            {{"paddings", Ints{1, 0, 0, 2, 1, 1}}, {"mode", mode}, {"value", 2.0f}}, nullptr};
    r.reference = [mode](const std::vector<Arr>& in, const AttributeMap&) {
      auto src = [&](int64_t j, int64_t n) -> int64_t {
        if (j >= 0 && j < n) return j;
        if (mode == "constant") return -1;
        if (mode == "reflect") return j < 0 ? -j : 2 * (n - 1) - j;
        if (mode == "replicate") return j < 0 ? 0 : n - 1;
        return (j + n) % n;
      };
      Arr out{{1, 2, 4, 5, 4}, {}};
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 4; ++d)
          for (int h = 0; h < 5; ++h)
            for (int w = 0; w < 4; ++w) {
              const int64_t sd = src(d - 1, 2), sh = src(h, 3), sw = src(w - 1, 3);
              out.v.push_back(sd < 0 || sh < 0 || sw < 0 ? 2.0
                                                         : in[0].v[((c * 2 + sd) * 3 + sh) * 3 + sw]);
            }
      return out;
    };
    return r;
  };
  for (const char* mode : {"constant", "reflect", "replicate", "circular"}) rows.push_back(pad3d(mode));
  OpRow masked{"masked_select", "masked_select", {{"X", {3, 4}}, {"Mask", {3, 4}, -1, 1}}, {},
               nullptr};
  masked.out_slot = "Y";
  masked.shape_from_values = true;
  masked.inputs[1].dtype = DataType::kBool;
  masked.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr y{{0}, {}};
    for (size_t i = 0; i < in[0].v.size(); ++i)
      if (in[1].v[i]) y.v.push_back(in[0].v[i]);
    y.shape[0] = static_cast<int64_t>(y.v.size());
    return y;
  };
  rows.push_back(masked);
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
  OpRow bce{"bce_loss", "bce_loss", {{"X", {3, 4}, 0.05, 0.95}, {"Label", {3, 4}, 0, 1}}, {},
            nullptr};
  bce.inputs[1].differentiable = false;
  bce.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr out = in[0];
    for (size_t i = 0; i < out.v.size(); ++i)
      out.v[i] = -(in[1].v[i] * std::log(in[0].v[i]) + (1 - in[1].v[i]) * std::log(1 - in[0].v[i]));
    return out;
  };
  rows.push_back(bce);
  auto sigmoid_ce = [](const std::string& name, bool pos_weight, bool normalize) {
    OpRow r{name, "sigmoid_cross_entropy_with_logits", {{"X", {3, 4}}, {"Label", {3, 4}, 0, 1}},
            {{"normalize", normalize}}, nullptr};
    r.inputs[1].differentiable = false;
    if (pos_weight) r.inputs.push_back({"pos_weight", {3, 4}, 0.5, 2.0, false});
    r.reference = [pos_weight, normalize](const std::vector<Arr>& in, const AttributeMap&) {
      Arr out = in[0];
      for (size_t i = 0; i < out.v.size(); ++i) {
        const double x = in[0].v[i], y = in[1].v[i], w = pos_weight ? in[2].v[i] : 1.0;
        const double s = 1 / (1 + std::exp(-x));
        out.v[i] = -(w * y * std::log(s) + (1 - y) * std::log(1 - s));
        if (normalize) out.v[i] /= static_cast<double>(out.v.size());
      }
      return out;
    };
    return r;
  };
  rows.push_back(sigmoid_ce("sigmoid_cross_entropy_with_logits", false, false));
  rows.push_back(sigmoid_ce("sigmoid_cross_entropy_pos_weight_normalized", true, true));
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
  OpRow layer_norm{"layer_norm", "layer_norm", {{"X", {3, 4, 5}}, {"Scale", {20}}, {"Bias", {20}}},
                   {{"begin_norm_axis", int32_t{1}}}, nullptr};
  layer_norm.out_slot = "Y";
  layer_norm.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    Arr y = in[0];
    for (int i = 0; i < 3; ++i) {
      double m = 0, v = 0;
      for (int j = 0; j < 20; ++j) m += in[0].v[i * 20 + j] / 20;
      for (int j = 0; j < 20; ++j) v += (in[0].v[i * 20 + j] - m) * (in[0].v[i * 20 + j] - m) / 20;
      for (int j = 0; j < 20; ++j)
        y.v[i * 20 + j] = (in[0].v[i * 20 + j] - m) / std::sqrt(v + double{1e-5f}) * in[1].v[j] +
                          in[2].v[j];
    }
    return y;
  };
  rows.push_back(layer_norm);
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

// Ops whose checks live elsewhere for now (moving them into the table is open
// work): their own tests, named here so the list can only shrink knowingly.
const std::set<std::string> kCheckedElsewhere = {
    "pool2d",                        // ops_conv_pool_test.cc
    "matmul_v2", "lookup_table_v2",  // ops_embed_matmul_test.cc
    "fc",                            // ir_test.cc (made by fc_fuse_pass)
    "feed", "fetch",                 // ops_test.cc, executor_test.cc
};

TEST(OpTableCoverage, EveryForwardOpHasARow) {
  std::set<std::string> rowed;
  for (const OpRow& r : Rows()) rowed.insert(r.op);
  for (const std::string& type : OpRegistry::Instance().Types()) {
    if (type.size() > 5 && type.compare(type.size() - 5, 5, "_grad") == 0) continue;
    if (type.rfind("op_def_test", 0) == 0) continue;
    EXPECT_TRUE(rowed.count(type) || kCheckedElsewhere.count(type))
        << type << " has no row in the op table";
    EXPECT_FALSE(rowed.count(type) && kCheckedElsewhere.count(type))
        << type << " has a row now: drop it from kCheckedElsewhere";
  }
}

class OpTable : public ::testing::TestWithParam<OpRow> {};

TEST_P(OpTable, ForwardGradientShapesAndInPlace) { CheckOpRow(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Ops, OpTable, ::testing::ValuesIn(Rows()),
                         [](const ::testing::TestParamInfo<OpRow>& info) { return info.param.name; });

}  // namespace
}  // namespace test
}  // namespace paddle
