// fused_elemwise_add_activation: an elementwise_add and a unary functor in one
// pass over the output, as PaddlePaddle's op of that name (functor_list names
// the two; the first is applied last):
//   ["relu", "elementwise_add"]:  Out = relu(X + Y),  IntermediateOut = X + Y
//   ["elementwise_add", "relu"]:  Out = X + relu(Y),  IntermediateOut = relu(Y)
// The unary functor is relu, sigmoid, tanh, gelu (exact) or scale (x * scale).
// X and Y broadcast as elementwise_add does (axis). Made by core/ir's
// elementwise_act_fuse_pass; an inference op (no gradient).
#include <algorithm>

#include "core/base/enforce.h"
#include "core/ops/activation_functors.h"
#include "core/ops/broadcast.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum FusedIn { kX, kY };
enum FusedOut { kOut, kIntermediateOut };
enum FusedAttr { kFunctorList, kAxis, kScale, kSaveIntermediateOut };

const std::vector<std::string> kUnaryFunctors = {"relu", "sigmoid", "tanh", "gelu", "scale"};

// The unary functor's name, and whether it is applied to the sum (it comes
// first in functor_list) rather than to Y.
struct Composition {
  std::string unary;
  bool on_sum;
};

template <typename Ctx>
Composition ParseFunctors(const Ctx& ctx) {
  const auto& list = ctx.template Attr<std::vector<std::string>>(kFunctorList);
  const std::string& op = ctx.op_type();
  PD_CHECK(list.size() == 2 && (list[0] == "elementwise_add") != (list[1] == "elementwise_add"),
           InvalidArgument, "[", op,
           "] attribute 'functor_list' must name \"elementwise_add\" and one unary functor, "
           "got [", StrJoin(list), "]");
  const bool on_sum = list[1] == "elementwise_add";
  const std::string& unary = on_sum ? list[0] : list[1];
  PD_CHECK(std::find(kUnaryFunctors.begin(), kUnaryFunctors.end(), unary) != kUnaryFunctors.end(),
           InvalidArgument, "[", op, "] functor_list entry '", unary,
           "' is not a supported unary functor; expected one of ", StrJoin(kUnaryFunctors));
  return {unary, on_sum};
}

void FusedInferShape(InferShapeContext& ctx) {
  const Composition c = ParseFunctors(ctx);
  const DDim x = ctx.InputDim(kX), y = ctx.InputDim(kY);
  const DDim out = BroadcastShape(ctx.op_type(), x, y, ctx.Attr<int32_t>(kAxis));
  ctx.SetOutputDim(kOut, out);
  ctx.ShareLoD(kX, kOut);
  const bool save = ctx.Attr<bool>(kSaveIntermediateOut);
  PD_CHECK(!save || ctx.HasOutput(kIntermediateOut), InvalidArgument, "[", ctx.op_type(),
           "] save_intermediate_out is true but output 'IntermediateOut' is not bound");
  if (ctx.HasOutput(kIntermediateOut))
    ctx.SetOutputDim(kIntermediateOut, c.on_sum ? out : y);
}

struct ScaleBy {
  double s;
  template <typename T> T operator()(T x) const { return x * static_cast<T>(s); }
};

// One loop over Out for the composition; `inter` (may be null) gets the
// intermediate: the sum (Out's shape) or unary(Y) (Y's shape).
template <typename T, typename Unary>
void Compose(KernelContext& ctx, bool on_sum, Unary unary) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  T* o = ctx.Output(kOut)->MutableData<T>(ctx.place());
  T* inter = ctx.HasOutput(kIntermediateOut)
                 ? ctx.Output(kIntermediateOut)->MutableData<T>(ctx.place())
                 : nullptr;
  // Element k of a run: Out at oo + k, X at xo + k * xs, Y at yo + k * ys.
  auto run = [&](int64_t oo, int64_t xo, int64_t yo, int64_t n, int64_t xs, int64_t ys) {
    for (int64_t k = 0; k < n; ++k) {
      const T xv = xp[xo + k * xs], yv = yp[yo + k * ys];
      if (on_sum) {
        const T sum = xv + yv;
        o[oo + k] = unary(sum);
        if (inter) inter[oo + k] = sum;
      } else {
        const T uy = unary(yv);
        o[oo + k] = xv + uy;
        if (inter) inter[yo + k * ys] = uy;
      }
    }
  };
  if (x.dims() == y.dims()) {
    ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) { run(lo, lo, lo, hi - lo, 1, 1); });
    return;
  }
  ForEachInnerRun(MakeBroadcastLoop(ctx.op_type(), x.dims(), y.dims(), ctx.Attr<int32_t>(kAxis)),
                  run);
}

