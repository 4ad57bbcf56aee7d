// The first operators (feed, fetch, mul, elementwise_add, relu, softmax and
// their gradients), each run as a one-op program through the executor and
// compared with a naive reference; gradients against finite differences of
// the forward op; shape inference at build time on a desc-only context.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/executor/executor.h"
#include "core/base/enforce.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;

using test::Shape;
using test::MakeTensor;
using test::Random;
using test::Numel;
using test::Values;
using test::Cast;
using test::OneOp;
using test::ExpectNear;
using test::GradOf;
using test::NumericGrad;
using test::DescShapes;
using test::BuildTimeShape;

// =============================== mul ===============================

std::vector<double> RefMatmul(const std::vector<double>& a, const std::vector<double>& b,
                              int64_t m, int64_t k, int64_t n) {
  std::vector<double> c(m * n, 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t p = 0; p < k; ++p) c[i * n + j] += a[i * k + p] * b[p * n + j];
  return c;
}

template <typename T>
void CheckMul(const Shape& xs, const Shape& ys, int xk, int yk, const Shape& out_shape,
              int64_t m, int64_t k, int64_t n, double tol) {
  auto x = Random(Numel(xs), 1), y = Random(Numel(ys), 2);
  OneOp op("mul");
  op.In("X", "x", MakeTensor<T>(xs, Cast<T>(x)))
      .In("Y", "y", MakeTensor<T>(ys, Cast<T>(y)))
      .Out("Out", "out")
      .Attr("x_num_col_dims", int32_t{xk})
      .Attr("y_num_col_dims", int32_t{yk});
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), out_shape);
  EXPECT_EQ(op.Get("out").dtype(), DataTypeOf<T>::value);
  ExpectNear(Values<T>(op.Get("out")), RefMatmul(x, y, m, k, n), tol, "mul");
}

TEST(MulOp, MatchesReference) {
  CheckMul<float>({4, 3}, {3, 5}, 1, 1, {4, 5}, 4, 3, 5, 1e-5);
  CheckMul<double>({4, 3}, {3, 5}, 1, 1, {4, 5}, 4, 3, 5, 1e-12);
  // The fc layout: X [N, C, H, W] flattened at 1 against a [C*H*W, M] weight.
  CheckMul<float>({2, 3, 2, 2}, {12, 4}, 1, 1, {2, 4}, 2, 12, 4, 1e-5);
}

TEST(MulOp, NumColDimsTwo) {
  CheckMul<double>({2, 3, 4}, {4, 5}, 2, 1, {2, 3, 5}, 6, 4, 5, 1e-12);
  CheckMul<double>({2, 3, 4}, {2, 2, 5, 2}, 2, 2, {2, 3, 5, 2}, 6, 4, 10, 1e-12);
}

TEST(MulOp, EmptyBatch) {
  OneOp op("mul");
  op.In("X", "x", MakeTensor<float>({0, 3}, {}))
      .In("Y", "y", MakeTensor<float>({3, 2}, {1, 2, 3, 4, 5, 6}))
      .Out("Out", "out");
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), (Shape{0, 2}));
}

