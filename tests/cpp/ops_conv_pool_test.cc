// The image operators: conv2d and reshape2 (and their gradients), each run
// as a one-op program through the executor against a naive reference, with
// gradients against finite differences; pool2d's averaging rules by hand;
// shape inference at build time; bad inputs of every conv, pool and
// interpolation op (their values are rows of op_table/conv_pool.cc); and the
// PaddlePaddle-exported LeNet through the inference API.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/executor/executor.h"
#include "core/base/enforce.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"
#include "core/inference/paddle_inference_api.h"
#include "core/memory/allocator.h"
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
using Ints = std::vector<int32_t>;

// =============================== conv2d ===============================

struct ConvCase {
  Shape x;  // as laid out per format
  Shape w;  // [M, C/groups, kh, kw]
  Ints strides{1, 1}, paddings{0, 0}, dilations{1, 1};
  int groups = 1;
  std::string format = "NCHW";
  std::string algo = "EXPLICIT";
  std::string Name() const {
    return "x " + DDim(x).ToString() + " w " + DDim(w).ToString() + " s [" + StrJoin(strides) +
           "] p [" + StrJoin(paddings) + "] d [" + StrJoin(dilations) + "] g " +
           std::to_string(groups) + " " + format + " " + algo;
  }
};

// The convolution by its definition, one output element at a time.
std::vector<double> RefConv(const ConvCase& c, const std::vector<double>& x,
                            const std::vector<double>& w, Shape* out_shape) {
  const bool nhwc = c.format == "NHWC";
  const int64_t N = c.x[0], C = nhwc ? c.x[3] : c.x[1], H = nhwc ? c.x[1] : c.x[2],
                W = nhwc ? c.x[2] : c.x[3];
  const int64_t M = c.w[0], Cg = c.w[1], KH = c.w[2], KW = c.w[3];
  int64_t pt, pb, pl, pr, dh = c.dilations[0], dw = c.dilations[1];
  if (c.paddings.size() == 2) pt = pb = c.paddings[0], pl = pr = c.paddings[1];
  else pt = c.paddings[0], pb = c.paddings[1], pl = c.paddings[2], pr = c.paddings[3];
  const int64_t sh = c.strides[0], sw = c.strides[1];
  if (c.algo == "VALID") pt = pb = pl = pr = 0;
  if (c.algo == "SAME") {
    auto same = [](int64_t in, int64_t k, int64_t s, int64_t* a, int64_t* b) {
      int64_t out = (in + s - 1) / s, sum = std::max<int64_t>((out - 1) * s + k - in, 0);
      *a = sum / 2, *b = sum - sum / 2;
    };
    same(H, KH, sh, &pt, &pb);
    same(W, KW, sw, &pl, &pr);
    dh = dw = 1;
  }
  const int64_t OH = (H + pt + pb - (dh * (KH - 1) + 1)) / sh + 1;
  const int64_t OW = (W + pl + pr - (dw * (KW - 1) + 1)) / sw + 1;
  *out_shape = nhwc ? Shape{N, OH, OW, M} : Shape{N, M, OH, OW};
  auto xi = [&](int64_t n, int64_t ch, int64_t h, int64_t ww) {
    return nhwc ? ((n * H + h) * W + ww) * C + ch : ((n * C + ch) * H + h) * W + ww;
  };
  auto oi = [&](int64_t n, int64_t m, int64_t h, int64_t ww) {
    return nhwc ? ((n * OH + h) * OW + ww) * M + m : ((n * M + m) * OH + h) * OW + ww;
  };
  std::vector<double> out(N * M * OH * OW, 0.0);
  const int64_t Mg = M / c.groups;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t m = 0; m < M; ++m)
      for (int64_t oh = 0; oh < OH; ++oh)
        for (int64_t ow = 0; ow < OW; ++ow) {
          double s = 0;
          const int64_t g = m / Mg;
          for (int64_t cc = 0; cc < Cg; ++cc)
            for (int64_t i = 0; i < KH; ++i)
              for (int64_t j = 0; j < KW; ++j) {
                const int64_t h = oh * sh - pt + i * dh, ww = ow * sw - pl + j * dw;
                if (h < 0 || h >= H || ww < 0 || ww >= W) continue;
                s += x[xi(n, g * Cg + cc, h, ww)] * w[((m * Cg + cc) * KH + i) * KW + j];
              }
          out[oi(n, m, oh, ow)] = s;
        }
  return out;
}

void SetConvAttrs(OneOp& op, const ConvCase& c) {
  op.Attr("strides", c.strides)
      .Attr("paddings", c.paddings)
      .Attr("dilations", c.dilations)
      .Attr("groups", int32_t{c.groups})
      .Attr("data_format", c.format)
      .Attr("padding_algorithm", c.algo);
}

