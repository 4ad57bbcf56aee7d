// Ops where every output element is one input element (or zero) at a
// position computed from the output's own: tile, expand_v2, expand_as_v2,
// flip, roll, tril_triu, as_strided. Each is a shape rule plus a position
// rule; the forward gathers through it and the gradient adds back through it.
#include <algorithm>
#include <functional>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// The input offset of output element `idx` (a full index into Out), or -1
// for an element that is zero (tril_triu's other triangle).
using PositionFn = std::function<int64_t(const int64_t* idx)>;

// Calls fn(out_offset, idx) for every element of `out` in memory order.
template <typename Fn>
void ForEachIndex(const DDim& out, Fn&& fn) {
  const int r = out.rank();
  const int64_t n = out.numel();
  int64_t idx[DDim::kMaxRank] = {0};
  for (int64_t o = 0; o < n; ++o) {
    fn(o, idx);
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < out[d]) break;
      idx[d] = 0;
    }
  }
}

std::vector<int64_t> RowMajorStrides(const DDim& d) {
  std::vector<int64_t> s(static_cast<size_t>(d.rank()), 1);
  for (int i = d.rank() - 2; i >= 0; --i) s[i] = s[i + 1] * d[i + 1];
  return s;
}

// `fill` where the position rule gives -1.
template <typename T>
void Gather(const DenseTensor& x, DenseTensor* out, const Place& place, const PositionFn& pos,
            T fill = T(0)) {
  const T* xp = x.data<T>();
  T* o = out->MutableData<T>(place);
  ForEachIndex(out->dims(), [&](int64_t at, const int64_t* idx) {
    const int64_t src = pos(idx);
    o[at] = src < 0 ? fill : xp[src];
  });
}

template <typename T>
void ScatterAdd(const DenseTensor& dout, const DDim& xd, DenseTensor* dx, const Place& place,
                const PositionFn& pos) {
  const T* g = dout.data<T>();
  T* d = dx->MutableData<T>(place);
  std::fill(d, d + xd.numel(), T(0));
  ForEachIndex(dout.dims(), [&](int64_t at, const int64_t* idx) {
    const int64_t dst = pos(idx);
    if (dst >= 0) d[dst] += g[at];
  });
}

// X's strides seen from an output of higher or equal rank (X aligned to its
// trailing dims), with 0 along dims X has as 1 (broadcast, tile modulo).
struct Aligned {
  std::vector<int64_t> stride, size;  // per output dim
};

Aligned Align(const DDim& x, int out_rank) {
  const auto s = RowMajorStrides(x);
  Aligned a{std::vector<int64_t>(out_rank, 0), std::vector<int64_t>(out_rank, 1)};
  for (int i = 0; i < x.rank(); ++i) {
    const int o = out_rank - x.rank() + i;
    a.stride[o] = s[i];
    a.size[o] = x[i];
  }
  return a;
}

// tile and expand: element idx reads X at idx % size (tile) along each dim,
// which is 0 along X's size-1 dims (expand).
PositionFn Modulo(const DDim& x, int out_rank) {
  const Aligned a = Align(x, out_rank);
  return [a, out_rank](const int64_t* idx) {
    int64_t off = 0;
    for (int i = 0; i < out_rank; ++i) off += (idx[i] % a.size[i]) * a.stride[i];
    return off;
  };
}

// ---- tile ----

enum TileIn { kTileX, kRepeatTimes, kRepeatTimesList };
enum TileAttr { kRepeatAttr };

DDim TileDims(const std::string& op, const DDim& x, const std::vector<int64_t>& rep) {
  const int r = std::max<int>(x.rank(), static_cast<int>(rep.size()));
  PD_CHECK(r <= DDim::kMaxRank, InvalidArgument, "[", op, "] repeat_times [", StrJoin(rep),
           "] gives more than ", DDim::kMaxRank, " dims");
  std::vector<int64_t> d(r);
  for (int i = 0; i < r; ++i) {
    const int xi = i - (r - x.rank()), ri = i - (r - static_cast<int>(rep.size()));
    const int64_t xs = xi >= 0 ? x[xi] : 1, times = ri >= 0 ? rep[ri] : 1;
    PD_CHECK(times >= 1, InvalidArgument, "[", op, "] repeat_times [", StrJoin(rep),
             "] must be >= 1 everywhere");
    d[i] = xs < 0 ? -1 : MulSize(xs, times, op, "the tiled size");
  }
  return DDim(d);
}

bool HasListInput(InferShapeContext& ctx, int a, int b) { return ctx.HasInput(a) || ctx.HasInput(b); }

void TileInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kTileX);
  if (HasListInput(ctx, kRepeatTimes, kRepeatTimesList)) return;  // values known to the kernel
  const auto& rep = ctx.Attr<std::vector<int32_t>>(kRepeatAttr);
  ctx.SetOutputDim(0, TileDims(ctx.op_type(), x, std::vector<int64_t>(rep.begin(), rep.end())));
}

template <typename T>
void TileKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kTileX);
  const auto rep = IntList(ctx, kRepeatTimes, kRepeatTimesList,
                           ctx.Attr<std::vector<int32_t>>(kRepeatAttr));
  DenseTensor* out = ctx.Output(0);
  out->Resize(TileDims(ctx.op_type(), x.dims(), rep));
  Gather<T>(x, out, ctx.place(), Modulo(x.dims(), out->dims().rank()));
}

// The gradients of the broadcast-like ops: X@GRAD from Out@GRAD through the
// same position rule, with X's shape (read as the grad op's input 0).
enum BroadcastGradIn { kBGradX };
enum BroadcastGradOut { kBGradXGrad };

template <typename T>
void ModuloGradKernel(KernelContext& ctx, int dout_slot) {
  const DDim xd = ctx.Input(kBGradX).dims();
  const DenseTensor& dout = ctx.Input(dout_slot);
  ScatterAdd<T>(dout, xd, ctx.Output(kBGradXGrad), ctx.place(), Modulo(xd, dout.dims().rank()));
}

enum TileGradIn { kTGX, kTGRepeat, kTGRepeatList, kTGOutGrad };

template <typename T>
void TileGradKernel(KernelContext& ctx) {
  ModuloGradKernel<T>(ctx, kTGOutGrad);
}

// ---- expand_v2 / expand_as_v2 ----

enum ExpandIn { kExpandX, kShape, kShapeList };
enum ExpandAttr { kShapeAttr };

// The target shape with -1 meaning "X's size"; X's dims must be equal to the
// target's or 1.
DDim ExpandDims(const std::string& op, const DDim& x, const std::vector<int64_t>& shape) {
  const int r = static_cast<int>(shape.size());
  PD_CHECK(r >= x.rank() && r <= DDim::kMaxRank, InvalidArgument, "[", op, "] target shape [",
           StrJoin(shape), "] must have at least X's rank ", x.rank(), " and at most ",
           DDim::kMaxRank, " dims (X ", x.ToString(), ")");
  std::vector<int64_t> d(shape);
  for (int i = 0; i < r; ++i) {
    const int xi = i - (r - x.rank());
    const int64_t xs = xi >= 0 ? x[xi] : 1;
    if (d[i] == -1) {
      PD_CHECK(xi >= 0, InvalidArgument, "[", op, "] target shape [", StrJoin(shape),
               "] has -1 at a new leading dim ", i);
      d[i] = xs;
      continue;
    }
    PD_CHECK(d[i] >= 0, InvalidArgument, "[", op, "] target shape [", StrJoin(shape),
             "] has ", d[i], " at dim ", i);
    PD_CHECK(xs < 0 || xs == 1 || xs == d[i], InvalidArgument, "[", op, "] cannot expand X ",
             x.ToString(), " to [", StrJoin(shape), "]: dim ", i, " is ", xs,
             ", which is neither 1 nor the target ", d[i]);
  }
  return DDim(d);
}

void ExpandInferShape(InferShapeContext& ctx) {
  if (HasListInput(ctx, kShape, kShapeList)) return;  // values known to the kernel
  const auto& s = ctx.Attr<std::vector<int32_t>>(kShapeAttr);
  ctx.SetOutputDim(0, ExpandDims(ctx.op_type(), ctx.InputDim(kExpandX),
                                 std::vector<int64_t>(s.begin(), s.end())));
}

template <typename T>
void ExpandKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kExpandX);
  DenseTensor* out = ctx.Output(0);
  out->Resize(ExpandDims(ctx.op_type(), x.dims(),
                         IntList(ctx, kShape, kShapeList, ctx.Attr<std::vector<int32_t>>(kShapeAttr))));
  Gather<T>(x, out, ctx.place(), Modulo(x.dims(), out->dims().rank()));
}

enum ExpandGradIn { kEGX, kEGShape, kEGShapeList, kEGOutGrad };

template <typename T>
void ExpandGradKernel(KernelContext& ctx) {
  ModuloGradKernel<T>(ctx, kEGOutGrad);
}

enum ExpandAsIn { kEAX, kEAY };
enum ExpandAsAttr { kTargetShape };

