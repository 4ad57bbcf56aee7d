// reduce_mean (values and gradients against a naive reference); for
// lookup_table_v2 and matmul_v2, whose values and gradients the op table
// checks, the edge cases: empty dims, build-time shapes with -1 dims, and
// errors naming the op. Then the PaddlePaddle-exported embed_pool model
// (ids -> lookup_table_v2 -> reduce_mean -> matmul_v2 -> elementwise_add ->
// softmax) through the C++ inference API against PaddlePaddle's output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
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
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;
using test::MaxAbsDiff;
using test::ReadInt64s;
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

// Row-major multi-index of flat offset `o` in `dims`.
Shape Unravel(int64_t o, const Shape& dims) {
  Shape idx(dims.size());
  for (size_t d = dims.size(); d-- > 0;) {
    idx[d] = o % dims[d];
    o /= dims[d];
  }
  return idx;
}

// ============================= matmul_v2 =============================

TEST(MatmulV2Op, EmptyDims) {
  OneOp rows("matmul_v2");
  rows.In("X", "x", MakeTensor<float>({0, 3}, {}))
      .In("Y", "y", MakeTensor<float>({3, 2}, {1, 2, 3, 4, 5, 6}))
      .Out("Out", "out");
  rows.Run();
  EXPECT_EQ(rows.Get("out").dims().ToVector(), (Shape{0, 2}));

  OneOp inner("matmul_v2");  // K == 0: a sum of nothing
  inner.In("X", "x", MakeTensor<float>({2, 2, 0}, {}))
      .In("Y", "y", MakeTensor<float>({2, 0, 3}, {}))
      .Out("Out", "out");
  inner.Run();
  EXPECT_EQ(inner.Get("out").dims().ToVector(), (Shape{2, 2, 3}));
  ExpectNear(Values<float>(inner.Get("out")), std::vector<double>(12, 0.0), 0, "K=0");
}

TEST(MatmulV2Op, IncompatibleShapesNameTheOp) {
  OneOp inner("matmul_v2");
  inner.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({4, 5}, std::vector<float>(20, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { inner.Run(); }, ErrorKind::kInvalidArgument,
              {"[matmul_v2]", "[2, 3]", "[4, 5]", "3 vs 4"});

  OneOp trans("matmul_v2");  // fine without the transpose, wrong with it
  trans.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Y", "y", MakeTensor<float>({3, 2}, std::vector<float>(6, 1.f)))
      .Out("Out", "out")
      .Attr("trans_y", true);
  ExpectError([&] { trans.Run(); }, ErrorKind::kInvalidArgument,
              {"[matmul_v2]", "trans_y=true", "3 vs 2"});

  OneOp batch("matmul_v2");
  batch.In("X", "x", MakeTensor<float>({2, 3, 4}, std::vector<float>(24, 1.f)))
      .In("Y", "y", MakeTensor<float>({3, 4, 5}, std::vector<float>(60, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { batch.Run(); }, ErrorKind::kInvalidArgument,
              {"[matmul_v2]", "batch dims", "[2]", "[3]"});

  OneOp scalar("matmul_v2");
  scalar.In("X", "x", MakeTensor<float>({}, {2.f}))
      .In("Y", "y", MakeTensor<float>({3}, {1, 2, 3}))
      .Out("Out", "out");
  ExpectError([&] { scalar.Run(); }, ErrorKind::kInvalidArgument, {"[matmul_v2]", "rank >= 1"});
}

TEST(MatmulV2Op, BuildTimeShapes) {
  // The embed_pool model's linear layer.
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1, 16}, {16, 4}}, {}), (Shape{-1, 4}));
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1, 3, 4}, {4, 5}}, {}), (Shape{-1, 3, 5}));
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1, 4, 3}, {-1, 5, 4}},
                           {{"trans_x", true}, {"trans_y", true}}),
            (Shape{-1, 3, 5}));
  // An unknown batch dim meeting a known one > 1 takes it; meeting 1 stays unknown.
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1, 3, 4}, {7, 4, 5}}, {}), (Shape{7, 3, 5}));
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1, 3, 4}, {1, 4, 5}}, {}), (Shape{-1, 3, 5}));
  // Unknown inner dims cannot be checked yet.
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{8, -1}, {16, -1}}, {}), (Shape{8, -1}));
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{-1}, {-1}}, {}), (Shape{}));
  ExpectError([] { BuildTimeShape("matmul_v2", {{-1, 16}, {10, 4}}, {}); },
              ErrorKind::kInvalidArgument, {"[matmul_v2]", "16 vs 10"});
  ExpectError([] { BuildTimeShape("matmul_v2", {{2, -1, 4}, {3, 4, 5}}, {}); },
              ErrorKind::kInvalidArgument, {"[matmul_v2]", "batch dims"});
}

