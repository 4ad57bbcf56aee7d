// Random: uniform_random, gaussian_random, truncated_gaussian_random, randint,
// randperm, bernoulli, binomial, standard_gamma, dropout. Rows check statistics
// of thousands of draws
// (bounds of about five standard errors); the harness reruns each row with
// its seed and expects the same values.
#include "op_table.h"

namespace paddle {
namespace test {
namespace {

double StdDev(const std::vector<double>& v) {
  const double m = Mean(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size()));
}

double Pdf(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }
double Cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

template <typename T>
T AttrOr(const AttributeMap& attrs, const char* name, T otherwise) {
  auto it = attrs.find(name);
  return it == attrs.end() ? otherwise : std::get<T>(it->second);
}

// n draws with the given mean and standard deviation: the sample mean within
// five standard errors, the sample standard deviation within 5%.
void ExpectMoments(const std::vector<double>& v, double mean, double sd) {
  const double n = static_cast<double>(v.size());
  EXPECT_NEAR(Mean(v), mean, 5 * sd / std::sqrt(n)) << "sample mean of " << n;
  EXPECT_NEAR(StdDev(v), sd, 0.05 * sd) << "sample standard deviation of " << n;
}

OpRow Random(const std::string& name, const std::string& op, AttributeMap attrs,
             std::function<void(const std::vector<double>&, const AttributeMap&)> check) {
  OpRow row{name, op, {}, std::move(attrs), nullptr};
  row.check = [check](const std::vector<Arr>& out, const std::vector<Arr>&, const AttributeMap& a) {
    check(out[0].v, a);
  };
  return row;
}

void UniformCheck(const std::vector<double>& v, const AttributeMap& a) {
  const double lo = AttrOr(a, "min", -1.0f), hi = AttrOr(a, "max", 1.0f);
  EXPECT_GE(MinOf(v), lo);
  EXPECT_LT(MaxOf(v), hi);
  ExpectMoments(v, (lo + hi) / 2, (hi - lo) / std::sqrt(12.0));
}

void GaussianCheck(const std::vector<double>& v, const AttributeMap& a) {
  ExpectMoments(v, AttrOr(a, "mean", 0.0f), AttrOr(a, "std", 1.0f));
}

// N(mean, std^2) restricted to [a, b]: its mean and variance from the
// standard normal's density and CDF at the bounds (in std units).
void TruncatedCheck(const std::vector<double>& v, const AttributeMap& attrs) {
  const double mu = AttrOr(attrs, "mean", 0.0f), sd = AttrOr(attrs, "std", 1.0f);
  const double a = AttrOr(attrs, "a", -2.0f), b = AttrOr(attrs, "b", 2.0f);
  const double al = (a - mu) / sd, be = (b - mu) / sd, z = Cdf(be) - Cdf(al);
  const double d = (Pdf(al) - Pdf(be)) / z;
  const double var = 1 + (al * Pdf(al) - be * Pdf(be)) / z - d * d;
  EXPECT_GE(MinOf(v), a);
  EXPECT_LE(MaxOf(v), b);
  ExpectMoments(v, mu + sd * d, sd * std::sqrt(var));
}

// Whole numbers in [low, high), every one of them drawn, about uniformly.
void RandintCheck(const std::vector<double>& v, const AttributeMap& a) {
  const int32_t lo = std::get<int32_t>(a.at("low")), hi = std::get<int32_t>(a.at("high"));
  std::vector<int> seen(hi - lo);
  for (double x : v) {
    ASSERT_EQ(x, std::floor(x));
    ASSERT_TRUE(x >= lo && x < hi) << x;
    ++seen[static_cast<int>(x) - lo];
  }
  for (int c : seen) EXPECT_GT(c, 0);
  const double k = hi - lo;
  ExpectMoments(v, (lo + hi - 1) / 2.0, std::sqrt((k * k - 1) / 12));
}

void RandpermCheck(const std::vector<double>& v, const AttributeMap& a) {
  std::vector<double> sorted = v, want(std::get<int32_t>(a.at("n")));
  std::sort(sorted.begin(), sorted.end());
  std::iota(want.begin(), want.end(), 0.0);
  EXPECT_EQ(sorted, want) << "not a permutation of 0 .. n-1";
  EXPECT_NE(v, want) << "not shuffled";
}

// Training dropout of X in [1, 2]: each element 0 or X (divided by 1 - p with
// upscale_in_train), zeros in a fraction p.
void DropoutTrainCheck(const std::vector<Arr>& out, const std::vector<Arr>& in,
                       const AttributeMap& a) {
  const double p = AttrOr(a, "dropout_prob", 0.5f);
  const bool upscale = AttrOr(a, "dropout_implementation", std::string("downgrade_in_infer")) ==
                       "upscale_in_train";
  const std::vector<double>& x = in[0].v;
  const std::vector<double>& y = out[0].v;
  double zeros = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    if (y[i] == 0) {
      ++zeros;
      continue;
    }
    const double kept = upscale ? x[i] / static_cast<float>(1 - p) : x[i];
    ASSERT_NEAR(y[i], kept, 1e-6 * kept) << "element " << i;
  }
  const double n = static_cast<double>(y.size());
  EXPECT_NEAR(zeros / n, p, 5 * std::sqrt(p * (1 - p) / n)) << "fraction dropped";
}

OpRow DropoutRow(const std::string& name, AttributeMap attrs) {
  OpRow row{name, "dropout", {{"X", {40, 50}, 1, 2}}, std::move(attrs), nullptr};
  row.check = DropoutTrainCheck;
  return row;
}

// is_test: Out is X scaled by 1 - p (downgrade_in_infer) or X itself.
OpRow DropoutTestRow(const std::string& name, const std::string& mode, double scale) {
  OpRow row{name, "dropout", {{"X", {3, 4}}},
            {{"is_test", true}, {"dropout_prob", 0.25f}, {"dropout_implementation", mode}}, nullptr};
  row.reference = [scale](const std::vector<Arr>& in, const AttributeMap&) {
    return Map(in[0], [scale](double x) { return x * static_cast<float>(scale); });
  };
  return row;
}

}  // namespace

