// Shared helpers for the C++ tests: test data paths, raw float files, temp dirs.
#pragma once

#include <string>
#include <vector>

namespace paddle {
namespace test {

// tests/data/<rel>
std::string DataPath(const std::string& rel);
std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& bytes);
// A raw little-endian float32 file (tests/data/mlp/x.f32).
std::vector<float> ReadFloats(const std::string& path);
// A fresh empty directory under the system temp dir, removed at process exit.
std::string TempDir();

}  // namespace test
}  // namespace paddle
