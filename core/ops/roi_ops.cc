// Region-of-interest pooling over NCHW feature maps, with gradients for X:
// roi_align (bilinear samples averaged per bin, Mask R-CNN), roi_pool (max per
// bin, Fast R-CNN; Argmax keeps the winner for the gradient) and psroi_pool
// (position-sensitive average per bin, R-FCN). ROIs [num_rois, 4] are
// [x1, y1, x2, y2] in input-image coordinates (spatial_scale maps them onto
// X); which image each box belongs to comes from RoisNum (boxes per image) or,
// without it, from ROIs' LoD. Coordinates follow PaddlePaddle's CPU kernels
// step by step so results agree to the last bits.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Every roi op: inputs X, ROIs, RoisNum; the grad ops read them at the same
// slots (roi_pool's also Argmax), then Out@GRAD, and write X@GRAD.
enum RoiIn { kX, kRois, kRoisNum };
enum RoiOut { kOut, kArgmax };
enum RoiGradOut { kXGrad };
enum AlignAttr { kAlignPooledH, kAlignPooledW, kAlignScale, kSamplingRatio, kAligned };
enum PoolAttr { kPoolPooledH, kPoolPooledW, kPoolScale };
enum PsAttr { kPsPooledH, kPsPooledW, kPsOutChannels, kPsScale };
enum AlignGradIn { kAlignGradOutGrad = kRoisNum + 1 };
enum PoolGradIn { kPoolGradArgmax = kRoisNum + 1, kPoolGradOutGrad };
enum PsGradIn { kPsGradOutGrad = kRoisNum + 1 };

// Checks X, ROIs and RoisNum; returns Out's dims [num_rois, channels, ph, pw].
DDim RoiOutDims(const InferShapeContext& ctx, int64_t channels, int pooled_h, int pooled_w,
                float spatial_scale) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(kX), rois = ctx.InputDim(kRois);
  PD_CHECK(x.rank() == 4, InvalidArgument, "[", op,
           "] input 'X' must be a 4-D feature map [N, C, H, W], got ", x.ToString());
  PD_CHECK(rois.rank() == 2 && (rois[1] == 4 || rois[1] < 0), InvalidArgument, "[", op,
           "] input 'ROIs' must be boxes shaped [num_rois, 4], got ", rois.ToString());
  PD_CHECK(ctx.InputDtype(kRois) == ctx.InputDtype(kX), InvalidArgument, "[", op,
           "] input 'ROIs' must have X's dtype ", DataTypeName(ctx.InputDtype(kX)), ", got ",
           DataTypeName(ctx.InputDtype(kRois)));
  if (ctx.HasInput(kRoisNum)) {
    const DDim num = ctx.InputDim(kRoisNum);
    PD_CHECK(num.rank() == 1, InvalidArgument, "[", op,
             "] input 'RoisNum' must be 1-D (boxes per image), got ", num.ToString());
    PD_CHECK(num[0] < 0 || x[0] < 0 || num[0] == x[0], InvalidArgument, "[", op,
             "] input 'RoisNum' ", num.ToString(), " must hold one count per image of X ",
             x.ToString());
  }
  PD_CHECK(pooled_h > 0 && pooled_w > 0, InvalidArgument, "[", op,
           "] pooled_height and pooled_width must be > 0, got ", pooled_h, " and ", pooled_w);
  PD_CHECK(spatial_scale > 0, InvalidArgument, "[", op,
           "] attribute 'spatial_scale' must be > 0, got ", spatial_scale);
  return DDim{rois[0], channels, pooled_h, pooled_w};
}

