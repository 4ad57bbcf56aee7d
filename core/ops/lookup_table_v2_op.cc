// lookup_table_v2: the embedding lookup. Each id in Ids (int32 or int64, any
// shape) selects a row of the table W [V, D]; Out has Ids' shape plus [D].
// The kernel's dtype is W's (Ids are integers). Every id is range-checked
// before its row is read.
#include <algorithm>
#include <cstring>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum LookupIn { kIds, kW };
enum LookupOut { kOut };
enum LookupGradIn { kGradW, kGradIds, kGradOutGrad };
enum LookupGradOut { kGradWGrad };
enum LookupAttr { kPaddingIdx };  // both ops

// PaddlePaddle's kNoPadding: no id is padding.
constexpr int64_t kNoPadding = -1;

void CheckTable(const std::string& op, const DDim& w) {
  PD_CHECK(w.rank() == 2, InvalidArgument, "[", op,
           "] input 'W' must be a 2-D table [rows, width], got shape ", w.ToString());
}

// The padding id in [0, V), or kNoPadding. Other negative values count from
// the end of the table (as paddle.nn.functional.embedding normalizes them).
int64_t PaddingRow(const std::string& op, int64_t padding_idx, int64_t rows) {
  if (padding_idx == kNoPadding || rows < 0) return padding_idx;
  PD_CHECK(padding_idx >= -rows && padding_idx < rows, InvalidArgument, "[", op,
           "] attribute 'padding_idx' must be -1 (none) or in [", -rows, ", ", rows,
           ") for W with ", rows, " rows, got ", padding_idx);
  return padding_idx < 0 ? padding_idx + rows : padding_idx;
}

// Out's shape, Ids.shape + [width], after checking W and padding_idx.
DDim LookupOutDims(InferShapeContext& ctx, const DDim& ids, const DDim& w) {
  CheckTable(ctx.op_type(), w);
  PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(kPaddingIdx), w[0]);
  PD_CHECK(ids.rank() < DDim::kMaxRank, InvalidArgument, "[", ctx.op_type(),
           "] input 'Ids' of shape ", ids.ToString(), " has rank ", ids.rank(),
           "; Out would exceed the maximum rank ", DDim::kMaxRank);
  int64_t d[DDim::kMaxRank];
  for (int i = 0; i < ids.rank(); ++i) d[i] = ids[i];
  d[ids.rank()] = w[1];
  return DDim(d, ids.rank() + 1);
}

void LookupInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, LookupOutDims(ctx, ctx.InputDim(kIds), ctx.InputDim(kW)));
  ctx.ShareLoD(kIds, kOut);
}

[[noreturn]] void BadId(const std::string& op, int64_t id, int64_t pos, const DDim& ids,
                        int64_t rows) {
  PD_THROW(InvalidArgument, "[", op, "] id ", id, " at flat position ", pos, " of Ids (shape ",
           ids.ToString(), ") is out of range: W has ", rows, " rows, so ids must be in [0, ",
           rows, ")");
}

// Calls fn(position, row) for every id that is not padding, after checking
// it; ids equal to the padding row call pad(position).
template <typename Id, typename RowFn, typename PadFn>
void ForEachId(const std::string& op, const DenseTensor& ids, int64_t rows, int64_t pad_row,
               RowFn&& fn, PadFn&& pad) {
  const Id* p = ids.data<Id>();
  const int64_t n = ids.numel();
  for (int64_t i = 0; i < n; ++i) {
    const int64_t id = static_cast<int64_t>(p[i]);
    if (id == pad_row && pad_row != kNoPadding) {
      pad(i);
      continue;
    }
    if (id < 0 || id >= rows) BadId(op, id, i, ids.dims(), rows);
    fn(i, id);
  }
}

template <typename RowFn, typename PadFn>
void ForEachIdAnyType(const std::string& op, const DenseTensor& ids, int64_t rows,
                      int64_t pad_row, RowFn&& fn, PadFn&& pad) {
  switch (ids.dtype()) {
    case DataType::kInt64:
      return ForEachId<int64_t>(op, ids, rows, pad_row, fn, pad);
    case DataType::kInt32:
      return ForEachId<int32_t>(op, ids, rows, pad_row, fn, pad);
    default:
      PD_THROW(InvalidArgument, "[", op, "] input 'Ids' must be int32 or int64, got ",
               DataTypeName(ids.dtype()));
  }
}

