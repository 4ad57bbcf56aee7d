// Joining and splitting along an axis: concat and split (each the other's
// gradient), stack and unstack. A tensor is seen as [outer, axis, inner]
// blocks, so every copy is one contiguous run per outer index, for any
// element type.
#include <cstring>
#include <numeric>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// The axis: from the one-element `slot` tensor when it is given, else `attr`.
int AxisArg(const KernelContext& ctx, int slot, int attr) {
  if (!ctx.HasInput(slot)) return ctx.Attr<int32_t>(attr);
  const int64_t axis = IntScalar(ctx, slot);
  PD_CHECK(axis >= -DDim::kMaxRank && axis < DDim::kMaxRank, InvalidArgument, "[", ctx.op_type(),
           "] axis ", axis, " from input '", ctx.def().inputs[slot].name, "' is out of range");
  return static_cast<int>(axis);
}

// The shape of `parts` joined along `axis`; every other dim must agree (an
// unknown -1 agrees with anything).
DDim JoinedDims(const std::string& op, const std::vector<DDim>& parts, int axis) {
  PD_CHECK(!parts.empty(), InvalidArgument, "[", op, "] needs at least one input");
  DDim out = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) {
    const DDim& p = parts[i];
    PD_CHECK(p.rank() == out.rank(), InvalidArgument, "[", op, "] input #", i, " ",
             p.ToString(), " has rank ", p.rank(), ", input #0 ", parts[0].ToString(), " has ",
             out.rank());
    for (int d = 0; d < out.rank(); ++d) {
      if (d == axis) {
        out[d] = out[d] < 0 || p[d] < 0 ? -1 : out[d] + p[d];
      } else if (out[d] < 0 || p[d] < 0) {
        out[d] = out[d] < 0 ? p[d] : out[d];
      } else {
        PD_CHECK(out[d] == p[d], InvalidArgument, "[", op, "] input #", i, " ", p.ToString(),
                 " and input #0 ", parts[0].ToString(), " differ in dim ", d,
                 ", which is not the axis ", axis);
      }
    }
  }
  return out;
}

// Copies the parts into `out` one after another along `axis`.
void Join(const std::vector<const DenseTensor*>& parts, int axis, DenseTensor* out,
          const Place& place) {
  const DDim od = out->dims();
  const size_t size = SizeOf(parts[0]->dtype());
  char* dst = static_cast<char*>(out->MutableData(place, parts[0]->dtype()));
  const int64_t outer = DimsProduct(od, 0, axis), inner = DimsProduct(od, axis + 1, od.rank());
  const int64_t row = od[axis] * inner * static_cast<int64_t>(size);
  int64_t offset = 0;
  for (const DenseTensor* p : parts) {
    const int64_t chunk = p->dims()[axis] * inner * static_cast<int64_t>(size);
    const char* src = static_cast<const char*>(p->data());
    for (int64_t o = 0; o < outer && chunk > 0; ++o)
      std::memcpy(dst + o * row + offset, src + o * chunk, static_cast<size_t>(chunk));
    offset += chunk;
  }
}

// Copies consecutive slices of `in` along `axis` into the parts (shaped already).
void Slice(const DenseTensor& in, int axis, const std::vector<DenseTensor*>& parts,
           const Place& place) {
  const DDim d = in.dims();
  const size_t size = SizeOf(in.dtype());
  const char* src = static_cast<const char*>(in.data());
  const int64_t outer = DimsProduct(d, 0, axis), inner = DimsProduct(d, axis + 1, d.rank());
  const int64_t row = d[axis] * inner * static_cast<int64_t>(size);
  int64_t offset = 0;
  for (DenseTensor* p : parts) {
    const int64_t chunk = p->dims()[axis] * inner * static_cast<int64_t>(size);
    char* dst = static_cast<char*>(p->MutableData(place, in.dtype()));
    for (int64_t o = 0; o < outer && chunk > 0; ++o)
      std::memcpy(dst + o * chunk, src + o * row + offset, static_cast<size_t>(chunk));
    offset += chunk;
  }
}

