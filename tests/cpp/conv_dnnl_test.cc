// float32 convolutions run on oneDNN (core/ops/dnnl_conv.h) and float64 ones
// on im2col + GEMM (the op table checks those against references and central
// differences). Here the two paths must agree, forward and every gradient,
// over the geometries oneDNN handles with different kernels: groups,
// depthwise, strides, dilations, uneven padding, channel-last, 3-D and the
// transposed convolution.
#include <cmath>
#include <string>
#include <vector>

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

}  // namespace
}  // namespace test
}  // namespace paddle
