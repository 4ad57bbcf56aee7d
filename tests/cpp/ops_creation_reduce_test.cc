// assign_value and the logical reductions beyond their table rows
// (op_table/creation.cc, op_table/reduce_search.cc): exact values and output
// types, the attribute forms PaddlePaddle's descs give `values` in, and bad
// inputs as typed errors, at build time and at run time.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
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
using test::Values;
using Ints = std::vector<int32_t>;
using Longs = std::vector<int64_t>;
using Scalars = std::vector<Scalar>;

// Out of a run of assign_value with `shape`, `dtype` and `values`.
DenseTensor AssignValue(const Ints& shape, int32_t dtype, const Attribute& values) {
  OneOp op("assign_value");
  op.Out("Out", "out").Attr("shape", shape).Attr("dtype", dtype).Attr("values", values);
  op.Run();
  return op.Get("out");
}

// The same checks at build time (shape inference over descs).
void AssignValueAtBuildTime(const Ints& shape, int32_t dtype, const Scalars& values) {
  BuildTimeShape("assign_value", {}, {{"shape", shape}, {"dtype", dtype}, {"values", values}});
}

// ---- assign_value ----

TEST(AssignValue, KeepsEveryValueExactlyInItsDtype) {
  const int64_t big = (int64_t{1} << 53) + 1;  // not a double
  DenseTensor i64 = AssignValue({2}, 3, Scalars{big, -big});
  EXPECT_EQ(i64.dtype(), DataType::kInt64);
  EXPECT_EQ(Values<int64_t>(i64), (Longs{big, -big}));
  DenseTensor i32 = AssignValue({2}, 2, Scalars{int64_t{2147483647}, -2147483648.0});
  EXPECT_EQ(i32.dtype(), DataType::kInt32);
  EXPECT_EQ(Values<int32_t>(i32), (Ints{2147483647, -2147483647 - 1}));
  DenseTensor f32 = AssignValue({1, 2}, 5, Scalars{0.1, std::nan("")});
  EXPECT_EQ(f32.dtype(), DataType::kFloat32);
  EXPECT_EQ(f32.dims(), DDim({1, 2}));
  EXPECT_EQ(Values<float>(f32)[0], 0.1f);
  EXPECT_TRUE(std::isnan(Values<float>(f32)[1]));
  DenseTensor f64 = AssignValue({}, 6, Scalars{0.1});
  EXPECT_EQ(f64.dims().rank(), 0);
  EXPECT_EQ(Values<double>(f64), std::vector<double>{0.1});
  DenseTensor b = AssignValue({2}, 0, Scalars{false, int64_t{1}});
  EXPECT_EQ(b.dtype(), DataType::kBool);
  EXPECT_EQ(Values<bool>(b), (std::vector<bool>{false, true}));
}

TEST(AssignValue, TakesValuesAsTheListsPaddlePaddlesDescsConvert) {
  // A desc may give `values` as a plain list; it reads as SCALARS.
  EXPECT_EQ(Values<float>(AssignValue({2}, 5, std::vector<float>{1.5f, -2.0f})),
            (std::vector<float>{1.5f, -2.0f}));
  EXPECT_EQ(Values<int64_t>(AssignValue({2}, 3, Ints{4, -5})), (Longs{4, -5}));
  EXPECT_EQ(Values<int64_t>(AssignValue({1}, 3, Longs{int64_t{1} << 40})),
            (Longs{int64_t{1} << 40}));
  EXPECT_EQ(Values<double>(AssignValue({1}, 6, std::vector<double>{0.1})),
            (std::vector<double>{0.1}));
  EXPECT_EQ(Values<bool>(AssignValue({2}, 0, std::vector<bool>{true, false})),
            (std::vector<bool>{true, false}));
  // A single number is no list.
  ExpectError([] { AssignValue({1}, 5, 1.5f); }, ErrorKind::kInvalidArgument,
              {"[assign_value]", "values", "scalars", "float"});
}