std::vector<const DenseTensor*> Inputs(const KernelContext& ctx, int slot) {
  std::vector<const DenseTensor*> out;
  for (size_t i = 0; i < ctx.InputCount(slot); ++i) out.push_back(&ctx.Input(slot, i));
  return out;
}

std::vector<DDim> InputDims(InferShapeContext& ctx, int slot) {
  std::vector<DDim> out;
  for (size_t i = 0; i < ctx.InputCount(slot); ++i) out.push_back(ctx.InputDim(slot, i));
  return out;
}

// ---- concat ----

enum ConcatIn { kConcatX, kAxisTensor };
enum ConcatAttr { kAxis };
enum ConcatGradIn { kGradX, kGradAxisTensor, kGradOutGrad };
enum ConcatGradOut { kGradXGrad };

void ConcatInferShape(InferShapeContext& ctx) {
  const std::vector<DDim> parts = InputDims(ctx, kConcatX);
  PD_CHECK(!parts.empty(), InvalidArgument, "[", ctx.op_type(), "] input 'X' is empty");
  if (ctx.HasInput(kAxisTensor)) {  // the axis is a value known to the kernel only
    if (!ctx.IsRuntime()) ctx.SetOutputDim(0, DDim(std::vector<int64_t>(parts[0].rank(), -1)));
    return;
  }
  const int axis = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kAxis), parts[0].rank(), parts[0]);
  ctx.SetOutputDim(0, JoinedDims(ctx.op_type(), parts, axis));
  ctx.ShareLoD(kConcatX, 0);
}

void ConcatKernel(KernelContext& ctx) {
  const auto parts = Inputs(ctx, kConcatX);
  const int axis = NormalizeAxis(ctx.op_type(), "axis", AxisArg(ctx, kAxisTensor, kAxis),
                                 parts[0]->dims().rank(), parts[0]->dims());
  DenseTensor* out = ctx.Output(0);
  if (ctx.HasInput(kAxisTensor)) {
    std::vector<DDim> dims;
    for (const DenseTensor* p : parts) dims.push_back(p->dims());
    out->Resize(JoinedDims(ctx.op_type(), dims, axis));
  }
  Join(parts, axis, out, ctx.place());
}

void ConcatGradInferShape(InferShapeContext& ctx) {
  const std::vector<DDim> parts = InputDims(ctx, kGradX);
  if (!ctx.HasInput(kGradAxisTensor) && !parts.empty()) {
    const int axis = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kAxis), parts[0].rank(), parts[0]);
    CheckInputShape(ctx, kGradOutGrad, JoinedDims(ctx.op_type(), parts, axis),
                    "the inputs joined along `axis`");
  }
  for (size_t i = 0; i < parts.size() && i < ctx.OutputCount(kGradXGrad); ++i)
    ctx.SetOutputDim(kGradXGrad, parts[i], i);
}

// X@GRAD[i] is the slice of Out@GRAD that X[i] filled.
void ConcatGradKernel(KernelContext& ctx) {
  const auto xs = Inputs(ctx, kGradX);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const int axis = NormalizeAxis(ctx.op_type(), "axis", AxisArg(ctx, kGradAxisTensor, kAxis),
                                 dout.dims().rank(), dout.dims());
  std::vector<DenseTensor*> grads;
  for (size_t i = 0; i < xs.size(); ++i) {
    DenseTensor* g = ctx.Output(kGradXGrad, i);
    g->Resize(xs[i]->dims());
    grads.push_back(g);
  }
  Slice(dout, axis, grads, ctx.place());
}

// ---- split ----

enum SplitIn { kSplitX, kSplitAxisTensor, kSectionsTensorList };
enum SplitAttr { kSections, kNum, kSplitAxis };

