#include "core/ops/reduce.h"

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {

std::vector<bool> ReducedDims(const std::string& op, const DDim& x,
                              const std::vector<int64_t>& dims, bool reduce_all) {
  const int r = x.rank();
  // A 0-D X accepts dim 0 or -1, as PaddlePaddle does.
  const int lo = r == 0 ? -1 : -r, hi = r == 0 ? 1 : r;
  std::vector<bool> reduced(r, false);
  for (int64_t d : dims) {
    PD_CHECK(d >= lo && d < hi, InvalidArgument, "[", op, "] attribute 'dim' has ", d,
             ", outside [", lo, ", ", hi, ") for X of shape ", x.ToString(), " (dim = [",
             StrJoin(dims), "])");
    if (r > 0) reduced[d < 0 ? d + r : d] = true;
  }
  if (reduce_all || dims.empty() || static_cast<int>(dims.size()) == r) {
    reduced.assign(r, true);
  }
  return reduced;
}

DDim ReduceOutDims(const DDim& x, const std::vector<bool>& reduced, bool keep_dim) {
  int64_t d[DDim::kMaxRank];
  int n = 0;
  for (int i = 0; i < x.rank(); ++i) {
    if (!reduced[i]) d[n++] = x[i];
    else if (keep_dim) d[n++] = 1;
  }
  return DDim(d, n);
}

ReduceLoop MakeReduceLoop(const DDim& x, const std::vector<bool>& reduced) {
  ReduceLoop loop;
  loop.numel = x.numel();
  bool red[DDim::kMaxRank];
  int n = 0;
  for (int i = 0; i < x.rank(); ++i) {
    if (reduced[i]) loop.count *= x[i];
    if (x[i] == 1) continue;  // a size-1 dim moves neither offset
    if (n > 0 && red[n - 1] == reduced[i]) {
      loop.dims[n - 1] *= x[i];
      continue;
    }
    loop.dims[n] = x[i];
    red[n] = reduced[i];
    ++n;
  }
  if (n == 0) {  // one element (rank 0 or all dims 1)
    loop.dims[0] = 1;
    red[0] = true;
    n = 1;
  }
  // Kept dims are laid out in the output in the same order as in X.
  int64_t acc = 1;
  for (int i = n - 1; i >= 0; --i) {
    loop.out_stride[i] = red[i] ? 0 : acc;
    if (!red[i]) acc *= loop.dims[i];
  }
  loop.rank = n;
  return loop;
}

namespace reduce {

namespace {
// `dim` as int64s, whichever list type the op declares it as.
template <typename Ctx>
std::vector<int64_t> Dims(const Ctx& ctx) {
  if (ctx.def().attrs[kDim].type == AttrTypeOf<std::vector<int64_t>>::value)
    return ctx.template Attr<std::vector<int64_t>>(kDim);
  const auto& dims = ctx.template Attr<std::vector<int32_t>>(kDim);
  return std::vector<int64_t>(dims.begin(), dims.end());
}
}  // namespace

std::vector<bool> Reduced(const KernelContext& ctx, const DDim& x) {
  return ReducedDims(ctx.op_type(), x, Dims(ctx), ctx.Attr<bool>(kReduceAll));
}

namespace {
DDim OutDims(InferShapeContext& ctx, const DDim& x) {
  const auto reduced = ReducedDims(ctx.op_type(), x, Dims(ctx), ctx.Attr<bool>(kReduceAll));
  return ReduceOutDims(x, reduced, ctx.Attr<bool>(kKeepDim));
}

void GradShapes(InferShapeContext& ctx, int dout_slot) {
  CheckInputShape(ctx, dout_slot, OutDims(ctx, ctx.InputDim(kGradX)),
                  "X's shape reduced over `dim`");
  GradShapeLike(ctx, kGradX, kGradXGrad);
}
}  // namespace

void InferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, OutDims(ctx, ctx.InputDim(kX)));
}

void BoolInferShape(InferShapeContext& ctx) {
  InferShape(ctx);
  ctx.SetOutputDtype(kOut, DataType::kBool);
}

void GradInferShape(InferShapeContext& ctx) { GradShapes(ctx, kGradOutOrOutGrad); }

void GradInferShapeReadingOut(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradOutOrOutGrad, kGradOutOrOutGrad + 1);
  GradShapes(ctx, kGradOutOrOutGrad + 1);
}

template <typename I>
void Attrs(OpDefBuilder& op) {
  op.Attr<std::vector<I>>(
        kDim, "dim", {0},
        "The dims to reduce; negative values count from the last dim. An empty list, or one "
        "with as many entries as X has dims, reduces all dims.",
        "要归约的维度；负数表示从最后一维倒数。列表为空，或其元素个数等于 X 的维数时，"
        "归约所有维度。");
  op.Attr<bool>(kKeepDim, "keep_dim", false,
                  "Keep each reduced dim in Out with size 1 (otherwise it is removed).",
                  "在 Out 中保留被归约的维度，大小为 1（否则删除该维度）。")
      .Attr<bool>(kReduceAll, "reduce_all", false,
                  "Reduce all dims, whatever `dim` says. Without keep_dim, Out is then 0-D.",
                  "忽略 dim，归约所有维度。此时若 keep_dim 为假，Out 为零维张量。")
      .Attr<int32_t>(kInDtype, "in_dtype", -1,
                     "Legacy: the dtype X would be cast to before reducing; ignored, as by "
                     "PaddlePaddle 3.x's reduce kernels.",
                     "旧版属性：归约前将 X 转换成的数据类型；已忽略，与 PaddlePaddle 3.x 的归约"
                     "内核一致。")
      .ExtraAttr()
      .Attr<int32_t>(kOutDtype, "out_dtype", -1,
                     "Legacy: the dtype of Out; ignored (Out has X's dtype), as by PaddlePaddle "
                     "3.x's reduce kernels.",
                     "旧版属性：Out 的数据类型；已忽略（Out 与 X 的数据类型相同），与 PaddlePaddle "
                     "3.x 的归约内核一致。")
      .ExtraAttr();
}
template void Attrs<int32_t>(OpDefBuilder& op);
template void Attrs<int64_t>(OpDefBuilder& op);

}  // namespace reduce

}  // namespace ops
}  // namespace paddle
