// Shared helpers for the C++ tests: test data paths, raw float files, temp dirs.
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/framework/enforce.h"

namespace paddle {
namespace test {

// tests/data/<rel>
std::string DataPath(const std::string& rel);
std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& bytes);
// A raw little-endian float32 file (tests/data/mlp/x.f32).
std::vector<float> ReadFloats(const std::string& path);
// Runs fn, expecting a paddle::Error of `kind` whose message contains every
// part (a test failure otherwise); returns the message.
std::string ExpectError(const std::function<void()>& fn, ErrorKind kind,
                        std::initializer_list<std::string> parts = {});
// Runs fn and returns the error it threw (a test failure if none).
Error CatchError(const std::function<void()>& fn);

// A fresh empty directory under the system temp dir, removed at process exit.
std::string TempDir();

}  // namespace test
}  // namespace paddle
