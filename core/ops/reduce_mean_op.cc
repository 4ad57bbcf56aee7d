// reduce_mean: the mean of X over some dims (pooling a sequence of
// embeddings, global average pooling). One pass over X in memory order,
// summing into the output, then one scaling by 1/count.
#include <algorithm>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/reduce.h"

namespace paddle {
namespace ops {
namespace {

enum MeanIn { kX };
enum MeanOut { kOut };
enum MeanGradIn { kGradX, kGradOutGrad };
enum MeanGradOut { kGradXGrad };
enum MeanAttr { kDim, kKeepDim, kReduceAll, kInDtype, kOutDtype };  // both ops

std::vector<bool> Reduced(const std::string& op, const DDim& x, const KernelContext& ctx) {
  return ReducedDims(op, x, ctx.Attr<std::vector<int32_t>>(kDim), ctx.Attr<bool>(kReduceAll));
}

void MeanInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const auto reduced = ReducedDims(ctx.op_type(), x, ctx.Attr<std::vector<int32_t>>(kDim),
                                   ctx.Attr<bool>(kReduceAll));
  ctx.SetOutputDim(kOut, ReduceOutDims(x, reduced, ctx.Attr<bool>(kKeepDim)));
}

template <typename T>
void MeanKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const ReduceLoop loop = MakeReduceLoop(x.dims(), Reduced("reduce_mean", x.dims(), ctx));
  DenseTensor* out = ctx.Output(kOut);
  PD_CHECK(MulSize(out->numel(), loop.count, ctx.op_type(), "Out's size x the reduced count") ==
                   x.numel() ||
               x.numel() == 0, InvalidArgument,
           "[reduce_mean] output 'Out' has shape ", out->dims().ToString(),
           " but reducing X of shape ", x.dims().ToString(), " over ", loop.count,
           " elements each gives ", x.numel() / std::max<int64_t>(loop.count, 1));
  T* o = out->MutableData<T>(ctx.place());
  const T* in = x.data<T>();
  std::fill(o, o + out->numel(), T(0));
  ForEachReduceRun(loop, [&](int64_t io, int64_t oo, int64_t n, int64_t step) {
    const T* src = in + io;
    T* dst = o + oo;
    if (step) {
      for (int64_t i = 0; i < n; ++i) dst[i] += src[i];
    } else {
      T s = T(0);
      for (int64_t i = 0; i < n; ++i) s += src[i];
      *dst += s;
    }
  });
  // count == 0 (an empty reduced dim) gives 0 * inf = NaN, the mean of nothing.
  const T inv = T(1) / static_cast<T>(loop.count);
  for (int64_t i = 0; i < out->numel(); ++i) o[i] *= inv;
}

void MeanGradInferShape(InferShapeContext& ctx) { GradShapeLike(ctx, kGradX, kGradXGrad); }

// X@GRAD[i] = Out@GRAD[the output element X[i] was averaged into] / count.
template <typename T>
void MeanGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kGradX).dims();
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const std::vector<bool> reduced = Reduced("reduce_mean_grad", xd, ctx);
  const DDim want = ReduceOutDims(xd, reduced, ctx.Attr<bool>(kKeepDim));
  PD_CHECK(dout.numel() == want.numel(), InvalidArgument, "[reduce_mean_grad] Out@GRAD has shape ",
           dout.dims().ToString(), " but reducing X of shape ", xd.ToString(), " gives ",
           want.ToString());
  const ReduceLoop loop = MakeReduceLoop(xd, reduced);
  const T* g = dout.data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const T inv = T(1) / static_cast<T>(loop.count);
  ForEachReduceRun(loop, [&](int64_t io, int64_t oo, int64_t n, int64_t step) {
    T* dst = dx + io;
    const T* src = g + oo;
    if (step) {
      for (int64_t i = 0; i < n; ++i) dst[i] = src[i] * inv;
    } else {
      std::fill(dst, dst + n, *src * inv);
    }
  });
}

