// Shape ops: the views flatten_contiguous_range, squeeze2 and unsqueeze2
// (view.h: only the shape rule is theirs), and transpose2, which moves
// elements. Each writes XShape = [0] + X.dims for its gradient.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/view.h"

namespace paddle {
namespace ops {
namespace {

enum In { kX };
enum Out { kOut, kXShape };

void SetViewShape(InferShapeContext& ctx, const DDim& out) {
  ctx.SetOutputDim(kOut, out);
  if (ctx.HasOutput(kXShape)) ctx.SetOutputDim(kXShape, view::XShapeDims(ctx.op_type(), ctx.InputDim(kX)));
  ctx.ShareLoD(kX, kOut);
}

void ViewKernel(KernelContext& ctx) { view::Kernel(ctx, kX, kOut, kXShape); }

// ---- flatten_contiguous_range ----

enum FlattenAttr { kStartAxis, kStopAxis };

void FlattenInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const std::string& op = ctx.op_type();
  if (x.rank() == 0) return SetViewShape(ctx, DDim{1});  // a scalar flattens to [1]
  const int start = NormalizeAxis(op, "start_axis", ctx.Attr<int32_t>(kStartAxis), x.rank(), x);
  const int stop = NormalizeAxis(op, "stop_axis", ctx.Attr<int32_t>(kStopAxis), x.rank(), x);
  PD_CHECK(start <= stop, InvalidArgument, "[", op, "] start_axis ", start,
           " must not come after stop_axis ", stop, " (X ", x.ToString(), ")");
  std::vector<int64_t> d(x.data(), x.data() + start);
  d.push_back(DDim(x.data() + start, stop - start + 1).numel());  // -1 if any is unknown
  d.insert(d.end(), x.data() + stop + 1, x.data() + x.rank());
  SetViewShape(ctx, DDim(d));
}

// ---- squeeze2 ----

enum SqueezeAttr { kSqueezeAxes };

// Dims of size 1 at `axes` (every size-1 dim when empty) removed; others stay,
// as PaddlePaddle does. An unknown (-1) dim is kept.
void SqueezeInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const auto& axes = ctx.Attr<std::vector<int32_t>>(kSqueezeAxes);
  std::vector<bool> drop(x.rank(), false);
  if (axes.empty()) {
    for (int i = 0; i < x.rank(); ++i) drop[i] = x[i] == 1;
  } else {
    for (int32_t a : axes) {
      // A 0-D X accepts axis 0 or -1 (nothing to squeeze).
      if (x.rank() == 0) {
        PD_CHECK(a == 0 || a == -1, InvalidArgument, "[", ctx.op_type(), "] attribute 'axes' has ",
                 a, ", outside [-1, 0] for a 0-D X");
        continue;
      }
      const int i = NormalizeAxis(ctx.op_type(), "axes", a, x.rank(), x);
      drop[i] = x[i] == 1;
    }
  }
  std::vector<int64_t> d;
  for (int i = 0; i < x.rank(); ++i)
    if (!drop[i]) d.push_back(x[i]);
  SetViewShape(ctx, DDim(d));
}

// ---- unsqueeze2 ----

enum UnsqueezeIn { kUnsqueezeX, kAxesTensor, kAxesTensorList };
enum UnsqueezeAttr { kUnsqueezeAxes };

// Inserts a size-1 dim at each axis in turn; a negative axis counts from the
// end of the shape built so far (+1), as PaddlePaddle does.
DDim UnsqueezeDims(const std::string& op, const DDim& x, const std::vector<int64_t>& axes) {
  std::vector<int64_t> d = x.ToVector();
  for (int64_t a : axes) {
    const int64_t r = static_cast<int64_t>(d.size());
    PD_CHECK(a >= -(r + 1) && a <= r, InvalidArgument, "[", op, "] axis ", a, " is outside [",
             -(r + 1), ", ", r, "] for a shape of rank ", r, " (X ", x.ToString(), ", axes [",
             StrJoin(axes), "])");
    PD_CHECK(r < DDim::kMaxRank, InvalidArgument, "[", op, "] unsqueezing X ", x.ToString(),
             " at [", StrJoin(axes), "] exceeds the maximum rank ", DDim::kMaxRank);
    d.insert(d.begin() + (a < 0 ? a + r + 1 : a), 1);
  }
  return DDim(d);
}

void UnsqueezeInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kUnsqueezeX);
  if (ctx.HasInput(kAxesTensor) || ctx.HasInput(kAxesTensorList)) {
    // The axes are values known to the kernel only; at build time the rank is
    // unknown too, so nothing is promised.
    if (ctx.HasOutput(kXShape)) ctx.SetOutputDim(kXShape, view::XShapeDims(ctx.op_type(), x));
    return;
  }
  const auto& axes = ctx.Attr<std::vector<int32_t>>(kUnsqueezeAxes);
  SetViewShape(ctx, UnsqueezeDims(ctx.op_type(), x, std::vector<int64_t>(axes.begin(), axes.end())));
}

