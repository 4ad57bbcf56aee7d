// Ops that search or scan along one axis: arg_max, arg_min, top_k_v2,
// argsort and cumsum. X is seen as [outer, n, inner]; each (outer, inner)
// pair is one line of n elements, strided by inner.
#include <algorithm>
#include <numeric>

#include "core/base/enforce.h"
#include "core/ops/complex_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// A 0-D X has one line of one element, so axes 0 and -1 name it.
int LineAxis(const std::string& op, int64_t axis, int rank, const DDim& x) {
  return NormalizeAxis(op, "axis", axis, std::max(rank, 1), x);
}

// ---- arg_max / arg_min ----

enum ArgAttr { kArgAxis, kKeepDims, kFlatten, kArgDtype };

DDim ArgOutDims(const std::string& op, const DDim& x, int64_t axis, bool keep, bool flatten) {
  if (flatten) return keep ? DDim(std::vector<int64_t>(x.rank(), 1)) : DDim{};
  const int a = LineAxis(op, axis, x.rank(), x);
  std::vector<int64_t> d = x.ToVector();
  if (d.empty()) return DDim{};
  if (keep) d[a] = 1;
  else d.erase(d.begin() + a);
  return DDim(d);
}

DataType ArgDtype(const std::string& op, int32_t code) {
  const DataType t = DataTypeFromCode(code, "[" + op + "] attribute 'dtype'");
  PD_CHECK(t == DataType::kInt32 || t == DataType::kInt64, InvalidArgument, "[", op,
           "] dtype must be int32 (2) or int64 (3), got ", DataTypeName(t));
  return t;
}

void ArgInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  PD_CHECK(x.numel() != 0, InvalidArgument, "[", ctx.op_type(), "] X ", x.ToString(),
           " is empty: there is no extreme to find");
  ctx.SetOutputDim(0, ArgOutDims(ctx.op_type(), x, ctx.Attr<int64_t>(kArgAxis),
                                 ctx.Attr<bool>(kKeepDims), ctx.Attr<bool>(kFlatten)));
  ctx.SetOutputDtype(0, ArgDtype(ctx.op_type(), ctx.Attr<int32_t>(kArgDtype)));
}

// The first position of the extreme along each line (NaN counts as the
// extreme, as numpy does).
template <typename T, bool kMax>
void ArgKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const bool flatten = ctx.Attr<bool>(kFlatten);
  const AxisSplit l =
      flatten ? AxisSplit{1, x.numel(), 1}
              : SplitAt(x.dims(), LineAxis(ctx.op_type(), ctx.Attr<int64_t>(kArgAxis),
                                           x.dims().rank(), x.dims()));
  const bool wide = ArgDtype(ctx.op_type(), ctx.Attr<int32_t>(kArgDtype)) == DataType::kInt64;
  DenseTensor* out = ctx.Output(0);
  void* o = out->MutableData(ctx.place(), wide ? DataType::kInt64 : DataType::kInt32);
  const T* p = x.data<T>();
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c) {
      const T* line = p + a * l.n * l.inner + c;
      int64_t best = 0;
      for (int64_t j = 1; j < l.n; ++j) {
        const T v = line[j * l.inner], b = line[best * l.inner];
        if (b != b) break;  // NaN already found
        if (v != v || (kMax ? v > b : v < b)) best = j;
      }
      const int64_t at = a * l.inner + c;
      if (wide) static_cast<int64_t*>(o)[at] = best;
      else static_cast<int32_t*>(o)[at] = static_cast<int32_t>(best);
    }
}

// ---- top_k_v2 / argsort: sorted lines ----

enum TopKIn { kTopKX, kK };
enum TopKOut { kTopKOut, kIndices };
enum TopKAttr { kKAttr, kTopKAxis, kLargest, kSorted };

