// The random ops beyond their table rows (op_table/random.cc): seeds (an op's
// own seed repeats across runs, seed 0 differs, seeding the default generator
// repeats a whole run, a saved state repeats the draws after it, the generator
// is thread-safe), shapes from tensors,
// PaddlePaddle's own numbers for a seed, and bad inputs as typed errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/generator.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::BuildTimeShape;
using test::ExpectError;
using test::MakeTensor;
using test::OneOp;
using test::Values;
using Longs = std::vector<int64_t>;

// Out of one run of `type` (no tensor inputs) with `attrs`, as float64.
std::vector<double> Draw(const std::string& type, const AttributeMap& attrs) {
  OneOp op(type);
  op.Out("Out", "out");
  for (const auto& [name, value] : attrs) op.Attr(name, value);
  op.Run();
  const DenseTensor& t = op.Get("out");
  switch (t.dtype()) {
    case DataType::kFloat32: { auto v = Values<float>(t); return {v.begin(), v.end()}; }
    case DataType::kInt32: { auto v = Values<int32_t>(t); return {v.begin(), v.end()}; }
    case DataType::kInt64: { auto v = Values<int64_t>(t); return {v.begin(), v.end()}; }
    default: return Values<double>(t);
  }
}

// Out of a dropout run on X = ones(n).
std::vector<float> Dropout(int64_t n, const AttributeMap& attrs, const DenseTensor* seed = nullptr) {
  OneOp op("dropout");
  op.In("X", "x", MakeTensor<float>({n}, std::vector<float>(n, 1.0f)));
  if (seed) op.In("Seed", "seed", *seed);
  op.Out("Out", "out").Out("Mask", "mask");
  for (const auto& [name, value] : attrs) op.Attr(name, value);
  op.Run();
  return Values<float>(op.Get("out"));
}

const AttributeMap kUniform = {{"shape", Longs{64}}};

// ---- seeds ----

TEST(RandomSeed, TheSameSeedGivesTheSameNumbersOnEveryRun) {
  for (const char* type : {"uniform_random", "gaussian_random", "randint"}) {
    AttributeMap attrs = {{"shape", Longs{64}}, {"seed", 123}};
    if (std::string(type) == "randint") attrs.insert({{"low", 0}, {"high", 1000}});
    const std::vector<double> first = Draw(type, attrs);
    Draw("uniform_random", kUniform);  // the default generator moves on meanwhile
    EXPECT_EQ(Draw(type, attrs), first) << type;
  }
  const AttributeMap truncated = {{"shape", std::vector<int32_t>{64}}, {"seed", 123}};
  EXPECT_EQ(Draw("truncated_gaussian_random", truncated), Draw("truncated_gaussian_random", truncated));
  const AttributeMap fixed = {{"dropout_prob", 0.5f}, {"fix_seed", true}, {"seed", 9}};
  EXPECT_EQ(Dropout(256, fixed), Dropout(256, fixed));
}

TEST(RandomSeed, SeedZeroDrawsAfreshOnEveryRun) {
  for (const char* type : {"uniform_random", "gaussian_random"})
    EXPECT_NE(Draw(type, kUniform), Draw(type, kUniform)) << type;
  EXPECT_NE(Draw("randperm", {{"n", 64}}), Draw("randperm", {{"n", 64}}));
  EXPECT_NE(Dropout(256, {}), Dropout(256, {}));
  // fix_seed with seed 0 is no seed of its own.
  EXPECT_NE(Dropout(256, {{"fix_seed", true}}), Dropout(256, {{"fix_seed", true}}));
}

TEST(RandomSeed, SeedingTheDefaultGeneratorRepeatsARun) {
  auto run = [] {
    std::vector<double> all = Draw("uniform_random", kUniform);
    for (double v : Draw("randperm", {{"n", 32}})) all.push_back(v);
    for (float v : Dropout(64, {})) all.push_back(v);
    return all;
  };
  Generator::Default().Seed(42);
  const std::vector<double> first = run();
  EXPECT_EQ(Generator::Default().InitialSeed(), 42u);
  Generator::Default().Seed(43);
  EXPECT_NE(run(), first);
  Generator::Default().Seed(42);
  EXPECT_EQ(run(), first);
}