// The image of every box: RoisNum's counts (int32 or int64), else ROIs' LoD.
std::vector<int64_t> RoiBatchIds(const KernelContext& ctx, int64_t batch) {
  const std::string& op = ctx.op_type();
  const DenseTensor& rois = ctx.Input(kRois);
  const int64_t num_rois = rois.dims()[0];
  std::vector<int64_t> starts;  // box offsets per image, batch + 1 of them
  if (ctx.HasInput(kRoisNum)) {
    const int64_t n = ctx.Input(kRoisNum).numel();
    starts.push_back(0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t c = IntElement(ctx, kRoisNum, 0, i);
      PD_CHECK(c >= 0, InvalidArgument, "[", op, "] RoisNum[", i, "] is negative: ", c);
      starts.push_back(starts.back() + c);
    }
  } else {
    PD_CHECK(!rois.lod().empty(), InvalidArgument, "[", op,
             "] needs RoisNum (boxes per image), or ROIs with a LoD saying so");
    starts.assign(rois.lod()[0].begin(), rois.lod()[0].end());
  }
  PD_CHECK(static_cast<int64_t>(starts.size()) == batch + 1, InvalidArgument, "[", op,
           "] the boxes are split over ", starts.size() - 1, " images, but X holds ", batch);
  PD_CHECK(starts.back() == num_rois, InvalidArgument, "[", op, "] RoisNum adds up to ",
           starts.back(), " boxes, but ROIs holds ", num_rois);
  std::vector<int64_t> ids(static_cast<size_t>(num_rois));
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = starts[b]; i < starts[b + 1]; ++i) ids[i] = b;
  return ids;
}

void CheckOutGrad(InferShapeContext& ctx, int slot, const DDim& out) {
  CheckInputShape(ctx, slot, out, "[num_rois, channels, pooled_height, pooled_width]");
  GradShapeLike(ctx, kX, kXGrad);
}

// ---- roi_align ----

DDim AlignOutDims(const InferShapeContext& ctx) {
  return RoiOutDims(ctx, ctx.InputDim(kX)[1], ctx.Attr<int32_t>(kAlignPooledH),
                    ctx.Attr<int32_t>(kAlignPooledW), ctx.Attr<float>(kAlignScale));
}

void RoiAlignInferShape(InferShapeContext& ctx) { ctx.SetOutputDim(kOut, AlignOutDims(ctx)); }
void RoiAlignGradInferShape(InferShapeContext& ctx) {
  CheckOutGrad(ctx, kAlignGradOutGrad, AlignOutDims(ctx));
}

// One bilinear sample: four pixel offsets in the plane and their weights
// (all zero outside [-1, size]).
template <typename T>
struct Sample {
  int64_t pos[4] = {0, 0, 0, 0};
  T w[4] = {T(0), T(0), T(0), T(0)};
};

template <typename T>
Sample<T> Bilinear(T y, T x, int64_t height, int64_t width) {
  Sample<T> s;
  if (y < -1.0 || y > height || x < -1.0 || x > width) return s;
  if (y <= 0) y = 0;
  if (x <= 0) x = 0;
  int64_t y_low = static_cast<int64_t>(y), x_low = static_cast<int64_t>(x), y_high, x_high;
  if (y_low >= height - 1) {
    y_high = y_low = height - 1;
    y = static_cast<T>(y_low);
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= width - 1) {
    x_high = x_low = width - 1;
    x = static_cast<T>(x_low);
  } else {
    x_high = x_low + 1;
  }
  const T ly = y - y_low, lx = x - x_low, hy = 1. - ly, hx = 1. - lx;
  s.pos[0] = y_low * width + x_low;
  s.pos[1] = y_low * width + x_high;
  s.pos[2] = y_high * width + x_low;
  s.pos[3] = y_high * width + x_high;
  s.w[0] = hy * hx;
  s.w[1] = hy * lx;
  s.w[2] = ly * hx;
  s.w[3] = ly * lx;
  return s;
}

