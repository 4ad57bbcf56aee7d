// The one-op harness the operator tests share: run an op as a one-op program
// through the executor, random inputs, finite-difference gradients, and shape
// inference at build time on a desc-only context.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/executor/executor.h"
#include "core/framework/op_context.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"

namespace paddle {
namespace test {

using Shape = std::vector<int64_t>;

template <typename T>
DenseTensor MakeTensor(const Shape& dims, const std::vector<T>& values) {
  DenseTensor t(DataTypeOf<T>::value, DDim(dims));
  EXPECT_EQ(static_cast<int64_t>(values.size()), t.numel());
  T* p = t.MutableData<T>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = values[i];
  return t;
}

inline std::vector<double> Random(int64_t n, unsigned seed, double lo = -1.0, double hi = 1.0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<double> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

inline int64_t Numel(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

template <typename T>
std::vector<T> Values(const DenseTensor& t) {
  const T* p = t.data<T>();
  return std::vector<T>(p, p + t.numel());
}

template <typename T>
std::vector<T> Cast(const std::vector<double>& v) {
  return std::vector<T>(v.begin(), v.end());
}

// One op in a fresh program and scope. Every variable is persistable so the
// executor neither shadows the inputs set here nor frees the outputs.
class OneOp {
 public:
  OneOp(const OneOp&) = delete;
  explicit OneOp(const std::string& type) {
    op_ = program_.Block(0)->AppendOp();
    op_->SetType(type);
  }
  explicit OneOp(const GradOpDesc& g) : OneOp(g.type) {
    for (const auto& [slot, names] : g.inputs) Bind(slot, names, true);
    for (const auto& [slot, names] : g.outputs) Bind(slot, names, false);
    for (const auto& [name, value] : g.attrs) op_->SetAttr(name, value);
  }
  OneOp& In(const std::string& slot, const std::string& var, const DenseTensor& value) {
    Bind(slot, {var}, true);
    Set(var, value);
    return *this;
  }
  OneOp& Ins(const std::string& slot, const std::vector<std::string>& vars,
             const std::vector<DenseTensor>& values) {
    Bind(slot, vars, true);
    for (size_t i = 0; i < vars.size(); ++i) Set(vars[i], values[i]);
    return *this;
  }
  OneOp& Out(const std::string& slot, const std::string& var) {
    Bind(slot, {var}, false);
    return *this;
  }
  OneOp& Outs(const std::string& slot, const std::vector<std::string>& vars) {
    Bind(slot, vars, false);
    return *this;
  }
  OneOp& Attr(const std::string& name, const Attribute& value) {
    op_->SetAttr(name, value);
    return *this;
  }
  void Set(const std::string& var, const DenseTensor& value) {
    *scope_.Var(var)->GetMutable<DenseTensor>() = value;
  }
  void Run() { Executor().Run(program_, &scope_); }
  const DenseTensor& Get(const std::string& var) const {
    return scope_.GetVar(var, "OneOp::Get")->Get<DenseTensor>();
  }
  const OpDesc& desc() const { return *op_; }

 private:
  void Bind(const std::string& slot, const std::vector<std::string>& vars, bool input) {
    for (const auto& v : vars) program_.Block(0)->AddVar(v)->SetPersistable(true);
    if (input) op_->SetInput(slot, vars);
    else op_->SetOutput(slot, vars);
  }
  ProgramDesc program_;
  OpDesc* op_;
  Scope scope_;
};

template <typename T>
void ExpectNear(const std::vector<T>& got, const std::vector<double>& want, double tol,
                const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(static_cast<double>(got[i]), want[i], tol) << what << " at " << i;
}

inline GradOpDesc GradOf(const OpDesc& fwd) {
  const OpDef& def = OpRegistry::Instance().Get(fwd.Type());
  EXPECT_NE(def.grad_maker, nullptr) << fwd.Type();
  auto grads = def.grad_maker(fwd);
  EXPECT_EQ(grads.size(), 1u);
  return grads.at(0);
}

// d(sum(forward() * w)) / d(param[i]) by central differences; `forward`
// reruns the op with `param` as modified.
inline std::vector<double> NumericGrad(std::vector<double>* param, const std::vector<double>& w,
                                const std::function<std::vector<double>()>& forward,
                                double h = 1e-6) {
  auto loss = [&] {
    std::vector<double> out = forward();
    double s = 0;
    for (size_t i = 0; i < out.size(); ++i) s += out[i] * w[i];
    return s;
  };
  std::vector<double> g(param->size());
  for (size_t i = 0; i < param->size(); ++i) {
    const double keep = (*param)[i];
    (*param)[i] = keep + h;
    const double up = loss();
    (*param)[i] = keep - h;
    const double down = loss();
    (*param)[i] = keep;
    g[i] = (up - down) / (2 * h);
  }
  return g;
}

// Build-time shape inference over descs only (dims may be -1).
class DescShapes : public InferShapeContext {
 public:
  DescShapes(const OpDef& def, const std::vector<Attribute>& attrs, std::vector<Shape> ins)
      : InferShapeContext(def, attrs), ins_(std::move(ins)), outs_(def.outputs.size()) {}
  bool IsRuntime() const override { return false; }
  size_t InputCount(int slot) const override {
    return static_cast<size_t>(slot) < ins_.size() && !ins_[slot].empty() ? 1 : 0;
  }
  size_t OutputCount(int) const override { return 1; }
  DDim InputDim(int slot, size_t) const override { return DDim(ins_[slot]); }
  DataType InputDtype(int, size_t) const override { return DataType::kFloat32; }
  void SetOutputDim(int slot, const DDim& dims, size_t) override { outs_[slot] = dims.ToVector(); }
  void SetOutputDtype(int, DataType, size_t) override {}
  void ShareLoD(int, int, size_t) override {}
  const Shape& out(int slot) const { return outs_[slot]; }

 private:
  std::vector<Shape> ins_, outs_;
};

// Output `out_slot`'s shape inferred at build time for `type` with the given inputs.
inline Shape BuildTimeShape(const std::string& type, std::vector<Shape> ins, const AttributeMap& attrs,
                     int out_slot = 0) {
  const OpDef& def = OpRegistry::Instance().Get(type);
  std::vector<Attribute> checked = def.CheckAttrs(attrs);
  DescShapes ctx(def, checked, std::move(ins));
  def.infer_shape(ctx);
  return ctx.out(out_slot);
}

}  // namespace test
}  // namespace paddle