TEST(MulOp, BadShapesNameTheOp) {
  OneOp op("mul");
  op.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({4, 5}, std::vector<float>(20, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"[mul]", "[2, 3]", "[4, 5]"});

  OneOp rank("mul");
  rank.In("X", "x", MakeTensor<float>({6}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({6, 1}, std::vector<float>(6, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { rank.Run(); }, ErrorKind::kInvalidArgument,
              {"[mul]", "'X'", "x_num_col_dims"});
}

TEST(MulOp, NoKernelForIntegers) {
  OneOp op("mul");
  op.In("X", "x", MakeTensor<int32_t>({1, 1}, {2}))
      .In("Y", "y", MakeTensor<int32_t>({1, 1}, {3}))
      .Out("Out", "out");
  ExpectError([&] { op.Run(); }, ErrorKind::kNotFound, {"[mul]", "int32"});
}

TEST(MulOp, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("mul", {{-1, 784}, {784, 128}}, {}), (Shape{-1, 128}));
  EXPECT_EQ(BuildTimeShape("mul", {{-1, 3, 4}, {4, 5}}, {{"x_num_col_dims", int32_t{2}}}),
            (Shape{-1, 3, 5}));
  // An unknown inner dim cannot be checked yet.
  EXPECT_EQ(BuildTimeShape("mul", {{8, -1}, {16, 2}}, {}), (Shape{8, 2}));
  ExpectError([] { BuildTimeShape("mul", {{-1, 784}, {100, 10}}, {}); },
              ErrorKind::kInvalidArgument, {"[mul]", "784", "100"});
}

TEST(MulOp, GradMakerAndGradient) {
  const Shape xs{2, 3, 4}, ys{4, 5};
  auto x = Random(Numel(xs), 3), y = Random(Numel(ys), 4), w = Random(2 * 3 * 5, 5);
  OneOp fwd("mul");
  fwd.In("X", "x", MakeTensor<double>(xs, x))
      .In("Y", "y", MakeTensor<double>(ys, y))
      .Out("Out", "out")
      .Attr("x_num_col_dims", int32_t{2});

  GradOpDesc g = GradOf(fwd.desc());
  EXPECT_EQ(g.type, "mul_grad");
  EXPECT_EQ(g.inputs.at("X"), std::vector<std::string>{"x"});
  EXPECT_EQ(g.inputs.at("Y"), std::vector<std::string>{"y"});
  EXPECT_EQ(g.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
  EXPECT_EQ(g.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});
  EXPECT_EQ(g.outputs.at("Y@GRAD"), std::vector<std::string>{"y@GRAD"});
  EXPECT_EQ(std::get<int32_t>(g.attrs.at("x_num_col_dims")), 2);

  OneOp grad(g);
  grad.Set("x", MakeTensor<double>(xs, x));
  grad.Set("y", MakeTensor<double>(ys, y));
  grad.Set("out@GRAD", MakeTensor<double>({2, 3, 5}, w));
  grad.Run();
  EXPECT_EQ(grad.Get("x@GRAD").dims().ToVector(), xs);
  EXPECT_EQ(grad.Get("y@GRAD").dims().ToVector(), ys);

  auto forward = [&] {
    fwd.Set("x", MakeTensor<double>(xs, x));
    fwd.Set("y", MakeTensor<double>(ys, y));
    fwd.Run();
    return Values<double>(fwd.Get("out"));
  };
  ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, w, forward), 1e-6, "dX");
  ExpectNear(Values<double>(grad.Get("y@GRAD")), NumericGrad(&y, w, forward), 1e-6, "dY");
}

TEST(MulOp, GradOutputsAreOptional) {
  OneOp grad("mul_grad");
  grad.In("X", "x", MakeTensor<float>({2, 3}, Cast<float>(Random(6, 6))))
      .In("Y", "y", MakeTensor<float>({3, 2}, Cast<float>(Random(6, 7))))
      .In("Out@GRAD", "dout", MakeTensor<float>({2, 2}, {1, 0, 0, 1}))
      .Out("Y@GRAD", "dy");
  grad.Run();
  EXPECT_EQ(grad.Get("dy").dims().ToVector(), (Shape{3, 2}));
}

// ========================== elementwise_add ==========================

// X + Y where xa/ya are X's and Y's dims aligned (padded with 1s) by hand to
// the output's rank: the test states the alignment it expects.
std::vector<double> RefAdd(const std::vector<double>& x, const Shape& xa,
                           const std::vector<double>& y, const Shape& ya, Shape* out_shape) {
  const size_t r = xa.size();
  Shape od(r);
  for (size_t i = 0; i < r; ++i) od[i] = std::max(xa[i], ya[i]);
  *out_shape = od;
  std::vector<double> out(Numel(od));
  Shape idx(r, 0);
  for (int64_t o = 0; o < Numel(od); ++o) {
    int64_t rem = o;
    for (size_t d = r; d-- > 0;) {
      idx[d] = rem % od[d];
      rem /= od[d];
    }
    int64_t xo = 0, yo = 0;
    for (size_t d = 0; d < r; ++d) {
      xo = xo * xa[d] + (xa[d] == 1 ? 0 : idx[d]);
      yo = yo * ya[d] + (ya[d] == 1 ? 0 : idx[d]);
    }
    out[o] = x[xo] + y[yo];
  }
  return out;
}

