#include "test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

namespace paddle {
namespace test {

namespace fs = std::filesystem;

std::string DataPath(const std::string& rel) { return std::string(PADDLE_TEST_DATA_DIR) + "/" + rel; }

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path);
}

namespace {
template <typename T>
std::vector<T> ReadRaw(const std::string& path) {
  std::string bytes = ReadFile(path);
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}
}  // namespace

std::vector<float> ReadFloats(const std::string& path) { return ReadRaw<float>(path); }
std::vector<int64_t> ReadInt64s(const std::string& path) { return ReadRaw<int64_t>(path); }

float MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
  EXPECT_EQ(a.size(), b.size());
  float m = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) m = std::max(m, std::fabs(a[i] - b[i]));
  return m;
}

std::string ExpectError(const std::function<void()>& fn, ErrorKind kind,
                        std::initializer_list<std::string> parts) {
  try {
    fn();
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_EQ(e.kind(), kind) << ErrorKindName(e.kind()) << ": " << msg;
    for (const auto& p : parts)
      EXPECT_NE(msg.find(p), std::string::npos) << "message lacks '" << p << "': " << msg;
    return msg;
  }
  ADD_FAILURE() << "expected a " << ErrorKindName(kind) << " error, none was thrown";
  return "";
}

Error CatchError(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected a paddle::Error, none was thrown";
  return Error(ErrorKind::kFatal, "");
}

namespace {
struct TempDirs {
  std::vector<fs::path> dirs;
  ~TempDirs() {
    std::error_code ec;
    for (auto& d : dirs) fs::remove_all(d, ec);
  }
};
}  // namespace

std::string TempDir() {
  static TempDirs all;
  std::string templ = (fs::temp_directory_path() / "paddle_test_XXXXXX").string();
  if (!mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
  all.dirs.push_back(templ);
  return templ;
}

}  // namespace test
}  // namespace paddle
