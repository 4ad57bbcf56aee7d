// Bad inputs of the losses (cross_entropy2, nll_loss, huber_loss, kldiv_loss)
// and the indexing ops (scatter_nd_add, put_along_axis, matmul,
// lookup_table): each is a typed InvalidArgument naming the op, the input and
// the shapes or values. The values themselves are checked by the op table.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::BuildTimeShape;
using test::ExpectError;
using test::MakeTensor;
using test::OneOp;
using test::Shape;

DenseTensor Floats(const Shape& s, float v = 0.5f) {
  return MakeTensor<float>(s, std::vector<float>(test::Numel(s), v));
}

DenseTensor Int64s(const Shape& s, std::vector<int64_t> v) { return MakeTensor<int64_t>(s, v); }

// ---- losses ----

void RunCe2(const DenseTensor& label, int32_t ignore = -100) {
  OneOp op("cross_entropy2");
  op.In("X", "x", Floats({2, 3}))
      .In("Label", "label", label)
      .Out("Y", "y")
      .Out("XShape", "xshape")
      .Out("MatchX", "match")
      .Attr("ignore_index", ignore);
  op.Run();
}

TEST(CrossEntropy2Op, LabelOutOfRangeUnlessIgnored) {
  ExpectError([] { RunCe2(Int64s({2, 1}, {0, 3})); }, ErrorKind::kInvalidArgument,
              {"[cross_entropy2]", "label 3", "position 1", "[0, 3)"});
  ExpectError([] { RunCe2(Int64s({2, 1}, {-1, 0})); }, ErrorKind::kInvalidArgument,
              {"[cross_entropy2]", "label -1", "[0, 3)"});
  RunCe2(Int64s({2, 1}, {-1, 0}), -1);  // the ignored label is no error
}

TEST(CrossEntropy2Op, LabelShapeMustFitX) {
  ExpectError([] { RunCe2(Int64s({2, 2}, {0, 1, 1, 0})); }, ErrorKind::kInvalidArgument,
              {"[cross_entropy2]", "Label [2, 2]", "X [2, 3]"});
  ExpectError([] { RunCe2(Int64s({3, 1}, {0, 1, 1})); }, ErrorKind::kInvalidArgument,
              {"[cross_entropy2]", "Label [3, 1]"});
  ExpectError([] { RunCe2(MakeTensor<float>({2, 1}, {0, 1})); }, ErrorKind::kInvalidArgument,
              {"[cross_entropy2]", "int32 or int64", "float32"});
}

TEST(NllLossOp, BadLabelsWeightsAndShapes) {
  auto run = [](const Shape& x, const DenseTensor& label, const Shape& weight) {
    OneOp op("nll_loss");
    op.In("X", "x", Floats(x)).In("Label", "label", label).Out("Out", "out");
    op.Out("Total_weight", "total");
    if (!weight.empty()) op.In("Weight", "w", Floats(weight));
    op.Run();
  };
  ExpectError([&] { run({3, 4}, Int64s({3}, {0, 4, 1}), {}); }, ErrorKind::kInvalidArgument,
              {"[nll_loss]", "label 4", "position 1", "[0, 4)"});
  ExpectError([&] { run({3, 4}, Int64s({3}, {0, 1, -1}), {}); }, ErrorKind::kInvalidArgument,
              {"[nll_loss]", "label -1"});
  ExpectError([&] { run({3, 4}, Int64s({3}, {0, 1, 2}), {3}); }, ErrorKind::kInvalidArgument,
              {"[nll_loss]", "Weight [3]", "[4]"});
  ExpectError([&] { run({3, 4}, Int64s({2}, {0, 1}), {}); }, ErrorKind::kInvalidArgument,
              {"[nll_loss]", "Label [2]", "X [3, 4]"});
  ExpectError([&] { run({2, 3, 2, 2}, Int64s({2, 2, 3}, std::vector<int64_t>(12, 0)), {}); },
              ErrorKind::kInvalidArgument, {"[nll_loss]", "Label [2, 2, 3]", "[2, 3, 2, 2]"});
  ExpectError([&] { run({2, 3, 2}, Int64s({2, 2}, {0, 0, 0, 0}), {}); },
              ErrorKind::kInvalidArgument, {"[nll_loss]", "[N, C] or [N, C, H, W]", "[2, 3, 2]"});
  ExpectError([] { BuildTimeShape("nll_loss", {{-1, 4}, {-1}}, {{"reduction", std::string("avg")}}); },
              ErrorKind::kInvalidArgument, {"nll_loss", "reduction", "avg"});
}