struct AddCase {
  Shape x, y;
  int axis;
  Shape xa, ya;  // aligned by hand
};

const std::vector<AddCase>& AddCases() {
  static const std::vector<AddCase> cases = {
      {{4, 128}, {128}, 1, {4, 128}, {1, 128}},  // the oracle MLP's bias add
      {{3, 7}, {3, 7}, -1, {3, 7}, {3, 7}},
      {{2, 3, 4}, {4}, -1, {2, 3, 4}, {1, 1, 4}},
      {{2, 3, 4, 5}, {3, 4}, 1, {2, 3, 4, 5}, {1, 3, 4, 1}},
      {{2, 3, 4, 5}, {3}, 1, {2, 3, 4, 5}, {1, 3, 1, 1}},
      {{2, 3, 4, 5}, {3, 1}, 1, {2, 3, 4, 5}, {1, 3, 1, 1}},
      {{2, 3, 4, 5}, {2, 3}, 0, {2, 3, 4, 5}, {2, 3, 1, 1}},
      {{2, 3}, {1}, -1, {2, 3}, {1, 1}},
      {{2, 1, 4}, {3, 1}, -1, {2, 1, 4}, {1, 3, 1}},  // both sides broadcast
      {{5}, {2, 3, 5}, -1, {1, 1, 5}, {2, 3, 5}},     // X of lower rank
      {{3}, {3, 4}, 0, {3, 1}, {3, 4}},               // X of lower rank at an axis
      {{2, 3, 4}, {2, 1, 4}, -1, {2, 3, 4}, {2, 1, 4}},
      {{1, 1}, {1, 1}, -1, {1, 1}, {1, 1}},
  };
  return cases;
}

template <typename T>
void CheckAdd(const AddCase& c, double tol) {
  auto x = Random(Numel(c.x), 11), y = Random(Numel(c.y), 12);
  Shape want_shape;
  auto want = RefAdd(x, c.xa, y, c.ya, &want_shape);
  OneOp op("elementwise_add");
  op.In("X", "x", MakeTensor<T>(c.x, Cast<T>(x)))
      .In("Y", "y", MakeTensor<T>(c.y, Cast<T>(y)))
      .Out("Out", "out")
      .Attr("axis", int32_t{c.axis});
  op.Run();
  const std::string what = DDim(c.x).ToString() + " + " + DDim(c.y).ToString() + " axis " +
                           std::to_string(c.axis);
  EXPECT_EQ(op.Get("out").dims().ToVector(), want_shape) << what;
  ExpectNear(Values<T>(op.Get("out")), want, tol, what);
}

TEST(ElementwiseAddOp, BroadcastingMatchesReference) {
  for (const AddCase& c : AddCases()) {
    CheckAdd<float>(c, 1e-6);
    CheckAdd<double>(c, 1e-15);
  }
}

TEST(ElementwiseAddOp, IncompatibleShapesNameBothAndAxis) {
  OneOp op("elementwise_add");
  op.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({4}, std::vector<float>(4, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
              {"[elementwise_add]", "[2, 3]", "[4]", "axis -1"});

  OneOp bad_axis("elementwise_add");
  bad_axis.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({3}, std::vector<float>(3, 1.f)))
      .Out("Out", "out")
      .Attr("axis", int32_t{2});
  ExpectError([&] { bad_axis.Run(); }, ErrorKind::kInvalidArgument,
              {"[elementwise_add]", "axis 2", "[0, 1]"});

  // Y aligned at axis 0 of [2, 3] puts its 3 against the 2.
  OneOp misaligned("elementwise_add");
  misaligned.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({3}, std::vector<float>(3, 1.f)))
      .Out("Out", "out")
      .Attr("axis", int32_t{0});
  ExpectError([&] { misaligned.Run(); }, ErrorKind::kInvalidArgument,
              {"[elementwise_add]", "axis 0"});
}

