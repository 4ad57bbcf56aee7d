// Control flow of static programs, as PaddlePaddle's ProgramDesc writes it:
// `conditional_block` and `while` run a sub-block (attribute sub_block) in a
// child scope, `select_input` / `select_output` pick one of several values by
// an integer mask (the merge of cond's branches and its gradient). The
// sub-blocks run through the BlockRunner the executor gives these ops
// (core/framework/op_context.h), so nothing here includes the executor.
//
// Gradients: `conditional_block_grad` and `while_grad` run a grad sub-block
// that core/ir/backward builds (their makers here copy the forward's
// sub_block; the builder replaces it with the grad block). They run it in the
// scope(s) the forward ran in, where the forward's temporaries still are.
//
// While steps (is_test false): each iteration runs in a scope of its own,
// which first keeps a copy of the loop-carried variables (X that the body
// also writes, Out) as they were when the iteration began, so the gradient
// of that iteration reads the values the body read.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "core/base/enforce.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

BlockRunner& Runner(const KernelContext& ctx) {
  BlockRunner* r = ctx.block_runner();
  PD_CHECK(r, PreconditionNotMet, "[", ctx.op_type(),
           "] runs a sub-block, so it needs the executor (it cannot run on its own)");
  return *r;
}

// A bool tensor of one element, read as the branch or loop condition.
bool ScalarCondition(const KernelContext& ctx, const DenseTensor& t, const char* slot) {
  PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[", ctx.op_type(), "] condition '", slot,
           "' holds no value: nothing computed it before the op");
  PD_CHECK(t.dtype() == DataType::kBool && t.numel() == 1, InvalidArgument, "[", ctx.op_type(),
           "] condition '", slot, "' must be a bool tensor of one element, got ",
           DataTypeName(t.dtype()), t.dims().ToString());
  return *t.data<bool>();
}

// conditional_block's rule: a scalar condition's value, or (is_scalar_condition
// false) whether every Cond tensor holds elements.
bool ShouldRun(const KernelContext& ctx, int cond_slot, bool scalar) {
  const size_t n = ctx.InputCount(cond_slot);
  if (scalar) {
    PD_CHECK(n == 1, InvalidArgument, "[", ctx.op_type(),
             "] with is_scalar_condition takes one Cond tensor, got ", n);
    return ScalarCondition(ctx, ctx.Input(cond_slot), "Cond");
  }
  for (size_t i = 0; i < n; ++i) {
    const Variable* v = ctx.InputVar(cond_slot, i);
    if (!v->IsType<DenseTensor>() || !v->Get<DenseTensor>().IsInitialized() ||
        v->Get<DenseTensor>().numel() == 0)
      return false;
  }
  return n > 0;
}

// Zeros of `like`'s shape and type (a gradient nothing flowed into).
void ZerosLike(const KernelContext& ctx, const DenseTensor& like, DenseTensor* out) {
  out->Resize(like.dims());
  void* p = out->MutableData(ctx.place(), like.dtype());
  if (out->nbytes()) std::memset(p, 0, out->nbytes());
}

// *acc += x, elementwise (the gradient of a variable the loop body reads).
void AddInto(const KernelContext& ctx, const DenseTensor& x, DenseTensor* acc) {
  PD_CHECK(x.dims() == acc->dims() && x.dtype() == acc->dtype(), InvalidArgument, "[",
           ctx.op_type(), "] gradients of one variable disagree across steps: ",
           DataTypeName(acc->dtype()), acc->dims().ToString(), " vs ", DataTypeName(x.dtype()),
           x.dims().ToString());
  auto add = [&](auto* a, const auto* b) {
    for (int64_t i = 0; i < x.numel(); ++i) a[i] += b[i];
  };
  switch (x.dtype()) {
    case DataType::kFloat32: add(acc->data<float>(), x.data<float>()); break;
    case DataType::kFloat64: add(acc->data<double>(), x.data<double>()); break;
    default:
      PD_THROW(Unimplemented, "[", ctx.op_type(), "] cannot add gradients of type ",
               DataTypeName(x.dtype()), " (float32 and float64 can)");
  }
}

StepScopes& ScopesOf(Variable* v) { return *v->GetMutable<StepScopes>(); }

// The scope of step `i`, made (a child of the op's scope) when first needed.
Scope* StepScope(BlockRunner& r, StepScopes& s, size_t i) {
  while (s.scopes.size() <= i) s.scopes.push_back(&r.scope().NewScope());
  return s.scopes[i];
}

