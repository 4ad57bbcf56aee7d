// slice and strided_slice: a box (with a stride per axis) of X. Starts and
// ends follow Python: negative counts from the end, and they are clamped to
// the dim; decrease_axis drops size-1 sliced dims from Out.
#include <algorithm>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Per dim of X: where the box starts, how many elements it takes, and the step.
struct Box {
  std::vector<int64_t> start, count, step;
};

// Reads the INTS attribute, or a 1-D tensor / a list of one-element tensors
// (attribute only when there is no kernel context, at build time).
std::vector<int64_t> Values(const KernelContext* ctx, int tensor_slot, int list_slot,
                            const std::vector<int32_t>& attr) {
  if (ctx) return IntList(*ctx, tensor_slot, list_slot, attr);
  return std::vector<int64_t>(attr.begin(), attr.end());
}

// The box for `axes` with starts/ends/steps (Python's slice rules per axis).
Box MakeBox(const std::string& op, const DDim& x, const std::vector<int32_t>& axes,
            const std::vector<int64_t>& starts, const std::vector<int64_t>& ends,
            const std::vector<int64_t>& steps) {
  PD_CHECK(starts.size() == axes.size() && ends.size() == axes.size() &&
               (steps.empty() || steps.size() == axes.size()),
           InvalidArgument, "[", op, "] axes [", StrJoin(axes), "], starts [", StrJoin(starts),
           "], ends [", StrJoin(ends), "] and strides [", StrJoin(steps),
           "] must have one entry per axis");
  Box b;
  const int r = x.rank();
  b.start.assign(r, 0);
  b.step.assign(r, 1);
  b.count.assign(x.data(), x.data() + r);
  std::vector<bool> seen(r, false);
  for (size_t k = 0; k < axes.size(); ++k) {
    const int a0 = axes[k];
    PD_CHECK(a0 >= -r && a0 < r, InvalidArgument, "[", op, "] axis ", a0, " is outside [", -r,
             ", ", r, ") for X ", x.ToString());
    const int a = a0 < 0 ? a0 + r : a0;
    PD_CHECK(!seen[a], InvalidArgument, "[", op, "] axes [", StrJoin(axes), "] names dim ", a,
             " twice");
    seen[a] = true;
    const int64_t step = steps.empty() ? 1 : steps[k];
    PD_CHECK(step != 0, InvalidArgument, "[", op, "] stride 0 on axis ", a0);
    const int64_t n = x[a];
    if (n < 0) {  // unknown until run time
      b.count[a] = -1;
      b.step[a] = step;
      continue;
    }
    auto clamp = [&](int64_t v, int64_t lo, int64_t hi) {
      if (v < 0) v += n;
      return std::min(std::max(v, lo), hi);
    };
    int64_t s, e;
    if (step > 0) {
      s = clamp(starts[k], 0, n);
      e = clamp(ends[k], 0, n);
    } else {
      s = clamp(starts[k], -1, n - 1);
      e = ends[k] < -n ? -1 : clamp(ends[k], -1, n - 1);
    }
    const int64_t span = step > 0 ? e - s : s - e;
    const int64_t abs_step = step > 0 ? step : -step;
    b.start[a] = s;
    b.step[a] = step;
    b.count[a] = span > 0 ? (span + abs_step - 1) / abs_step : 0;
  }
  return b;
}

DDim OutDims(const std::string& op, const Box& b, const std::vector<int32_t>& decrease) {
  std::vector<int64_t> d(b.count);
  std::vector<bool> drop(d.size(), false);
  for (int32_t a0 : decrease) {
    const int r = static_cast<int>(d.size());
    PD_CHECK(a0 >= -r && a0 < r, InvalidArgument, "[", op, "] decrease_axis has ", a0,
             ", outside [", -r, ", ", r, ")");
    const int a = a0 < 0 ? a0 + r : a0;
    PD_CHECK(d[a] == 1 || d[a] == -1, InvalidArgument, "[", op, "] decrease_axis names dim ", a,
             ", whose slice has ", d[a], " elements, not 1");
    drop[a] = true;
  }
  std::vector<int64_t> out;
  for (size_t i = 0; i < d.size(); ++i)
    if (!drop[i]) out.push_back(d[i]);
  return DDim(out);
}

