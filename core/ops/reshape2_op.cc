// reshape2: the same elements under a new shape. The target comes from the
// ShapeTensor list, else the Shape tensor, else the `shape` attribute
// (PaddlePaddle's priority); 0 copies X's dim at that index, -1 is inferred.
// The kernel copies bytes (dtype-agnostic), or nothing when the memory plan
// gave Out X's own buffer. XShape records [0] + X.dims for the gradient and
// holds no elements.
#include <cstring>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/view.h"

namespace paddle {
namespace ops {
namespace {

enum ReshapeIn { kX, kShape, kShapeTensor };
enum ReshapeOut { kOut, kXShape };
enum ReshapeAttr { kShapeAttr, kUseQuantizer, kMkldnnDataType };

// The output dims for target `shape` applied to `x`. Dims that 0 copies
// from X cancel out of the element count, so a -1 is inferred even when those
// dims are unknown at build time ([-1, 6, 4] to [0, -1] gives [-1, 24]).
DDim ReshapeDims(const std::string& op, const DDim& x, const std::vector<int64_t>& shape,
                 const char* source) {
  PD_CHECK(static_cast<int>(shape.size()) <= DDim::kMaxRank, InvalidArgument, "[", op,
           "] target shape [", StrJoin(shape), "] from ", source, " has more than ",
           DDim::kMaxRank, " dims");
  int64_t d[DDim::kMaxRank];
  bool copied[DDim::kMaxRank] = {false};
  int unknown = -1;
  int64_t target_rest = 1;  // product of the target's dims neither copied nor inferred
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t v = shape[i];
    d[i] = v;
    if (v == -1) {
      PD_CHECK(unknown < 0, InvalidArgument, "[", op, "] target shape [", StrJoin(shape),
               "] from ", source, " has more than one -1 (at ", unknown, " and ", i, ")");
      unknown = static_cast<int>(i);
    } else if (v == 0) {
      PD_CHECK(static_cast<int>(i) < x.rank(), InvalidArgument, "[", op, "] target shape [",
               StrJoin(shape), "] from ", source, " has 0 (copy X's dim) at index ", i,
               " but X ", x.ToString(), " has rank ", x.rank());
      d[i] = x[static_cast<int>(i)];
      copied[i] = true;
    } else {
      PD_CHECK(v > 0, InvalidArgument, "[", op, "] target shape [", StrJoin(shape), "] from ",
               source, " has ", v, " at index ", i, ": dims must be > 0, 0 (copy) or -1 (infer)");
      target_rest = MulSize(target_rest, v, op, source);  // names the attribute or input
    }
  }
  int64_t x_rest = 1;  // product of X's dims not copied; -1 if one is unknown
  for (int i = 0; i < x.rank(); ++i) {
    if (i < static_cast<int>(shape.size()) && copied[i]) continue;
    x_rest = (x_rest < 0 || x[i] < 0) ? -1 : MulSize(x_rest, x[i], op, "input 'X'");
  }
  if (x_rest >= 0) {
    const bool fits = unknown >= 0 ? x_rest % target_rest == 0 : x_rest == target_rest;
    PD_CHECK(fits, InvalidArgument, "[", op, "] cannot reshape X ", x.ToString(), " (",
             x.numel(), " elements) to [", StrJoin(shape), "] from ", source,
             unknown >= 0 ? ": the known dims' product does not divide the element count"
                          : ": the element counts differ");
    if (unknown >= 0) d[unknown] = x_rest / target_rest;
  }
  return DDim(d, static_cast<int>(shape.size()));
}

std::vector<int64_t> AttrShape(const std::vector<int32_t>& s) {
  return std::vector<int64_t>(s.begin(), s.end());
}

void Reshape2InferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  if (ctx.HasOutput(kXShape)) ctx.SetOutputDim(kXShape, view::XShapeDims(ctx.op_type(), x));
  if (ctx.HasInput(kShapeTensor)) {
    // Values are known only to the kernel; at build time the rank is the list's length.
    if (!ctx.IsRuntime())
      ctx.SetOutputDim(kOut, DDim(std::vector<int64_t>(ctx.InputCount(kShapeTensor), -1)));
    return;
  }
  if (ctx.HasInput(kShape)) {
    const int64_t n = ctx.InputDim(kShape).numel();
    if (!ctx.IsRuntime() && n >= 0 && n <= DDim::kMaxRank)
      ctx.SetOutputDim(kOut, DDim(std::vector<int64_t>(static_cast<size_t>(n), -1)));
    return;
  }
  ctx.SetOutputDim(kOut, ReshapeDims(ctx.op_type(), x,
                                     AttrShape(ctx.Attr<std::vector<int32_t>>(kShapeAttr)),
                                     "attribute 'shape'"));
  ctx.ShareLoD(kX, kOut);
}

void Reshape2Kernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  DenseTensor* out = ctx.Output(kOut);
  if (ctx.InputCount(kShapeTensor) > 0 || ctx.HasInput(kShape)) {
    // ShapeTensor before Shape, PaddlePaddle's priority.
    std::vector<int64_t> shape;
    const char* source;
    if (ctx.InputCount(kShapeTensor) > 0) {
      source = "input 'ShapeTensor'";
      shape = IntList(ctx, -1, kShapeTensor, std::vector<int32_t>{});
    } else {
      source = "input 'Shape'";
      const DenseTensor& t = ctx.Input(kShape);
      PD_CHECK(t.dims().rank() == 1, InvalidArgument,
               "[", ctx.op_type(), "] input 'Shape' must be 1-D, got shape ", t.dims().ToString());
      shape = IntList(ctx, kShape, -1, std::vector<int32_t>{});
    }
    out->Resize(ReshapeDims(ctx.op_type(), x.dims(), shape, source));
    out->set_lod(x.lod());
  }
  PD_CHECK(out->numel() == x.numel(), InvalidArgument, "[", ctx.op_type(), "] Out ",
           out->dims().ToString(), " and X ", x.dims().ToString(),
           " must have the same number of elements");
  view::Kernel(ctx, kX, kOut, kXShape);
}