TEST(ElementwiseAddOp, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("elementwise_add", {{-1, 128}, {128}}, {{"axis", int32_t{1}}}),
            (Shape{-1, 128}));
  EXPECT_EQ(BuildTimeShape("elementwise_add", {{-1, 3}, {4, -1}}, {}), (Shape{4, 3}));
  EXPECT_EQ(BuildTimeShape("elementwise_add", {{-1, 1}, {1, -1}}, {}), (Shape{-1, -1}));
  EXPECT_EQ(BuildTimeShape("elementwise_add", {{2, 1, 4}, {3, 1}}, {}), (Shape{2, 3, 4}));
  ExpectError([] { BuildTimeShape("elementwise_add", {{-1, 3}, {4}}, {}); },
              ErrorKind::kInvalidArgument, {"[elementwise_add]", "[-1, 3]", "[4]"});
}

TEST(ElementwiseAddOp, GradSumsOverBroadcastDims) {
  for (const AddCase& c : AddCases()) {
    auto x = Random(Numel(c.x), 21), y = Random(Numel(c.y), 22);
    Shape out_shape;
    RefAdd(x, c.xa, y, c.ya, &out_shape);
    auto w = Random(Numel(out_shape), 23);
    OneOp fwd("elementwise_add");
    fwd.In("X", "x", MakeTensor<double>(c.x, x))
        .In("Y", "y", MakeTensor<double>(c.y, y))
        .Out("Out", "out")
        .Attr("axis", int32_t{c.axis});
    GradOpDesc g = GradOf(fwd.desc());
    EXPECT_EQ(g.type, "elementwise_add_grad");
    EXPECT_EQ(g.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
    EXPECT_EQ(g.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});
    EXPECT_EQ(g.outputs.at("Y@GRAD"), std::vector<std::string>{"y@GRAD"});

    OneOp grad(g);
    grad.Set("x", MakeTensor<double>(c.x, x));
    grad.Set("y", MakeTensor<double>(c.y, y));
    grad.Set("out@GRAD", MakeTensor<double>(out_shape, w));
    grad.Run();
    auto forward = [&] {
      fwd.Set("x", MakeTensor<double>(c.x, x));
      fwd.Set("y", MakeTensor<double>(c.y, y));
      fwd.Run();
      return Values<double>(fwd.Get("out"));
    };
    const std::string what = DDim(c.x).ToString() + " + " + DDim(c.y).ToString();
    EXPECT_EQ(grad.Get("x@GRAD").dims().ToVector(), c.x) << what;
    EXPECT_EQ(grad.Get("y@GRAD").dims().ToVector(), c.y) << what;
    ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, w, forward), 1e-7,
               "dX " + what);
    ExpectNear(Values<double>(grad.Get("y@GRAD")), NumericGrad(&y, w, forward), 1e-7,
               "dY " + what);
  }
}

// ================================ relu ================================

TEST(ReluOp, MatchesReference) {
  auto x = Random(60, 31);
  std::vector<double> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) want[i] = x[i] > 0 ? x[i] : 0.0;
  OneOp op("relu");
  op.In("X", "x", MakeTensor<float>({3, 4, 5}, Cast<float>(x))).Out("Out", "out");
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), (Shape{3, 4, 5}));
  ExpectNear(Values<float>(op.Get("out")), want, 1e-7, "relu");
}

TEST(ReluOp, InPlace) {
  OneOp op("relu");
  op.In("X", "x", MakeTensor<double>({4}, {-1.0, 2.0, -3.0, 4.0})).Out("Out", "x");
  op.Run();
  ExpectNear(Values<double>(op.Get("x")), {0.0, 2.0, 0.0, 4.0}, 0, "relu in place");
}

TEST(ReluOp, GradMakerAndGradient) {
  auto x = Random(24, 32);
  for (auto& v : x) v += v > 0 ? 0.1 : -0.1;  // keep finite differences off the kink
  auto w = Random(24, 33);
  OneOp fwd("relu");
  fwd.In("X", "x", MakeTensor<double>({4, 6}, x)).Out("Out", "out");
  fwd.Run();
  GradOpDesc g = GradOf(fwd.desc());
  EXPECT_EQ(g.type, "relu_grad");
  EXPECT_EQ(g.inputs.at("Out"), std::vector<std::string>{"out"});
  EXPECT_EQ(g.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
  EXPECT_EQ(g.inputs.count("X"), 0u);
  EXPECT_EQ(g.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});

  OneOp grad(g);
  grad.Set("out", fwd.Get("out"));
  grad.Set("out@GRAD", MakeTensor<double>({4, 6}, w));
  grad.Run();
  auto forward = [&] {
    fwd.Set("x", MakeTensor<double>({4, 6}, x));
    fwd.Run();
    return Values<double>(fwd.Get("out"));
  };
  ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, w, forward), 1e-7, "relu dX");
}