// Calls fn(roi, image, bin, sample, count) for every bilinear sample of every
// bin of every box; bins are numbered ph * pooled_w + pw. Boxes smaller than a
// pixel become 1 x 1 without `aligned`, and always in the gradient
// (`for_grad`): PaddlePaddle 3.3.1's gradient kernel clamps them whatever
// `aligned` says, and its gradients are what models trained with it expect.
template <typename T, typename Fn>
void ForEachAlignSample(const KernelContext& ctx, int64_t batch, int64_t height, int64_t width,
                        bool for_grad, Fn&& fn) {
  const T* rois = ctx.Input(kRois).data<T>();
  const int pooled_h = ctx.Attr<int32_t>(kAlignPooledH);
  const int pooled_w = ctx.Attr<int32_t>(kAlignPooledW);
  const T scale = static_cast<T>(ctx.Attr<float>(kAlignScale));
  const int sampling = ctx.Attr<int32_t>(kSamplingRatio);
  const bool aligned = ctx.Attr<bool>(kAligned);
  const std::vector<int64_t> ids = RoiBatchIds(ctx, batch);
  for (size_t n = 0; n < ids.size(); ++n) {
    const T* r = rois + 4 * n;
    const T offset = aligned ? T(0.5) : T(0);
    const T x1 = r[0] * scale - offset, y1 = r[1] * scale - offset;
    const T x2 = r[2] * scale - offset, y2 = r[3] * scale - offset;
    T roi_w = x2 - x1, roi_h = y2 - y1;
    if (!aligned || for_grad) {
      roi_w = std::max(roi_w, T(1.));
      roi_h = std::max(roi_h, T(1.));
    }
    const T bin_h = roi_h / static_cast<T>(pooled_h), bin_w = roi_w / static_cast<T>(pooled_w);
    const int grid_h = sampling > 0 ? sampling : static_cast<int>(std::ceil(roi_h / pooled_h));
    const int grid_w = sampling > 0 ? sampling : static_cast<int>(std::ceil(roi_w / pooled_w));
    const T count = static_cast<T>(std::max(grid_h * grid_w, 1));
    for (int ph = 0; ph < pooled_h; ++ph) {
      for (int pw = 0; pw < pooled_w; ++pw) {
        for (int iy = 0; iy < grid_h; ++iy) {
          const T y = y1 + ph * bin_h + static_cast<T>(iy + .5f) * bin_h / static_cast<T>(grid_h);
          for (int ix = 0; ix < grid_w; ++ix) {
            const T x =
                x1 + pw * bin_w + static_cast<T>(ix + .5f) * bin_w / static_cast<T>(grid_w);
            fn(static_cast<int64_t>(n), ids[n], ph * pooled_w + pw, Bilinear(y, x, height, width),
               count);
          }
        }
      }
    }
  }
}

template <typename T>
void RoiAlignKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const int64_t batch = x.dims()[0], channels = x.dims()[1], height = x.dims()[2],
                width = x.dims()[3], plane = height * width;
  const int64_t bins = int64_t{ctx.Attr<int32_t>(kAlignPooledH)} * ctx.Attr<int32_t>(kAlignPooledW);
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  std::fill(o, o + out->numel(), T(0));
  const T* in = x.data<T>();
  ForEachAlignSample<T>(ctx, batch, height, width, false,
                        [&](int64_t n, int64_t b, int64_t bin, const Sample<T>& s, T count) {
                          for (int64_t c = 0; c < channels; ++c) {
                            const T* p = in + (b * channels + c) * plane;
                            o[(n * channels + c) * bins + bin] +=
                                (s.w[0] * p[s.pos[0]] + s.w[1] * p[s.pos[1]] +
                                 s.w[2] * p[s.pos[2]] + s.w[3] * p[s.pos[3]]) / count;
                          }
                        });
}

template <typename T>
void RoiAlignGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kX).dims();
  const int64_t batch = xd[0], channels = xd[1], height = xd[2], width = xd[3],
                plane = height * width;
  const int64_t bins = int64_t{ctx.Attr<int32_t>(kAlignPooledH)} * ctx.Attr<int32_t>(kAlignPooledW);
  const T* g = ctx.Input(kAlignGradOutGrad).data<T>();
  T* dx = ctx.Output(kXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xd.numel(), T(0));
  ForEachAlignSample<T>(ctx, batch, height, width, true,
                        [&](int64_t n, int64_t b, int64_t bin, const Sample<T>& s, T count) {
                          for (int64_t c = 0; c < channels; ++c) {
                            const T d = g[(n * channels + c) * bins + bin];
                            T* p = dx + (b * channels + c) * plane;
                            for (int k = 0; k < 4; ++k) p[s.pos[k]] += d * s.w[k] / count;
                          }
                        });
}