const std::vector<ConvCase>& ConvCases() {
  static const std::vector<ConvCase> cases = [] {
    std::vector<ConvCase> v;
    ConvCase c;
    c.x = {2, 1, 8, 8}, c.w = {3, 1, 5, 5}, c.paddings = {2, 2};  // LeNet's first layer
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 2, 9, 7}, c.w = {4, 2, 3, 2}, c.strides = {2, 3}, c.paddings = {1, 2, 0, 1},
    c.dilations = {2, 1};
    v.push_back(c);
    c = ConvCase();
    c.x = {2, 4, 6, 6}, c.w = {6, 2, 3, 3}, c.paddings = {1, 1}, c.groups = 2;
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 3, 5, 6}, c.w = {3, 1, 3, 3}, c.strides = {2, 2}, c.paddings = {1, 1},
    c.groups = 3;  // depthwise
    v.push_back(c);
    c = ConvCase();
    c.x = {2, 6, 7, 4}, c.w = {4, 2, 3, 3}, c.strides = {2, 1}, c.paddings = {1, 0},
    c.groups = 2, c.format = "NHWC";
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 5, 5, 3}, c.w = {2, 3, 2, 3}, c.dilations = {2, 1}, c.format = "NHWC";
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 2, 7, 6}, c.w = {3, 2, 3, 2}, c.strides = {2, 2}, c.paddings = {5, 5},
    c.dilations = {3, 3}, c.algo = "SAME";  // paddings and dilations ignored
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 2, 7, 6}, c.w = {3, 2, 3, 3}, c.strides = {2, 2}, c.paddings = {1, 1},
    c.algo = "VALID";
    v.push_back(c);
    c = ConvCase();
    c.x = {2, 4, 3, 5}, c.w = {6, 2, 1, 1}, c.groups = 2;  // 1x1: GEMM on the input directly
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 3, 5, 5}, c.w = {2, 3, 1, 1}, c.strides = {2, 2};  // 1x1 with stride
    v.push_back(c);
    c = ConvCase();
    c.x = {1, 2, 3, 3}, c.w = {2, 1, 3, 3}, c.paddings = {1, 1}, c.groups = 2,
    c.format = "AnyLayout";  // legacy name of NCHW
    v.push_back(c);
    return v;
  }();
  return cases;
}

template <typename T>
void CheckConv(const ConvCase& c, double tol) {
  ConvCase ref = c;
  if (ref.format == "AnyLayout") ref.format = "NCHW";
  auto x = Random(Numel(c.x), 21), w = Random(Numel(c.w), 22);
  Shape want_shape;
  auto want = RefConv(ref, x, w, &want_shape);
  OneOp op("conv2d");
  op.In("Input", "x", MakeTensor<T>(c.x, Cast<T>(x)))
      .In("Filter", "w", MakeTensor<T>(c.w, Cast<T>(w)))
      .Out("Output", "out");
  SetConvAttrs(op, c);
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), want_shape) << c.Name();
  EXPECT_EQ(op.Get("out").dtype(), DataTypeOf<T>::value);
  ExpectNear(Values<T>(op.Get("out")), want, tol, c.Name());
}

TEST(Conv2dOp, MatchesReference) {
  for (const ConvCase& c : ConvCases()) {
    CheckConv<float>(c, 1e-5);
    CheckConv<double>(c, 1e-12);
  }
}

TEST(Conv2dOp, SameAndValidShapes) {
  // SAME: out = ceil(in / stride); VALID: no padding.
  Shape s;
  ConvCase c;
  c.x = {1, 1, 7, 6}, c.w = {1, 1, 3, 2}, c.strides = {2, 2}, c.algo = "SAME";
  RefConv(c, Random(42, 1), Random(6, 2), &s);
  EXPECT_EQ(s, (Shape{1, 1, 4, 3}));
  EXPECT_EQ(BuildTimeShape("conv2d", {{1, 1, 7, 6}, {1, 1, 3, 2}},
                           {{"strides", Ints{2, 2}}, {"padding_algorithm", std::string("SAME")}}),
            (Shape{1, 1, 4, 3}));
  EXPECT_EQ(BuildTimeShape("conv2d", {{1, 1, 7, 6}, {1, 1, 3, 2}},
                           {{"paddings", Ints{3, 3}}, {"padding_algorithm", std::string("VALID")}}),
            (Shape{1, 1, 5, 5}));
}

TEST(Conv2dOp, EmptyBatch) {
  OneOp op("conv2d");
  op.In("Input", "x", MakeTensor<float>({0, 1, 4, 4}, {}))
      .In("Filter", "w", MakeTensor<float>({2, 1, 3, 3}, std::vector<float>(18, 1.f)))
      .Out("Output", "out");
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), (Shape{0, 2, 2, 2}));
}

TEST(Conv2dOp, BuildTimeShapes) {
  // LeNet's layers with an unknown batch.
  EXPECT_EQ(BuildTimeShape("conv2d", {{-1, 1, 28, 28}, {6, 1, 5, 5}}, {{"paddings", Ints{2, 2}}}),
            (Shape{-1, 6, 28, 28}));
  EXPECT_EQ(BuildTimeShape("conv2d", {{-1, 6, 14, 14}, {16, 6, 5, 5}}, {}),
            (Shape{-1, 16, 10, 10}));
  // Unknown spatial dims stay unknown, the known ones are computed.
  EXPECT_EQ(BuildTimeShape("conv2d", {{-1, 3, -1, 9}, {8, 3, 3, 3}}, {{"strides", Ints{2, 2}}}),
            (Shape{-1, 8, -1, 4}));
  EXPECT_EQ(BuildTimeShape("conv2d", {{-1, -1, -1, -1}, {8, 3, 3, 3}},
                           {{"padding_algorithm", std::string("SAME")}}),
            (Shape{-1, 8, -1, -1}));
  EXPECT_EQ(BuildTimeShape("conv2d", {{2, -1, -1, 6}, {8, 3, 3, 3}},
                           {{"data_format", std::string("NHWC")}, {"groups", int32_t{2}},
                            {"paddings", Ints{1, 1}}}),
            (Shape{2, -1, -1, 8}));
  // Known channels that disagree are an error even at build time.
  ExpectError([] { BuildTimeShape("conv2d", {{-1, 3, 28, 28}, {6, 1, 5, 5}}, {}); },
              ErrorKind::kInvalidArgument, {"[conv2d]", "3 channels", "[6, 1, 5, 5]"});
}

ConvCase GradCase(int which) {
  ConvCase c;
  switch (which) {
    case 0:
      c.x = {2, 2, 5, 5}, c.w = {3, 2, 3, 3}, c.paddings = {1, 1};
      break;
    case 1:
      c.x = {1, 4, 7, 6}, c.w = {4, 2, 3, 2}, c.strides = {2, 1}, c.paddings = {1, 0, 2, 1},
      c.dilations = {1, 2}, c.groups = 2;
      break;
    case 2:
      c.x = {2, 5, 4, 4}, c.w = {4, 2, 2, 3}, c.strides = {1, 2}, c.paddings = {0, 1},
      c.groups = 2, c.format = "NHWC";
      break;
    default:
      c.x = {1, 2, 6, 5}, c.w = {2, 2, 3, 3}, c.strides = {2, 2}, c.algo = "SAME";
  }
  return c;
}

