// fc: the fused dense layer Out = act(flatten(Input) * W + Bias), made by
// core/ir's fc_fuse_pass from mul or matmul_v2/matmul + elementwise_add (+ an
// activation). One GEMM writes
// Out, then one pass over Out adds the bias and applies the activation, so
// the output is touched once more instead of twice. An inference op: it has no
// gradient (programs that train keep the unfused ops).
#include "core/base/enforce.h"
#include "core/ops/activation_functors.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum FcIn { kInput, kW, kBias };
enum FcOut { kOut };
enum FcAttr { kInNumColDims, kActivationType, kPaddingWeights };

// PaddlePaddle's padding_weights=true stores W padded by 4 rows and columns
// for aligned oneDNN loads; no saved model uses it on CPU, so it is refused.
void CheckNoPadding(const std::string& op, bool padding_weights) {
  PD_CHECK(!padding_weights, Unimplemented, "[", op,
           "] padding_weights=true (W stored padded by 4 in each dim) is not supported; "
           "save the model with padding_weights=false");
}

void FcInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  CheckNoPadding(op, ctx.Attr<bool>(kPaddingWeights));
  const DDim x = ctx.InputDim(kInput), w = ctx.InputDim(kW);
  const int k = ctx.Attr<int32_t>(kInNumColDims);
  PD_CHECK(x.rank() > k, InvalidArgument, "[", op,
           "] input 'Input' must have rank > in_num_col_dims (", k, "), got shape ",
           x.ToString());
  PD_CHECK(w.rank() == 2, InvalidArgument, "[", op, "] input 'W' must be 2-D [K, N], got shape ",
           w.ToString());
  const DDim x2 = x.FlattenTo2D(k);
  PD_CHECK(x2[1] < 0 || w[0] < 0 || x2[1] == w[0], InvalidArgument, "[", op,
           "] Input flattened at in_num_col_dims=", k, " is ", x2.ToString(),
           " but W is ", w.ToString(), ": the inner sizes must match (Input shape ",
           x.ToString(), ")");
  if (ctx.HasInput(kBias)) {
    const DDim b = ctx.InputDim(kBias);
    const bool row = b.rank() == 1 || (b.rank() == 2 && b[0] == 1);
    PD_CHECK(row && (w[1] < 0 || b[b.rank() - 1] < 0 || b[b.rank() - 1] == w[1]),
             InvalidArgument, "[", op, "] input 'Bias' must have shape [N] or [1, N] with N = ",
             w[1], " (W's columns), got ", b.ToString());
  }
  int64_t d[DDim::kMaxRank];
  for (int i = 0; i < k; ++i) d[i] = x[i];
  d[k] = w[1];
  ctx.SetOutputDim(kOut, DDim(d, k + 1));
  ctx.ShareLoD(kInput, kOut);
}

// One pass over a row of the product: add the bias row, then the activation (vectorized:
// gelu's erf per element was most of a BERT layer's fc when scalar).
template <typename T, typename Act>
PD_SIMD_CLONES void BiasActRow(T* __restrict o, const T* __restrict bias, int64_t n, Act act) {
  if (bias) {
    for (int64_t j = 0; j < n; ++j) o[j] = act(o[j] + bias[j]);
  } else {
    for (int64_t j = 0; j < n; ++j) o[j] = act(o[j]);
  }
}

// The [m, n] product's rows, spread over the math threads when large.
template <typename T, typename Act>
void BiasAct(T* o, const T* bias, int64_t m, int64_t n, Act act) {
  ParallelFor(m, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) BiasActRow(o + i * n, bias, n, act);
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, n)));
}

struct Identity {
  template <typename T> T operator()(T x) const { return x; }
};

