#include "core/framework/dense_tensor.h"

#include <cstring>

namespace paddle {

size_t DenseTensor::nbytes() const {
  int64_t n = numel();
  if (n < 0) return 0;
  size_t bytes;
  PD_CHECK(!__builtin_mul_overflow(static_cast<size_t>(n), SizeOf(dtype_), &bytes),
           InvalidArgument, "[DenseTensor] shape ", dims_.ToString(), " of ",
           DataTypeName(dtype_), " needs more bytes than fit in 64 bits");
  return bytes;
}

void* DenseTensor::MutableData(const Place& place, DataType dtype) {
  PD_CHECK(dims_.numel() >= 0, PreconditionNotMet, "[DenseTensor] cannot allocate shape ",
           dims_.ToString(), ": it has unknown (-1) dims");
  dtype_ = dtype;
  size_t bytes = nbytes();
  if (!holder_ || place_ != place || holder_->size() < offset_ + bytes) {
    place_ = place;
    holder_ = memory::Alloc(place, bytes);
    offset_ = 0;
  }
  return static_cast<char*>(holder_->ptr()) + offset_;
}

bool DenseTensor::HoldsData() const {
  return holder_ && dims_.numel() >= 0 && holder_->size() >= offset_ + nbytes();
}

const void* DenseTensor::data() const {
  PD_CHECK(holder_, PreconditionNotMet, "[DenseTensor] tensor of shape ", dims_.ToString(),
           " holds no memory: it was never written");
  return static_cast<const char*>(holder_->ptr()) + offset_;
}

void* DenseTensor::data() {
  return const_cast<void*>(static_cast<const DenseTensor*>(this)->data());
}

void DenseTensor::CheckType(DataType expected) const {
  PD_CHECK(dtype_ == expected, InvalidArgument, "[DenseTensor] tensor holds ",
           DataTypeName(dtype_), ", read as ", DataTypeName(expected));
}

void DenseTensor::ShareDataWith(const DenseTensor& src) {
  dtype_ = src.dtype_;
  dims_ = src.dims_;
  place_ = src.place_;
  lod_ = src.lod_;
  holder_ = src.holder_;
  offset_ = src.offset_;
}

void DenseTensor::CopyFrom(const DenseTensor& src) {
  PD_CHECK(src.place_.type == DeviceType::kCPU, Unimplemented,
           "[DenseTensor] copy from ", src.place_.ToString(), " is not supported in this build");
  dims_ = src.dims_;
  lod_ = src.lod_;
  holder_.reset();
  void* dst = MutableData(src.place_, src.dtype_);
  if (src.nbytes()) std::memcpy(dst, src.data(), src.nbytes());
}

}  // namespace paddle