PD_REGISTER_OP(reshape2)
    .Doc("Gives X a new shape with the same elements in the same (row-major) order. In the "
         "target shape, 0 copies X's dim at that index and one dim may be -1, inferred from "
         "the element count. The target is read from ShapeTensor if given, else from Shape, "
         "else from the `shape` attribute.",
         "以相同的元素和相同的（行优先）顺序赋予 X 新形状。目标形状中 0 表示沿用 X 在该位置的"
         "维度，至多一个维度可为 -1，由元素总数推断。目标形状优先取自 ShapeTensor，其次 Shape，"
         "最后取 shape 属性。")
    .Input(kX, "X", "The tensor to reshape, any element type.", "要变形的张量，元素类型任意。")
    .Input(kShape, "Shape", "Optional 1-D int32/int64 tensor holding the target shape.",
           "可选的一维 int32/int64 张量，存放目标形状。")
    .Dispensable()
    .Input(kShapeTensor, "ShapeTensor", "Optional list of one-element int32/int64 tensors, one per target dim.",
           "可选的单元素 int32/int64 张量列表，每个对应目标形状的一维。")
    .Duplicable()
    .Dispensable()
    .Output(kOut, "Out", "X with the target shape.", "变为目标形状的 X。")
    .Output(kXShape, "XShape", "[0] + X.dims, kept for the gradient; holds no elements.",
            "[0] + X.dims，供梯度使用；不含元素。")
    .Intermediate()
    .Attr<std::vector<int32_t>>(kShapeAttr, "shape", {},
                                "The target shape, used when neither Shape nor ShapeTensor is "
                                "given: 0 copies X's dim, -1 (at most once) is inferred.",
                                "目标形状，在未给出 Shape 与 ShapeTensor 时使用：0 表示沿用 X "
                                "的维度，-1（至多一个）由推断得出。")
    .Attr<bool>(kUseQuantizer, "use_quantizer", false, "Legacy oneDNN quantization hint; not read.",
                "旧式的 oneDNN 量化提示；不读取。")
    .ExtraAttr()
    .Attr(kMkldnnDataType, "mkldnn_data_type", "float32", "Legacy oneDNN data-type hint; not read.",
          "旧式的 oneDNN 数据类型提示；不读取。")
    .ExtraAttr()
    .InferShape(Reshape2InferShape)
    .Inplace("X", "Out")  // same bytes: when the plan gives Out X's buffer, nothing moves
    .CpuKernelForAllTypes(Reshape2Kernel)
    .Apply(view::Grad);

}  // namespace
}  // namespace ops
}  // namespace paddle
