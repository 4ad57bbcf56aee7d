// Ops between complex and real tensors: real, imag, complex, conj, angle,
// as_complex, as_real. Gradients follow PaddlePaddle's convention
// (complex_util.h): a real result r of complex z sends dOut * (dr/da + i dr/db)
// back to z = a + ib; a complex result sends its gradient's parts to the real
// inputs that made them.
#include <cmath>
#include <complex>
#include <cstring>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/broadcast.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

void CheckComplexInput(InferShapeContext& ctx, int slot, const char* name) {
  const DataType t = ctx.InputDtype(slot);
  PD_CHECK(IsComplexDtype(t), InvalidArgument, "[", ctx.op_type(), "] expected ", name,
           " of complex64 or complex128, got ", DataTypeName(t));
}

void CheckRealInput(InferShapeContext& ctx, int slot, const char* name) {
  const DataType t = ctx.InputDtype(slot);
  PD_CHECK(t == DataType::kFloat32 || t == DataType::kFloat64, InvalidArgument, "[",
           ctx.op_type(), "] expected ", name, " of float32 or float64, got ", DataTypeName(t));
}

// ---- real, imag: X complex -> Out real; dX = dOut (real) or i dOut (imag) ----

void PartInferShape(InferShapeContext& ctx) {
  CheckComplexInput(ctx, 0, "X");
  SameShape(ctx, 0, 0);
  ctx.SetOutputDtype(0, RealDtypeOf(ctx.InputDtype(0)));
}

void PartGradInferShape(InferShapeContext& ctx) {
  SameShape(ctx, 0, 0);
  ctx.SetOutputDtype(0, ComplexDtypeOf(ctx.InputDtype(0)));
}

template <bool kImag, typename R>
void PartKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const std::complex<R>* in = x.data<std::complex<R>>();
  R* out = ctx.Output(0)->MutableData<R>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) out[i] = kImag ? in[i].imag() : in[i].real();
}

// Kernel dtype from Out@GRAD: R.
template <bool kImag, typename R>
void PartGradKernel(KernelContext& ctx) {
  const DenseTensor& g = ctx.Input(0);
  const R* in = g.data<R>();
  std::complex<R>* dx = ctx.Output(0)->MutableData<std::complex<R>>(ctx.place());
  for (int64_t i = 0; i < g.numel(); ++i)
    dx[i] = kImag ? std::complex<R>(R(0), in[i]) : std::complex<R>(in[i], R(0));
}

template <bool kImag>
void PartOp(OpDefBuilder& op) {
  op.Input(0, "X", "The complex input tensor.", "复数输入张量。")
      .Output(0, "Out", "The real tensor of X's shape (float32 for complex64, float64 for "
                        "complex128).",
              "形状同 X 的实数张量（complex64 对应 float32，complex128 对应 float64）。")
      .InferShape(PartInferShape)
      .template CpuKernel<complex64>(PartKernel<kImag, float>)
      .template CpuKernel<complex128>(PartKernel<kImag, double>)
      .Grad()
      .OutputGrad(0, "Out")
      .InputGrad(0, "X")
      .InferShape(PartGradInferShape)
      .template CpuKernel<float>(PartGradKernel<kImag, float>)
      .template CpuKernel<double>(PartGradKernel<kImag, double>);
}

PD_REGISTER_OP(real)
    .Doc("The real parts of a complex tensor.", "复数张量的实部。")
    .Apply(PartOp<false>);

PD_REGISTER_OP(imag)
    .Doc("The imaginary parts of a complex tensor.", "复数张量的虚部。")
    .Apply(PartOp<true>);

// ---- complex: Out = X + iY with numpy broadcasting ----

