#include "core/base/flags.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>

#include "core/base/enforce.h"

namespace paddle {

namespace {

struct Flag {
  FlagInfo info;
  FlagValue value;
  FlagValidator validator = nullptr;
  std::string env_error;  // a bad environment value, reported on every read until fixed
  std::vector<std::function<void(const FlagValue&)>> listeners;
};

struct Registry {
  std::mutex mu;
  std::map<std::string, Flag> flags;
};

Registry& GetRegistry() {
  static Registry* registry = new Registry;  // never destroyed: flags outlive statics
  return *registry;
}

std::string StripPrefix(const std::string& name) {
  return name.rfind("FLAGS_", 0) == 0 ? name.substr(6) : name;
}

const char* TypeName(const FlagValue& v) {
  switch (v.index()) {
    case 0: return "bool";
    case 1: return "int";
    case 2: return "float";
    default: return "string";
  }
}

FlagValue Parse(const std::string& name, const FlagValue& like, const std::string& text) {
  try {
    switch (like.index()) {
      case 0: {
        if (text == "1" || text == "true" || text == "True") return true;
        if (text == "0" || text == "false" || text == "False") return false;
        break;
      }
      case 1: {
        size_t used = 0;
        int64_t v = std::stoll(text, &used);
        if (used == text.size()) return v;
        break;
      }
      case 2: {
        size_t used = 0;
        double v = std::stod(text, &used);
        if (used == text.size()) return v;
        break;
      }
      default: return text;
    }
  } catch (const std::exception&) {
  }
  PD_THROW(InvalidArgument, "[flags] FLAGS_", name, " expects a ", TypeName(like), ", got '", text,
           "'");
}

// Converts `value` to the type of `like`; ints widen to floats, nothing else.
FlagValue Convert(const std::string& name, const FlagValue& like, const FlagValue& value) {
  if (like.index() == value.index()) return value;
  if (like.index() == 2 && value.index() == 1) return static_cast<double>(std::get<int64_t>(value));
  if (like.index() == 1 && value.index() == 0) return static_cast<int64_t>(std::get<bool>(value));
  PD_THROW(InvalidArgument, "[flags] FLAGS_", name, " expects a ", TypeName(like), ", got a ",
           TypeName(value));
}

Flag& FindLocked(Registry& r, const std::string& name) {
  CheckNoNul(name, "flags", "flag name");
  auto it = r.flags.find(StripPrefix(name));
  PD_CHECK(it != r.flags.end(), NotFound, "[flags] unknown flag '", name, "'");
  return it->second;
}

std::string ValueText(const FlagValue& v) {
  switch (v.index()) {
    case 0: return std::get<bool>(v) ? "true" : "false";
    case 1: return std::to_string(std::get<int64_t>(v));
    case 2: return std::to_string(std::get<double>(v));
    default: return "'" + std::get<std::string>(v) + "'";
  }
}

void Validate(const std::string& name, FlagValidator validator, const FlagValue& value) {
  if (const double* d = std::get_if<double>(&value))
    PD_CHECK(std::isfinite(*d), InvalidArgument, "[flags] FLAGS_", name,
             " expects a finite number, got ", *d);
  if (!validator) return;
  std::string expected = validator(value);
  PD_CHECK(expected.empty(), InvalidArgument, "[flags] FLAGS_", name, " expects ", expected,
           ", got ", ValueText(value));
}

// Converts and validates every update, then assigns them all under one lock
// (none if any fails); listeners run after, outside the lock.
void AssignAll(const std::vector<std::pair<std::string, FlagValue>>& updates, bool from_text) {
  Registry& r = GetRegistry();
  std::vector<std::pair<Flag*, FlagValue>> checked;
  std::vector<std::pair<std::function<void(const FlagValue&)>, FlagValue>> calls;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    for (const auto& [name, given] : updates) {
      Flag& f = FindLocked(r, name);
      FlagValue value = from_text ? Parse(f.info.name, f.info.default_value,
                                          std::get<std::string>(given))
                                  : Convert(f.info.name, f.info.default_value, given);
      if (const auto* text = std::get_if<std::string>(&value))
        CheckNoNul(*text, "flags", ("FLAGS_" + f.info.name + " value").c_str());
      Validate(f.info.name, f.validator, value);
      checked.emplace_back(&f, std::move(value));
    }
    for (auto& [f, value] : checked) {
      f->value = std::move(value);
      f->env_error.clear();
      for (const auto& l : f->listeners) calls.emplace_back(l, f->value);
    }
  }
  for (auto& [listener, value] : calls) listener(value);
}

}  // namespace

bool RegisterFlag(const std::string& name, FlagValue default_value, const std::string& help,
                  FlagValidator validator) {
  Registry& r = GetRegistry();
  Flag flag{FlagInfo{name, default_value, help}, default_value, validator, "", {}};
  if (const char* env = std::getenv(("FLAGS_" + name).c_str())) {
    // Runs during static initialization: an exception here would abort the
    // process, so a bad value is kept as an error for the first read.
    try {
      FlagValue value = Parse(name, default_value, env);
      Validate(name, validator, value);
      flag.value = std::move(value);
    } catch (const Error& e) {
      flag.env_error = std::string(e.what()) + " (from the environment variable FLAGS_" + name + ")";
    }
  }
  std::lock_guard<std::mutex> lock(r.mu);
  r.flags[name] = std::move(flag);
  return true;
}

FlagValue GetFlag(const std::string& name) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  const Flag& f = FindLocked(r, name);
  PD_CHECK(f.env_error.empty(), InvalidArgument, f.env_error);
  return f.value;
}

bool HasFlag(const std::string& name) {
  CheckNoNul(name, "flags", "flag name");
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.flags.count(StripPrefix(name)) > 0;
}

FlagValue FlagDefault(const std::string& name) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return FindLocked(r, name).info.default_value;
}

void SetFlag(const std::string& name, const FlagValue& value) { AssignAll({{name, value}}, false); }

void SetFlags(const std::vector<std::pair<std::string, FlagValue>>& updates) {
  AssignAll(updates, false);
}

void SetFlagFromString(const std::string& name, const std::string& text) {
  AssignAll({{name, text}}, true);
}

std::vector<FlagInfo> ListFlags() {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<FlagInfo> out;
  for (const auto& [name, f] : r.flags) out.push_back(f.info);
  return out;
}

void AddFlagListener(const std::string& name, std::function<void(const FlagValue&)> listener) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  FindLocked(r, name).listeners.push_back(std::move(listener));
}

std::string GetStringFlag(const std::string& name) { return std::get<std::string>(GetFlag(name)); }
double GetDoubleFlag(const std::string& name) { return std::get<double>(GetFlag(name)); }
int64_t GetIntFlag(const std::string& name) { return std::get<int64_t>(GetFlag(name)); }
bool GetBoolFlag(const std::string& name) { return std::get<bool>(GetFlag(name)); }

}  // namespace paddle
