#include "core/framework/scope.h"

namespace paddle {

Variable* Scope::FindLocalVar(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

Variable* Scope::FindVar(const std::string& name) const {
  for (const Scope* s = this; s; s = s->parent_) {
    if (Variable* v = s->FindLocalVar(name)) return v;
  }
  return nullptr;
}

Variable* Scope::GetVar(const std::string& name, const std::string& where) const {
  Variable* v = FindVar(name);
  PD_CHECK(v, NotFound, "[", where, "] variable '", name, "' is not in the scope");
  return v;
}

Variable* Scope::LocalVar(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  auto& slot = vars_[name];
  if (!slot) slot = std::make_unique<Variable>();
  return slot.get();
}

Variable* Scope::Var(const std::string& name) {
  if (Variable* v = FindVar(name)) return v;
  return LocalVar(name);
}

std::vector<std::string> Scope::LocalVarNames() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> names;
  names.reserve(vars_.size());
  for (const auto& kv : vars_) names.push_back(kv.first);
  return names;
}

void Scope::EraseVars(const std::vector<std::string>& names) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& n : names) vars_.erase(n);
}

Scope& Scope::NewScope() {
  std::lock_guard<std::mutex> lock(mu_);
  kids_.push_back(std::make_unique<Scope>());
  kids_.back()->parent_ = this;
  return *kids_.back();
}

void Scope::DeleteScope(Scope* kid) {
  std::lock_guard<std::mutex> lock(mu_);
  kids_.remove_if([kid](const std::unique_ptr<Scope>& s) { return s.get() == kid; });
}

}  // namespace paddle