// ---- roi_pool ----

DDim PoolOutDims(const InferShapeContext& ctx) {
  return RoiOutDims(ctx, ctx.InputDim(kX)[1], ctx.Attr<int32_t>(kPoolPooledH),
                    ctx.Attr<int32_t>(kPoolPooledW), ctx.Attr<float>(kPoolScale));
}

void RoiPoolInferShape(InferShapeContext& ctx) {
  const DDim out = PoolOutDims(ctx);
  ctx.SetOutputDim(kOut, out);
  if (ctx.HasOutput(kArgmax)) {
    ctx.SetOutputDim(kArgmax, out);
    ctx.SetOutputDtype(kArgmax, DataType::kInt64);
  }
}

void RoiPoolGradInferShape(InferShapeContext& ctx) {
  const DDim out = PoolOutDims(ctx);
  CheckInputShape(ctx, kPoolGradArgmax, out, "Out's shape");
  CheckOutGrad(ctx, kPoolGradOutGrad, out);
}

template <typename T>
void RoiPoolKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const int64_t batch = x.dims()[0], channels = x.dims()[1], height = x.dims()[2],
                width = x.dims()[3], plane = height * width;
  const int pooled_h = ctx.Attr<int32_t>(kPoolPooledH), pooled_w = ctx.Attr<int32_t>(kPoolPooledW);
  const float scale = ctx.Attr<float>(kPoolScale);
  const std::vector<int64_t> ids = RoiBatchIds(ctx, batch);
  const T* rois = ctx.Input(kRois).data<T>();
  const T* in = x.data<T>();
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  std::vector<int64_t> scratch;
  int64_t* arg = nullptr;
  if (ctx.HasOutput(kArgmax)) {
    DenseTensor* a = ctx.Output(kArgmax);
    a->Resize(out->dims());
    arg = a->MutableData<int64_t>(ctx.place());
  } else {
    scratch.resize(static_cast<size_t>(out->numel()));
    arg = scratch.data();
  }
  for (size_t n = 0; n < ids.size(); ++n) {
    const T* r = rois + 4 * n;
    const int64_t start_w = std::round(r[0] * scale), start_h = std::round(r[1] * scale);
    const int64_t end_w = std::round(r[2] * scale), end_h = std::round(r[3] * scale);
    // Malformed boxes become 1 x 1.
    const int64_t roi_h = std::max<int64_t>(end_h - start_h + 1, 1);
    const int64_t roi_w = std::max<int64_t>(end_w - start_w + 1, 1);
    const T bin_h = static_cast<T>(roi_h) / static_cast<T>(pooled_h);
    const T bin_w = static_cast<T>(roi_w) / static_cast<T>(pooled_w);
    for (int64_t c = 0; c < channels; ++c) {
      const T* p = in + (ids[n] * channels + c) * plane;
      for (int ph = 0; ph < pooled_h; ++ph) {
        int64_t h0 = static_cast<int64_t>(std::floor(static_cast<T>(ph) * bin_h));
        int64_t h1 = static_cast<int64_t>(std::ceil(static_cast<T>(ph + 1) * bin_h));
        h0 = std::min(std::max(h0 + start_h, int64_t{0}), height);
        h1 = std::min(std::max(h1 + start_h, int64_t{0}), height);
        for (int pw = 0; pw < pooled_w; ++pw) {
          int64_t w0 = static_cast<int64_t>(std::floor(static_cast<T>(pw) * bin_w));
          int64_t w1 = static_cast<int64_t>(std::ceil(static_cast<T>(pw + 1) * bin_w));
          w0 = std::min(std::max(w0 + start_w, int64_t{0}), width);
          w1 = std::min(std::max(w1 + start_w, int64_t{0}), width);
          const int64_t k =
              ((static_cast<int64_t>(n) * channels + c) * pooled_h + ph) * pooled_w + pw;
          const bool empty = h1 <= h0 || w1 <= w0;
          T best = empty ? T(0) : -std::numeric_limits<T>::max();
          int64_t where = -1;
          for (int64_t h = h0; h < h1; ++h)
            for (int64_t w = w0; w < w1; ++w)
              if (p[h * width + w] > best) best = p[h * width + w], where = h * width + w;
          o[k] = best;
          arg[k] = where;
        }
      }
    }
  }
}

