#include "core/eager/composite_grad.h"

#include <functional>
#include <map>
#include <numeric>

#include "core/base/enforce.h"
#include "core/eager/op_runner.h"

namespace paddle {
namespace eager {

namespace {

// ---- a few differentiable ops, by name (this path is not the hot one) ----

TensorPtr Op(const char* type, TensorSlots ins, const AttributeMap& attrs = {}) {
  return RunOpByName(type, attrs, std::move(ins))[0][0];
}
TensorPtr Add(const TensorPtr& a, const TensorPtr& b) { return Op("elementwise_add", {{a}, {b}}); }
TensorPtr Sub(const TensorPtr& a, const TensorPtr& b) { return Op("elementwise_sub", {{a}, {b}}); }
TensorPtr Mul(const TensorPtr& a, const TensorPtr& b) { return Op("elementwise_mul", {{a}, {b}}); }
TensorPtr Div(const TensorPtr& a, const TensorPtr& b) { return Op("elementwise_div", {{a}, {b}}); }
TensorPtr Scale(const TensorPtr& a, float s, float bias = 0) {
  return Op("scale", {{a}}, {{"scale", s}, {"bias", bias}});
}
std::vector<int64_t> Dims(const TensorPtr& t) { return t->dense().dims().ToVector(); }
TensorPtr Reshape(const TensorPtr& t, const std::vector<int64_t>& dims) {
  if (Dims(t) == dims) return t;
  return Op("reshape2", {{t}}, {{"shape", std::vector<int32_t>(dims.begin(), dims.end())}});
}
TensorPtr MatMul(const TensorPtr& a, const TensorPtr& b, bool ta, bool tb) {
  return Op("matmul_v2", {{a}, {b}}, {{"trans_x", ta}, {"trans_y", tb}});
}
TensorPtr Expand(const TensorPtr& t, const std::vector<int64_t>& dims) {
  if (Dims(t) == dims) return t;
  return Op("expand_v2", {{t}}, {{"shape", std::vector<int32_t>(dims.begin(), dims.end())}});
}

// g summed down to `dims` (undoing numpy-style broadcasting).
TensorPtr SumTo(const TensorPtr& g, const std::vector<int64_t>& dims) {
  std::vector<int64_t> gd = Dims(g);
  if (gd == dims) return g;
  const size_t lead = gd.size() - dims.size();
  std::vector<int32_t> axes;
  for (size_t i = 0; i < gd.size(); ++i)
    if (i < lead || (dims[i - lead] == 1 && gd[i] != 1)) axes.push_back(static_cast<int32_t>(i));
  TensorPtr s = axes.empty() ? g : Op("reduce_sum", {{g}}, {{"dim", axes}, {"keep_dim", true}});
  return Reshape(s, dims);
}

template <typename T>
const T& AttrOf(const OpDef& def, const std::vector<Attribute>& attrs, const char* name) {
  return AttrAt<T>(def, attrs, def.AttrIndex(name));
}

void Set(TensorSlots& outs, int slot, const std::function<TensorPtr()>& make) {
  if (!outs[slot].empty()) outs[slot][0] = make();
}

// ---- the composite grads; slots are each grad op's declared ones ----

void ElementwiseCheck(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins) {
  const int axis = AttrOf<int32_t>(def, attrs, "axis");
  PD_CHECK(axis == -1 || Dims(ins[0][0]).size() == Dims(ins[1][0]).size(), Unimplemented, "[",
           def.type, "] a higher-order gradient with the legacy axis=", axis, " is not supported");
}

void AddGrad(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
             TensorSlots& outs, float sign) {
  ElementwiseCheck(def, attrs, ins);
  const TensorPtr& d = ins[2][0];
  Set(outs, 0, [&] { return SumTo(d, Dims(ins[0][0])); });
  Set(outs, 1, [&] { return SumTo(sign > 0 ? d : Scale(d, -1), Dims(ins[1][0])); });
}
void ElementwiseAddGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                        TensorSlots& outs) {
  AddGrad(def, a, ins, outs, 1);
}
void ElementwiseSubGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                        TensorSlots& outs) {
  AddGrad(def, a, ins, outs, -1);
}
void ElementwiseMulGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                        TensorSlots& outs) {
  ElementwiseCheck(def, a, ins);
  const TensorPtr &x = ins[0][0], &y = ins[1][0], &d = ins[2][0];
  Set(outs, 0, [&] { return SumTo(Mul(d, y), Dims(x)); });
  Set(outs, 1, [&] { return SumTo(Mul(d, x), Dims(y)); });
}
// Slots: X, Y, Out, Out@GRAD.
void ElementwiseDivGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                        TensorSlots& outs) {
  ElementwiseCheck(def, a, ins);
  const TensorPtr &x = ins[0][0], &y = ins[1][0], &d = ins[3][0];
  Set(outs, 0, [&] { return SumTo(Div(d, y), Dims(x)); });
  // d(x/y)/dy = -x/y^2, written with x (not Out) so it stays differentiable in x.
  Set(outs, 1, [&] { return SumTo(Scale(Div(Mul(d, x), Mul(y, y)), -1), Dims(y)); });
}
void MatmulGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                TensorSlots& outs) {
  const TensorPtr &x = ins[0][0], &y = ins[1][0], &d = ins[2][0];
  PD_CHECK(Dims(x).size() >= 2 && Dims(y).size() >= 2, Unimplemented, "[", def.type,
           "] a higher-order gradient of a matmul with a 1-D operand is not supported");
  const bool tx = AttrOf<bool>(def, a, "trans_x"), ty = AttrOf<bool>(def, a, "trans_y");
  Set(outs, 0, [&] {
    TensorPtr g = !tx ? MatMul(d, y, false, !ty) : MatMul(y, d, ty, true);
    return SumTo(g, Dims(x));
  });
  Set(outs, 1, [&] {
    TensorPtr g = !ty ? MatMul(x, d, !tx, false) : MatMul(d, x, true, tx);
    return SumTo(g, Dims(y));
  });
}

