// Ops that pick elements by index or by condition: gather, index_select,
// gather_nd, take_along_axis, where, one_hot_v2, shard_index. Every index is checked
// against its bound (a typed error naming the op, the position and the
// bound), and the gradients add back into zeros at the same positions.
#include <algorithm>
#include <cstring>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/index_util.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// ---- gather / index_select: rows along one axis ----
// Out = X with its `axis` dim replaced by Index's entries: [outer, n, inner]
// with n = Index's size; block (o, i) is X's block (o, Index[i]).

template <typename T>
void GatherAlong(const DenseTensor& x, const std::vector<int64_t>& idx, int axis, T* out) {
  const DDim d = x.dims();
  const int64_t outer = DimsProduct(d, 0, axis), inner = DimsProduct(d, axis + 1, d.rank());
  const T* xp = x.data<T>();
  const int64_t n = static_cast<int64_t>(idx.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(out + (o * n + i) * inner, xp + (o * d[axis] + idx[i]) * inner,
                  static_cast<size_t>(inner) * sizeof(T));
}

// dX (zeroed, shape of X) += dOut at the gathered positions.
template <typename T>
void ScatterAddAlong(const DDim& d, const std::vector<int64_t>& idx, int axis, const T* g, T* dx) {
  const int64_t outer = DimsProduct(d, 0, axis), inner = DimsProduct(d, axis + 1, d.rank());
  const int64_t n = static_cast<int64_t>(idx.size());
  std::fill(dx, dx + DimsProduct(d, 0, d.rank()), T(0));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < n; ++i) {
      T* dst = dx + (o * d[axis] + idx[i]) * inner;
      const T* src = g + (o * n + i) * inner;
      for (int64_t k = 0; k < inner; ++k) dst[k] += src[k];
    }
}

DDim AlongShape(const DDim& x, int axis, int64_t n) {
  DDim out = x;
  out[axis] = n;
  return out;
}

enum GatherIn { kGX, kGIndex, kGAxis };
enum GatherAttr { kGatherAxis };
enum GatherGradIn { kGGradX, kGGradIndex, kGGradAxis, kGGradOutGrad };
enum GatherGradOut { kGGradXGrad };

int64_t IndexCount(InferShapeContext& ctx, int slot) {
  const DDim i = ctx.InputDim(slot);
  PD_CHECK(i.rank() <= 1 || (i.rank() == 2 && i[1] == 1), InvalidArgument, "[", ctx.op_type(),
           "] Index must be 1-D (or [n, 1]), got shape ", i.ToString());
  return i.rank() == 0 ? 1 : i[0];
}

int AxisValue(const KernelContext& ctx, int slot, int attr) {
  return ctx.HasInput(slot) ? static_cast<int>(IntScalar(ctx, slot)) : ctx.Attr<int32_t>(attr);
}

void GatherInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kGX);
  const int64_t n = IndexCount(ctx, kGIndex);
  if (ctx.HasInput(kGAxis)) {  // the axis is a value: only the rank is known before running
    if (!ctx.IsRuntime()) ctx.SetOutputDim(0, DDim(std::vector<int64_t>(x.rank(), -1)));
    return;
  }
  const int axis = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kGatherAxis), x.rank(), x);
  ctx.SetOutputDim(0, AlongShape(x, axis, n));
}

template <typename T>
void GatherKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGX);
  const int axis = NormalizeAxis(ctx.op_type(), "axis", AxisValue(ctx, kGAxis, kGatherAxis),
                                 x.dims().rank(), x.dims());
  const auto idx = Indices(ctx, ctx.Input(kGIndex), "Index", x.dims()[axis],
                           "X's axis " + std::to_string(axis));
  DenseTensor* out = ctx.Output(0);
  out->Resize(AlongShape(x.dims(), axis, static_cast<int64_t>(idx.size())));
  GatherAlong(x, idx, axis, out->MutableData<T>(ctx.place()));
}

void GatherGradInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kGGradX);
  if (!ctx.HasInput(kGGradAxis)) {
    const int axis = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kGatherAxis), x.rank(), x);
    CheckInputShape(ctx, kGGradOutGrad, AlongShape(x, axis, IndexCount(ctx, kGGradIndex)),
                    "X's shape with the axis replaced by Index's size");
  }
  GradShapeLike(ctx, kGGradX, kGGradXGrad);
}

template <typename T>
void GatherGradKernel(KernelContext& ctx) {
  const DDim x = ctx.Input(kGGradX).dims();
  const int axis = NormalizeAxis(ctx.op_type(), "axis", AxisValue(ctx, kGGradAxis, kGatherAxis),
                                 x.rank(), x);
  const auto idx = Indices(ctx, ctx.Input(kGGradIndex), "Index", x[axis],
                           "X's axis " + std::to_string(axis));
  ScatterAddAlong(x, idx, axis, ctx.Input(kGGradOutGrad).data<T>(),
                  ctx.Output(kGGradXGrad)->MutableData<T>(ctx.place()));
}