std::vector<GradOpDesc> MeanGradMaker(const OpDesc& fwd) {
  return GradOpBuilder(fwd, "reduce_mean_grad")
      .ForwardInput("X")
      .OutputGrad("Out")
      .InputGrad("X")
      .Build();
}

// The attributes, shared by the op and its gradient.
void MeanAttrs(OpDefBuilder& op) {
  op.Attr<std::vector<int32_t>>(
        "dim", {0},
        "The dims to average over; negative values count from the last dim. An empty list, or "
        "one with as many entries as X has dims, averages over all dims.",
        "求平均的维度；负数表示从最后一维倒数。列表为空，或其元素个数等于 X 的维数时，"
        "对所有维度求平均。")
      .Attr<bool>("keep_dim", false,
                  "Keep each reduced dim in Out with size 1 (otherwise it is removed).",
                  "在 Out 中保留被规约的维度，大小为 1（否则删除该维度）。")
      .Attr<bool>("reduce_all", false,
                  "Average over all dims, whatever `dim` says. Without keep_dim, Out is then 0-D.",
                  "忽略 dim，对所有维度求平均。此时若 keep_dim 为假，Out 为零维张量。")
      .Attr<int32_t>("in_dtype", -1,
                     "Legacy: the dtype X would be cast to before reducing; ignored, as by "
                     "PaddlePaddle 3.x's mean kernel.",
                     "旧版属性：规约前将 X 转换成的数据类型；已忽略，与 PaddlePaddle 3.x 的 mean "
                     "内核一致。")
      .ExtraAttr()
      .Attr<int32_t>("out_dtype", -1,
                     "Legacy: the dtype of Out; ignored (Out has X's dtype), as by PaddlePaddle "
                     "3.x's mean kernel.",
                     "旧版属性：Out 的数据类型；已忽略（Out 与 X 的数据类型相同），与 PaddlePaddle "
                     "3.x 的 mean 内核一致。")
      .ExtraAttr();
}

PD_REGISTER_OP(reduce_mean)
    .Doc("Arithmetic mean of X over the dims in `dim` (or all dims): each element of Out is the "
         "sum of the elements of X that reduce into it divided by their count. Out has X's "
         "dtype.",
         "沿 dim 指定的维度（或全部维度）计算 X 的算术平均：Out 的每个元素等于规约到它的 X "
         "元素之和除以元素个数。Out 的数据类型与 X 相同。")
    .Input("X", "The tensor to average.", "要求平均的张量。")
    .Output("Out", "The mean; X's shape with the reduced dims removed (or 1 with keep_dim).",
            "平均值；形状为 X 的形状去掉被规约的维度（keep_dim 时这些维度为 1）。")
    .Apply(MeanAttrs)
    .InferShape(MeanInferShape)
    .GradMaker(MeanGradMaker)
    .CpuKernel<float>(MeanKernel<float>)
    .CpuKernel<double>(MeanKernel<double>);

PD_REGISTER_OP(reduce_mean_grad)
    .Doc("Gradient of reduce_mean: every element of X gets the gradient of the output element "
         "it was averaged into, divided by the count. Only X's shape is read.",
         "reduce_mean 的梯度：X 的每个元素得到它被平均进的输出元素的梯度除以元素个数。"
         "只读取 X 的形状。")
    .Input("X", "The forward input (only its shape is read).", "前向输入（只读取其形状）。")
    .Input("Out@GRAD", "Gradient of the loss with respect to Out.", "损失对 Out 的梯度。")
    .Output("X@GRAD", "Gradient of the loss with respect to X.", "损失对 X 的梯度。")
    .Apply(MeanAttrs)
    .InferShape(MeanGradInferShape)
    .KernelDtypeFrom("Out@GRAD")  // X may have been freed: only its dims are read
    .CpuKernel<float>(MeanGradKernel<float>)
    .CpuKernel<double>(MeanGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
