// Ops that write into a copy of their input by index: scatter_nd_add (slices
// at coordinate tuples, added) and put_along_axis (elements along one axis,
// assigned or reduced). Every index is checked against its bound.
#include <algorithm>
#include <limits>
#include <type_traits>

#include "core/base/enforce.h"
#include "core/ops/index_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Out starts as X's copy (nothing to copy when the memory plan gave Out X's buffer).
template <typename T>
T* CopyOf(KernelContext& ctx, const DenseTensor& x, int out_slot) {
  const T* xp = x.data<T>();
  T* o = ctx.Output(out_slot)->MutableData<T>(ctx.place());
  if (o != xp) std::copy(xp, xp + x.numel(), o);
  return o;
}

// ---- scatter_nd_add: Out = X, then Out[Index[i, :]] += Updates[i] ----

enum NdAddIn { kNaX, kNaIndex, kNaUpdates };
enum NdAddGradIn { kNaGIndex, kNaGUpdates, kNaGOutGrad };
enum NdAddGradOut { kNaGXGrad, kNaGUpdatesGrad };

void NdAddInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kNaUpdates,
                  GatherNdDims(ctx.op_type(), ctx.InputDim(kNaX), ctx.InputDim(kNaIndex)),
                  "Index.shape[:-1] + X.shape[Index.shape[-1]:]");
  SameShape(ctx, kNaX, 0);
}

template <typename T>
void NdAddKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kNaX);
  T* o = CopyOf<T>(ctx, x, 0);
  const T* u = ctx.Input(kNaUpdates).data<T>();
  ForEachNd(ctx, x.dims(), ctx.Input(kNaIndex), [&](int64_t xo, int64_t uo, int64_t n) {
    for (int64_t j = 0; j < n; ++j) o[xo + j] += u[uo + j];
  });
}

void NdAddGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kNaGUpdates,
                  GatherNdDims(ctx.op_type(), ctx.InputDim(kNaGOutGrad), ctx.InputDim(kNaGIndex)),
                  "Index.shape[:-1] + Out.shape[Index.shape[-1]:]");
  if (ctx.HasOutput(kNaGXGrad)) ctx.SetOutputDim(kNaGXGrad, ctx.InputDim(kNaGOutGrad));
  GradShapeLike(ctx, kNaGUpdates, kNaGUpdatesGrad);
}

// X@GRAD is Out@GRAD; Updates@GRAD gathers Out@GRAD's slices at Index.
template <typename T>
void NdAddGradKernel(KernelContext& ctx) {
  const DenseTensor& dout = ctx.Input(kNaGOutGrad);
  const T* g = dout.data<T>();
  if (ctx.HasOutput(kNaGXGrad)) {
    T* dx = ctx.Output(kNaGXGrad)->MutableData<T>(ctx.place());
    if (dx != g) std::copy(g, g + dout.numel(), dx);
  }
  if (!ctx.HasOutput(kNaGUpdatesGrad)) return;
  T* du = ctx.Output(kNaGUpdatesGrad)->MutableData<T>(ctx.place());
  ForEachNd(ctx, dout.dims(), ctx.Input(kNaGIndex), [&](int64_t xo, int64_t uo, int64_t n) {
    std::copy(g + xo, g + xo + n, du + uo);
  });
}