// index_select: the same with the axis named `dim` and no Axis tensor.
enum SelectIn { kSX, kSIndex };
enum SelectAttr { kDim };
enum SelectGradIn { kSGradX, kSGradIndex, kSGradOutGrad };
enum SelectGradOut { kSGradXGrad };

void SelectInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kSX);
  const int axis = NormalizeAxis(ctx.op_type(), "dim", ctx.Attr<int32_t>(kDim), x.rank(), x);
  ctx.SetOutputDim(0, AlongShape(x, axis, IndexCount(ctx, kSIndex)));
}

template <typename T>
void SelectKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSX);
  const int axis = NormalizeAxis(ctx.op_type(), "dim", ctx.Attr<int32_t>(kDim), x.dims().rank(), x.dims());
  const auto idx = Indices(ctx, ctx.Input(kSIndex), "Index", x.dims()[axis],
                           "X's dim " + std::to_string(axis));
  GatherAlong(x, idx, axis, ctx.Output(0)->MutableData<T>(ctx.place()));
}

void SelectGradInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kSGradX);
  const int axis = NormalizeAxis(ctx.op_type(), "dim", ctx.Attr<int32_t>(kDim), x.rank(), x);
  CheckInputShape(ctx, kSGradOutGrad, AlongShape(x, axis, IndexCount(ctx, kSGradIndex)),
                  "X's shape with dim replaced by Index's size");
  GradShapeLike(ctx, kSGradX, kSGradXGrad);
}

template <typename T>
void SelectGradKernel(KernelContext& ctx) {
  const DDim x = ctx.Input(kSGradX).dims();
  const int axis = NormalizeAxis(ctx.op_type(), "dim", ctx.Attr<int32_t>(kDim), x.rank(), x);
  const auto idx = Indices(ctx, ctx.Input(kSGradIndex), "Index", x[axis],
                           "X's dim " + std::to_string(axis));
  ScatterAddAlong(x, idx, axis, ctx.Input(kSGradOutGrad).data<T>(),
                  ctx.Output(kSGradXGrad)->MutableData<T>(ctx.place()));
}

// ---- where ----

enum WhereIn { kCond, kWX, kWY };
enum WhereGradIn { kWGradCond, kWGradX, kWGradY, kWGradOutGrad };
enum WhereGradOut { kWGradXGrad, kWGradYGrad };

void WhereInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kCond, kWX);
  CheckSameShape(ctx, kWX, kWY);
  SameShape(ctx, kWX, 0);
}

template <typename T>
void WhereKernel(KernelContext& ctx) {
  const DenseTensor& c = ctx.Input(kCond);
  PD_CHECK(c.dtype() == DataType::kBool, InvalidArgument, "[", ctx.op_type(),
           "] Condition must be bool, got ", DataTypeName(c.dtype()));
  const bool* cp = c.data<bool>();
  const T* xp = ctx.Input(kWX).data<T>();
  const T* yp = ctx.Input(kWY).data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  ParallelFor(c.numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) o[i] = cp[i] ? xp[i] : yp[i];
  });
}

void WhereGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kWGradCond, kWGradOutGrad);
  GradShapeLike(ctx, kWGradX, kWGradXGrad);
  GradShapeLike(ctx, kWGradY, kWGradYGrad);
}

template <typename T>
void WhereGradKernel(KernelContext& ctx) {
  const DenseTensor& c = ctx.Input(kWGradCond);
  const bool* cp = c.data<bool>();
  const T* g = ctx.Input(kWGradOutGrad).data<T>();
  T* dx = ctx.HasOutput(kWGradXGrad) ? ctx.Output(kWGradXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dy = ctx.HasOutput(kWGradYGrad) ? ctx.Output(kWGradYGrad)->MutableData<T>(ctx.place()) : nullptr;
  for (int64_t i = 0; i < c.numel(); ++i) {
    if (dx) dx[i] = cp[i] ? g[i] : T(0);
    if (dy) dy[i] = cp[i] ? T(0) : g[i];
  }
}

// ---- shard_index ----

enum ShardIndexAttr { kIndexNum, kNShards, kShardId, kIgnoreValue };

void ShardIndexInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  PD_CHECK(x.rank() >= 2 && (x[x.rank() - 1] == 1 || x[x.rank() - 1] == -1), InvalidArgument,
           "[", ctx.op_type(), "] X must have rank >= 2 and a last dim of 1, got ", x.ToString());
  const int32_t index_num = ctx.Attr<int32_t>(kIndexNum);
  const int32_t nshards = ctx.Attr<int32_t>(kNShards);
  const int32_t shard_id = ctx.Attr<int32_t>(kShardId);
  PD_CHECK(index_num >= 1, InvalidArgument, "[", ctx.op_type(), "] index_num must be >= 1, got ",
           index_num);
  PD_CHECK(nshards >= 1, InvalidArgument, "[", ctx.op_type(), "] nshards must be >= 1, got ",
           nshards);
  PD_CHECK(shard_id >= 0 && shard_id < nshards, InvalidArgument, "[", ctx.op_type(),
           "] shard_id must be in [0, ", nshards, "), got ", shard_id);
  ctx.SetOutputDim(0, x);
  ctx.ShareLoD(0, 0);
}