TEST(ReluOp, GradShapeMismatchNamesOp) {
  OneOp grad("relu_grad");
  grad.In("Out", "out", MakeTensor<float>({2, 2}, {1, 2, 3, 4}))
      .In("Out@GRAD", "dout", MakeTensor<float>({4}, {1, 1, 1, 1}))
      .Out("X@GRAD", "dx");
  ExpectError([&] { grad.Run(); }, ErrorKind::kInvalidArgument, {"[relu_grad]", "[2, 2]", "[4]"});
}

// =============================== softmax ===============================

std::vector<double> RefSoftmax(const std::vector<double>& x, const Shape& dims, int axis) {
  const int r = static_cast<int>(dims.size());
  const int a = axis < 0 ? axis + r : axis;
  int64_t outer = 1, inner = 1;
  for (int i = 0; i < a; ++i) outer *= dims[i];
  for (int i = a + 1; i < r; ++i) inner *= dims[i];
  const int64_t n = dims[a];
  std::vector<double> y(x.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      auto at = [&](int64_t j) { return (o * n + j) * inner + k; };
      double mx = -INFINITY, s = 0;
      for (int64_t j = 0; j < n; ++j) mx = std::max(mx, x[at(j)]);
      for (int64_t j = 0; j < n; ++j) s += std::exp(x[at(j)] - mx);
      for (int64_t j = 0; j < n; ++j) y[at(j)] = std::exp(x[at(j)] - mx) / s;
    }
  return y;
}

template <typename T>
void CheckSoftmax(const Shape& dims, int axis, double scale, double tol) {
  auto x = Random(Numel(dims), 41, -scale, scale);
  OneOp op("softmax");
  op.In("X", "x", MakeTensor<T>(dims, Cast<T>(x))).Out("Out", "out").Attr("axis", int32_t{axis});
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), dims);
  ExpectNear(Values<T>(op.Get("out")), RefSoftmax(x, dims, axis), tol,
             "softmax " + DDim(dims).ToString() + " axis " + std::to_string(axis));
}

TEST(SoftmaxOp, AnyAxisMatchesReference) {
  for (int axis : {-1, 2, 1, 0, -2}) {
    CheckSoftmax<float>({2, 3, 4}, axis, 3.0, 1e-6);
    CheckSoftmax<double>({2, 3, 4}, axis, 3.0, 1e-14);
  }
  CheckSoftmax<float>({5, 10}, -1, 3.0, 1e-6);
  CheckSoftmax<float>({7}, 0, 3.0, 1e-6);
}

TEST(SoftmaxOp, StableForLargeLogits) {
  CheckSoftmax<float>({3, 8}, -1, 1000.0, 1e-6);
  CheckSoftmax<float>({3, 8, 2}, 1, 1000.0, 1e-6);
}

TEST(SoftmaxOp, BadAxisNamesOp) {
  OneOp op("softmax");
  op.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 0.f)))
      .Out("Out", "out")
      .Attr("axis", int32_t{2});
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"[softmax]", "axis", "[-2, 2)", "2"});
  ExpectError([] { BuildTimeShape("softmax", {{-1, 10}}, {{"axis", int32_t{-3}}}); },
              ErrorKind::kInvalidArgument, {"[softmax]", "axis"});
  EXPECT_EQ(BuildTimeShape("softmax", {{-1, 10}}, {}), (Shape{-1, 10}));
}