// ---- conditional_block ----

enum CondIn { kCond, kCondInput };
enum CondOut { kCondOut, kCondScope };
enum CondAttr { kSubBlock, kIsScalarCondition };

void ConditionalBlockKernel(KernelContext& ctx) {
  StepScopes& scopes = ScopesOf(ctx.OutputVar(kCondScope));
  scopes.used = 0;
  if (!ShouldRun(ctx, kCond, ctx.Attr<bool>(kIsScalarCondition))) return;
  BlockRunner& r = Runner(ctx);
  Scope* scope = StepScope(r, scopes, 0);
  r.RunBlock(ctx.Attr<BlockRef>(kSubBlock).idx, scope);
  scopes.used = 1;
}

std::vector<std::string> GradNames(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const auto& n : names) out.push_back(GradVarName(n));
  return out;
}

std::vector<GradOpDesc> ConditionalBlockGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "conditional_block_grad";
  g.inputs["Cond"] = fwd.Input("Cond");
  g.inputs["Input"] = fwd.Input("Input");
  g.inputs["Out"] = fwd.Output("Out");
  g.inputs["Out@GRAD"] = GradNames(fwd.Output("Out"));
  g.inputs["Scope"] = fwd.Output("Scope");
  g.outputs["Input@GRAD"] = GradNames(fwd.Input("Input"));
  g.attrs["sub_block"] = fwd.GetAttr("sub_block");  // replaced by the grad block
  g.attrs["is_scalar_condition"] = fwd.GetAttr("is_scalar_condition");
  return {std::move(g)};
}

enum CondGradIn { kGCond, kGInput, kGOut, kGOutGrad, kGScope };
enum CondGradOut { kGInputGrad };

void ConditionalBlockGradKernel(KernelContext& ctx) {
  BlockRunner& r = Runner(ctx);
  const std::vector<std::string> inputs = r.op().Input("Input");
  const size_t n = ctx.OutputCount(kGInputGrad);
  PD_CHECK(n == inputs.size(), InvalidArgument, "[", ctx.op_type(), "] expected one Input@GRAD per Input (",
           inputs.size(), "), got ", n);
  Scope* scope = nullptr;
  if (ShouldRun(ctx, kGCond, ctx.Attr<bool>(kIsScalarCondition))) {
    const StepScopes& scopes = ScopesOf(ctx.InputVar(kGScope));
    PD_CHECK(scopes.used == 1, PreconditionNotMet, "[", ctx.op_type(),
             "] the condition holds but the forward conditional_block did not run its block");
    scope = scopes.scopes[0];
    r.RunBlock(ctx.Attr<BlockRef>(kSubBlock).idx, scope);
  }
  for (size_t i = 0; i < n; ++i) {
    const Variable* in = ctx.InputVar(kGInput, i);
    if (!in->IsType<DenseTensor>() || !in->Get<DenseTensor>().IsInitialized()) continue;
    DenseTensor* out = ctx.Output(kGInputGrad, i);
    const Variable* inner = scope ? scope->FindLocalVar(GradVarName(inputs[i])) : nullptr;
    if (inner && inner->IsType<DenseTensor>() && inner->Get<DenseTensor>().IsInitialized())
      out->CopyFrom(inner->Get<DenseTensor>());
    else
      ZerosLike(ctx, in->Get<DenseTensor>(), out);
  }
}