PD_REGISTER_OP(scatter_nd_add)
    .Doc("Out is X with each Updates slice added at its coordinate tuple: the rows of Index's "
         "last dim (k entries each) address X's first k dims, and Updates has shape "
         "Index.shape[:-1] + X.shape[k:]. Repeated tuples add up; negative coordinates count "
         "from the end.",
         "Out 为 X 在各坐标元组处加上 Updates 的对应切片：Index 最后一维的每一行（k 个值）"
         "指向 X 的前 k 维，Updates 的形状为 Index.shape[:-1] + X.shape[k:]。"
         "重复的元组累加；负坐标从末尾倒数。")
    .Input(kNaX, "X", "The tensor to add into.", "被累加的张量。")
    .Input(kNaIndex, "Index", "Coordinate tuples, int32 or int64, [..., k].",
           "坐标元组，int32 或 int64，[..., k]。")
    .Input(kNaUpdates, "Updates", "The slices to add, Index.shape[:-1] + X.shape[k:].",
           "要加上的切片，形状为 Index.shape[:-1] + X.shape[k:]。")
    .Output(0, "Out", "The sum, X's shape.", "相加的结果，形状同 X。")
    .InferShape(NdAddInferShape)
    .Inplace("X", "Out")
    .CpuKernel<float>(NdAddKernel<float>)
    .CpuKernel<double>(NdAddKernel<double>)
    .CpuKernel<int32_t>(NdAddKernel<int32_t>)
    .CpuKernel<int64_t>(NdAddKernel<int64_t>)
    .Grad()
    .Reads(kNaGIndex, "Index")
    .Reads(kNaGUpdates, "Updates")
    .OutputGrad(kNaGOutGrad, "Out")
    .InputGrad(kNaGXGrad, "X")
    .InputGrad(kNaGUpdatesGrad, "Updates")
    .InferShape(NdAddGradInferShape)
    .CpuKernel<float>(NdAddGradKernel<float>)
    .CpuKernel<double>(NdAddGradKernel<double>);

// ---- put_along_axis: Result = Input, then Result[..., Index[i...], ...] (op)= Value[i...] ----

enum PutIn { kPInput, kPIndex, kPValue };
enum PutAttr { kPAxis, kPReduce, kPIncludeSelf };
enum PutGradIn { kPGInput, kPGIndex, kPGValue, kPGResult, kPGResultGrad };
enum PutGradOut { kPGInputGrad, kPGValueGrad };

enum class Reduce { kAssign, kAdd, kMul, kMean, kMin, kMax };

Reduce ReduceOf(const KernelContext& ctx) {
  const std::string& r = ctx.Attr<std::string>(kPReduce);
  if (r == "add") return Reduce::kAdd;
  if (r == "mul" || r == "multiply") return Reduce::kMul;
  if (r == "mean") return Reduce::kMean;
  if (r == "amin") return Reduce::kMin;
  if (r == "amax") return Reduce::kMax;
  return Reduce::kAssign;  // the attribute's constraint admits nothing else
}

// Value has Index's rank and at least its size in every dim (it is read at
// Index's positions; PaddlePaddle's Python API broadcasts both beforehand).
int PutAxis(const std::string& op, const DDim& x, const DDim& idx, const DDim& v, int axis) {
  const int a = TakeAxis(op, x, idx, axis);
  bool ok = v.rank() == idx.rank();
  for (int i = 0; ok && i < v.rank(); ++i) ok = v[i] < 0 || idx[i] < 0 || v[i] >= idx[i];
  PD_CHECK(ok, InvalidArgument, "[", op, "] Value ", v.ToString(),
           " must have Index's rank and at least its size in every dim (Index ", idx.ToString(),
           ")");
  return a;
}

void PutInferShape(InferShapeContext& ctx) {
  PutAxis(ctx.op_type(), ctx.InputDim(kPInput), ctx.InputDim(kPIndex), ctx.InputDim(kPValue),
          ctx.Attr<int32_t>(kPAxis));
  SameShape(ctx, kPInput, 0);
}

// Where Input is excluded, a reduced position starts from the reduction's identity.
template <typename T>
T Identity(Reduce r) {
  constexpr bool kFloat = std::is_floating_point_v<T>;
  switch (r) {
    case Reduce::kMul: return T(1);
    case Reduce::kMin: return kFloat ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
    case Reduce::kMax: return kFloat ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
    default: return T(0);
  }
}

// The mean of `count` elements summing to `sum`; integers round down, as PaddlePaddle's.
template <typename T>
T MeanOf(T sum, int64_t count) {
  if constexpr (std::is_integral_v<T>) {
    const T c = static_cast<T>(count), q = sum / c;
    return (sum % c != 0 && (sum < 0) != (c < 0)) ? q - 1 : q;
  } else {
    return sum / static_cast<T>(count);
  }
}

