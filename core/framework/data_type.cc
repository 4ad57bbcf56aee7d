#include "core/framework/data_type.h"

#include "core/base/enforce.h"

namespace paddle {

namespace {
uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}
float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

struct TypeInfo {
  DataType dtype;
  const char* name;
  size_t size;
};
constexpr TypeInfo kTypes[] = {
    {DataType::kBool, "bool", 1},          {DataType::kInt16, "int16", 2},
    {DataType::kInt32, "int32", 4},        {DataType::kInt64, "int64", 8},
    {DataType::kFloat16, "float16", 2},    {DataType::kFloat32, "float32", 4},
    {DataType::kFloat64, "float64", 8},    {DataType::kUInt8, "uint8", 1},
    {DataType::kInt8, "int8", 1},          {DataType::kBFloat16, "bfloat16", 2},
    {DataType::kComplex64, "complex64", 8}, {DataType::kComplex128, "complex128", 16},
};

const TypeInfo* Find(DataType dtype) {
  for (const auto& t : kTypes)
    if (t.dtype == dtype) return &t;
  return nullptr;
}
}  // namespace

// IEEE half: round to nearest even, with subnormals, infinities and NaN.
float16::float16(float f) {
  uint32_t x = FloatBits(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  if (x >= 0x7f800000u) {  // inf or nan
    bits = static_cast<uint16_t>(sign | 0x7c00u | (x > 0x7f800000u ? 0x200u : 0));
    return;
  }
  if (x >= 0x477ff000u) {  // overflows half: inf
    bits = static_cast<uint16_t>(sign | 0x7c00u);
    return;
  }
  if (x < 0x38800000u) {  // subnormal half (or zero)
    float v = BitsFloat(x) * 16777216.0f;  // scale by 2^24: the subnormal step
    uint32_t m = static_cast<uint32_t>(v);
    float rem = v - static_cast<float>(m);
    if (rem > 0.5f || (rem == 0.5f && (m & 1u))) ++m;
    bits = static_cast<uint16_t>(sign | m);
    return;
  }
  uint32_t mant = x & 0x7fffffu;
  uint32_t exp = (x >> 23) - 112;
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
  bits = static_cast<uint16_t>(sign | h);
}

float16::operator float() const {
  uint32_t sign = (bits & 0x8000u) << 16;
  uint32_t exp = (bits >> 10) & 0x1fu;
  uint32_t mant = bits & 0x3ffu;
  if (exp == 0) {
    float v = static_cast<float>(mant) / 16777216.0f;
    return sign ? -v : v;
  }
  if (exp == 31) return BitsFloat(sign | 0x7f800000u | (mant << 13));
  return BitsFloat(sign | ((exp + 112) << 23) | (mant << 13));
}

bfloat16::bfloat16(float f) {
  uint32_t x = FloatBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) {
    bits = static_cast<uint16_t>((x >> 16) | 0x40u);  // keep NaN a NaN
    return;
  }
  x += 0x7fffu + ((x >> 16) & 1u);  // round to nearest even
  bits = static_cast<uint16_t>(x >> 16);
}

bfloat16::operator float() const { return BitsFloat(static_cast<uint32_t>(bits) << 16); }

const std::vector<DataType>& AllDataTypes() {
  static const std::vector<DataType> all = [] {
    std::vector<DataType> v;
    for (const auto& t : kTypes) v.push_back(t.dtype);
    return v;
  }();
  return all;
}

size_t SizeOf(DataType dtype) {
  const TypeInfo* t = Find(dtype);
  PD_CHECK(t, InvalidArgument, "[DataType] unknown data type code ", static_cast<int>(dtype));
  return t->size;
}

const char* DataTypeName(DataType dtype) {
  const TypeInfo* t = Find(dtype);
  return t ? t->name : "unknown";
}

DataType DataTypeFromCode(int code, const std::string& where) {
  DataType dtype = static_cast<DataType>(code);
  PD_CHECK(Find(dtype), InvalidArgument, "[", where, "] data type code ", code,
           " is not a tensor element type");
  return dtype;
}

DataType DataTypeFromName(const std::string& name) {
  for (const auto& t : kTypes)
    if (name == t.name) return t.dtype;
  PD_THROW(InvalidArgument, "[DataType] unknown data type name '", name, "'");
}

}  // namespace paddle