TEST(RandomSeed, ASavedStateRepeatsTheDrawsAfterIt) {
  Generator::Default().Seed(7);
  Draw("uniform_random", kUniform);  // the state is mid-sequence, not a fresh seed's
  const std::string state = Generator::Default().State();
  const std::vector<double> next = Draw("uniform_random", kUniform);
  Draw("randperm", {{"n", 16}});
  Generator::Default().SetState(state);
  EXPECT_EQ(Draw("uniform_random", kUniform), next);
  EXPECT_EQ(Generator::Default().InitialSeed(), 7u);
  EXPECT_EQ(Generator::Default().State(), Generator::Default().State());
}

TEST(RandomSeed, AStateNotFromStateIsRefused) {
  ExpectError([] { Generator::Default().SetState("12 not numbers"); },
              ErrorKind::kInvalidArgument,
              {"[set_rng_state]", "the state is not one get_rng_state gave"});
  const std::string good = Generator::Default().State();
  ExpectError([&] { Generator::Default().SetState(good + " 5"); },
              ErrorKind::kInvalidArgument, {"[set_rng_state]"});
  EXPECT_EQ(Generator::Default().State(), good);  // unchanged by the refusals
}

TEST(RandomSeed, TheSeedTensorOverridesFixSeed) {
  const DenseTensor seed = MakeTensor<int32_t>({1}, {77});
  const AttributeMap fixed = {{"fix_seed", true}, {"seed", 5}};
  const std::vector<float> by_tensor = Dropout(256, fixed, &seed);
  EXPECT_EQ(Dropout(256, {}, &seed), by_tensor);
  EXPECT_EQ(Dropout(256, {{"fix_seed", true}, {"seed", 77}}), by_tensor);
  EXPECT_NE(Dropout(256, fixed), by_tensor);
}

// Ops on several threads draw from the default engine in turns: together they
// draw exactly the numbers one thread would, each run a contiguous piece.
TEST(RandomSeed, TheGeneratorIsThreadSafe) {
  Generator g(7);
  std::multiset<uint64_t> sequential;
  for (int i = 0; i < 4000; ++i) sequential.insert((*EngineLease(0, g))());
  g.Seed(7);
  std::vector<std::vector<uint64_t>> got(4);
  std::vector<std::thread> threads;
  for (auto& mine : got)
    threads.emplace_back([&g, &mine] {
      for (int i = 0; i < 1000; ++i) mine.push_back((*EngineLease(0, g))());
    });
  for (auto& t : threads) t.join();
  std::multiset<uint64_t> parallel;
  for (const auto& mine : got) parallel.insert(mine.begin(), mine.end());
  EXPECT_EQ(parallel, sequential);
}

// paddle.seed(42) then paddle.rand([3]) and paddle.rand([2]) in PaddlePaddle
// 3.3.1 (the default engine carries on from op to op).
TEST(RandomSeed, TheDefaultEngineFollowsPaddlePaddlesGlobalGenerator) {
  Generator::Default().Seed(42);
  const std::vector<double> first = Draw("uniform_random", {{"shape", Longs{3}}, {"min", 0.0f}});
  const std::vector<double> second = Draw("uniform_random", {{"shape", Longs{2}}, {"min", 0.0f}});
  test::ExpectNear(first, {0.8496643, 0.82754964, 0.6830854}, 1e-7, "first");
  test::ExpectNear(second, {0.9954831, 0.20079066}, 1e-7, "second");
}

