// Reads NumPy .npz files (as np.savez writes them: stored, zip64) into raw
// arrays, so C++ tests can use the io.npz fixtures of tests/data directly.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace paddle {
namespace test {

struct NpyArray {
  std::string descr;           // NumPy's dtype string: "<f4", "<i8", "|u1", ...
  std::vector<int64_t> shape;  // C order
  std::string bytes;           // the elements, little-endian
  int64_t numel() const;
};

// The arrays of an .npz, in file order, named as in the archive minus ".npy".
// Throws paddle::Error (InvalidModel) on anything it cannot read.
std::vector<std::pair<std::string, NpyArray>> ReadNpz(const std::string& path);

}  // namespace test
}  // namespace paddle