std::vector<int64_t> ExpandAsTarget(InferShapeContext& ctx) {
  if (ctx.HasInput(kEAY)) return ctx.InputDim(kEAY).ToVector();
  const auto& s = ctx.Attr<std::vector<int32_t>>(kTargetShape);
  return std::vector<int64_t>(s.begin(), s.end());
}

void ExpandAsInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, ExpandDims(ctx.op_type(), ctx.InputDim(kEAX), ExpandAsTarget(ctx)));
}

template <typename T>
void ExpandAsKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kEAX);
  DenseTensor* out = ctx.Output(0);
  Gather<T>(x, out, ctx.place(), Modulo(x.dims(), out->dims().rank()));
}

enum ExpandAsGradIn { kEAGX, kEAGY, kEAGOutGrad };

template <typename T>
void ExpandAsGradKernel(KernelContext& ctx) {
  ModuloGradKernel<T>(ctx, kEAGOutGrad);
}

// ---- flip / roll / tril_triu: same shape, permuted or masked ----

enum FlipAttr { kFlipAxes };

std::vector<bool> AxesSet(const std::string& op, const char* attr, const std::vector<int64_t>& axes,
                          const DDim& x) {
  std::vector<bool> on(static_cast<size_t>(x.rank()), false);
  for (int64_t a : axes) {
    PD_CHECK(a >= -x.rank() && a < x.rank(), InvalidArgument, "[", op, "] ", attr, " has ", a,
             ", outside [", -x.rank(), ", ", x.rank(), ") for X ", x.ToString());
    on[a < 0 ? a + x.rank() : a] = true;
  }
  return on;
}

void SameShapeChecked(InferShapeContext& ctx) { SameShape(ctx, 0, 0); }

void FlipInferShape(InferShapeContext& ctx) {
  const auto& axes = ctx.Attr<std::vector<int32_t>>(kFlipAxes);
  AxesSet(ctx.op_type(), "axis", std::vector<int64_t>(axes.begin(), axes.end()), ctx.InputDim(0));
  SameShape(ctx, 0, 0);
}

PositionFn FlipPositions(const KernelContext& ctx, const DDim& x) {
  const auto& axes = ctx.Attr<std::vector<int32_t>>(kFlipAxes);
  const auto on = AxesSet(ctx.op_type(), "axis", std::vector<int64_t>(axes.begin(), axes.end()), x);
  const auto s = RowMajorStrides(x);
  return [on, s, x](const int64_t* idx) {
    int64_t off = 0;
    for (int i = 0; i < x.rank(); ++i) off += (on[i] ? x[i] - 1 - idx[i] : idx[i]) * s[i];
    return off;
  };
}

enum RollIn { kRollX, kShiftsTensor };
enum RollAttr { kShifts, kRollAxes };

// Out[i] = X[i - shift] along each rolled axis (cyclically); no axes rolls
// the flattened tensor.
// `shifts_slot` is where ShiftsTensor sits (forward and grad ops differ).
PositionFn RollPositions(const KernelContext& ctx, const DDim& x, int shifts_slot) {
  std::vector<int64_t> shifts = ctx.Attr<std::vector<int64_t>>(kShifts);
  if (ctx.HasInput(shifts_slot)) {
    const DenseTensor& t = ctx.Input(shifts_slot);
    shifts.clear();
    for (int64_t i = 0; i < t.numel(); ++i)
      shifts.push_back(t.dtype() == DataType::kInt64 ? t.data<int64_t>()[i] : t.data<int32_t>()[i]);
  }
  const auto& axes = ctx.Attr<std::vector<int64_t>>(kRollAxes);
  const auto s = RowMajorStrides(x);
  const int64_t n = x.numel();
  if (axes.empty()) {
    PD_CHECK(shifts.size() == 1, InvalidArgument, "[", ctx.op_type(), "] without axis, shifts must "
             "hold one value, got [", StrJoin(shifts), "]");
    const int64_t shift = n ? (shifts[0] % n + n) % n : 0;
    return [s, x, n, shift](const int64_t* idx) {
      int64_t flat = 0;
      for (int i = 0; i < x.rank(); ++i) flat += idx[i] * s[i];
      return ((flat - shift) % n + n) % n;
    };
  }
  PD_CHECK(shifts.size() == axes.size(), InvalidArgument, "[", ctx.op_type(), "] shifts [",
           StrJoin(shifts), "] and axis [", StrJoin(axes), "] must have the same length");
  std::vector<int64_t> by_dim(static_cast<size_t>(x.rank()), 0);
  for (size_t k = 0; k < axes.size(); ++k) {
    const int64_t a = axes[k];
    PD_CHECK(a >= -x.rank() && a < x.rank(), InvalidArgument, "[", ctx.op_type(), "] axis ", a,
             " is outside [", -x.rank(), ", ", x.rank(), ") for X ", x.ToString());
    const int d = static_cast<int>(a < 0 ? a + x.rank() : a);
    by_dim[d] += shifts[k];
  }
  return [s, x, by_dim](const int64_t* idx) {
    int64_t off = 0;
    for (int i = 0; i < x.rank(); ++i) {
      const int64_t m = x[i];
      off += m ? ((idx[i] - by_dim[i]) % m + m) % m * s[i] : 0;
    }
    return off;
  };
}