// PaddlePaddle 3.3.1's CPU kernels with seed 7 (static graph, float32) gave these.
TEST(RandomSeed, ASeedGivesPaddlePaddlesNumbers) {
  const std::vector<double> uniform = Draw("uniform_random", {{"shape", Longs{4}}, {"seed", 7}});
  test::ExpectNear(uniform, {0.5087706, 0.89860237, -0.7651714, 0.78382635}, 1e-7, "uniform");
  const std::vector<double> normal = Draw("gaussian_random", {{"shape", Longs{4}}, {"seed", 7}});
  test::ExpectNear(normal, {0.8726952, -0.97256285, 0.54730994, 1.4551781}, 1e-6, "gaussian");
  const std::vector<float> dropped =
      Dropout(8, {{"dropout_prob", 0.5f}, {"fix_seed", true}, {"seed", 7},
                  {"dropout_implementation", std::string("upscale_in_train")}});
  EXPECT_EQ(dropped, (std::vector<float>{2, 2, 0, 2, 0, 0, 2, 2}));
}

// dropout's fix_seed and seed are read, yet left out of its OpProto as they
// are of PaddlePaddle's (UnlistedAttr).
TEST(RandomSeed, DropoutSeedAttributesAreReadButUnlisted) {
  const OpDef& def = OpRegistry::Instance().Get("dropout");
  ASSERT_GE(def.AttrIndex("fix_seed"), 0);
  EXPECT_TRUE(def.attrs[def.AttrIndex("seed")].unlisted);
  proto::OpProto p;
  ASSERT_TRUE(p.ParseFromString(OpRegistry::Instance().SerializedProto("dropout")));
  std::vector<std::string> names;
  for (const auto& a : p.attrs()) names.push_back(a.name());
  EXPECT_EQ(names, (std::vector<std::string>{"dropout_prob", "is_test", "dropout_implementation"}));
  ExpectError([] { Dropout(4, {{"fix_seed", 1}}); }, ErrorKind::kInvalidArgument,
              {"[dropout]", "fix_seed"});
}

// ---- shapes from tensors ----

TEST(RandomShape, FromShapeTensorOrShapeTensorList) {
  OneOp by_tensor("uniform_random");
  by_tensor.In("ShapeTensor", "st", MakeTensor<int64_t>({2}, {3, 5})).Out("Out", "out");
  by_tensor.Attr("shape", Longs{7});
  by_tensor.Run();
  EXPECT_EQ(by_tensor.Get("out").dims(), DDim({3, 5}));

  OneOp by_list("randint");
  by_list.Ins("ShapeTensorList", {"a", "b"},
              {MakeTensor<int32_t>({1}, {4}), MakeTensor<int32_t>({1}, {2})});
  by_list.Out("Out", "out").Attr("low", 0).Attr("high", 3).Attr("dtype", 2);
  by_list.Run();
  EXPECT_EQ(by_list.Get("out").dims(), DDim({4, 2}));
  EXPECT_EQ(by_list.Get("out").dtype(), DataType::kInt32);

  // At build time: as many unknown dims as the tensors give.
  EXPECT_EQ(BuildTimeShape("gaussian_random", {{3}}, {}), (Longs{-1, -1, -1}));
}

// ---- bad inputs ----

void ExpectBad(const std::string& type, const AttributeMap& attrs,
               std::initializer_list<std::string> parts) {
  ExpectError([&] { Draw(type, attrs); }, ErrorKind::kInvalidArgument, parts);
}

TEST(RandomErrors, Shapes) {
  ExpectBad("uniform_random", {{"shape", Longs{2, -3}}}, {"[uniform_random]", "[2, -3]", "negative"});
  ExpectBad("gaussian_random", {{"shape", Longs{-1}}}, {"[gaussian_random]", "negative"});
  ExpectBad("truncated_gaussian_random", {{"shape", std::vector<int32_t>{4, -2}}},
            {"[truncated_gaussian_random]", "negative"});
  ExpectBad("randint", {{"shape", Longs{-5}}, {"low", 0}, {"high", 2}}, {"[randint]", "negative"});
  OneOp op("uniform_random");
  op.In("ShapeTensor", "st", MakeTensor<int64_t>({2}, {3, -1})).Out("Out", "out");
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"[uniform_random]", "[3, -1]"});
  OneOp floats("gaussian_random");
  floats.In("ShapeTensor", "st", MakeTensor<float>({2}, {3, 1})).Out("Out", "out");
  ExpectError([&] { floats.Run(); }, ErrorKind::kInvalidArgument, {"[gaussian_random]", "ShapeTensor", "float32"});
}