// Calls fn(x_offset, out_offset, length) for each contiguous run of the box, in Out's order.
// The trailing dims the box takes whole, and the dim before them when its step is 1, make one
// run: a slice of leading dims ([3, 1, 2, 32, 64] -> [1, 2, 32, 64]) is one block copy, not
// one call per element.
template <typename Fn>
void ForEachRunInBox(const DDim& x, const Box& b, Fn&& fn) {
  const int r = x.rank();
  int64_t total = 1;
  for (int64_t c : b.count) total *= c;
  if (total == 0) return;
  std::vector<int64_t> stride(r, 1);
  for (int i = r - 2; i >= 0; --i) stride[i] = stride[i + 1] * x[i + 1];
  int outer_rank = r;  // dims [outer_rank, r) are inside a run
  int64_t run = 1;
  while (outer_rank > 0 && b.step[outer_rank - 1] == 1) {
    const int a = --outer_rank;
    run *= b.count[a];
    if (b.start[a] != 0 || b.count[a] != x[a]) break;
  }
  int64_t base = 0;
  for (int i = outer_rank; i < r; ++i) base += b.start[i] * stride[i];
  std::vector<int64_t> idx(outer_rank, 0);
  for (int64_t o = 0; o < total; o += run) {
    int64_t off = base;
    for (int i = 0; i < outer_rank; ++i) off += (b.start[i] + idx[i] * b.step[i]) * stride[i];
    fn(off, o, run);
    for (int i = outer_rank - 1; i >= 0; --i) {
      if (++idx[i] < b.count[i]) break;
      idx[i] = 0;
    }
  }
}

// The slots the two ops share (strided_slice adds StridesTensor(List)).
struct Slots {
  int starts, ends, starts_list, ends_list, strides, strides_list;  // -1: absent
  int axes, starts_attr, ends_attr, strides_attr, decrease;
};
constexpr Slots kSlice{1, 2, 3, 4, -1, -1, 0, 1, 2, -1, 4};
constexpr Slots kStrided{1, 3, 2, 4, 5, 6, 0, 1, 2, 3, 5};

template <const Slots& S>
Box BoxOf(const KernelContext* ctx, const std::string& op, const DDim& x,
          const std::function<const std::vector<int32_t>&(int)>& attr) {
  const std::vector<int32_t> none;
  return MakeBox(op, x, attr(S.axes), Values(ctx, S.starts, S.starts_list, attr(S.starts_attr)),
                 Values(ctx, S.ends, S.ends_list, attr(S.ends_attr)),
                 S.strides < 0 ? std::vector<int64_t>{}
                               : Values(ctx, S.strides, S.strides_list, attr(S.strides_attr)));
}

template <const Slots& S>
void InferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  for (int slot : {S.starts, S.ends, S.starts_list, S.ends_list, S.strides, S.strides_list}) {
    if (slot >= 0 && ctx.HasInput(slot)) {  // bounds are values known to the kernel only
      if (!ctx.IsRuntime()) ctx.SetOutputDim(0, DDim(std::vector<int64_t>(x.rank(), -1)));
      return;
    }
  }
  auto attr = [&](int i) -> const std::vector<int32_t>& { return ctx.Attr<std::vector<int32_t>>(i); };
  const Box b = BoxOf<S>(nullptr, ctx.op_type(), x, attr);
  ctx.SetOutputDim(0, OutDims(ctx.op_type(), b, ctx.Attr<std::vector<int32_t>>(S.decrease)));
}

template <const Slots& S, typename T>
void Kernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  auto attr = [&](int i) -> const std::vector<int32_t>& { return ctx.Attr<std::vector<int32_t>>(i); };
  const Box b = BoxOf<S>(&ctx, ctx.op_type(), x.dims(), attr);
  DenseTensor* out = ctx.Output(0);
  out->Resize(OutDims(ctx.op_type(), b, ctx.Attr<std::vector<int32_t>>(S.decrease)));
  const T* xp = x.data<T>();
  T* o = out->MutableData<T>(ctx.place());
  ForEachRunInBox(x.dims(), b,
                  [&](int64_t xi, int64_t oi, int64_t len) { std::copy_n(xp + xi, len, o + oi); });
}

