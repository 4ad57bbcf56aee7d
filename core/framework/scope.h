// Variables by name. A child scope sees its parent's variables; what it
// creates is its own (local temporaries of a run live there).
#pragma once

#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/framework/variable.h"

namespace paddle {

class Scope {
 public:
  Scope() = default;
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // The variable named `name` here or in an ancestor, created here if absent.
  Variable* Var(const std::string& name);
  // Created here, even if an ancestor has one of that name.
  Variable* LocalVar(const std::string& name);
  // Here or in an ancestor; nullptr if absent.
  Variable* FindVar(const std::string& name) const;
  Variable* FindLocalVar(const std::string& name) const;
  // Like FindVar, but throws NotFound naming `where`.
  Variable* GetVar(const std::string& name, const std::string& where) const;

  std::vector<std::string> LocalVarNames() const;
  void EraseVars(const std::vector<std::string>& names);

  Scope& NewScope();
  // Destroys a scope made by NewScope (and its variables).
  void DeleteScope(Scope* kid);
  const Scope* parent() const { return parent_; }

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::unique_ptr<Variable>> vars_;
  std::list<std::unique_ptr<Scope>> kids_;
  const Scope* parent_ = nullptr;
};

}  // namespace paddle