// Unary grads: slots (Out or X, Out@GRAD) -> X@GRAD.
#define PD_UNARY_COMPOSITE(NAME, EXPR)                                                   \
  void NAME(const OpDef&, const std::vector<Attribute>& attrs, const TensorSlots& ins,  \
            TensorSlots& outs) {                                                         \
    const TensorPtr& v = ins[0][0];                                                      \
    const TensorPtr& d = ins[ins.size() - 1][0];                                         \
    (void)attrs;                                                                         \
    Set(outs, 0, [&] { return EXPR; });                                                  \
  }
PD_UNARY_COMPOSITE(TanhGrad, Sub(d, Mul(d, Mul(v, v))))          // v = Out
PD_UNARY_COMPOSITE(SigmoidGrad, Mul(d, Sub(v, Mul(v, v))))       // v = Out
PD_UNARY_COMPOSITE(ExpGrad, Mul(d, v))                           // v = Out
PD_UNARY_COMPOSITE(ReluGrad, Mul(d, Op("sign", {{v}})))          // v = Out; the mask is constant
PD_UNARY_COMPOSITE(SquareGrad, Scale(Mul(d, v), 2))              // v = X
PD_UNARY_COMPOSITE(LogGrad, Div(d, v))                           // v = X
PD_UNARY_COMPOSITE(SqrtGrad, Scale(Div(d, v), 0.5f))             // v = Out
PD_UNARY_COMPOSITE(SinGrad, Mul(d, Op("cos", {{v}})))            // v = X
PD_UNARY_COMPOSITE(CosGrad, Scale(Mul(d, Op("sin", {{v}})), -1)) // v = X
#undef PD_UNARY_COMPOSITE

// pow_grad: X, FactorTensor, Out@GRAD.
void PowGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
             TensorSlots& outs) {
  PD_CHECK(ins[1].empty(), Unimplemented, "[", def.type,
           "] a higher-order gradient with a FactorTensor is not supported");
  const float f = AttrOf<float>(def, a, "factor");
  Set(outs, 0, [&] {
    return Scale(Mul(ins[2][0], Op("pow", {{ins[0][0]}}, {{"factor", f - 1}})), f);
  });
}

void SoftmaxGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                 TensorSlots& outs) {
  const TensorPtr &out = ins[0][0], &d = ins[1][0];
  const int axis = AttrOf<int32_t>(def, a, "axis");
  Set(outs, 0, [&] {
    TensorPtr dot = Op("reduce_sum", {{Mul(d, out)}}, {{"dim", std::vector<int32_t>{axis}},
                                                       {"keep_dim", true}});
    return Mul(out, Sub(d, dot));
  });
}

// reduce_sum_grad / reduce_mean_grad: X, Out@GRAD.
void ReduceGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                TensorSlots& outs, bool mean) {
  const std::vector<int64_t> xd = Dims(ins[0][0]);
  const bool all = AttrOf<bool>(def, a, "reduce_all");
  std::vector<int64_t> kept = xd;
  int64_t n = 1;
  const auto& dims = AttrOf<std::vector<int32_t>>(def, a, "dim");
  for (size_t i = 0; i < xd.size(); ++i) {
    bool reduced = all;
    for (int32_t r : dims) reduced = reduced || (r < 0 ? r + static_cast<int32_t>(xd.size()) : r) == static_cast<int32_t>(i);
    if (reduced) {
      n *= xd[i];
      kept[i] = 1;
    }
  }
  Set(outs, 0, [&] {
    TensorPtr g = Expand(Reshape(ins[1][0], kept), xd);
    return mean ? Scale(g, 1.0f / static_cast<float>(n)) : g;
  });
}
void ReduceSumGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                   TensorSlots& outs) {
  ReduceGrad(def, a, ins, outs, false);
}
void ReduceMeanGrad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                    TensorSlots& outs) {
  ReduceGrad(def, a, ins, outs, true);
}

// reshape2 / squeeze2 / unsqueeze2 / flatten grads: XShape, Out@GRAD. XShape is [0, x dims...].
void ShapeBackGrad(const OpDef&, const std::vector<Attribute>&, const TensorSlots& ins,
                   TensorSlots& outs) {
  std::vector<int64_t> xs = Dims(ins[0][0]);
  Set(outs, 0, [&] { return Reshape(ins[1][0], std::vector<int64_t>(xs.begin() + 1, xs.end())); });
}
void Transpose2Grad(const OpDef& def, const std::vector<Attribute>& a, const TensorSlots& ins,
                    TensorSlots& outs) {
  const auto& perm = AttrOf<std::vector<int32_t>>(def, a, "axis");
  std::vector<int32_t> inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[static_cast<size_t>(perm[i])] = static_cast<int32_t>(i);
  Set(outs, 0, [&] { return Op("transpose2", {{ins[1][0]}}, {{"axis", inverse}}); });
}

const std::map<std::string, CompositeGradFn>& Table() {
  static const std::map<std::string, CompositeGradFn> table = {
      {"elementwise_add_grad", ElementwiseAddGrad}, {"elementwise_sub_grad", ElementwiseSubGrad},
      {"elementwise_mul_grad", ElementwiseMulGrad}, {"elementwise_div_grad", ElementwiseDivGrad},
      {"matmul_v2_grad", MatmulGrad},   {"tanh_grad", TanhGrad},     {"sigmoid_grad", SigmoidGrad},
      {"exp_grad", ExpGrad},            {"relu_grad", ReluGrad},     {"square_grad", SquareGrad},
      {"log_grad", LogGrad},            {"sqrt_grad", SqrtGrad},     {"sin_grad", SinGrad},
      {"cos_grad", CosGrad},            {"pow_grad", PowGrad},       {"softmax_grad", SoftmaxGrad},
      {"reduce_sum_grad", ReduceSumGrad}, {"reduce_mean_grad", ReduceMeanGrad},
      {"reshape2_grad", ShapeBackGrad}, {"squeeze2_grad", ShapeBackGrad},
      {"unsqueeze2_grad", ShapeBackGrad}, {"flatten_contiguous_range_grad", ShapeBackGrad},
      {"transpose2_grad", Transpose2Grad},
  };
  return table;
}

}  // namespace

CompositeGradFn FindCompositeGrad(const std::string& type) {
  auto it = Table().find(type);
  return it == Table().end() ? nullptr : it->second;
}

}  // namespace eager
}  // namespace paddle
