// warprnnt: the RNN transducer loss (Graves 2012) of log-probabilities input
// [B, Tmax, Umax, D] (used as given, as PaddlePaddle 3.3.1's CPU kernel does:
// no softmax is taken) for labels [B, Umax - 1]. For sample b with T input
// steps and U = label length + 1, the forward variables
//   alpha(t, u) = logsumexp(alpha(t-1, u) + blank(t-1, u), alpha(t, u-1) + y(t, u-1))
// and the backward ones beta give loss = -beta(0, 0). warprnntgrad is the
// gradient of each loss with respect to input, computed with the forward pass
// (zero outside the sample's T x U lattice); FastEmit (fastemit_lambda) scales
// the label emissions' part of it by 1 + lambda, leaving the loss as it is.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum RnntIn { kInput, kLabel, kInputLengths, kLabelLengths };
enum RnntOut { kLoss, kGrad };
enum RnntAttr { kBlank, kFastemitLambda };
enum RnntGradIn { kGGrad, kGLossGrad };
enum RnntGradOut { kGInputGrad };

void RnntInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim in = ctx.InputDim(kInput), label = ctx.InputDim(kLabel);
  const DDim tl = ctx.InputDim(kInputLengths), ul = ctx.InputDim(kLabelLengths);
  PD_CHECK(in.rank() == 4, InvalidArgument, "[", op, "] input must be 4-D [B, Tmax, Umax, D], got ",
           in.ToString());
  PD_CHECK(label.rank() == 2, InvalidArgument, "[", op, "] label must be 2-D [B, Umax - 1], got ",
           label.ToString());
  PD_CHECK(label[0] < 0 || in[0] < 0 || label[0] == in[0], InvalidArgument, "[", op, "] label ",
           label.ToString(), " must have input's batch size ", in[0]);
  PD_CHECK(label[1] < 0 || in[2] < 0 || label[1] + 1 == in[2], InvalidArgument, "[", op,
           "] label ", label.ToString(), " must have Umax - 1 = ", in[2] - 1,
           " columns (input ", in.ToString(), ")");
  for (const DDim& d : {tl, ul}) {
    PD_CHECK(d.numel() < 0 || in[0] < 0 || d.numel() == in[0], InvalidArgument, "[", op,
             "] input_lengths and label_lengths must hold one length per sample (", in[0],
             "), got ", tl.ToString(), " and ", ul.ToString());
  }
  const int32_t blank = ctx.Attr<int32_t>(kBlank);
  PD_CHECK(blank >= 0 && (in[3] < 0 || blank < in[3]), InvalidArgument, "[", op, "] blank ",
           blank, " must be in [0, ", in[3], ")");
  ctx.SetOutputDim(kLoss, DDim{in[0]});
  if (ctx.HasOutput(kGrad)) ctx.SetOutputDim(kGrad, in);
}

int64_t ReadLength(const DenseTensor& t, int64_t b) {
  return t.dtype() == DataType::kInt64 ? t.data<int64_t>()[b]
                                       : static_cast<int64_t>(t.data<int32_t>()[b]);
}

template <typename T>
T LogAdd(T a, T b) {
  if (a == -std::numeric_limits<T>::infinity()) return b;
  if (b == -std::numeric_limits<T>::infinity()) return a;
  return std::max(a, b) + std::log1p(std::exp(-std::abs(a - b)));
}