template <typename T>
void PutKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kPInput);
  const DenseTensor& index = ctx.Input(kPIndex);
  const DenseTensor& value = ctx.Input(kPValue);
  const int axis = PutAxis(ctx.op_type(), x.dims(), index.dims(), value.dims(),
                           ctx.Attr<int32_t>(kPAxis));
  const Reduce r = ReduceOf(ctx);
  const bool self = ctx.Attr<bool>(kPIncludeSelf);
  T* o = CopyOf<T>(ctx, x, 0);
  const T* v = value.data<T>();
  std::vector<int64_t> count(r == Reduce::kMean ? x.numel() : 0, 0);
  if (!self && r != Reduce::kAssign)
    ForEachTaken(ctx, x.dims(), index, axis, value.dims(),
                 [&](int64_t xo, int64_t, int64_t) { o[xo] = Identity<T>(r); });
  ForEachTaken(ctx, x.dims(), index, axis, value.dims(), [&](int64_t xo, int64_t, int64_t vo) {
    switch (r) {
      case Reduce::kAssign: o[xo] = v[vo]; break;
      case Reduce::kMul: o[xo] *= v[vo]; break;
      case Reduce::kMin: o[xo] = std::min(o[xo], v[vo]); break;
      case Reduce::kMax: o[xo] = std::max(o[xo], v[vo]); break;
      default: o[xo] += v[vo]; break;  // add, mean
    }
    if (r == Reduce::kMean) ++count[xo];
  });
  for (size_t p = 0; p < count.size(); ++p)
    if (count[p]) o[p] = MeanOf(o[p], count[p] + (self ? 1 : 0));
}

void PutGradInferShape(InferShapeContext& ctx) {
  PutAxis(ctx.op_type(), ctx.InputDim(kPGInput), ctx.InputDim(kPGIndex), ctx.InputDim(kPGValue),
          ctx.Attr<int32_t>(kPAxis));
  CheckSameShape(ctx, kPGInput, kPGResultGrad);
  GradShapeLike(ctx, kPGInput, kPGInputGrad);
  GradShapeLike(ctx, kPGValue, kPGValueGrad);
}

// Per position of Result, what its gradient passes to each contributor (the
// Input element when included, and every Value put there): 1 for add,
// 1/count for mean, the product of the other factors for mul, and for
// amin/amax an equal share among the contributors equal to the result. With
// assign only the last Value put at a position reaches Result.
template <typename T>
void PutGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kPGInput);
  const DenseTensor& index = ctx.Input(kPGIndex);
  const DenseTensor& value = ctx.Input(kPGValue);
  const int axis = PutAxis(ctx.op_type(), x.dims(), index.dims(), value.dims(),
                           ctx.Attr<int32_t>(kPAxis));
  const Reduce r = ReduceOf(ctx);
  const bool self = ctx.Attr<bool>(kPIncludeSelf);
  const T* xp = x.data<T>();
  const T* vp = value.data<T>();
  const T* res = ctx.Input(kPGResult).data<T>();
  const T* g = ctx.Input(kPGResultGrad).data<T>();
  const int64_t n = x.numel();
  // writers: Values put at the position; last: the last of them (index order);
  // zeros/prod: zero factors and the product of the others (mul); ties: contributors
  // equal to the result (amin/amax).
  std::vector<int64_t> writers(n, 0), last(n, -1), zeros(n, 0), ties(n, 0);
  std::vector<T> prod(n, T(1));
  auto count = [&](int64_t p, T f) {
    if (f == T(0)) ++zeros[p];
    else prod[p] *= f;
    ties[p] += f == res[p];
  };
  ForEachTaken(ctx, x.dims(), index, axis, value.dims(), [&](int64_t xo, int64_t k, int64_t vo) {
    ++writers[xo];
    last[xo] = k;
    count(xo, vp[vo]);
  });
  for (int64_t p = 0; p < n; ++p)
    if (self && writers[p]) count(p, xp[p]);
  auto share = [&](int64_t p, T f) -> T {
    switch (r) {
      case Reduce::kAdd: return T(1);
      case Reduce::kMean: return T(1) / static_cast<T>(writers[p] + (self ? 1 : 0));
      case Reduce::kMul:
        return zeros[p] == 0 ? prod[p] / f : (zeros[p] == 1 && f == T(0) ? prod[p] : T(0));
      case Reduce::kMin:
      case Reduce::kMax: return f == res[p] ? T(1) / static_cast<T>(ties[p]) : T(0);
      default: return T(0);
    }
  };
  if (ctx.HasOutput(kPGInputGrad)) {
    T* dx = ctx.Output(kPGInputGrad)->MutableData<T>(ctx.place());
    for (int64_t p = 0; p < n; ++p)
      dx[p] = !writers[p] ? g[p] : (self && r != Reduce::kAssign ? g[p] * share(p, xp[p]) : T(0));
  }
  if (ctx.HasOutput(kPGValueGrad)) {
    DenseTensor* dvt = ctx.Output(kPGValueGrad);
    T* dv = dvt->MutableData<T>(ctx.place());
    std::fill(dv, dv + dvt->numel(), T(0));  // Value beyond Index's dims is never read
    ForEachTaken(ctx, x.dims(), index, axis, value.dims(), [&](int64_t xo, int64_t k, int64_t vo) {
      dv[vo] = r == Reduce::kAssign ? (last[xo] == k ? g[xo] : T(0)) : g[xo] * share(xo, vp[vo]);
    });
  }
}

