// fractional_max_pool2d / fractional_max_pool3d (Graham, "Fractional
// Max-Pooling"): along each spatial dim of NCHW / NCDHW input, output_size
// windows whose starts follow floor(alpha * (i + u)), alpha the input to
// output ratio and u the op's random_u (drawn from the default generator when
// 0). Windows are contiguous and non-overlapping when kernel_size is 0, else
// kernel_size long. mask holds each maximum's flat spatial index (-1 for an
// empty window, whose value is the type's lowest), and the gradient goes there.
// The window rule is PaddlePaddle 3.3.1's, so a given random_u gives its windows.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/generator.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum FracIn { kX };
enum FracOut { kOut, kMask };
enum FracAttr { kOutputSize, kKernelSize, kRandomU, kReturnMask };
enum FracGradIn { kGX, kGMask, kGOutGrad };
enum FracGradOut { kGXGrad };

// The spatial rank of the op: 2 or 3.
int SpatialRank(const std::string& op) { return op.rfind("fractional_max_pool3d", 0) == 0 ? 3 : 2; }

// The output and kernel sizes, checked against x's spatial dims (-1 unknown).
void CheckSizes(const std::string& op, const DDim& x, const std::vector<int32_t>& out,
                const std::vector<int32_t>& kernel) {
  const int s = SpatialRank(op);
  PD_CHECK(x.rank() == s + 2, InvalidArgument, "[", op, "] x must be ", s + 2, "-D (N, C, ",
           s == 3 ? "D, " : "", "H, W), got ", x.ToString());
  PD_CHECK(static_cast<int>(out.size()) == s, InvalidArgument, "[", op, "] output_size must have ",
           s, " values, got ", out.size());
  PD_CHECK(static_cast<int>(kernel.size()) == s, InvalidArgument, "[", op,
           "] kernel_size must have ", s, " values, got ", kernel.size());
  static const char* kNames[] = {"depth", "height", "width"};
  for (int i = 0; i < s; ++i) {
    const char* name = kNames[i + 3 - s];
    PD_CHECK(out[i] >= 1, InvalidArgument, "[", op, "] output_size must be positive, got ",
             out[i], " for the ", name);
    PD_CHECK(kernel[i] >= 0, InvalidArgument, "[", op, "] kernel_size must be >= 0, got ",
             kernel[i], " for the ", name);
    const int64_t in = x[2 + i];
    const int64_t valid = int64_t{out[i]} + kernel[i] - 1;
    PD_CHECK(in < 0 || in >= valid, InvalidArgument, "[", op, "] input ", name, " ", in,
             " of x ", x.ToString(), " is less than output_size + kernel_size - 1 = ", valid);
  }
}

void FracInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const auto& out = ctx.Attr<std::vector<int32_t>>(kOutputSize);
  CheckSizes(ctx.op_type(), x, out, ctx.Attr<std::vector<int32_t>>(kKernelSize));
  const float u = ctx.Attr<float>(kRandomU);
  PD_CHECK(u >= 0.0f && u < 1.0f, InvalidArgument, "[", ctx.op_type(),
           "] random_u must be in (0, 1), or 0 to draw it, got ", u);
  std::vector<int64_t> dims{x[0], x[1]};
  for (int32_t o : out) dims.push_back(o);
  ctx.SetOutputDim(kOut, DDim(dims));
  ctx.SetOutputDim(kMask, DDim(dims));
  ctx.SetOutputDtype(kMask, DataType::kInt32);
}