// One sample: its loss, and its gradient into grad (the sample's [Tmax, Umax, D]).
template <typename T>
T SampleLossAndGrad(const T* lp, const int32_t* labels, int64_t t_len, int64_t u_len,
                    int64_t umax, int64_t d, int32_t blank, T lambda, T* grad) {
  const T ninf = -std::numeric_limits<T>::infinity();
  auto at = [&](int64_t t, int64_t u) { return lp + (t * umax + u) * d; };
  std::vector<T> alpha(t_len * u_len, ninf), beta(t_len * u_len, ninf);
  auto A = [&](int64_t t, int64_t u) -> T& { return alpha[t * u_len + u]; };
  auto Bt = [&](int64_t t, int64_t u) -> T& { return beta[t * u_len + u]; };
  for (int64_t t = 0; t < t_len; ++t)
    for (int64_t u = 0; u < u_len; ++u) {
      if (t == 0 && u == 0) {
        A(t, u) = T(0);
        continue;
      }
      const T from_t = t > 0 ? A(t - 1, u) + at(t - 1, u)[blank] : ninf;
      const T from_u = u > 0 ? A(t, u - 1) + at(t, u - 1)[labels[u - 1]] : ninf;
      A(t, u) = LogAdd(from_t, from_u);
    }
  for (int64_t t = t_len - 1; t >= 0; --t)
    for (int64_t u = u_len - 1; u >= 0; --u) {
      if (t == t_len - 1 && u == u_len - 1) {
        Bt(t, u) = at(t, u)[blank];
        continue;
      }
      const T to_t = t + 1 < t_len ? Bt(t + 1, u) + at(t, u)[blank] : ninf;
      const T to_u = u + 1 < u_len ? Bt(t, u + 1) + at(t, u)[labels[u]] : ninf;
      Bt(t, u) = LogAdd(to_t, to_u);
    }
  const T ll = Bt(0, 0);
  if (grad) {
    for (int64_t t = 0; t < t_len; ++t)
      for (int64_t u = 0; u < u_len; ++u) {
        T* g = grad + (t * umax + u) * d;
        const T next = t + 1 < t_len ? Bt(t + 1, u) : (u == u_len - 1 ? T(0) : ninf);
        g[blank] = -std::exp(A(t, u) + next + at(t, u)[blank] - ll);
        if (u + 1 < u_len) {
          const int32_t y = labels[u];
          g[y] = -(T(1) + lambda) * std::exp(A(t, u) + Bt(t, u + 1) + at(t, u)[y] - ll);
        }
      }
  }
  return -ll;
}

template <typename T>
void RnntKernel(KernelContext& ctx) {
  const std::string& op = ctx.op_type();
  const DenseTensor& input = ctx.Input(kInput);
  const DDim dims = input.dims();
  const int64_t batch = dims[0], tmax = dims[1], umax = dims[2], d = dims[3];
  const int32_t blank = ctx.Attr<int32_t>(kBlank);
  const T lambda = static_cast<T>(ctx.Attr<float>(kFastemitLambda));
  const T* lp = input.data<T>();
  PD_CHECK(ctx.Input(kLabel).dtype() == DataType::kInt32, InvalidArgument, "[", op,
           "] label must be int32");
  const int32_t* labels = ctx.Input(kLabel).data<int32_t>();
  const DenseTensor& tl = ctx.Input(kInputLengths);
  const DenseTensor& ul = ctx.Input(kLabelLengths);
  T* loss = ctx.Output(kLoss)->MutableData<T>(ctx.place());
  T* grad = ctx.HasOutput(kGrad) ? ctx.Output(kGrad)->MutableData<T>(ctx.place()) : nullptr;
  if (grad) std::fill(grad, grad + dims.numel(), T(0));
  const int64_t sample = tmax * umax * d;
  for (int64_t b = 0; b < batch; ++b) {  // checked before the parallel loop, so errors raise here
    const int64_t t_len = ReadLength(tl, b), u_len = ReadLength(ul, b) + 1;
    PD_CHECK(t_len >= 1 && t_len <= tmax, InvalidArgument, "[", op, "] input_lengths[", b, "] = ",
             t_len, " is out of [1, ", tmax, "]");
    PD_CHECK(u_len >= 1 && u_len <= umax, InvalidArgument, "[", op, "] label_lengths[", b, "] = ",
             u_len - 1, " is out of [0, ", umax - 1, "]");
    for (int64_t u = 0; u + 1 < u_len; ++u) {
      const int32_t y = labels[b * (umax - 1) + u];
      PD_CHECK(y >= 0 && y < d && y != blank, InvalidArgument, "[", op, "] label[", b, "][", u,
               "] = ", y, " must be a class in [0, ", d, ") other than blank ", blank);
    }
  }
  ParallelFor(batch, [&](int64_t lo, int64_t hi) {
    for (int64_t b = lo; b < hi; ++b) {
      loss[b] = SampleLossAndGrad(lp + b * sample, labels + b * (umax - 1), ReadLength(tl, b),
                                  ReadLength(ul, b) + 1, umax, d, blank, lambda,
                                  grad ? grad + b * sample : nullptr);
    }
  }, 1);
}