enum TriAttr { kDiagonal, kLower };

PositionFn TriPositions(const KernelContext& ctx, const DDim& x) {
  PD_CHECK(x.rank() >= 2, InvalidArgument, "[", ctx.op_type(), "] X must have rank >= 2, got ",
           x.ToString());
  const int64_t diag = ctx.Attr<int32_t>(kDiagonal);
  const bool lower = ctx.Attr<bool>(kLower);
  const auto s = RowMajorStrides(x);
  const int r = x.rank();
  return [s, r, diag, lower](const int64_t* idx) -> int64_t {
    const int64_t i = idx[r - 2], j = idx[r - 1];
    if (lower ? j - i > diag : j - i < diag) return -1;
    int64_t off = 0;
    for (int d = 0; d < r; ++d) off += idx[d] * s[d];
    return off;
  };
}

// Same-shape ops: a forward and a gradient from one position rule.
template <PositionFn (*kRule)(const KernelContext&, const DDim&)>
struct SameShapeOp {
  template <typename T>
  static void Forward(KernelContext& ctx) {
    const DenseTensor& x = ctx.Input(0);
    Gather<T>(x, ctx.Output(0), ctx.place(), kRule(ctx, x.dims()));
  }
  // Grad inputs: Out@GRAD only; flip and tril_triu are their own inverses'
  // shape, and the scatter goes through the same rule.
  template <typename T>
  static void Backward(KernelContext& ctx) {
    const DenseTensor& dout = ctx.Input(0);
    ScatterAdd<T>(dout, dout.dims(), ctx.Output(0), ctx.place(), kRule(ctx, dout.dims()));
  }
};

PositionFn RollForward(const KernelContext& ctx, const DDim& x) {
  return RollPositions(ctx, x, kShiftsTensor);
}

template <typename T>
void RollGradKernel(KernelContext& ctx) {
  const DenseTensor& dout = ctx.Input(1);  // the grad op's inputs: ShiftsTensor, Out@GRAD
  ScatterAdd<T>(dout, dout.dims(), ctx.Output(0), ctx.place(), RollPositions(ctx, dout.dims(), 0));
}

// ---- as_strided: out[i] = input's row-major data at offset + sum(i[k] * stride[k]) ----

enum AsStridedAttr { kASDims, kASStride, kASOffset };
enum AsStridedGradIn { kASGInput, kASGOutGrad };

void AsStridedInferShape(InferShapeContext& ctx) {
  const auto dims = ctx.Attr<std::vector<int64_t>>(kASDims);
  const auto stride = ctx.Attr<std::vector<int64_t>>(kASStride);
  const int64_t offset = ctx.Attr<int64_t>(kASOffset);
  PD_CHECK(dims.size() == stride.size() && dims.size() <= DDim::kMaxRank, InvalidArgument, "[",
           ctx.op_type(), "] dims and stride must have one length (at most ", DDim::kMaxRank,
           "), got ", dims.size(), " and ", stride.size());
  int64_t last = offset;  // the largest flat position read
  bool empty = false;
  for (size_t k = 0; k < dims.size(); ++k) {
    PD_CHECK(dims[k] >= 0 && stride[k] >= 0, InvalidArgument, "[", ctx.op_type(),
             "] dims and stride must be non-negative, got dims[", k, "] ", dims[k],
             " and stride[", k, "] ", stride[k]);
    empty = empty || dims[k] == 0;
    if (dims[k] > 0) last += (dims[k] - 1) * stride[k];
  }
  PD_CHECK(offset >= 0, InvalidArgument, "[", ctx.op_type(), "] offset must be >= 0, got ",
           offset);
  const int64_t n = ctx.InputDim(0).numel();
  if (!empty && n >= 0)
    PD_CHECK(last < n, InvalidArgument, "[", ctx.op_type(), "] the view reads flat position ",
             last, ", past the ", n, " elements of input ", ctx.InputDim(0).ToString());
  ctx.SetOutputDim(0, DDim(dims));
}

