// Process-wide flags, named as in PaddlePaddle (FLAGS_xxx). Each starts from
// its default, is overridden by an environment variable of the same name at
// first use, and can be set at run time (paddle.set_flags).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace paddle {

using FlagValue = std::variant<bool, int64_t, double, std::string>;

struct FlagInfo {
  std::string name;  // without the FLAGS_ prefix
  FlagValue default_value;
  std::string help;
};

// Checks a value of the flag's type: "" when fine, else what is expected
// ("one of auto_growth, chunked"). Float flags are also always checked to be
// finite, before their own validator.
using FlagValidator = std::string (*)(const FlagValue& value);

// Register a flag (static registration at load time; see flags.cc). A bad
// value in the environment never aborts the process: the flag keeps its
// default and every read of it throws InvalidArgument (naming the variable
// and value) until the flag is set to a good value.
bool RegisterFlag(const std::string& name, FlagValue default_value, const std::string& help,
                  FlagValidator validator = nullptr);

// Name with or without the FLAGS_ prefix. Throws NotFound for an unknown flag,
// InvalidArgument when the value does not convert to the flag's type.
FlagValue GetFlag(const std::string& name);
bool HasFlag(const std::string& name);
void SetFlag(const std::string& name, const FlagValue& value);
// Sets several flags all or nothing: every name, conversion and check is
// tried first, and no flag changes unless all pass.
void SetFlags(const std::vector<std::pair<std::string, FlagValue>>& updates);
// The flag's default, which also gives its type.
FlagValue FlagDefault(const std::string& name);
// Parse `text` as the flag's type (as the environment does).
void SetFlagFromString(const std::string& name, const std::string& text);
std::vector<FlagInfo> ListFlags();

// Called with the new value after every SetFlag of `name`, so hot paths can
// cache a flag instead of looking it up per call.
void AddFlagListener(const std::string& name, std::function<void(const FlagValue&)> listener);

// Typed reads for C++ callers.
std::string GetStringFlag(const std::string& name);
double GetDoubleFlag(const std::string& name);
int64_t GetIntFlag(const std::string& name);
bool GetBoolFlag(const std::string& name);

}  // namespace paddle

// PD_DEFINE_FLAG(allocator_strategy, std::string("auto_growth"), "help");
#define PD_DEFINE_FLAG(NAME, DEFAULT, HELP) \
  static const bool pd_flag_registered_##NAME = ::paddle::RegisterFlag(#NAME, DEFAULT, HELP)
// The same, with a FlagValidator run on every value set (and on the environment's).
#define PD_DEFINE_CHECKED_FLAG(NAME, DEFAULT, HELP, VALIDATOR) \
  static const bool pd_flag_registered_##NAME =                 \
      ::paddle::RegisterFlag(#NAME, DEFAULT, HELP, VALIDATOR)