// The order of one line: positions sorted by value (descending when `desc`),
// ties by position; NaN sorts as the largest, as PaddlePaddle and numpy do.
template <typename T>
void SortLine(const T* line, int64_t n, int64_t stride, bool desc, std::vector<int64_t>* order) {
  order->resize(static_cast<size_t>(n));
  std::iota(order->begin(), order->end(), 0);
  auto less = [&](int64_t a, int64_t b) {
    const T va = line[a * stride], vb = line[b * stride];
    const bool na = va != va, nb = vb != vb;
    if (na || nb) return !na && nb;  // NaN is the largest
    return va < vb;
  };
  std::stable_sort(order->begin(), order->end(), [&](int64_t a, int64_t b) {
    return desc ? less(b, a) : less(a, b);
  });
}

int64_t KValue(const KernelContext& ctx) {
  return ctx.HasInput(kK) ? IntScalar(ctx, kK) : ctx.Attr<int32_t>(kKAttr);
}

DDim TopKDims(const std::string& op, const DDim& x, int axis, int64_t k) {
  const int64_t n = x.rank() == 0 ? 1 : x[axis];
  PD_CHECK(k >= 1 && (n < 0 || k <= n), InvalidArgument, "[", op, "] k ", k,
           " must be in [1, ", n, "] (X ", x.ToString(), " along axis ", axis, ")");
  DDim out = x;
  if (x.rank() > 0) out[axis] = k;
  return out;
}

void TopKInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kTopKX);
  const int axis = LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kTopKAxis), x.rank(), x);
  DDim out = x;
  if (ctx.HasInput(kK)) {
    if (x.rank() > 0) out[axis] = -1;  // a value known to the kernel only
  } else {
    out = TopKDims(ctx.op_type(), x, axis, ctx.Attr<int32_t>(kKAttr));
  }
  ctx.SetOutputDim(kTopKOut, out);
  ctx.SetOutputDim(kIndices, out);
  ctx.SetOutputDtype(kIndices, DataType::kInt64);
}

template <typename T>
void TopKKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kTopKX);
  const int axis = LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kTopKAxis), x.dims().rank(), x.dims());
  const int64_t k = KValue(ctx);
  const DDim od = TopKDims(ctx.op_type(), x.dims(), axis, k);
  DenseTensor* out = ctx.Output(kTopKOut);
  DenseTensor* idx = ctx.Output(kIndices);
  out->Resize(od);
  idx->Resize(od);
  T* o = out->MutableData<T>(ctx.place());
  int64_t* ix = idx->MutableData<int64_t>(ctx.place());
  const AxisSplit l = SplitAt(x.dims(), axis);
  const bool largest = ctx.Attr<bool>(kLargest);
  const T* p = x.data<T>();
  std::vector<int64_t> order;
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c) {
      const T* line = p + a * l.n * l.inner + c;
      SortLine(line, l.n, l.inner, largest, &order);
      for (int64_t j = 0; j < k; ++j) {
        const int64_t at = (a * k + j) * l.inner + c;
        o[at] = line[order[j] * l.inner];
        ix[at] = order[j];
      }
    }
}

enum TopKGradIn { kTGradX, kTGradIndices, kTGradOutGrad };
enum TopKGradOut { kTGradXGrad };

void TopKGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kTGradIndices, kTGradOutGrad);
  GradShapeLike(ctx, kTGradX, kTGradXGrad);
}

// X@GRAD is zero except at the positions Indices picked (one line at a time),
// which get their Out@GRAD; argsort's gradient is the same scatter.
template <typename T>
void ScatterByIndices(KernelContext& ctx, int axis_attr, int x_slot, int idx_slot, int dout_slot,
                      int dx_slot) {
  const DDim xd = ctx.Input(x_slot).dims();
  const DenseTensor& idx = ctx.Input(idx_slot);
  const int axis = LineAxis(ctx.op_type(), ctx.Attr<int32_t>(axis_attr), xd.rank(), xd);
  const AxisSplit l = SplitAt(xd, axis);
  const int64_t k = idx.dims().rank() == 0 ? 1 : idx.dims()[axis];
  const int64_t* ix = idx.data<int64_t>();
  const T* g = ctx.Input(dout_slot).data<T>();
  T* dx = ctx.Output(dx_slot)->MutableData<T>(ctx.place());
  std::fill(dx, dx + xd.numel(), T(0));
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c)
      for (int64_t j = 0; j < k; ++j) {
        const int64_t at = (a * k + j) * l.inner + c;
        PD_CHECK(ix[at] >= 0 && ix[at] < l.n, InvalidArgument, "[", ctx.op_type(), "] Indices ",
                 ix[at], " at flat position ", at, " is outside [0, ", l.n, ")");
        dx[(a * l.n + ix[at]) * l.inner + c] += g[at];
      }
}