template <typename T>
void RoiPoolGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kX).dims();
  const int64_t batch = xd[0], channels = xd[1], plane = xd[2] * xd[3];
  const int64_t bins = int64_t{ctx.Attr<int32_t>(kPoolPooledH)} * ctx.Attr<int32_t>(kPoolPooledW);
  const std::vector<int64_t> ids = RoiBatchIds(ctx, batch);
  const DenseTensor& argmax = ctx.Input(kPoolGradArgmax);
  PD_CHECK(argmax.dtype() == DataType::kInt64, InvalidArgument, "[", ctx.op_type(),
           "] input 'Argmax' must be int64, got ", DataTypeName(argmax.dtype()));
  const int64_t* arg = argmax.data<int64_t>();
  const T* g = ctx.Input(kPoolGradOutGrad).data<T>();
  T* dx = ctx.Output(kXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xd.numel(), T(0));
  for (size_t n = 0; n < ids.size(); ++n)
    for (int64_t c = 0; c < channels; ++c) {
      T* p = dx + (ids[n] * channels + c) * plane;
      const int64_t base = (static_cast<int64_t>(n) * channels + c) * bins;
      for (int64_t k = 0; k < bins; ++k) {
        const int64_t where = arg[base + k];
        if (where < 0) continue;  // an empty bin
        PD_CHECK(where < plane, InvalidArgument, "[", ctx.op_type(), "] Argmax ", where,
                 " is outside the ", plane, " pixels of a plane of X");
        p[where] += g[base + k];
      }
    }
}

// ---- psroi_pool ----

DDim PsOutDims(const InferShapeContext& ctx) {
  const int pooled_h = ctx.Attr<int32_t>(kPsPooledH), pooled_w = ctx.Attr<int32_t>(kPsPooledW);
  const int out_channels = ctx.Attr<int32_t>(kPsOutChannels);
  const DDim out = RoiOutDims(ctx, out_channels, pooled_h, pooled_w, ctx.Attr<float>(kPsScale));
  const int64_t c = ctx.InputDim(kX)[1];
  PD_CHECK(c < 0 || c == int64_t{out_channels} * pooled_h * pooled_w, InvalidArgument, "[",
           ctx.op_type(), "] X has ", c, " channels; it must have output_channels * "
           "pooled_height * pooled_width = ", out_channels, " * ", pooled_h, " * ", pooled_w,
           " = ", int64_t{out_channels} * pooled_h * pooled_w);
  return out;
}

void PsRoiPoolInferShape(InferShapeContext& ctx) { ctx.SetOutputDim(kOut, PsOutDims(ctx)); }
void PsRoiPoolGradInferShape(InferShapeContext& ctx) {
  CheckOutGrad(ctx, kPsGradOutGrad, PsOutDims(ctx));
}

