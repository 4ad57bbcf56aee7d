#include "npz_reader.h"

#include <stdexcept>

#include "core/base/enforce.h"

namespace paddle {
namespace test {

std::vector<std::pair<std::string, NpyArray>> ReadNpz(const std::string& path) {
  try {
    return npz::Read(path);
  } catch (const std::runtime_error& e) {
    PD_THROW(InvalidModel, e.what());
  }
}

}  // namespace test
}  // namespace paddle