void ComplexInferShape(InferShapeContext& ctx) {
  CheckRealInput(ctx, 0, "X");
  CheckRealInput(ctx, 1, "Y");
  PD_CHECK(ctx.InputDtype(0) == ctx.InputDtype(1), InvalidArgument, "[", ctx.op_type(),
           "] expected X and Y of one dtype, got ", DataTypeName(ctx.InputDtype(0)), " and ",
           DataTypeName(ctx.InputDtype(1)));
  ctx.SetOutputDim(0, BroadcastShape(ctx.op_type(), ctx.InputDim(0), ctx.InputDim(1), -1));
  ctx.SetOutputDtype(0, ComplexDtypeOf(ctx.InputDtype(0)));
}

template <typename R>
void ComplexKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DenseTensor& y = ctx.Input(1);
  const R* xp = x.data<R>();
  const R* yp = y.data<R>();
  std::complex<R>* o = ctx.Output(0)->MutableData<std::complex<R>>(ctx.place());
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), x.dims(), y.dims(), -1);
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    for (int64_t k = 0; k < n; ++k) o[oo + k] = std::complex<R>(xp[xo + k * xs], yp[yo + k * ys]);
  });
}

enum ComplexGradIn { kCgX, kCgY, kCgOutGrad };
enum ComplexGradOut { kCgXGrad, kCgYGrad };

void ComplexGradInferShape(InferShapeContext& ctx) {
  const DataType real = RealDtypeOf(ctx.InputDtype(kCgOutGrad));
  if (ctx.HasOutput(kCgXGrad)) {
    SameShape(ctx, kCgX, kCgXGrad);
    ctx.SetOutputDtype(kCgXGrad, real);
  }
  if (ctx.HasOutput(kCgYGrad)) {
    SameShape(ctx, kCgY, kCgYGrad);
    ctx.SetOutputDtype(kCgYGrad, real);
  }
}

// dX = real(dOut), dY = imag(dOut), each summed over the dims it was broadcast along.
template <typename R>
void ComplexGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kCgX);
  const DenseTensor& y = ctx.Input(kCgY);
  const std::complex<R>* g = ctx.Input(kCgOutGrad).data<std::complex<R>>();
  R* dx = ctx.HasOutput(kCgXGrad) ? ctx.Output(kCgXGrad)->MutableData<R>(ctx.place()) : nullptr;
  R* dy = ctx.HasOutput(kCgYGrad) ? ctx.Output(kCgYGrad)->MutableData<R>(ctx.place()) : nullptr;
  if (dx) std::fill(dx, dx + x.numel(), R(0));
  if (dy) std::fill(dy, dy + y.numel(), R(0));
  const BroadcastLoop loop = MakeBroadcastLoop(ctx.op_type(), x.dims(), y.dims(), -1);
  ForEachInnerRun(loop, [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs,
                            int64_t ys) {
    for (int64_t k = 0; k < n; ++k) {
      if (dx) dx[xo + k * xs] += g[oo + k].real();
      if (dy) dy[yo + k * ys] += g[oo + k].imag();
    }
  });
}

PD_REGISTER_OP(complex)
    .Doc("The complex tensor X + iY from real X and Y of one dtype, broadcast together as in "
         "numpy.",
         "由同一数据类型的实数 X 与 Y 组成复数张量 X + iY，二者按 numpy 规则广播。")
    .Input(0, "X", "The real parts (float32 or float64).", "实部（float32 或 float64）。")
    .Input(1, "Y", "The imaginary parts, X's dtype, broadcastable with X.",
           "虚部，数据类型同 X，可与 X 广播。")
    .Output(0, "Out", "The complex tensor of the broadcast shape.", "广播形状的复数张量。")
    .InferShape(ComplexInferShape)
    .CpuKernel<float>(ComplexKernel<float>)
    .CpuKernel<double>(ComplexKernel<double>)
    .Grad()
    .Reads(kCgX, "X")
    .Reads(kCgY, "Y")
    .OutputGrad(kCgOutGrad, "Out")
    .InputGrad(kCgXGrad, "X")
    .InputGrad(kCgYGrad, "Y")
    .InferShape(ComplexGradInferShape)
    .CpuKernel<complex64>(ComplexGradKernel<float>)
    .CpuKernel<complex128>(ComplexGradKernel<double>);