template <typename T>
void FcKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kInput);
  const DenseTensor& w = ctx.Input(kW);
  const DDim x2 = x.dims().FlattenTo2D(ctx.Attr<int32_t>(kInNumColDims));
  const int64_t m = x2[0], kk = x2[1], n = w.dims()[1];
  const T* bias = nullptr;
  if (ctx.HasInput(kBias)) {
    bias = ctx.Input(kBias).data<T>();
  }
  T* o = ctx.Output(kOut)->MutableData<T>(ctx.place());
  Gemm(false, false, m, n, kk, T(1), x.data<T>(), w.data<T>(), T(0), o);
  const std::string& act = ctx.Attr<std::string>(kActivationType);
  if (act == "relu") BiasAct(o, bias, m, n, Relu{});
  else if (act == "sigmoid") BiasAct(o, bias, m, n, Sigmoid{});
  else if (act == "tanh") BiasAct(o, bias, m, n, Tanh{});
  else if (act == "gelu") BiasAct(o, bias, m, n, GeluErf{});
  else if (act == "gelu_tanh") BiasAct(o, bias, m, n, GeluTanh{});
  else if (bias) BiasAct(o, bias, m, n, Identity{});
}

PD_REGISTER_OP(fc)
    .Doc("Fully-connected layer for inference: Out = act(flatten(Input) * W + Bias), where "
         "Input is flattened to [prod(Input.dims[:in_num_col_dims]), "
         "prod(Input.dims[in_num_col_dims:])] and Out has shape "
         "Input.dims[:in_num_col_dims] + [W.dims[1]]. Made by the inference pass fc_fuse_pass "
         "from mul or matmul_v2 + elementwise_add (+ an activation); it has no gradient.",
         "用于推理的全连接层：Out = act(flatten(Input) * W + Bias)，其中 Input 展平为 "
         "[prod(Input.dims[:in_num_col_dims]), prod(Input.dims[in_num_col_dims:])]，Out 的形状为 "
         "Input.dims[:in_num_col_dims] + [W.dims[1]]。由推理优化 pass fc_fuse_pass 将 mul 或 "
         "matmul_v2 + elementwise_add（+ 激活函数）融合而成；没有梯度。")
    .Input(kInput, "Input", "The input features, flattened to a matrix at in_num_col_dims.",
           "输入特征，在 in_num_col_dims 处展平为矩阵。")
    .Input(kW, "W", "The weight matrix [K, N].", "权重矩阵 [K, N]。")
    .Input(kBias, "Bias", "The bias [N] (or [1, N]) added to every row; optional.",
           "加到每一行上的偏置 [N]（或 [1, N]），可省略。")
    .Dispensable()
    .Output(kOut, "Out", "act(flatten(Input) * W + Bias), shape Input.dims[:in_num_col_dims] + [N].",
            "act(flatten(Input) * W + Bias)，形状为 Input.dims[:in_num_col_dims] + [N]。")
    .Attr<int32_t>(kInNumColDims, "in_num_col_dims", 1,
                   "How many leading dims of Input form the rows of the flattened matrix; the "
                   "rest form its columns.",
                   "Input 的前多少个维度合并为展平矩阵的行，其余维度合并为列。")
    .AtLeast(1)
    .Attr(kActivationType, "activation_type", "",
          "The activation applied after the bias: \"\" (none), \"relu\", \"sigmoid\", "
          "\"tanh\", \"gelu\" (exact) or \"gelu_tanh\" (gelu's tanh approximation). "
          "PaddlePaddle's CPU fc applies only relu; the others are made by this project's "
          "fc_fuse_pass.",
          "加偏置之后使用的激活函数：\"\"（无）、\"relu\"、\"sigmoid\"、\"tanh\"、"
          "\"gelu\"（精确）或 \"gelu_tanh\"（gelu 的 tanh 近似）。PaddlePaddle 的 CPU fc 只支持 "
          "relu；其余由本项目的 fc_fuse_pass 生成。")
    .OneOf({"", "relu", "sigmoid", "tanh", "gelu", "gelu_tanh"})
    .Attr<bool>(kPaddingWeights, "padding_weights", false,
                "Whether W is stored padded by 4 in each dim (PaddlePaddle's oneDNN layout); "
                "only false is supported.",
                "W 是否在每个维度上填充了 4（PaddlePaddle 的 oneDNN 布局）；仅支持 false。")
    .InferShape(FcInferShape)
    .CpuKernel<float>(FcKernel<float>)
    .CpuKernel<double>(FcKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