template <typename T>
void ShardIndexKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const int64_t index_num = ctx.Attr<int32_t>(kIndexNum);
  const int64_t shard_size = (index_num + ctx.Attr<int32_t>(kNShards) - 1) /
                             ctx.Attr<int32_t>(kNShards);
  const int64_t shard_id = ctx.Attr<int32_t>(kShardId);
  const T ignore = static_cast<T>(ctx.Attr<int32_t>(kIgnoreValue));
  const T* in = x.data<T>();
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    const int64_t v = in[i];
    PD_CHECK(v >= 0 && v < index_num, InvalidArgument, "[", ctx.op_type(), "] label ", v,
             " at element ", i, " of X ", x.dims().ToString(), " is outside [0, ", index_num,
             ")");
    out[i] = v / shard_size == shard_id ? static_cast<T>(v % shard_size) : ignore;
  }
}

// ---- one_hot_v2 ----

enum OneHotIn { kIds, kDepthTensor };
enum OneHotAttr { kDepth, kOneHotDtype, kAllowOutOfRange };

int64_t Depth(const KernelContext& ctx) {
  return ctx.HasInput(kDepthTensor) ? IntScalar(ctx, kDepthTensor) : ctx.Attr<int32_t>(kDepth);
}

void OneHotInferShape(InferShapeContext& ctx) {
  const DDim ids = ctx.InputDim(kIds);
  PD_CHECK(ids.rank() < DDim::kMaxRank, InvalidArgument, "[", ctx.op_type(), "] X ",
           ids.ToString(), " has too many dims to add one");
  std::vector<int64_t> d = ids.ToVector();
  const int32_t depth = ctx.Attr<int32_t>(kDepth);
  if (!ctx.HasInput(kDepthTensor))
    PD_CHECK(depth >= 1, InvalidArgument, "[", ctx.op_type(), "] depth must be >= 1, got ", depth);
  d.push_back(ctx.HasInput(kDepthTensor) ? -1 : depth);
  ctx.SetOutputDim(0, DDim(d));
  ctx.SetOutputDtype(0, DataTypeFromCode(ctx.Attr<int32_t>(kOneHotDtype),
                                         "[" + ctx.op_type() + "] attribute 'dtype'"));
}

template <typename Id>
void OneHotKernel(KernelContext& ctx) {
  const DenseTensor& ids = ctx.Input(kIds);
  const int64_t depth = Depth(ctx);
  PD_CHECK(depth >= 1, InvalidArgument, "[", ctx.op_type(), "] depth must be >= 1, got ", depth);
  const bool allow = ctx.Attr<bool>(kAllowOutOfRange);
  DenseTensor* out = ctx.Output(0);
  std::vector<int64_t> d = ids.dims().ToVector();
  d.push_back(depth);
  const DDim od(d);
  CheckedNumel(od, ctx.op_type(), "output shape");
  out->Resize(od);
  const DataType t = DataTypeFromCode(ctx.Attr<int32_t>(kOneHotDtype),
                                      "[" + ctx.op_type() + "] attribute 'dtype'");
  PD_CHECK(t == DataType::kFloat32 || t == DataType::kFloat64 || t == DataType::kInt32 ||
               t == DataType::kInt64,
           Unimplemented, "[", ctx.op_type(), "] dtype ", DataTypeName(t),
           " is not supported; use float32, float64, int32 or int64");
  char* o = static_cast<char*>(out->MutableData(ctx.place(), t));
  std::memset(o, 0, out->nbytes());
  const Id* p = ids.data<Id>();
  for (int64_t i = 0; i < ids.numel(); ++i) {
    const int64_t v = static_cast<int64_t>(p[i]);
    if (v < 0 || v >= depth) {
      PD_CHECK(allow, InvalidArgument, "[", ctx.op_type(), "] id ", v, " at flat position ", i,
               " of X (shape ", ids.dims().ToString(), ") is outside [0, ", depth,
               ") (depth ", depth, "); set allow_out_of_range to give a zero row");
      continue;
    }
    const int64_t at = i * depth + v;
    switch (t) {
      case DataType::kFloat32: reinterpret_cast<float*>(o)[at] = 1.0f; break;
      case DataType::kFloat64: reinterpret_cast<double*>(o)[at] = 1.0; break;
      case DataType::kInt32: reinterpret_cast<int32_t*>(o)[at] = 1; break;
      default: reinterpret_cast<int64_t*>(o)[at] = 1; break;
    }
  }
}

// ---- take_along_axis: Result[..., j, ...] = Input[..., Index[..., j, ...], ...] ----

enum TakeIn { kTInput, kTIndex };
enum TakeAttr { kTakeAxis };
enum TakeGradIn { kTGInput, kTGIndex, kTGResultGrad };
enum TakeGradOut { kTGInputGrad };