PD_REGISTER_OP(put_along_axis)
    .Doc("Result is Input with Value's elements put along Axis at Index (Input's rank, each dim "
         "but Axis at most Input's): assigned (the last one wins), or reduced with the element "
         "there by add, mul (multiply), mean, amin or amax, counting Input's element only when "
         "Include_self.",
         "Result 为 Input 沿 Axis 在 Index 处放入 Value 的元素（Index 与 Input 维数相同，"
         "Axis 以外各维不超过 Input）：直接赋值（最后一个生效），或与该处元素按 add、"
         "mul（multiply）、mean、amin、amax 归约，Include_self 为真时才计入 Input 的元素。")
    .Input(kPInput, "Input", "The tensor to put into.", "被放入的张量。")
    .Input(kPIndex, "Index", "Positions along Axis, int32 or int64, Input's rank; negative "
           "counts from the end.",
           "沿 Axis 的位置，int32 或 int64，维数同 Input；负数从末尾倒数。")
    .Input(kPValue, "Value", "The elements to put, read at Index's positions (at least Index's "
           "shape).",
           "要放入的元素，按 Index 的位置读取（形状不小于 Index）。")
    .Output(0, "Result", "The updated tensor, Input's shape.", "更新后的张量，形状同 Input。")
    .RequiredAttr<int32_t>(kPAxis, "Axis", "The dim to put along.", "放入所沿的维度。")
    .Attr(kPReduce, "Reduce", "assign",
          "'assign', 'add', 'mul' (or 'multiply'), 'mean', 'amin' or 'amax'.",
          "'assign'、'add'、'mul'（或 'multiply'）、'mean'、'amin' 或 'amax'。")
    .OneOf({"assign", "add", "mul", "multiply", "mean", "amin", "amax"})
    .Attr<bool>(kPIncludeSelf, "Include_self", true,
                "Reduce Input's element with the values put there (else only the values).",
                "归约时计入 Input 原有的元素（否则只归约放入的值）。")
    .InferShape(PutInferShape)
    .Inplace("Input", "Result")
    .CpuKernel<float>(PutKernel<float>)
    .CpuKernel<double>(PutKernel<double>)
    .CpuKernel<int32_t>(PutKernel<int32_t>)
    .CpuKernel<int64_t>(PutKernel<int64_t>)
    .Grad()
    .Reads(kPGInput, "Input")
    .Reads(kPGIndex, "Index")
    .Reads(kPGValue, "Value")
    .Reads(kPGResult, "Result")
    .OutputGrad(kPGResultGrad, "Result")
    .InputGrad(kPGInputGrad, "Input")
    .InputGrad(kPGValueGrad, "Value")
    .InferShape(PutGradInferShape)
    .CpuKernel<float>(PutGradKernel<float>)
    .CpuKernel<double>(PutGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
