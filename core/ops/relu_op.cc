// relu: Out = max(X, 0). Safe to run in place (Out sharing X's buffer): each
// element is read before it is written.
#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum ReluIn { kX };
enum ReluOut { kOut };
// relu_grad needs only Out (Out > 0 exactly where X > 0), so X can be freed
// or overwritten in place after the forward.
enum ReluGradIn { kGradOut, kGradOutGrad };
enum ReluGradOut { kGradXGrad };

void ReluInferShape(InferShapeContext& ctx) { SameShape(ctx, kX, kOut); }

template <typename T>
void ReluKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const T* in = x.data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  const int64_t n = x.numel();
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] > T(0) ? in[i] : T(0);
}

void ReluGradInferShape(InferShapeContext& ctx) { GradShapeLike(ctx, kGradOutGrad, kGradXGrad); }

template <typename T>
void ReluGradKernel(KernelContext& ctx) {
  const DenseTensor& out = ctx.Input(kGradOut);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  PD_CHECK(out.dims() == dout.dims(), InvalidArgument, "[relu_grad] Out ",
           out.dims().ToString(), " and Out@GRAD ", dout.dims().ToString(),
           " must have the same shape");
  const T* o = out.data<T>();
  const T* g = dout.data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  const int64_t n = out.numel();
  for (int64_t i = 0; i < n; ++i) dx[i] = o[i] > T(0) ? g[i] : T(0);
}

std::vector<GradOpDesc> ReluGradMaker(const OpDesc& fwd) {
  return GradOpBuilder(fwd, "relu_grad").ForwardOutput("Out").OutputGrad("Out").InputGrad("X").Build();
}

PD_REGISTER_OP(relu)
    .Doc("Rectified linear unit, elementwise: Out = max(X, 0).",
         "逐元素的线性整流函数：Out = max(X, 0)。")
    .Input("X", "The input tensor, any shape.", "输入张量，形状任意。")
    .Output("Out", "max(X, 0), same shape and LoD as X.", "max(X, 0)，形状与 LoD 同 X。")
    .InferShape(ReluInferShape)
    .Inplace("X", "Out")
    .GradMaker(ReluGradMaker)
    .CpuKernel<float>(ReluKernel<float>)
    .CpuKernel<double>(ReluKernel<double>);

PD_REGISTER_OP(relu_grad)
    .Doc("Gradient of relu: X@GRAD = Out@GRAD where Out > 0, else 0. Reads the forward output, "
         "not X, so relu can run in place.",
         "relu 的梯度：Out > 0 处 X@GRAD = Out@GRAD，其余为 0。读取前向输出而非 X，"
         "因此 relu 可以原地计算。")
    .Input("Out", "The forward output of relu.", "relu 的前向输出。")
    .Input("Out@GRAD", "Gradient of the loss with respect to Out.", "损失对 Out 的梯度。")
    .Output("X@GRAD", "Gradient of the loss with respect to X.", "损失对 X 的梯度。")
    .InferShape(ReluGradInferShape)
    .CpuKernel<float>(ReluGradKernel<float>)
    .CpuKernel<double>(ReluGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
