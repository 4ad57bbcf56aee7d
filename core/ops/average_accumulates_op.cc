// average_accumulates: one step of ModelAverage's running sums of a parameter,
// as PaddlePaddle 3.3.1's op (in place: the outputs are the inputs' variables).
// sum_1 collects the parameter; every 16384 updates it is folded into sum_2
// (bounding its rounding error); when the window has at least
// min_average_window steps and at least min(max_average_window,
// num_updates * average_window) (truncated to an integer), sum_1 + sum_2 move
// into sum_3, the older window, and the current one restarts.
#include <algorithm>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/optimizer.h"

namespace paddle {
namespace ops {
namespace {

enum AvgIn { kParam, kSum1, kSum2, kSum3, kNumAcc, kOldNumAcc, kNumUpdates };
enum AvgOut { kSum1Out, kSum2Out, kSum3Out, kNumAccOut, kOldNumAccOut, kNumUpdatesOut };
enum AvgAttr { kWindow, kMaxWindow, kMinWindow };

constexpr int64_t kMaxNumAccumulates = 16384;

void AverageInferShape(InferShapeContext& ctx) {
  CheckLikeParam(ctx, kParam, {kSum1, kSum2, kSum3});
  CheckOneElement(ctx, {kNumAcc, kOldNumAcc, kNumUpdates});
  for (int slot : {kNumAcc, kOldNumAcc, kNumUpdates})
    PD_CHECK(ctx.InputDtype(slot) == DataType::kInt64, InvalidArgument, "[", ctx.op_type(),
             "] ", ctx.def().inputs[slot].name, " must be int64, got ",
             DataTypeName(ctx.InputDtype(slot)));
  OutputsLike(ctx, {{kSum1, kSum1Out}, {kSum2, kSum2Out}, {kSum3, kSum3Out},
                    {kNumAcc, kNumAccOut}, {kOldNumAcc, kOldNumAccOut},
                    {kNumUpdates, kNumUpdatesOut}});
}

template <typename T>
void AverageKernel(KernelContext& ctx) {
  const int64_t n = ctx.Input(kParam).numel();
  const T* param = ctx.Input(kParam).data<T>();
  // Read everything first: the outputs are usually the inputs' own buffers.
  std::vector<T> sum1(ctx.Input(kSum1).data<T>(), ctx.Input(kSum1).data<T>() + n);
  std::vector<T> sum2(ctx.Input(kSum2).data<T>(), ctx.Input(kSum2).data<T>() + n);
  std::vector<T> sum3(ctx.Input(kSum3).data<T>(), ctx.Input(kSum3).data<T>() + n);
  int64_t num_acc = ctx.Input(kNumAcc).data<int64_t>()[0] + 1;
  int64_t old_num_acc = ctx.Input(kOldNumAcc).data<int64_t>()[0];
  const int64_t num_updates = ctx.Input(kNumUpdates).data<int64_t>()[0] + 1;
  for (int64_t i = 0; i < n; ++i) sum1[i] += param[i];
  if (num_updates % kMaxNumAccumulates == 0) {
    for (int64_t i = 0; i < n; ++i) sum2[i] += sum1[i];
    std::fill(sum1.begin(), sum1.end(), T(0));
  }
  const int64_t window = std::min<int64_t>(
      ctx.Attr<int64_t>(kMaxWindow),
      static_cast<int64_t>(num_updates * ctx.Attr<float>(kWindow)));
  if (num_acc >= ctx.Attr<int64_t>(kMinWindow) && num_acc >= window) {
    for (int64_t i = 0; i < n; ++i) sum3[i] = sum1[i] + sum2[i];
    std::fill(sum1.begin(), sum1.end(), T(0));
    std::fill(sum2.begin(), sum2.end(), T(0));
    old_num_acc = num_acc;
    num_acc = 0;
  }
  std::copy(sum1.begin(), sum1.end(), OutData<T>(ctx, kSum1Out));
  std::copy(sum2.begin(), sum2.end(), OutData<T>(ctx, kSum2Out));
  std::copy(sum3.begin(), sum3.end(), OutData<T>(ctx, kSum3Out));
  OutData<int64_t>(ctx, kNumAccOut)[0] = num_acc;
  OutData<int64_t>(ctx, kOldNumAccOut)[0] = old_num_acc;
  OutData<int64_t>(ctx, kNumUpdatesOut)[0] = num_updates;
}

constexpr char kSumZh[] = "参数的累加和（形状同 param）。";

}  // namespace

PD_REGISTER_OP(average_accumulates)
    .Doc("One step of ModelAverage's sums of a parameter: param is added to sum_1 (folded "
         "into sum_2 every 16384 updates); once the window holds at least min_average_window "
         "steps and at least min(max_average_window, num_updates * average_window), sum_1 + "
         "sum_2 become sum_3 and the window restarts.",
         "ModelAverage 对一个参数的累加和的一步：param 加到 sum_1（每 16384 次更新并入 sum_2）；"
         "当窗口至少包含 min_average_window 步且不少于 min(max_average_window, num_updates * "
         "average_window) 步时，sum_1 + sum_2 成为 sum_3，窗口重新开始。")
    .Input(kParam, "param", "The parameter.", "参数。")
    .Input(kSum1, "in_sum_1", "The current window's recent sum, param's shape.", kSumZh)
    .Input(kSum2, "in_sum_2", "The current window's folded sum, param's shape.", kSumZh)
    .Input(kSum3, "in_sum_3", "The previous window's sum, param's shape.", kSumZh)
    .Input(kNumAcc, "in_num_accumulates", "Steps in the current window, int64 [1].",
           "当前窗口的步数，int64 [1]。")
    .Input(kOldNumAcc, "in_old_num_accumulates", "Steps in the previous window, int64 [1].",
           "上一个窗口的步数，int64 [1]。")
    .Input(kNumUpdates, "in_num_updates", "Steps so far, int64 [1].", "已执行的步数，int64 [1]。")
    .Output(kSum1Out, "out_sum_1", "sum_1 after the step.", "这一步之后的 sum_1。")
    .Output(kSum2Out, "out_sum_2", "sum_2 after the step.", "这一步之后的 sum_2。")
    .Output(kSum3Out, "out_sum_3", "sum_3 after the step.", "这一步之后的 sum_3。")
    .Output(kNumAccOut, "out_num_accumulates", "num_accumulates after the step.",
            "这一步之后的 num_accumulates。")
    .Output(kOldNumAccOut, "out_old_num_accumulates", "old_num_accumulates after the step.",
            "这一步之后的 old_num_accumulates。")
    .Output(kNumUpdatesOut, "out_num_updates", "num_updates after the step.",
            "这一步之后的 num_updates。")
    .Attr<float>(kWindow, "average_window", 0.0f,
                 "The window's length as a share of the steps so far.",
                 "窗口长度占已执行步数的比例。")
    .Attr<int64_t>(kMaxWindow, "max_average_window", std::numeric_limits<int64_t>::max(),
                   "The window's greatest length.", "窗口的最大长度。")
    .Attr<int64_t>(kMinWindow, "min_average_window", 10000, "The window's least length.",
                   "窗口的最小长度。")
    .InferShape(AverageInferShape)
    .Inplace("in_sum_1", "out_sum_1")
    .Inplace("in_sum_2", "out_sum_2")
    .Inplace("in_sum_3", "out_sum_3")
    .Inplace("in_num_accumulates", "out_num_accumulates")
    .Inplace("in_old_num_accumulates", "out_old_num_accumulates")
    .Inplace("in_num_updates", "out_num_updates")
    .CpuKernel<float>(AverageKernel<float>)
    .CpuKernel<double>(AverageKernel<double>);

}  // namespace ops
}  // namespace paddle
