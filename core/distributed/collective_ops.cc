// The collective ops of static programs: a data-parallel training program
// all-reduces its gradients with c_allreduce_sum (PaddlePaddle 2.x's names)
// or all_reduce (3.x's), and its startup program broadcasts the parameters
// from rank 0 with c_broadcast / broadcast. `ring_id` names the process group
// (core/distributed/process_group.h; 0 is the world). On the CPU there are
// no streams: the stream attributes and the c_sync_* ops change nothing.
#include <cstring>

#include "core/base/enforce.h"
#include "core/distributed/process_group.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"

namespace paddle {
namespace distributed {
namespace {

// Out holds X's values (shared when the op runs in place).
DenseTensor* CopyToOut(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  DenseTensor* out = ctx.Output(0);
  if (out == &x) return out;
  out->Resize(x.dims());
  void* dst = out->MutableData(ctx.place(), x.dtype());
  if (dst != x.data() && x.nbytes()) std::memcpy(dst, x.data(), x.nbytes());
  return out;
}

CommPtr Comm(KernelContext& ctx, int ring_attr) {
  return CommFor(ctx.Attr<int32_t>(ring_attr), ctx.place(), ctx.op_type().c_str());
}

// Every collective op's `ring_id` (attribute `index`): the process group.
template <int index>
void RingIdAttr(OpDefBuilder& b) {
  b.Attr<int32_t>(index, "ring_id", 0, "The process group (0: all processes).",
                  "进程组编号（0 表示全部进程）。");
}

void SameShapeInfer(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, ctx.InputDim(0));
  ctx.ShareLoD(0, 0);
}

// ---- all-reduce: c_allreduce_{sum,max,min,prod} (op fixed by the type), all_reduce (reduce_type)

enum CAllReduceAttr { kCRing, kCCalcStream, kCModelParallel };

template <ReduceOp kOp>
void CAllReduceKernel(KernelContext& ctx) {
  DenseTensor* out = CopyToOut(ctx);
  Comm(ctx, kCRing)->AllReduce(out, kOp, /*sync=*/true, /*agree=*/true)->Wait();
}

template <ReduceOp kOp>
void AddCAllReduce(OpDefBuilder& b) {
  b.Input(0, "X", "The tensor to reduce over the group.", "要在进程组内归约的张量。")
      .Output(0, "Out", "The reduced tensor, the same on every rank (may be X itself).",
              "归约结果，各进程相同（可以就是 X）。")
      .Apply(RingIdAttr<kCRing>)
      .Attr<bool>(kCCalcStream, "use_calc_stream", false,
                  "GPU: run on the computation stream. No effect on the CPU.",
                  "GPU：在计算流上执行。CPU 上无作用。")
      .Attr<bool>(kCModelParallel, "use_model_parallel", false,
                  "Marks model-parallel use; no effect on the result.", "标记模型并行用途；不影响结果。")
      .InferShape(SameShapeInfer)
      .Inplace("X", "Out")
      .CpuKernelForAllTypes(CAllReduceKernel<kOp>);
}

PD_REGISTER_OP(c_allreduce_sum)
    .Doc("Sums X over the processes of a group; every rank gets the sum.",
         "在进程组内对 X 求和；每个进程都得到和。")
    .Apply(AddCAllReduce<ReduceOp::kSum>);
PD_REGISTER_OP(c_allreduce_max)
    .Doc("The elementwise maximum of X over the processes of a group, on every rank.",
         "进程组内 X 的逐元素最大值，每个进程都得到。")
    .Apply(AddCAllReduce<ReduceOp::kMax>);
PD_REGISTER_OP(c_allreduce_min)
    .Doc("The elementwise minimum of X over the processes of a group, on every rank.",
         "进程组内 X 的逐元素最小值，每个进程都得到。")
    .Apply(AddCAllReduce<ReduceOp::kMin>);
PD_REGISTER_OP(c_allreduce_prod)
    .Doc("The elementwise product of X over the processes of a group, on every rank.",
         "进程组内 X 的逐元素乘积，每个进程都得到。")
    .Apply(AddCAllReduce<ReduceOp::kProd>);

enum AllReduceAttr { kRing, kReduceType };

void AllReduceKernel(KernelContext& ctx) {
  const ReduceOp op = ReduceOpFromCode(ctx.Attr<int32_t>(kReduceType), ctx.op_type());
  DenseTensor* out = CopyToOut(ctx);
  Comm(ctx, kRing)->AllReduce(out, op, /*sync=*/true, /*agree=*/true)->Wait();
}

PD_REGISTER_OP(all_reduce)
    .Doc("Reduces x over the processes of a group (reduce_type: 0 sum, 1 max, 2 min, 3 prod, "
         "4 avg); every rank gets the result.",
         "在进程组内归约 x（reduce_type：0 求和，1 最大，2 最小，3 乘积，4 平均）；每个进程都得到结果。")
    .Input(0, "x", "The tensor to reduce.", "要归约的张量。")
    .Output(0, "out", "The result, the same on every rank.", "结果，各进程相同。")
    .Apply(RingIdAttr<kRing>)
    .Attr<int32_t>(kReduceType, "reduce_type", 0, "0 sum, 1 max, 2 min, 3 prod, 4 avg.",
                   "0 求和，1 最大，2 最小，3 乘积，4 平均。")
    .InRange(0, 4)
    .InferShape(SameShapeInfer)
    .Inplace("x", "out")
    .CpuKernelForAllTypes(AllReduceKernel);

// ---- broadcast: c_broadcast, broadcast

enum CBroadcastAttr { kBRing, kBRoot, kBCalcStream };

void BroadcastKernel(KernelContext& ctx) {
  DenseTensor* out = CopyToOut(ctx);
  Comm(ctx, kBRing)->Broadcast(out, ctx.Attr<int32_t>(kBRoot), /*sync=*/true)->Wait();
}

PD_REGISTER_OP(c_broadcast)
    .Doc("Copies the root rank's X to Out on every process of a group (a data-parallel "
         "startup program sends rank 0's initial parameters this way).",
         "把根进程的 X 复制到进程组内每个进程的 Out（数据并行的启动程序以此分发 0 号进程的初始参数）。")
    .Input(0, "X", "The tensor; read on the root only.", "张量；只在根进程读取。")
    .Output(0, "Out", "The root's X, on every rank (may be X itself).", "根进程的 X，各进程都有（可以就是 X）。")
    .Apply(RingIdAttr<kBRing>)
    .Attr<int32_t>(kBRoot, "root", 0, "The sending rank, within the group.", "发送方在组内的编号。")
    .AtLeast(0)
    .Attr<bool>(kBCalcStream, "use_calc_stream", false,
                "GPU: run on the computation stream. No effect on the CPU.",
                "GPU：在计算流上执行。CPU 上无作用。")
    .InferShape(SameShapeInfer)
    .Inplace("X", "Out")
    .CpuKernelForAllTypes(BroadcastKernel);

PD_REGISTER_OP(broadcast)
    .Doc("Copies the root rank's x to out on every process of a group.",
         "把根进程的 x 复制到进程组内每个进程的 out。")
    .Input(0, "x", "The tensor; read on the root only.", "张量；只在根进程读取。")
    .Output(0, "out", "The root's x, on every rank.", "根进程的 x，各进程都有。")
    .Apply(RingIdAttr<kBRing>)
    .Attr<int32_t>(kBRoot, "root", 0, "The sending rank, within the group.", "发送方在组内的编号。")
    .AtLeast(0)
    .InferShape(SameShapeInfer)
    .Inplace("x", "out")
    .CpuKernelForAllTypes(BroadcastKernel);

// ---- reduce, all_gather, barrier

enum ReduceAttr { kRRing, kRRoot, kRType };

void ReduceKernel(KernelContext& ctx) {
  const ReduceOp op = ReduceOpFromCode(ctx.Attr<int32_t>(kRType), ctx.op_type());
  DenseTensor* out = CopyToOut(ctx);
  Comm(ctx, kRRing)->Reduce(out, op, ctx.Attr<int32_t>(kRRoot), /*sync=*/true)->Wait();
}

PD_REGISTER_OP(reduce)
    .Doc("Reduces x over the processes of a group into the root's out (the other ranks' out "
         "keeps x).",
         "在进程组内把 x 归约到根进程的 out（其他进程的 out 保持为 x）。")
    .Input(0, "x", "The tensor to reduce.", "要归约的张量。")
    .Output(0, "out", "The result on the root; x elsewhere.", "根进程上为结果；其他进程上为 x。")
    .Apply(RingIdAttr<kRRing>)
    .Attr<int32_t>(kRRoot, "root_id", 0, "The receiving rank, within the group.", "接收方在组内的编号。")
    .AtLeast(0)
    .Attr<int32_t>(kRType, "reduce_type", 0, "0 sum, 1 max, 2 min, 3 prod, 4 avg.",
                   "0 求和，1 最大，2 最小，3 乘积，4 平均。")
    .InRange(0, 4)
    .InferShape(SameShapeInfer)
    .Inplace("x", "out")
    .CpuKernelForAllTypes(ReduceKernel);

enum GatherAttr { kGRing, kGRanks };

void AllGatherInfer(InferShapeContext& ctx) {
  DDim d = ctx.InputDim(0);
  const int32_t n = ctx.Attr<int32_t>(kGRanks);
  PD_CHECK(d.rank() >= 1, InvalidArgument, "[", ctx.op_type(),
           "] x must have at least one dim (the ranks' tensors are joined along dim 0)");
  if (d[0] >= 0) d[0] = n > 0 ? d[0] * n : -1;
  ctx.SetOutputDim(0, d);
}

void AllGatherKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  CommPtr comm = Comm(ctx, kGRing);
  const int32_t n = ctx.Attr<int32_t>(kGRanks);
  PD_CHECK(n == 0 || n == comm->size(), InvalidArgument, "[", ctx.op_type(), "] nranks is ", n,
           " but the group has ", comm->size(), " processes");
  PD_CHECK(x.dims().rank() >= 1, InvalidArgument, "[", ctx.op_type(),
           "] x must have at least one dim (the ranks' tensors are joined along dim 0)");
  DenseTensor stacked;  // [ranks, *x.dims]: the same bytes as x's dims joined along dim 0
  comm->AllGather(x, &stacked, /*sync=*/true)->Wait();
  std::vector<int64_t> dims = x.dims().ToVector();
  dims[0] *= comm->size();
  stacked.Resize(DDim(dims));
  *ctx.Output(0) = stacked;
}

PD_REGISTER_OP(all_gather)
    .Doc("Joins every rank's x along dim 0, in rank order; every rank gets the result.",
         "按进程编号顺序沿第 0 维拼接各进程的 x；每个进程都得到结果。")
    .Input(0, "x", "This rank's part.", "本进程的部分。")
    .Output(0, "out", "The parts of all ranks joined along dim 0.", "各进程的部分沿第 0 维拼接的结果。")
    .Apply(RingIdAttr<kGRing>)
    .Attr<int32_t>(kGRanks, "nranks", 0, "The group's size (0: take it from the group).",
                   "进程组大小（0 表示取自进程组）。")
    .AtLeast(0)
    .InferShape(AllGatherInfer)
    .CpuKernelForAllTypes(AllGatherKernel);

void BarrierKernel(KernelContext& ctx) {
  Comm(ctx, 0)->Barrier(/*sync=*/true)->Wait();
  if (ctx.InputCount(0) && ctx.HasOutput(0)) CopyToOut(ctx);
}

PD_REGISTER_OP(barrier)
    .Doc("Waits until every process of the group has reached it; Out is X.",
         "等待进程组内所有进程都到达此处；Out 即 X。")
    .Input(0, "X", "Any tensor (orders the barrier after the op that writes it).",
           "任意张量（使屏障排在写它的算子之后）。")
    .Output(0, "Out", "X, unchanged.", "X，不变。")
    .Apply(RingIdAttr<0>)
    .InferShape(SameShapeInfer)
    .Inplace("X", "Out")
    .CpuKernelForAllTypes(BarrierKernel);

// ---- stream synchronisation: nothing to wait for on the CPU

void IdentityKernel(KernelContext& ctx) {
  for (size_t i = 0; i < ctx.InputCount(0) && i < ctx.OutputCount(0); ++i) {
    const DenseTensor& x = ctx.Input(0, i);
    DenseTensor* out = ctx.Output(0, i);
    if (out != &x) out->ShareDataWith(x);
  }
}

void IdentityInfer(InferShapeContext& ctx) {
  for (size_t i = 0; i < ctx.InputCount(0) && i < ctx.OutputCount(0); ++i)
    ctx.SetOutputDim(0, ctx.InputDim(0, i), i);
}

PD_REGISTER_OP(c_sync_calc_stream)
    .Doc("GPU: waits for the computation stream. On the CPU, Out is X.",
         "GPU：等待计算流完成。CPU 上 Out 即 X。")
    .Input(0, "X", "The tensor whose computation to wait for.", "要等待其计算的张量。")
    .Output(0, "Out", "X itself.", "即输入 X。")
    .InferShape(IdentityInfer)
    .SharesBuffers()
    .CpuKernelForAllTypes(IdentityKernel);

PD_REGISTER_OP(c_sync_comm_stream)
    .Doc("GPU: waits for the communication stream of a group. On the CPU, Out is X.",
         "GPU：等待进程组的通信流完成。CPU 上 Out 即 X。")
    .Input(0, "X", "The tensors whose communication to wait for.", "要等待其通信的张量。")
    .Duplicable()
    .Output(0, "Out", "X itself.", "即输入 X。")
    .Duplicable()
    .Apply(RingIdAttr<0>)
    .InferShape(IdentityInfer)
    .SharesBuffers()
    .CpuKernelForAllTypes(IdentityKernel);

}  // namespace
}  // namespace distributed
}  // namespace paddle
