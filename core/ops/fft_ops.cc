// The discrete Fourier transform ops fft_c2c, fft_r2c and fft_c2r with
// PaddlePaddle's attributes (axes, normalization, forward, onesided,
// last_dim_size) and their gradients, on the plans of core/ops/fft/. Every
// transform runs in double and is rounded once to the output type.
//
// Normalization (PaddlePaddle's): "backward" scales the inverse by 1/n,
// "forward" the forward transform by 1/n, "ortho" both by 1/sqrt(n), n the
// product of the signal sizes along `axes`. A gradient is the adjoint: the
// transform the other way with the same scale.
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/fft/plan.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

using fft::Complex;

enum FftAttr { kAxes, kNormalization, kForward, kFourth };  // kFourth: onesided / last_dim_size

// The axes, checked against the rank and made non-negative.
std::vector<int> Axes(const std::string& op, const std::vector<int64_t>& axes, int rank) {
  PD_CHECK(!axes.empty(), InvalidArgument, "[", op, "] expected at least one axis in 'axes'");
  std::vector<int> out;
  for (int64_t a : axes) {
    PD_CHECK(a >= -rank && a < rank, InvalidArgument, "[", op, "] axis ", a,
             " is out of range for a ", rank, "-D input (expected in [", -rank, ", ", rank - 1,
             "])");
    const int axis = static_cast<int>(a < 0 ? a + rank : a);
    for (int b : out)
      PD_CHECK(b != axis, InvalidArgument, "[", op, "] axis ", a, " appears twice in 'axes'");
    out.push_back(axis);
  }
  return out;
}

// The factor applied to the result of a transform in direction `forward`
// over n points under `norm`.
double NormScale(const std::string& norm, bool forward, int64_t n) {
  if (norm == "ortho") return 1.0 / std::sqrt(static_cast<double>(n));
  const bool by_n = norm == "forward" ? forward : !forward;  // "backward" scales the inverse
  return by_n ? 1.0 / static_cast<double>(n) : 1.0;
}

int64_t SignalSize(const DDim& d, const std::vector<int>& axes) {
  int64_t n = 1;
  for (int a : axes) n *= d[a];
  return n;
}

// The DFT of every line of `data` (shape d) along `axis`, in place.
void TransformAxis(Complex* data, const DDim& d, int axis, bool forward) {
  const int64_t len = d[axis];
  if (len <= 1 || d.numel() == 0) return;
  int64_t inner = 1;
  for (int i = axis + 1; i < d.rank(); ++i) inner *= d[i];
  const int64_t outer = d.numel() / (len * inner);
  const auto plan = fft::GetPlan(len);
  ParallelFor(outer * inner, [&](int64_t lo, int64_t hi) {
    std::vector<Complex> line(len);
    for (int64_t l = lo; l < hi; ++l) {
      Complex* base = data + (l / inner) * len * inner + l % inner;
      for (int64_t k = 0; k < len; ++k) line[k] = base[k * inner];
      plan->Run(line.data(), forward);
      for (int64_t k = 0; k < len; ++k) base[k * inner] = line[k];
    }
  }, std::max<int64_t>(1, kParallelGrain / (len * 8)));
}

void TransformAxes(Complex* data, const DDim& d, const std::vector<int>& axes, bool forward) {
  for (int a : axes) TransformAxis(data, d, a, forward);
}

// Copies the box of `from` (shape fd) that fits `to` (shape td) into to's
// start, the rest of `to` left as it is: a crop or a zero pad per dim.
template <typename A, typename B, typename Fn>
void CopyBox(const A* from, const DDim& fd, B* to, const DDim& td, Fn&& convert) {
  const int rank = fd.rank();
  std::vector<int64_t> box(rank), fs(rank, 1), ts(rank, 1);
  int64_t count = 1;
  for (int i = rank - 1; i >= 0; --i) {
    box[i] = std::min(fd[i], td[i]);
    count *= box[i];
    if (i + 1 < rank) {
      fs[i] = fs[i + 1] * fd[i + 1];
      ts[i] = ts[i + 1] * td[i + 1];
    }
  }
  if (rank == 0) {
    *to = convert(*from);
    return;
  }
  std::vector<int64_t> idx(rank, 0);
  for (int64_t c = 0; c < count; ++c) {
    int64_t fo = 0, to_off = 0;
    for (int i = 0; i < rank; ++i) {
      fo += idx[i] * fs[i];
      to_off += idx[i] * ts[i];
    }
    to[to_off] = convert(from[fo]);
    for (int i = rank - 1; i >= 0; --i) {
      if (++idx[i] < box[i]) break;
      idx[i] = 0;
    }
  }
}

template <typename T>
std::vector<Complex> ToComplexDouble(const T* p, int64_t n) {
  std::vector<Complex> out(n);
  for (int64_t i = 0; i < n; ++i) out[i] = Complex(p[i]);
  return out;
}

