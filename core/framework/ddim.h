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

  // Product of dims; -1 if any dim is unknown.
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

}  // namespace paddle
