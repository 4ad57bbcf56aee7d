// The byte layout of one model_fuzzer input, and the values it makes from it.
//
//   offset 0  u32 LE  P: length of the .pdmodel part (clamped to what follows)
//   offset 4  u8      dims: an unknown (negative) declared dim becomes
//                     1 + the next 2-bit field of this byte (cycling): 1..4
//   offset 5  u8      fill: seed of input and generated parameter values;
//                     bit 7 set: any bit pattern (NaN, huge, negative ids)
//   offset 6  u8      flags: bit 0 ir_optim off, bit 1 run twice, bit 2 also
//                     run a Clone(), bit 3 two math threads
//   offset 7  u8      unused
//   offset 8  P bytes .pdmodel, then the .pdiparams bytes. No params bytes:
//                     the harness writes parameters matching the program's
//                     declarations, so mutated programs still load and run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace paddle_fuzz {

constexpr size_t kHeaderSize = 8;

struct FuzzInput {
  std::string program, params;
  uint8_t dims = 0, fill = 0, flags = 0;

  bool ir_optim_off() const { return flags & 1; }
  bool run_twice() const { return flags & 2; }
  bool run_clone() const { return flags & 4; }
  bool two_threads() const { return flags & 8; }
  bool wild_values() const { return fill & 0x80; }
};

// False when the input is too short to hold the header.
inline bool SplitInput(const uint8_t* data, size_t size, FuzzInput* in) {
  if (size < kHeaderSize) return false;
  uint32_t plen = uint32_t(data[0]) | uint32_t(data[1]) << 8 | uint32_t(data[2]) << 16 |
                  uint32_t(data[3]) << 24;
  in->dims = data[4];
  in->fill = data[5];
  in->flags = data[6];
  const char* body = reinterpret_cast<const char*>(data + kHeaderSize);
  size_t rest = size - kHeaderSize;
  size_t p = plen < rest ? plen : rest;
  in->program.assign(body, p);
  in->params.assign(body + p, rest - p);
  return true;
}

// The inverse of SplitInput.
inline std::string JoinInput(const FuzzInput& in) {
  std::string out(kHeaderSize, '\0');
  const auto plen = static_cast<uint32_t>(in.program.size());
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>(plen >> (8 * i));
  out[4] = static_cast<char>(in.dims);
  out[5] = static_cast<char>(in.fill);
  out[6] = static_cast<char>(in.flags);
  return out + in.program + in.params;
}

// Stands in for declared -1 dims, one 2-bit field of `dims` after another.
class FreeDims {
 public:
  explicit FreeDims(uint8_t dims) : dims_(dims) {}
  int64_t Next() { return 1 + ((dims_ >> (2 * (i_++ % 4))) & 3); }

 private:
  uint8_t dims_;
  unsigned i_ = 0;
};

// Deterministic values for tensors (splitmix64).
class Values {
 public:
  Values(uint8_t seed, bool wild) : s_(seed), wild_(wild) {}
  uint64_t Bits() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Tame: small ids (valid for any vocabulary of 4 or more) and floats in [-2, 2).
  int64_t Int() { return wild_ ? static_cast<int64_t>(Bits()) : static_cast<int64_t>(Bits() % 4); }
  double Real() {
    if (!wild_) return static_cast<double>(Bits() >> 11) * 0x1p-53 * 4.0 - 2.0;
    uint64_t b = Bits();
    double d;
    std::memcpy(&d, &b, sizeof d);
    return d;
  }
  float Float() {
    if (!wild_) return static_cast<float>(Real());
    uint32_t b = Word();
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
  }
  bool Bool() { return Bits() & 1; }  // only 0 or 1: other bytes are not valid bools
  uint32_t Word() { return static_cast<uint32_t>(Bits()); }

 private:
  uint64_t s_;
  bool wild_;
};

}  // namespace paddle_fuzz