TEST(Conv2dOp, GradMakerAndGradient) {
  for (int which = 0; which < 4; ++which) {
    const ConvCase c = GradCase(which);
    auto x = Random(Numel(c.x), 31 + which), w = Random(Numel(c.w), 41 + which);
    Shape out_shape;
    RefConv(c, x, w, &out_shape);
    auto g = Random(Numel(out_shape), 51 + which);
    OneOp fwd("conv2d");
    fwd.In("Input", "x", MakeTensor<double>(c.x, x))
        .In("Filter", "w", MakeTensor<double>(c.w, w))
        .Out("Output", "out");
    SetConvAttrs(fwd, c);

    GradOpDesc gd = GradOf(fwd.desc());
    EXPECT_EQ(gd.type, "conv2d_grad");
    EXPECT_EQ(gd.inputs.at("Input"), std::vector<std::string>{"x"});
    EXPECT_EQ(gd.inputs.at("Filter"), std::vector<std::string>{"w"});
    EXPECT_EQ(gd.inputs.at("Output@GRAD"), std::vector<std::string>{"out@GRAD"});
    EXPECT_EQ(gd.outputs.at("Input@GRAD"), std::vector<std::string>{"x@GRAD"});
    EXPECT_EQ(gd.outputs.at("Filter@GRAD"), std::vector<std::string>{"w@GRAD"});
    EXPECT_EQ(std::get<int32_t>(gd.attrs.at("groups")), c.groups);

    OneOp grad(gd);
    grad.Set("x", MakeTensor<double>(c.x, x));
    grad.Set("w", MakeTensor<double>(c.w, w));
    grad.Set("out@GRAD", MakeTensor<double>(out_shape, g));
    grad.Run();
    EXPECT_EQ(grad.Get("x@GRAD").dims().ToVector(), c.x);
    EXPECT_EQ(grad.Get("w@GRAD").dims().ToVector(), c.w);

    auto forward = [&] {
      fwd.Set("x", MakeTensor<double>(c.x, x));
      fwd.Set("w", MakeTensor<double>(c.w, w));
      fwd.Run();
      return Values<double>(fwd.Get("out"));
    };
    ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, g, forward), 1e-6,
               "dInput " + c.Name());
    ExpectNear(Values<double>(grad.Get("w@GRAD")), NumericGrad(&w, g, forward), 1e-6,
               "dFilter " + c.Name());
  }
}

TEST(Conv2dOp, GradOutputsAreOptional) {
  const ConvCase c = GradCase(0);
  OneOp grad("conv2d_grad");
  grad.In("Input", "x", MakeTensor<float>(c.x, Cast<float>(Random(Numel(c.x), 1))))
      .In("Filter", "w", MakeTensor<float>(c.w, Cast<float>(Random(Numel(c.w), 2))))
      .In("Output@GRAD", "g", MakeTensor<float>({2, 3, 5, 5}, Cast<float>(Random(150, 3))))
      .Out("Filter@GRAD", "dw")
      .Attr("paddings", Ints{1, 1});
  grad.Run();
  EXPECT_EQ(grad.Get("dw").dims().ToVector(), c.w);
}