PositionFn AsStridedPositions(const KernelContext& ctx) {
  const auto stride = ctx.Attr<std::vector<int64_t>>(kASStride);
  const int64_t offset = ctx.Attr<int64_t>(kASOffset);
  return [stride, offset](const int64_t* idx) {
    int64_t at = offset;
    for (size_t k = 0; k < stride.size(); ++k) at += idx[k] * stride[k];
    return at;
  };
}

template <typename T>
void AsStridedKernel(KernelContext& ctx) {
  Gather<T>(ctx.Input(0), ctx.Output(0), ctx.place(), AsStridedPositions(ctx));
}

template <typename T>
void AsStridedGradKernel(KernelContext& ctx) {
  ScatterAdd<T>(ctx.Input(kASGOutGrad), ctx.Input(kASGInput).dims(), ctx.Output(0), ctx.place(),
                AsStridedPositions(ctx));
}

void GradSameShape(InferShapeContext& ctx) {
  const int dout = ctx.def().kernel_dtype_input;
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, ctx.InputDim(dout));
}

// ---- pad3d: [N, C, D, H, W] (or NDHWC) padded on the three spatial dims ----

enum PadIn { kPadX, kPaddingsTensor };
enum PadAttr { kPaddings, kPadMode, kPadValue, kPadFormat };

struct Pad3d {
  std::vector<int64_t> before, after;  // per dim of X (0 on N and C)
  int mode = 0;                        // 0 constant, 1 reflect, 2 replicate, 3 circular
};

Pad3d PadOf(const std::string& op, const DDim& x, const std::vector<int64_t>& p,
            const std::string& mode, const std::string& format) {
  PD_CHECK(x.rank() == 5, InvalidArgument, "[", op, "] X must be 5-D (", format, "), got ",
           x.ToString());
  PD_CHECK(p.size() == 6, InvalidArgument, "[", op, "] paddings must have 6 values [left, right, "
           "top, bottom, front, back], got [", StrJoin(p), "]");
  Pad3d pad;
  pad.before.assign(5, 0);
  pad.after.assign(5, 0);
  const bool last = format == "NDHWC";
  const int d = last ? 1 : 2, h = d + 1, w = d + 2;
  const int dims[3] = {w, h, d};  // paddings come as (W), (H), (D) pairs
  for (int k = 0; k < 3; ++k) {
    PD_CHECK(p[2 * k] >= 0 && p[2 * k + 1] >= 0, InvalidArgument, "[", op,
             "] paddings [", StrJoin(p), "] must be >= 0");
    pad.before[dims[k]] = p[2 * k];
    pad.after[dims[k]] = p[2 * k + 1];
  }
  pad.mode = mode == "reflect" ? 1 : mode == "replicate" ? 2 : mode == "circular" ? 3 : 0;
  for (int i = 0; i < 5 && pad.mode == 1; ++i)
    PD_CHECK(x[i] < 0 || (pad.before[i] < x[i] && pad.after[i] < x[i]), InvalidArgument, "[", op,
             "] reflect padding [", StrJoin(p), "] must be smaller than the padded dim of X ",
             x.ToString());
  for (int i = 0; i < 5 && pad.mode >= 2; ++i)
    PD_CHECK(x[i] != 0 || (pad.before[i] == 0 && pad.after[i] == 0), InvalidArgument, "[", op,
             "] cannot ", mode, "-pad an empty dim of X ", x.ToString());
  return pad;
}

std::vector<int64_t> PaddingValues(const KernelContext& ctx, int tensor_slot) {
  return IntList(ctx, tensor_slot, -1, ctx.Attr<std::vector<int32_t>>(kPaddings));
}

DDim PaddedDims(const std::string& op, const DDim& x, const Pad3d& pad) {
  DDim out = x;
  for (int i = 0; i < 5; ++i)
    if (x[i] >= 0) out[i] = AddSize(AddSize(x[i], pad.before[i], op, "the padded size"), pad.after[i], op, "the padded size");
  return out;
}

void PadInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kPadX);
  if (ctx.HasInput(kPaddingsTensor)) {  // values known to the kernel only
    if (!ctx.IsRuntime()) ctx.SetOutputDim(0, DDim(std::vector<int64_t>(x.rank(), -1)));
    return;
  }
  const auto& a = ctx.Attr<std::vector<int32_t>>(kPaddings);
  const Pad3d pad = PadOf(ctx.op_type(), x, std::vector<int64_t>(a.begin(), a.end()),
                          ctx.Attr<std::string>(kPadMode), ctx.Attr<std::string>(kPadFormat));
  ctx.SetOutputDim(0, PaddedDims(ctx.op_type(), x, pad));
}