// Calls fn(out_index, input_plane, h0, h1, w0, w1) for every output element:
// the window [h0, h1) x [w0, w1) of the X plane its channel and bin read.
template <typename T, typename Fn>
void ForEachPsBin(const KernelContext& ctx, const DDim& xd, Fn&& fn) {
  const int64_t batch = xd[0], in_channels = xd[1], height = xd[2], width = xd[3];
  const int pooled_h = ctx.Attr<int32_t>(kPsPooledH), pooled_w = ctx.Attr<int32_t>(kPsPooledW);
  const int out_channels = ctx.Attr<int32_t>(kPsOutChannels);
  const T scale = static_cast<T>(ctx.Attr<float>(kPsScale));
  const std::vector<int64_t> ids = RoiBatchIds(ctx, batch);
  const T* rois = ctx.Input(kRois).data<T>();
  for (size_t n = 0; n < ids.size(); ++n) {
    const T* r = rois + 4 * n;
    const T start_w = static_cast<T>(std::round(r[0])) * scale;
    const T start_h = static_cast<T>(std::round(r[1])) * scale;
    const T end_w = static_cast<T>(std::round(r[2]) + 1.) * scale;
    const T end_h = static_cast<T>(std::round(r[3]) + 1.) * scale;
    const T roi_h = std::max(end_h - start_h, T(0.1)), roi_w = std::max(end_w - start_w, T(0.1));
    const T bin_h = roi_h / static_cast<T>(pooled_h), bin_w = roi_w / static_cast<T>(pooled_w);
    for (int c = 0; c < out_channels; ++c) {
      for (int ph = 0; ph < pooled_h; ++ph) {
        int64_t h0 = static_cast<int64_t>(std::floor(static_cast<T>(ph) * bin_h + start_h));
        int64_t h1 = static_cast<int64_t>(std::ceil(static_cast<T>(ph + 1) * bin_h + start_h));
        h0 = std::min(std::max(h0, int64_t{0}), height);
        h1 = std::min(std::max(h1, int64_t{0}), height);
        for (int pw = 0; pw < pooled_w; ++pw) {
          int64_t w0 = static_cast<int64_t>(std::floor(static_cast<T>(pw) * bin_w + start_w));
          int64_t w1 = static_cast<int64_t>(std::ceil(static_cast<T>(pw + 1) * bin_w + start_w));
          w0 = std::min(std::max(w0, int64_t{0}), width);
          w1 = std::min(std::max(w1, int64_t{0}), width);
          const int64_t in_c = (int64_t{c} * pooled_h + ph) * pooled_w + pw;
          const int64_t k = ((static_cast<int64_t>(n) * out_channels + c) * pooled_h + ph) *
                                pooled_w + pw;
          fn(k, (ids[n] * in_channels + in_c) * height * width, h0, h1, w0, w1);
        }
      }
    }
  }
}

template <typename T>
void PsRoiPoolKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const int64_t width = x.dims()[3];
  const T* in = x.data<T>();
  T* o = ctx.Output(kOut)->MutableData<T>(ctx.place());
  ForEachPsBin<T>(ctx, x.dims(),
                  [&](int64_t k, int64_t plane, int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
                    if (h1 <= h0 || w1 <= w0) {
                      o[k] = T(0);
                      return;
                    }
                    T sum = 0;
                    for (int64_t h = h0; h < h1; ++h)
                      for (int64_t w = w0; w < w1; ++w) sum += in[plane + h * width + w];
                    o[k] = sum / static_cast<T>((h1 - h0) * (w1 - w0));
                  });
}

template <typename T>
void PsRoiPoolGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kX).dims();
  const int64_t width = xd[3];
  const T* g = ctx.Input(kPsGradOutGrad).data<T>();
  T* dx = ctx.Output(kXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xd.numel(), T(0));
  ForEachPsBin<T>(ctx, xd,
                  [&](int64_t k, int64_t plane, int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
                    if (h1 <= h0 || w1 <= w0) return;
                    const T d = g[k] / static_cast<T>((h1 - h0) * (w1 - w0));
                    for (int64_t h = h0; h < h1; ++h)
                      for (int64_t w = w0; w < w1; ++w) dx[plane + h * width + w] += d;
                  });
}

// ---- registrations ----

constexpr const char* kXEn = "The feature map [N, C, H, W].";
constexpr const char* kXZh = "特征图 [N, C, H, W]。";
constexpr const char* kRoisEn =
    "The boxes [num_rois, 4] as [x1, y1, x2, y2] in input-image coordinates.";
