// lookup_table_v2: the embedding lookup. Each id in Ids (int32 or int64, any
// shape) selects a row of the table W [V, D]; Out has Ids' shape plus [D].
// The kernel's dtype is W's (Ids are integers). Every id is range-checked
// before its row is read. The legacy lookup_table is the same lookup with
// Ids shaped [..., 1] (Out is [..., D]), its slots in the order W, Ids.
#include <algorithm>
#include <cstring>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum LookupOut { kOut };
enum LookupGradIn { kGradW, kGradIds, kGradOutGrad };  // both ops' gradients
enum LookupGradOut { kGradWGrad };

// Where each op keeps Ids, W and padding_idx.
struct V2 {
  enum In { kIds, kW };
  enum Attr { kPaddingIdx };
  static constexpr bool kLegacy = false;
};
struct Legacy {
  enum In { kW, kIds };
  enum Attr {
    kIsSparse, kIsDistributed, kPaddingIdx, kRemotePrefetch, kEntryConfig, kIsTest, kEntry,
    kTableClass, kTableNames, kTrainerId, kSlot, kGradInplace, kEpmap, kHeightSections
  };
  static constexpr bool kLegacy = true;
};

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

// Out's shape, Ids.shape + [width] (the legacy op drops Ids' last dim, which
// must be 1), after checking W and padding_idx.
template <typename L>
DDim LookupOutDims(InferShapeContext& ctx, DDim ids, const DDim& w) {
  CheckTable(ctx.op_type(), w);
  PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(L::kPaddingIdx), w[0]);
  if (L::kLegacy) {
    PD_CHECK(ids.rank() >= 1 && (ids[ids.rank() - 1] == 1 || ids[ids.rank() - 1] < 0),
             InvalidArgument, "[", ctx.op_type(), "] input 'Ids' must be shaped [..., 1], got ",
             ids.ToString());
    ids = DDim(ids.data(), ids.rank() - 1);
  }
  PD_CHECK(ids.rank() < DDim::kMaxRank, InvalidArgument, "[", ctx.op_type(),
           "] input 'Ids' of shape ", ids.ToString(), " has rank ", ids.rank(),
           "; Out would exceed the maximum rank ", DDim::kMaxRank);
  int64_t d[DDim::kMaxRank];
  for (int i = 0; i < ids.rank(); ++i) d[i] = ids[i];
  d[ids.rank()] = w[1];
  return DDim(d, ids.rank() + 1);
}

template <typename L>
void LookupInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(kOut, LookupOutDims<L>(ctx, ctx.InputDim(L::kIds), ctx.InputDim(L::kW)));
  ctx.ShareLoD(L::kIds, kOut);
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

template <typename T, typename L>
void LookupKernel(KernelContext& ctx) {
  const DenseTensor& ids = ctx.Input(L::kIds);
  const DenseTensor& w = ctx.Input(L::kW);
  const int64_t rows = w.dims()[0], width = w.dims()[1];
  const int64_t pad = PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(L::kPaddingIdx), rows);
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

template <typename L>
void LookupGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kGradOutGrad,
                  LookupOutDims<L>(ctx, ctx.InputDim(kGradIds), ctx.InputDim(kGradW)),
                  L::kLegacy ? "Ids.shape[:-1] + [W's width]" : "Ids.shape + [W's width]");
  GradShapeLike(ctx, kGradW, kGradWGrad);
}