// The [start, end) windows along one dim, in float32 arithmetic as
// PaddlePaddle's: u is first scaled into the range that keeps every
// non-overlapping window non-empty; window i starts at floor(alpha * (i + u)),
// less the first window's start so that one is 0 (the documented
// ceil(alpha * (i + u) - 1) away from whole products, where 3.3.1 rounds this way).
std::vector<std::pair<int64_t, int64_t>> Windows(int64_t in, int64_t out, int64_t kernel, float u) {
  const float denom = static_cast<float>(out - (kernel > 0 ? 1 : 0));
  const float alpha = denom > 0 ? static_cast<float>(in - kernel) / denom : 0.0f;
  if (kernel == 0) {
    const int64_t base = in / out;
    const float max1 = static_cast<float>(base + 2) / alpha - 1;
    const float max2 = static_cast<float>(in + 1 - base) / alpha - static_cast<float>(out - 1);
    u *= std::min(max1, max2);
  }
  auto at = [&](int64_t i) {
    const float product = alpha * (static_cast<float>(i) + u);
    return static_cast<int64_t>(std::floor(product));
  };
  const int64_t shift = at(0);
  std::vector<std::pair<int64_t, int64_t>> w(out);
  for (int64_t i = 0; i < out; ++i) {
    const int64_t start = at(i) - shift;
    const int64_t end = kernel > 0 ? start + kernel : at(i + 1) - shift;
    w[i] = {std::max<int64_t>(start, 0), std::min(end, in)};
  }
  return w;
}

// random_u, or a draw from the default generator when it is 0.
float RandomU(KernelContext& ctx) {
  const float u = ctx.Attr<float>(kRandomU);
  if (u != 0.0f) return u;
  EngineLease lease(0);
  std::uniform_real_distribution<float> dist(0.0f, 1.0f);
  return dist(*lease);
}

template <typename T>
void FracKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DDim xd = x.dims();
  const int s = SpatialRank(ctx.op_type());
  const auto& out_size = ctx.Attr<std::vector<int32_t>>(kOutputSize);
  const auto& kernel = ctx.Attr<std::vector<int32_t>>(kKernelSize);
  const float u = RandomU(ctx);
  // dims as depth, height, width (depth 1 for 2-D)
  int64_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1};
  std::vector<std::pair<int64_t, int64_t>> win[3] = {{{0, 1}}, {}, {}};
  for (int i = 0; i < s; ++i) {
    const int d = i + 3 - s;
    in[d] = xd[2 + i];
    out[d] = out_size[i];
    win[d] = Windows(in[d], out[d], kernel[i], u);
  }
  const int64_t planes = xd[0] * xd[1];
  const int64_t in_plane = in[0] * in[1] * in[2], out_plane = out[0] * out[1] * out[2];
  const T* xp = x.data<T>();
  T* o = ctx.Output(kOut)->MutableData<T>(ctx.place());
  int32_t* m = ctx.Output(kMask)->MutableData<int32_t>(ctx.place());
  ParallelFor(planes, [&](int64_t lo, int64_t hi) {
    for (int64_t p = lo; p < hi; ++p) {
      const T* src = xp + p * in_plane;
      T* dst = o + p * out_plane;
      int32_t* idx = m + p * out_plane;
      for (int64_t od = 0; od < out[0]; ++od)
        for (int64_t oh = 0; oh < out[1]; ++oh)
          for (int64_t ow = 0; ow < out[2]; ++ow) {
            T best = std::numeric_limits<T>::lowest();
            int64_t where = -1;
            for (int64_t d = win[0][od].first; d < win[0][od].second; ++d)
              for (int64_t h = win[1][oh].first; h < win[1][oh].second; ++h)
                for (int64_t w = win[2][ow].first; w < win[2][ow].second; ++w) {
                  const int64_t at = (d * in[1] + h) * in[2] + w;
                  if (src[at] > best || where < 0) best = src[at], where = at;
                }
            const int64_t k = (od * out[1] + oh) * out[2] + ow;
            dst[k] = best;
            idx[k] = static_cast<int32_t>(where);
          }
    }
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(in_plane, 1)));
}

void FracGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGMask, kGOutGrad);
  GradShapeLike(ctx, kGX, kGXGrad);
}