// The grad op reads Input and the bound tensors at the forward's slot
// positions, then Out@GRAD; it writes Input@GRAD.
template <const Slots& S>
int GradOutSlot() {
  return S.strides_list >= 0 ? S.strides_list + 1 : S.ends_list + 1;
}

template <const Slots& S>
void GradInferShape(InferShapeContext& ctx) {
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, ctx.InputDim(0));
}

template <const Slots& S, typename T>
void GradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  auto attr = [&](int i) -> const std::vector<int32_t>& { return ctx.Attr<std::vector<int32_t>>(i); };
  const Box b = BoxOf<S>(&ctx, ctx.op_type(), x.dims(), attr);
  const DenseTensor& dout = ctx.Input(GradOutSlot<S>());
  const T* g = dout.data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::fill(dx, dx + x.numel(), T(0));
  ForEachRunInBox(x.dims(), b, [&](int64_t xi, int64_t oi, int64_t len) {
    for (int64_t i = 0; i < len; ++i) dx[xi + i] += g[oi + i];
  });
}

constexpr const char* kAxesEn = "The dims to slice.";
constexpr const char* kAxesZh = "要切片的维度。";
constexpr const char* kDecreaseEn = "Sliced dims (of size 1) to drop from Out.";
constexpr const char* kDecreaseZh = "从 Out 中去掉的（大小为 1 的）切片维度。";
constexpr const char* kInferEn = "Legacy build-time hint; not read.";
constexpr const char* kInferZh = "旧式的构建期提示；不读取。";

OpDefBuilder& BoundInputs(OpDefBuilder& op, int starts, int ends, int starts_list, int ends_list) {
  auto tensor = [&](int i, const char* name, const char* en, const char* zh) {
    op.Input(i, name, en, zh).Dispensable();
  };
  auto list = [&](int i, const char* name, const char* en, const char* zh) {
    op.Input(i, name, en, zh).Duplicable().Dispensable();
  };
  // Declared in slot order, which the two ops lay out differently.
  for (int i = 1; i <= 4; ++i) {
    if (i == starts) tensor(i, "StartsTensor", "Optional 1-D tensor overriding `starts`.", "可选的一维张量，取代 starts 属性。");
    if (i == ends) tensor(i, "EndsTensor", "Optional 1-D tensor overriding `ends`.", "可选的一维张量，取代 ends 属性。");
    if (i == starts_list) list(i, "StartsTensorList", "Optional one-element tensors overriding `starts`.", "可选的单元素张量列表，取代 starts 属性。");
    if (i == ends_list) list(i, "EndsTensorList", "Optional one-element tensors overriding `ends`.", "可选的单元素张量列表，取代 ends 属性。");
  }
  return op;
}

PD_REGISTER_OP(slice)
    .Doc("The box of Input from starts to ends (Python rules: negative counts from the end, "
         "clamped to the dim) along each axis; decrease_axis drops size-1 sliced dims.",
         "Input 沿各轴从 starts 到 ends 的区域（Python 规则：负数从末尾倒数，越界截断到该维）；"
         "decrease_axis 去掉大小为 1 的切片维度。")
    .Input(0, "Input", "The tensor to slice.", "要切片的张量。")
    .Apply([](OpDefBuilder& op) { BoundInputs(op, 1, 2, 3, 4); })
    .Output(0, "Out", "The slice.", "切片结果。")
    .RequiredAttr<std::vector<int32_t>>(0, "axes", kAxesEn, kAxesZh)
    .Attr<std::vector<int32_t>>(1, "starts", {}, "Where each axis starts.", "各轴的起点。")
    .Attr<std::vector<int32_t>>(2, "ends", {}, "Where each axis ends (exclusive).", "各轴的终点（不含）。")
    .Attr<std::vector<int32_t>>(3, "infer_flags", {}, kInferEn, kInferZh)
    .Attr<std::vector<int32_t>>(4, "decrease_axis", {}, kDecreaseEn, kDecreaseZh)
    .InferShape(InferShape<kSlice>)
    .CpuKernel<float>(Kernel<kSlice, float>)
    .CpuKernel<double>(Kernel<kSlice, double>)
    .CpuKernel<int32_t>(Kernel<kSlice, int32_t>)
    .CpuKernel<int64_t>(Kernel<kSlice, int64_t>)
    .CpuKernel<bool>(Kernel<kSlice, bool>)
    .CpuKernel<complex64>(Kernel<kSlice, complex64>)
    .CpuKernel<complex128>(Kernel<kSlice, complex128>)
    .Grad()
    .Reads(0, "Input")
    .Reads(1, "StartsTensor")
    .Reads(2, "EndsTensor")
    .Reads(3, "StartsTensorList")
    .Reads(4, "EndsTensorList")
    .OutputGrad(5, "Out")
    .InputGrad(0, "Input")
    .InferShape(GradInferShape<kSlice>)
    .CpuKernel<float>(GradKernel<kSlice, float>)
    .CpuKernel<double>(GradKernel<kSlice, double>)
    .CpuKernel<complex64>(GradKernel<kSlice, complex64>)
    .CpuKernel<complex128>(GradKernel<kSlice, complex128>);