// W@GRAD is dense: row r is the sum of the Out@GRAD rows of every id == r;
// the padding row (never read by the forward) gets zeros.
template <typename T, typename L>
void LookupGradKernel(KernelContext& ctx) {
  const DDim wd = ctx.Input(kGradW).dims();
  const DenseTensor& ids = ctx.Input(kGradIds);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const int64_t rows = wd[0], width = wd[1];
  const int64_t pad = PaddingRow(ctx.op_type(), ctx.Attr<int64_t>(L::kPaddingIdx), rows);
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

// The grad op's slots and kernels (after its Doc): W@GRAD from W's shape, Ids and Out@GRAD.
template <typename L>
void LookupGrad(OpDefBuilder& op) {
  op.Reads(kGradW, "W")
      .Reads(kGradIds, "Ids")
      .OutputGrad(kGradOutGrad, "Out")
      .InputGrad(kGradWGrad, "W")
      .InferShape(LookupGradInferShape<L>)
      .template CpuKernel<float>(LookupGradKernel<float, L>)
      .template CpuKernel<double>(LookupGradKernel<double, L>);
}

constexpr const char* kTableEn = "The embedding table [rows, width].";
constexpr const char* kTableZh = "嵌入表 [行数, 宽度]。";
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
    .Input(V2::kIds, "Ids", "The ids to look up, int32 or int64, any shape.",
           "要查找的 id，int32 或 int64，形状任意。")
    .Input(V2::kW, "W", kTableEn, kTableZh)
    .Output(kOut, "Out", "The selected rows, shape Ids.shape + [width].",
            "查到的行，形状为 Ids.shape + [宽度]。")
    .Attr<int64_t>(V2::kPaddingIdx, "padding_idx", kNoPadding, kPaddingEn, kPaddingZh)
    .InferShape(LookupInferShape<V2>)
    .KernelDtypeFrom("W")  // Ids are integers; the rows copied are W's
    .CpuKernel<float>(LookupKernel<float, V2>)
    .CpuKernel<double>(LookupKernel<double, V2>)
    .Grad("lookup_table_v2_grad")  // ids are integers: W gets the only gradient
    .Doc("Gradient of lookup_table_v2 with respect to W, as a dense tensor of W's shape: row r "
         "is the sum of the Out@GRAD rows of every id equal to r; the padding row is zero. Only "
         "W's shape is read.",
         "lookup_table_v2 对 W 的梯度，为与 W 同形状的稠密张量：第 r 行是所有等于 r 的 id "
         "对应的 Out@GRAD 行之和；填充行为零。只读取 W 的形状。")
    .Apply(LookupGrad<V2>);

constexpr const char* kUnreadEn = "Legacy (distributed or sparse training); not read.";
constexpr const char* kUnreadZh = "旧版属性（分布式或稀疏训练）；不读取。";

PD_REGISTER_OP(lookup_table)
    .Doc("The legacy embedding lookup: Ids are shaped [..., 1] and Out[i..., :] = "
         "W[Ids[i..., 0], :], so Out is Ids.shape[:-1] + [width]; ids equal to padding_idx give "
         "zero rows. Every id must lie in [0, rows of W).",
         "旧版嵌入查表：Ids 的形状为 [..., 1]，Out[i..., :] = W[Ids[i..., 0], :]，因此 Out 的形状为 "
         "Ids.shape[:-1] + [宽度]；等于 padding_idx 的 id 得到全零行。每个 id 必须在 [0, W 的行数) 内。")
    .Input(Legacy::kW, "W", kTableEn, kTableZh)
    .Input(Legacy::kIds, "Ids", "The ids to look up, int64 (or int32), shaped [..., 1].",
           "要查找的 id，int64（或 int32），形状为 [..., 1]。")
    .Output(kOut, "Out", "The selected rows, shape Ids.shape[:-1] + [width].",
            "查到的行，形状为 Ids.shape[:-1] + [宽度]。")
    .Attr<bool>(Legacy::kIsSparse, "is_sparse", false, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<bool>(Legacy::kIsDistributed, "is_distributed", false, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<int64_t>(Legacy::kPaddingIdx, "padding_idx", kNoPadding, kPaddingEn, kPaddingZh)
    .Attr<bool>(Legacy::kRemotePrefetch, "remote_prefetch", false, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr(Legacy::kEntryConfig, "entry_config", "", kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<bool>(Legacy::kIsTest, "is_test", false, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr(Legacy::kEntry, "entry", "none", kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr(Legacy::kTableClass, "table_class", "none", kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<std::vector<std::string>>(Legacy::kTableNames, "table_names", {}, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<int32_t>(Legacy::kTrainerId, "trainer_id", 0, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<int32_t>(Legacy::kSlot, "slot", 0, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<bool>(Legacy::kGradInplace, "grad_inplace", false, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<std::vector<std::string>>(Legacy::kEpmap, "epmap", {}, kUnreadEn, kUnreadZh)
    .ExtraAttr()
    .Attr<std::vector<int64_t>>(Legacy::kHeightSections, "height_sections", {}, kUnreadEn,
                                kUnreadZh)
    .ExtraAttr()
    .InferShape(LookupInferShape<Legacy>)
    .KernelDtypeFrom("W")
    .CpuKernel<float>(LookupKernel<float, Legacy>)
    .CpuKernel<double>(LookupKernel<double, Legacy>)
    .Grad("lookup_table_grad")
    .Doc("Gradient of lookup_table with respect to W, dense, as lookup_table_v2's.",
         "lookup_table 对 W 的梯度，为稠密张量，同 lookup_table_v2。")
    .Apply(LookupGrad<Legacy>);

}  // namespace
}  // namespace ops
}  // namespace paddle