PD_REGISTER_OP(conditional_block)
    .Doc("Runs the ops of sub_block (in a child scope) when the condition holds: with "
         "is_scalar_condition, Cond is one bool tensor of one element; otherwise every Cond "
         "tensor must hold elements. paddle.static.nn.cond builds one per branch.",
         "条件成立时（在子作用域中）运行 sub_block 中的算子：is_scalar_condition 为真时 Cond 是"
         "一个只含一个元素的 bool 张量；否则每个 Cond 张量都含有元素时才运行。"
         "paddle.static.nn.cond 为每个分支构建一个。")
    .Input(kCond, "Cond", "The condition: one bool tensor of one element (is_scalar_condition), "
           "or tensors that must all hold elements.",
           "条件：一个只含一个元素的 bool 张量（is_scalar_condition），或必须都含有元素的张量。")
    .Duplicable()
    .Input(kCondInput, "Input", "The variables of enclosing blocks that the sub-block reads.",
           "子块读取的外层块变量。")
    .Duplicable()
    .Output(kCondOut, "Out", "The variables of enclosing blocks that the sub-block writes.",
            "子块写入的外层块变量。")
    .Duplicable()
    .Output(kCondScope, "Scope", "(STEP_SCOPES) The child scope the sub-block ran in, read "
            "again by the gradient.",
            "（STEP_SCOPES）子块运行所在的子作用域，梯度算子会再次读取。")
    .RequiredAttr<BlockRef>(kSubBlock, "sub_block", "The block to run.", "要运行的块。")
    .Attr<bool>(kIsScalarCondition, "is_scalar_condition", false,
                "Cond is one bool tensor of one element whose value decides.",
                "Cond 是一个只含一个元素的 bool 张量，由其值决定是否运行。")
    .KernelDtypeFrom("Cond")
    .SharesBuffers()
    .GradMaker(ConditionalBlockGradMaker)
    .CpuKernelForAllTypes(ConditionalBlockKernel);

PD_REGISTER_OP(conditional_block_grad)
    .Doc("The gradient of conditional_block: when the condition held, runs the grad block "
         "(sub_block) in the scope the forward ran in and copies out each Input's gradient; "
         "otherwise the gradients are zeros.",
         "conditional_block 的梯度：条件成立时在前向运行的作用域中运行梯度块（sub_block），"
         "并取出每个 Input 的梯度；否则梯度为零。")
    .Input(kGCond, "Cond", "The forward's condition.", "前向的条件。")
    .Duplicable()
    .Input(kGInput, "Input", "The forward's Input.", "前向的 Input。")
    .Duplicable()
    .Input(kGOut, "Out", "The forward's Out.", "前向的 Out。")
    .Duplicable()
    .Dispensable()
    .Input(kGOutGrad, "Out@GRAD", "The gradients of Out.", "Out 的梯度。")
    .Duplicable()
    .Dispensable()
    .Input(kGScope, "Scope", "The forward's scope variable.", "前向的作用域变量。")
    .Output(kGInputGrad, "Input@GRAD", "The gradients of Input, one per Input.",
            "Input 的梯度，每个 Input 一个。")
    .Duplicable()
    .Dispensable()
    .RequiredAttr<BlockRef>(kSubBlock, "sub_block", "The grad block.", "梯度块。")
    .Attr<bool>(kIsScalarCondition, "is_scalar_condition", false,
                "As the forward's.", "与前向相同。")
    .KernelDtypeFrom("Cond")
    .SharesBuffers()
    .CpuKernelForAllTypes(ConditionalBlockGradKernel);

// ---- while ----

enum WhileIn { kX, kCondition };
enum WhileOut { kWhileOut, kStepScopes };
enum WhileAttr { kWhileBlock, kIsTest };

void WhileKernel(KernelContext& ctx) {
  BlockRunner& r = Runner(ctx);
  PD_CHECK(ctx.InputCount(kCondition) == 1, InvalidArgument, "[", ctx.op_type(),
           "] takes one Condition tensor, got ", ctx.InputCount(kCondition));
  const int block = ctx.Attr<BlockRef>(kWhileBlock).idx;
  const bool is_test = ctx.Attr<bool>(kIsTest);
  StepScopes& scopes = ScopesOf(ctx.OutputVar(kStepScopes));
  scopes.used = 0;
  // The loop-carried variables: read and written by the body.
  std::vector<std::pair<std::string, const Variable*>> carried;
  if (!is_test) {
    const std::vector<std::string> xs = r.op().Input("X");
    const std::vector<std::string> outs = r.op().Output("Out");
    for (size_t i = 0; i < xs.size(); ++i)
      if (std::find(outs.begin(), outs.end(), xs[i]) != outs.end())
        carried.emplace_back(xs[i], ctx.InputVar(kX, i));
  }
  const Variable* cond = ctx.InputVar(kCondition);
  PD_CHECK(cond->IsType<DenseTensor>(), InvalidArgument, "[", ctx.op_type(),
           "] Condition must be a tensor, got ", cond->TypeName());
  while (ScalarCondition(ctx, cond->Get<DenseTensor>(), "Condition")) {
    Scope* scope = StepScope(r, scopes, is_test ? 0 : scopes.used);
    if (!is_test) {
      // Bound before the copies exist, so the body reads and writes the
      // enclosing variables; the copies are for the gradient.
      r.PrepareBlock(block, scope);
      for (const auto& [name, var] : carried)
        if (var->IsType<DenseTensor>() && var->Get<DenseTensor>().IsInitialized())
          scope->LocalVar(name)->GetMutable<DenseTensor>()->CopyFrom(var->Get<DenseTensor>());
    }
    r.RunBlock(block, scope);
    if (!is_test) ++scopes.used;
  }
}