void TakeInferShape(InferShapeContext& ctx) {
  TakeAxis(ctx.op_type(), ctx.InputDim(kTInput), ctx.InputDim(kTIndex), ctx.Attr<int32_t>(kTakeAxis));
  ctx.SetOutputDim(0, ctx.InputDim(kTIndex));
}

template <typename T>
void TakeKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kTInput);
  const DenseTensor& index = ctx.Input(kTIndex);
  const int axis = TakeAxis(ctx.op_type(), x.dims(), index.dims(), ctx.Attr<int32_t>(kTakeAxis));
  const T* xp = x.data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  ForEachTaken(ctx, x.dims(), index, axis, index.dims(),
               [&](int64_t xi, int64_t k, int64_t) { o[k] = xp[xi]; });
}

void TakeGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kTGIndex, kTGResultGrad);
  GradShapeLike(ctx, kTGInput, kTGInputGrad);
}

template <typename T>
void TakeGradKernel(KernelContext& ctx) {
  const DDim x = ctx.Input(kTGInput).dims();
  const DenseTensor& index = ctx.Input(kTGIndex);
  const int axis = TakeAxis(ctx.op_type(), x, index.dims(), ctx.Attr<int32_t>(kTakeAxis));
  const T* g = ctx.Input(kTGResultGrad).data<T>();
  T* dx = ctx.Output(kTGInputGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + x.numel(), T(0));
  ForEachTaken(ctx, x, index, axis, index.dims(),
               [&](int64_t xi, int64_t k, int64_t) { dx[xi] += g[k]; });
}

// ---- gather_nd: Out[i...] = X[Index[i..., :], ...] ----

enum NdIn { kNdX, kNdIndex };
enum NdGradIn { kNdGX, kNdGIndex, kNdGOutGrad };
enum NdGradOut { kNdGXGrad };

void GatherNdInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, GatherNdDims(ctx.op_type(), ctx.InputDim(kNdX), ctx.InputDim(kNdIndex)));
}

template <typename T>
void GatherNdKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kNdX);
  const DenseTensor& index = ctx.Input(kNdIndex);
  const T* xp = x.data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  ForEachNd(ctx, x.dims(), index, [&](int64_t xo, int64_t oo, int64_t n) {
    std::copy(xp + xo, xp + xo + n, o + oo);
  });
}

void GatherNdGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kNdGOutGrad, GatherNdDims(ctx.op_type(), ctx.InputDim(kNdGX), ctx.InputDim(kNdGIndex)),
                  "gather_nd's output shape");
  GradShapeLike(ctx, kNdGX, kNdGXGrad);
}

template <typename T>
void GatherNdGradKernel(KernelContext& ctx) {
  const DDim x = ctx.Input(kNdGX).dims();
  const T* g = ctx.Input(kNdGOutGrad).data<T>();
  T* dx = ctx.Output(kNdGXGrad)->MutableData<T>(ctx.place());
  std::fill(dx, dx + x.numel(), T(0));
  ForEachNd(ctx, x, ctx.Input(kNdGIndex), [&](int64_t xo, int64_t oo, int64_t n) {
    for (int64_t j = 0; j < n; ++j) dx[xo + j] += g[oo + j];
  });
}

// ---- scatter: rows of X at Ids replaced by (or added to) rows of Updates ----

enum ScatterIn { kScX, kScIds, kScUpdates };
enum ScatterAttr { kOverwrite };
enum ScatterGradIn { kScGIds, kScGUpdates, kScGOutGrad };
enum ScatterGradOut { kScGXGrad, kScGUpdatesGrad };

void ScatterInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kScX), u = ctx.InputDim(kScUpdates);
  const int64_t n = IndexCount(ctx, kScIds);
  PD_CHECK(x.rank() >= 1 && u.rank() == x.rank(), InvalidArgument, "[", ctx.op_type(),
           "] Updates ", u.ToString(), " must have X's rank (X ", x.ToString(), ")");
  CheckInputShape(ctx, kScUpdates, AlongShape(x, 0, n), "X's shape with Ids' size rows");
  SameShape(ctx, kScX, 0);
}

// Rows of `row` elements: Out = X, then row Ids[i] = (or +=) Updates row i. With
// overwrite and repeated ids the last update wins, as PaddlePaddle's CPU kernel.
template <typename T>
void ScatterKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kScX);
  const auto ids = Indices(ctx, ctx.Input(kScIds), "Ids", x.dims()[0], "X's first dim");
  const int64_t row = x.dims()[0] ? x.numel() / x.dims()[0] : 0;
  const T* xp = x.data<T>();
  const T* up = ctx.Input(kScUpdates).data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  if (o != xp) std::copy(xp, xp + x.numel(), o);
  const bool overwrite = ctx.Attr<bool>(kOverwrite);
  if (!overwrite)  // accumulate: rows Ids point at start from zero, as PaddlePaddle
    for (int64_t id : ids) std::fill(o + id * row, o + (id + 1) * row, T(0));
  for (size_t i = 0; i < ids.size(); ++i) {
    T* dst = o + ids[i] * row;
    const T* src = up + static_cast<int64_t>(i) * row;
    for (int64_t j = 0; j < row; ++j) dst[j] = overwrite ? src[j] : dst[j] + src[j];
  }
}