TEST(AssignValue, ValueCountMustMatchTheShape) {
  for (bool build_time : {false, true}) {
    SCOPED_TRACE(build_time ? "build time" : "run time");
    auto run = [build_time](const Ints& shape, const Scalars& values) {
      if (build_time) AssignValueAtBuildTime(shape, 5, values);
      else AssignValue(shape, 5, values);
    };
    ExpectError([&] { run({2, 3}, Scalars{1.0, 2.0, 3.0, 4.0, 5.0}); },
                ErrorKind::kInvalidArgument, {"[assign_value]", "values", "5", "[2, 3]", "6"});
    ExpectError([&] { run({}, Scalars{}); }, ErrorKind::kInvalidArgument,
                {"[assign_value]", "0", "1"});
    ExpectError([&] { run({2, -3}, Scalars{}); }, ErrorKind::kInvalidArgument,
                {"[assign_value]", "shape", "[2, -3]", "negative"});
  }
}

TEST(AssignValue, DtypeMustBeOneItMakes) {
  ExpectError([] { AssignValue({1}, 4, Scalars{1.0}); }, ErrorKind::kInvalidArgument,
              {"[assign_value]", "dtype", "float16"});
  ExpectError([] { AssignValue({1}, 99, Scalars{1.0}); }, ErrorKind::kInvalidArgument,
              {"[assign_value]", "dtype", "99"});
  ExpectError([] { AssignValueAtBuildTime({1}, 21, Scalars{1.0}); },
              ErrorKind::kInvalidArgument, {"[assign_value]", "dtype", "int8"});
  // dtype and shape are required.
  ExpectError([] { BuildTimeShape("assign_value", {}, {{"shape", Ints{1}}}); },
              ErrorKind::kInvalidArgument, {"[assign_value]", "dtype", "required"});
}