TEST(SoftmaxOp, GradMakerAndGradient) {
  for (int axis : {-1, 1, 0}) {
    const Shape dims{2, 3, 4};
    auto x = Random(24, 42), w = Random(24, 43);
    OneOp fwd("softmax");
    fwd.In("X", "x", MakeTensor<double>(dims, x)).Out("Out", "out").Attr("axis", int32_t{axis});
    fwd.Run();
    GradOpDesc g = GradOf(fwd.desc());
    EXPECT_EQ(g.type, "softmax_grad");
    EXPECT_EQ(g.inputs.at("Out"), std::vector<std::string>{"out"});
    EXPECT_EQ(g.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
    EXPECT_EQ(g.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});
    EXPECT_EQ(std::get<int32_t>(g.attrs.at("axis")), axis);

    OneOp grad(g);
    grad.Set("out", fwd.Get("out"));
    grad.Set("out@GRAD", MakeTensor<double>(dims, w));
    grad.Run();
    auto forward = [&] {
      fwd.Set("x", MakeTensor<double>(dims, x));
      fwd.Run();
      return Values<double>(fwd.Get("out"));
    };
    ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, w, forward), 1e-7,
               "softmax dX axis " + std::to_string(axis));
  }
}

// ============================ feed / fetch ============================

// feed(col) -> relu -> fetch(col), with the feed and fetch lists declared as
// an inference program declares them.
struct FeedReluFetch {
  ProgramDesc program;
  Scope scope;
  FeedReluFetch(int feed_col, int fetch_col) {
    BlockDesc* b = program.Block(0);
    b->AddVar("feed")->SetKind(proto::VarType::FEED_MINIBATCH);
    b->AddVar("fetch")->SetKind(proto::VarType::FETCH_LIST);
    b->AddVar("x");
    b->AddVar("y");
    OpDesc* feed = b->AppendOp();
    feed->SetType("feed");
    feed->SetInput("X", {"feed"});
    feed->SetOutput("Out", {"x"});
    feed->SetAttr("col", int32_t{feed_col});
    OpDesc* relu = b->AppendOp();
    relu->SetType("relu");
    relu->SetInput("X", {"x"});
    relu->SetOutput("Out", {"y"});
    OpDesc* fetch = b->AppendOp();
    fetch->SetType("fetch");
    fetch->SetInput("X", {"y"});
    fetch->SetOutput("Out", {"fetch"});
    fetch->SetAttr("col", int32_t{fetch_col});
  }
};

TEST(FeedFetchOps, RoundTripThroughAProgram) {
  FeedReluFetch p(1, 2);
  DenseTensor a = MakeTensor<float>({2}, {5, 6});
  DenseTensor b = MakeTensor<float>({2, 2}, {-1, 2, -3, 4});
  Executor::SetFeed(&p.scope, {a, b});
  Executor().Run(p.program, &p.scope);
  auto out = Executor::GetFetch(p.scope);
  ASSERT_EQ(out.size(), 3u);  // grown to col 2; earlier entries left empty
  EXPECT_FALSE(out[0].IsInitialized());
  EXPECT_EQ(out[2].dims().ToVector(), (Shape{2, 2}));
  ExpectNear(Values<float>(out[2]), {0, 2, 0, 4}, 0, "fetched relu(feed[1])");
}

TEST(FeedFetchOps, ShareBuffersAndServeAnyDtype) {
  ProgramDesc program;
  BlockDesc* b = program.Block(0);
  b->AddVar("feed")->SetKind(proto::VarType::FEED_MINIBATCH);
  b->AddVar("fetch")->SetKind(proto::VarType::FETCH_LIST);
  b->AddVar("ids");
  OpDesc* feed = b->AppendOp();
  feed->SetType("feed");
  feed->SetInput("X", {"feed"});
  feed->SetOutput("Out", {"ids"});
  feed->SetAttr("col", int32_t{0});
  OpDesc* fetch = b->AppendOp();
  fetch->SetType("fetch");
  fetch->SetInput("X", {"ids"});
  fetch->SetOutput("Out", {"fetch"});
  fetch->SetAttr("col", int32_t{0});

  Scope scope;
  DenseTensor ids = MakeTensor<int64_t>({3}, {7, 8, 9});
  ids.set_lod({{0, 1, 3}});
  Executor::SetFeed(&scope, {ids});
  Executor().Run(program, &scope);
  auto out = Executor::GetFetch(scope);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dtype(), DataType::kInt64);
  EXPECT_EQ(out[0].data(), ids.data());  // no copy on the way in or out
  EXPECT_EQ(out[0].lod(), ids.lod());
}

TEST(FeedFetchOps, ColOutOfRangeNamesOpAndCol) {
  FeedReluFetch p(3, 0);
  Executor::SetFeed(&p.scope, {MakeTensor<float>({1}, {1})});
  ExpectError([&] { Executor().Run(p.program, &p.scope); }, ErrorKind::kOutOfRange,
              {"[feed]", "col 3", "1 tensor"});
}