std::string NormAttr(const KernelContext& ctx) { return ctx.Attr<std::string>(kNormalization); }

// ---- fft_c2c ----

void C2CInferShape(InferShapeContext& ctx) {
  Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), ctx.InputDim(0).rank());
  SameShape(ctx, 0, 0);
}

// `flip`: the gradient (the other direction, the forward's scale).
template <typename R, bool kFlip>
void C2CKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DDim& d = x.dims();
  const std::vector<int> axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), d.rank());
  const bool forward = ctx.Attr<bool>(kForward);
  std::vector<Complex> buf = ToComplexDouble(x.data<std::complex<R>>(), x.numel());
  TransformAxes(buf.data(), d, axes, kFlip ? !forward : forward);
  const double s = NormScale(NormAttr(ctx), forward, SignalSize(d, axes));
  std::complex<R>* out = ctx.Output(0)->MutableData<std::complex<R>>(ctx.place());
  for (size_t i = 0; i < buf.size(); ++i) out[i] = std::complex<R>(buf[i] * s);
}

void Attrs(OpDefBuilder& op) {
  op.RequiredAttr<std::vector<int64_t>>(kAxes, "axes", "The axes to transform, each once.",
                                        "要变换的轴，每个只出现一次。")
      .RequiredAttr<std::string>(kNormalization, "normalization",
                                 "\"backward\" (the inverse scaled by 1/n), \"forward\" (the "
                                 "forward transform scaled by 1/n) or \"ortho\" (both by "
                                 "1/sqrt(n)); n is the product of the signal sizes.",
                                 "\"backward\"（逆变换乘以 1/n）、\"forward\"（正变换乘以 1/n）"
                                 "或 \"ortho\"（两者都乘以 1/sqrt(n)）；n 为各变换轴长度之积。")
      .OneOf({"backward", "forward", "ortho"})
      .RequiredAttr<bool>(kForward, "forward",
                          "True for exp(-2 pi i jk / n) (the forward transform), False for the "
                          "inverse's exp(+2 pi i jk / n).",
                          "True 表示使用 exp(-2 pi i jk / n)（正变换），False 表示使用逆变换的 "
                          "exp(+2 pi i jk / n)。");
}

PD_REGISTER_OP(fft_c2c)
    .Doc("The complex-to-complex discrete Fourier transform of X over `axes`.",
         "复数张量 X 沿 axes 的复数到复数离散傅里叶变换。")
    .Input(0, "X", "The complex input (complex64 or complex128).", "复数输入（complex64 或 complex128）。")
    .Output(0, "Out", "The transform, X's shape and dtype.", "变换结果，形状与数据类型同 X。")
    .Apply(Attrs)
    .InferShape(C2CInferShape)
    .CpuKernel<complex64>(C2CKernel<float, false>)
    .CpuKernel<complex128>(C2CKernel<double, false>)
    .Grad()
    .OutputGrad(0, "Out")
    .InputGrad(0, "X")
    .InferShape(C2CInferShape)
    .CpuKernel<complex64>(C2CKernel<float, true>)
    .CpuKernel<complex128>(C2CKernel<double, true>);

// ---- fft_r2c: real X, complex Out (the last axis halved + 1 when onesided) ----

DDim R2COutDims(const DDim& x, const std::vector<int>& axes, bool onesided) {
  DDim out = x;
  if (onesided && x[axes.back()] >= 0) out[axes.back()] = x[axes.back()] / 2 + 1;
  return out;
}

void R2CInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), x.rank());
  ctx.SetOutputDim(0, R2COutDims(x, axes, ctx.Attr<bool>(kFourth)));
  ctx.SetOutputDtype(0, ComplexDtypeOf(ctx.InputDtype(0)));
  ctx.ShareLoD(0, 0);
}

template <typename R>
void R2CKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DDim& d = x.dims();
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), d.rank());
  const bool forward = ctx.Attr<bool>(kForward);
  std::vector<Complex> buf = ToComplexDouble(x.data<R>(), x.numel());
  TransformAxes(buf.data(), d, axes, forward);
  const double s = NormScale(NormAttr(ctx), forward, SignalSize(d, axes));
  DenseTensor* out = ctx.Output(0);
  std::complex<R>* o = out->MutableData<std::complex<R>>(ctx.place());
  CopyBox(buf.data(), d, o, out->dims(), [s](Complex v) { return std::complex<R>(v * s); });
}

// The gradients of fft_r2c and fft_c2r read X (for its shape) and Out@GRAD.
enum GradIn { kGradX, kGradOutGrad };

