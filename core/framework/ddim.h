// A tensor shape: up to kMaxRank dims held inline, so building and copying
// shapes on the hot path never allocates. -1 marks a dim unknown until run time.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace paddle {

class DDim {
 public:
  static constexpr int kMaxRank = 9;

  DDim() = default;
  DDim(std::initializer_list<int64_t> dims);
  explicit DDim(const std::vector<int64_t>& dims);
  DDim(const int64_t* dims, int rank);

  int rank() const { return rank_; }
  int64_t operator[](int i) const { return d_[i]; }
  int64_t& operator[](int i) { return d_[i]; }
  // Dim i, with negative i counting from the end; throws OutOfRange.
  int64_t at(int i) const;
  const int64_t* data() const { return d_; }

  // Product of dims; -1 if any dim is unknown. Throws InvalidArgument when the
  // product of the non-zero dims does not fit in 64 bits, even if a 0 dim
  // makes numel 0: so every product of some of a shape's dims fits too.
  int64_t numel() const;
  bool IsFullyKnown() const;
  std::vector<int64_t> ToVector() const { return std::vector<int64_t>(d_, d_ + rank_); }
  std::string ToString() const;  // "[4, 784]"

  // Flatten to 2-D at column `num_col_dims`: [prod(d[:k]), prod(d[k:])].
  DDim FlattenTo2D(int num_col_dims) const;

  bool operator==(const DDim& o) const;
  bool operator!=(const DDim& o) const { return !(*this == o); }

 private:
  int64_t d_[kMaxRank] = {0};
  int rank_ = 0;
};

// Checked shape arithmetic: every product or sum of dims, sizes or attribute
// values in shape inference and kernels goes through these, so no file or
// caller can make a size wrap (undefined behaviour, then a wrong buffer or a
// division by zero). On overflow they throw InvalidArgument
// "[op] <what>: a * b does not fit in 64 bits".
[[noreturn]] void ThrowSizeOverflow(const std::string& op, const char* what, int64_t a,
                                    char sign, int64_t b);
inline int64_t MulSize(int64_t a, int64_t b, const std::string& op, const char* what) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) ThrowSizeOverflow(op, what, a, '*', b);
  return r;
}
inline int64_t AddSize(int64_t a, int64_t b, const std::string& op, const char* what) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) ThrowSizeOverflow(op, what, a, '+', b);
  return r;
}
inline int64_t SubSize(int64_t a, int64_t b, const std::string& op, const char* what) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) ThrowSizeOverflow(op, what, a, '-', b);
  return r;
}
// d.numel(), with an overflow reported as "[op] <what> [dims]: ...".
int64_t CheckedNumel(const DDim& d, const std::string& op, const char* what);
// The product of dims[0..n), each >= 0.
int64_t ProductSize(const int64_t* dims, int n, const std::string& op, const char* what);

}  // namespace paddle
