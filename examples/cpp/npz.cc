#include "npz.h"

#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace npz {
namespace {

[[noreturn]] void Fail(const std::string& path, const std::string& what) {
  throw std::runtime_error("[npz] " + path + ": " + what);
}

template <typename T>
T Le(const std::string& s, size_t at, const std::string& path) {
  if (at + sizeof(T) > s.size()) Fail(path, "cut short");
  T v;
  std::memcpy(&v, s.data() + at, sizeof(T));
  return v;
}

// The text of `key`'s value in an .npy header dict, up to the next top-level comma.
std::string HeaderField(const std::string& header, const std::string& key,
                        const std::string& path) {
  size_t at = header.find("'" + key + "':");
  if (at == std::string::npos) Fail(path, "no '" + key + "' in the .npy header");
  at += key.size() + 3;
  int depth = 0;
  size_t end = at;
  for (; end < header.size(); ++end) {
    const char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if ((c == ',' || c == '}') && depth == 0) break;
  }
  return header.substr(at, end - at);
}

Array ParseNpy(const std::string& npy, const std::string& path) {
  if (npy.compare(0, 6, "\x93NUMPY") != 0) Fail(path, "an entry is not .npy");
  const bool v1 = static_cast<unsigned char>(npy[6]) == 1;
  const size_t header_len = v1 ? Le<uint16_t>(npy, 8, path) : Le<uint32_t>(npy, 8, path);
  const size_t start = v1 ? 10 : 12;
  const std::string header = npy.substr(start, header_len);
  Array a;
  const std::string descr = HeaderField(header, "descr", path);
  const size_t q1 = descr.find('\''), q2 = descr.rfind('\'');
  a.descr = descr.substr(q1 + 1, q2 - q1 - 1);
  if (HeaderField(header, "fortran_order", path).find("False") == std::string::npos)
    Fail(path, "Fortran-order arrays are not read");
  const std::string shape = HeaderField(header, "shape", path);
  for (size_t i = 0; i < shape.size();) {
    if (std::isdigit(static_cast<unsigned char>(shape[i]))) {
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

std::vector<std::pair<std::string, Array>> Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) Fail(path, "cannot open");
  std::ostringstream buf;
  buf << in.rdbuf();
  const std::string zip = buf.str();
  std::vector<std::pair<std::string, Array>> out;
  size_t at = 0;
  while (at + 4 <= zip.size() && Le<uint32_t>(zip, at, path) == 0x04034b50) {
    const uint16_t flags = Le<uint16_t>(zip, at + 6, path);
    const uint16_t method = Le<uint16_t>(zip, at + 8, path);
    uint64_t size = Le<uint32_t>(zip, at + 18, path);
    const uint16_t name_len = Le<uint16_t>(zip, at + 26, path);
    const uint16_t extra_len = Le<uint16_t>(zip, at + 28, path);
    std::string name = zip.substr(at + 30, name_len);
    if (method != 0 || (flags & 8))
      Fail(path, "entry '" + name + "' is compressed or streamed; only np.savez archives are read");
    const size_t extra = at + 30 + name_len;
    if (size == 0xFFFFFFFFu) {  // zip64: the sizes are in extra field 0x0001
      for (size_t e = extra; e + 4 <= extra + extra_len;) {
        const uint16_t id = Le<uint16_t>(zip, e, path), len = Le<uint16_t>(zip, e + 2, path);
        if (id == 1) size = Le<uint64_t>(zip, e + 4, path);  // stored: uncompressed == compressed
        e += 4 + len;
      }
    }
    const size_t data = extra + extra_len;
    if (data + size > zip.size()) Fail(path, "cut short");
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0)
      name.resize(name.size() - 4);
    out.emplace_back(name, ParseNpy(zip.substr(data, size), path + ":" + name));
    at = data + size;
  }
  return out;
}

}  // namespace npz