TEST(Conv2dOp, BadInputsNameTheOpAndShapes) {
  auto run = [](const Shape& x, const Shape& w, const AttributeMap& attrs) {
    OneOp op("conv2d");
    op.In("Input", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f)))
        .In("Filter", "w", MakeTensor<float>(w, std::vector<float>(Numel(w), 1.f)))
        .Out("Output", "out");
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  };
  ExpectError([&] { run({1, 3, 5, 5}, {2, 2, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv2d]", "[1, 3, 5, 5]", "3 channels", "[2, 2, 3, 3]"});
  ExpectError([&] { run({1, 2, 5, 5}, {3, 1, 3, 3}, {{"groups", int32_t{2}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d]", "[3, 1, 3, 3]", "groups=2"});
  ExpectError([&] { run({1, 1, 3, 3}, {1, 1, 5, 5}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv2d]", "larger than the padded input", "[1, 1, 3, 3]", "[1, 1, 5, 5]"});
  ExpectError([&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"dilations", Ints{3, 1}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d]", "dilated to 7"});
  ExpectError([&] { run({1, 1, 5}, {1, 1, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv2d]", "'Input'", "4-D", "[1, 1, 5]"});
  ExpectError([&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"paddings", Ints{1, 1, 1}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d]", "'paddings'", "[1, 1, 1]"});
  ExpectError([&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"strides", Ints{0, 1}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d]", "'strides'", "positive"});
  ExpectError([&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"groups", int32_t{0}}}); },
              ErrorKind::kInvalidArgument, {"conv2d", "groups"});
  ExpectError(
      [&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"padding_algorithm", std::string("FULL")}}); },
      ErrorKind::kInvalidArgument, {"conv2d", "padding_algorithm", "FULL"});
  ExpectError([&] { run({1, 1, 5, 5}, {1, 1, 3, 3}, {{"data_format", std::string("NCDHW")}}); },
              ErrorKind::kInvalidArgument, {"conv2d", "data_format", "NCDHW"});
}

// =============================== pool2d ===============================

// Small cases worked by hand, pinning the averaging rules.
TEST(Pool2dOp, AveragingRulesByHand) {
  const std::vector<double> x{1, 2, 3, 4, 5, 6, 7, 8, 9};  // 3x3
  auto run = [&](const Ints& k, const Ints& s, const Ints& p, bool ceil, bool exclusive,
                 const std::string& type = "avg") {
    OneOp op("pool2d");
    op.In("X", "x", MakeTensor<double>({1, 1, 3, 3}, x)).Out("Out", "out");
    op.Attr("pooling_type", type).Attr("ksize", k).Attr("strides", s).Attr("paddings", p);
    op.Attr("ceil_mode", ceil).Attr("exclusive", exclusive);
    op.Run();
    return Values<double>(op.Get("out"));
  };
  // 3x3 window, stride 2, padding 1: the corner window holds 1, 2, 4, 5.
  EXPECT_EQ(run({3, 3}, {2, 2}, {1, 1}, false, true), (std::vector<double>{3, 4, 6, 7}));
  EXPECT_EQ(run({3, 3}, {2, 2}, {1, 1}, false, false),
            (std::vector<double>{12. / 9, 16. / 9, 24. / 9, 28. / 9}));
  // ceil_mode keeps the partial windows; without padding they divide by what they hold.
  EXPECT_EQ(run({2, 2}, {2, 2}, {0, 0}, true, false), (std::vector<double>{3, 4.5, 7.5, 9}));
  EXPECT_EQ(run({2, 2}, {2, 2}, {0, 0}, false, false), (std::vector<double>{3}));
  EXPECT_EQ(run({2, 2}, {2, 2}, {0, 0}, true, true, "max"), (std::vector<double>{5, 6, 8, 9}));
  // As in PaddlePaddle, a window overhanging the input by less than a stride still gives an
  // output (the size formula truncates toward zero): a 4x4 window over 3x3, stride 2.
  EXPECT_EQ(run({4, 4}, {2, 2}, {0, 0}, false, true), (std::vector<double>{5}));
  // As in PaddlePaddle, a ceil_mode window wholly in the padding (a 2-wide window at
  // 8 over [0, 7) padded by 1) keeps max's start -FLT_MAX, and an average divides its
  // empty sum by the count as computed: -1 (exclusive: [8, 7)) or 0 ([8, min(10, 8))).
  OneOp row("pool2d");
  row.In("X", "x", MakeTensor<double>({1, 1, 1, 7}, {1, 2, 3, 4, 5, 6, 7})).Out("Out", "out");
  row.Attr("ksize", Ints{1, 2}).Attr("strides", Ints{1, 3}).Attr("paddings", Ints{0, 1});
  row.Attr("ceil_mode", true);
  auto run_row = [&](const std::string& type, bool exclusive) {
    row.Attr("pooling_type", type).Attr("exclusive", exclusive);
    row.Run();
    return Values<double>(row.Get("out"));
  };
  EXPECT_EQ(run_row("max", true), (std::vector<double>{1, 4, 7, -double{FLT_MAX}}));
  const std::vector<double> excl = run_row("avg", true);
  EXPECT_EQ(excl, (std::vector<double>{1, 3.5, 6.5, 0}));
  EXPECT_TRUE(std::signbit(excl[3]));
  const std::vector<double> incl = run_row("avg", false);
  EXPECT_EQ(std::vector<double>(incl.begin(), incl.end() - 1), (std::vector<double>{0.5, 3.5, 6.5}));
  EXPECT_TRUE(std::isnan(incl[3]));
  // A NaN wins a max until a later element replaces it (PaddlePaddle's y = y > x ? y : x).
  OneOp nan("pool2d");
  const double q = std::numeric_limits<double>::quiet_NaN();
  nan.In("X", "x", MakeTensor<double>({1, 1, 1, 6}, {1, q, 2, q, 5, 3})).Out("Out", "out");
  nan.Attr("pooling_type", std::string("max")).Attr("ksize", Ints{1, 3}).Attr("strides", Ints{1, 3});
  nan.Run();
  EXPECT_EQ(Values<double>(nan.Get("out")), (std::vector<double>{2, 5}));
  // Padding never wins a max, even over negative values.
  OneOp neg("pool2d");
  neg.In("X", "x", MakeTensor<double>({1, 1, 2, 2}, {-4, -3, -2, -1})).Out("Out", "out");
  neg.Attr("pooling_type", std::string("max"))
      .Attr("ksize", Ints{3, 3})
      .Attr("paddings", Ints{1, 1});
  neg.Run();
  EXPECT_EQ(Values<double>(neg.Get("out")), (std::vector<double>{-1, -1, -1, -1}));
}

TEST(Pool2dOp, BuildTimeShapes) {
  const AttributeMap lenet{{"pooling_type", std::string("max")},
                           {"ksize", Ints{2, 2}},
                           {"strides", Ints{2, 2}}};
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, 6, 28, 28}}, lenet), (Shape{-1, 6, 14, 14}));
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, -1, -1, 9}}, lenet), (Shape{-1, -1, -1, 4}));
  AttributeMap global = lenet;
  global["global_pooling"] = true;
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, 6, 28, 20}}, global), (Shape{-1, 6, 1, 1}));
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, 6, -1, -1}}, global), (Shape{-1, 6, -1, -1}));
  AttributeMap adaptive = lenet;
  adaptive["adaptive"] = true;
  adaptive["ksize"] = Ints{3, 4};
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, 6, -1, -1}}, adaptive), (Shape{-1, 6, 3, 4}));
  AttributeMap nhwc = lenet;
  nhwc["data_format"] = std::string("NHWC");
  nhwc["ceil_mode"] = true;
  EXPECT_EQ(BuildTimeShape("pool2d", {{-1, 7, 9, 3}}, nhwc), (Shape{-1, 4, 5, 3}));
}