std::vector<GradOpDesc> WhileGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "while_grad";
  g.inputs["X"] = fwd.Input("X");
  g.inputs["Out"] = fwd.Output("Out");
  g.inputs["Out@GRAD"] = GradNames(fwd.Output("Out"));
  g.inputs["StepScopes"] = fwd.Output("StepScopes");
  g.outputs["X@GRAD"] = GradNames(fwd.Input("X"));
  g.attrs["sub_block"] = fwd.GetAttr("sub_block");  // replaced by the grad block
  g.attrs["is_test"] = fwd.HasAttr("is_test") ? fwd.GetAttr("is_test") : Attribute(false);
  return {std::move(g)};
}

enum WhileGradIn { kWX, kWOut, kWOutGrad, kWStepScopes };
enum WhileGradOut { kWXGrad };

// Backpropagation through the steps, last first. A loop-carried variable's
// gradient enters each step as `<name>@GRAD` (the gradient of the value the
// step wrote) and leaves it as the same name (of the value the step read;
// the grad block always writes it). A variable the body only reads sums its
// gradient over the steps.
void WhileGradKernel(KernelContext& ctx) {
  BlockRunner& r = Runner(ctx);
  PD_CHECK(!ctx.Attr<bool>(kIsTest), InvalidArgument, "[", ctx.op_type(),
           "] the forward while ran with is_test, which keeps no steps to differentiate");
  const std::vector<std::string> xs = r.op().Input("X");
  const std::vector<std::string> outs = r.op().Input("Out");
  PD_CHECK(ctx.OutputCount(kWXGrad) == xs.size(), InvalidArgument, "[", ctx.op_type(),
           "] expected one X@GRAD per X (", xs.size(), "), got ", ctx.OutputCount(kWXGrad));
  PD_CHECK(ctx.InputCount(kWOutGrad) == outs.size(), InvalidArgument, "[", ctx.op_type(),
           "] expected one Out@GRAD per Out (", outs.size(), "), got ",
           ctx.InputCount(kWOutGrad));
  std::unordered_map<std::string, DenseTensor> grad;  // carried: d(loss)/d(its current value)
  for (size_t j = 0; j < outs.size(); ++j) {
    const Variable* og = ctx.InputVar(kWOutGrad, j);
    const Variable* out = ctx.InputVar(kWOut, j);
    DenseTensor& g = grad[outs[j]];
    if (og->IsType<DenseTensor>() && og->Get<DenseTensor>().IsInitialized())
      g.CopyFrom(og->Get<DenseTensor>());
    else if (out->IsType<DenseTensor>() && out->Get<DenseTensor>().IsInitialized())
      ZerosLike(ctx, out->Get<DenseTensor>(), &g);
  }
  std::unordered_map<std::string, DenseTensor> summed;  // read-only: summed over the steps
  const StepScopes& scopes = ScopesOf(ctx.InputVar(kWStepScopes));
  const int grad_block = ctx.Attr<BlockRef>(kWhileBlock).idx;
  for (size_t t = scopes.used; t-- > 0;) {
    Scope* scope = scopes.scopes[t];
    r.PrepareBlock(grad_block, scope);
    // The grad block declares `<name>@GRAD` (a variable of this scope)
    // exactly for the carried variables the gradient flows through.
    for (auto& [name, g] : grad)
      if (Variable* v = scope->FindLocalVar(GradVarName(name)); v && g.IsInitialized())
        v->GetMutable<DenseTensor>()->CopyFrom(g);
    r.RunBlock(grad_block, scope);
    for (auto& [name, g] : grad) {
      const Variable* v = scope->FindLocalVar(GradVarName(name));
      if (v && v->IsType<DenseTensor>() && v->Get<DenseTensor>().IsInitialized())
        g.ShareDataWith(v->Get<DenseTensor>());
      else if (g.IsInitialized()) {
        DenseTensor zeros;
        ZerosLike(ctx, g, &zeros);
        g = std::move(zeros);
      }
    }
    for (const std::string& x : xs) {
      if (grad.count(x)) continue;
      const Variable* v = scope->FindLocalVar(GradVarName(x));
      if (!v || !v->IsType<DenseTensor>() || !v->Get<DenseTensor>().IsInitialized()) continue;
      auto it = summed.find(x);
      if (it == summed.end()) summed[x].CopyFrom(v->Get<DenseTensor>());
      else AddInto(ctx, v->Get<DenseTensor>(), &it->second);
    }
  }
  for (size_t k = 0; k < xs.size(); ++k) {
    const Variable* x = ctx.InputVar(kWX, k);
    if (!x->IsType<DenseTensor>() || !x->Get<DenseTensor>().IsInitialized()) continue;
    DenseTensor* out = ctx.Output(kWXGrad, k);
    auto g = grad.find(xs[k]);
    auto s = summed.find(xs[k]);
    if (g != grad.end() && g->second.IsInitialized()) out->CopyFrom(g->second);
    else if (s != summed.end()) out->CopyFrom(s->second);
    else ZerosLike(ctx, x->Get<DenseTensor>(), out);
  }
}