TEST(HuberLossOp, ShapesMustMatch) {
  ExpectError([] { BuildTimeShape("huber_loss", {{-1, 3}, {-1, 4}}, {{"delta", 1.0f}}); },
              ErrorKind::kInvalidArgument, {"[huber_loss]", "[-1, 3]", "[-1, 4]"});
  OneOp op("huber_loss");  // delta has no default
  op.In("X", "x", Floats({2})).In("Y", "y", Floats({2})).Out("Out", "o").Out("Residual", "r");
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"huber_loss", "delta"});
}

TEST(KldivLossOp, ShapesAndReductionChecked) {
  ExpectError([] { BuildTimeShape("kldiv_loss", {{2, 3}, {3, 2}}, {}); },
              ErrorKind::kInvalidArgument, {"[kldiv_loss]", "[2, 3]", "[3, 2]"});
  ExpectError(
      [] { BuildTimeShape("kldiv_loss", {{2, 3}, {2, 3}}, {{"reduction", std::string("max")}}); },
      ErrorKind::kInvalidArgument, {"kldiv_loss", "reduction", "max"});
}

// ---- indexing ----

TEST(ScatterNdAddOp, IndexOutOfRangeAndShapes) {
  auto run = [](const DenseTensor& index, const Shape& updates) {
    OneOp op("scatter_nd_add");
    op.In("X", "x", Floats({3, 4})).In("Index", "index", index);
    op.In("Updates", "u", Floats(updates)).Out("Out", "out");
    op.Run();
  };
  ExpectError([&] { run(Int64s({2, 1}, {1, 3}), {2, 4}); }, ErrorKind::kInvalidArgument,
              {"[scatter_nd_add]", "Index 3", "flat position 1", "dim 0 of size 3"});
  ExpectError([&] { run(Int64s({2, 2}, {1, 0, 2, -5}), {2}); }, ErrorKind::kInvalidArgument,
              {"[scatter_nd_add]", "Index -5", "dim 1 of size 4"});
  run(Int64s({2, 2}, {1, 0, -1, -4}), {2});  // negatives count from the end
  ExpectError([&] { run(Int64s({2, 1}, {0, 1}), {2, 3}); }, ErrorKind::kInvalidArgument,
              {"[scatter_nd_add]", "Updates", "[2, 3]", "[2, 4]"});
  ExpectError([&] { run(Int64s({1, 3}, {0, 0, 0}), {1}); }, ErrorKind::kInvalidArgument,
              {"[scatter_nd_add]", "last dim 3", "rank 2"});
  ExpectError([&] { run(MakeTensor<float>({1, 1}, {0}), {1, 4}); }, ErrorKind::kInvalidArgument,
              {"[scatter_nd_add]", "'Index'", "int32 or int64", "float32"});
}

TEST(PutAlongAxisOp, IndexOutOfRangeAndShapes) {
  auto run = [](const Shape& index_shape, std::vector<int64_t> index, const Shape& value,
                const std::string& reduce = "assign") {
    OneOp op("put_along_axis");
    op.In("Input", "x", Floats({3, 4})).In("Index", "index", Int64s(index_shape, index));
    op.In("Value", "v", Floats(value)).Out("Result", "out");
    op.Attr("Axis", int32_t{1}).Attr("Reduce", reduce);
    op.Run();
  };
  ExpectError([&] { run({1, 2}, {0, 4}, {1, 2}); }, ErrorKind::kInvalidArgument,
              {"[put_along_axis]", "Index 4", "flat position 1", "[-4, 4)"});
  ExpectError([&] { run({1, 1}, {-5}, {1, 1}); }, ErrorKind::kInvalidArgument,
              {"[put_along_axis]", "Index -5"});
  ExpectError([&] { run({2, 2}, {0, 1, 2, 3}, {2, 1}); }, ErrorKind::kInvalidArgument,
              {"[put_along_axis]", "Value [2, 1]", "Index [2, 2]"});
  ExpectError([&] { run({2}, {0, 1}, {2}); }, ErrorKind::kInvalidArgument,
              {"[put_along_axis]", "Index [2]", "Input's rank"});
  ExpectError([&] { run({4, 1}, {0, 1, 2, 3}, {4, 1}); }, ErrorKind::kInvalidArgument,
              {"[put_along_axis]", "Index [4, 1]", "larger than Input [3, 4]", "dim 0"});
  ExpectError([&] { run({1, 1}, {0}, {1, 1}, "max"); }, ErrorKind::kInvalidArgument,
              {"put_along_axis", "Reduce", "max"});
}