void ScatterGradInferShape(InferShapeContext& ctx) {
  if (ctx.HasOutput(kScGXGrad)) ctx.SetOutputDim(kScGXGrad, ctx.InputDim(kScGOutGrad));
  GradShapeLike(ctx, kScGUpdates, kScGUpdatesGrad);
}

// X@GRAD is Out@GRAD with the scattered rows zeroed (their X was replaced);
// Updates@GRAD gathers Out@GRAD's rows at Ids (the last writer's only, with
// overwrite and repeated ids).
template <typename T>
void ScatterGradKernel(KernelContext& ctx) {
  const DenseTensor& dout = ctx.Input(kScGOutGrad);
  const auto ids = Indices(ctx, ctx.Input(kScGIds), "Ids", dout.dims()[0], "Out's first dim");
  const int64_t row = dout.dims()[0] ? dout.numel() / dout.dims()[0] : 0;
  const T* g = dout.data<T>();
  const bool overwrite = ctx.Attr<bool>(kOverwrite);
  if (ctx.HasOutput(kScGXGrad)) {
    T* dx = ctx.Output(kScGXGrad)->MutableData<T>(ctx.place());
    std::copy(g, g + dout.numel(), dx);
    for (int64_t id : ids) std::fill(dx + id * row, dx + (id + 1) * row, T(0));
  }
  if (ctx.HasOutput(kScGUpdatesGrad)) {
    T* du = ctx.Output(kScGUpdatesGrad)->MutableData<T>(ctx.place());
    for (size_t i = 0; i < ids.size(); ++i) {
      bool last = true;  // with overwrite, only the last update of a row reaches Out
      for (size_t j = i + 1; overwrite && j < ids.size(); ++j) last = last && ids[j] != ids[i];
      for (int64_t k = 0; k < row; ++k)
        du[static_cast<int64_t>(i) * row + k] = last ? g[ids[i] * row + k] : T(0);
    }
  }
}

// ---- masked_select: the elements of X where Mask is true, in order, 1-D ----

enum MaskIn { kMX, kMask };
enum MaskGradIn { kMGX, kMGMask, kMGYGrad };
enum MaskGradOut { kMGXGrad };

void MaskedSelectInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kMX, kMask);
  ctx.SetOutputDim(0, DDim{-1});  // how many are selected is known to the kernel only
}

const bool* MaskData(const KernelContext& ctx, const DenseTensor& mask) {
  PD_CHECK(mask.dtype() == DataType::kBool, InvalidArgument, "[", ctx.op_type(),
           "] Mask must be bool, got ", DataTypeName(mask.dtype()));
  return mask.data<bool>();
}

template <typename T>
void MaskedSelectKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kMX);
  const bool* m = MaskData(ctx, ctx.Input(kMask));
  const int64_t n = std::count(m, m + x.numel(), true);
  DenseTensor* y = ctx.Output(0);
  y->Resize(DDim{n});
  const T* xp = x.data<T>();
  T* o = y->MutableData<T>(ctx.place());
  for (int64_t i = 0, k = 0; i < x.numel(); ++i)
    if (m[i]) o[k++] = xp[i];
}

void MaskedSelectGradInferShape(InferShapeContext& ctx) {
  GradShapeLike(ctx, kMGX, kMGXGrad);
}

// X@GRAD holds Y@GRAD's elements at the selected positions, zeros elsewhere.
template <typename T>
void MaskedSelectGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kMGX);
  const bool* m = MaskData(ctx, ctx.Input(kMGMask));
  const DenseTensor& dy = ctx.Input(kMGYGrad);
  const int64_t n = std::count(m, m + x.numel(), true);
  PD_CHECK(dy.numel() == n, InvalidArgument, "[", ctx.op_type(), "] Y@GRAD ",
           dy.dims().ToString(), " must have one element per selected position (", n, ")");
  const T* g = dy.data<T>();
  T* dx = ctx.Output(kMGXGrad)->MutableData<T>(ctx.place());
  for (int64_t i = 0, k = 0; i < x.numel(); ++i) dx[i] = m[i] ? g[k++] : T(0);
}

constexpr const char* kIndexEn = "The indices, int32 or int64, 1-D; negative counts from the end.";
constexpr const char* kIndexZh = "索引，int32 或 int64，一维；负数从末尾倒数。";