TEST(Pool2dOp, BadInputsNameTheOp) {
  auto run = [](const Shape& x, const AttributeMap& attrs) {
    OneOp op("pool2d");
    op.In("X", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f))).Out("Out", "out");
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  };
  const std::string max = "max";
  ExpectError([&] { run({1, 1, 4, 4}, {{"pooling_type", max}}); }, ErrorKind::kInvalidArgument,
              {"pool2d", "ksize"});
  ExpectError([&] { run({1, 1, 4, 4}, {{"ksize", Ints{2, 2}}}); }, ErrorKind::kInvalidArgument,
              {"pool2d", "pooling_type"});
  const std::string min = "min";
  ExpectError([&] { run({1, 1, 4, 4}, {{"ksize", Ints{2, 2}}, {"pooling_type", min}}); },
              ErrorKind::kInvalidArgument, {"pool2d", "pooling_type", "min"});
  ExpectError([&] { run({1, 1, 2, 2}, {{"ksize", Ints{5, 5}}, {"pooling_type", max}}); },
              ErrorKind::kInvalidArgument,
              {"[pool2d]", "larger than the padded input", "[1, 1, 2, 2]"});
  ExpectError([&] { run({1, 4, 4}, {{"ksize", Ints{2, 2}}, {"pooling_type", max}}); },
              ErrorKind::kInvalidArgument, {"[pool2d]", "'X'", "4-D", "[1, 4, 4]"});
  ExpectError([&] { run({1, 1, 4, 4}, {{"ksize", Ints{2}}, {"pooling_type", max}}); },
              ErrorKind::kInvalidArgument, {"[pool2d]", "'ksize'", "2 values"});
}


// ============ conv3d, conv2d_transpose, pool3d, interpolation ============
// Values and gradients are rows of the op table (op_table/conv_pool.cc), and
// tests/data/conv_pool is a model PaddlePaddle exported with them; here: bad
// inputs, each a typed error naming the op and the shapes or values.

TEST(Conv3dOp, BadInputsNameTheOpAndShapes) {
  auto run = [](const Shape& x, const Shape& w, const AttributeMap& attrs) {
    OneOp op("conv3d");
    op.In("Input", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f)))
        .In("Filter", "w", MakeTensor<float>(w, std::vector<float>(Numel(w), 1.f)))
        .Out("Output", "out");
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  };
  ExpectError([&] { run({1, 3, 4, 4, 4}, {2, 2, 3, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv3d]", "[1, 3, 4, 4, 4]", "3 channels", "[2, 2, 3, 3, 3]"});
  ExpectError([&] { run({1, 2, 4, 4, 4}, {3, 1, 3, 3, 3}, {{"groups", int32_t{2}}}); },
              ErrorKind::kInvalidArgument, {"[conv3d]", "[3, 1, 3, 3, 3]", "groups=2"});
  ExpectError([&] { run({1, 1, 2, 4, 4}, {1, 1, 3, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv3d]", "depth 3", "larger than the padded input", "[1, 1, 2, 4, 4]"});
  ExpectError([&] { run({1, 1, 4, 4}, {1, 1, 3, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv3d]", "'Input'", "5-D", "[1, 1, 4, 4]"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {1, 1, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv3d]", "'Filter'", "5-D", "[1, 1, 3, 3]"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {1, 1, 3, 3, 3}, {{"paddings", Ints{1, 1, 1, 1}}}); },
              ErrorKind::kInvalidArgument, {"[conv3d]", "'paddings'", "3 values", "[1, 1, 1, 1]"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {1, 1, 3, 3, 3}, {{"strides", Ints{1, 1}}}); },
              ErrorKind::kInvalidArgument, {"[conv3d]", "'strides'", "(depth, height, width)"});
}

TEST(Conv2dTransposeOp, BadInputsNameTheOpAndShapes) {
  auto run = [](const Shape& x, const Shape& w, const AttributeMap& attrs,
                const Shape& bias = {}) {
    OneOp op("conv2d_transpose");
    op.In("Input", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f)))
        .In("Filter", "w", MakeTensor<float>(w, std::vector<float>(Numel(w), 1.f)))
        .Out("Output", "out");
    if (!bias.empty())
      op.In("Bias", "b", MakeTensor<float>(bias, std::vector<float>(Numel(bias), 1.f)));
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  };
  // Filter is [C_in, C_out / groups, kh, kw]: its dim 0 must be Input's channels.
  ExpectError([&] { run({1, 3, 4, 4}, {2, 2, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "[1, 3, 4, 4]", "3 channels", "[2, 2, 3, 3]", "dim 0"});
  ExpectError([&] { run({1, 3, 4, 4}, {3, 1, 3, 3}, {{"groups", int32_t{2}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d_transpose]", "[3, 1, 3, 3]", "groups=2"});
  // (1 - 1) * 1 - 1 - 1 + 1 = -1.
  ExpectError([&] { run({1, 1, 1, 1}, {1, 1, 1, 1}, {{"paddings", Ints{1, 1}}}); },
              ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "output height is -1", "[1, 1, 1, 1]"});
  // Computed 7 with stride 2: output_size must be 7 or 8.
  ExpectError([&] { run({1, 1, 3, 3}, {1, 1, 3, 3}, {{"strides", Ints{2, 2}},
                                                      {"output_size", Ints{9, 7}}}); },
              ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "'output_size' [9, 7]", "height 9", "[7, 9)"});
  ExpectError([&] { run({1, 1, 3, 3}, {1, 1, 3, 3}, {{"strides", Ints{2, 2}},
                                                      {"output_padding", Ints{0, 2}}}); },
              ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "'output_padding' [0, 2]", "max(stride, dilation) = 2"});
  ExpectError([&] { run({1, 1, 3, 3}, {1, 1, 3, 3}, {{"output_size", Ints{5}}}); },
              ErrorKind::kInvalidArgument, {"[conv2d_transpose]", "'output_size'", "[5]"});
  ExpectError([&] { run({1, 3, 3}, {1, 1, 3, 3}, {}); }, ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "'Input'", "4-D", "[1, 3, 3]"});
  ExpectError([&] { run({1, 1, 3, 3}, {1, 2, 3, 3}, {}, {3}); }, ErrorKind::kInvalidArgument,
              {"[conv2d_transpose]", "'Bias'", "[2]", "[3]"});
}

TEST(Pool3dOp, BadInputsNameTheOp) {
  auto run = [](const Shape& x, const AttributeMap& attrs) {
    OneOp op("pool3d");
    op.In("X", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f))).Out("Out", "out");
    op.Attr("pooling_type", std::string("max"));
    for (const auto& [k, v] : attrs) op.Attr(k, v);
    op.Run();
  };
  ExpectError([&] { run({1, 1, 4, 4, 2}, {{"ksize", Ints{2, 2, 3}}}); },
              ErrorKind::kInvalidArgument,
              {"[pool3d]", "window width 3", "larger than the padded input", "[1, 1, 4, 4, 2]"});
  ExpectError([&] { run({1, 4, 4, 4}, {{"ksize", Ints{2, 2, 2}}}); },
              ErrorKind::kInvalidArgument, {"[pool3d]", "'X'", "5-D", "[1, 4, 4, 4]"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {{"ksize", Ints{2, 2}}}); },
              ErrorKind::kInvalidArgument, {"[pool3d]", "'ksize'", "3 values", "[2, 2]"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {{"ksize", Ints{2, 2, 2}},
                                           {"paddings", Ints{1, 1, 1, 1, 1}}}); },
              ErrorKind::kInvalidArgument, {"[pool3d]", "'paddings'", "6 (before and after each)"});
  ExpectError([&] { run({1, 1, 4, 4, 4}, {{"ksize", Ints{2, 2, 2}},
                                           {"data_format", std::string("NHWC")}}); },
              ErrorKind::kInvalidArgument, {"pool3d", "data_format", "NHWC"});
}

