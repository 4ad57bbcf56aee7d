// float32 convolutions run on oneDNN (core/ops/dnnl_conv.h), or forward on the direct kernel
// for images of at most 4 channels (core/ops/direct_conv.h), and float64 ones on im2col +
// GEMM (the op table checks those against references and central differences). Here the
// paths must agree, forward and every gradient, over the geometries oneDNN handles with
// different kernels: groups, depthwise, strides, dilations, uneven padding, channel-last, 3-D
// and the transposed convolution; the direct kernel's column and channel blocks, whole and
// partial; and the pre-packed filter of a frozen (inference) one.
#include <cmath>
#include <string>
#include <vector>

#include "core/base/flags.h"
#include "op_test_util.h"

namespace paddle {
namespace test {
namespace {

using Ints = std::vector<int32_t>;

struct ConvCase {
  std::string name, op;
  Shape input, filter;
  AttributeMap attrs;
};

void PrintTo(const ConvCase& c, std::ostream* os) { *os << c.name; }

// Forward output and the input and filter gradients (for one Out@GRAD), in `t`.
template <typename T>
std::vector<std::vector<double>> RunConv(const ConvCase& c) {
  OneOp fwd(c.op);
  fwd.In("Input", "x", MakeTensor<T>(c.input, Cast<T>(Random(Numel(c.input), 1))));
  fwd.In("Filter", "w", MakeTensor<T>(c.filter, Cast<T>(Random(Numel(c.filter), 2))));
  fwd.Out("Output", "y");
  for (const auto& [name, value] : c.attrs) fwd.Attr(name, value);
  fwd.Run();
  const DenseTensor& y = fwd.Get("y");
  OneOp grad(GradOf(fwd.desc()));
  grad.Set("x", fwd.Get("x"));
  grad.Set("w", fwd.Get("w"));
  grad.Set("y", y);
  grad.Set("y@GRAD", MakeTensor<T>(y.dims().ToVector(), Cast<T>(Random(y.numel(), 3))));
  grad.Run();
  std::vector<std::vector<double>> out;
  for (const char* v : {"y", "x@GRAD", "w@GRAD"}) {
    const std::vector<T> got = Values<T>(v[0] == 'y' ? y : grad.Get(v));
    out.emplace_back(got.begin(), got.end());
  }
  return out;
}

class ConvDnnl : public ::testing::TestWithParam<ConvCase> {};

TEST_P(ConvDnnl, Float32MatchesFloat64ForwardAndGradients) {
  const auto f32 = RunConv<float>(GetParam());
  const auto f64 = RunConv<double>(GetParam());
  const char* what[] = {"Output", "Input@GRAD", "Filter@GRAD"};
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(f32[k].size(), f64[k].size()) << what[k];
    double scale = 1;
    for (double v : f64[k]) scale = std::max(scale, std::abs(v));
    for (size_t i = 0; i < f64[k].size(); ++i)
      ASSERT_NEAR(f32[k][i], f64[k][i], 2e-5 * scale) << what[k] << " at " << i;
  }
}

AttributeMap Conv(Ints strides, Ints paddings, Ints dilations, int groups,
                  const std::string& format = "NCHW") {
  return {{"strides", strides}, {"paddings", paddings}, {"dilations", dilations},
          {"groups", groups}, {"data_format", format}};
}

INSTANTIATE_TEST_SUITE_P(
    Geometries, ConvDnnl,
    ::testing::Values(
        ConvCase{"plain3x3", "conv2d", {2, 3, 9, 8}, {4, 3, 3, 3}, Conv({1, 1}, {1, 1}, {1, 1}, 1)},
        ConvCase{"strided_uneven_pad", "conv2d", {2, 4, 10, 9}, {6, 4, 3, 2},
                 Conv({2, 3}, {1, 0, 2, 1}, {1, 1}, 1)},
        ConvCase{"direct_single_channel_5x5", "conv2d", {2, 1, 28, 28}, {6, 1, 5, 5},
                 Conv({1, 1}, {2, 2}, {1, 1}, 1)},
        ConvCase{"direct_7x7_stride2_wide", "conv2d", {1, 3, 40, 75}, {10, 3, 7, 7},
                 Conv({2, 2}, {3, 3}, {1, 1}, 1)},
        ConvCase{"direct_stride3_uneven_pad", "conv2d", {2, 2, 17, 23}, {9, 2, 4, 5},
                 Conv({3, 3}, {1, 2, 0, 3}, {1, 1}, 1)},
        ConvCase{"dilated", "conv2d", {1, 3, 11, 11}, {5, 3, 3, 3}, Conv({1, 1}, {2, 2}, {2, 2}, 1)},
        ConvCase{"groups", "conv2d", {2, 6, 7, 7}, {9, 2, 3, 3}, Conv({1, 1}, {1, 1}, {1, 1}, 3)},
        ConvCase{"pointwise", "conv2d", {2, 8, 5, 6}, {4, 8, 1, 1}, Conv({1, 1}, {0, 0}, {1, 1}, 1)},
        ConvCase{"depthwise", "depthwise_conv2d", {2, 16, 9, 9}, {16, 1, 3, 3},
                 Conv({2, 2}, {1, 1}, {1, 1}, 16)},
        ConvCase{"nhwc", "conv2d", {2, 7, 6, 5}, {4, 5, 3, 3}, Conv({1, 1}, {1, 1}, {1, 1}, 1, "NHWC")},
        ConvCase{"conv3d", "conv3d", {1, 3, 5, 6, 7}, {4, 3, 3, 3, 2},
                 Conv({1, 2, 1}, {1, 1, 0}, {1, 1, 2}, 1, "NCDHW")},
        ConvCase{"transpose", "conv2d_transpose", {2, 4, 5, 6}, {4, 3, 3, 3},
                 Conv({2, 2}, {1, 1}, {1, 1}, 1)},
        ConvCase{"transpose_groups_nhwc", "conv2d_transpose", {1, 5, 4, 6}, {6, 2, 2, 3},
                 Conv({1, 2}, {0, 1}, {1, 1}, 2, "NHWC")}),
    [](const ::testing::TestParamInfo<ConvCase>& info) { return info.param.name; });

// A conv whose filter the caller marks frozen (KernelContext::InputFrozen, as the predictor
// does for parameters) packs it into oneDNN's layout once and keeps it in the context: the
// output equals the unpacked path's, and a new filter (another address) or a new image
// shape is packed again rather than served stale.
class FrozenFilterConv {
 public:
  FrozenFilterConv() {
    OpDesc* op = program_.Block(0)->AppendOp();
    op->SetType("conv2d");
    for (const char* v : {"x", "w", "y"}) program_.Block(0)->AddVar(v)->SetPersistable(true);
    op->SetInput("Input", {"x"});
    op->SetInput("Filter", {"w"});
    op->SetOutput("Output", {"y"});
    for (const auto& [name, value] : Conv({1, 1}, {1, 1}, {1, 1}, 1)) op->SetAttr(name, value);
  }
  void Set(const char* var, const Shape& dims, unsigned seed) {
    *scope_.Var(var)->GetMutable<DenseTensor>() =
        MakeTensor<float>(dims, Cast<float>(Random(Numel(dims), seed)));
  }
  KernelContext& Prepare() {
    prepared_ = executor_.Prepare(program_, 0, &scope_);
    KernelContext& ctx = *prepared_->steps().at(0).ctx;
    ctx.set_frozen_inputs(uint64_t{1} << 1);  // conv2d's inputs: Input, Filter
    return ctx;
  }
  std::vector<float> Run() {
    executor_.Run(*prepared_);
    return Values<float>(scope_.FindVar("y")->Get<DenseTensor>());
  }
  // The same conv through a fresh context (nothing frozen, nothing packed).
  std::vector<float> Reference() {
    OneOp op("conv2d");
    op.In("Input", "x", scope_.FindVar("x")->Get<DenseTensor>());
    op.In("Filter", "w", scope_.FindVar("w")->Get<DenseTensor>());
    op.Out("Output", "y");
    for (const auto& [name, value] : Conv({1, 1}, {1, 1}, {1, 1}, 1)) op.Attr(name, value);
    op.Run();
    return Values<float>(op.Get("y"));
  }