TEST(FeedFetchOps, FeedInputMustBeTheList) {
  OneOp op("feed");
  op.In("X", "x", MakeTensor<float>({1}, {1})).Out("Out", "out").Attr("col", int32_t{0});
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"[feed]", "TensorList"});
}

TEST(FeedFetchOps, UnsetFeedEntry) {
  FeedReluFetch p(0, 0);
  Executor::SetFeed(&p.scope, {DenseTensor(DataType::kFloat32, DDim{2})});
  ExpectError([&] { Executor().Run(p.program, &p.scope); }, ErrorKind::kPreconditionNotMet,
              {"[feed]", "col 0"});
}

// Integer division by zero is a typed error naming the op and where, never
// SIGFPE; the smallest integer divided by -1 wraps instead of trapping.
TEST(IntegerDivisionOps, ZeroDivisorIsAnErrorAndMinOverMinusOneWraps) {
  for (const char* type : {"elementwise_mod", "elementwise_floordiv"}) {
    OneOp op(type);
    op.In("X", "x", MakeTensor<int32_t>({3}, {7, 8, 9}))
        .In("Y", "y", MakeTensor<int32_t>({3}, {2, 0, 1}))
        .Out("Out", "out");
    ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
                {std::string("[") + type + "]", "flat index 1", "division by zero"});
  }
  const int64_t lowest = std::numeric_limits<int64_t>::min();
  OneOp div("elementwise_floordiv");
  div.In("X", "x", MakeTensor<int64_t>({2}, {lowest, -7}))
      .In("Y", "y", MakeTensor<int64_t>({2}, {-1, 2}))
      .Out("Out", "out");
  div.Run();
  EXPECT_EQ(Values<int64_t>(div.Get("out")), (std::vector<int64_t>{lowest, -4}));
  OneOp mod("elementwise_mod");
  mod.In("X", "x", MakeTensor<int64_t>({2}, {lowest, -7}))
      .In("Y", "y", MakeTensor<int64_t>({2}, {-1, 2}))
      .Out("Out", "out");
  mod.Run();
  EXPECT_EQ(Values<int64_t>(mod.Get("out")), (std::vector<int64_t>{0, 1}));
}

// An index out of range names the op, the index, its position and the bound.
TEST(IndexOps, OutOfRangeIndicesAreTypedErrors) {
  OneOp gather("gather");
  gather.In("X", "x", MakeTensor<float>({3, 2}, std::vector<float>(6, 1.f)))
      .In("Index", "i", MakeTensor<int64_t>({3}, {0, 3, 1}))
      .Out("Out", "out");
  ExpectError([&] { gather.Run(); }, ErrorKind::kInvalidArgument,
              {"[gather]", "Index 3", "flat position 1", "[-3, 3)"});
  OneOp select("index_select");
  select.In("X", "x", MakeTensor<float>({3, 2}, std::vector<float>(6, 1.f)))
      .In("Index", "i", MakeTensor<int32_t>({2}, {-3, -4}))
      .Out("Out", "out")
      .Attr("dim", int32_t{0});
  ExpectError([&] { select.Run(); }, ErrorKind::kInvalidArgument,
              {"[index_select]", "Index -4", "flat position 1"});
  OneOp one_hot("one_hot_v2");
  one_hot.In("X", "x", MakeTensor<int64_t>({2}, {1, 7})).Out("Out", "out").Attr("depth", int32_t{4});
  ExpectError([&] { one_hot.Run(); }, ErrorKind::kInvalidArgument,
              {"[one_hot_v2]", "id 7", "[0, 4)", "allow_out_of_range"});
  one_hot.Attr("allow_out_of_range", true);
  one_hot.Run();
  EXPECT_EQ(Values<float>(one_hot.Get("out")), (std::vector<float>{0, 1, 0, 0, 0, 0, 0, 0}));
}