PD_REGISTER_OP(gather)
    .Doc("Takes the entries of X along `axis` at Index: Out has X's shape with that dim "
         "replaced by Index's size.",
         "沿 axis 取出 X 在 Index 处的条目：Out 的形状为 X 的形状、该维换成 Index 的大小。")
    .Input(kGX, "X", "The tensor to take from.", "被取值的张量。")
    .Input(kGIndex, "Index", kIndexEn, kIndexZh)
    .Input(kGAxis, "Axis", "Optional one-element tensor overriding `axis`.",
           "可选的单元素张量，取代 axis 属性。")
    .Dispensable()
    .Output(0, "Out", "The entries taken.", "取出的条目。")
    .Attr<int32_t>(kGatherAxis, "axis", 0, "The dim to index.", "被索引的维度。")
    .InferShape(GatherInferShape)
    .CpuKernel<float>(GatherKernel<float>)
    .CpuKernel<double>(GatherKernel<double>)
    .CpuKernel<int32_t>(GatherKernel<int32_t>)
    .CpuKernel<int64_t>(GatherKernel<int64_t>)
    .CpuKernel<complex64>(GatherKernel<complex64>)
    .CpuKernel<complex128>(GatherKernel<complex128>)
    .Grad()
    .Doc("Gradient of gather: X@GRAD is zero except at the gathered entries, which sum their "
         "Out@GRAD (an index taken twice gets both).",
         "gather 的梯度：X@GRAD 除被取出的条目外为零，被取出的条目累加对应的 Out@GRAD"
         "（被取两次的索引累加两次）。")
    .Reads(kGGradX, "X")
    .Reads(kGGradIndex, "Index")
    .Reads(kGGradAxis, "Axis")
    .OutputGrad(kGGradOutGrad, "Out")
    .InputGrad(kGGradXGrad, "X")
    .InferShape(GatherGradInferShape)
    .CpuKernel<float>(GatherGradKernel<float>)
    .CpuKernel<double>(GatherGradKernel<double>)
    .CpuKernel<complex64>(GatherGradKernel<complex64>)
    .CpuKernel<complex128>(GatherGradKernel<complex128>);

PD_REGISTER_OP(index_select)
    .Doc("Takes the entries of X along `dim` at Index (as gather).",
         "沿 dim 取出 X 在 Index 处的条目（同 gather）。")
    .Input(kSX, "X", "The tensor to take from.", "被取值的张量。")
    .Input(kSIndex, "Index", kIndexEn, kIndexZh)
    .Output(0, "Out", "The entries taken.", "取出的条目。")
    .Attr<int32_t>(kDim, "dim", 0, "The dim to index.", "被索引的维度。")
    .InferShape(SelectInferShape)
    .CpuKernel<float>(SelectKernel<float>)
    .CpuKernel<double>(SelectKernel<double>)
    .CpuKernel<int32_t>(SelectKernel<int32_t>)
    .CpuKernel<int64_t>(SelectKernel<int64_t>)
    .CpuKernel<complex64>(SelectKernel<complex64>)
    .CpuKernel<complex128>(SelectKernel<complex128>)
    .Grad()
    .Reads(kSGradX, "X")
    .Reads(kSGradIndex, "Index")
    .OutputGrad(kSGradOutGrad, "Out")
    .InputGrad(kSGradXGrad, "X")
    .InferShape(SelectGradInferShape)
    .CpuKernel<float>(SelectGradKernel<float>)
    .CpuKernel<double>(SelectGradKernel<double>)
    .CpuKernel<complex64>(SelectGradKernel<complex64>)
    .CpuKernel<complex128>(SelectGradKernel<complex128>);

PD_REGISTER_OP(where)
    .Doc("Out = X where Condition is true, else Y; all three have one shape.",
         "Condition 为真处 Out = X，否则 Out = Y；三者形状相同。")
    .Input(kCond, "Condition", "The bool selector.", "bool 类型的选择条件。")
    .Input(kWX, "X", "Taken where Condition is true.", "条件为真处取值。")
    .Input(kWY, "Y", "Taken where Condition is false.", "条件为假处取值。")
    .Output(0, "Out", "The selection.", "选择的结果。")
    .InferShape(WhereInferShape)
    .KernelDtypeFrom("X")
    .CpuKernel<float>(WhereKernel<float>)
    .CpuKernel<double>(WhereKernel<double>)
    .CpuKernel<int32_t>(WhereKernel<int32_t>)
    .CpuKernel<int64_t>(WhereKernel<int64_t>)
    .CpuKernel<complex64>(WhereKernel<complex64>)
    .CpuKernel<complex128>(WhereKernel<complex128>)
    .Grad()
    .Reads(kWGradCond, "Condition")
    .Reads(kWGradX, "X")
    .Reads(kWGradY, "Y")
    .OutputGrad(kWGradOutGrad, "Out")
    .InputGrad(kWGradXGrad, "X")
    .InputGrad(kWGradYGrad, "Y")
    .InferShape(WhereGradInferShape)
    .CpuKernel<float>(WhereGradKernel<float>)
    .CpuKernel<double>(WhereGradKernel<double>)
    .CpuKernel<complex64>(WhereGradKernel<complex64>)
    .CpuKernel<complex128>(WhereGradKernel<complex128>);