PD_REGISTER_OP(while)
    .Doc("Runs the ops of sub_block again and again while Condition (a bool tensor of one "
         "element, which the block updates) holds. Each step runs in a child scope; the "
         "variables of enclosing blocks the block writes (Out) carry values from step to step. "
         "paddle.static.nn.while_loop builds it.",
         "当 Condition（只含一个元素的 bool 张量，由块内更新）成立时反复运行 sub_block 中的算子。"
         "每一步在一个子作用域中运行；块写入的外层块变量（Out）在步与步之间传递值。"
         "由 paddle.static.nn.while_loop 构建。")
    .Input(kX, "X", "The variables of enclosing blocks that the block reads.",
           "块读取的外层块变量。")
    .Duplicable()
    .Input(kCondition, "Condition", "The loop condition: a bool tensor of one element.",
           "循环条件：只含一个元素的 bool 张量。")
    .Duplicable()
    .Output(kWhileOut, "Out", "The variables of enclosing blocks that the block writes.",
            "块写入的外层块变量。")
    .Duplicable()
    .Output(kStepScopes, "StepScopes", "(STEP_SCOPES) The scopes of the steps, read again by "
            "the gradient.",
            "（STEP_SCOPES）各步的作用域，梯度算子会再次读取。")
    .RequiredAttr<BlockRef>(kWhileBlock, "sub_block", "The loop body.", "循环体。")
    .Attr<bool>(kIsTest, "is_test", false,
                "Inference only: one scope for every step and no copies kept for a gradient.",
                "仅用于推理：所有步共用一个作用域，不为梯度保留副本。")
    .KernelDtypeFrom("Condition")
    .SharesBuffers()
    .GradMaker(WhileGradMaker)
    .CpuKernelForAllTypes(WhileKernel);

PD_REGISTER_OP(while_grad)
    .Doc("The gradient of while: runs the grad block (sub_block) in each step's scope, last "
         "step first, passing the loop-carried gradients from step to step and summing those "
         "of the variables the body only reads.",
         "while 的梯度：从最后一步开始，在每一步的作用域中运行梯度块（sub_block），"
         "在步与步之间传递循环变量的梯度，并累加循环体只读变量的梯度。")
    .Input(kWX, "X", "The forward's X.", "前向的 X。")
    .Duplicable()
    .Input(kWOut, "Out", "The forward's Out.", "前向的 Out。")
    .Duplicable()
    .Input(kWOutGrad, "Out@GRAD", "The gradients of Out after the loop.", "循环结束后 Out 的梯度。")
    .Duplicable()
    .Dispensable()
    .Input(kWStepScopes, "StepScopes", "The forward's step scopes.", "前向的各步作用域。")
    .Output(kWXGrad, "X@GRAD", "The gradients of X before the loop, one per X.",
            "循环开始前 X 的梯度，每个 X 一个。")
    .Duplicable()
    .Dispensable()
    .RequiredAttr<BlockRef>(kWhileBlock, "sub_block", "The grad block.", "梯度块。")
    .Attr<bool>(kIsTest, "is_test", false, "As the forward's.", "与前向相同。")
    .KernelDtypeFrom("StepScopes")
    .SharesBuffers()
    .CpuKernelForAllTypes(WhileGradKernel);

