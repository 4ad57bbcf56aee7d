// feed and fetch: how a program's inputs arrive and its outputs leave
// (docs/en/model_format.md, "Inside an inference program"). Both share
// buffers instead of copying, so feeding and fetching cost no memory traffic.
//
// Kernel dtype: feed's input is a TensorList, which has no element type, so
// the executor uses the kernel registered for kFloat32 (see README.md). The
// kernels never read elements, so one function is registered for every dtype.
// Neither op has an InferShape: the kernel takes the shape with the buffer.
#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// Both ops declare the same slots and attribute in the same order.
enum In { kX };
enum Out { kOut };
enum Attr { kCol };

void FeedKernel(KernelContext& ctx) {
  const Variable* in = ctx.InputVar(kX);
  PD_CHECK(in->IsType<TensorList>(), InvalidArgument,
           "[", ctx.op_type(), "] input 'X' must be the feed list (FEED_MINIBATCH, a TensorList), got ",
           in->TypeName());
  const TensorList& list = in->Get<TensorList>();
  const int32_t col = ctx.Attr<int32_t>(kCol);
  PD_CHECK(col >= 0 && static_cast<size_t>(col) < list.size(), OutOfRange, "[", ctx.op_type(), "] col ", col,
           " is out of range: the feed list holds ", list.size(), " tensor(s)");
  const DenseTensor& src = list[col];
  PD_CHECK(src.IsInitialized(), PreconditionNotMet, "[", ctx.op_type(), "] feed list entry col ", col,
           " (shape ", src.dims().ToString(), ") holds no data: it was never set");
  ctx.Output(kOut)->ShareDataWith(src);
}

void FetchKernel(KernelContext& ctx) {
  const DenseTensor& src = ctx.Input(kX);
  const int32_t col = ctx.Attr<int32_t>(kCol);
  PD_CHECK(col >= 0, OutOfRange, "[", ctx.op_type(), "] col must be >= 0, got ", col);
  PD_CHECK(src.IsInitialized(), PreconditionNotMet, "[", ctx.op_type(), "] input 'X' (shape ",
           src.dims().ToString(), ") holds no data for fetch col ", col,
           ": no op wrote it before the fetch");
  Variable* out = ctx.OutputVar(kOut);
  // A variable bound without a FETCH_LIST desc starts as an empty tensor;
  // only one holding data would be lost by turning it into the list.
  const bool holds_data = out->IsType<DenseTensor>() && out->Get<DenseTensor>().IsInitialized();
  PD_CHECK(!holds_data, InvalidArgument,
           "[", ctx.op_type(), "] output 'Out' must be the fetch list (FETCH_LIST, a TensorList), got a "
           "DenseTensor holding data");
  TensorList* list = out->GetMutable<TensorList>();
  // Programs fetch in any order, so the list grows to whichever col comes first.
  if (list->size() <= static_cast<size_t>(col)) list->resize(col + 1);
  (*list)[col].ShareDataWith(src);
}

PD_REGISTER_OP(feed)
    .Doc("Takes one input of the program from the feed list: output Out shares the buffer "
         "of the col-th tensor the caller placed in X (no copy).",
         "从输入列表中取出程序的一个输入：输出 Out 与调用者放入 X 的第 col 个张量共享内存（不复制）。")
    .Input(kX, "X", "The feed list variable (type FEED_MINIBATCH), filled by the caller before the run.",
           "输入列表变量（类型 FEED_MINIBATCH），由调用者在运行前填入。")
    .Output(kOut, "Out", "The program's input variable that receives the col-th tensor.",
            "接收第 col 个张量的程序输入变量。")
    .RequiredAttr<int32_t>(kCol, "col", "Index of the tensor in the feed list (0-based).",
                           "该张量在输入列表中的下标（从 0 开始）。")
    .AtLeast(0)
    .SharesBuffers()
    .CpuKernelForAllTypes(FeedKernel);

PD_REGISTER_OP(fetch)
    .Doc("Hands one output of the program to the caller: the col-th entry of the fetch list "
         "Out shares the buffer of X (no copy); the list grows as needed.",
         "把程序的一个输出交给调用者：输出列表 Out 的第 col 项与 X 共享内存（不复制），"
         "列表按需增长。")
    .Input(kX, "X", "The program variable to return to the caller.", "要返回给调用者的程序变量。")
    .Output(kOut, "Out", "The fetch list variable (type FETCH_LIST) the caller reads after the run.",
            "调用者在运行后读取的输出列表变量（类型 FETCH_LIST）。")
    .RequiredAttr<int32_t>(kCol, "col", "Index of the entry in the fetch list (0-based).",
                           "该输出在输出列表中的下标（从 0 开始）。")
    .AtLeast(0)
    .SharesBuffers()
    .CpuKernelForAllTypes(FetchKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