// The sizes of the parts along the axis of size `n`: `num` equal parts, or
// `sections` with at most one -1 inferred.
std::vector<int64_t> SplitSizes(const std::string& op, int64_t n, int num,
                                const std::vector<int64_t>& sections, size_t outputs) {
  std::vector<int64_t> sizes;
  if (num > 0) {
    PD_CHECK(n < 0 || n % num == 0, InvalidArgument, "[", op, "] num ", num,
             " does not divide the axis size ", n);
    sizes.assign(static_cast<size_t>(num), n < 0 ? -1 : n / num);
  } else {
    sizes = sections;
    int unknown = -1;
    int64_t known = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == -1) {
        PD_CHECK(unknown < 0, InvalidArgument, "[", op, "] sections [", StrJoin(sections),
                 "] has more than one -1");
        unknown = static_cast<int>(i);
      } else {
        PD_CHECK(sizes[i] >= 0, InvalidArgument, "[", op, "] sections [", StrJoin(sections),
                 "] has ", sizes[i], ": sizes must be >= 0 or -1 (inferred)");
        known += sizes[i];
      }
    }
    if (n >= 0) {
      PD_CHECK(unknown >= 0 ? known <= n : known == n, InvalidArgument, "[", op, "] sections [",
               StrJoin(sections), "] do not add up to the axis size ", n);
      if (unknown >= 0) sizes[unknown] = n - known;
    }
  }
  PD_CHECK(sizes.size() == outputs, InvalidArgument, "[", op, "] makes ", sizes.size(),
           " parts but ", outputs, " outputs are bound to 'Out'");
  return sizes;
}

void SplitShapes(InferShapeContext& ctx, const DDim& x, int axis, const std::vector<int64_t>& s) {
  for (size_t i = 0; i < s.size(); ++i) {
    DDim d = x;
    d[axis] = s[i];
    ctx.SetOutputDim(0, d, i);
  }
}

void SplitInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kSplitX);
  const size_t outputs = ctx.OutputCount(0);
  if (ctx.HasInput(kSplitAxisTensor) || ctx.HasInput(kSectionsTensorList)) {
    if (!ctx.IsRuntime())
      for (size_t i = 0; i < outputs; ++i)
        ctx.SetOutputDim(0, DDim(std::vector<int64_t>(x.rank(), -1)), i);
    return;
  }
  const int axis = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kSplitAxis), x.rank(), x);
  const auto& sec = ctx.Attr<std::vector<int32_t>>(kSections);
  SplitShapes(ctx, x, axis,
              SplitSizes(ctx.op_type(), x[axis], ctx.Attr<int32_t>(kNum),
                         std::vector<int64_t>(sec.begin(), sec.end()), outputs));
}

void SplitKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSplitX);
  const int axis = NormalizeAxis(ctx.op_type(), "axis", AxisArg(ctx, kSplitAxisTensor, kSplitAxis),
                                 x.dims().rank(), x.dims());
  std::vector<DenseTensor*> parts;
  for (size_t i = 0; i < ctx.OutputCount(0); ++i) parts.push_back(ctx.Output(0, i));
  if (ctx.HasInput(kSplitAxisTensor) || ctx.HasInput(kSectionsTensorList)) {
    std::vector<int64_t> sections;
    if (ctx.HasInput(kSectionsTensorList)) {
      for (size_t i = 0; i < ctx.InputCount(kSectionsTensorList); ++i)
        sections.push_back(IntScalar(ctx, kSectionsTensorList, i));
    } else {
      const auto& sec = ctx.Attr<std::vector<int32_t>>(kSections);
      sections.assign(sec.begin(), sec.end());
    }
    const auto sizes = SplitSizes(ctx.op_type(), x.dims()[axis], ctx.Attr<int32_t>(kNum),
                                  sections, parts.size());
    for (size_t i = 0; i < parts.size(); ++i) {
      DDim d = x.dims();
      d[axis] = sizes[i];
      parts[i]->Resize(d);
    }
  }
  Slice(x, axis, parts, ctx.place());
}