void UnsqueezeKernel(KernelContext& ctx) {
  const std::vector<int64_t> axes = IntList(ctx, kAxesTensor, kAxesTensorList, std::vector<int32_t>{});
  if (ctx.HasInput(kAxesTensor) || ctx.HasInput(kAxesTensorList)) {
    const DenseTensor& x = ctx.Input(kUnsqueezeX);
    ctx.Output(kOut)->Resize(UnsqueezeDims(ctx.op_type(), x.dims(), axes));
    ctx.Output(kOut)->set_lod(x.lod());
  }
  view::Kernel(ctx, kUnsqueezeX, kOut, kXShape);
}

// ---- transpose2 ----

enum TransposeAttr { kPerm };

// The permutation, checked: every dim of X exactly once.
std::vector<int> Permutation(const std::string& op, const std::vector<int32_t>& axis, const DDim& x) {
  PD_CHECK(static_cast<int>(axis.size()) == x.rank(), InvalidArgument, "[", op,
           "] attribute 'axis' [", StrJoin(axis), "] must have one entry per dim of X ",
           x.ToString());
  std::vector<int> perm(axis.size());
  std::vector<bool> seen(axis.size(), false);
  for (size_t i = 0; i < axis.size(); ++i) {
    perm[i] = NormalizeAxis(op, "axis", axis[i], x.rank(), x);
    PD_CHECK(!seen[perm[i]], InvalidArgument, "[", op, "] attribute 'axis' [", StrJoin(axis),
             "] names dim ", perm[i], " twice");
    seen[perm[i]] = true;
  }
  return perm;
}

void TransposeInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const std::vector<int> perm = Permutation(ctx.op_type(), ctx.Attr<std::vector<int32_t>>(kPerm), x);
  DDim out = x;
  for (int i = 0; i < x.rank(); ++i) out[i] = x[perm[i]];
  SetViewShape(ctx, out);
}

// Copies `count` blocks in Out's memory order, block o from In's block `src`: an odometer over
// Out's dims (dims[k], In's stride step[k], both in blocks). `copy(dst, src)` moves one block.
template <typename Copy>
void PermuteBlocks(const char* in, char* out, int r, const int64_t* dims, const int64_t* step,
                   int64_t count, size_t block, Copy copy) {
  int64_t idx[DDim::kMaxRank] = {0};
  int64_t src = 0;
  for (int64_t o = 0; o < count; ++o) {
    copy(out + o * block, in + src * block);
    for (int k = r - 1; k >= 0; --k) {
      src += step[k];
      if (++idx[k] < dims[k]) break;
      src -= step[k] * dims[k];
      idx[k] = 0;
    }
  }
}

// out[i0, i1, ...] = in[..., i_k at dim perm[k], ...]; elements of `size` bytes. Trailing dims
// the permutation leaves in place move as one block ([1, 32, 3, 2, 64] -> [3, 1, 2, 32, 64]
// copies rows of 64); single elements of 4 or 8 bytes move as integers, not memcpy calls.
void Permute(const char* in, char* out, const DDim& x, const std::vector<int>& perm, size_t size) {
  const int64_t n = x.numel();
  if (n == 0) return;
  int r = x.rank();
  size_t block = size;
  while (r > 0 && perm[r - 1] == r - 1) block *= static_cast<size_t>(x[--r]);
  if (r == 0) {
    std::memcpy(out, in, block);
    return;
  }
  int64_t stride[DDim::kMaxRank], step[DDim::kMaxRank], dims[DDim::kMaxRank];
  for (int i = r - 1, s = 1; i >= 0; --i) stride[i] = s, s *= x[i];
  for (int k = 0; k < r; ++k) step[k] = stride[perm[k]], dims[k] = x[perm[k]];
  const int64_t count = n * static_cast<int64_t>(size) / static_cast<int64_t>(block);
  if (block == 4) {
    PermuteBlocks(in, out, r, dims, step, count, block, [](char* d, const char* s) {
      uint32_t v;
      std::memcpy(&v, s, 4);
      std::memcpy(d, &v, 4);
    });
  } else if (block == 8) {
    PermuteBlocks(in, out, r, dims, step, count, block, [](char* d, const char* s) {
      uint64_t v;
      std::memcpy(&v, s, 8);
      std::memcpy(d, &v, 8);
    });
  } else {
    PermuteBlocks(in, out, r, dims, step, count, block,
                  [block](char* d, const char* s) { std::memcpy(d, s, block); });
  }
}

void TransposeKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const std::vector<int> perm = Permutation(ctx.op_type(), ctx.Attr<std::vector<int32_t>>(kPerm), x.dims());
  DenseTensor* out = ctx.Output(kOut);
  char* dst = static_cast<char*>(out->MutableData(ctx.place(), x.dtype()));
  Permute(static_cast<const char*>(x.data()), dst, x.dims(), perm, SizeOf(x.dtype()));
  if (ctx.HasOutput(kXShape)) {
    DenseTensor* xshape = ctx.Output(kXShape);
    xshape->Resize(view::XShapeDims(ctx.op_type(), x.dims()));
    xshape->MutableData(ctx.place(), x.dtype());
  }
}

enum TransposeGradIn { kGradXShape, kGradOutGrad };
enum TransposeGradOut { kGradXGrad };

void TransposeGradInferShape(InferShapeContext& ctx) {
  const DDim x = view::FromXShape(ctx.op_type(), ctx.InputDim(kGradXShape));
  const std::vector<int> perm = Permutation(ctx.op_type(), ctx.Attr<std::vector<int32_t>>(kPerm), x);
  DDim out = x;
  for (int i = 0; i < x.rank(); ++i) out[i] = x[perm[i]];
  CheckInputShape(ctx, kGradOutGrad, out, "X's shape permuted by `axis`");
  if (ctx.HasOutput(kGradXGrad)) ctx.SetOutputDim(kGradXGrad, x);
}

// X@GRAD = Out@GRAD permuted back by the inverse permutation.
void TransposeGradKernel(KernelContext& ctx) {
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const DDim x = view::FromXShape(ctx.op_type(), ctx.Input(kGradXShape).dims());
  const std::vector<int> perm = Permutation(ctx.op_type(), ctx.Attr<std::vector<int32_t>>(kPerm), x);
  std::vector<int> inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[perm[i]] = static_cast<int>(i);
  char* dst = static_cast<char*>(ctx.Output(kGradXGrad)->MutableData(ctx.place(), dout.dtype()));
  Permute(static_cast<const char*>(dout.data()), dst, dout.dims(), inverse, SizeOf(dout.dtype()));
}

constexpr const char* kXShapeEn = "[0] + X.dims, kept for the gradient; holds no elements.";
constexpr const char* kXShapeZh = "[0] + X.dims，供梯度使用；不含元素。";

PD_REGISTER_OP(flatten_contiguous_range)
    .Doc("Flattens dims start_axis..stop_axis (inclusive; negative counts from the end) of X "
         "into one; the other dims stay. A 0-D X becomes [1].",
         "把 X 的第 start_axis 到 stop_axis 维（含两端；负数从末尾倒数）合并为一维，其他维度不变。"
         "零维的 X 变为 [1]。")
    .Input(kX, "X", "The tensor to flatten, any element type.", "要展平的张量，元素类型任意。")
    .Output(kOut, "Out", "X with the range of dims merged.", "合并了指定维度范围的 X。")
    .Output(kXShape, "XShape", kXShapeEn, kXShapeZh)
    .Extra()
    .RequiredAttr<int32_t>(kStartAxis, "start_axis", "The first dim to merge.", "要合并的第一个维度。")
    .RequiredAttr<int32_t>(kStopAxis, "stop_axis", "The last dim to merge.", "要合并的最后一个维度。")
    .InferShape(FlattenInferShape)
    .Inplace("X", "Out")
    .CpuKernelForAllTypes(ViewKernel)
    .Apply(view::Grad);