constexpr const char* kRoisZh = "框 [num_rois, 4]，格式为 [x1, y1, x2, y2]，以输入图像坐标计。";
constexpr const char* kRoisNumEn =
    "The number of boxes of each image [N], int32 or int64; without it ROIs' LoD says.";
constexpr const char* kRoisNumZh = "每张图像的框数 [N]，int32 或 int64；不给出时由 ROIs 的 LoD 给出。";
constexpr const char* kPooledHEn = "The output height per box.";
constexpr const char* kPooledHZh = "每个框的输出高度。";
constexpr const char* kPooledWEn = "The output width per box.";
constexpr const char* kPooledWZh = "每个框的输出宽度。";
constexpr const char* kScaleEn = "Multiplies the box coordinates onto X's scale.";
constexpr const char* kScaleZh = "将框坐标乘到 X 的尺度上。";

// Every roi op's inputs.
void RoiInputs(OpDefBuilder& op) {
  op.Input(kX, "X", kXEn, kXZh)
      .Input(kRois, "ROIs", kRoisEn, kRoisZh)
      .Input(kRoisNum, "RoisNum", kRoisNumEn, kRoisNumZh)
      .Dispensable();
}

// The grad ops read the forward's inputs at their slots.
void ReadsInputs(OpDefBuilder& op) {
  op.Reads(kX, "X").Reads(kRois, "ROIs").Reads(kRoisNum, "RoisNum");
}

PD_REGISTER_OP(roi_align)
    .Doc("RoI Align: each box is split into pooled_height x pooled_width bins, and each bin "
         "averages sampling_ratio x sampling_ratio bilinear samples of X (adaptive: "
         "ceil(box size / bins) per side when sampling_ratio <= 0). aligned shifts the box by "
         "-0.5 pixel; without it boxes are at least 1 x 1 (in the gradient always, as "
         "PaddlePaddle's).",
         "RoI Align：每个框分成 pooled_height x pooled_width 个格子，每个格子对 X 的 "
         "sampling_ratio x sampling_ratio 个双线性采样取平均（sampling_ratio <= 0 时自适应："
         "每边 ceil(框尺寸 / 格子数) 个）。aligned 将框平移 -0.5 像素；否则框至少为 1 x 1。")
    .Apply(RoiInputs)
    .Output(kOut, "Out", "The pooled features [num_rois, C, pooled_height, pooled_width].",
            "池化后的特征 [num_rois, C, pooled_height, pooled_width]。")
    .Attr<int32_t>(kAlignPooledH, "pooled_height", 1, kPooledHEn, kPooledHZh)
    .Attr<int32_t>(kAlignPooledW, "pooled_width", 1, kPooledWEn, kPooledWZh)
    .Attr<float>(kAlignScale, "spatial_scale", 1.0f, kScaleEn, kScaleZh)
    .Attr<int32_t>(kSamplingRatio, "sampling_ratio", -1,
                   "Samples per bin side; <= 0 means ceil(box size / bins).",
                   "每个格子每边的采样数；<= 0 表示 ceil(框尺寸 / 格子数)。")
    .Attr<bool>(kAligned, "aligned", false, "Shifts the boxes by -0.5 pixel (Detectron2).",
                "将框平移 -0.5 像素（Detectron2 的做法）。")
    .InferShape(RoiAlignInferShape)
    .CpuKernel<float>(RoiAlignKernel<float>)
    .CpuKernel<double>(RoiAlignKernel<double>)
    .Grad("roi_align_grad")
    .Apply(ReadsInputs)
    .OutputGrad(kAlignGradOutGrad, "Out")
    .InputGrad(kXGrad, "X")
    .InferShape(RoiAlignGradInferShape)
    .CpuKernel<float>(RoiAlignGradKernel<float>)
    .CpuKernel<double>(RoiAlignGradKernel<double>);