PD_REGISTER_OP(one_hot_v2)
    .Doc("One-hot encoding: Out has X's shape plus a last dim of `depth`, 1 at each id and 0 "
         "elsewhere. An id outside [0, depth) is an error unless allow_out_of_range.",
         "独热编码：Out 的形状为 X 的形状加上大小为 depth 的最后一维，每个 id 处为 1，其余为 0。"
         "id 超出 [0, depth) 时报错，除非设置 allow_out_of_range。")
    .Input(kIds, "X", "The ids, int32 or int64.", "id，int32 或 int64。")
    .Input(kDepthTensor, "depth_tensor", "Optional one-element tensor overriding `depth`.",
           "可选的单元素张量，取代 depth 属性。")
    .Dispensable()
    .Output(0, "Out", "The encoding.", "编码结果。")
    .Attr<int32_t>(kDepth, "depth", -1, "The number of classes.", "类别数。")
    .Attr<int32_t>(kOneHotDtype, "dtype", 5, "Out's element type (VarType code; 5 = float32).",
                   "Out 的元素类型（VarType 编码；5 为 float32）。")
    .Attr<bool>(kAllowOutOfRange, "allow_out_of_range", false,
                "Give an all-zero row for an id outside [0, depth) instead of an error.",
                "id 超出 [0, depth) 时给出全零行，而不是报错。")
    .InferShape(OneHotInferShape)
    .CpuKernel<int32_t>(OneHotKernel<int32_t>)
    .CpuKernel<int64_t>(OneHotKernel<int64_t>);

PD_REGISTER_OP(shard_index)
    .Doc("Labels as positions in one shard: with shard_size = ceil(index_num / nshards), a "
         "label v with v / shard_size == shard_id becomes v % shard_size, any other label "
         "ignore_value. X: rank >= 2, last dim 1, labels in [0, index_num).",
         "把标签变为某一分片内的位置：记 shard_size = ceil(index_num / nshards)，满足 "
         "v / shard_size == shard_id 的标签 v 变为 v % shard_size，其他标签变为 ignore_value。"
         "X 的秩 >= 2，最后一维为 1，标签在 [0, index_num) 中。")
    .Input(0, "X", "The labels, int32 or int64.", "标签，int32 或 int64。")
    .Output(0, "Out", "The positions in the shard (or ignore_value), X's shape and type.",
            "分片内的位置（或 ignore_value），形状和类型同 X。")
    .RequiredAttr<int32_t>(kIndexNum, "index_num", "The number of labels.", "标签总数。")
    .RequiredAttr<int32_t>(kNShards, "nshards", "The number of shards.", "分片数。")
    .RequiredAttr<int32_t>(kShardId, "shard_id", "The shard kept, in [0, nshards).",
                           "保留的分片，在 [0, nshards) 中。")
    .Attr<int32_t>(kIgnoreValue, "ignore_value", -1, "The value of labels of other shards.",
                   "其他分片的标签取的值。")
    .InferShape(ShardIndexInferShape)
    .CpuKernel<int32_t>(ShardIndexKernel<int32_t>)
    .CpuKernel<int64_t>(ShardIndexKernel<int64_t>);

PD_REGISTER_OP(take_along_axis)
    .Doc("Takes Input's entries along Axis at Index, which has Input's rank: Result has "
         "Index's shape.",
         "沿 Axis 按 Index 取出 Input 的条目，Index 与 Input 维数相同：Result 的形状同 Index。")
    .Input(kTInput, "Input", "The tensor to take from.", "被取值的张量。")
    .Input(kTIndex, "Index", "The positions along Axis, int32 or int64, Input's rank.",
           "沿 Axis 的位置，int32 或 int64，维数同 Input。")
    .Output(0, "Result", "The entries taken, Index's shape.", "取出的条目，形状同 Index。")
    .RequiredAttr<int32_t>(kTakeAxis, "Axis", "The dim to take along.", "取值所沿的维度。")
    .InferShape(TakeInferShape)
    .CpuKernel<float>(TakeKernel<float>)
    .CpuKernel<double>(TakeKernel<double>)
    .CpuKernel<int32_t>(TakeKernel<int32_t>)
    .CpuKernel<int64_t>(TakeKernel<int64_t>)
    .Grad()
    .Reads(kTGInput, "Input")
    .Reads(kTGIndex, "Index")
    .OutputGrad(kTGResultGrad, "Result")
    .InputGrad(kTGInputGrad, "Input")
    .InferShape(TakeGradInferShape)
    .CpuKernel<float>(TakeGradKernel<float>)
    .CpuKernel<double>(TakeGradKernel<double>);