template <typename T, int kAxisAttr>
void IndicesGradKernel(KernelContext& ctx) {
  ScatterByIndices<T>(ctx, kAxisAttr, kTGradX, kTGradIndices, kTGradOutGrad, kTGradXGrad);
}

// The gradient of top_k_v2 and argsort: X@GRAD from Out@GRAD at Indices.
template <int kAxisAttr>
void IndicesGrad(OpDefBuilder& op) {
  op.Grad()
      .Reads(kTGradX, "X")
      .Reads(kTGradIndices, "Indices")
      .OutputGrad(kTGradOutGrad, "Out")
      .InputGrad(kTGradXGrad, "X")
      .InferShape(TopKGradInferShape);
  op.CpuKernel<float>(IndicesGradKernel<float, kAxisAttr>);
  op.CpuKernel<double>(IndicesGradKernel<double, kAxisAttr>);
}

enum ArgsortAttr { kSortAxis, kDescending, kStable };

void ArgsortInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kSortAxis), x.rank(), x);
  ctx.SetOutputDim(kTopKOut, x);
  ctx.SetOutputDim(kIndices, x);
  ctx.SetOutputDtype(kIndices, DataType::kInt64);
}

template <typename T>
void ArgsortKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const int axis = LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kSortAxis), x.dims().rank(), x.dims());
  T* o = ctx.Output(kTopKOut)->MutableData<T>(ctx.place());
  int64_t* ix = ctx.Output(kIndices)->MutableData<int64_t>(ctx.place());
  const AxisSplit l = SplitAt(x.dims(), axis);
  const T* p = x.data<T>();
  std::vector<int64_t> order;
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c) {
      const T* line = p + a * l.n * l.inner + c;
      SortLine(line, l.n, l.inner, ctx.Attr<bool>(kDescending), &order);
      for (int64_t j = 0; j < l.n; ++j) {
        const int64_t at = (a * l.n + j) * l.inner + c;
        o[at] = line[order[j] * l.inner];
        ix[at] = order[j];
      }
    }
}


// ---- cumsum ----

enum CumsumAttr { kCumAxis, kCumFlatten, kExclusive, kReverse };

void CumsumInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  if (ctx.Attr<bool>(kCumFlatten)) {
    ctx.SetOutputDim(0, DDim{x.numel()});
    return;
  }
  LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kCumAxis), x.rank(), x);
  SameShape(ctx, 0, 0);
}

// Running sums along each line, from the end when `reverse`; `exclusive`
// leaves out the element itself.
template <typename T>
void Scan(const T* in, T* out, const AxisSplit& l, bool exclusive, bool reverse) {
  for (int64_t a = 0; a < l.outer; ++a)
    for (int64_t c = 0; c < l.inner; ++c) {
      T acc = T(0);
      for (int64_t s = 0; s < l.n; ++s) {
        const int64_t j = reverse ? l.n - 1 - s : s;
        const int64_t at = (a * l.n + j) * l.inner + c;
        const T v = in[at];
        if (exclusive) {
          out[at] = acc;
          acc += v;
        } else {
          acc += v;
          out[at] = acc;
        }
      }
    }
}

AxisSplit CumsumLines(const KernelContext& ctx, const DDim& x) {
  if (ctx.Attr<bool>(kCumFlatten)) return AxisSplit{1, x.numel(), 1};
  return SplitAt(x, LineAxis(ctx.op_type(), ctx.Attr<int32_t>(kCumAxis), x.rank(), x));
}