TEST(RandomErrors, Attributes) {
  ExpectBad("gaussian_random", {{"shape", Longs{4}}, {"std", -1.0f}}, {"[gaussian_random]", "std -1"});
  ExpectBad("truncated_gaussian_random", {{"shape", std::vector<int32_t>{4}}, {"std", 0.0f}},
            {"[truncated_gaussian_random]", "std 0", "> 0"});
  ExpectBad("truncated_gaussian_random", {{"shape", std::vector<int32_t>{4}}, {"a", 1.0f}, {"b", 1.0f}},
            {"[truncated_gaussian_random]", "a 1", "b 1"});
  ExpectBad("uniform_random", {{"shape", Longs{4}}, {"min", 2.0f}, {"max", 1.0f}},
            {"[uniform_random]", "min 2", "max 1"});
  ExpectBad("uniform_random", {{"shape", Longs{2, 3}}, {"diag_num", 3}, {"diag_step", 2}},
            {"[uniform_random]", "diag_num 3", "element 6", "[2, 3]"});
  ExpectBad("randint", {{"shape", Longs{4}}, {"low", 5}, {"high", 5}}, {"[randint]", "low 5", "high 5"});
  ExpectBad("randint", {{"shape", Longs{4}}, {"low", 6}, {"high", 2}}, {"[randint]", "low 6"});
  ExpectBad("randperm", {{"n", 0}}, {"[randperm]", "n 0", "> 0"});
  ExpectBad("randperm", {{"n", -3}}, {"[randperm]", "n -3"});
}

TEST(RandomErrors, DtypeNumbers) {
  ExpectBad("uniform_random", {{"shape", Longs{4}}, {"dtype", 3}},
            {"[uniform_random]", "'dtype' 3", "int64", "float32, float64"});
  ExpectBad("gaussian_random", {{"shape", Longs{4}}, {"dtype", 99}}, {"[gaussian_random]", "dtype"});
  ExpectBad("truncated_gaussian_random", {{"shape", std::vector<int32_t>{4}}, {"dtype", 2}},
            {"[truncated_gaussian_random]", "int32"});
  ExpectBad("randint", {{"shape", Longs{4}}, {"low", 0}, {"high", 2}, {"dtype", 5}},
            {"[randint]", "float32", "int32, int64"});
  ExpectBad("randperm", {{"n", 4}, {"dtype", 0}}, {"[randperm]", "bool"});
  ExpectBad("randperm", {{"n", 4}, {"dtype", -1}}, {"[randperm]", "dtype"});
}

TEST(RandomErrors, DropoutProbabilityAndImplementation) {
  for (float p : {1.5f, -0.1f})
    ExpectError([&] { Dropout(4, {{"dropout_prob", p}}); }, ErrorKind::kInvalidArgument,
                {"[dropout]", "dropout_prob"});
  ExpectError([] { Dropout(4, {{"dropout_implementation", std::string("upscale")}}); },
              ErrorKind::kInvalidArgument, {"[dropout]", "dropout_implementation", "upscale"});
  const DenseTensor float_seed = MakeTensor<float>({1}, {3});
  ExpectError([&] { Dropout(4, {}, &float_seed); }, ErrorKind::kInvalidArgument,
              {"[dropout]", "Seed", "float32"});
}

TEST(RandomErrors, BernoulliProbabilities) {
  for (double bad : {1.5, -0.2, std::numeric_limits<double>::quiet_NaN()}) {
    OneOp op("bernoulli");
    op.In("X", "x", MakeTensor<double>({3}, {0.5, bad, 0.1})).Out("Out", "out");
    ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
                {"[bernoulli]", "[0, 1]", "element 1", "[3]"});
  }
}

}  // namespace
}  // namespace paddle
