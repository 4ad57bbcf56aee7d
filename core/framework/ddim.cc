#include "core/framework/ddim.h"

#include "core/base/enforce.h"

namespace paddle {

DDim::DDim(const int64_t* dims, int rank) {
  PD_CHECK(rank >= 0 && rank <= kMaxRank, InvalidArgument, "[DDim] rank must be in [0, ",
           kMaxRank, "], got ", rank);
  for (int i = 0; i < rank; ++i) d_[i] = dims[i];
  rank_ = rank;
}

DDim::DDim(std::initializer_list<int64_t> dims)
    : DDim(dims.begin(), static_cast<int>(dims.size())) {}

DDim::DDim(const std::vector<int64_t>& dims) : DDim(dims.data(), static_cast<int>(dims.size())) {}

int64_t DDim::at(int i) const {
  int j = i < 0 ? i + rank_ : i;
  PD_CHECK(j >= 0 && j < rank_, OutOfRange, "[DDim] axis ", i, " is out of range for shape ",
           ToString());
  return d_[j];
}

int64_t DDim::numel() const {
  int64_t n = 1;
  bool empty = false;
  for (int i = 0; i < rank_; ++i) {
    if (d_[i] < 0) return -1;
    if (d_[i] == 0) {
      empty = true;
      continue;
    }
    // A shape from a file or a user can name more elements than exist; a
    // wrapped product would size buffers wrongly, so it is an error.
    PD_CHECK(!__builtin_mul_overflow(n, d_[i], &n), InvalidArgument, "[DDim] shape ",
             ToString(), " has more elements than fit in 64 bits");
  }
  return empty ? 0 : n;
}

bool DDim::IsFullyKnown() const { return numel() >= 0; }

std::string DDim::ToString() const {
  std::string s = "[";
  for (int i = 0; i < rank_; ++i) {
    if (i) s += ", ";
    s += std::to_string(d_[i]);
  }
  return s + "]";
}

DDim DDim::FlattenTo2D(int num_col_dims) const {
  PD_CHECK(num_col_dims >= 1 && num_col_dims <= rank_, InvalidArgument,
           "[DDim] cannot flatten shape ", ToString(), " at column ", num_col_dims);
  auto prod = [this](int lo, int hi) {
    return DDim(d_ + lo, hi - lo).numel();
  };
  return DDim{prod(0, num_col_dims), prod(num_col_dims, rank_)};
}

bool DDim::operator==(const DDim& o) const {
  if (rank_ != o.rank_) return false;
  for (int i = 0; i < rank_; ++i)
    if (d_[i] != o.d_[i]) return false;
  return true;
}

void ThrowSizeOverflow(const std::string& op, const char* what, int64_t a, char sign,
                       int64_t b) {
  PD_THROW(InvalidArgument, "[", op, "] ", what, ": ", a, " ", sign, " ", b,
           " does not fit in 64 bits");
}

int64_t CheckedNumel(const DDim& d, const std::string& op, const char* what) {
  int64_t n = 1;
  bool empty = false;
  for (int i = 0; i < d.rank(); ++i) {
    if (d[i] < 0) return -1;
    if (d[i] == 0) {
      empty = true;
    } else if (__builtin_mul_overflow(n, d[i], &n)) {
      PD_THROW(InvalidArgument, "[", op, "] ", what, " ", d.ToString(),
               " has more elements than fit in 64 bits");
    }
  }
  return empty ? 0 : n;
}

int64_t ProductSize(const int64_t* dims, int n, const std::string& op, const char* what) {
  int64_t p = 1;
  for (int i = 0; i < n; ++i) p = MulSize(p, dims[i], op, what);
  return p;
}

}  // namespace paddle