// ---- conj: its gradient is the conj of Out@GRAD ----

template <typename T>
void ConjKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const T* in = x.data<T>();
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) out[i] = Conj(in[i]);
}

// The gradient op of `forward`: `type` from Out@GRAD to X@GRAD.
GradOpDesc OutGradToXGrad(const OpDesc& fwd, const char* type) {
  GradOpDesc g;
  g.type = type;
  g.inputs["X"] = {GradVarName(fwd.Output("Out").at(0))};
  g.outputs["Out"] = {GradVarName(fwd.Input("X").at(0))};
  return g;
}

std::vector<GradOpDesc> ConjGradMaker(const OpDesc& fwd) { return {OutGradToXGrad(fwd, "conj")}; }

PD_REGISTER_OP(conj)
    .Doc("The complex conjugate, elementwise (a real tensor is returned as is).",
         "逐元素的共轭复数（实数张量原样返回）。")
    .Input(0, "X", "The input tensor.", "输入张量。")
    .Output(0, "Out", "The conjugates, X's shape and dtype.", "共轭，形状与数据类型同 X。")
    .InferShape([](InferShapeContext& ctx) { SameShape(ctx, 0, 0); })
    .Inplace("X", "Out")
    .GradMaker(ConjGradMaker)
    .CpuKernel<float>(ConjKernel<float>)
    .CpuKernel<double>(ConjKernel<double>)
    .CpuKernel<int32_t>(ConjKernel<int32_t>)
    .CpuKernel<int64_t>(ConjKernel<int64_t>)
    .CpuKernel<complex64>(ConjKernel<complex64>)
    .CpuKernel<complex128>(ConjKernel<complex128>);

// ---- angle: the argument atan2(imag, real); 0 or pi for real X ----

void AngleInferShape(InferShapeContext& ctx) {
  SameShape(ctx, 0, 0);
  const DataType t = ctx.InputDtype(0);
  if (IsComplexDtype(t)) ctx.SetOutputDtype(0, RealDtypeOf(t));
}

template <typename T>
void AngleKernel(KernelContext& ctx) {
  using R = RealOfT<T>;
  const DenseTensor& x = ctx.Input(0);
  const T* in = x.data<T>();
  R* out = ctx.Output(0)->MutableData<R>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    if constexpr (kIsComplex<T>) {
      out[i] = std::arg(in[i]);
    } else {  // numpy's angle: pi for negative numbers, 0 otherwise (NaN stays NaN)
      out[i] = in[i] < R(0) ? R(M_PI) : (std::isnan(in[i]) ? in[i] : R(0));
    }
  }
}

void AngleGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, 0, 1);
  SameShape(ctx, 0, 0);
}

// d angle(a + ib) = (-b da + a db) / |z|^2: dX = dOut * (-b + ia) / |z|^2, 0 at 0;
// a real X gets 0.
template <typename T>
void AngleGradKernel(KernelContext& ctx) {
  using R = RealOfT<T>;
  const DenseTensor& x = ctx.Input(0);
  const T* in = x.data<T>();
  const R* g = ctx.Input(1).data<R>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    if constexpr (kIsComplex<T>) {
      const R n = std::norm(in[i]);
      dx[i] = n == R(0) ? T(0) : T(-in[i].imag(), in[i].real()) * (g[i] / n);
    } else {
      dx[i] = T(0);
    }
  }
}