 private:
  ProgramDesc program_;
  Scope scope_;
  Executor executor_;
  std::unique_ptr<PreparedBlock> prepared_;
};

TEST(ConvDnnlFrozenFilter, PackedOnceThenRepackedForANewFilterOrShape) {
  FrozenFilterConv conv;
  conv.Set("x", {1, 16, 8, 8}, 1);
  conv.Set("w", {32, 16, 3, 3}, 2);
  KernelContext& ctx = conv.Prepare();
  ASSERT_TRUE(ctx.InputFrozen(1));
  ASSERT_FALSE(ctx.InputFrozen(0));
  const std::vector<float> first = conv.Run();
  ASSERT_NE(ctx.kernel_cache(), nullptr) << "a 16-channel filter is blocked by oneDNN: packed";
  const void* packed = ctx.kernel_cache().get();
  EXPECT_EQ(first, conv.Reference());
  EXPECT_EQ(conv.Run(), first);
  EXPECT_EQ(ctx.kernel_cache().get(), packed) << "a second run reuses the packed filter";

  conv.Set("x", {2, 16, 5, 7}, 3);  // another image shape: another primitive, packed again
  EXPECT_EQ(conv.Run(), conv.Reference());

  conv.Set("w", {32, 16, 3, 3}, 4);  // new values, allocated while the old are held: a new address
  const std::vector<float> after = conv.Run();
  EXPECT_EQ(after, conv.Reference());
  EXPECT_NE(after, first);
}

// From 64 channels a frozen 3x3 stride-1 filter runs on oneDNN's Winograd kernels
// (FLAGS_conv_winograd): the same convolution up to Winograd's rounding, one kernel for every
// run, and the direct kernels' exact numbers with the flag off.
TEST(ConvDnnlFrozenFilter, WinogradFromSixtyFourChannels) {
  auto run = [](bool winograd) {
    SetFlag("conv_winograd", winograd);
    FrozenFilterConv conv;
    conv.Set("x", {1, 64, 14, 14}, 5);
    conv.Set("w", {64, 64, 3, 3}, 6);
    conv.Prepare();
    std::vector<float> first = conv.Run();
    EXPECT_EQ(conv.Run(), first);
    std::vector<float> reference = conv.Reference();
    SetFlag("conv_winograd", true);
    return std::make_pair(first, reference);
  };
  const auto [wino, direct] = run(true);
  ExpectNear(wino, std::vector<double>(direct.begin(), direct.end()), 1e-4, "winograd");
  EXPECT_NE(wino, direct) << "the Winograd kernels round differently: they ran";
  const auto [plain, reference] = run(false);
  EXPECT_EQ(plain, reference);
}

}  // namespace
}  // namespace test
}  // namespace paddle
