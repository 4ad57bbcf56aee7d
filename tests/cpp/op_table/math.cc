// Unary math beyond the activations (math_unary_ops.cc, trunc) and the
// numpy-broadcast binary ops (bitwise_ops.cc), the scans of scan_ops.cc, and conj and angle
// on real tensors (complex_ops.cc).
#include <cstdint>

#include "op_table.h"

namespace paddle {
namespace test {
namespace {

// digamma by its recurrence up to x >= 1000, then the asymptotic series
// (an error far below double precision there); another route than the op's.
double ReferenceDigamma(double x) {
  double acc = 0;
  for (; x < 1000; x += 1) acc -= 1 / x;
  const double r = 1 / (x * x);
  return acc + std::log(x) - 0.5 / x - r / 12 + r * r / 120;
}

// erfinv by bisection on erf.
double ReferenceErfinv(double y) {
  double lo = -10, hi = 10;
  for (int i = 0; i < 200; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erf(mid) < y ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

using I64 = int64_t;

// I_order(x) of libstdc++'s special functions (defined for x >= 0; I0 is
// even, I1 odd).
double BesselI(int order, double x) {
  const double v = std::cyl_bessel_i(double(order), std::abs(x));
  return order == 1 && x < 0 ? -v : v;
}

// A row of an op whose slots are named otherwise (x, y, out; atan2's X1, X2).
OpRow Named(OpRow row, std::vector<std::string> inputs, const std::string& out) {
  for (size_t i = 0; i < inputs.size(); ++i) row.inputs[i].slot = inputs[i];
  row.out_slot = out;
  return row;
}

}  // namespace

PD_OP_TABLE(Math) {
  std::vector<OpRow> rows = {
      UnaryRow("acos", [](double x) { return std::acos(x); }, -0.9, 0.9),
      UnaryRow("asin", [](double x) { return std::asin(x); }, -0.9, 0.9),
      UnaryRow("atan", [](double x) { return std::atan(x); }),
      UnaryRow("acosh", [](double x) { return std::acosh(x); }, 1.2, 4),
      UnaryRow("asinh", [](double x) { return std::asinh(x); }),
      UnaryRow("atanh", [](double x) { return std::atanh(x); }, -0.9, 0.9),
      UnaryRow("cosh", [](double x) { return std::cosh(x); }),
      UnaryRow("sinh", [](double x) { return std::sinh(x); }),
      UnaryRow("tan", [](double x) { return std::tan(x); }, -1.2, 1.2),
      UnaryRow("log2", [](double x) { return std::log(x) / std::log(2.0); }, 0.5, 4),
      UnaryRow("log10", [](double x) { return std::log(x) / std::log(10.0); }, 0.5, 4),
      UnaryRow("expm1", [](double x) { return std::exp(x) - 1; }),
      UnaryRow("trunc", [](double x) { return std::trunc(x); }, -3, 3),
      UnaryRow("lgamma", [](double x) { return std::lgamma(x); }, 0.3, 5),
      UnaryRow("digamma", ReferenceDigamma, 0.3, 5),
      [] {
        OpRow r = UnaryRow("digamma", ReferenceDigamma, -2.9, -2.1);
        r.name = "digamma_negative";  // the reflection formula
        return r;
      }(),
      UnaryRow("erfinv", ReferenceErfinv, -0.95, 0.95),
      UnaryRow("stanh", [](double x) { return double{1.5f} * std::tanh(double{0.5f} * x); }, -2,
               2, {{"scale_a", 0.5f}, {"scale_b", 1.5f}}),
      UnaryRow("logit", [](double x) { return std::log(x / (1 - x)); }, 0.05, 0.95),
      [] {
        OpRow r = UnaryRow("logit", [](double x) {
          const double c = std::min(std::max(x, double{0.2f}), 1 - double{0.2f});
          return std::log(c / (1 - c));
        }, 0.25, 0.75, {{"eps", 0.2f}});
        r.name = "logit_eps";
        return r;
      }(),
      Named(UnaryRow("i0", [](double x) { return BesselI(0, x); }, -3, 3), {"x"}, "out"),
      Named(UnaryRow("i0e", [](double x) { return std::exp(-std::abs(x)) * BesselI(0, x); }, -3,
                     3),
            {"x"}, "out"),
      Named(UnaryRow("i1", [](double x) { return BesselI(1, x); }, -3, 3), {"x"}, "out"),
      Named(UnaryRow("i1e", [](double x) { return std::exp(-std::abs(x)) * BesselI(1, x); }, -3,
                     3),
            {"x"}, "out"),
      Named(BinaryRow("atan2", "atan2", {3, 4}, {4},
                      [](double a, double b) { return std::atan2(a, b); }),
            {"X1", "X2"}, "Out"),
      Named(BinaryRow("copysign", "copysign", {3, 4}, {4},
                      [](double a, double b) { return std::copysign(a, b); }),
            {"x", "y"}, "out"),
      Named(BinaryRow("nextafter", "nextafter", {3, 4}, {3, 1},
                      [](double a, double b) { return std::nextafter(a, b); }),
            {"x", "y"}, "out"),
      Named(BinaryRow("bitwise_left_shift", "bitwise_left_shift", {3, 4}, {4},
                      [](double a, double b) { return a * double(I64(1) << I64(b)); }, 0, 6),
            {"x", "y"}, "out"),
      Named(BinaryRow("bitwise_right_shift", "bitwise_right_shift", {3, 4}, {3, 4},
                      [](double a, double b) { return std::floor(a / double(I64(1) << I64(b))); },
                      0, 6),
            {"x", "y"}, "out"),
      BinaryRow("bitwise_and", "bitwise_and", {3, 4}, {4},
                [](double a, double b) { return double(I64(a) & I64(b)); }, -8, 8),
      BinaryRow("bitwise_or", "bitwise_or", {3, 1}, {1, 4},
                [](double a, double b) { return double(I64(a) | I64(b)); }, -8, 8),
      BinaryRow("bitwise_xor", "bitwise_xor", {3, 4}, {3, 4},
                [](double a, double b) { return double(I64(a) ^ I64(b)); }, -8, 8),
      BinaryRow("elementwise_fmax", "elementwise_fmax", {2, 3, 4}, {4},
                [](double a, double b) { return std::fmax(a, b); }),
      BinaryRow("elementwise_fmin", "elementwise_fmin", {2, 3, 4}, {3, 1},
                [](double a, double b) { return std::fmin(a, b); }),
      BinaryRow("elementwise_heaviside", "elementwise_heaviside", {3, 4}, {4},
                [](double a, double b) { return a == 0 ? b : double(a > 0); }),
  };
  // ~x of an integer, !x of a bool: the harness draws both as whole numbers
  // (bools as 0 and 1; the integers here include negatives).
  OpRow bit_not = UnaryRow("bitwise_not", [](double x) { return -x - 1; }, -8, 8);
  bit_not.reference = [](const std::vector<Arr>& in, const AttributeMap&) {
    const bool bools = std::all_of(in[0].v.begin(), in[0].v.end(),
                                   [](double x) { return x == 0 || x == 1; });
    return Map(in[0], [bools](double x) { return bools ? 1 - x : -x - 1; });
  };
  rows.push_back(bit_not);
  // Running products and log-sum-exps along dim 1 of [3, 4, 5], by the
  // direct sums: out_j combines the line's elements up to j.
  auto scan = [](const std::string& name, const std::string& op, const std::string& axis_attr,
                 bool exclusive, bool reverse, double lo, double hi,
                 std::function<double(const std::vector<double>&)> combine) {
    OpRow r{name, op, {{"X", {3, 4, 5}, lo, hi}},
            {{axis_attr, int32_t{1}}, {"exclusive", exclusive}, {"reverse", reverse}}, nullptr};
    r.reference = [=](const std::vector<Arr>& in, const AttributeMap&) {
      return AlongLines(in[0], 1, 4, [=](const std::vector<double>& l) {
        std::vector<double> out(l.size());
        for (size_t s = 0; s < l.size(); ++s) {
          std::vector<double> taken;
          for (size_t k = 0; k < s + (exclusive ? 0 : 1); ++k)
            taken.push_back(l[reverse ? l.size() - 1 - k : k]);
          out[reverse ? l.size() - 1 - s : s] = combine(taken);
        }
        return out;
      });
    };
    return r;
  };
  auto product = [](const std::vector<double>& v) {
    double p = 1;
    for (double x : v) p *= x;
    return p;
  };
  auto log_sum_exp = [](const std::vector<double>& v) {
    double t = 0;
    for (double x : v) t += std::exp(x);
    return std::log(t);  // -inf for none
  };
  rows.push_back(scan("cumprod", "cumprod", "dim", false, false, -2, 2, product));
  rows.push_back(scan("cumprod_exclusive_reverse", "cumprod", "dim", true, true, -2, 2, product));
  rows.push_back(scan("logcumsumexp", "logcumsumexp", "axis", false, false, -3, 3, log_sum_exp));
  rows.push_back(
      scan("logcumsumexp_reverse", "logcumsumexp", "axis", false, true, -3, 3, log_sum_exp));
  // The complex functions on real tensors (complex inputs: tests/python/test_complex.py):
  // conj is the identity, angle pi below 0 and 0 elsewhere (inputs away from 0).
  rows.push_back(UnaryRow("conj", [](double x) { return x; }));
  rows.push_back(UnaryRow("angle", [](double x) { return x < 0 ? M_PI : 0.0; }, 0.1, 2));
  OpRow angle_negative = UnaryRow("angle", [](double x) { return x < 0 ? M_PI : 0.0; }, -2, -0.1);
  angle_negative.name = "angle_negative";
  rows.push_back(angle_negative);
  return rows;
}

}  // namespace test
}  // namespace paddle
