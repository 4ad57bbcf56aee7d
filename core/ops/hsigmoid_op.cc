// hierarchical_sigmoid: the loss of a label as a path of binary decisions
// down a tree of num_classes leaves. Each step j of sample i's path has a
// non-leaf node idx (a row of W and of Bias) and a bit; z = W[idx] . X[i] +
// Bias[idx], clipped to [-40, 40], and the loss is
// sum_j softplus(z_j) - sum_{j: bit 1} z_j. The path comes from PathTable /
// PathCode ([N, L], a row ending at its first negative index), or else from the
// default complete binary tree: with c = label + num_classes, the path has
// floor(log2(c)) steps, step j at node (c >> (j + 1)) - 1 with bit (c >> j) & 1.
// PreOut has code_length columns (L, or the bit length of num_classes - 1);
// as in PaddlePaddle 3.3.1 the columns past a shorter path count softplus(0) =
// log 2 each in the loss (they get no gradient).
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum HsIn { kX, kW, kLabel, kPathTable, kPathCode, kBias };
enum HsOut { kOut, kPreOut, kWOut };
enum HsAttr { kNumClasses, kTrainerId, kHeightSections, kEpmap, kTableNames, kIsSparse };
enum HsGradIn { kGX, kGW, kGLabel, kGPathTable, kGPathCode, kGBias, kGPreOut, kGOutGrad };
enum HsGradOut { kGXGrad, kGWGrad, kGBiasGrad };

constexpr double kClip = 40.0;

// The number of bits of v (0 for 0).
int64_t BitLength(int64_t v) {
  int64_t n = 0;
  for (; v > 0; v >>= 1) ++n;
  return n;
}

int64_t CodeLength(InferShapeContext& ctx, int table_slot) {
  if (ctx.HasInput(table_slot)) return ctx.InputDim(table_slot)[1];
  return BitLength(ctx.Attr<int32_t>(kNumClasses) - 1);
}

void HsInferShape(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(kX), w = ctx.InputDim(kW), label = ctx.InputDim(kLabel);
  const int32_t classes = ctx.Attr<int32_t>(kNumClasses);
  PD_CHECK(x.rank() == 2, InvalidArgument, "[", op, "] X must be 2-D [N, D], got ", x.ToString());
  PD_CHECK(w.rank() == 2, InvalidArgument, "[", op, "] W must be 2-D [nodes, D], got ",
           w.ToString());
  PD_CHECK(x[1] < 0 || w[1] < 0 || x[1] == w[1], InvalidArgument, "[", op, "] W ", w.ToString(),
           " must have X's feature size ", x[1]);
  PD_CHECK(label.numel() < 0 || x[0] < 0 || label.numel() == x[0], InvalidArgument, "[", op,
           "] Label ", label.ToString(), " must hold one class per row of X ", x.ToString());
  const bool custom = ctx.HasInput(kPathTable);
  PD_CHECK(custom == ctx.HasInput(kPathCode), InvalidArgument, "[", op,
           "] PathTable and PathCode must be given together");
  if (custom) {
    const DDim table = ctx.InputDim(kPathTable), code = ctx.InputDim(kPathCode);
    PD_CHECK(table.rank() == 2 && table == code, InvalidArgument, "[", op,
             "] PathTable ", table.ToString(), " and PathCode ", code.ToString(),
             " must be the same 2-D [N, L] shape");
  } else {
    PD_CHECK(classes >= 2, InvalidArgument, "[", op, "] num_classes must be >= 2, got ", classes);
  }
  if (ctx.HasInput(kBias)) {
    const DDim b = ctx.InputDim(kBias);
    PD_CHECK(b.numel() < 0 || w[0] < 0 || b.numel() == w[0], InvalidArgument, "[", op,
             "] Bias ", b.ToString(), " must hold one value per row of W ", w.ToString());
  }
  ctx.SetOutputDim(kOut, DDim{x[0], 1});
  if (ctx.HasOutput(kPreOut)) ctx.SetOutputDim(kPreOut, DDim{x[0], CodeLength(ctx, kPathTable)});
  if (ctx.HasOutput(kWOut)) ctx.SetOutputDim(kWOut, w);
}

// One sample's path: node indices and bits.
struct Path {
  std::vector<int64_t> node;
  std::vector<int> bit;
};

template <typename L>
void ReadPath(const std::string& op, int64_t i, const L* label, const int64_t* table,
              const int64_t* code, int64_t width, int64_t classes, int64_t nodes, Path* p) {
  p->node.clear();
  p->bit.clear();
  if (table) {
    for (int64_t j = 0; j < width && table[i * width + j] >= 0; ++j) {
      p->node.push_back(table[i * width + j]);
      p->bit.push_back(code[i * width + j] != 0);
    }
  } else {
    const int64_t c = static_cast<int64_t>(label[i]);
    PD_CHECK(c >= 0 && c < classes, InvalidArgument, "[", op, "] Label[", i, "] = ", c,
             " is out of [0, ", classes, ")");
    const int64_t v = c + classes;
    for (int64_t j = 0; j + 1 < BitLength(v); ++j) {
      p->node.push_back((v >> (j + 1)) - 1);
      p->bit.push_back(static_cast<int>((v >> j) & 1));
    }
  }
  for (int64_t idx : p->node) {
    PD_CHECK(idx < nodes, InvalidArgument, "[", op, "] sample ", i, " reaches node ", idx,
             ", past the ", nodes, " rows of W");
  }
}

