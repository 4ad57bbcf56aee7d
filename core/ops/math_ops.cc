// Unary ops with their own structure: scale, clip and pow (which may take
// their scalar from a tensor), cast (changes the element type), assign,
// fill_any_like and shape.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// Element 0 of a one-element float tensor input (ScaleTensor, Min, ...).
float ScalarInput(const KernelContext& ctx, int slot) {
  const DenseTensor& t = ctx.Input(slot);
  PD_CHECK(t.numel() == 1, InvalidArgument, "[", ctx.op_type(), "] input '",
           ctx.def().inputs[slot].name, "' must hold one element, got shape ", t.dims().ToString());
  return FloatElement(ctx, slot);
}

// The attribute `attr`, or the tensor `slot` when it is given.
float ScalarArg(const KernelContext& ctx, int slot, int attr) {
  return ctx.HasInput(slot) ? ScalarInput(ctx, slot) : ctx.Attr<float>(attr);
}

template <typename T, typename F>
void MapInto(KernelContext& ctx, int in, int out, const F& f) {
  const DenseTensor& x = ctx.Input(in);
  const T* xp = x.data<T>();
  T* o = ctx.Output(out)->MutableData<T>(ctx.place());
  ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) { MapLoop(f, xp + lo, o + lo, hi - lo); });
}

void SameShapeAsFirst(InferShapeContext& ctx) { SameShape(ctx, 0, 0); }

// ---- scale ----

enum ScaleIn { kScaleX, kScaleTensor, kBiasTensor };
enum ScaleAttr { kScale, kBias, kBiasAfterScale };

template <typename T>
void ScaleKernel(KernelContext& ctx) {
  const T s = static_cast<T>(ScalarArg(ctx, kScaleTensor, kScale));
  const T b = static_cast<T>(ScalarArg(ctx, kBiasTensor, kBias));
  if (ctx.Attr<bool>(kBiasAfterScale)) {
    MapInto<T>(ctx, kScaleX, 0, [s, b](T x) { return s * x + b; });
  } else {
    MapInto<T>(ctx, kScaleX, 0, [s, b](T x) { return s * (x + b); });
  }
}

// As PaddlePaddle: the gradient is a scale op on Out@GRAD, same scale, no bias.
std::vector<GradOpDesc> ScaleGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "scale";
  g.inputs["X"] = {GradVarName(fwd.Output("Out").at(0))};
  if (!fwd.Input("ScaleTensor").empty()) g.inputs["ScaleTensor"] = fwd.Input("ScaleTensor");
  g.outputs["Out"] = {GradVarName(fwd.Input("X").at(0))};
  g.attrs = fwd.GetAttrMap();
  g.attrs["bias"] = 0.0f;
  g.attrs["bias_after_scale"] = true;
  return {std::move(g)};
}

// ---- clip ----

enum ClipIn { kClipX, kMin, kMax };
enum ClipAttr { kMinAttr, kMaxAttr };
enum ClipGradIn { kGradX, kGradMin, kGradMax, kGradOutGrad };
enum ClipGradOut { kGradXGrad };

template <typename T>
void ClipKernel(KernelContext& ctx) {
  const T lo = static_cast<T>(ScalarArg(ctx, kMin, kMinAttr));
  const T hi = static_cast<T>(ScalarArg(ctx, kMax, kMaxAttr));
  PD_CHECK(!(lo > hi), InvalidArgument, "[", ctx.op_type(), "] min ", lo, " must not exceed max ",
           hi);
  MapInto<T>(ctx, kClipX, 0, [lo, hi](T x) { return std::min(std::max(x, lo), hi); });
}

// X@GRAD = Out@GRAD where min < X < max, else 0.
template <typename T>
void ClipGradKernel(KernelContext& ctx) {
  const T lo = static_cast<T>(ScalarArg(ctx, kGradMin, kMinAttr));
  const T hi = static_cast<T>(ScalarArg(ctx, kGradMax, kMaxAttr));
  const DenseTensor& x = ctx.Input(kGradX);
  const T* xp = x.data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  ParallelFor(x.numel(), [&](int64_t b, int64_t e) {
    ZipLoop([lo, hi](T v, T d) { return v > lo && v < hi ? d : T(0); }, xp + b, g + b, dx + b,
            e - b);
  });
}

void ClipGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradX, kGradOutGrad);
  GradShapeLike(ctx, kGradX, kGradXGrad);
}

// ---- pow ----

enum PowIn { kPowX, kFactorTensor };
enum PowAttr { kFactor };
enum PowGradIn { kPowGradX, kPowGradFactor, kPowGradOutGrad };
enum PowGradOut { kPowGradXGrad };

template <typename T>
void PowKernel(KernelContext& ctx) {
  const T p = static_cast<T>(ScalarArg(ctx, kFactorTensor, kFactor));
  MapInto<T>(ctx, kPowX, 0, [p](T x) { return std::pow(x, p); });
}

