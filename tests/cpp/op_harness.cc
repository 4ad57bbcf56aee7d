#include "op_harness.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/framework/op_def.h"

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
    if (!integers)
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

std::string Var(const OpInput& in) { return "in_" + in.slot; }

// One forward run of the row's op on `inputs` as dtype `t`; the output var is
// `out_var` (an input's variable for in-place runs).
Arr RunForward(const OpRow& row, DataType t, const std::vector<Arr>& inputs,
               const std::string& out_var = "out") {
  OneOp op(row.op);
  for (size_t i = 0; i < row.inputs.size(); ++i)
    op.In(row.inputs[i].slot, Var(row.inputs[i]), ToTensorOf(t, inputs[i]));
  op.Out(row.out_slot, out_var);
  for (const auto& [name, value] : row.attrs) op.Attr(name, value);
  const OpDef& def = OpRegistry::Instance().Get(row.op);
  for (const ArgDef& o : def.outputs)  // intermediate outputs (XShape) need a variable too
    if (o.name != row.out_slot && !o.dispensable) op.Out(o.name, "aux_" + o.name);
  op.Run();
  return FromTensor(op.Get(out_var));
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
    if (t == DataType::kBool)
      for (Arr& a : in)
        for (double& x : a.v) x = x != 0;  // the values the kernel sees
    if (t == DataType::kFloat32)
      for (Arr& a : in)
        for (double& x : a.v) x = static_cast<float>(x);  // the values the kernel sees
    const Arr want = row.reference(in, row.attrs);
    const double tol = t == DataType::kFloat32 ? 1e-5 : (ints ? 0 : 1e-12);
    ExpectClose(RunForward(row, t, in), want, tol, row.name + " forward " + DataTypeName(t));
  }
}

void CheckBuildTimeShape(const OpRow& row, const OpDef& def) {
  std::vector<Arr> in = DrawInputs(row, false, 11);
  const Arr want = row.reference(in, row.attrs);
  std::vector<Shape> known, unknown;
  for (const OpInput& i : row.inputs) {
    known.push_back(i.shape);
    Shape u = i.shape;
    if (!u.empty()) u[0] = -1;
    unknown.push_back(u);
  }
  const int out = def.OutputIndex(row.out_slot);
  EXPECT_EQ(BuildTimeShape(row.op, known, row.attrs, out), want.shape)
      << row.name << ": build-time shape with every dim known";
  const Shape partial = BuildTimeShape(row.op, unknown, row.attrs, out);
  ASSERT_EQ(partial.size(), want.shape.size()) << row.name << ": build-time rank with dim 0 = -1";
  for (size_t i = 0; i < partial.size(); ++i)
    EXPECT_TRUE(partial[i] == -1 || partial[i] == want.shape[i])
        << row.name << ": build-time dim " << i << " is " << partial[i] << ", runs as "
        << want.shape[i];
}

void CheckInPlace(const OpRow& row, const OpDef& def) {
  for (const auto& [in_slot, out_slot] : def.inplace) {
    if (def.outputs[out_slot].name != row.out_slot) continue;
    const std::string& slot = def.inputs[in_slot].name;
    auto it = std::find_if(row.inputs.begin(), row.inputs.end(),
                           [&](const OpInput& i) { return i.slot == slot; });
    if (it == row.inputs.end()) continue;
    std::vector<Arr> in = DrawInputs(row, false, 13);
    ExpectClose(RunForward(row, DataType::kFloat64, in, Var(*it)), row.reference(in, row.attrs),
                1e-12, row.name + " in place (Out is " + slot + "'s variable)");
  }
}

// d(sum(Out * W))/d(input) from the grad op, against central differences of
// the forward, for every differentiable input.
void CheckGradients(const OpRow& row, const OpDef& def) {
  if (!def.grad_maker) return;
  std::vector<Arr> in = DrawInputs(row, false, 17);
  OneOp fwd(row.op);
  for (size_t i = 0; i < row.inputs.size(); ++i)
    fwd.In(row.inputs[i].slot, Var(row.inputs[i]), ToTensor<double>(in[i]));
  fwd.Out(row.out_slot, "out");
  for (const auto& [name, value] : row.attrs) fwd.Attr(name, value);
  for (const ArgDef& o : def.outputs)
    if (o.name != row.out_slot && !o.dispensable) fwd.Out(o.name, "aux_" + o.name);
  fwd.Run();
  const Arr out = FromTensor(fwd.Get("out"));
  const std::vector<double> w = Random(static_cast<int64_t>(out.v.size()), 23);

  GradOpDesc g = GradOf(fwd.desc());
  OneOp grad(g);
  for (size_t i = 0; i < row.inputs.size(); ++i) grad.Set(Var(row.inputs[i]), ToTensor<double>(in[i]));
  grad.Set("out", fwd.Get("out"));
  for (const ArgDef& o : def.outputs)
    if (o.name != row.out_slot && !o.dispensable) grad.Set("aux_" + o.name, fwd.Get("aux_" + o.name));
  grad.Set(GradVarName("out"), ToTensor<double>(Arr{out.shape, w}));
  grad.Run();

  for (size_t i = 0; i < row.inputs.size(); ++i) {
    if (!row.inputs[i].differentiable) continue;
    const std::string gv = GradVarName(Var(row.inputs[i]));
    bool computed = false;  // under any slot: some grad ops are the forward op (scale, cast)
    for (const auto& [slot, names] : g.outputs)
      computed = computed || std::find(names.begin(), names.end(), gv) != names.end();
    ASSERT_TRUE(computed) << row.name << ": the grad op computes no gradient for "
                          << row.inputs[i].slot;
    std::vector<double> param = in[i].v;
    auto forward = [&] {
      std::vector<Arr> moved = in;
      moved[i].v = param;
      return RunForward(row, DataType::kFloat64, moved).v;
    };
    const std::vector<double> numeric = NumericGrad(&param, w, forward);
    const Arr analytic = FromTensor(grad.Get(gv));
    ExpectClose(analytic, Arr{in[i].shape, numeric}, row.grad_tol,
                row.name + " d/d" + row.inputs[i].slot);
  }
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