PD_REGISTER_OP(gather_nd)
    .Doc("Each row of Index's last dim (k entries) picks X's slice at those first k "
         "coordinates: Out has shape Index.shape[:-1] + X.shape[k:].",
         "Index 最后一维的每一行（k 个值）选出 X 在前 k 个坐标处的切片："
         "Out 的形状为 Index.shape[:-1] + X.shape[k:]。")
    .Input(kNdX, "X", "The tensor to take from.", "被取值的张量。")
    .Input(kNdIndex, "Index", "Coordinate tuples, int32 or int64, [..., k].",
           "坐标元组，int32 或 int64，[..., k]。")
    .Output(0, "Out", "The slices taken.", "取出的切片。")
    .InferShape(GatherNdInferShape)
    .CpuKernel<float>(GatherNdKernel<float>)
    .CpuKernel<double>(GatherNdKernel<double>)
    .CpuKernel<int32_t>(GatherNdKernel<int32_t>)
    .CpuKernel<int64_t>(GatherNdKernel<int64_t>)
    .CpuKernel<complex64>(GatherNdKernel<complex64>)
    .CpuKernel<complex128>(GatherNdKernel<complex128>)
    .Grad()
    .Reads(kNdGX, "X")
    .Reads(kNdGIndex, "Index")
    .OutputGrad(kNdGOutGrad, "Out")
    .InputGrad(kNdGXGrad, "X")
    .InferShape(GatherNdGradInferShape)
    .CpuKernel<float>(GatherNdGradKernel<float>)
    .CpuKernel<double>(GatherNdGradKernel<double>)
    .CpuKernel<complex64>(GatherNdGradKernel<complex64>)
    .CpuKernel<complex128>(GatherNdGradKernel<complex128>);

PD_REGISTER_OP(scatter)
    .Doc("Out is X with row Ids[i] replaced by row i of Updates (overwrite), or with the rows "
         "at Ids set to the sum of their updates.",
         "Out 为 X 把第 Ids[i] 行替换为 Updates 的第 i 行（overwrite），或把 Ids 指向的行"
         "置为对应更新之和。")
    .Input(kScX, "X", "The tensor to update.", "被更新的张量。")
    .Input(kScIds, "Ids", "Rows of X, int32 or int64, 1-D.", "X 的行号，int32 或 int64，一维。")
    .Input(kScUpdates, "Updates", "The new rows, [len(Ids)] + X.shape[1:].",
           "新的行，[len(Ids)] + X.shape[1:]。")
    .Output(0, "Out", "The updated tensor, X's shape.", "更新后的张量，形状同 X。")
    .Attr<bool>(kOverwrite, "overwrite", true, "Replace rows (else add the updates of each row).",
                "替换行（否则累加每行的更新）。")
    .InferShape(ScatterInferShape)
    .Inplace("X", "Out")
    .CpuKernel<float>(ScatterKernel<float>)
    .CpuKernel<double>(ScatterKernel<double>)
    .CpuKernel<int32_t>(ScatterKernel<int32_t>)
    .CpuKernel<int64_t>(ScatterKernel<int64_t>)
    .CpuKernel<complex64>(ScatterKernel<complex64>)
    .CpuKernel<complex128>(ScatterKernel<complex128>)
    .Grad()
    .Reads(kScGIds, "Ids")
    .Reads(kScGUpdates, "Updates")
    .OutputGrad(kScGOutGrad, "Out")
    .InputGrad(kScGXGrad, "X")
    .InputGrad(kScGUpdatesGrad, "Updates")
    .InferShape(ScatterGradInferShape)
    .CpuKernel<float>(ScatterGradKernel<float>)
    .CpuKernel<double>(ScatterGradKernel<double>)
    .CpuKernel<complex64>(ScatterGradKernel<complex64>)
    .CpuKernel<complex128>(ScatterGradKernel<complex128>);

PD_REGISTER_OP(masked_select)
    .Doc("The elements of X where Mask is true, in memory order, as a 1-D tensor.",
         "X 中 Mask 为真处的元素，按内存顺序组成的一维张量。")
    .Input(kMX, "X", "The tensor to select from.", "被选取的张量。")
    .Input(kMask, "Mask", "The bool selector, X's shape.", "bool 类型的选择条件，形状同 X。")
    .Output(0, "Y", "The selected elements.", "选出的元素。")
    .InferShape(MaskedSelectInferShape)
    .CpuKernel<float>(MaskedSelectKernel<float>)
    .CpuKernel<double>(MaskedSelectKernel<double>)
    .CpuKernel<int32_t>(MaskedSelectKernel<int32_t>)
    .CpuKernel<int64_t>(MaskedSelectKernel<int64_t>)
    .CpuKernel<complex64>(MaskedSelectKernel<complex64>)
    .CpuKernel<complex128>(MaskedSelectKernel<complex128>)
    .Grad()
    .Reads(kMGX, "X")
    .Reads(kMGMask, "Mask")
    .OutputGrad(kMGYGrad, "Y")
    .InputGrad(kMGXGrad, "X")
    .InferShape(MaskedSelectGradInferShape)
    .CpuKernel<float>(MaskedSelectGradKernel<float>)
    .CpuKernel<double>(MaskedSelectGradKernel<double>)
    .CpuKernel<complex64>(MaskedSelectGradKernel<complex64>)
    .CpuKernel<complex128>(MaskedSelectGradKernel<complex128>);

}  // namespace
}  // namespace ops
}  // namespace paddle