template <typename T>
void PowGradKernel(KernelContext& ctx) {
  const T p = static_cast<T>(ScalarArg(ctx, kPowGradFactor, kFactor));
  const DenseTensor& x = ctx.Input(kPowGradX);
  const T* xp = x.data<T>();
  const T* g = ctx.Input(kPowGradOutGrad).data<T>();
  T* dx = ctx.Output(kPowGradXGrad)->MutableData<T>(ctx.place());
  ParallelFor(x.numel(), [&](int64_t b, int64_t e) {
    ZipLoop([p](T v, T d) { return d * p * std::pow(v, p - T(1)); }, xp + b, g + b, dx + b, e - b);
  });
}

void PowGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kPowGradX, kPowGradOutGrad);
  GradShapeLike(ctx, kPowGradX, kPowGradXGrad);
}

// ---- cast ----

enum CastAttr { kOutDtype, kInDtype };

void CastInferShape(InferShapeContext& ctx) {
  SameShape(ctx, 0, 0);
  ctx.SetOutputDtype(0, DataTypeFromCode(ctx.Attr<int32_t>(kOutDtype),
                                         "[" + ctx.op_type() + "] attribute 'out_dtype'"));
}

// Converts n elements; 16-bit floats go through float.
template <typename From, typename To>
void Convert(const void* in, void* out, int64_t n) {
  const From* s = static_cast<const From*>(in);
  To* d = static_cast<To*>(out);
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (kIsComplex<From> && !kIsComplex<To> && !std::is_same_v<To, bool>) {
      const RealOfT<From> re = s[i].real();  // complex to real keeps the real part
      Convert<RealOfT<From>, To>(&re, d + i, 1);
    } else if constexpr (kIsComplex<To> && !kIsComplex<From>) {
      RealOfT<To> re;
      Convert<From, RealOfT<To>>(s + i, &re, 1);
      d[i] = To(re, RealOfT<To>(0));
    } else if constexpr (std::is_same_v<From, float16> || std::is_same_v<From, bfloat16>) {
      d[i] = static_cast<To>(static_cast<float>(s[i]));
    } else if constexpr (std::is_same_v<To, float16> || std::is_same_v<To, bfloat16>) {
      d[i] = To(static_cast<float>(s[i]));
    } else if constexpr (std::is_same_v<To, bool>) {
      d[i] = s[i] != From(0);
    } else {
      d[i] = static_cast<To>(s[i]);
    }
  }
}

// Calls fn(T{}) with T the C++ type of `t`.
template <typename Fn>
void VisitType(const std::string& op, DataType t, Fn&& fn) {
  switch (t) {
    case DataType::kBool: return fn(bool{});
    case DataType::kInt8: return fn(int8_t{});
    case DataType::kUInt8: return fn(uint8_t{});
    case DataType::kInt16: return fn(int16_t{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kInt64: return fn(int64_t{});
    case DataType::kFloat16: return fn(float16{});
    case DataType::kBFloat16: return fn(bfloat16{});
    case DataType::kFloat32: return fn(float{});
    case DataType::kFloat64: return fn(double{});
    case DataType::kComplex64: return fn(complex64{});
    case DataType::kComplex128: return fn(complex128{});
    default: PD_THROW(Unimplemented, "[", op, "] cannot convert ", DataTypeName(t));
  }
}

void CastKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DataType to = DataTypeFromCode(ctx.Attr<int32_t>(kOutDtype), "[" + ctx.op_type() + "] attribute 'out_dtype'");
  void* out = ctx.Output(0)->MutableData(ctx.place(), to);
  VisitType(ctx.op_type(), x.dtype(), [&](auto from) {
    VisitType(ctx.op_type(), to, [&](auto dst) {
      Convert<decltype(from), decltype(dst)>(x.data(), out, x.numel());
    });
  });
}

// As PaddlePaddle: the gradient casts Out@GRAD back to the input's type.
std::vector<GradOpDesc> CastGradMaker(const OpDesc& fwd) {
  const AttributeMap attrs = fwd.GetAttrMap();
  GradOpDesc g;
  g.type = "cast";
  g.inputs["X"] = {GradVarName(fwd.Output("Out").at(0))};
  g.outputs["Out"] = {GradVarName(fwd.Input("X").at(0))};
  g.attrs = attrs;
  if (attrs.count("in_dtype")) g.attrs["out_dtype"] = attrs.at("in_dtype");
  if (attrs.count("out_dtype")) g.attrs["in_dtype"] = attrs.at("out_dtype");
  return {std::move(g)};
}

// ---- assign, fill_any_like, shape ----

void CopyKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  void* dst = ctx.Output(0)->MutableData(ctx.place(), x.dtype());
  if (dst != x.data() && x.nbytes()) std::memcpy(dst, x.data(), x.nbytes());
}