// As PaddlePaddle: split's gradient concatenates the parts' gradients.
std::vector<GradOpDesc> SplitGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "concat";
  std::vector<std::string> parts;
  for (const auto& n : fwd.Output("Out")) parts.push_back(GradVarName(n));
  g.inputs["X"] = parts;
  if (!fwd.Input("AxisTensor").empty()) g.inputs["AxisTensor"] = fwd.Input("AxisTensor");
  g.outputs["Out"] = {GradVarName(fwd.Input("X").at(0))};
  const AttributeMap attrs = fwd.GetAttrMap();
  g.attrs["axis"] = attrs.count("axis") ? attrs.at("axis") : Attribute(int32_t{0});
  return {std::move(g)};
}

// ---- stack / unstack ----

enum StackAttr { kStackAxis };

// X's shape with a dim of size `n` inserted at `axis` (in [-(rank+1), rank]).
DDim Inserted(const std::string& op, const DDim& x, int axis, int64_t n) {
  const int r = x.rank();
  PD_CHECK(axis >= -(r + 1) && axis <= r, InvalidArgument, "[", op, "] axis ", axis,
           " is outside [", -(r + 1), ", ", r, "] for inputs of shape ", x.ToString());
  PD_CHECK(r < DDim::kMaxRank, InvalidArgument, "[", op, "] inputs of shape ", x.ToString(),
           " would give a result of more than ", DDim::kMaxRank, " dims");
  std::vector<int64_t> d = x.ToVector();
  d.insert(d.begin() + (axis < 0 ? axis + r + 1 : axis), n);
  return DDim(d);
}

void StackInferShape(InferShapeContext& ctx) {
  const std::vector<DDim> parts = InputDims(ctx, 0);
  PD_CHECK(!parts.empty(), InvalidArgument, "[", ctx.op_type(), "] input 'X' is empty");
  for (size_t i = 1; i < parts.size(); ++i)
    PD_CHECK(parts[i].rank() == parts[0].rank(), InvalidArgument, "[", ctx.op_type(),
             "] input #", i, " ", parts[i].ToString(), " and input #0 ", parts[0].ToString(),
             " must have the same shape");
  // Stacking is joining [.., 1, ..] views of the inputs along the new axis.
  std::vector<DDim> ones;
  const int axis = ctx.Attr<int32_t>(kStackAxis);
  for (const DDim& p : parts) ones.push_back(Inserted(ctx.op_type(), p, axis, 1));
  const int a = axis < 0 ? axis + parts[0].rank() + 1 : axis;
  ctx.SetOutputDim(0, JoinedDims(ctx.op_type(), ones, a));
}

void StackKernel(KernelContext& ctx) {
  auto parts = Inputs(ctx, 0);
  const int axis = ctx.Attr<int32_t>(kStackAxis);
  const int a = axis < 0 ? axis + parts[0]->dims().rank() + 1 : axis;
  std::vector<DenseTensor> views(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    views[i].ShareDataWith(*parts[i]);
    views[i].Resize(Inserted(ctx.op_type(), parts[i]->dims(), axis, 1));
    parts[i] = &views[i];
  }
  Join(parts, a, ctx.Output(0), ctx.place());
}

enum StackGradIn { kStackGradOutGrad };
enum StackGradOut { kStackGradXGrad };

DDim Removed(const DDim& y, int axis) {
  std::vector<int64_t> d = y.ToVector();
  d.erase(d.begin() + axis);
  return DDim(d);
}

int StackAxisOf(const std::string& op, int axis, const DDim& y) {
  return NormalizeAxis(op, "axis", axis, y.rank(), y);
}

void StackGradInferShape(InferShapeContext& ctx) {
  const DDim y = ctx.InputDim(kStackGradOutGrad);
  const int a = StackAxisOf(ctx.op_type(), ctx.Attr<int32_t>(kStackAxis), y);
  const size_t n = ctx.OutputCount(kStackGradXGrad);
  PD_CHECK(y[a] < 0 || static_cast<size_t>(y[a]) == n, InvalidArgument, "[", ctx.op_type(),
           "] Y@GRAD ", y.ToString(), " has ", y[a], " entries along axis ", a, " for ", n,
           " inputs");
  for (size_t i = 0; i < n; ++i) ctx.SetOutputDim(kStackGradXGrad, Removed(y, a), i);
}

