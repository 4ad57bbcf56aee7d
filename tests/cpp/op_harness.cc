#include "op_harness.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "core/executor/executor.h"
#include "core/eager/backward.h"
#include "core/eager/op_runner.h"
#include "core/framework/generator.h"
#include "core/framework/op_def.h"
#include "core/ir/backward.h"

namespace paddle {
namespace test {

namespace {

int64_t Count(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

std::vector<int64_t> Strides(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (int i = static_cast<int>(s.size()) - 2; i >= 0; --i) st[i] = st[i + 1] * s[i + 1];
  return st;
}

bool IsInteger(DataType t) {
  return t == DataType::kInt32 || t == DataType::kInt64 || t == DataType::kBool;
}

// The row's inputs drawn from their ranges (whole numbers for integer kernels).
std::vector<Arr> DrawInputs(const OpRow& row, bool integers, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<Arr> out;
  for (const OpInput& in : row.inputs) {
    std::uniform_real_distribution<double> dist(in.lo, in.hi);
    Arr a{in.shape, std::vector<double>(Count(in.shape))};
    for (double& x : a.v) x = integers ? std::round(dist(gen) * 4) : dist(gen);
    if (in.dtype) {
      std::uniform_int_distribution<int64_t> whole(static_cast<int64_t>(in.lo),
                                                   static_cast<int64_t>(in.hi));
      for (double& x : a.v) x = static_cast<double>(whole(gen));
      if (*in.dtype == DataType::kBool)
        for (double& x : a.v) x = x > 0;
    } else if (!integers)
      for (size_t i = 0; i < in.special.size() && i < a.v.size(); ++i) a.v[i] = in.special[i];
    out.push_back(std::move(a));
  }
  return out;
}

template <typename T>
DenseTensor ToTensor(const Arr& a) {
  return MakeTensor<T>(a.shape, std::vector<T>(a.v.begin(), a.v.end()));
}

DenseTensor ToTensorOf(DataType t, const Arr& a) {
  switch (t) {
    case DataType::kFloat32: return ToTensor<float>(a);
    case DataType::kFloat64: return ToTensor<double>(a);
    case DataType::kInt32: return ToTensor<int32_t>(a);
    case DataType::kInt64: return ToTensor<int64_t>(a);
    case DataType::kBool: return ToTensor<bool>(a);
    default: ADD_FAILURE() << "no test dtype " << DataTypeName(t); return DenseTensor();
  }
}

Arr FromTensor(const DenseTensor& t) {
  Arr a{t.dims().ToVector(), {}};
  switch (t.dtype()) {
    case DataType::kFloat32: for (float x : Values<float>(t)) a.v.push_back(x); break;
    case DataType::kFloat64: a.v = Values<double>(t); break;
    case DataType::kInt32: for (int32_t x : Values<int32_t>(t)) a.v.push_back(x); break;
    case DataType::kInt64: for (int64_t x : Values<int64_t>(t)) a.v.push_back(static_cast<double>(x)); break;
    case DataType::kBool: for (bool x : Values<bool>(t)) a.v.push_back(x ? 1.0 : 0.0); break;
    default: ADD_FAILURE() << "no test dtype " << DataTypeName(t.dtype());
  }
  return a;
}

// The variable of input i: "in_<slot>", or "in_<slot>_<k>" in a list.
std::string Var(const OpRow& row, size_t i) {
  const std::string& slot = row.inputs[i].slot;
  size_t k = 0, count = 0;
  for (size_t j = 0; j < row.inputs.size(); ++j) {
    if (row.inputs[j].slot != slot) continue;
    if (j < i) ++k;
    ++count;
  }
  return count > 1 ? "in_" + slot + "_" + std::to_string(k) : "in_" + slot;
}

// out_slot's variables, then one per further output slot.
std::vector<std::string> OutVars(const OpRow& row) {
  std::vector<std::string> v;
  if (row.out_count == 1) v.push_back("out");
  for (int k = 0; row.out_count > 1 && k < row.out_count; ++k) v.push_back("out_" + std::to_string(k));
  for (const std::string& slot : row.more_out_slots) v.push_back("out_" + slot);
  return v;
}

bool IsRowOutput(const OpRow& row, const std::string& slot) {
  return slot == row.out_slot ||
         std::find(row.more_out_slots.begin(), row.more_out_slots.end(), slot) !=
             row.more_out_slots.end();
}

// Random rows run with the default generator seeded so (ops without a seed
// of their own draw from it), so every run of a row repeats.
constexpr uint64_t kDefaultSeed = 2024;

std::vector<Arr> RunForward(const OpRow& row, DataType t, const std::vector<Arr>& inputs,
                            const std::string& out_var = "", uint64_t default_seed = kDefaultSeed);

// A random row that seeds its op itself (a non-zero `seed`, with `fix_seed`
// where the op has it, or a Seed input): its numbers must not depend on the
// default generator.
bool SeedsItself(const OpRow& row) {
  auto attr = [&row](const char* name) {
    auto it = row.attrs.find(name);
    return it == row.attrs.end() ? nullptr : &it->second;
  };
  const Attribute* seed = attr("seed");
  const Attribute* fix = attr("fix_seed");
  const int32_t* s = seed ? std::get_if<int32_t>(seed) : nullptr;
  const bool* f = fix ? std::get_if<bool>(fix) : nullptr;
  const bool seeded = s && *s != 0 && (!fix || (f && *f));
  return seeded || std::any_of(row.inputs.begin(), row.inputs.end(),
                               [](const OpInput& in) { return in.slot == "Seed"; });
}

// What the outputs must be: the reference's, or for a random op (no
// reference) what the op itself gives, so shapes and in-place runs compare.
std::vector<Arr> References(const OpRow& row, const std::vector<Arr>& in) {
  if (row.check) return RunForward(row, DataType::kFloat64, in);
  return row.references ? row.references(in, row.attrs)
                        : std::vector<Arr>{row.reference(in, row.attrs)};
}

// Binds the row's inputs (as dtype `t`) and outputs to `op`; `out_var`
// replaces the single output's variable (an input's, for in-place runs).
void Bind(OneOp& op, const OpRow& row, DataType t, const std::vector<Arr>& inputs,
          const std::string& out_var = "") {
  std::vector<std::string> slots;
  for (const OpInput& in : row.inputs)
    if (std::find(slots.begin(), slots.end(), in.slot) == slots.end()) slots.push_back(in.slot);
  for (const std::string& slot : slots) {
    std::vector<std::string> vars;
    std::vector<DenseTensor> values;
    for (size_t i = 0; i < row.inputs.size(); ++i) {
      if (row.inputs[i].slot != slot) continue;
      vars.push_back(Var(row, i));
      values.push_back(ToTensorOf(row.inputs[i].dtype.value_or(t), inputs[i]));
    }
    op.Ins(slot, vars, values);
  }
  std::vector<std::string> outs = OutVars(row);
  outs.resize(outs.size() - row.more_out_slots.size());
  op.Outs(row.out_slot, out_var.empty() ? outs : std::vector<std::string>{out_var});
  for (const std::string& slot : row.more_out_slots) op.Out(slot, "out_" + slot);
  for (const auto& [name, value] : row.attrs) op.Attr(name, value);
  const OpDef& def = OpRegistry::Instance().Get(row.op);
  for (const ArgDef& o : def.outputs)  // intermediate outputs (XShape) need a variable too
    if (!IsRowOutput(row, o.name) && !o.dispensable) op.Out(o.name, "aux_" + o.name);
}

std::vector<Arr> Outputs(const OneOp& op, const std::vector<std::string>& vars) {
  std::vector<Arr> out;
  for (const std::string& v : vars) out.push_back(FromTensor(op.Get(v)));
  return out;
}

// One forward run of the row's op on `inputs` as dtype `t`.
std::vector<Arr> RunForward(const OpRow& row, DataType t, const std::vector<Arr>& inputs,
                            const std::string& out_var, uint64_t default_seed) {
  if (row.check) Generator::Default().Seed(default_seed);
  OneOp op(row.op);
  Bind(op, row, t, inputs, out_var);
  op.Run();
  std::vector<std::string> outs = OutVars(row);
  if (!out_var.empty()) outs[0] = out_var;
  return Outputs(op, outs);
}

std::vector<double> Flat(const std::vector<Arr>& arrs) {
  std::vector<double> v;
  for (const Arr& a : arrs) v.insert(v.end(), a.v.begin(), a.v.end());
  return v;
}

void ExpectClose(const Arr& got, const Arr& want, double tol, const std::string& what);

void ExpectAllClose(const std::vector<Arr>& got, const std::vector<Arr>& want, double tol,
                    const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t k = 0; k < got.size(); ++k)
    ExpectClose(got[k], want[k], tol, got.size() > 1 ? what + " output #" + std::to_string(k) : what);
}

void ExpectClose(const Arr& got, const Arr& want, double tol, const std::string& what) {
  ASSERT_EQ(got.shape, want.shape) << what;
  ASSERT_EQ(got.v.size(), want.v.size()) << what;
  for (size_t i = 0; i < got.v.size(); ++i) {
    if (std::isnan(want.v[i])) {
      EXPECT_TRUE(std::isnan(got.v[i])) << what << " at " << i;
      continue;
    }
    ASSERT_NEAR(got.v[i], want.v[i], tol * std::max(1.0, std::abs(want.v[i])))
        << what << " at " << i;
  }
}

// The CPU dtypes the op registers that the harness can build inputs of
// (dtype-agnostic kernels, registered for every type, are one function).
std::vector<DataType> KernelDtypes(const OpDef& def) {
  std::vector<DataType> out;
  for (DataType t : {DataType::kFloat32, DataType::kFloat64, DataType::kInt32, DataType::kInt64,
                     DataType::kBool})
    if (def.kernels.count(KernelKey{DeviceType::kCPU, t})) out.push_back(t);
  return out;
}

void CheckForwardEveryDtype(const OpRow& row, const OpDef& def) {
  for (DataType t : KernelDtypes(def)) {
    const bool ints = IsInteger(t);
    std::vector<Arr> in = DrawInputs(row, ints, 7);
    for (size_t i = 0; i < in.size(); ++i) {  // the values the kernel sees
      if (row.inputs[i].dtype) continue;
      for (double& x : in[i].v) {
        if (t == DataType::kBool) x = x != 0;
        if (t == DataType::kFloat32) x = static_cast<float>(x);
      }
    }
    const double tol = t == DataType::kFloat32 ? 1e-5 : (ints ? 0 : 1e-12);
    const std::vector<Arr> got = RunForward(row, t, in);
    if (row.check) {
      SCOPED_TRACE(row.name + " forward " + DataTypeName(t));
      row.check(got, in, row.attrs);
      ExpectAllClose(RunForward(row, t, in), got, 0,
                     row.name + " forward " + DataTypeName(t) + " run again with the same seed");
      if (SeedsItself(row))
        ExpectAllClose(RunForward(row, t, in, "", kDefaultSeed + 1), got, 0,
                       row.name + " forward " + DataTypeName(t) +
                           " with its own seed, the default generator seeded otherwise");
      continue;
    }
    ExpectAllClose(got, References(row, in), tol, row.name + " forward " + DataTypeName(t));
  }
}

// Build-time shape inference over descs: the inputs' VarDescs carry `shapes`.
std::vector<Shape> BuildTimeShapes(const OpRow& row, const std::vector<Shape>& shapes) {
  OneOp op(row.op);
  Bind(op, row, DataType::kFloat64, DrawInputs(row, false, 3));
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  OpDesc* desc = block->AppendOp();
  *desc->Proto() = op.desc().Proto();
  for (size_t i = 0; i < row.inputs.size(); ++i) {
    VarDesc* v = block->AddVar(Var(row, i));
    v->SetShape(shapes[i]);
    v->SetDataType(row.inputs[i].dtype.value_or(DataType::kFloat64));
  }
  for (const std::string& name : desc->OutputArgumentNames()) block->AddVar(name);
  InferShapesAtBuildTime(&program);
  std::vector<Shape> out;
  for (const std::string& v : OutVars(row)) out.push_back(block->FindVar(v)->GetShape());
  return out;
}

void CheckBuildTimeShape(const OpRow& row, const OpDef& def) {
  std::vector<Arr> in = DrawInputs(row, false, 11);
  const std::vector<Arr> want = References(row, in);
  std::vector<Shape> known, unknown;
  for (const OpInput& i : row.inputs) {
    known.push_back(i.shape);
    Shape u = i.shape;
    if (!u.empty()) u[0] = -1;
    unknown.push_back(u);
  }
  const std::vector<Shape> full = BuildTimeShapes(row, known);
  const std::vector<Shape> partial = BuildTimeShapes(row, unknown);
  for (size_t k = 0; k < want.size(); ++k) {
    if (!row.shape_from_values)
      EXPECT_EQ(full[k], want[k].shape) << row.name << ": build-time shape of output #" << k
                                        << " with every dim known";
    ASSERT_EQ(partial[k].size(), want[k].shape.size())
        << row.name << ": build-time rank of output #" << k << " with dim 0 = -1";
    for (size_t i = 0; i < partial[k].size(); ++i)
      EXPECT_TRUE(partial[k][i] == -1 || partial[k][i] == want[k].shape[i])
          << row.name << ": build-time dim " << i << " of output #" << k << " is "
          << partial[k][i] << ", runs as " << want[k].shape[i];
  }
}

void CheckInPlace(const OpRow& row, const OpDef& def) {
  for (const auto& [in_slot, out_slot] : def.inplace) {
    if (def.outputs[out_slot].name != row.out_slot) continue;
    const std::string& slot = def.inputs[in_slot].name;
    auto it = std::find_if(row.inputs.begin(), row.inputs.end(),
                           [&](const OpInput& i) { return i.slot == slot; });
    if (it == row.inputs.end() || row.out_count != 1) continue;
    // float64 where the op has it, else its first kernel type (bitwise_not's integers).
    const std::vector<DataType> types = KernelDtypes(def);
    const DataType t =
        types.empty() || std::count(types.begin(), types.end(), DataType::kFloat64)
            ? DataType::kFloat64
            : types.front();
    std::vector<Arr> in = DrawInputs(row, IsInteger(t), 13);
    std::vector<Arr> want = References(row, in);
    want.resize(1);  // out_slot's; further outputs are not compared here
    std::vector<Arr> got = RunForward(row, t, in, Var(row, it - row.inputs.begin()));
    got.resize(1);
    ExpectAllClose(got, want, 1e-12,
                   row.name + " in place (Out is " + slot + "'s variable)");
  }
}

// The gradients of sum(outputs * W) w.r.t. the inputs `wrt` (row input
// indices) in eager mode: the op run by core/eager, then paddle.grad's engine.
std::vector<Arr> EagerGradients(const OpRow& row, const OpDef& def, const std::vector<Arr>& in,
                                const std::vector<Arr>& out, const std::vector<double>& w,
                                const std::vector<size_t>& wrt) {
  eager::TensorSlots ins(def.inputs.size());
  std::vector<eager::TensorPtr> inputs(row.inputs.size());
  for (size_t i = 0; i < row.inputs.size(); ++i) {
    inputs[i] = eager::MakeTensor(ToTensorOf(row.inputs[i].dtype.value_or(DataType::kFloat64), in[i]));
    ins[def.InputIndex(row.inputs[i].slot)].push_back(inputs[i]);
  }
  for (size_t i : wrt) inputs[i]->set_stop_gradient(false);
  eager::TensorSlots outs(def.outputs.size());  // bound as Bind binds them
  for (size_t o = 0; o < def.outputs.size(); ++o) {
    const std::string& slot = def.outputs[o].name;
    if (slot == row.out_slot) outs[o].resize(row.out_count);
    else if (IsRowOutput(row, slot) || !def.outputs[o].dispensable) outs[o].resize(1);
  }
  if (row.check) Generator::Default().Seed(kDefaultSeed);
  eager::RunOp(def, def.CheckAttrs(row.attrs), ins, outs);
  std::vector<eager::TensorPtr> results = outs[def.OutputIndex(row.out_slot)];
  for (const std::string& slot : row.more_out_slots) results.push_back(outs[def.OutputIndex(slot)][0]);
  std::vector<eager::TensorPtr> targets, weights, sources;
  for (size_t k = 0, at = 0; k < results.size(); at += out[k].v.size(), ++k) {
    if (!results[k]->requires_grad()) continue;  // integer outputs (indices, a Mask)
    targets.push_back(results[k]);
    const std::vector<double> wk(w.begin() + at, w.begin() + at + out[k].v.size());
    weights.push_back(eager::MakeTensor(ToTensor<double>(Arr{out[k].shape, wk})));
  }
  for (size_t i : wrt) sources.push_back(inputs[i]);
  eager::GradOptions opts;
  opts.allow_unused = true;
  std::vector<Arr> grads;
  for (const eager::TensorPtr& g : eager::Grad(targets, sources, weights, {}, opts))
    grads.push_back(g ? FromTensor(g->dense()) : Arr{});
  return grads;
}

// The same gradients from a program: the forward op in a ProgramDesc, the
// grad ops appended by CalcGradients (core/ir/backward.h) with W as the
// outputs' gradients, run by the executor; they must equal what the grad ops
// gave when run directly, and what eager mode gives.
void CheckProgramGradients(const OpRow& row, const OpDef& def, const OneOp& fwd,
                           const std::vector<Arr>& in, const std::vector<std::string>& outs,
                           const std::vector<Arr>& out, const std::vector<double>& w,
                           const std::map<std::string, Arr>& computed) {
  ProgramDesc program;
  BlockDesc* block = program.Block(0);
  block->AppendOp()->Proto()->CopyFrom(fwd.desc().Proto());
  Scope scope;
  auto declare = [&](const std::string& name, DataType dtype, const Shape& shape) {
    VarDesc* v = block->AddVar(name);
    v->SetDataType(dtype);
    v->SetShape(shape);
    v->SetPersistable(true);  // set here, never planned or freed by the executor
    return v;
  };
  std::vector<std::string> wrt;
  std::vector<size_t> wrt_index;
  for (size_t i = 0; i < row.inputs.size(); ++i) {
    const DataType t = row.inputs[i].dtype.value_or(DataType::kFloat64);
    VarDesc* v = declare(Var(row, i), t, in[i].shape);
    *scope.Var(v->Name())->GetMutable<DenseTensor>() = ToTensorOf(t, in[i]);
    if (row.inputs[i].differentiable && !row.inputs[i].dtype) {
      v->SetIsParameter(true);
      wrt.push_back(v->Name());
      wrt_index.push_back(i);
    } else {
      v->SetStopGradient(true);
    }
  }
  if (wrt.empty()) return;
  std::vector<std::string> weights;
  for (size_t k = 0, at = 0; k < outs.size(); at += out[k].v.size(), ++k) {
    declare(outs[k], fwd.Get(outs[k]).dtype(), out[k].shape)->SetPersistable(false);
    weights.push_back("w_" + outs[k]);
    declare(weights.back(), DataType::kFloat64, out[k].shape)->SetStopGradient(true);
    const std::vector<double> wk(w.begin() + at, w.begin() + at + out[k].v.size());
    *scope.Var(weights.back())->GetMutable<DenseTensor>() = ToTensor<double>(Arr{out[k].shape, wk});
  }
  for (const ArgDef& o : def.outputs)
    if (!IsRowOutput(row, o.name) && !o.dispensable)
      declare("aux_" + o.name, fwd.Get("aux_" + o.name).dtype(), fwd.Get("aux_" + o.name).dims().ToVector())
          ->SetPersistable(false);

  const std::vector<std::string> grads = CalcGradients(&program, outs, weights, wrt);
  if (row.check) Generator::Default().Seed(kDefaultSeed);  // the forward draws as before
  Executor exe;
  std::vector<std::string> keep;
  for (const auto& g : grads)
    if (!g.empty()) keep.push_back(g);
  exe.Run(*exe.Prepare(program, 0, &scope, keep));
  const std::vector<Arr> eager = EagerGradients(row, def, in, out, w, wrt_index);
  for (size_t i = 0; i < wrt.size(); ++i) {
    ASSERT_FALSE(grads[i].empty()) << row.name << ": no gradient flows to " << wrt[i]
                                   << " in the program";
    const Arr got = FromTensor(scope.FindVar(grads[i])->Get<DenseTensor>());
    ExpectClose(got, computed.at(GradVarName(wrt[i])), 1e-12,
                row.name + " d/d" + wrt[i] + " from the program");
    ExpectClose(got, eager[i], 1e-12, row.name + " d/d" + wrt[i] + " from the program, against eager");
  }
}

// d(sum(Out * W))/d(input) from the grad op, against central differences of
// the forward, for every differentiable input.
void CheckGradients(const OpRow& row, const OpDef& def) {
  if (!def.grad_maker) return;
  std::vector<Arr> in = DrawInputs(row, false, 17);
  OneOp fwd(row.op);
  Bind(fwd, row, DataType::kFloat64, in);
  if (row.check) Generator::Default().Seed(kDefaultSeed);  // the draws of RunForward's
  fwd.Run();
  const std::vector<std::string> outs = OutVars(row);
  const std::vector<Arr> out = Outputs(fwd, outs);
  std::vector<double> w = Random(static_cast<int64_t>(Flat(out).size()), 23);

  // The grad ops: usually one; sum's gradient is a scale op per input.
  const std::vector<GradOpDesc> grads = def.grad_maker(fwd.desc());
  EXPECT_FALSE(grads.empty()) << row.name;
  // Outputs whose gradient the grad ops do not take (a Mask, indices) weigh 0.
  auto grad_reads = [&grads](const std::string& var) {
    for (const GradOpDesc& g : grads)
      for (const auto& [slot, names] : g.inputs)
        if (std::find(names.begin(), names.end(), var) != names.end()) return true;
    return false;
  };
  for (size_t k = 0, at = 0; k < outs.size(); at += out[k].v.size(), ++k)
    if (!grad_reads(GradVarName(outs[k])))
      std::fill(w.begin() + at, w.begin() + at + out[k].v.size(), 0.0);
  std::map<std::string, Arr> computed;  // what the grad ops wrote, by variable
  for (const GradOpDesc& g : grads) {
    OneOp grad(g);
    for (size_t i = 0; i < row.inputs.size(); ++i)
      grad.Set(Var(row, i), ToTensorOf(row.inputs[i].dtype.value_or(DataType::kFloat64), in[i]));
    size_t at = 0;
    for (size_t k = 0; k < outs.size(); ++k) {
      grad.Set(outs[k], fwd.Get(outs[k]));
      const std::vector<double> wk(w.begin() + at, w.begin() + at + out[k].v.size());
      grad.Set(GradVarName(outs[k]), ToTensor<double>(Arr{out[k].shape, wk}));
      at += out[k].v.size();
    }
    for (const ArgDef& o : def.outputs)
      if (!IsRowOutput(row, o.name) && !o.dispensable) grad.Set("aux_" + o.name, fwd.Get("aux_" + o.name));
    grad.Run();
    for (size_t i = 0; i < row.inputs.size(); ++i) {  // the gradients checked below
      const std::string gv = GradVarName(Var(row, i));
      if (!row.inputs[i].differentiable || row.inputs[i].dtype) continue;
      for (const auto& [slot, names] : g.outputs)
        if (std::find(names.begin(), names.end(), gv) != names.end()) computed[gv] = FromTensor(grad.Get(gv));
    }
  }

  for (size_t i = 0; i < row.inputs.size(); ++i) {
    if (!row.inputs[i].differentiable || row.inputs[i].dtype) continue;
    const std::string gv = GradVarName(Var(row, i));
    // Under any slot: some grad ops are the forward op (scale, cast).
    ASSERT_TRUE(computed.count(gv)) << row.name << ": the grad op computes no gradient for "
                                    << row.inputs[i].slot;
    std::vector<double> param = in[i].v;
    auto forward = [&] {
      std::vector<Arr> moved = in;
      moved[i].v = param;
      return Flat(RunForward(row, DataType::kFloat64, moved));
    };
    const std::vector<double> numeric = NumericGrad(&param, w, forward);
    ExpectClose(computed.at(gv), Arr{in[i].shape, numeric}, row.grad_tol,
                row.name + " d/d" + Var(row, i));
  }
  CheckProgramGradients(row, def, fwd, in, outs, out, w, computed);
}

}  // namespace

void CheckOpRow(const OpRow& row) {
  SCOPED_TRACE(row.name);
  const OpDef& def = OpRegistry::Instance().Get(row.op);
  CheckForwardEveryDtype(row, def);
  CheckBuildTimeShape(row, def);
  CheckInPlace(row, def);
  CheckGradients(row, def);
}

Arr Map(const Arr& x, const std::function<double(double)>& f) {
  Arr out{x.shape, x.v};
  for (double& v : out.v) v = f(v);
  return out;
}

Arr Broadcast2(const Arr& x, const Arr& y, const std::function<double(double, double)>& f) {
  const size_t r = std::max(x.shape.size(), y.shape.size());
  auto padded = [r](const Shape& s) {
    Shape p(r - s.size(), 1);
    p.insert(p.end(), s.begin(), s.end());
    return p;
  };
  const Shape xs = padded(x.shape), ys = padded(y.shape);
  Shape os(r);
  for (size_t i = 0; i < r; ++i) os[i] = xs[i] == 1 ? ys[i] : xs[i];
  const auto xst = Strides(xs), yst = Strides(ys), ost = Strides(os);
  Arr out{os, std::vector<double>(Count(os))};
  for (int64_t o = 0; o < Count(os); ++o) {
    int64_t xi = 0, yi = 0, rest = o;
    for (size_t d = 0; d < r; ++d) {
      const int64_t c = rest / ost[d];
      rest %= ost[d];
      if (xs[d] != 1) xi += c * xst[d];
      if (ys[d] != 1) yi += c * yst[d];
    }
    out.v[o] = f(x.v[xi], y.v[yi]);
  }
  return out;
}

Arr ReduceRef(const Arr& x, std::vector<int> dims, bool keep_dim,
              const std::function<double(const std::vector<double>&)>& f) {
  const int r = static_cast<int>(x.shape.size());
  std::vector<bool> red(r, dims.empty());
  for (int d : dims) red[d < 0 ? d + r : d] = true;
  Shape os, kept;
  for (int i = 0; i < r; ++i) {
    if (!red[i]) os.push_back(x.shape[i]);
    else if (keep_dim) os.push_back(1);
    kept.push_back(red[i] ? 1 : x.shape[i]);
  }
  const auto xst = Strides(x.shape), kst = Strides(kept);
  std::vector<std::vector<double>> groups(Count(kept));
  for (int64_t i = 0; i < Count(x.shape); ++i) {
    int64_t k = 0, rest = i;
    for (int d = 0; d < r; ++d) {
      const int64_t c = rest / xst[d];
      rest %= xst[d];
      if (!red[d]) k += c * kst[d];
    }
    groups[k].push_back(x.v[i]);
  }
  Arr out{os, {}};
  for (const auto& g : groups) out.v.push_back(f(g));
  return out;
}

}  // namespace test
}  // namespace paddle