// The input position of an output element, or -1 in constant padding.
PositionFn PadPositions(const DDim& x, const Pad3d& pad) {
  const auto s = RowMajorStrides(x);
  return [x, pad, s](const int64_t* idx) -> int64_t {
    int64_t off = 0;
    for (int i = 0; i < 5; ++i) {
      const int64_t n = x[i];
      int64_t j = idx[i] - pad.before[i];
      if (j < 0 || j >= n) {
        switch (pad.mode) {
          case 0: return -1;
          case 1: j = j < 0 ? -j : 2 * (n - 1) - j; break;  // reflect: edge not repeated
          case 2: j = j < 0 ? 0 : n - 1; break;
          default: j = ((j % n) + n) % n;
        }
      }
      off += j * s[i];
    }
    return off;
  };
}

template <typename T>
void PadKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kPadX);
  const Pad3d pad = PadOf(ctx.op_type(), x.dims(), PaddingValues(ctx, kPaddingsTensor),
                          ctx.Attr<std::string>(kPadMode), ctx.Attr<std::string>(kPadFormat));
  DenseTensor* out = ctx.Output(0);
  out->Resize(PaddedDims(ctx.op_type(), x.dims(), pad));
  Gather<T>(x, out, ctx.place(), PadPositions(x.dims(), pad),
            static_cast<T>(ctx.Attr<float>(kPadValue)));
}

enum PadGradIn { kPGX, kPGPaddings, kPGOutGrad };

template <typename T>
void PadGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kPGX).dims();
  const Pad3d pad = PadOf(ctx.op_type(), xd, PaddingValues(ctx, kPGPaddings),
                          ctx.Attr<std::string>(kPadMode), ctx.Attr<std::string>(kPadFormat));
  const DenseTensor& dout = ctx.Input(kPGOutGrad);
  ScatterAdd<T>(dout, xd, ctx.Output(0), ctx.place(), PadPositions(xd, pad));
}

using Flip = SameShapeOp<FlipPositions>;
using Roll = SameShapeOp<RollForward>;
using Tri = SameShapeOp<TriPositions>;

#define PD_GATHER_KERNELS(FN)                                                              \
  CpuKernel<float>(FN<float>).CpuKernel<double>(FN<double>).CpuKernel<int32_t>(FN<int32_t>) \
      .CpuKernel<int64_t>(FN<int64_t>).CpuKernel<complex64>(FN<complex64>)                  \
      .CpuKernel<complex128>(FN<complex128>)
#define PD_GRAD_KERNELS(FN)                                                                \
  CpuKernel<float>(FN<float>).CpuKernel<double>(FN<double>).CpuKernel<complex64>(FN<complex64>) \
      .CpuKernel<complex128>(FN<complex128>)

PD_REGISTER_OP(as_strided)
    .Doc("out[i] is the element of input's row-major data at offset + sum(i[k] * stride[k]) "
         "(strides and offset in elements; a copy here, not a view).",
         "out[i] 是 input 的行优先数据中位于 offset + sum(i[k] * stride[k]) 的元素（步长和偏移以"
         "元素计；此处是副本，不是视图）。")
    .Input(0, "input", "The tensor whose data is read.", "被读取数据的张量。")
    .Output(0, "out", "The strided elements, of shape dims.", "跨步读取的元素，形状为 dims。")
    .Attr<std::vector<int64_t>>(kASDims, "dims", {}, "out's shape.", "out 的形状。")
    .Attr<std::vector<int64_t>>(kASStride, "stride", {}, "The step in input's flat data per dim.",
                                "每一维在 input 扁平数据中的步长。")
    .Attr<int64_t>(kASOffset, "offset", 0, "The flat position of out's first element.",
                   "out 第一个元素的扁平位置。")
    .InferShape(AsStridedInferShape)
    .PD_GATHER_KERNELS(AsStridedKernel)
    .Grad()
    .Reads(kASGInput, "input")
    .OutputGrad(kASGOutGrad, "out")
    .InputGrad(0, "input")
    .PD_GRAD_KERNELS(AsStridedGradKernel);