template <typename T>
void CumsumKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  Scan(x.data<T>(), ctx.Output(0)->MutableData<T>(ctx.place()), CumsumLines(ctx, x.dims()),
       ctx.Attr<bool>(kExclusive), ctx.Attr<bool>(kReverse));
}

enum CumsumGradIn { kCGradX, kCGradOutGrad };
enum CumsumGradOut { kCGradXGrad };

// The gradient of a running sum is the running sum the other way.
template <typename T>
void CumsumGradKernel(KernelContext& ctx) {
  const DDim xd = ctx.Input(kCGradX).dims();
  const DenseTensor& g = ctx.Input(kCGradOutGrad);
  Scan(g.data<T>(), ctx.Output(kCGradXGrad)->MutableData<T>(ctx.place()), CumsumLines(ctx, xd),
       ctx.Attr<bool>(kExclusive), !ctx.Attr<bool>(kReverse));
}

void CumsumGradInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kCGradX);
  CheckInputShape(ctx, kCGradOutGrad, ctx.Attr<bool>(kCumFlatten) ? DDim{x.numel()} : x,
                  "cumsum's output shape");
  GradShapeLike(ctx, kCGradX, kCGradXGrad);
}

#define PD_ARG_OP(TYPE, IS_MAX, EN, ZH)                                                        \
  PD_REGISTER_OP(TYPE)                                                                         \
      .Doc(EN, ZH)                                                                             \
      .Input(0, "X", "The tensor to search.", "要查找的张量。")                              \
      .Output(0, "Out", "The positions along the axis.", "沿该维的位置。")                   \
      .RequiredAttr<int64_t>(kArgAxis, "axis", "The dim to search; negative counts from the end.", \
                             "查找所沿的维度；负数从末尾倒数。")                              \
      .Attr<bool>(kKeepDims, "keepdims", false, "Keep the searched dim with size 1.",         \
                  "保留被查找的维度，大小为 1。")                                            \
      .Attr<bool>(kFlatten, "flatten", false, "Search X as one flat line (axis is ignored).", \
                  "把 X 视为一条展平的线查找（忽略 axis）。")                                 \
      .Attr<int32_t>(kArgDtype, "dtype", 3, "Out's type: int32 (2) or int64 (3).",            \
                     "Out 的类型：int32（2）或 int64（3）。")                                   \
      .InferShape(ArgInferShape)                                                               \
      .CpuKernel<float>(ArgKernel<float, IS_MAX>)                                              \
      .CpuKernel<double>(ArgKernel<double, IS_MAX>)                                            \
      .CpuKernel<int32_t>(ArgKernel<int32_t, IS_MAX>)                                          \
      .CpuKernel<int64_t>(ArgKernel<int64_t, IS_MAX>)

PD_ARG_OP(arg_max, true, "The position of the largest element along `axis` (the first on ties).",
          "沿 axis 最大元素的位置（相等时取第一个）。");
PD_ARG_OP(arg_min, false, "The position of the smallest element along `axis` (the first on ties).",
          "沿 axis 最小元素的位置（相等时取第一个）。");

PD_REGISTER_OP(top_k_v2)
    .Doc("The k largest (or smallest) elements along `axis` and their positions, in order.",
         "沿 axis 的 k 个最大（或最小）元素及其位置，按顺序排列。")
    .Input(kTopKX, "X", "The tensor to search.", "要查找的张量。")
    .Input(kK, "K", "Optional one-element tensor overriding `k`.", "可选的单元素张量，取代 k 属性。")
    .Dispensable()
    .Output(kTopKOut, "Out", "The k elements.", "选出的 k 个元素。")
    .Output(kIndices, "Indices", "Their positions along the axis, int64.", "它们沿该维的位置，int64。")
    .Attr<int32_t>(kKAttr, "k", 1, "How many elements to take.", "选取的元素个数。")
    .Attr<int32_t>(kTopKAxis, "axis", -1, "The dim to search; negative counts from the end.",
                   "查找所沿的维度；负数从末尾倒数。")
    .Attr<bool>(kLargest, "largest", true, "Take the largest (else the smallest).",
                "取最大的（否则取最小的）。")
    .Attr<bool>(kSorted, "sorted", true, "Results in order (they always are here).",
                "结果按顺序排列（这里总是如此）。")
    .InferShape(TopKInferShape)
    .CpuKernel<float>(TopKKernel<float>)
    .CpuKernel<double>(TopKKernel<double>)
    .CpuKernel<int32_t>(TopKKernel<int32_t>)
    .CpuKernel<int64_t>(TopKKernel<int64_t>)
    .Apply(IndicesGrad<kTopKAxis>);