PD_OP_TABLE(Random) {
  using Longs = std::vector<int64_t>;
  std::vector<OpRow> rows;
  rows.push_back(Random("uniform_random", "uniform_random",
                        {{"shape", Longs{40, 100}}, {"min", -2.0f}, {"max", 3.0f}, {"seed", 7}},
                        UniformCheck));
  rows.push_back(Random("uniform_random_float64_default_generator", "uniform_random",
                        {{"shape", Longs{4000}}, {"dtype", 6}}, UniformCheck));
  rows.push_back(Random("uniform_random_diag", "uniform_random",
                        {{"shape", Longs{4, 5}}, {"diag_num", 4}, {"diag_step", 5},
                         {"diag_val", 7.0f}, {"seed", 3}},
                        [](const std::vector<double>& v, const AttributeMap&) {
                          for (size_t i = 0; i < v.size(); ++i) {
                            if (i % 6 == 0 && i < 24) EXPECT_EQ(v[i], 7.0) << i;
                            else EXPECT_TRUE(v[i] >= -1 && v[i] < 1) << i;
                          }
                        }));
  rows.push_back(Random("gaussian_random", "gaussian_random",
                        {{"shape", Longs{40, 100}}, {"mean", 1.5f}, {"std", 2.0f}, {"seed", 11}},
                        GaussianCheck));
  rows.push_back(Random("gaussian_random_float64_default_generator", "gaussian_random",
                        {{"shape", Longs{4000}}, {"dtype", 6}, {"mean", -1.0f}, {"std", 0.5f}},
                        GaussianCheck));
  rows.push_back(Random("truncated_gaussian_random", "truncated_gaussian_random",
                        {{"shape", Ints{40, 100}}, {"seed", 5}}, TruncatedCheck));
  // a and b bound the values themselves, not in std units (as PaddlePaddle).
  rows.push_back(Random("truncated_gaussian_random_bounds", "truncated_gaussian_random",
                        {{"shape", Ints{4000}}, {"mean", 5.0f}, {"std", 2.0f}, {"a", -2.0f},
                         {"b", 6.0f}, {"dtype", 6}},
                        TruncatedCheck));
  rows.push_back(Random("truncated_gaussian_random_right_tail", "truncated_gaussian_random",
                        {{"shape", Ints{4000}}, {"mean", 0.0f}, {"std", 1.0f}, {"a", 1.5f},
                         {"b", 4.0f}, {"seed", 9}},
                        TruncatedCheck));
  rows.push_back(Random("randint", "randint",
                        {{"shape", Longs{40, 100}}, {"low", -3}, {"high", 5}, {"seed", 13}},
                        RandintCheck));
  rows.push_back(Random("randint_int32_default_generator", "randint",
                        {{"shape", Longs{4000}}, {"low", 10}, {"high", 20}, {"dtype", 2}},
                        RandintCheck));
  rows.push_back(Random("randperm", "randperm", {{"n", 1000}}, RandpermCheck));
  rows.push_back(Random("randperm_float32", "randperm", {{"n", 300}, {"dtype", 5}}, RandpermCheck));

  OpRow bernoulli{"bernoulli", "bernoulli", {{"X", {40, 100}, 0, 1}}, {}, nullptr};
  bernoulli.check = [](const std::vector<Arr>& out, const std::vector<Arr>& in, const AttributeMap&) {
    double ones = 0, var = 0;
    for (size_t i = 0; i < out[0].v.size(); ++i) {
      ASSERT_TRUE(out[0].v[i] == 0 || out[0].v[i] == 1) << out[0].v[i];
      if (in[0].v[i] == 0) ASSERT_EQ(out[0].v[i], 0);
      if (in[0].v[i] == 1) ASSERT_EQ(out[0].v[i], 1);
      ones += out[0].v[i];
      var += in[0].v[i] * (1 - in[0].v[i]);
    }
    EXPECT_NEAR(ones, Sum(in[0].v), 5 * std::sqrt(var)) << "ones drawn against sum(X)";
  };
  bernoulli.inputs[0].special = {0, 1, 0, 1};
  rows.push_back(bernoulli);
  OpRow bernoulli_rate{"bernoulli_rate", "bernoulli", {{"X", {4000}, 0.2, 0.2}}, {}, nullptr};
  bernoulli_rate.check = [](const std::vector<Arr>& out, const std::vector<Arr>&, const AttributeMap&) {
    const double n = static_cast<double>(out[0].v.size());
    EXPECT_NEAR(Mean(out[0].v), 0.2, 5 * std::sqrt(0.2 * 0.8 / n));
  };
  rows.push_back(bernoulli_rate);

  OpRow binomial{"binomial", "binomial", {{"count", {4000}, 10, 10}, {"prob", {4000}, 0.3, 0.3}},
                 {}, nullptr};
  binomial.out_slot = "out";
  binomial.inputs[0].dtype = DataType::kInt64;
  binomial.inputs[1].differentiable = false;
  binomial.check = [](const std::vector<Arr>& out, const std::vector<Arr>&, const AttributeMap&) {
    for (double v : out[0].v) ASSERT_TRUE(v >= 0 && v <= 10 && v == std::floor(v)) << v;
    // mean 3, variance 10 * 0.3 * 0.7 per draw
    EXPECT_NEAR(Mean(out[0].v), 3.0, 5 * std::sqrt(2.1 / 4000));
  };
  rows.push_back(binomial);
  OpRow gamma{"standard_gamma", "standard_gamma", {{"x", {4000}, 2, 2}}, {}, nullptr};
  gamma.out_slot = "out";
  gamma.inputs[0].differentiable = false;
  gamma.check = [](const std::vector<Arr>& out, const std::vector<Arr>&, const AttributeMap&) {
    for (double v : out[0].v) ASSERT_GT(v, 0);
    EXPECT_NEAR(Mean(out[0].v), 2.0, 5 * std::sqrt(2.0 / 4000));  // Gamma(2, 1): variance 2
  };
  rows.push_back(gamma);

  rows.push_back(DropoutRow("dropout", {{"dropout_prob", 0.3f}, {"fix_seed", true}, {"seed", 5}}));
  rows.push_back(DropoutRow("dropout_upscale_in_train",
                            {{"dropout_prob", 0.6f}, {"fix_seed", true}, {"seed", 17},
                             {"dropout_implementation", std::string("upscale_in_train")}}));
  rows.push_back(DropoutRow("dropout_default_generator", {{"dropout_prob", 0.5f}}));
  OpRow seed_tensor = DropoutRow("dropout_seed_tensor",
                                 {{"dropout_prob", 0.4f},
                                  {"dropout_implementation", std::string("upscale_in_train")}});
  seed_tensor.inputs.push_back({"Seed", {1}, 23, 23});
  seed_tensor.inputs.back().dtype = DataType::kInt32;
  rows.push_back(seed_tensor);
  rows.push_back(DropoutRow("dropout_all", {{"dropout_prob", 1.0f}, {"fix_seed", true}, {"seed", 2},
                                            {"dropout_implementation", std::string("upscale_in_train")}}));
  rows.push_back(DropoutRow("dropout_none", {{"dropout_prob", 0.0f}, {"fix_seed", true}, {"seed", 2}}));
  rows.push_back(DropoutTestRow("dropout_is_test_downgrade_in_infer", "downgrade_in_infer", 0.75));
  rows.push_back(DropoutTestRow("dropout_is_test_upscale_in_train", "upscale_in_train", 1.0));
  return rows;
}

}  // namespace test
}  // namespace paddle
