// Shape arithmetic never wraps: a product or sum of dims, sizes or attribute
// values that does not fit in 64 bits is an InvalidArgument naming the op and
// what overflowed, at build time and at run time (never a SIGFPE, a wrapped
// buffer size or undefined behaviour).
#include <gtest/gtest.h>

#include <cstdint>

#include "core/framework/ddim.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::BuildTimeShape;
using test::ExpectError;
using test::MakeTensor;
using test::OneOp;
using Ints = std::vector<int32_t>;

constexpr int64_t k2p32 = int64_t{1} << 32;
constexpr int64_t k2p62 = int64_t{1} << 62;

TEST(ShapeArithmetic, CheckedHelpersThrowNamingTheOpAndWhat) {
  EXPECT_EQ(MulSize(3, 4, "op", "x"), 12);
  EXPECT_EQ(AddSize(3, 4, "op", "x"), 7);
  EXPECT_EQ(SubSize(3, 4, "op", "x"), -1);
  ExpectError([] { MulSize(k2p32, k2p32, "my_op", "the thing"); }, ErrorKind::kInvalidArgument,
              {"[my_op]", "the thing", "4294967296 * 4294967296", "64 bits"});
  ExpectError([] { AddSize(INT64_MAX, 1, "my_op", "a sum"); }, ErrorKind::kInvalidArgument,
              {"[my_op]", "a sum"});
  ExpectError([] { SubSize(INT64_MIN, 1, "my_op", "a difference"); }, ErrorKind::kInvalidArgument,
              {"[my_op]", "a difference"});
  const int64_t dims[] = {k2p32, 0, k2p32};
  EXPECT_EQ(ProductSize(dims, 3, "op", "x"), 0);  // the true product is 0
  const int64_t big[] = {k2p32, k2p32};
  ExpectError([&] { ProductSize(big, 2, "op", "dims"); }, ErrorKind::kInvalidArgument, {"dims"});
}

// With a 0 dim numel is 0, but the other dims' product must still fit, so
// every product of some of a shape's dims does (kernels and loops rely on it).
TEST(ShapeArithmetic, NumelRejectsShapesWhoseNonZeroDimsOverflowEvenWhenEmpty) {
  EXPECT_EQ(DDim({0, k2p32, 2}).numel(), 0);
  ExpectError([] { DDim({0, k2p32, k2p32}).numel(); }, ErrorKind::kInvalidArgument,
              {"64 bits"});
  EXPECT_EQ(DDim({-1, k2p32, k2p32}).numel(), -1);  // unknown stays unknown
}

// The defect as found: shape [-1, 65536, 65536, 65536, 65536] made the target
// product wrap to 0, then X's element count was divided by it (SIGFPE).
TEST(ShapeArithmetic, Reshape2TargetShapeOverflowAtRunTime) {
  OneOp op("reshape2");
  op.In("X", "x", MakeTensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}))
      .Out("Out", "out")
      .Out("XShape", "xshape")
      .Attr("shape", Ints{-1, 65536, 65536, 65536, 65536});
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument,
              {"[reshape2]", "attribute 'shape'", "64 bits"});
}

TEST(ShapeArithmetic, Reshape2OverflowAtBuildTime) {
  ExpectError(
      [] {
        BuildTimeShape("reshape2", {{6}}, {{"shape", Ints{65536, 65536, 65536, 65536}}});
      },
      ErrorKind::kInvalidArgument, {"[reshape2]", "attribute 'shape'"});
  // X's own dims (from a desc) overflow while counting its elements.
  ExpectError([] { BuildTimeShape("reshape2", {{k2p62, 8}}, {{"shape", Ints{-1}}}); },
              ErrorKind::kInvalidArgument, {"[reshape2]", "input 'X'"});
}

TEST(ShapeArithmetic, BroadcastOutputThatOverflowsIsRejected) {
  // Each operand is empty (0 elements) but the broadcast shape [0, 2^32, 2^32]
  // names more than 2^64 elements per row of zeros.
  OneOp op("elementwise_add");
  op.In("X", "x", MakeTensor<float>({0, k2p32, 1}, {}))
      .In("Y", "y", MakeTensor<float>({0, 1, k2p32}, {}))
      .Out("Out", "out");
  ExpectError([&] { op.Run(); }, ErrorKind::kInvalidArgument, {"[elementwise_add]"});
}

TEST(ShapeArithmetic, ConvWindowArithmeticOverflowIsRejected) {
  // The filter's height at build time is huge: dilation * (k - 1) + 1 overflows.
  ExpectError(
      [] {
        BuildTimeShape("conv2d", {{1, 1, 8, 8}, {1, 1, k2p62, 1}},
                       {{"dilations", Ints{4, 1}}});
      },
      ErrorKind::kInvalidArgument, {"[conv2d]", "dilated filter size"});
  // Input height near INT64_MAX plus paddings overflows.
  ExpectError(
      [] {
        BuildTimeShape("conv2d", {{1, 1, INT64_MAX - 1, 8}, {1, 1, 1, 1}},
                       {{"paddings", Ints{2, 0}}});
      },
      ErrorKind::kInvalidArgument, {"[conv2d]", "padded input size"});
  ExpectError(
      [] {
        BuildTimeShape("conv2d", {{1, 1, INT64_MAX - 1, 8}, {1, 1, 1, 1}},
                       {{"padding_algorithm", std::string("SAME")}, {"strides", Ints{4, 1}}});
      },
      ErrorKind::kInvalidArgument, {"[conv2d]", "SAME padding"});
}

TEST(ShapeArithmetic, PoolWindowArithmeticOverflowIsRejected) {
  ExpectError(
      [] {
        BuildTimeShape("pool2d", {{1, 1, INT64_MAX - 1, 8}},
                       {{"ksize", Ints{2, 2}}, {"paddings", Ints{2, 0}}, {"pooling_type", std::string("max")}});
      },
      ErrorKind::kInvalidArgument, {"[pool2d]", "padded input size"});
}

}  // namespace
}  // namespace paddle