TEST(MatmulOp, LegacyShapeRules) {
  auto shape = [](const Shape& x, const Shape& y, AttributeMap attrs = {}) {
    return BuildTimeShape("matmul", {x, y}, attrs);
  };
  EXPECT_EQ(shape({-1, 3, 4}, {4, 5}), (Shape{-1, 3, 5}));
  EXPECT_EQ(shape({4}, {4}), (Shape{}));
  ExpectError([&] { shape({2, 3}, {4, 5}); }, ErrorKind::kInvalidArgument,
              {"[matmul]", "[2, 3]", "[4, 5]", "3 vs 4"});
  ExpectError([&] { shape({2, 3}, {3, 2}, {{"transpose_Y", true}}); },
              ErrorKind::kInvalidArgument, {"[matmul]", "trans_y=true", "3 vs 2"});
  // matmul_v2 broadcasts these; the legacy op multiplies batches pairwise.
  EXPECT_EQ(BuildTimeShape("matmul_v2", {{2, 1, 3, 4}, {3, 4, 5}}, {}), (Shape{2, 3, 3, 5}));
  ExpectError([&] { shape({2, 1, 3, 4}, {3, 4, 5}); }, ErrorKind::kInvalidArgument,
              {"[matmul]", "batch counts differ", "2 vs 3"});
  ExpectError([&] { shape({1, 3, 4}, {2, 4, 5}); }, ErrorKind::kInvalidArgument,
              {"[matmul]", "batch counts differ", "1 vs 2"});
  ExpectError([&] { shape({2, 3, 4}, {2, 4, 6}, {{"head_number", int32_t{2}}}); },
              ErrorKind::kUnimplemented, {"[matmul]", "head_number 2"});
}

TEST(MatmulOp, GradChecksOutGradShape) {
  OneOp grad("matmul_grad");
  grad.In("X", "x", Floats({2, 3}))
      .In("Y", "y", Floats({3, 2}))
      .In("Out@GRAD", "dout", Floats({2, 3}))
      .Out("X@GRAD", "dx");
  ExpectError([&] { grad.Run(); }, ErrorKind::kInvalidArgument,
              {"[matmul_grad]", "Out@GRAD", "[2, 3]", "[2, 2]"});
}

TEST(LookupTableOp, IdsShapeAndRange) {
  auto run = [](const DenseTensor& ids, int64_t padding_idx = -1) {
    OneOp op("lookup_table");
    op.In("W", "w", Floats({4, 2})).In("Ids", "ids", ids).Out("Out", "out");
    op.Attr("padding_idx", padding_idx);
    op.Run();
    return op.Get("out").dims().ToVector();
  };
  EXPECT_EQ(run(Int64s({3, 1}, {0, 3, 1})), (Shape{3, 2}));
  ExpectError([&] { run(Int64s({1, 3}, {0, 1, 2})); }, ErrorKind::kInvalidArgument,
              {"[lookup_table]", "'Ids'", "[..., 1]", "[1, 3]"});
  ExpectError([&] { run(Int64s({3, 1}, {0, 4, 1})); }, ErrorKind::kInvalidArgument,
              {"[lookup_table]", "id 4", "flat position 1", "4 rows"});
  ExpectError([&] { run(Int64s({2, 1}, {0, -1})); }, ErrorKind::kInvalidArgument,
              {"[lookup_table]", "id -1"});
  ExpectError([&] { run(Int64s({2, 1}, {0, 1}), 4); }, ErrorKind::kInvalidArgument,
              {"[lookup_table]", "padding_idx", "4"});
  ExpectError([] { BuildTimeShape("lookup_table", {{4, 2, 1}, {-1, 1}}, {}); },
              ErrorKind::kInvalidArgument, {"[lookup_table]", "'W'", "2-D", "[4, 2, 1]"});
}

}  // namespace
}  // namespace paddle
