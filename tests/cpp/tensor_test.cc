// Framework basics: DataType (incl. 16-bit storage floats), DDim, DenseTensor,
// Variable, Scope and flags.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/framework/data_type.h"
#include "core/framework/ddim.h"
#include "core/framework/dense_tensor.h"
#include "core/base/flags.h"
#include "core/framework/scope.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;

TEST(DataType, SizesNamesAndCodesFollowThePaddleFormat) {
  EXPECT_EQ(SizeOf(DataType::kFloat32), 4u);
  EXPECT_EQ(SizeOf(DataType::kFloat16), 2u);
  EXPECT_EQ(SizeOf(DataType::kBFloat16), 2u);
  EXPECT_EQ(SizeOf(DataType::kInt64), 8u);
  EXPECT_EQ(SizeOf(DataType::kBool), 1u);
  EXPECT_STREQ(DataTypeName(DataType::kFloat32), "float32");
  EXPECT_EQ(DataTypeFromName("int8"), DataType::kInt8);
  // VarType.Type codes (docs/en/model_format.md): FP32 5, INT64 3, UINT8 20, BF16 22.
  EXPECT_EQ(DataTypeFromCode(5, "t"), DataType::kFloat32);
  EXPECT_EQ(DataTypeFromCode(3, "t"), DataType::kInt64);
  EXPECT_EQ(DataTypeFromCode(20, "t"), DataType::kUInt8);
  EXPECT_EQ(DataTypeFromCode(22, "t"), DataType::kBFloat16);
}

TEST(DataType, NonElementCodesAndNamesAreRejected) {
  // LOD_TENSOR (7) is a variable kind, not an element type.
  ExpectError([] { DataTypeFromCode(7, "var w"); }, ErrorKind::kInvalidArgument,
              {"[var w] data type code 7"});
  EXPECT_THROW(DataTypeFromName("float128"), Error);
  EXPECT_THROW(SizeOf(static_cast<DataType>(99)), Error);
}

TEST(DataType, Float16RoundTripsAndRounds) {
  for (float f : {0.f, 1.f, -2.5f, 65504.f, 0.000061035156f, 5.9604645e-08f}) {
    EXPECT_EQ(static_cast<float>(float16(f)), f) << f;
  }
  EXPECT_EQ(float16(1.f).bits, 0x3c00);
  EXPECT_EQ(float16(-2.f).bits, 0xc000);
  EXPECT_TRUE(std::isinf(static_cast<float>(float16(1e6f))));
  EXPECT_TRUE(std::isnan(static_cast<float>(float16(std::numeric_limits<float>::quiet_NaN()))));
  // 1 + 2^-11 is halfway between two halves: ties go to even (1.0).
  EXPECT_EQ(float16(1.f + 1.f / 2048).bits, 0x3c00);
  EXPECT_EQ(float16(1.f + 3.f / 2048).bits, 0x3c02);
}

TEST(DataType, BFloat16KeepsTheFloatExponent) {
  EXPECT_EQ(static_cast<float>(bfloat16(1.f)), 1.f);
  float big = static_cast<float>(bfloat16(3e38f));  // far beyond float16's range
  EXPECT_TRUE(std::isfinite(big));
  EXPECT_NEAR(big / 3e38f, 1.f, 1.f / 256);
  EXPECT_EQ(bfloat16(1.f + 1.f / 256).bits, 0x3f80);  // a tie rounds to even
  EXPECT_NEAR(static_cast<float>(bfloat16(3.14159f)), 3.14159f, 0.02f);
  EXPECT_TRUE(std::isnan(static_cast<float>(bfloat16(std::nanf("")))));
}

TEST(DDim, BasicsAndFlatten) {
  DDim d{2, 3, 4};
  EXPECT_EQ(d.rank(), 3);
  EXPECT_EQ(d.numel(), 24);
  EXPECT_EQ(d.at(-1), 4);
  EXPECT_EQ(d.ToString(), "[2, 3, 4]");
  EXPECT_EQ(d.FlattenTo2D(1), (DDim{2, 12}));
  EXPECT_EQ(d.FlattenTo2D(2), (DDim{6, 4}));
  DDim unknown{-1, 784};
  EXPECT_EQ(unknown.numel(), -1);
  EXPECT_FALSE(unknown.IsFullyKnown());
  EXPECT_EQ(unknown.FlattenTo2D(1), (DDim{-1, 784}));
  EXPECT_THROW(d.at(3), Error);
  EXPECT_THROW(d.FlattenTo2D(0), Error);
  EXPECT_THROW(DDim(std::vector<int64_t>(10, 1)), Error);
  // 2^31 cubed does not fit in int64: an error, never a wrapped size.
  DDim huge{int64_t{1} << 31, int64_t{1} << 31, int64_t{1} << 31};
  ExpectError([&] { huge.numel(); }, ErrorKind::kInvalidArgument, {"[DDim] shape [2147483648"});
  DDim huge4{int64_t{1} << 31, int64_t{1} << 31, int64_t{1} << 31, 2};
  ExpectError([&] { huge4.FlattenTo2D(1); }, ErrorKind::kInvalidArgument, {"64 bits"});
  DenseTensor t(DataType::kFloat64, DDim{int64_t{1} << 31, int64_t{1} << 30, 2});
  ExpectError([&] { t.nbytes(); }, ErrorKind::kInvalidArgument, {"float64", "64 bits"});
}