struct Inputs {
  const int64_t* table = nullptr;
  const int64_t* code = nullptr;
  int64_t width = 0, classes = 0, nodes = 0, dim = 0, n = 0;
};

Inputs ReadInputs(KernelContext& ctx, int x_slot, int w_slot, int table_slot, int code_slot) {
  Inputs in;
  const DDim x = ctx.Input(x_slot).dims();
  in.n = x[0];
  in.dim = x[1];
  in.nodes = ctx.Input(w_slot).dims()[0];
  in.classes = ctx.Attr<int32_t>(kNumClasses);
  if (ctx.HasInput(table_slot)) {
    in.table = ctx.Input(table_slot).data<int64_t>();
    in.code = ctx.Input(code_slot).data<int64_t>();
    in.width = ctx.Input(table_slot).dims()[1];
  } else {
    in.width = BitLength(in.classes - 1);
  }
  return in;
}

// Label may be int64 or int32: reads paths with the right element type.
void PathOf(KernelContext& ctx, int label_slot, const Inputs& in, int64_t i, Path* p) {
  const DenseTensor& label = ctx.Input(label_slot);
  if (label.dtype() == DataType::kInt32) {
    ReadPath(ctx.op_type(), i, label.data<int32_t>(), in.table, in.code, in.width, in.classes,
             in.nodes, p);
  } else {
    ReadPath(ctx.op_type(), i, label.data<int64_t>(), in.table, in.code, in.width, in.classes,
             in.nodes, p);
  }
}

template <typename T>
void HsKernel(KernelContext& ctx) {
  const Inputs in = ReadInputs(ctx, kX, kW, kPathTable, kPathCode);
  const T* x = ctx.Input(kX).data<T>();
  const T* w = ctx.Input(kW).data<T>();
  const T* bias = ctx.HasInput(kBias) ? ctx.Input(kBias).data<T>() : nullptr;
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  T* pre = ctx.HasOutput(kPreOut) ? ctx.Output(kPreOut)->MutableData<T>(ctx.place()) : nullptr;
  if (ctx.HasOutput(kWOut)) {
    T* w_out = ctx.Output(kWOut)->MutableData<T>(ctx.place());
    std::copy(w, w + in.nodes * in.dim, w_out);
  }
  const T log2 = static_cast<T>(std::log(2.0));
  Path p;  // one thread: a bad label or node raises here
  for (int64_t i = 0; i < in.n; ++i) {
    PathOf(ctx, kLabel, in, i, &p);
    T loss = T(0);
    const int64_t len = static_cast<int64_t>(p.node.size());
    for (int64_t j = 0; j < in.width; ++j) {
      T z = T(0);
      if (j < len) {
        const T* row = w + p.node[j] * in.dim;
        for (int64_t k = 0; k < in.dim; ++k) z += row[k] * x[i * in.dim + k];
        if (bias) z += bias[p.node[j]];
        z = std::min(std::max(z, static_cast<T>(-kClip)), static_cast<T>(kClip));
        if (p.bit[j]) loss -= z;
      }
      const T softplus = j < len ? std::log1p(std::exp(z)) : log2;
      loss += softplus;
      if (pre) pre[i * in.width + j] = softplus;
    }
    out[i] = loss;
  }
}

void HsGradInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kGX);
  const DDim g = ctx.InputDim(kGOutGrad);
  PD_CHECK(g.numel() < 0 || x[0] < 0 || g.numel() == x[0], InvalidArgument, "[", ctx.op_type(),
           "] Out@GRAD ", g.ToString(), " must hold one value per row of X ", x.ToString());
  GradShapeLike(ctx, kGX, kGXGrad);
  GradShapeLike(ctx, kGW, kGWGrad);
  GradShapeLike(ctx, kGBias, kGBiasGrad);
}

