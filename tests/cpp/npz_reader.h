// The io.npz fixtures of tests/data for C++ tests, read by the standalone
// reader of the C++ example (examples/cpp/npz.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "examples/cpp/npz.h"

namespace paddle {
namespace test {

using NpyArray = npz::Array;

// The arrays of an .npz, in file order, named as in the archive minus ".npy".
// Throws paddle::Error (InvalidModel) on anything it cannot read.
std::vector<std::pair<std::string, NpyArray>> ReadNpz(const std::string& path);

}  // namespace test
}  // namespace paddle