PD_REGISTER_OP(argsort)
    .Doc("X sorted along `axis` and the positions the sorted elements came from; equal "
         "elements keep their order.",
         "沿 axis 排序后的 X 及各元素原来的位置；相等元素保持原有顺序。")
    .Input(0, "X", "The tensor to sort.", "要排序的张量。")
    .Output(kTopKOut, "Out", "X sorted.", "排序后的 X。")
    .Output(kIndices, "Indices", "The positions, int64.", "原来的位置，int64。")
    .Attr<int32_t>(kSortAxis, "axis", -1, "The dim to sort; negative counts from the end.",
                   "排序所沿的维度；负数从末尾倒数。")
    .Attr<bool>(kDescending, "descending", false, "Largest first.", "从大到小排列。")
    .Attr<bool>(kStable, "stable", false, "Keep equal elements in order (they always are here).",
                "相等元素保持原有顺序（这里总是如此）。")
    .InferShape(ArgsortInferShape)
    .CpuKernel<float>(ArgsortKernel<float>)
    .CpuKernel<double>(ArgsortKernel<double>)
    .CpuKernel<int32_t>(ArgsortKernel<int32_t>)
    .CpuKernel<int64_t>(ArgsortKernel<int64_t>)
    .Apply(IndicesGrad<kSortAxis>);

PD_REGISTER_OP(cumsum)
    .Doc("Running sums of X along `axis` (or of X flattened).",
         "沿 axis（或对展平后的 X）计算累加和。")
    .Input(0, "X", "The tensor to sum.", "要累加的张量。")
    .Output(0, "Out", "The running sums, X's shape (1-D when flatten).",
            "累加和，形状同 X（flatten 时为一维）。")
    .Attr<int32_t>(kCumAxis, "axis", -1, "The dim to sum along; negative counts from the end.",
                   "累加所沿的维度；负数从末尾倒数。")
    .Attr<bool>(kCumFlatten, "flatten", false, "Sum X flattened.", "对展平后的 X 累加。")
    .Attr<bool>(kExclusive, "exclusive", false, "Leave each element out of its own sum.",
                "每个元素的累加和不含其自身。")
    .Attr<bool>(kReverse, "reverse", false, "Sum from the end.", "从末尾开始累加。")
    .InferShape(CumsumInferShape)
    .CpuKernel<float>(CumsumKernel<float>)
    .CpuKernel<double>(CumsumKernel<double>)
    .CpuKernel<int32_t>(CumsumKernel<int32_t>)
    .CpuKernel<int64_t>(CumsumKernel<int64_t>)
    .CpuKernel<complex64>(CumsumKernel<complex64>)
    .CpuKernel<complex128>(CumsumKernel<complex128>)
    .Grad()
    .Reads(kCGradX, "X")
    .OutputGrad(kCGradOutGrad, "Out")
    .InputGrad(kCGradXGrad, "X")
    .InferShape(CumsumGradInferShape)
    .CpuKernel<float>(CumsumGradKernel<float>)
    .CpuKernel<double>(CumsumGradKernel<double>)
    .CpuKernel<complex64>(CumsumGradKernel<complex64>)
    .CpuKernel<complex128>(CumsumGradKernel<complex128>);

}  // namespace
}  // namespace ops
}  // namespace paddle