// X@GRAD: X's shape, the dtype `to` makes of Out@GRAD's.
template <DataType (*kTo)(DataType)>
void GradInferShape(InferShapeContext& ctx) {
  SameShape(ctx, kGradX, 0);
  ctx.SetOutputDtype(0, kTo(ctx.InputDtype(kGradOutGrad)));
}

// dX = real(the other transform of dOut zero-padded to X's shape).
template <typename R>
void R2CGradKernel(KernelContext& ctx) {
  const DDim& d = ctx.Input(kGradX).dims();
  const DenseTensor& g = ctx.Input(kGradOutGrad);
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), d.rank());
  const bool forward = ctx.Attr<bool>(kForward);
  std::vector<Complex> buf(d.numel(), Complex(0));
  CopyBox(g.data<std::complex<R>>(), g.dims(), buf.data(), d,
          [](std::complex<R> v) { return Complex(v); });
  TransformAxes(buf.data(), d, axes, !forward);
  const double s = NormScale(NormAttr(ctx), forward, SignalSize(d, axes));
  R* dx = ctx.Output(0)->MutableData<R>(ctx.place());
  for (int64_t i = 0; i < d.numel(); ++i) dx[i] = static_cast<R>(buf[i].real() * s);
}

PD_REGISTER_OP(fft_r2c)
    .Doc("The discrete Fourier transform of a real X over `axes`; with `onesided`, only the "
         "first n / 2 + 1 entries of the last axis (the rest are their conjugates).",
         "实数张量 X 沿 axes 的离散傅里叶变换；onesided 为真时最后一个轴只保留前 n / 2 + 1 "
         "项（其余为它们的共轭）。")
    .Input(0, "X", "The real input (float32 or float64).", "实数输入（float32 或 float64）。")
    .Output(0, "Out", "The complex transform (complex64 for float32, complex128 for float64).",
            "复数变换结果（float32 对应 complex64，float64 对应 complex128）。")
    .Apply(Attrs)
    .RequiredAttr<bool>(kFourth, "onesided",
                        "Keep only the first n / 2 + 1 entries of the last axis in `axes`.",
                        "axes 中最后一个轴只保留前 n / 2 + 1 项。")
    .InferShape(R2CInferShape)
    .CpuKernel<float>(R2CKernel<float>)
    .CpuKernel<double>(R2CKernel<double>)
    .Grad()
    .Reads(kGradX, "X")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(0, "X")
    .InferShape(GradInferShape<RealDtypeOf>)
    .CpuKernel<complex64>(R2CGradKernel<float>)
    .CpuKernel<complex128>(R2CGradKernel<double>);

// ---- fft_c2r: X holds the first entries of a Hermitian-symmetric signal along
// the last axis; Out is the real transform of length last_dim_size (or 2 (n - 1)) ----

DDim C2ROutDims(const DDim& x, const std::vector<int>& axes, int64_t last_dim_size) {
  DDim out = x;
  const int a = axes.back();
  if (last_dim_size > 0) out[a] = last_dim_size;
  else if (x[a] >= 0) out[a] = 2 * (x[a] - 1);
  return out;
}

void C2RInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), x.rank());
  const int64_t last = ctx.Attr<int64_t>(kFourth);
  PD_CHECK(last >= 0, InvalidArgument, "[", ctx.op_type(),
           "] expected last_dim_size >= 0 (0: 2 * (n - 1)), got ", last);
  const DDim out = C2ROutDims(x, axes, last);
  PD_CHECK(out[axes.back()] != 0 && !(out[axes.back()] < 0 && x[axes.back()] >= 0),
           InvalidArgument, "[", ctx.op_type(), "] the output length along axis ", axes.back(),
           " is ", out[axes.back()], ": give last_dim_size >= 1 or an input of size >= 2 there");
  ctx.SetOutputDim(0, out);
  ctx.SetOutputDtype(0, RealDtypeOf(ctx.InputDtype(0)));
  ctx.ShareLoD(0, 0);
}

// The full signal of length len from its first entries `half` (a line with stride 1).
void HermitianExtend(const Complex* half, int64_t nh, Complex* full, int64_t len) {
  for (int64_t k = 0; k < len; ++k) {
    if (k <= len / 2) {
      full[k] = k < nh ? half[k] : Complex(0);
    } else {
      const int64_t j = len - k;
      full[k] = j < nh ? std::conj(half[j]) : Complex(0);
    }
  }
}

// Moves `axis` of a buffer of shape d to the end (lines along it become
// contiguous) or back (inverse).
std::vector<Complex> MoveAxis(const std::vector<Complex>& in, const DDim& d, int axis,
                              bool to_end) {
  int64_t inner = 1;
  for (int i = axis + 1; i < d.rank(); ++i) inner *= d[i];
  const int64_t len = d[axis], outer = d.numel() / std::max<int64_t>(1, len * inner);
  std::vector<Complex> out(in.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < len; ++k)
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t a = (o * len + k) * inner + i, b = (o * inner + i) * len + k;
        if (to_end) out[b] = in[a];
        else out[a] = in[b];
      }
  return out;
}