TEST(AssignValue, ValuesNotRepresentableInTheDtypeAreErrors) {
  struct Case {
    int32_t dtype;
    Scalar value;
    const char* shown;
    const char* dtype_name;
  };
  const Case cases[] = {
      {2, 3.5, "3.5", "int32"},
      {2, int64_t{1} << 40, "1099511627776", "int32"},
      {2, 2147483648.0, "2147483648.0", "int32"},
      {3, 9223372036854775808.0, "9.223372036854776e+18", "int64"},
      {3, std::nan(""), "nan", "int64"},
      {0, int64_t{2}, "2", "bool"},
      {0, 0.5, "0.5", "bool"},
      {5, 1e40, "1e+40", "float32"},
      {6, Scalar::Complex(1, 2), "(1.0+2.0j)", "float64"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(ScalarToString(c.value));
    ExpectError([&] { AssignValue({2}, c.dtype, Scalars{0.0, c.value}); },
                ErrorKind::kInvalidArgument,
                {"[assign_value]", "values[1]", c.shown, "not representable", c.dtype_name});
    ExpectError([&] { AssignValueAtBuildTime({2}, c.dtype, Scalars{0.0, c.value}); },
                ErrorKind::kInvalidArgument, {"[assign_value]", "values[1]", c.dtype_name});
  }
}

// ---- fill_constant ----

// NaN, inf and values beyond int64 have no integer: an error for an integer dtype (the
// conversion was undefined behaviour, a fuzz finding), a plain fill for a float one.
TEST(FillConstant, ValueWithoutAnIntegerIsAnErrorForIntegerDtypes) {
  auto fill = [](int32_t dtype, float value) {
    OneOp op("fill_constant");
    op.Out("Out", "out").Attr("shape", Longs{2}).Attr("dtype", dtype).Attr("value", value);
    op.Run();
    return op.Get("out");
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (float bad : {nan, std::numeric_limits<float>::infinity(), 1e30f}) {
    SCOPED_TRACE(bad);
    ExpectError([&] { fill(3, bad); }, ErrorKind::kInvalidArgument,
                {"[fill_constant]", "not representable", "int64"});
    ExpectError([&] { fill(2, bad); }, ErrorKind::kInvalidArgument, {"int32"});
  }
  EXPECT_TRUE(std::isnan(Values<float>(fill(5, nan))[1]));
  EXPECT_EQ(Values<int64_t>(fill(3, -7.0f)), (Longs{-7, -7}));
}

TEST(AssignValue, ValuesTensorIsNotRead) {
  // PaddlePaddle 3.3.1 takes the values from the attribute even when
  // ValuesTensor is bound.
  OneOp op("assign_value");
  op.In("ValuesTensor", "v", MakeTensor<int64_t>({2}, {7, 8}));
  op.Out("Out", "out").Attr("shape", Ints{2}).Attr("dtype", int32_t{5}).Attr("values", Scalars{1.0, 2.0});
  op.Run();
  EXPECT_EQ(op.Get("out").dtype(), DataType::kFloat32);
  EXPECT_EQ(Values<float>(op.Get("out")), (std::vector<float>{1.0f, 2.0f}));
}

// ---- reduce_all, reduce_any ----

DenseTensor Reduce(const std::string& type, const DenseTensor& x, const AttributeMap& attrs) {
  OneOp op(type);
  op.In("X", "x", x).Out("Out", "out");
  for (const auto& [name, value] : attrs) op.Attr(name, value);
  op.Run();
  return op.Get("out");
}

TEST(LogicalReduce, NonZeroIsTrueAndOutIsBool) {
  const double nan = std::nan("");
  DenseTensor x = MakeTensor<double>({2, 3}, {0.0, nan, -0.0, 0.0, 0.0, 0.0});
  DenseTensor any = Reduce("reduce_any", x, {{"dim", Longs{1}}});
  EXPECT_EQ(any.dtype(), DataType::kBool);
  EXPECT_EQ(Values<bool>(any), (std::vector<bool>{true, false}));  // NaN is non-zero
  DenseTensor all = Reduce("reduce_all", MakeTensor<int64_t>({2, 2}, {1, -3, 0, 2}),
                                   {{"dim", Longs{-1}}, {"keep_dim", true}});
  EXPECT_EQ(all.dims(), DDim({2, 1}));
  EXPECT_EQ(Values<bool>(all), (std::vector<bool>{true, false}));
  // An empty reduction: all is true, any is false.
  DenseTensor empty = MakeTensor<bool>({0, 2}, {});
  EXPECT_EQ(Values<bool>(Reduce("reduce_all", empty, {{"dim", Longs{0}}})),
            (std::vector<bool>{true, true}));
  EXPECT_EQ(Values<bool>(Reduce("reduce_any", empty, {{"dim", Longs{0}}})),
            (std::vector<bool>{false, false}));
}

TEST(LogicalReduce, DimAsIntsReadsAsLongs) {
  // Older descs write `dim` as INTS; it converts to the declared LONGS.
  DenseTensor x = MakeTensor<bool>({2, 2}, {true, false, true, true});
  EXPECT_EQ(Values<bool>(Reduce("reduce_all", x, {{"dim", Ints{0}}})),
            (std::vector<bool>{true, false}));
}

TEST(LogicalReduce, BadInputsAreTypedErrors) {
  for (const char* type : {"reduce_all", "reduce_any"}) {
    SCOPED_TRACE(type);
    const std::string op = std::string("[") + type + "]";
    DenseTensor x = MakeTensor<bool>({2, 3}, std::vector<bool>(6, true));
    ExpectError([&] { Reduce(type, x, {{"dim", Longs{2}}}); }, ErrorKind::kInvalidArgument,
                {op, "dim", "2", "[-2, 2)", "[2, 3]"});
    ExpectError([&] { BuildTimeShape(type, {{-1, 3}}, {{"dim", Longs{-3}}}); },
                ErrorKind::kInvalidArgument, {op, "dim", "-3"});
    ExpectError([&] { Reduce(type, x, {{"dim", std::vector<float>{1.0f}}}); },
                ErrorKind::kInvalidArgument, {op, "dim", "longs", "floats"});
    // X of a type with no kernel (the kernels take bool, float32, float64, int32, int64).
    ExpectError([&] { Reduce(type, MakeTensor<int8_t>({2}, {1, 0}), {}); },
                ErrorKind::kNotFound, {op, "int8", "bool"});
  }
}

TEST(LogicalReduce, BuildTimeShapes) {
  EXPECT_EQ(BuildTimeShape("reduce_any", {{-1, 3, 4}}, {{"dim", Longs{1}}, {"keep_dim", true}}),
            (Longs{-1, 1, 4}));
  EXPECT_EQ(BuildTimeShape("reduce_all", {{-1, 3, 4}}, {{"reduce_all", true}}), Longs{});
}

}  // namespace
}  // namespace paddle