PD_REGISTER_OP(angle)
    .Doc("The argument (phase angle) of each element, in radians in (-pi, pi]: atan2(imag, "
         "real); for real X, pi where X < 0 and 0 elsewhere.",
         "逐元素的辐角（相位角），弧度，取值于 (-pi, pi]：atan2(虚部, 实部)；实数 X 在 X < 0 "
         "处为 pi，其余为 0。")
    .Input(0, "X", "The input tensor (float or complex).", "输入张量（浮点数或复数）。")
    .Output(0, "Out", "The angles, real, X's shape.", "辐角，实数，形状同 X。")
    .InferShape(AngleInferShape)
    .CpuKernel<float>(AngleKernel<float>)
    .CpuKernel<double>(AngleKernel<double>)
    .CpuKernel<complex64>(AngleKernel<complex64>)
    .CpuKernel<complex128>(AngleKernel<complex128>)
    .Grad()
    .Reads(0, "X")
    .OutputGrad(1, "Out")
    .InputGrad(0, "X")
    .InferShape(AngleGradInferShape)
    .KernelDtypeFrom("X")  // Out@GRAD is real for complex X
    .CpuKernel<float>(AngleGradKernel<float>)
    .CpuKernel<double>(AngleGradKernel<double>)
    .CpuKernel<complex64>(AngleGradKernel<complex64>)
    .CpuKernel<complex128>(AngleGradKernel<complex128>);

// ---- as_complex, as_real: the same bytes seen as [..., 2] reals or complexes ----

void AsComplexInferShape(InferShapeContext& ctx) {
  CheckRealInput(ctx, 0, "X");
  const DDim x = ctx.InputDim(0);
  PD_CHECK(x.rank() >= 1 && (x[x.rank() - 1] == 2 || x[x.rank() - 1] == -1), InvalidArgument,
           "[", ctx.op_type(), "] expected X with a last dim of size 2, got shape ",
           x.ToString());
  std::vector<int64_t> d = x.ToVector();
  d.pop_back();
  ctx.SetOutputDim(0, DDim(d));
  ctx.SetOutputDtype(0, ComplexDtypeOf(ctx.InputDtype(0)));
}

void AsRealInferShape(InferShapeContext& ctx) {
  CheckComplexInput(ctx, 0, "X");
  const DDim x = ctx.InputDim(0);
  std::vector<int64_t> d = x.ToVector();
  d.push_back(2);
  ctx.SetOutputDim(0, DDim(d));
  ctx.SetOutputDtype(0, RealDtypeOf(ctx.InputDtype(0)));
}

void CopyBytesKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  DenseTensor* out = ctx.Output(0);
  void* dst = out->MutableData(ctx.place(), out->dtype());
  std::memcpy(dst, x.data(), x.numel() * SizeOf(x.dtype()));
}

std::vector<GradOpDesc> AsComplexGradMaker(const OpDesc& fwd) {
  return {OutGradToXGrad(fwd, "as_real")};
}
std::vector<GradOpDesc> AsRealGradMaker(const OpDesc& fwd) {
  return {OutGradToXGrad(fwd, "as_complex")};
}

PD_REGISTER_OP(as_complex)
    .Doc("A real tensor [..., 2] read as complex numbers [...]: the last dim holds (real, imag).",
         "把实数张量 [..., 2] 看作复数 [...]：最后一维存放（实部, 虚部）。")
    .Input(0, "X", "The real tensor, float32 or float64, last dim 2.",
           "实数张量，float32 或 float64，最后一维大小为 2。")
    .Output(0, "Out", "The complex tensor, X's shape without its last dim.",
            "复数张量，形状为 X 去掉最后一维。")
    .InferShape(AsComplexInferShape)
    .GradMaker(AsComplexGradMaker)
    .CpuKernel<float>(CopyBytesKernel)
    .CpuKernel<double>(CopyBytesKernel);

PD_REGISTER_OP(as_real)
    .Doc("A complex tensor [...] read as real pairs [..., 2] of (real, imag).",
         "把复数张量 [...] 看作（实部, 虚部）组成的实数张量 [..., 2]。")
    .Input(0, "X", "The complex tensor.", "复数张量。")
    .Output(0, "Out", "The real tensor, X's shape with a last dim of 2.",
            "实数张量，形状为 X 的形状再加大小为 2 的最后一维。")
    .InferShape(AsRealInferShape)
    .GradMaker(AsRealGradMaker)
    .CpuKernel<complex64>(CopyBytesKernel)
    .CpuKernel<complex128>(CopyBytesKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