// dx at each window's maximum gets that output's gradient (summed where
// overlapping windows share a maximum).
template <typename T>
void FracGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kGX).dims();
  const DDim od = ctx.Input(kGOutGrad).dims();
  const int64_t planes = xd[0] * xd[1];
  const int64_t in_plane = xd.numel() / std::max<int64_t>(planes, 1);
  const int64_t out_plane = od.numel() / std::max<int64_t>(planes, 1);
  const int32_t* m = ctx.Input(kGMask).data<int32_t>();
  const T* g = ctx.Input(kGOutGrad).data<T>();
  T* dx = ctx.Output(kGXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xd.numel(), T(0));
  ParallelFor(planes, [&](int64_t lo, int64_t hi) {
    for (int64_t p = lo; p < hi; ++p)
      for (int64_t k = 0; k < out_plane; ++k) {
        const int32_t at = m[p * out_plane + k];
        if (at >= 0) dx[p * in_plane + at] += g[p * out_plane + k];
      }
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(out_plane, 1)));
}

template <int kRank>
void RegisterFractional(OpDefBuilder& b) {
  const std::vector<int32_t> zeros(kRank, 0);
  b.Input(kX, "x", kRank == 2 ? "The input, [N, C, H, W]." : "The input, [N, C, D, H, W].",
          kRank == 2 ? "输入，[N, C, H, W]。" : "输入，[N, C, D, H, W]。")
      .Output(kOut, "out", "Each window's maximum, [N, C, *output_size].",
              "每个窗口的最大值，[N, C, *output_size]。")
      .Output(kMask, "mask",
              "int32: the flat spatial index of each maximum in its plane (-1 for an empty "
              "window).",
              "int32：每个最大值在其平面内的展平空间下标（空窗口为 -1）。")
      .RequiredAttr<std::vector<int32_t>>(kOutputSize, "output_size",
                                          "The output's spatial sizes.", "输出的空间尺寸。")
      .Attr<std::vector<int32_t>>(kKernelSize, "kernel_size", zeros,
                                  "Each window's size; 0 makes the windows contiguous and "
                                  "non-overlapping.",
                                  "每个窗口的大小；为 0 时窗口相接且不重叠。")
      .Attr<float>(kRandomU, "random_u", 0.0f,
                   "The u of the window rule, in (0, 1); 0 draws it from the default generator.",
                   "窗口规则中的 u，取值于 (0, 1)；为 0 时从默认生成器抽取。")
      .Attr<bool>(kReturnMask, "return_mask", true,
                  "Whether the caller wants mask (it is always written).",
                  "调用方是否需要 mask（mask 总会写出）。")
      .InferShape(FracInferShape)
      .CpuKernel<float>(FracKernel<float>)
      .CpuKernel<double>(FracKernel<double>)
      .Grad()
      .Reads(kGX, "x")
      .Reads(kGMask, "mask")
      .OutputGrad(kGOutGrad, "out")
      .InputGrad(kGXGrad, "x")
      .InferShape(FracGradInferShape)
      .CpuKernel<float>(FracGradKernel<float>)
      .CpuKernel<double>(FracGradKernel<double>);
}

PD_REGISTER_OP(fractional_max_pool2d)
    .Doc("Fractional max pooling over the H and W of NCHW input: pseudo-random window "
         "boundaries ceil(alpha * (i + random_u) - 1) give output_size windows per dim.",
         "对 NCHW 输入的 H、W 做分数最大池化：每维由伪随机窗口边界 "
         "ceil(alpha * (i + random_u) - 1) 给出 output_size 个窗口。")
    .Apply(RegisterFractional<2>);

PD_REGISTER_OP(fractional_max_pool3d)
    .Doc("Fractional max pooling over the D, H and W of NCDHW input: pseudo-random window "
         "boundaries ceil(alpha * (i + random_u) - 1) give output_size windows per dim.",
         "对 NCDHW 输入的 D、H、W 做分数最大池化：每维由伪随机窗口边界 "
         "ceil(alpha * (i + random_u) - 1) 给出 output_size 个窗口。")
    .Apply(RegisterFractional<3>);

}  // namespace
}  // namespace ops
}  // namespace paddle
