// Element types of tensors. The numeric values are PaddlePaddle's
// VarType.Type codes, so a DataType converts to and from the model format as is.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace paddle {

enum class DataType : int {
  kBool = 0,
  kInt16 = 1,
  kInt32 = 2,
  kInt64 = 3,
  kFloat16 = 4,
  kFloat32 = 5,
  kFloat64 = 6,
  kUInt8 = 20,
  kInt8 = 21,
  kBFloat16 = 22,
  kComplex64 = 23,
  kComplex128 = 24,
};

// Storage-only 16-bit floats: kernels convert to float to compute.
struct float16 {
  uint16_t bits = 0;
  float16() = default;
  explicit float16(float f);
  explicit operator float() const;
};

struct bfloat16 {
  uint16_t bits = 0;
  bfloat16() = default;
  explicit bfloat16(float f);
  explicit operator float() const;
};

// Every element type, in code order.
const std::vector<DataType>& AllDataTypes();
size_t SizeOf(DataType dtype);
const char* DataTypeName(DataType dtype);  // "float32", as numpy and paddle spell it
// From a VarType.Type code; throws InvalidArgument naming `where` when the
// code is not a tensor element type.
DataType DataTypeFromCode(int code, const std::string& where);
// From "float32", "int64", ...; throws InvalidArgument on an unknown name.
DataType DataTypeFromName(const std::string& name);

template <typename T> struct DataTypeOf;
#define PD_DATA_TYPE_OF(T, DT) \
  template <> struct DataTypeOf<T> { static constexpr DataType value = DataType::DT; }
PD_DATA_TYPE_OF(bool, kBool);
PD_DATA_TYPE_OF(int16_t, kInt16);
PD_DATA_TYPE_OF(int32_t, kInt32);
PD_DATA_TYPE_OF(int64_t, kInt64);
PD_DATA_TYPE_OF(float16, kFloat16);
PD_DATA_TYPE_OF(float, kFloat32);
PD_DATA_TYPE_OF(double, kFloat64);
PD_DATA_TYPE_OF(uint8_t, kUInt8);
PD_DATA_TYPE_OF(int8_t, kInt8);
PD_DATA_TYPE_OF(bfloat16, kBFloat16);
PD_DATA_TYPE_OF(std::complex<float>, kComplex64);
PD_DATA_TYPE_OF(std::complex<double>, kComplex128);
#undef PD_DATA_TYPE_OF

}  // namespace paddle