TEST(MatmulV2Op, GradOutputsAreOptionalAndShapesChecked) {
  OneOp grad("matmul_v2_grad");
  grad.In("X", "x", MakeTensor<float>({2, 3}, Cast<float>(Random(6, 6))))
      .In("Y", "y", MakeTensor<float>({3, 2}, Cast<float>(Random(6, 7))))
      .In("Out@GRAD", "dout", MakeTensor<float>({2, 2}, {1, 0, 0, 1}))
      .Out("Y@GRAD", "dy");
  grad.Run();
  EXPECT_EQ(grad.Get("dy").dims().ToVector(), (Shape{3, 2}));

  OneOp bad("matmul_v2_grad");
  bad.In("X", "x", MakeTensor<float>({2, 3}, Cast<float>(Random(6, 6))))
      .In("Y", "y", MakeTensor<float>({3, 2}, Cast<float>(Random(6, 7))))
      .In("Out@GRAD", "dout", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .Out("X@GRAD", "dx");
  ExpectError([&] { bad.Run(); }, ErrorKind::kInvalidArgument,
              {"[matmul_v2_grad]", "Out@GRAD", "[2, 3]", "[2, 2]"});
}

// ============================ reduce_mean ============================

// The mean over the dims flagged in `reduced` (all of X's dims listed), the
// output laid out with the kept dims in order.
std::vector<double> RefMean(const std::vector<double>& x, const Shape& xs,
                            const std::vector<bool>& reduced) {
  Shape kept;
  for (size_t d = 0; d < xs.size(); ++d)
    if (!reduced[d]) kept.push_back(xs[d]);
  std::vector<double> sum(Numel(kept), 0.0);
  std::vector<int64_t> cnt(sum.size(), 0);
  for (int64_t i = 0; i < Numel(xs); ++i) {
    Shape idx = Unravel(i, xs);
    int64_t o = 0;
    for (size_t d = 0; d < xs.size(); ++d)
      if (!reduced[d]) o = o * xs[d] + idx[d];
    sum[o] += x[i];
    ++cnt[o];
  }
  for (size_t o = 0; o < sum.size(); ++o) sum[o] /= static_cast<double>(cnt[o]);
  return sum;
}

struct MeanCase {
  Shape x;
  std::vector<int32_t> dim;
  bool keep_dim, reduce_all;
  std::vector<bool> reduced;  // stated by hand
  Shape out;
};

const std::vector<MeanCase>& MeanCases() {
  static const std::vector<MeanCase> cases = {
      {{3, 6, 16}, {1}, false, false, {false, true, false}, {3, 16}},  // embed_pool's pooling
      {{3, 6, 16}, {1}, true, false, {false, true, false}, {3, 1, 16}},
      {{2, 3, 4}, {-1}, false, false, {false, false, true}, {2, 3}},
      {{2, 3, 4}, {0}, false, false, {true, false, false}, {3, 4}},
      {{2, 3, 4}, {0, 2}, false, false, {true, false, true}, {3}},
      {{2, 3, 4}, {2, -3}, true, false, {true, false, true}, {1, 3, 1}},
      {{2, 3, 4, 5}, {1, 2}, false, false, {false, true, true, false}, {2, 5}},
      {{2, 3, 4, 5}, {0, 3}, false, false, {true, false, false, true}, {3, 4}},
      {{2, 1, 4}, {1}, false, false, {false, true, false}, {2, 4}},
      {{2, 3, 4}, {1, 1}, false, false, {false, true, false}, {2, 4}},  // a repeated dim
      {{2, 3, 4}, {0}, false, true, {true, true, true}, {}},            // reduce_all: 0-D
      {{2, 3, 4}, {0}, true, true, {true, true, true}, {1, 1, 1}},
      {{2, 3, 4}, {}, false, false, {true, true, true}, {}},            // empty dim: all
      {{2, 3, 4}, {0, 1, 2}, false, false, {true, true, true}, {}},
      {{2, 3}, {0, 0}, false, false, {true, true}, {}},  // as many entries as dims: all
      {{7}, {0}, false, false, {true}, {}},
  };
  return cases;
}

std::string Name(const MeanCase& c) {
  std::string s = DDim(c.x).ToString() + " dim=[" + StrJoin(c.dim) + "]";
  if (c.keep_dim) s += " keep_dim";
  if (c.reduce_all) s += " reduce_all";
  return s;
}

template <typename T>
void CheckMean(const MeanCase& c, double tol) {
  auto x = Random(Numel(c.x), 31);
  OneOp op("reduce_mean");
  op.In("X", "x", MakeTensor<T>(c.x, Cast<T>(x)))
      .Out("Out", "out")
      .Attr("dim", c.dim)
      .Attr("keep_dim", c.keep_dim)
      .Attr("reduce_all", c.reduce_all);
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), c.out) << Name(c);
  EXPECT_EQ(op.Get("out").dtype(), DataTypeOf<T>::value);
  ExpectNear(Values<T>(op.Get("out")), RefMean(x, c.x, c.reduced), tol, "reduce_mean " + Name(c));
}