template <typename R>
void C2RKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DDim& xd = x.dims();
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), xd.rank());
  const bool forward = ctx.Attr<bool>(kForward);
  DenseTensor* out = ctx.Output(0);
  const DDim& od = out->dims();
  const int last = axes.back();
  std::vector<Complex> buf = ToComplexDouble(x.data<std::complex<R>>(), x.numel());
  TransformAxes(buf.data(), xd, std::vector<int>(axes.begin(), axes.end() - 1), forward);
  // Lines along the last axis, made contiguous, extended, transformed.
  const std::vector<Complex> lines = MoveAxis(buf, xd, last, true);
  const int64_t nh = xd[last], len = od[last], count = xd.numel() / std::max<int64_t>(1, nh);
  std::vector<Complex> full(count * len);
  for (int64_t l = 0; l < count; ++l)
    HermitianExtend(lines.data() + l * nh, nh, full.data() + l * len, len);
  std::vector<int64_t> md;  // od with `last` moved to the end
  for (int i = 0; i < od.rank(); ++i)
    if (i != last) md.push_back(od[i]);
  md.push_back(len);
  const DDim moved(md);
  TransformAxis(full.data(), moved, moved.rank() - 1, forward);
  const std::vector<Complex> result = MoveAxis(full, od, last, false);
  const double s = NormScale(NormAttr(ctx), forward, SignalSize(od, axes));
  R* o = out->MutableData<R>(ctx.place());
  for (int64_t i = 0; i < od.numel(); ++i) o[i] = static_cast<R>(result[i].real() * s);
}

// The adjoint: the other transform of dOut, cropped to X's entries, those
// that stand for two entries of the full signal (k and len - k) doubled.
template <typename R>
void C2RGradKernel(KernelContext& ctx) {
  const DDim& xd = ctx.Input(kGradX).dims();
  const DenseTensor& g = ctx.Input(kGradOutGrad);
  const DDim& od = g.dims();
  const auto axes = Axes(ctx.op_type(), ctx.Attr<std::vector<int64_t>>(kAxes), xd.rank());
  const bool forward = ctx.Attr<bool>(kForward);
  const int last = axes.back();
  std::vector<Complex> buf = ToComplexDouble(g.data<R>(), g.numel());
  TransformAxes(buf.data(), od, axes, !forward);
  const double s = NormScale(NormAttr(ctx), forward, SignalSize(od, axes));
  std::complex<R>* dx = ctx.Output(0)->MutableData<std::complex<R>>(ctx.place());
  std::fill(dx, dx + xd.numel(), std::complex<R>(0));
  const int64_t len = od[last];
  int64_t inner = 1;
  for (int i = last + 1; i < xd.rank(); ++i) inner *= xd[i];
  CopyBox(buf.data(), od, dx, xd, [s](Complex v) { return std::complex<R>(v * s); });
  for (int64_t i = 0; i < xd.numel(); ++i) {
    const int64_t k = (i / inner) % xd[last];
    if (k > len / 2) dx[i] = std::complex<R>(0);
    else if (k >= 1 && len - k > len / 2) dx[i] *= R(2);
  }
}

PD_REGISTER_OP(fft_c2r)
    .Doc("The real inverse of fft_r2c: X holds the first entries of a Hermitian-symmetric "
         "signal along the last axis in `axes`; Out is real, of length last_dim_size there "
         "(0: 2 * (n - 1)).",
         "fft_r2c 的实数逆变换：X 在 axes 的最后一个轴上存放共轭对称信号的前若干项；Out 为实数，"
         "该轴长度为 last_dim_size（0 表示 2 * (n - 1)）。")
    .Input(0, "X", "The complex input (complex64 or complex128).", "复数输入（complex64 或 complex128）。")
    .Output(0, "Out", "The real transform (float32 for complex64, float64 for complex128).",
            "实数变换结果（complex64 对应 float32，complex128 对应 float64）。")
    .Apply(Attrs)
    .Attr<int64_t>(kFourth, "last_dim_size", 0,
                   "The output length along the last axis in `axes`; 0 means 2 * (n - 1).",
                   "输出在 axes 最后一个轴上的长度；0 表示 2 * (n - 1)。")
    .InferShape(C2RInferShape)
    .CpuKernel<complex64>(C2RKernel<float>)
    .CpuKernel<complex128>(C2RKernel<double>)
    .Grad()
    .Reads(kGradX, "X")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(0, "X")
    .InferShape(GradInferShape<ComplexDtypeOf>)
    .CpuKernel<float>(C2RGradKernel<float>)
    .CpuKernel<double>(C2RGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
