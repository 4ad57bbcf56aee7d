// Shared helpers for the C++ tests: test data paths, raw float files, temp dirs.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/base/enforce.h"

namespace paddle {
namespace test {

// tests/data/<rel>
std::string DataPath(const std::string& rel);
std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& bytes);
// Raw little-endian files of float32 / int64 values (tests/data/*/*.f32, *.i64).
std::vector<float> ReadFloats(const std::string& path);
std::vector<int64_t> ReadInt64s(const std::string& path);
// Largest |a[i] - b[i]|; a test failure if the sizes differ.
float MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b);
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