TEST(ReduceMeanOp, MatchesReference) {
  for (const auto& c : MeanCases()) {
    CheckMean<float>(c, 1e-6);
    CheckMean<double>(c, 1e-14);
  }
}

TEST(ReduceMeanOp, DefaultsReduceDimZero) {
  OneOp op("reduce_mean");
  op.In("X", "x", MakeTensor<float>({2, 2}, {1, 2, 3, 5})).Out("Out", "out");
  op.Run();
  EXPECT_EQ(op.Get("out").dims().ToVector(), (Shape{2}));
  ExpectNear(Values<float>(op.Get("out")), {2, 3.5}, 0, "mean over dim 0");
}

TEST(ReduceMeanOp, LegacyDtypeAttrsAreExtra) {
  const OpDef& def = OpRegistry::Instance().Get("reduce_mean");
  for (const char* name : {"in_dtype", "out_dtype"}) {
    const int i = def.AttrIndex(name);
    ASSERT_GE(i, 0) << name;
    EXPECT_TRUE(def.attrs[i].extra) << name;
  }
  for (const char* name : {"dim", "keep_dim", "reduce_all"})
    EXPECT_FALSE(def.attrs[def.AttrIndex(name)].extra) << name;
}

TEST(ReduceMeanOp, BadDimNamesOpAndRange) {
  OneOp op("reduce_mean");
  op.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .Out("Out", "out")
      .Attr("dim", std::vector<int32_t>{2});
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
              {"[reduce_mean]", "'dim'", "2", "[-2, 2)", "[2, 3]"});
  ExpectError([] { BuildTimeShape("reduce_mean", {{-1, 6}}, {{"dim", std::vector<int32_t>{-3}}}); },
              ErrorKind::kInvalidArgument, {"[reduce_mean]", "-3"});
}

TEST(ReduceMeanOp, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("reduce_mean", {{-1, 6, 16}}, {{"dim", std::vector<int32_t>{1}}}),
            (Shape{-1, 16}));
  EXPECT_EQ(BuildTimeShape("reduce_mean", {{-1, -1, 16}},
                           {{"dim", std::vector<int32_t>{1}}, {"keep_dim", true}}),
            (Shape{-1, 1, 16}));
  EXPECT_EQ(BuildTimeShape("reduce_mean", {{-1, 6, 16}}, {{"dim", std::vector<int32_t>{0, -1}}}),
            (Shape{6}));
  EXPECT_EQ(BuildTimeShape("reduce_mean", {{-1, 6}}, {{"reduce_all", true}}), (Shape{}));
}