TEST(DenseTensor, AllocatesReusesAndShares) {
  DenseTensor t(DataType::kFloat32, DDim{2, 3});
  EXPECT_FALSE(t.IsInitialized());
  float* p = t.MutableData<float>();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % memory::kAlignment, 0u);
  for (int i = 0; i < 6; ++i) p[i] = static_cast<float>(i);
  EXPECT_EQ(t.nbytes(), 24u);
  // Shrinking keeps the buffer; growing past it reallocates.
  t.Resize(DDim{3});
  EXPECT_EQ(t.MutableData<float>(), p);
  DenseTensor shared;
  shared.ShareDataWith(t);
  EXPECT_EQ(shared.data<float>(), t.data<float>());
  DenseTensor copy;
  copy.CopyFrom(t);
  EXPECT_NE(copy.data<float>(), t.data<float>());
  EXPECT_EQ(copy.data<float>()[2], 2.f);
  t.Clear();
  EXPECT_FALSE(t.IsInitialized());
  EXPECT_EQ(shared.data<float>()[1], 1.f);  // the shared owner keeps the buffer alive
}

TEST(DenseTensor, MisuseIsATypedError) {
  DenseTensor t(DataType::kFloat32, DDim{-1, 3});
  EXPECT_THROW(t.MutableData<float>(), Error);  // unknown dims cannot be allocated
  t.Resize(DDim{2});
  ExpectError([&] { static_cast<const DenseTensor&>(t).data<float>(); },
              ErrorKind::kPreconditionNotMet, {"holds no memory"});
  t.MutableData<float>();
  ExpectError([&] { t.data<int64_t>(); }, ErrorKind::kInvalidArgument,
              {"holds float32, read as int64"});
}

TEST(DenseTensor, KeepsLoD) {
  DenseTensor t(DataType::kInt64, DDim{5, 1});
  t.set_lod({{0, 2, 5}});
  DenseTensor s;
  t.MutableData<int64_t>();
  s.ShareDataWith(t);
  EXPECT_EQ(s.lod(), (LoD{{0, 2, 5}}));
}

TEST(Scope, ChildSeesParentAndOwnsItsLocals) {
  Scope root;
  root.Var("w")->GetMutable<DenseTensor>()->Resize(DDim{3});
  Scope& kid = root.NewScope();
  EXPECT_EQ(kid.FindVar("w"), root.FindVar("w"));
  Variable* local = kid.LocalVar("w");
  EXPECT_NE(local, root.FindVar("w"));
  EXPECT_EQ(kid.FindVar("w"), local);
  EXPECT_EQ(root.FindVar("tmp"), nullptr);
  kid.Var("tmp");
  EXPECT_EQ(root.FindVar("tmp"), nullptr);
  ExpectError([&] { root.GetVar("missing", "test"); }, ErrorKind::kNotFound, {"'missing'"});
  root.DeleteScope(&kid);
}

TEST(Variable, HoldsOneKindAtATime) {
  Variable v;
  EXPECT_FALSE(v.IsInitialized());
  v.GetMutable<TensorList>()->resize(2);
  EXPECT_TRUE(v.IsType<TensorList>());
  EXPECT_THROW(v.Get<DenseTensor>(), Error);
  v.GetMutable<DenseTensor>();
  EXPECT_TRUE(v.IsType<DenseTensor>());
}

TEST(Flags, TypedGetSetAndErrors) {
  double old = GetDoubleFlag("eager_delete_tensor_gb");
  SetFlag("FLAGS_eager_delete_tensor_gb", int64_t{2});  // ints widen to the float flag
  EXPECT_EQ(GetDoubleFlag("eager_delete_tensor_gb"), 2.0);
  SetFlagFromString("eager_delete_tensor_gb", "-1.5");
  EXPECT_EQ(GetDoubleFlag("eager_delete_tensor_gb"), -1.5);
  EXPECT_THROW(SetFlagFromString("eager_delete_tensor_gb", "lots"), Error);
  EXPECT_THROW(SetFlag("eager_delete_tensor_gb", std::string("x")), Error);
  ExpectError([] { GetFlag("FLAGS_no_such_flag"); }, ErrorKind::kNotFound, {"no_such_flag"});
  SetFlag("eager_delete_tensor_gb", old);
  bool found = false;
  for (const auto& f : ListFlags()) found |= f.name == "allocator_strategy";
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace paddle