// Integers given as tensors (starts, k, depth, ...) must be int32/int64 and,
// in a list, hold one element each: never a float read as bits, never a read
// past an empty tensor.
TEST(OpsTest, IntegersFromTensorsAreChecked) {
  OneOp fstarts("slice");
  fstarts.In("Input", "x", MakeTensor<float>({4}, {1, 2, 3, 4}))
      .In("StartsTensor", "s", MakeTensor<float>({1}, {1.f}))
      .Out("Out", "out")
      .Attr("axes", std::vector<int32_t>{0})
      .Attr("starts", std::vector<int32_t>{0})
      .Attr("ends", std::vector<int32_t>{3});
  ExpectError([&] { fstarts.Run(); }, ErrorKind::kInvalidArgument,
              {"[slice]", "'StartsTensor'", "int32 or int64", "float32"});

  OneOp empty_end("slice");
  empty_end.In("Input", "x", MakeTensor<float>({4}, {1, 2, 3, 4}))
      .Ins("EndsTensorList", {"e0"}, {MakeTensor<int64_t>({0}, {})})
      .Out("Out", "out")
      .Attr("axes", std::vector<int32_t>{0})
      .Attr("starts", std::vector<int32_t>{0})
      .Attr("ends", std::vector<int32_t>{3});
  ExpectError([&] { empty_end.Run(); }, ErrorKind::kInvalidArgument,
              {"[slice]", "'EndsTensorList' #0", "one element", "[0]"});

  OneOp fk("top_k_v2");
  fk.In("X", "x", MakeTensor<float>({4}, {1, 2, 3, 4}))
      .In("K", "k", MakeTensor<float>({1}, {2.f}))
      .Out("Out", "out")
      .Out("Indices", "idx");
  ExpectError([&] { fk.Run(); }, ErrorKind::kInvalidArgument,
              {"[top_k_v2]", "'K'", "int32 or int64", "float32"});

  OneOp fshape("fill_constant");
  fshape.In("ShapeTensor", "s", MakeTensor<float>({2}, {2.f, 3.f})).Out("Out", "out");
  ExpectError([&] { fshape.Run(); }, ErrorKind::kInvalidArgument,
              {"[fill_constant]", "'ShapeTensor'", "int32 or int64", "float32"});

  OneOp k64("top_k_v2");
  k64.In("X", "x", MakeTensor<float>({4}, {1, 4, 3, 2}))
      .In("K", "k", MakeTensor<int64_t>({1}, {2}))
      .Out("Out", "out")
      .Out("Indices", "idx");
  k64.Run();
  EXPECT_EQ(Values<float>(k64.Get("out")), (std::vector<float>{4, 3}));
}

// In training the running statistics move toward the batch's (biased)
// variance by `momentum`, in place when MeanOut is Mean's own variable, as a
// PaddlePaddle program binds them; at test time they stay.
TEST(BatchNormOp, RunningStatisticsUpdateInPlace) {
  for (bool test : {false, true}) {
    OneOp op("batch_norm");
    op.In("X", "x", MakeTensor<double>({4, 1}, {1, 2, 3, 6}))
        .In("Scale", "scale", MakeTensor<double>({1}, {1}))
        .In("Bias", "bias", MakeTensor<double>({1}, {0}))
        .In("Mean", "mean", MakeTensor<double>({1}, {10}))
        .In("Variance", "var", MakeTensor<double>({1}, {20}))
        .Out("Y", "y")
        .Out("MeanOut", "mean")
        .Out("VarianceOut", "var")
        .Out("SavedMean", "saved_mean")
        .Out("SavedVariance", "saved_inv_std")
        .Attr("momentum", 0.75f)
        .Attr("is_test", test);
    op.Run();
    // Batch mean 3, biased variance (4 + 1 + 0 + 9) / 4 = 3.5.
    EXPECT_DOUBLE_EQ(Values<double>(op.Get("mean"))[0], test ? 10 : 10 * 0.75 + 3 * 0.25);
    EXPECT_DOUBLE_EQ(Values<double>(op.Get("var"))[0], test ? 20 : 20 * 0.75 + 3.5 * 0.25);
    if (!test) {
      EXPECT_DOUBLE_EQ(Values<double>(op.Get("saved_mean"))[0], 3);
      EXPECT_NEAR(Values<double>(op.Get("saved_inv_std"))[0], 1 / std::sqrt(3.5 + 1e-5), 1e-9);
    }
  }
}

}  // namespace
}  // namespace paddle