// ---- select_input, select_output ----

enum SelectIn { kSelX, kMask };
enum SelectOut { kSelOut };

// The mask's value, checked against the number of branches.
size_t MaskValue(const KernelContext& ctx, size_t branches) {
  const DenseTensor& m = ctx.Input(kMask);
  PD_CHECK(m.numel() == 1 && (m.dtype() == DataType::kInt32 || m.dtype() == DataType::kInt64),
           InvalidArgument, "[", ctx.op_type(), "] Mask must be an int32 tensor of one element, got ",
           DataTypeName(m.dtype()), m.dims().ToString());
  const int64_t v = m.dtype() == DataType::kInt32 ? *m.data<int32_t>() : *m.data<int64_t>();
  PD_CHECK(v >= 0 && static_cast<size_t>(v) < branches, OutOfRange, "[", ctx.op_type(),
           "] Mask is ", v, ", but there are ", branches, " branches");
  return static_cast<size_t>(v);
}

void SelectInputKernel(KernelContext& ctx) {
  const size_t i = MaskValue(ctx, ctx.InputCount(kSelX));
  const Variable* x = ctx.InputVar(kSelX, i);
  PD_CHECK(x->IsType<DenseTensor>() && x->Get<DenseTensor>().IsInitialized(), PreconditionNotMet,
           "[", ctx.op_type(), "] the selected input X[", i, "] holds no value: its branch did not run");
  ctx.Output(kSelOut)->ShareDataWith(x->Get<DenseTensor>());
}

void SelectOutputKernel(KernelContext& ctx) {
  const size_t i = MaskValue(ctx, ctx.OutputCount(kSelOut));
  ctx.Output(kSelOut, i)->ShareDataWith(ctx.Input(kSelX));
}

std::vector<GradOpDesc> SelectInputGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "select_output";
  g.inputs["X"] = GradNames(fwd.Output("Out"));
  g.inputs["Mask"] = fwd.Input("Mask");
  g.outputs["Out"] = GradNames(fwd.Input("X"));
  return {std::move(g)};
}

std::vector<GradOpDesc> SelectOutputGradMaker(const OpDesc& fwd) {
  GradOpDesc g;
  g.type = "select_input";
  g.inputs["X"] = GradNames(fwd.Output("Out"));
  g.inputs["Mask"] = fwd.Input("Mask");
  g.outputs["Out"] = GradNames(fwd.Input("X"));
  return {std::move(g)};
}

PD_REGISTER_OP(select_input)
    .Doc("Out is X[Mask] (shared, not copied): the value of the branch that ran. "
         "paddle.static.nn.cond merges its branches' results with it.",
         "Out 即 X[Mask]（共享内存，不复制）：运行了的分支的值。"
         "paddle.static.nn.cond 用它合并两个分支的结果。")
    .Input(kSelX, "X", "The branches' values; only the selected one need hold a value.",
           "各分支的值；只有被选中的需要有值。")
    .Duplicable()
    .Input(kMask, "Mask", "An int32 tensor of one element: the index of the input to take.",
           "只含一个元素的 int32 张量：要取的输入的下标。")
    .Output(kSelOut, "Out", "The selected input.", "被选中的输入。")
    .KernelDtypeFrom("Mask")
    .SharesBuffers()
    .GradMaker(SelectInputGradMaker)
    .CpuKernelForAllTypes(SelectInputKernel);

PD_REGISTER_OP(select_output)
    .Doc("Out[Mask] is X (shared, not copied); the other outputs are left as they are. The "
         "gradient of select_input.",
         "Out[Mask] 即 X（共享内存，不复制）；其余输出保持不变。select_input 的梯度。")
    .Input(kSelX, "X", "The value to hand to one output.", "要交给其中一个输出的值。")
    .Input(kMask, "Mask", "An int32 tensor of one element: the index of the output to write.",
           "只含一个元素的 int32 张量：要写入的输出的下标。")
    .Output(kSelOut, "Out", "The outputs; only Out[Mask] is written.", "各输出；只写入 Out[Mask]。")
    .Duplicable()
    .KernelDtypeFrom("Mask")
    .SharesBuffers()
    .GradMaker(SelectOutputGradMaker)
    .CpuKernelForAllTypes(SelectOutputKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