TEST(InterpOps, BadInputsNameTheOpAndValues) {
  const Shape x{1, 2, 4, 5};
  // Runs `type` on X [1, 2, 4, 5] with `attrs` and the inputs `bind` adds.
  auto run = [&](const std::string& type, const AttributeMap& attrs,
                 const std::function<void(OneOp&)>& bind = nullptr) {
    OneOp o(type);
    o.In("X", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f))).Out("Out", "out");
    for (const auto& [k, v] : attrs) o.Attr(k, v);
    if (bind) bind(o);
    o.Run();
  };
  const std::string bilinear = "bilinear_interp_v2", nearest = "nearest_interp_v2";
  // No size at all: out_h/out_w default to 0.
  ExpectError([&] { run(bilinear, {}); }, ErrorKind::kInvalidArgument,
              {"[bilinear_interp_v2]", "output height must be > 0, got 0", "[1, 2, 4, 5]"});
  // A scale that truncates to size 0, and a negative scale.
  ExpectError([&] { run(nearest, {{"scale", std::vector<float>{0.2f, 1.f}}}); },
              ErrorKind::kInvalidArgument, {"[nearest_interp_v2]", "output height", "got 0"});
  ExpectError([&] { run(bilinear, {{"scale", std::vector<float>{2.f, -1.f}}}); },
              ErrorKind::kInvalidArgument, {"[bilinear_interp_v2]", "'scale'", "> 0", "-1"});
  ExpectError([&] { run(bilinear, {{"scale", std::vector<float>{2.f}}, {"out_h", int32_t{3}}}); },
              ErrorKind::kInvalidArgument,
              {"[bilinear_interp_v2]", "'scale'", "[scale_h, scale_w]"});
  // Sizes and scales given as tensors.
  auto with = [](const char* slot, DenseTensor t) {
    return [slot, t](OneOp& o) { o.In(slot, "s", t); };
  };
  ExpectError([&] { run(bilinear, {}, with("Scale", MakeTensor<float>({1}, {0.f}))); },
              ErrorKind::kInvalidArgument, {"[bilinear_interp_v2]", "'Scale'", "> 0"});
  ExpectError([&] { run(bilinear, {}, with("OutSize", MakeTensor<int32_t>({3}, {2, 3, 4}))); },
              ErrorKind::kInvalidArgument,
              {"[bilinear_interp_v2]", "'OutSize'", "2 values", "[3]"});
  ExpectError([&] { run(nearest, {}, with("OutSize", MakeTensor<int32_t>({2}, {3, -2}))); },
              ErrorKind::kInvalidArgument,
              {"[nearest_interp_v2]", "output width must be > 0, got -2"});
  ExpectError([&] { run(bilinear, {}, with("OutSize", MakeTensor<float>({2}, {3.f, 3.f}))); },
              ErrorKind::kInvalidArgument, {"[bilinear_interp_v2]", "'OutSize'", "int32 or int64"});
  ExpectError(
      [&] {
        run(nearest, {}, [](OneOp& o) {
          o.Ins("SizeTensor", {"h"}, {MakeTensor<int32_t>({1}, {3})});
        });
      },
      ErrorKind::kInvalidArgument, {"[nearest_interp_v2]", "'SizeTensor'", "2 tensors", "got 1"});
  ExpectError(
      [&] {
        OneOp o(bilinear);
        o.In("X", "x", MakeTensor<float>({2, 4, 5}, std::vector<float>(40, 1.f)))
            .Out("Out", "out")
            .Attr("out_h", int32_t{3})
            .Attr("out_w", int32_t{3});
        o.Run();
      },
      ErrorKind::kInvalidArgument, {"[bilinear_interp_v2]", "'X'", "4-D", "[2, 4, 5]"});
  ExpectError([&] { run(bilinear, {{"interp_method", std::string("bicubic")}}); },
              ErrorKind::kInvalidArgument, {"bilinear_interp_v2", "interp_method", "bicubic"});
  ExpectError([&] { run(bilinear, {{"align_mode", int32_t{2}}}); },
              ErrorKind::kInvalidArgument, {"bilinear_interp_v2", "align_mode"});
}

