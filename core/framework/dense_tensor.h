// A dense, row-major tensor: shape, element type, place, an optional LoD
// (level-of-detail offsets for variable-length sequences), and a shared buffer.
#pragma once

#include <cstdint>
#include <vector>

#include "core/framework/data_type.h"
#include "core/framework/ddim.h"
#include "core/base/enforce.h"
#include "core/base/place.h"
#include "core/memory/allocator.h"

namespace paddle {

// Each level holds offsets into the level below (the last into rows of the tensor).
using LoD = std::vector<std::vector<uint64_t>>;

class DenseTensor {
 public:
  DenseTensor() = default;
  DenseTensor(DataType dtype, const DDim& dims) : dtype_(dtype), dims_(dims) {}

  const DDim& dims() const { return dims_; }
  // Sets the shape; the buffer is (re)allocated by the next MutableData.
  DenseTensor& Resize(const DDim& dims) {
    dims_ = dims;
    return *this;
  }
  DataType dtype() const { return dtype_; }
  void set_dtype(DataType dtype) { dtype_ = dtype; }
  const Place& place() const { return place_; }
  int64_t numel() const { return dims_.numel(); }
  size_t nbytes() const;

  const LoD& lod() const { return lod_; }
  void set_lod(const LoD& lod) { lod_ = lod; }

  bool IsInitialized() const { return holder_ != nullptr; }
  // Initialized with a buffer that covers dims() (false after a Resize to
  // more elements than were written).
  bool HoldsData() const;

  // The buffer for dims() elements of `dtype` at `place`, allocated from the
  // pool when the current one is absent or too small.
  void* MutableData(const Place& place, DataType dtype);
  void* MutableData(const Place& place) { return MutableData(place, dtype_); }
  template <typename T>
  T* MutableData(const Place& place = CPUPlace()) {
    return static_cast<T*>(MutableData(place, DataTypeOf<T>::value));
  }

  // Read access; throws PreconditionNotMet when uninitialized and
  // InvalidArgument when T is not the element type.
  const void* data() const;
  void* data();
  template <typename T>
  const T* data() const {
    CheckType(DataTypeOf<T>::value);
    return static_cast<const T*>(data());
  }
  template <typename T>
  T* data() {
    CheckType(DataTypeOf<T>::value);
    return static_cast<T*>(data());
  }

  // Share the buffer (no copy): both tensors see the same memory.
  void ShareDataWith(const DenseTensor& src);
  // Copy into a fresh buffer of this tensor's own.
  void CopyFrom(const DenseTensor& src);
  // Drop the buffer (its memory returns to the pool when no one else holds it).
  void Clear() { holder_.reset(), offset_ = 0; }

  const memory::AllocationPtr& Holder() const { return holder_; }
  // Adopt a buffer (a memory plan's slot); shape and dtype stay as they are.
  void ResetHolder(memory::AllocationPtr holder) {
    holder_ = std::move(holder);
    offset_ = 0;
  }

 private:
  void CheckType(DataType expected) const;

  DataType dtype_ = DataType::kFloat32;
  DDim dims_;
  Place place_ = CPUPlace();
  LoD lod_;
  memory::AllocationPtr holder_;
  size_t offset_ = 0;  // into holder_, in bytes
};

}  // namespace paddle