PD_REGISTER_OP(squeeze2)
    .Doc("Removes dims of size 1 from X: those named in `axes`, or all of them when `axes` is "
         "empty. A named dim whose size is not 1 stays, as in PaddlePaddle.",
         "去掉 X 中大小为 1 的维度：axes 指定的那些，axes 为空时去掉全部。指定的维度大小不为 1 "
         "时保留该维度，与 PaddlePaddle 一致。")
    .Input(kX, "X", "The tensor to squeeze, any element type.", "要压缩的张量，元素类型任意。")
    .Output(kOut, "Out", "X without the size-1 dims.", "去掉大小为 1 的维度后的 X。")
    .Output(kXShape, "XShape", kXShapeEn, kXShapeZh)
    .Intermediate()
    .Extra()
    .Attr<std::vector<int32_t>>(kSqueezeAxes, "axes", {},
                                "The dims to remove (negative counts from the end); empty: every "
                                "size-1 dim.",
                                "要去掉的维度（负数从末尾倒数）；为空时去掉所有大小为 1 的维度。")
    .InferShape(SqueezeInferShape)
    .Inplace("X", "Out")
    .CpuKernelForAllTypes(ViewKernel)
    .Apply(view::Grad);

PD_REGISTER_OP(unsqueeze2)
    .Doc("Inserts dims of size 1 into X at `axes`, one after another (from AxesTensor or "
         "AxesTensorList when given); a negative axis counts from the end of the shape built so "
         "far.",
         "依次在 axes 指定的位置向 X 插入大小为 1 的维度（给出 AxesTensor 或 AxesTensorList 时"
         "取自它们）；负数从当前已构造形状的末尾倒数。")
    .Input(kUnsqueezeX, "X", "The tensor to unsqueeze, any element type.",
           "要扩展维度的张量，元素类型任意。")
    .Input(kAxesTensor, "AxesTensor", "Optional 1-D int32/int64 tensor holding the axes.",
           "可选的一维 int32/int64 张量，存放 axes。")
    .Dispensable()
    .Input(kAxesTensorList, "AxesTensorList",
           "Optional list of one-element int32/int64 tensors, one per axis.",
           "可选的单元素 int32/int64 张量列表，每个对应一个轴。")
    .Duplicable()
    .Dispensable()
    .Output(kOut, "Out", "X with the size-1 dims inserted.", "插入了大小为 1 的维度后的 X。")
    .Output(kXShape, "XShape", kXShapeEn, kXShapeZh)
    .Intermediate()
    .Extra()
    .Attr<std::vector<int32_t>>(kUnsqueezeAxes, "axes", {},
                                "Where to insert the dims, used when neither AxesTensor nor "
                                "AxesTensorList is given.",
                                "插入维度的位置，在未给出 AxesTensor 与 AxesTensorList 时使用。")
    .InferShape(UnsqueezeInferShape)
    .Inplace("X", "Out")
    .CpuKernelForAllTypes(UnsqueezeKernel)
    .Apply(view::Grad);

PD_REGISTER_OP(transpose2)
    .Doc("Permutes the dims of X: Out's dim i is X's dim axis[i].",
         "重排 X 的维度：Out 的第 i 维是 X 的第 axis[i] 维。")
    .Input(kX, "X", "The tensor to transpose, any element type.", "要转置的张量，元素类型任意。")
    .Output(kOut, "Out", "X with its dims permuted.", "维度重排后的 X。")
    .Output(kXShape, "XShape", kXShapeEn, kXShapeZh)
    .Intermediate()
    .Extra()
    .RequiredAttr<std::vector<int32_t>>(kPerm, "axis",
                                        "The permutation: each dim of X exactly once (negative "
                                        "counts from the end).",
                                        "维度的排列：X 的每个维度恰好出现一次（负数从末尾倒数）。")
    .InferShape(TransposeInferShape)
    .CpuKernelForAllTypes(TransposeKernel)
    .Grad()
    .Doc("Gradient of transpose2: X@GRAD is Out@GRAD permuted back by the inverse of `axis`.",
         "transpose2 的梯度：X@GRAD 是 Out@GRAD 按 axis 的逆排列重排回来的结果。")
    .Reads(kGradXShape, "XShape")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(TransposeGradInferShape)
    .CpuKernelForAllTypes(TransposeGradKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