PD_REGISTER_OP(roi_pool)
    .Doc("RoI max pooling: each box, rounded onto X's grid (at least 1 x 1), is split into "
         "pooled_height x pooled_width bins and each bin takes the maximum of X there (0 for "
         "an empty bin). Argmax holds each maximum's position in its plane of X (-1 when "
         "empty), for the gradient.",
         "RoI 最大池化：每个框取整到 X 的网格上（至少 1 x 1），分成 pooled_height x "
         "pooled_width 个格子，每个格子取 X 在其中的最大值（空格子为 0）。Argmax 记录每个"
         "最大值在 X 对应平面中的位置（空格子为 -1），供梯度使用。")
    .Apply(RoiInputs)
    .Output(kOut, "Out", "The pooled features [num_rois, C, pooled_height, pooled_width].",
            "池化后的特征 [num_rois, C, pooled_height, pooled_width]。")
    .Output(kArgmax, "Argmax", "Where each maximum is in its plane of X, int64, Out's shape.",
            "每个最大值在 X 对应平面中的位置，int64，形状同 Out。")
    .Intermediate()
    .Attr<int32_t>(kPoolPooledH, "pooled_height", 1, kPooledHEn, kPooledHZh)
    .Attr<int32_t>(kPoolPooledW, "pooled_width", 1, kPooledWEn, kPooledWZh)
    .Attr<float>(kPoolScale, "spatial_scale", 1.0f, kScaleEn, kScaleZh)
    .InferShape(RoiPoolInferShape)
    .CpuKernel<float>(RoiPoolKernel<float>)
    .CpuKernel<double>(RoiPoolKernel<double>)
    .Grad("roi_pool_grad")
    .Apply(ReadsInputs)
    .Reads(kPoolGradArgmax, "Argmax")
    .OutputGrad(kPoolGradOutGrad, "Out")
    .InputGrad(kXGrad, "X")
    .InferShape(RoiPoolGradInferShape)
    .CpuKernel<float>(RoiPoolGradKernel<float>)
    .CpuKernel<double>(RoiPoolGradKernel<double>);

PD_REGISTER_OP(psroi_pool)
    .Doc("Position-sensitive RoI average pooling (R-FCN): each box, rounded and scaled onto "
         "X, is split into pooled_height x pooled_width bins; output channel c of bin (i, j) "
         "averages X's channel (c * pooled_height + i) * pooled_width + j over the bin (0 for "
         "an empty bin). X has output_channels * pooled_height * pooled_width channels.",
         "位置敏感的 RoI 平均池化（R-FCN）：每个框取整并缩放到 X 上，分成 pooled_height x "
         "pooled_width 个格子；格子 (i, j) 的输出通道 c 是 X 的第 (c * pooled_height + i) * "
         "pooled_width + j 个通道在该格子上的平均（空格子为 0）。X 的通道数为 output_channels * "
         "pooled_height * pooled_width。")
    .Apply(RoiInputs)
    .Output(kOut, "Out",
            "The pooled features [num_rois, output_channels, pooled_height, pooled_width].",
            "池化后的特征 [num_rois, output_channels, pooled_height, pooled_width]。")
    .Attr<int32_t>(kPsPooledH, "pooled_height", 1, kPooledHEn, kPooledHZh)
    .Attr<int32_t>(kPsPooledW, "pooled_width", 1, kPooledWEn, kPooledWZh)
    .Attr<int32_t>(kPsOutChannels, "output_channels", 1, "The channels of Out.",
                   "Out 的通道数。")
    .AtLeast(1)
    .Attr<float>(kPsScale, "spatial_scale", 1.0f, kScaleEn, kScaleZh)
    .InferShape(PsRoiPoolInferShape)
    .CpuKernel<float>(PsRoiPoolKernel<float>)
    .CpuKernel<double>(PsRoiPoolKernel<double>)
    .Grad("psroi_pool_grad")
    .Apply(ReadsInputs)
    .OutputGrad(kPsGradOutGrad, "Out")
    .InputGrad(kXGrad, "X")
    .InferShape(PsRoiPoolGradInferShape)
    .CpuKernel<float>(PsRoiPoolGradKernel<float>)
    .CpuKernel<double>(PsRoiPoolGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