std::vector<GradOpDesc> AssignGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "assign";
  g.inputs["X"] = {GradVarName(fwd.Output("Out").at(0))};
  g.outputs["Out"] = {GradVarName(fwd.Input("X").at(0))};
  return {std::move(g)};
}

enum FillAttr { kValue, kFillDtype };

DataType FillDtype(int32_t code, DataType like, const std::string& op) {
  return code < 0 ? like : DataTypeFromCode(code, "[" + op + "] attribute 'dtype'");
}

void FillAnyLikeInferShape(InferShapeContext& ctx) {
  SameShape(ctx, 0, 0);
  ctx.SetOutputDtype(0, FillDtype(ctx.Attr<int32_t>(kFillDtype), ctx.InputDtype(0), ctx.op_type()));
}

void FillAnyLikeKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DataType t = FillDtype(ctx.Attr<int32_t>(kFillDtype), x.dtype(), ctx.op_type());
  void* out = ctx.Output(0)->MutableData(ctx.place(), t);
  const double value = ctx.Attr<float>(kValue);
  VisitType(ctx.op_type(), t, [&](auto tag) {
    using T = decltype(tag);
    Convert<double, T>(std::vector<double>(static_cast<size_t>(x.numel()), value).data(), out,
                       x.numel());
  });
}

void ShapeInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, DDim{ctx.InputDim(0).rank()});
  ctx.SetOutputDtype(0, DataType::kInt32);
}

void ShapeKernel(KernelContext& ctx) {
  const DDim& d = ctx.Input(0).dims();
  int32_t* out = ctx.Output(0)->MutableData<int32_t>(ctx.place());
  for (int i = 0; i < d.rank(); ++i) {
    PD_CHECK(d[i] <= INT32_MAX, InvalidArgument, "[", ctx.op_type(), "] dim ", i, " of ",
             d.ToString(), " does not fit the int32 output");
    out[i] = static_cast<int32_t>(d[i]);
  }
}

PD_REGISTER_OP(scale)
    .Doc("Out = scale * X + bias (bias_after_scale) or scale * (X + bias); scale and bias may "
         "come from one-element tensors.",
         "Out = scale * X + bias（bias_after_scale 为真）或 scale * (X + bias)；scale 与 bias "
         "可以取自单元素张量。")
    .Input(kScaleX, "X", "The input tensor.", "输入张量。")
    .Input(kScaleTensor, "ScaleTensor", "Optional one-element tensor overriding `scale`.",
           "可选的单元素张量，取代 scale 属性。")
    .Dispensable()
    .Input(kBiasTensor, "BiasTensor", "Optional one-element tensor overriding `bias`.",
           "可选的单元素张量，取代 bias 属性。")
    .Dispensable()
    .Output(0, "Out", "The scaled tensor, same shape as X.", "缩放后的张量，形状同 X。")
    .Attr<float>(kScale, "scale", 1.0f, "The factor.", "缩放系数。")
    .Attr<float>(kBias, "bias", 0.0f, "The offset.", "偏移量。")
    .Attr<bool>(kBiasAfterScale, "bias_after_scale", true,
                "Add the bias after scaling (else before).", "缩放之后再加偏移（否则在缩放之前加）。")
    .InferShape(SameShapeAsFirst)
    .Inplace("X", "Out")
    .GradMaker(ScaleGradMaker)
    .CpuKernel<float>(ScaleKernel<float>)
    .CpuKernel<double>(ScaleKernel<double>)
    .CpuKernel<int32_t>(ScaleKernel<int32_t>)
    .CpuKernel<int64_t>(ScaleKernel<int64_t>)
    .CpuKernel<complex64>(ScaleKernel<complex64>)
    .CpuKernel<complex128>(ScaleKernel<complex128>);

PD_REGISTER_OP(clip)
    .Doc("Clamps X into [min, max]; min and max may come from one-element tensors.",
         "把 X 截断到 [min, max] 区间；min 与 max 可以取自单元素张量。")
    .Input(kClipX, "X", "The input tensor.", "输入张量。")
    .Input(kMin, "Min", "Optional one-element tensor overriding `min`.", "可选的单元素张量，取代 min 属性。")
    .Dispensable()
    .Input(kMax, "Max", "Optional one-element tensor overriding `max`.", "可选的单元素张量，取代 max 属性。")
    .Dispensable()
    .Output(0, "Out", "X clamped, same shape as X.", "截断后的 X，形状同 X。")
    .RequiredAttr<float>(kMinAttr, "min", "The lower bound.", "下界。")
    .RequiredAttr<float>(kMaxAttr, "max", "The upper bound (not below min).", "上界（不小于下界）。")
    .InferShape(SameShapeAsFirst)
    .Inplace("X", "Out")
    .CpuKernel<float>(ClipKernel<float>)
    .CpuKernel<double>(ClipKernel<double>)
    .Grad()
    .Doc("Gradient of clip: X@GRAD = Out@GRAD where min < X < max, else 0.",
         "clip 的梯度：min < X < max 处 X@GRAD = Out@GRAD，其余为 0。")
    .Reads(kGradX, "X")
    .Reads(kGradMin, "Min")
    .Reads(kGradMax, "Max")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(ClipGradInferShape)
    .CpuKernel<float>(ClipGradKernel<float>)
    .CpuKernel<double>(ClipGradKernel<double>);