TEST(ReduceMeanOp, GradMakerAndGradient) {
  for (const auto& c : MeanCases()) {
    auto x = Random(Numel(c.x), 41), w = Random(Numel(c.out), 42);
    OneOp fwd("reduce_mean");
    fwd.In("X", "x", MakeTensor<double>(c.x, x))
        .Out("Out", "out")
        .Attr("dim", c.dim)
        .Attr("keep_dim", c.keep_dim)
        .Attr("reduce_all", c.reduce_all);
    GradOpDesc g = GradOf(fwd.desc());
    EXPECT_EQ(g.type, "reduce_mean_grad");
    EXPECT_EQ(g.inputs.at("X"), std::vector<std::string>{"x"});
    EXPECT_EQ(g.inputs.at("Out@GRAD"), std::vector<std::string>{"out@GRAD"});
    EXPECT_EQ(g.outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});

    OneOp grad(g);
    grad.Set("x", MakeTensor<double>(c.x, x));
    grad.Set("out@GRAD", MakeTensor<double>(c.out, w));
    grad.Run();
    EXPECT_EQ(grad.Get("x@GRAD").dims().ToVector(), c.x) << Name(c);
    auto forward = [&] {
      fwd.Set("x", MakeTensor<double>(c.x, x));
      fwd.Run();
      return Values<double>(fwd.Get("out"));
    };
    ExpectNear(Values<double>(grad.Get("x@GRAD")), NumericGrad(&x, w, forward), 1e-8,
               "reduce_mean dX " + Name(c));
  }
}

TEST(ReduceMeanOp, GradShapeMismatchNamesOp) {
  OneOp grad("reduce_mean_grad");
  grad.In("X", "x", MakeTensor<float>({2, 3}, std::vector<float>(6, 1.f)))
      .In("Out@GRAD", "dout", MakeTensor<float>({3}, {1, 2, 3}))
      .Out("X@GRAD", "dx")
      .Attr("dim", std::vector<int32_t>{1});
  ExpectError([&] { grad.Run(); }, ErrorKind::kInvalidArgument,
              {"[reduce_mean_grad]", "Out@GRAD", "[3]", "[2]"});
}

// ========================== lookup_table_v2 ==========================

TEST(LookupTableV2Op, OutOfRangeIdsNameOpIdAndRows) {
  for (int64_t bad : {int64_t{10}, int64_t{-1}, int64_t{-5}, int64_t{1} << 40}) {
    OneOp op("lookup_table_v2");
    op.In("Ids", "ids", MakeTensor<int64_t>({2, 2}, {1, 2, bad, 3}))
        .In("W", "w", MakeTensor<float>({10, 4}, std::vector<float>(40, 1.f)))
        .Out("Out", "out");
    ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
                {"[lookup_table_v2]", "id " + std::to_string(bad), "10 rows", "[0, 10)"});
  }
  OneOp i32("lookup_table_v2");
  i32.In("Ids", "ids", MakeTensor<int32_t>({3}, {0, 4, 1}))
      .In("W", "w", MakeTensor<double>({4, 2}, std::vector<double>(8, 1.0)))
      .Out("Out", "out")
      .Attr("padding_idx", int64_t{0});
  ExpectError([&] { i32.Run(); }, ErrorKind::kInvalidArgument,
              {"[lookup_table_v2]", "id 4", "4 rows"});
}

TEST(LookupTableV2Op, BadInputsNameTheOp) {
  OneOp fids("lookup_table_v2");
  fids.In("Ids", "ids", MakeTensor<float>({2}, {0, 1}))
      .In("W", "w", MakeTensor<float>({4, 2}, std::vector<float>(8, 1.f)))
      .Out("Out", "out");
  ExpectError([&] { fids.Run(); }, ErrorKind::kInvalidArgument,
              {"[lookup_table_v2]", "'Ids'", "int32 or int64", "float32"});

  OneOp pad("lookup_table_v2");
  pad.In("Ids", "ids", MakeTensor<int64_t>({2}, {0, 1}))
      .In("W", "w", MakeTensor<float>({4, 2}, std::vector<float>(8, 1.f)))
      .Out("Out", "out")
      .Attr("padding_idx", int64_t{4});
  ExpectError([&] { pad.Run(); }, ErrorKind::kInvalidArgument,
              {"[lookup_table_v2]", "padding_idx", "4"});

  ExpectError([] { BuildTimeShape("lookup_table_v2", {{-1, 6}, {100, 16, 1}}, {}); },
              ErrorKind::kInvalidArgument, {"[lookup_table_v2]", "'W'", "2-D", "[100, 16, 1]"});
}

