#include "npz_reader.h"

#include <cstring>

#include "core/base/enforce.h"
#include "test_util.h"

namespace paddle {
namespace test {

namespace {

template <typename T>
T Le(const std::string& s, size_t at, const std::string& path) {
  PD_CHECK(at + sizeof(T) <= s.size(), InvalidModel, "[npz] ", path, " is cut short");
  T v;
  std::memcpy(&v, s.data() + at, sizeof(T));
  return v;
}

// The value text of 'key' in the .npy header dict, up to the next top-level comma.
std::string HeaderField(const std::string& header, const std::string& key,
                        const std::string& path) {
  size_t at = header.find("'" + key + "':");
  PD_CHECK(at != std::string::npos, InvalidModel, "[npz] ", path, ": no '", key,
           "' in header ", header);
  at += key.size() + 3;
  int depth = 0;
  size_t end = at;
  for (; end < header.size(); ++end) {
    char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if ((c == ',' || c == '}') && depth == 0) break;
  }
  return header.substr(at, end - at);
}

NpyArray ParseNpy(const std::string& npy, const std::string& path) {
  PD_CHECK(npy.compare(0, 6, "\x93NUMPY") == 0, InvalidModel, "[npz] ", path,
           ": an entry is not .npy");
  const int major = static_cast<unsigned char>(npy[6]);
  size_t header_len = major == 1 ? Le<uint16_t>(npy, 8, path) : Le<uint32_t>(npy, 8, path);
  size_t start = major == 1 ? 10 : 12;
  std::string header = npy.substr(start, header_len);
  NpyArray a;
  std::string descr = HeaderField(header, "descr", path);
  size_t q1 = descr.find('\''), q2 = descr.rfind('\'');
  a.descr = descr.substr(q1 + 1, q2 - q1 - 1);
  PD_CHECK(HeaderField(header, "fortran_order", path).find("False") != std::string::npos,
           InvalidModel, "[npz] ", path, ": Fortran-order arrays are not read");
  std::string shape = HeaderField(header, "shape", path);
  for (size_t i = 0; i < shape.size();) {
    if (isdigit(static_cast<unsigned char>(shape[i]))) {
      size_t used = 0;
      a.shape.push_back(std::stoll(shape.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  a.bytes = npy.substr(start + header_len);
  return a;
}

}  // namespace

int64_t NpyArray::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::vector<std::pair<std::string, NpyArray>> ReadNpz(const std::string& path) {
  const std::string zip = ReadFile(path);
  std::vector<std::pair<std::string, NpyArray>> out;
  size_t at = 0;
  while (at + 4 <= zip.size() && Le<uint32_t>(zip, at, path) == 0x04034b50) {
    const uint16_t flags = Le<uint16_t>(zip, at + 6, path);
    const uint16_t method = Le<uint16_t>(zip, at + 8, path);
    uint64_t size = Le<uint32_t>(zip, at + 18, path);
    const uint16_t name_len = Le<uint16_t>(zip, at + 26, path);
    const uint16_t extra_len = Le<uint16_t>(zip, at + 28, path);
    std::string name = zip.substr(at + 30, name_len);
    PD_CHECK(method == 0 && !(flags & 8), InvalidModel, "[npz] ", path, ": entry '", name,
             "' is compressed or streamed (np.savez_compressed?); only np.savez is read");
    const size_t extra = at + 30 + name_len;
    if (size == 0xFFFFFFFFu) {  // zip64: the sizes are in extra field 0x0001
      for (size_t e = extra; e + 4 <= extra + extra_len;) {
        const uint16_t id = Le<uint16_t>(zip, e, path), len = Le<uint16_t>(zip, e + 2, path);
        if (id == 1) size = Le<uint64_t>(zip, e + 4, path);  // uncompressed == compressed
        e += 4 + len;
      }
    }
    const size_t data = extra + extra_len;
    PD_CHECK(data + size <= zip.size(), InvalidModel, "[npz] ", path, " is cut short");
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0)
      name.resize(name.size() - 4);
    out.emplace_back(name, ParseNpy(zip.substr(data, size), path + ":" + name));
    at = data + size;
  }
  return out;
}

}  // namespace test
}  // namespace paddle