// The slices of `y` along axis `a`, one per output, each without that dim.
void Unstack(KernelContext& ctx, const DenseTensor& y, int a, int out_slot) {
  std::vector<DenseTensor*> parts;
  for (size_t i = 0; i < ctx.OutputCount(out_slot); ++i) {
    DenseTensor* p = ctx.Output(out_slot, i);
    DDim d = y.dims();
    d[a] = 1;
    p->Resize(d);
    parts.push_back(p);
  }
  Slice(y, a, parts, ctx.place());
  for (DenseTensor* p : parts) p->Resize(Removed(p->dims(), a));
}

void StackGradKernel(KernelContext& ctx) {
  const DenseTensor& y = ctx.Input(kStackGradOutGrad);
  Unstack(ctx, y, StackAxisOf(ctx.op_type(), ctx.Attr<int32_t>(kStackAxis), y.dims()),
          kStackGradXGrad);
}

enum UnstackAttr { kUnstackAxis, kUnstackNum };

void UnstackInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  const int a = NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kUnstackAxis), x.rank(), x);
  const size_t n = ctx.OutputCount(0);
  PD_CHECK(x[a] < 0 || static_cast<size_t>(x[a]) == n, InvalidArgument, "[", ctx.op_type(),
           "] X ", x.ToString(), " has ", x[a], " entries along axis ", a, " but ", n,
           " outputs are bound to 'Y'");
  for (size_t i = 0; i < n; ++i) ctx.SetOutputDim(0, Removed(x, a), i);
}

void UnstackKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  Unstack(ctx, x, NormalizeAxis(ctx.op_type(), "axis", ctx.Attr<int32_t>(kUnstackAxis), x.dims().rank(),
                                x.dims()),
          0);
}

// As PaddlePaddle: unstack's gradient stacks the parts' gradients.
std::vector<GradOpDesc> UnstackGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "stack";
  std::vector<std::string> parts;
  for (const auto& n : fwd.Output("Y")) parts.push_back(GradVarName(n));
  g.inputs["X"] = parts;
  g.outputs["Y"] = {GradVarName(fwd.Input("X").at(0))};
  const AttributeMap attrs = fwd.GetAttrMap();
  g.attrs["axis"] = attrs.count("axis") ? attrs.at("axis") : Attribute(int32_t{0});
  return {std::move(g)};
}

constexpr const char* kAxisTensorEn = "Optional one-element int32/int64 tensor overriding `axis`.";
constexpr const char* kAxisTensorZh = "可选的单元素 int32/int64 张量，取代 axis 属性。";

PD_REGISTER_OP(concat)
    .Doc("Joins the tensors of X along `axis`; every other dim must agree.",
         "沿 axis 拼接 X 中的张量；其他维度必须一致。")
    .Input(kConcatX, "X", "The tensors to join, same rank and element type.",
           "要拼接的张量，维数与元素类型相同。")
    .Duplicable()
    .Input(kAxisTensor, "AxisTensor", kAxisTensorEn, kAxisTensorZh)
    .Dispensable()
    .Output(0, "Out", "The joined tensor.", "拼接后的张量。")
    .Attr<int32_t>(kAxis, "axis", 0, "The dim to join along; negative counts from the end.",
                   "拼接所沿的维度；负数从末尾倒数。")
    .InferShape(ConcatInferShape)
    .CpuKernelForAllTypes(ConcatKernel)
    .Grad()
    .Doc("Gradient of concat: X@GRAD[i] is the slice of Out@GRAD that X[i] filled.",
         "concat 的梯度：X@GRAD[i] 是 Out@GRAD 中由 X[i] 填充的那一段。")
    .Reads(kGradX, "X")
    .Reads(kGradAxisTensor, "AxisTensor")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(ConcatGradInferShape)
    .CpuKernelForAllTypes(ConcatGradKernel);