void RnntGradInferShape(InferShapeContext& ctx) {
  const DDim g = ctx.InputDim(kGGrad), dl = ctx.InputDim(kGLossGrad);
  PD_CHECK(dl.numel() < 0 || g[0] < 0 || dl.numel() == g[0], InvalidArgument, "[",
           ctx.op_type(), "] loss@GRAD ", dl.ToString(), " must hold one value per sample (",
           g[0], ")");
  ctx.SetOutputDim(kGInputGrad, g);
}

// d input = warprnntgrad * d loss, per sample.
template <typename T>
void RnntGradKernel(KernelContext& ctx) {
  const DenseTensor& g = ctx.Input(kGGrad);
  const T* gp = g.data<T>();
  const T* dl = ctx.Input(kGLossGrad).data<T>();
  T* dx = ctx.Output(kGInputGrad)->MutableData<T>(ctx.place());
  const int64_t batch = g.dims()[0], sample = g.dims().numel() / std::max<int64_t>(batch, 1);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < sample; ++i) dx[b * sample + i] = gp[b * sample + i] * dl[b];
}

PD_REGISTER_OP(warprnnt)
    .Doc("The RNN transducer loss of log-probabilities input [B, Tmax, Umax, D] for labels "
         "[B, Umax - 1]: -log of the total probability of the alignments of each label "
         "sequence, by the forward-backward recursions over the T x U lattice.",
         "RNN transducer 损失：对数概率 input [B, Tmax, Umax, D] 对标签 [B, Umax - 1] 的损失，"
         "即在 T x U 网格上用前向-后向递推求出的各标签序列全部对齐的总概率的负对数。")
    .Input(kInput, "input", "Log-probabilities, [B, Tmax, Umax, D], used as given.",
           "对数概率，[B, Tmax, Umax, D]，按原样使用。")
    .Input(kLabel, "label", "int32 labels, [B, Umax - 1], padded past label_lengths.",
           "int32 标签，[B, Umax - 1]，label_lengths 之后为填充。")
    .Input(kInputLengths, "input_lengths", "Each sample's T (int32 or int64), [B].",
           "每个样本的 T（int32 或 int64），[B]。")
    .Input(kLabelLengths, "label_lengths", "Each sample's label length (int32 or int64), [B].",
           "每个样本的标签长度（int32 或 int64），[B]。")
    .Output(kLoss, "loss", "Each sample's loss, [B].", "每个样本的损失，[B]。")
    .Output(kGrad, "warprnntgrad", "The gradient of each loss with respect to input.",
            "每个损失对 input 的梯度。")
    .Intermediate()
    .Attr<int32_t>(kBlank, "blank", 0, "The blank class.", "空白类别。")
    .Attr<float>(kFastemitLambda, "fastemit_lambda", 0.0f,
                 "FastEmit: the label emissions' gradient is scaled by 1 + fastemit_lambda.",
                 "FastEmit：标签发射部分的梯度乘以 1 + fastemit_lambda。")
    .InferShape(RnntInferShape)
    .CpuKernel<float>(RnntKernel<float>)
    .CpuKernel<double>(RnntKernel<double>)
    .Grad()
    .Reads(kGGrad, "warprnntgrad")
    .OutputGrad(kGLossGrad, "loss")
    .InputGrad(kGInputGrad, "input")
    .InferShape(RnntGradInferShape)
    .CpuKernel<float>(RnntGradKernel<float>)
    .CpuKernel<double>(RnntGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