TEST(LookupTableV2Op, KernelDtypeComesFromW) {
  const OpDef& def = OpRegistry::Instance().Get("lookup_table_v2");
  EXPECT_EQ(def.kernel_dtype_input, def.InputIndex("W"));
}

TEST(LookupTableV2Op, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("lookup_table_v2", {{-1, 6}, {100, 16}}, {{"padding_idx", int64_t{0}}}),
            (Shape{-1, 6, 16}));
  EXPECT_EQ(BuildTimeShape("lookup_table_v2", {{-1}, {-1, 8}}, {}), (Shape{-1, 8}));
  EXPECT_EQ(BuildTimeShape("lookup_table_v2", {{2, -1, 1}, {10, -1}}, {}), (Shape{2, -1, 1, -1}));
}

TEST(LookupTableV2Op, GradOutOfRangeIdNamesGradOp) {
  OneOp bad("lookup_table_v2_grad");
  bad.In("W", "w", MakeTensor<double>({8, 3}, std::vector<double>(24, 1.0)))
      .In("Ids", "ids", MakeTensor<int64_t>({2}, {1, 8}))
      .In("Out@GRAD", "dout", MakeTensor<double>({2, 3}, std::vector<double>(6, 1.0)))
      .Out("W@GRAD", "dw");
  ExpectError([&] { bad.Run(); }, ErrorKind::kInvalidArgument,
              {"[lookup_table_v2_grad]", "id 8", "8 rows"});
}

// ===================== embed_pool end to end =====================

std::vector<float> RunEmbedPool(paddle_infer::Predictor& p, const std::vector<int64_t>& ids,
                                int rows) {
  auto in = p.GetInputHandle("ids");
  in->Reshape({rows, 6});
  in->CopyFromCpu(ids.data());
  EXPECT_TRUE(p.Run());
  auto out = p.GetOutputHandle("softmax_0.tmp_0");
  EXPECT_EQ(out->shape(), (std::vector<int>{rows, 4}));
  std::vector<float> y(static_cast<size_t>(rows) * 4);
  out->CopyToCpu(y.data());
  return y;
}

TEST(EmbedPoolModel, MatchesPaddlePaddle) {
  auto predictor = paddle_infer::CreatePredictor(paddle_infer::Config(test::DataPath("embed_pool")));
  EXPECT_EQ(predictor->GetInputNames(), std::vector<std::string>{"ids"});
  EXPECT_EQ(predictor->GetOutputNames(), std::vector<std::string>{"softmax_0.tmp_0"});
  const auto ids = ReadInt64s(test::DataPath("embed_pool/ids.i64"));
  const auto expected = test::ReadFloats(test::DataPath("embed_pool/softmax_0.tmp_0.f32"));
  ASSERT_EQ(ids.size(), 18u);
  ASSERT_EQ(expected.size(), 12u);
  const auto y = RunEmbedPool(*predictor, ids, 3);
  EXPECT_LE(MaxAbsDiff(y, expected), 1e-5f);
  // Steady state, and a different batch size (row 1 alone).
  EXPECT_EQ(RunEmbedPool(*predictor, ids, 3), y);
  const std::vector<int64_t> row1(ids.begin() + 6, ids.begin() + 12);
  EXPECT_LE(MaxAbsDiff(RunEmbedPool(*predictor, row1, 1),
                       std::vector<float>(expected.begin() + 4, expected.begin() + 8)),
            1e-5f);
}

TEST(EmbedPoolModel, OutOfRangeIdIsAnErrorNotACrash) {
  auto predictor = paddle_infer::CreatePredictor(paddle_infer::Config(test::DataPath("embed_pool")));
  std::vector<int64_t> ids = {1, 2, 3, 4, 5, 100};
  auto in = predictor->GetInputHandle("ids");
  in->Reshape({1, 6});
  in->CopyFromCpu(ids.data());
  ExpectError([&] { predictor->Run(); }, ErrorKind::kInvalidArgument,
              {"[lookup_table_v2]", "id 100", "100 rows"});
}

}  // namespace
}  // namespace paddle