// PaddlePaddle copies X when the size does not change, whatever the scale.
TEST(InterpOps, SizeRulesAsPaddlePaddle) {
  auto run = [](const AttributeMap& attrs) {
    OneOp o("bilinear_interp_v2");
    o.In("X", "x", MakeTensor<double>({1, 1, 2, 3}, {1, 2, 3, 4, 5, 6})).Out("Out", "out");
    o.Attr("align_corners", false).Attr("align_mode", int32_t{0});
    for (const auto& [k, v] : attrs) o.Attr(k, v);
    o.Run();
    return std::make_pair(o.Get("out").dims().ToVector(), Values<double>(o.Get("out")));
  };
  auto same = run({{"scale", std::vector<float>{1.4f, 1.2f}}});  // trunc(2.8), trunc(3.6)
  EXPECT_EQ(same.first, (Shape{1, 1, 2, 3}));
  EXPECT_EQ(same.second, (std::vector<double>{1, 2, 3, 4, 5, 6}));
  // Half-pixel centres, 2 -> 4 rows: sources -0.25 (clamped to 0), 0.25, 0.75, 1.25.
  auto rows = run({{"out_h", int32_t{4}}, {"out_w", int32_t{3}}});
  EXPECT_EQ(rows.first, (Shape{1, 1, 4, 3}));
  ExpectNear(rows.second, {1, 2, 3, 1.75, 2.75, 3.75, 3.25, 4.25, 5.25, 4, 5, 6}, 1e-7,
             "bilinear rows");
}

// =============================== reshape2 ===============================

TEST(Reshape2Op, ShapeRules) {
  auto run = [](const Shape& x, const Ints& shape) {
    OneOp op("reshape2");
    std::vector<double> v(Numel(x));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
    op.In("X", "x", MakeTensor<float>(x, Cast<float>(v)))
        .Out("Out", "out")
        .Out("XShape", "xshape")
        .Attr("shape", shape);
    op.Run();
    EXPECT_EQ(Values<float>(op.Get("out")), Cast<float>(v)) << DDim(x).ToString();
    Shape xshape{0};
    xshape.insert(xshape.end(), x.begin(), x.end());
    EXPECT_EQ(op.Get("xshape").dims().ToVector(), xshape);
    EXPECT_EQ(op.Get("xshape").numel(), 0);
    return op.Get("out").dims().ToVector();
  };
  EXPECT_EQ(run({6}, {1, 6, 1, 1}), (Shape{1, 6, 1, 1}));  // LeNet's bias
  EXPECT_EQ(run({2, 3, 4}, {0, -1}), (Shape{2, 12}));
  EXPECT_EQ(run({2, 3, 4}, {-1, 2}), (Shape{12, 2}));
  EXPECT_EQ(run({2, 3, 4}, {4, 0, 2}), (Shape{4, 3, 2}));
  EXPECT_EQ(run({0, 3}, {0, -1}), (Shape{0, 3}));
  EXPECT_EQ(run({2, 3}, {-1}), (Shape{6}));
}

TEST(Reshape2Op, ShapeFromTensorsAndAnyDtype) {
  // Shape (int64) wins over the attribute; ShapeTensor (int32) wins over both.
  OneOp op("reshape2");
  op.In("X", "x", MakeTensor<int64_t>({2, 3}, {1, 2, 3, 4, 5, 6}))
      .In("Shape", "s", MakeTensor<int64_t>({2}, {3, -1}))
      .Out("Out", "out")
      .Out("XShape", "xshape")
      .Attr("shape", Ints{6});
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), (Shape{3, 2}));
  EXPECT_EQ(op.Get("out").dtype(), DataType::kInt64);
  EXPECT_EQ(Values<int64_t>(op.Get("out")), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));

  OneOp list("reshape2");
  list.In("X", "x", MakeTensor<double>({2, 3}, {1, 2, 3, 4, 5, 6}))
      .In("Shape", "s", MakeTensor<int64_t>({2}, {3, -1}))
      .Ins("ShapeTensor", {"d0", "d1", "d2"},
           {MakeTensor<int32_t>({1}, {1}), MakeTensor<int32_t>({1}, {-1}),
            MakeTensor<int32_t>({1}, {2})})
      .Out("Out", "out")
      .Out("XShape", "xshape");
  list.Run();
  EXPECT_EQ(list.Get("out").dims().ToVector(), (Shape{1, 3, 2}));
}

TEST(Reshape2Op, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("reshape2", {{6}}, {{"shape", Ints{1, 6, 1, 1}}}),
            (Shape{1, 6, 1, 1}));
  EXPECT_EQ(BuildTimeShape("reshape2", {{6}}, {{"shape", Ints{1, 6, 1, 1}}}, 1), (Shape{0, 6}));
  // Dims copied by 0 cancel out: the -1 is still inferred.
  EXPECT_EQ(BuildTimeShape("reshape2", {{-1, 16, 5, 5}}, {{"shape", Ints{0, -1}}}),
            (Shape{-1, 400}));
  EXPECT_EQ(BuildTimeShape("reshape2", {{-1, 16, 5, 5}}, {{"shape", Ints{-1, 25}}}),
            (Shape{-1, 25}));
  EXPECT_EQ(BuildTimeShape("reshape2", {{-1, 16, 5, 5}}, {{"shape", Ints{0, -1}}}, 1),
            (Shape{0, -1, 16, 5, 5}));
  // A known mismatch is an error already.
  ExpectError([] { BuildTimeShape("reshape2", {{-1, 16, 5, 5}}, {{"shape", Ints{0, 7, -1}}}); },
              ErrorKind::kInvalidArgument, {"[reshape2]", "[-1, 16, 5, 5]", "[0, 7, -1]"});
  // Shape given as tensors: the rank is known, the dims are not.
  EXPECT_EQ(BuildTimeShape("reshape2", {{2, 3}, {3}}, {}), (Shape{-1, -1, -1}));
}