PD_REGISTER_OP(tile)
    .Doc("Repeats X repeat_times[i] times along each dim (X and repeat_times aligned at their "
         "last dims, the shorter padded with 1s).",
         "沿每一维把 X 重复 repeat_times[i] 次（X 与 repeat_times 按末尾维度对齐，较短者前面补 1）。")
    .Input(kTileX, "X", "The tensor to tile.", "要平铺的张量。")
    .Input(kRepeatTimes, "RepeatTimes", "Optional 1-D tensor overriding repeat_times.",
           "可选的一维张量，取代 repeat_times 属性。")
    .Dispensable()
    .Input(kRepeatTimesList, "repeat_times_tensor",
           "Optional one-element tensors overriding repeat_times.",
           "可选的单元素张量列表，取代 repeat_times 属性。")
    .Duplicable()
    .Dispensable()
    .Output(0, "Out", "The tiled tensor.", "平铺后的张量。")
    .Attr<std::vector<int32_t>>(kRepeatAttr, "repeat_times", {}, "Repeats per dim, each >= 1.",
                                "每一维的重复次数，均不小于 1。")
    .InferShape(TileInferShape)
    .PD_GATHER_KERNELS(TileKernel)
    .Grad()
    .Reads(kTGX, "X")
    .Reads(kTGRepeat, "RepeatTimes")
    .Reads(kTGRepeatList, "repeat_times_tensor")
    .OutputGrad(kTGOutGrad, "Out")
    .InputGrad(kBGradXGrad, "X")
    .PD_GRAD_KERNELS(TileGradKernel);

PD_REGISTER_OP(expand_v2)
    .Doc("Broadcasts X to `shape` (-1 keeps X's size; X's dims must be 1 or the target's; new "
         "dims go in front).",
         "把 X 广播到 shape（-1 表示沿用 X 的大小；X 的维度须为 1 或等于目标大小；新维度加在前面）。")
    .Input(kExpandX, "X", "The tensor to expand.", "要扩展的张量。")
    .Input(kShape, "Shape", "Optional 1-D tensor overriding `shape`.", "可选的一维张量，取代 shape 属性。")
    .Dispensable()
    .Input(kShapeList, "expand_shapes_tensor", "Optional one-element tensors overriding `shape`.",
           "可选的单元素张量列表，取代 shape 属性。")
    .Duplicable()
    .Dispensable()
    .Output(0, "Out", "X broadcast to the target shape.", "广播到目标形状的 X。")
    .Attr<std::vector<int32_t>>(kShapeAttr, "shape", {}, "The target shape.", "目标形状。")
    .InferShape(ExpandInferShape)
    .PD_GATHER_KERNELS(ExpandKernel)
    .Grad()
    .Reads(kEGX, "X")
    .Reads(kEGShape, "Shape")
    .Reads(kEGShapeList, "expand_shapes_tensor")
    .OutputGrad(kEGOutGrad, "Out")
    .InputGrad(kBGradXGrad, "X")
    .PD_GRAD_KERNELS(ExpandGradKernel);

PD_REGISTER_OP(expand_as_v2)
    .Doc("Broadcasts X to Y's shape (or target_shape when Y is not given), as expand_v2.",
         "把 X 广播到 Y 的形状（未给出 Y 时为 target_shape），规则同 expand_v2。")
    .Input(kEAX, "X", "The tensor to expand.", "要扩展的张量。")
    .Input(kEAY, "Y", "Optional tensor whose shape is the target.", "可选的张量，其形状即目标形状。")
    .Dispensable()
    .Output(0, "Out", "X broadcast to the target shape.", "广播到目标形状的 X。")
    .Attr<std::vector<int32_t>>(kTargetShape, "target_shape", {}, "The target shape.", "目标形状。")
    .InferShape(ExpandAsInferShape)
    .PD_GATHER_KERNELS(ExpandAsKernel)
    .Grad()
    .Reads(kEAGX, "X")
    .Reads(kEAGY, "Y")
    .OutputGrad(kEAGOutGrad, "Out")
    .InputGrad(kBGradXGrad, "X")
    .PD_GRAD_KERNELS(ExpandAsGradKernel);

PD_REGISTER_OP(flip)
    .Doc("Reverses X along each dim in `axis`.", "沿 axis 中的每一维反转 X。")
    .Input(0, "X", "The tensor to flip.", "要翻转的张量。")
    .Output(0, "Out", "X reversed along the axes.", "沿这些维度反转后的 X。")
    .RequiredAttr<std::vector<int32_t>>(kFlipAxes, "axis", "The dims to reverse.", "要反转的维度。")
    .InferShape(FlipInferShape)
    .PD_GATHER_KERNELS(Flip::Forward)
    .Grad()
    .OutputGrad(0, "Out")
    .InputGrad(0, "X")
    .InferShape(GradSameShape)
    .PD_GRAD_KERNELS(Flip::Backward);