PD_REGISTER_OP(pow)
    .Doc("Out = X ^ factor elementwise; the factor may come from a one-element tensor.",
         "逐元素计算 Out = X ^ factor；factor 可以取自单元素张量。")
    .Input(kPowX, "X", "The base.", "底数。")
    .Input(kFactorTensor, "FactorTensor", "Optional one-element tensor overriding `factor`.",
           "可选的单元素张量，取代 factor 属性。")
    .Dispensable()
    .Output(0, "Out", "X ^ factor, same shape as X.", "X ^ factor，形状同 X。")
    .Attr<float>(kFactor, "factor", 1.0f, "The exponent.", "指数。")
    .InferShape(SameShapeAsFirst)
    .Inplace("X", "Out")
    .CpuKernel<float>(PowKernel<float>)
    .CpuKernel<double>(PowKernel<double>)
    .Grad()
    .Doc("Gradient of pow: X@GRAD = factor * X ^ (factor - 1) * Out@GRAD.",
         "pow 的梯度：X@GRAD = factor * X ^ (factor - 1) * Out@GRAD。")
    .Reads(kPowGradX, "X")
    .Reads(kPowGradFactor, "FactorTensor")
    .OutputGrad(kPowGradOutGrad, "Out")
    .InputGrad(kPowGradXGrad, "X")
    .InferShape(PowGradInferShape)
    .CpuKernel<float>(PowGradKernel<float>)
    .CpuKernel<double>(PowGradKernel<double>);

PD_REGISTER_OP(cast)
    .Doc("Converts X's elements to out_dtype (a VarType code): floats to integers truncate "
         "toward zero, anything to bool is `!= 0`.",
         "把 X 的元素转换为 out_dtype（VarType 编码）：浮点数转整数向零截断，转 bool 即"
         "“不等于 0”。")
    .Input(0, "X", "The tensor to convert.", "要转换的张量。")
    .Output(0, "Out", "X's values as out_dtype, same shape.", "转换为 out_dtype 的 X，形状相同。")
    .RequiredAttr<int32_t>(kOutDtype, "out_dtype", "The element type of Out (VarType code).",
                           "Out 的元素类型（VarType 编码）。")
    .RequiredAttr<int32_t>(kInDtype, "in_dtype", "The element type of X (VarType code).",
                           "X 的元素类型（VarType 编码）。")
    .InferShape(CastInferShape)
    .GradMaker(CastGradMaker)
    .CpuKernelForAllTypes(CastKernel);

PD_REGISTER_OP(assign)
    .Doc("Copies X into Out.", "把 X 复制到 Out。")
    .Input(0, "X", "The tensor to copy.", "要复制的张量。")
    .Dispensable()
    .Output(0, "Out", "A copy of X.", "X 的副本。")
    .InferShape(SameShapeAsFirst)
    .Inplace("X", "Out")
    .GradMaker(AssignGradMaker)
    .CpuKernelForAllTypes(CopyKernel);

PD_REGISTER_OP(fill_any_like)
    .Doc("A tensor of X's shape filled with `value`, of X's type or `dtype`.",
         "形状与 X 相同、以 value 填充的张量，类型为 X 的类型或 dtype 指定的类型。")
    .Input(0, "X", "The tensor whose shape to take.", "提供形状的张量。")
    .Output(0, "Out", "The filled tensor.", "填充后的张量。")
    .Attr<float>(kValue, "value", 0.0f, "The fill value.", "填充值。")
    .Attr<int32_t>(kFillDtype, "dtype", -1, "Out's element type (VarType code); -1: X's.",
                   "Out 的元素类型（VarType 编码）；-1 表示与 X 相同。")
    .InferShape(FillAnyLikeInferShape)
    .CpuKernelForAllTypes(FillAnyLikeKernel);

PD_REGISTER_OP(shape)
    .Doc("The shape of Input as a 1-D int32 tensor.", "以一维 int32 张量给出 Input 的形状。")
    .Input(0, "Input", "The tensor whose shape to give.", "要取形状的张量。")
    .Output(0, "Out", "Input's dims, [rank] int32.", "Input 的各维大小，[rank] 个 int32。")
    .InferShape(ShapeInferShape)
    .CpuKernelForAllTypes(ShapeKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