TEST(Reshape2Op, BadShapesNameTheOp) {
  auto run = [](const Shape& x, const Ints& shape) {
    OneOp op("reshape2");
    op.In("X", "x", MakeTensor<float>(x, std::vector<float>(Numel(x), 1.f)))
        .Out("Out", "out")
        .Out("XShape", "xshape")
        .Attr("shape", shape);
    op.Run();
  };
  ExpectError([&] { run({2, 3}, {-1, -1}); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "[-1, -1]", "more than one -1"});
  ExpectError([&] { run({2, 3}, {4}); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "[2, 3]", "6 elements", "[4]"});
  ExpectError([&] { run({2, 3}, {4, -1}); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "[2, 3]", "[4, -1]"});
  ExpectError([&] { run({6}, {2, 0}); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "0 (copy X's dim) at index 1", "[6]"});
  ExpectError([&] { run({6}, {-2, -3}); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "-2 at index 0"});
}

TEST(Reshape2Op, GradMakerAndGradient) {
  OneOp fwd("reshape2");
  fwd.In("X", "x", MakeTensor<double>({2, 3, 2}, Random(12, 81)))
      .Out("Out", "out")
      .Out("XShape", "xshape")
      .Attr("shape", Ints{0, -1});
  fwd.Run();
  GradOpDesc gd = GradOf(fwd.desc());
  EXPECT_EQ(gd.type, "reshape2_grad");
  EXPECT_EQ(gd.inputs.at("XShape"), std::vector<std::string>{"xshape"});
  EXPECT_EQ(gd.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
  EXPECT_EQ(gd.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});
  EXPECT_EQ(gd.inputs.count("X"), 0u);  // the gradient does not keep X alive

  OneOp grad(gd);
  auto g = Random(12, 82);
  grad.Set("xshape", fwd.Get("xshape"));
  grad.Set("out@GRAD", MakeTensor<double>({2, 6}, g));
  grad.Run();
  EXPECT_EQ(grad.Get("x@GRAD").dims().ToVector(), (Shape{2, 3, 2}));
  ExpectNear(Values<double>(grad.Get("x@GRAD")), g, 0, "reshape2_grad");
}

// reshape2 between two temporaries: the memory plan hands the dying input's
// buffer to Out, and the kernel then has nothing to copy.
TEST(Reshape2Op, RunsInPlaceOnTemporaries) {
  ProgramDesc program;
  BlockDesc* b = program.Block(0);
  for (const char* v : {"x", "y"}) b->AddVar(v)->SetPersistable(true);
  for (const char* v : {"t", "r", "xs"}) b->AddVar(v);
  OpDesc* relu1 = b->AppendOp();
  relu1->SetType("relu");
  relu1->SetInput("X", {"x"});
  relu1->SetOutput("Out", {"t"});
  OpDesc* reshape = b->AppendOp();
  reshape->SetType("reshape2");
  reshape->SetInput("X", {"t"});
  reshape->SetOutput("Out", {"r"});
  reshape->SetOutput("XShape", {"xs"});
  reshape->SetAttr("shape", Ints{3, -1});
  OpDesc* relu2 = b->AppendOp();
  relu2->SetType("relu");
  relu2->SetInput("X", {"r"});
  relu2->SetOutput("Out", {"y"});
  Scope scope;
  *scope.Var("x")->GetMutable<DenseTensor>() =
      MakeTensor<float>({2, 3}, {-1, 2, -3, 4, -5, 6});
  Executor exe;
  auto prepared = exe.Prepare(program, 0, &scope);
  for (int run = 0; run < 2; ++run) {
    exe.Run(*prepared);
    const DenseTensor& y = scope.FindVar("y")->Get<DenseTensor>();
    EXPECT_EQ(y.dims().ToVector(), (Shape{3, 2}));
    EXPECT_EQ(Values<float>(y), (std::vector<float>{0, 2, 0, 4, 0, 6}));
  }
}

// =============================== LeNet ===============================

TEST(LeNet, OracleMatchesPaddlePaddle) {
  paddle_infer::Config config(test::DataPath("lenet/model.pdmodel"),
                              test::DataPath("lenet/model.pdiparams"));
  auto predictor = paddle_infer::CreatePredictor(config);
  EXPECT_EQ(predictor->GetInputNames(), std::vector<std::string>{"image"});
  EXPECT_EQ(predictor->GetOutputNames(), std::vector<std::string>{"softmax_0.tmp_0"});
  const auto image = test::ReadFloats(test::DataPath("lenet/image.f32"));
  const auto expected = test::ReadFloats(test::DataPath("lenet/softmax_0.tmp_0.f32"));
  ASSERT_EQ(image.size(), 2u * 28 * 28);
  ASSERT_EQ(expected.size(), 2u * 10);
  auto run = [&](int batch, const float* data) {
    auto in = predictor->GetInputHandle("image");
    in->Reshape({batch, 1, 28, 28});
    in->CopyFromCpu(data);
    EXPECT_TRUE(predictor->Run());
    auto out = predictor->GetOutputHandle("softmax_0.tmp_0");
    EXPECT_EQ(out->shape(), (std::vector<int>{batch, 10}));
    std::vector<float> y(static_cast<size_t>(batch) * 10);
    out->CopyToCpu(y.data());
    return y;
  };
  auto max_diff = [](const std::vector<float>& a, const float* b) {
    float m = 0;
    for (size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
    return m;
  };
  const auto y = run(2, image.data());
  EXPECT_LE(max_diff(y, expected.data()), 1e-5f);
  // Steady state: the same answer again, and no allocation from the pool.
  memory::Allocator* alloc = memory::GetAllocator(CPUPlace());
  const uint64_t allocs = alloc->Stats().num_allocs;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(run(2, image.data()), y);
  EXPECT_EQ(alloc->Stats().num_allocs, allocs);
  // One image alone gives its row of the batch.
  EXPECT_LE(max_diff(run(1, image.data() + 28 * 28), expected.data() + 10), 1e-5f);
}

}  // namespace
}  // namespace paddle