PD_REGISTER_OP(strided_slice)
    .Doc("The box of Input from starts to ends with a stride per axis (a negative stride walks "
         "backwards); decrease_axis drops size-1 sliced dims.",
         "Input 沿各轴从 starts 到 ends、按各轴步长取出的区域（负步长反向行进）；"
         "decrease_axis 去掉大小为 1 的切片维度。")
    .Input(0, "Input", "The tensor to slice.", "要切片的张量。")
    .Apply([](OpDefBuilder& op) { BoundInputs(op, 1, 3, 2, 4); })
    .Input(5, "StridesTensor", "Optional 1-D tensor overriding `strides`.", "可选的一维张量，取代 strides 属性。")
    .Dispensable()
    .Input(6, "StridesTensorList", "Optional one-element tensors overriding `strides`.",
           "可选的单元素张量列表，取代 strides 属性。")
    .Duplicable()
    .Dispensable()
    .Output(0, "Out", "The slice.", "切片结果。")
    .RequiredAttr<std::vector<int32_t>>(0, "axes", kAxesEn, kAxesZh)
    .Attr<std::vector<int32_t>>(1, "starts", {}, "Where each axis starts.", "各轴的起点。")
    .Attr<std::vector<int32_t>>(2, "ends", {}, "Where each axis ends (exclusive).", "各轴的终点（不含）。")
    .Attr<std::vector<int32_t>>(3, "strides", {}, "The step per axis (not 0).", "各轴的步长（不为 0）。")
    .Attr<std::vector<int32_t>>(4, "infer_flags", {}, kInferEn, kInferZh)
    .Attr<std::vector<int32_t>>(5, "decrease_axis", {}, kDecreaseEn, kDecreaseZh)
    .InferShape(InferShape<kStrided>)
    .CpuKernel<float>(Kernel<kStrided, float>)
    .CpuKernel<double>(Kernel<kStrided, double>)
    .CpuKernel<int32_t>(Kernel<kStrided, int32_t>)
    .CpuKernel<int64_t>(Kernel<kStrided, int64_t>)
    .CpuKernel<bool>(Kernel<kStrided, bool>)
    .CpuKernel<complex64>(Kernel<kStrided, complex64>)
    .CpuKernel<complex128>(Kernel<kStrided, complex128>)
    .Grad()
    .Reads(0, "Input")
    .Reads(1, "StartsTensor")
    .Reads(2, "StartsTensorList")
    .Reads(3, "EndsTensor")
    .Reads(4, "EndsTensorList")
    .Reads(5, "StridesTensor")
    .Reads(6, "StridesTensorList")
    .OutputGrad(7, "Out")
    .InputGrad(0, "Input")
    .InferShape(GradInferShape<kStrided>)
    .CpuKernel<float>(GradKernel<kStrided, float>)
    .CpuKernel<double>(GradKernel<kStrided, double>)
    .CpuKernel<complex64>(GradKernel<kStrided, complex64>)
    .CpuKernel<complex128>(GradKernel<kStrided, complex128>);

}  // namespace
}  // namespace ops
}  // namespace paddle