PD_REGISTER_OP(split)
    .Doc("Splits X along `axis` into `num` equal parts, or into parts of the sizes in "
         "`sections` (one may be -1, inferred).",
         "沿 axis 把 X 分成 num 个相等的部分，或按 sections 给出的大小切分（至多一个为 -1，"
         "由推断得出）。")
    .Input(kSplitX, "X", "The tensor to split.", "要切分的张量。")
    .Input(kSplitAxisTensor, "AxisTensor", kAxisTensorEn, kAxisTensorZh)
    .Dispensable()
    .Input(kSectionsTensorList, "SectionsTensorList",
           "Optional one-element int32/int64 tensors overriding `sections`.",
           "可选的单元素 int32/int64 张量列表，取代 sections 属性。")
    .Duplicable()
    .Dispensable()
    .Output(0, "Out", "The parts, in order.", "按顺序排列的各部分。")
    .Duplicable()
    .Attr<std::vector<int32_t>>(kSections, "sections", {},
                                "The size of each part along the axis (used when num is 0).",
                                "各部分沿该维的大小（num 为 0 时使用）。")
    .Attr<int32_t>(kNum, "num", 0, "The number of equal parts; 0: use sections.",
                   "等分的份数；0 表示使用 sections。")
    .AtLeast(0)
    .Attr<int32_t>(kSplitAxis, "axis", 0, "The dim to split; negative counts from the end.",
                   "切分所沿的维度；负数从末尾倒数。")
    .InferShape(SplitInferShape)
    .GradMaker(SplitGradMaker)
    .CpuKernelForAllTypes(SplitKernel);

PD_REGISTER_OP(stack)
    .Doc("Stacks the same-shaped tensors of X along a new dim at `axis`.",
         "把 X 中形状相同的张量沿 axis 处的新维度堆叠。")
    .Input(0, "X", "The tensors to stack, same shape and element type.",
           "要堆叠的张量，形状与元素类型相同。")
    .Duplicable()
    .Output(0, "Y", "The stacked tensor, one more dim than each input.",
            "堆叠后的张量，比每个输入多一维。")
    .Attr<int32_t>(kStackAxis, "axis", 0,
                   "Where the new dim goes, in [-(rank+1), rank]; negative counts from the end.",
                   "新维度的位置，取值 [-(rank+1), rank]；负数从末尾倒数。")
    .InferShape(StackInferShape)
    .CpuKernelForAllTypes(StackKernel)
    .Grad()
    .Doc("Gradient of stack: X@GRAD[i] is entry i of Y@GRAD along the stacked dim.",
         "stack 的梯度：X@GRAD[i] 是 Y@GRAD 沿堆叠维度的第 i 项。")
    .OutputGrad(kStackGradOutGrad, "Y")
    .InputGrad(kStackGradXGrad, "X")
    .InferShape(StackGradInferShape)
    .CpuKernelForAllTypes(StackGradKernel);

PD_REGISTER_OP(unstack)
    .Doc("Splits X along `axis` into its entries, each without that dim.",
         "沿 axis 把 X 拆成各个条目，每个条目去掉该维度。")
    .Input(0, "X", "The tensor to unstack.", "要拆分的张量。")
    .Output(0, "Y", "X's entries along the axis.", "X 沿该维的各个条目。")
    .Duplicable()
    .Attr<int32_t>(kUnstackAxis, "axis", 0, "The dim to unstack; negative counts from the end.",
                   "拆分所沿的维度；负数从末尾倒数。")
    .Attr<int32_t>(kUnstackNum, "num", 0, "The number of entries (X's size along the axis).",
                   "条目个数（X 沿该维的大小）。")
    .InferShape(UnstackInferShape)
    .GradMaker(UnstackGradMaker)
    .CpuKernelForAllTypes(UnstackKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
