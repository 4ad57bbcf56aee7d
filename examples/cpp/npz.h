// Reads the arrays of a NumPy .npz file as np.savez writes it (stored
// entries, zip64 sizes), with the standard library only, so the example needs
// nothing beyond the SDK.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace npz {

struct Array {
  std::string descr;           // NumPy's dtype string: "<f4", "<i8", "|u1", ...
  std::vector<int64_t> shape;  // C order
  std::string bytes;           // the elements, little-endian
  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
  }
};

// The arrays of the archive at `path`, in file order, named as in the archive
// minus ".npy". Throws std::runtime_error naming the file on anything it
// cannot read (compressed archives from np.savez_compressed included).
std::vector<std::pair<std::string, Array>> Read(const std::string& path);

}  // namespace npz
