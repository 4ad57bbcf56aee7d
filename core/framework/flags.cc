#include "core/framework/flags.h"

#include <cstdlib>
#include <map>
#include <mutex>

#include "core/framework/enforce.h"

namespace paddle {

namespace {

struct Flag {
  FlagInfo info;
  FlagValue value;
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
  auto it = r.flags.find(StripPrefix(name));
  PD_CHECK(it != r.flags.end(), NotFound, "[flags] unknown flag '", name, "'");
  return it->second;
}

void Assign(const std::string& name, FlagValue value) {
  Registry& r = GetRegistry();
  std::vector<std::function<void(const FlagValue&)>> listeners;
  {
    std::lock_guard<std::mutex> lock(r.mu);
    Flag& f = FindLocked(r, name);
    f.value = std::move(value);
    listeners = f.listeners;
    value = f.value;
  }
  for (auto& l : listeners) l(value);
}

}  // namespace

bool RegisterFlag(const std::string& name, FlagValue default_value, const std::string& help) {
  Registry& r = GetRegistry();
  FlagValue value = default_value;
  if (const char* env = std::getenv(("FLAGS_" + name).c_str())) {
    value = Parse(name, default_value, env);
  }
  std::lock_guard<std::mutex> lock(r.mu);
  r.flags[name] = Flag{FlagInfo{name, default_value, help}, value, {}};
  return true;
}

FlagValue GetFlag(const std::string& name) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return FindLocked(r, name).value;
}

void SetFlag(const std::string& name, const FlagValue& value) {
  FlagValue like = GetFlag(name);
  Assign(name, Convert(StripPrefix(name), like, value));
}

void SetFlagFromString(const std::string& name, const std::string& text) {
  FlagValue like = GetFlag(name);
  Assign(name, Parse(StripPrefix(name), like, text));
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