template <typename T>
void FusedKernel(KernelContext& ctx) {
  const Composition c = ParseFunctors(ctx);
  if (c.unary == "relu") Compose<T>(ctx, c.on_sum, Relu{});
  else if (c.unary == "sigmoid") Compose<T>(ctx, c.on_sum, Sigmoid{});
  else if (c.unary == "tanh") Compose<T>(ctx, c.on_sum, Tanh{});
  else if (c.unary == "gelu") Compose<T>(ctx, c.on_sum, GeluErf{});
  else Compose<T>(ctx, c.on_sum, ScaleBy{ctx.Attr<float>(kScale)});
}

PD_REGISTER_OP(fused_elemwise_add_activation)
    .Doc("elementwise_add and a unary functor fused into one pass: functor_list "
         "[unary, \"elementwise_add\"] gives Out = unary(X + Y), [\"elementwise_add\", unary] "
         "gives Out = X + unary(Y); unary is relu, sigmoid, tanh, gelu or scale. X and Y "
         "broadcast as in elementwise_add. Made by the inference pass "
         "elementwise_act_fuse_pass; it has no gradient.",
         "把 elementwise_add 与一个一元函数融合为一次计算：functor_list 为 "
         "[一元函数, \"elementwise_add\"] 时 Out = 一元函数(X + Y)，为 [\"elementwise_add\", "
         "一元函数] 时 Out = X + 一元函数(Y)；一元函数为 relu、sigmoid、tanh、gelu 或 scale。X 与 "
         "Y 按 elementwise_add 的规则广播。由推理优化 pass elementwise_act_fuse_pass 生成；"
         "没有梯度。")
    .Input(kX, "X", "The first addend.", "第一个加数。")
    .Input(kY, "Y", "The second addend (the unary functor's input when it comes second).",
           "第二个加数（一元函数排在后面时，它作用于 Y）。")
    .Output(kOut, "Out", "The composed result, of the broadcast shape of X and Y.",
            "组合计算的结果，形状为 X 与 Y 广播后的形状。")
    .Output(kIntermediateOut, "IntermediateOut",
            "The inner functor's result: X + Y, or unary(Y); written when bound.",
            "内层函数的结果：X + Y 或 一元函数(Y)；绑定时才写出。")
    .Intermediate()
    .RequiredAttr<std::vector<std::string>>(
        kFunctorList, "functor_list",
        "The two functors, outer first: \"elementwise_add\" and one of relu, sigmoid, tanh, "
        "gelu, scale.",
        "两个函数，外层在前：\"elementwise_add\" 和 relu、sigmoid、tanh、gelu、scale 之一。")
    .Attr<int32_t>(kAxis, "axis", -1, "Where Y's dims line up with X's, as in elementwise_add.",
                   "Y 的维度与 X 对齐的起始位置，与 elementwise_add 相同。")
    .Attr<float>(kScale, "scale", 0.0f, "The factor of the scale functor.", "scale 函数的缩放系数。")
    .Attr<bool>(kSaveIntermediateOut, "save_intermediate_out", false,
                "Whether IntermediateOut must be bound and written (for a gradient).",
                "是否必须绑定并写出 IntermediateOut（供梯度使用）。")
    .InferShape(FusedInferShape)
    .CpuKernel<float>(FusedKernel<float>)
    .CpuKernel<double>(FusedKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