template <typename T>
void LookupKernel(KernelContext& ctx) {
  const DenseTensor& ids = ctx.Input(kIds);
  const DenseTensor& w = ctx.Input(kW);
  const int64_t rows = w.dims()[0], width = w.dims()[1];
  const int64_t pad = PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(kPaddingIdx), rows);
  DenseTensor* out = ctx.Output(kOut);
  T* o = out->MutableData<T>(ctx.place());
  const T* table = w.data<T>();
  const size_t row_bytes = static_cast<size_t>(width) * sizeof(T);
  if (row_bytes == 0) return;
  ForEachIdAnyType(
      ctx.op_type(), ids, rows, pad,
      [&](int64_t i, int64_t id) { std::memcpy(o + i * width, table + id * width, row_bytes); },
      [&](int64_t i) { std::fill(o + i * width, o + (i + 1) * width, T(0)); });
}

void LookupGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kGradOutGrad,
                  LookupOutDims(ctx, ctx.InputDim(kGradIds), ctx.InputDim(kGradW)),
                  "Ids.shape + [W's width]");
  GradShapeLike(ctx, kGradW, kGradWGrad);
}

// W@GRAD is dense: row r is the sum of the Out@GRAD rows of every id == r;
// the padding row (never read by the forward) gets zeros.
template <typename T>
void LookupGradKernel(KernelContext& ctx) {
  const DDim wd = ctx.Input(kGradW).dims();
  const DenseTensor& ids = ctx.Input(kGradIds);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const int64_t rows = wd[0], width = wd[1];
  const int64_t pad = PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(kPaddingIdx), rows);
  T* dw = ctx.Output(kGradWGrad)->MutableData<T>(ctx.place());
  std::fill(dw, dw + wd.numel(), T(0));
  const T* g = dout.data<T>();
  ForEachIdAnyType(
      ctx.op_type(), ids, rows, pad,
      [&](int64_t i, int64_t id) {
        T* d = dw + id * width;
        const T* s = g + i * width;
        for (int64_t j = 0; j < width; ++j) d[j] += s[j];
      },
      [](int64_t) {});
}

constexpr const char* kPaddingEn =
    "An id whose rows of Out are all zeros (and whose row of W gets no gradient), e.g. the "
    "padding token. -1 means none; other negative values count from the end of W "
    "(padding_idx + rows). Must be -1 or in [-rows, rows).";
constexpr const char* kPaddingZh =
    "对应的 Out 行全为零（W 中该行也不获得梯度）的 id，例如填充符。-1 表示没有；"
    "其他负数从 W 的末尾倒数（padding_idx + 行数）。取值必须为 -1 或在 [-行数, 行数) 内。";

PD_REGISTER_OP(lookup_table_v2)
    .Doc("Embedding lookup: Out[i..., :] = W[Ids[i...], :], so Out has Ids' shape followed by "
         "W's width; ids equal to padding_idx give zero rows. Every id must lie in [0, rows of "
         "W). Out keeps Ids' LoD and has W's dtype.",
         "嵌入查表：Out[i..., :] = W[Ids[i...], :]，因此 Out 的形状为 Ids 的形状后接 W 的宽度；"
         "等于 padding_idx 的 id 得到全零行。每个 id 必须在 [0, W 的行数) 内。"
         "Out 沿用 Ids 的 LoD，数据类型与 W 相同。")
    .Input(kIds, "Ids", "The ids to look up, int32 or int64, any shape.",
           "要查找的 id，int32 或 int64，形状任意。")
    .Input(kW, "W", "The embedding table [rows, width].", "嵌入表 [行数, 宽度]。")
    .Output(kOut, "Out", "The selected rows, shape Ids.shape + [width].",
            "查到的行，形状为 Ids.shape + [宽度]。")
    .Attr<int64_t>(kPaddingIdx, "padding_idx", kNoPadding, kPaddingEn, kPaddingZh)
    .InferShape(LookupInferShape)
    .KernelDtypeFrom("W")  // Ids are integers; the rows copied are W's
    .CpuKernel<float>(LookupKernel<float>)
    .CpuKernel<double>(LookupKernel<double>)
    .Grad("lookup_table_v2_grad")  // ids are integers: W gets the only gradient
    .Doc("Gradient of lookup_table_v2 with respect to W, as a dense tensor of W's shape: row r "
         "is the sum of the Out@GRAD rows of every id equal to r; the padding row is zero. Only "
         "W's shape is read.",
         "lookup_table_v2 对 W 的梯度，为与 W 同形状的稠密张量：第 r 行是所有等于 r 的 id "
         "对应的 Out@GRAD 行之和；填充行为零。只读取 W 的形状。")
    .Reads(kGradW, "W")
    .Reads(kGradIds, "Ids")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradWGrad, "W")
    .InferShape(LookupGradInferShape)
    .CpuKernel<float>(LookupGradKernel<float>)
    .CpuKernel<double>(LookupGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