PD_REGISTER_OP(roll)
    .Doc("Shifts X cyclically by shifts[k] along axis[k] (or the flattened X by shifts[0] when "
         "axis is empty).",
         "沿 axis[k] 把 X 循环移动 shifts[k] 位（axis 为空时把展平的 X 移动 shifts[0] 位）。")
    .Input(kRollX, "X", "The tensor to roll.", "要循环移动的张量。")
    .Input(kShiftsTensor, "ShiftsTensor", "Optional 1-D tensor overriding `shifts`.",
           "可选的一维张量，取代 shifts 属性。")
    .Dispensable()
    .Output(0, "Out", "X rolled.", "循环移动后的 X。")
    .Attr<std::vector<int64_t>>(kShifts, "shifts", {}, "The shift per axis.", "每个维度的移动量。")
    .Attr<std::vector<int64_t>>(kRollAxes, "axis", {}, "The dims to roll; empty: X flattened.",
                                "要移动的维度；为空时对展平的 X 移动。")
    .InferShape(SameShapeChecked)
    .PD_GATHER_KERNELS(Roll::Forward)
    .Grad()
    .Reads(0, "ShiftsTensor")
    .OutputGrad(1, "Out")
    .InputGrad(0, "X")
    .InferShape(GradSameShape)
    .PD_GRAD_KERNELS(RollGradKernel);

PD_REGISTER_OP(pad3d)
    .Doc("Pads the depth, height and width of a 5-D X: with `value` (constant), the mirror "
         "image without the edge (reflect), the edge itself (replicate) or the other side "
         "(circular).",
         "填充 5 维 X 的深、高、宽：用 value（constant）、不含边缘的镜像（reflect）、边缘本身"
         "（replicate）或另一侧的元素（circular）。")
    .Input(kPadX, "X", "The input, [N, C, D, H, W] or [N, D, H, W, C].",
           "输入，[N, C, D, H, W] 或 [N, D, H, W, C]。")
    .Input(kPaddingsTensor, "Paddings", "Optional 1-D tensor overriding `paddings`.",
           "可选的一维张量，取代 paddings 属性。")
    .Dispensable()
    .Output(0, "Out", "The padded tensor.", "填充后的张量。")
    .RequiredAttr<std::vector<int32_t>>(kPaddings, "paddings",
                                        "[left, right, top, bottom, front, back], each >= 0.",
                                        "[左, 右, 上, 下, 前, 后]，均不小于 0。")
    .Attr(kPadMode, "mode", "constant", "constant, reflect, replicate or circular.",
          "constant、reflect、replicate 或 circular。")
    .OneOf({"constant", "reflect", "replicate", "circular"})
    .Attr<float>(kPadValue, "value", 0.0f, "The fill value of constant padding.", "constant 填充的值。")
    .Attr(kPadFormat, "data_format", "NCDHW", "NCDHW or NDHWC.", "NCDHW 或 NDHWC。")
    .OneOf({"NCDHW", "NDHWC"})
    .InferShape(PadInferShape)
    .PD_GATHER_KERNELS(PadKernel)
    .Grad()
    .Reads(kPGX, "X")
    .Reads(kPGPaddings, "Paddings")
    .OutputGrad(kPGOutGrad, "Out")
    .InputGrad(0, "X")
    .PD_GRAD_KERNELS(PadGradKernel);

PD_REGISTER_OP(tril_triu)
    .Doc("Keeps the lower (lower=true) or upper triangle of the last two dims of X, from the "
         "`diagonal`-th diagonal, and zeroes the rest.",
         "保留 X 最后两维的下三角（lower 为真）或上三角（从第 diagonal 条对角线起），其余置零。")
    .Input(0, "X", "The tensor, rank >= 2.", "张量，维数至少为 2。")
    .Output(0, "Out", "The triangle.", "三角部分。")
    .Attr<int32_t>(kDiagonal, "diagonal", 0, "Which diagonal bounds the triangle (0: the main one).",
                   "三角的边界对角线（0 为主对角线）。")
    .Attr<bool>(kLower, "lower", false, "Keep the lower triangle (else the upper).",
                "保留下三角（否则保留上三角）。")
    .InferShape(SameShapeChecked)
    .PD_GATHER_KERNELS(Tri::Forward)
    .Grad()
    .OutputGrad(0, "Out")
    .InputGrad(0, "X")
    .InferShape(GradSameShape)
    .PD_GRAD_KERNELS(Tri::Backward);

}  // namespace
}  // namespace ops
}  // namespace paddle