// dz_j = (sigmoid(z_j) - bit_j) * dOut_i along each path, sigmoid(z) read from
// PreOut's softplus as 1 - exp(-softplus); then dX += dz W[idx], dW[idx] += dz X,
// dBias[idx] += dz.
template <typename T>
void HsGradKernel(KernelContext& ctx) {
  const Inputs in = ReadInputs(ctx, kGX, kGW, kGPathTable, kGPathCode);
  const T* x = ctx.Input(kGX).data<T>();
  const T* w = ctx.Input(kGW).data<T>();
  const T* pre = ctx.Input(kGPreOut).data<T>();
  const T* dout = ctx.Input(kGOutGrad).data<T>();
  T* dx = ctx.HasOutput(kGXGrad) ? ctx.Output(kGXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dw = ctx.HasOutput(kGWGrad) ? ctx.Output(kGWGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* db = ctx.HasOutput(kGBiasGrad) && ctx.HasInput(kGBias)
              ? ctx.Output(kGBiasGrad)->MutableData<T>(ctx.place()) : nullptr;
  if (dx) std::fill(dx, dx + in.n * in.dim, T(0));
  if (dw) std::fill(dw, dw + in.nodes * in.dim, T(0));
  if (db) std::fill(db, db + in.nodes, T(0));
  Path p;
  for (int64_t i = 0; i < in.n; ++i) {
    PathOf(ctx, kGLabel, in, i, &p);
    for (size_t j = 0; j < p.node.size(); ++j) {
      const T sigmoid = T(1) - std::exp(-pre[i * in.width + static_cast<int64_t>(j)]);
      const T dz = (sigmoid - static_cast<T>(p.bit[j])) * dout[i];
      const int64_t node = p.node[j];
      if (dx) {
        for (int64_t k = 0; k < in.dim; ++k) dx[i * in.dim + k] += dz * w[node * in.dim + k];
      }
      if (dw) {
        for (int64_t k = 0; k < in.dim; ++k) dw[node * in.dim + k] += dz * x[i * in.dim + k];
      }
      if (db) db[node] += dz;
    }
  }
}

PD_REGISTER_OP(hierarchical_sigmoid)
    .Doc("Hierarchical sigmoid loss: each label is a path of binary decisions down a tree "
         "(the default complete binary tree of num_classes leaves, or PathTable/PathCode); "
         "Out is the sum over the path of the binary cross-entropies of "
         "sigmoid(W[node] . X + Bias[node]).",
         "层次 sigmoid 损失：每个标签是树上一条由二分决策组成的路径（默认为 num_classes 个叶子的"
         "完全二叉树，或由 PathTable/PathCode 给出）；Out 是路径上各步 "
         "sigmoid(W[node] . X + Bias[node]) 的二元交叉熵之和。")
    .Input(kX, "X", "The features, [N, D].", "特征，[N, D]。")
    .Input(kW, "W", "One row per non-leaf node, [nodes, D].", "每个非叶节点一行，[nodes, D]。")
    .Input(kLabel, "Label", "The classes, int64 [N] or [N, 1].", "类别，int64 的 [N] 或 [N, 1]。")
    .Input(kPathTable, "PathTable",
           "Optional custom paths: node indices, [N, L], each row ending at its first negative.",
           "可选的自定义路径：节点下标，[N, L]，每行到第一个负数为止。")
    .Dispensable()
    .Input(kPathCode, "PathCode", "The bits of PathTable's steps, [N, L].",
           "PathTable 各步的编码位，[N, L]。")
    .Dispensable()
    .Input(kBias, "Bias", "Optional per-node bias, one value per row of W.",
           "可选的逐节点偏置，W 每行一个值。")
    .Dispensable()
    .Output(kOut, "Out", "The loss of each sample, [N, 1].", "每个样本的损失，[N, 1]。")
    .Output(kPreOut, "PreOut", "softplus of each step's clipped logit, [N, code_length].",
            "每步截断后的 logit 的 softplus，[N, code_length]。")
    .Intermediate()
    .Output(kWOut, "W_Out", "W as is (PaddlePaddle's remote sparse update output).",
            "原样的 W（PaddlePaddle 远程稀疏更新的输出）。")
    .Intermediate()
    .Attr<int32_t>(kNumClasses, "num_classes", 2, "The number of classes (leaves).",
                   "类别（叶子）数。")
    .Attr<int32_t>(kTrainerId, "trainer_id", 0, "Distributed training only; unused.",
                   "仅用于分布式训练；未使用。")
    .ExtraAttr()
    .Attr<std::vector<int64_t>>(kHeightSections, "height_sections", {},
                                "Distributed training only; unused.", "仅用于分布式训练；未使用。")
    .ExtraAttr()
    .Attr<std::vector<std::string>>(kEpmap, "epmap", {}, "Distributed training only; unused.",
                                    "仅用于分布式训练；未使用。")
    .ExtraAttr()
    .Attr<std::vector<std::string>>(kTableNames, "table_names", {},
                                    "Distributed training only; unused.",
                                    "仅用于分布式训练；未使用。")
    .ExtraAttr()
    .Attr<bool>(kIsSparse, "is_sparse", false,
                "Whether W's gradient is sparse in PaddlePaddle; here it is always dense.",
                "PaddlePaddle 中 W 的梯度是否稀疏；此处总是稠密的。")
    .InferShape(HsInferShape)
    .CpuKernel<float>(HsKernel<float>)
    .CpuKernel<double>(HsKernel<double>)
    .Grad()
    .Reads(kGX, "X")
    .Reads(kGW, "W")
    .Reads(kGLabel, "Label")
    .Reads(kGPathTable, "PathTable")
    .Reads(kGPathCode, "PathCode")
    .Reads(kGBias, "Bias")
    .Reads(kGPreOut, "PreOut")
    .OutputGrad(kGOutGrad, "Out")
    .InputGrad(kGXGrad, "X")
    .InputGrad(kGWGrad, "W")
    .InputGrad(kGBiasGrad, "Bias")
    .InferShape(HsGradInferShape)
    .CpuKernel<float>(HsGradKernel<float>)
    .CpuKernel<double>(HsGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
