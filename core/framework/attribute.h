// Typed operator attributes and their conversion to and from OpDesc.Attr.
#pragma once

#include <complex>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/framework/framework.pb.h"

namespace paddle {

// A sub-block reference (AttrType BLOCK), distinct from a plain int.
struct BlockRef {
  int32_t idx = 0;
  bool operator==(const BlockRef& o) const { return idx == o.idx; }
};
struct BlockRefs {
  std::vector<int32_t> idx;
  bool operator==(const BlockRefs& o) const { return idx == o.idx; }
};

// A SCALAR attribute's value, as PaddlePaddle's Scalar message holds it: a
// bool, an int64, a double or a complex128, tagged by which. Integers are
// kept as int64 and floats as double, as PaddlePaddle writes them.
struct Scalar {
  using Complex = std::complex<double>;
  std::variant<bool, int64_t, double, Complex> value{int64_t{0}};

  Scalar() = default;
  // Arithmetic types only: a pointer or a string must not become a bool.
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
  Scalar(T v) {  // NOLINT: implicit, so lists of numbers read as lists of Scalars
    if constexpr (std::is_same_v<T, bool>) value = v;
    else if constexpr (std::is_integral_v<T>) value = static_cast<int64_t>(v);
    else value = static_cast<double>(v);
  }
  Scalar(Complex v) : value(v) {}  // NOLINT

  framework::proto::Scalar::Type type() const;
  bool operator==(const Scalar& o) const { return value == o.value; }
};

// The alternatives, one per AttrType we compute with. VAR(S) attributes are
// kept in the desc untouched; kernels that need them read the desc.
using Attribute = std::variant<int32_t,                   // INT
                               float,                     // FLOAT
                               std::string,               // STRING
                               std::vector<int32_t>,      // INTS
                               std::vector<float>,        // FLOATS
                               std::vector<std::string>,  // STRINGS
                               bool,                      // BOOLEAN
                               std::vector<bool>,         // BOOLEANS
                               BlockRef,                  // BLOCK
                               int64_t,                   // LONG
                               BlockRefs,                 // BLOCKS
                               std::vector<int64_t>,      // LONGS
                               std::vector<double>,       // FLOAT64S
                               double,                    // FLOAT64
                               Scalar,                    // SCALAR
                               std::vector<Scalar>>;      // SCALARS

using AttrType = framework::proto::AttrType;
using AttributeMap = std::map<std::string, Attribute>;

AttrType TypeOf(const Attribute& attr);
const char* AttrTypeName(AttrType type);  // "int", "float", "ints", ...
std::string AttrToString(const Attribute& attr);

// Throws Unimplemented for VAR kinds (not representable as Attribute).
Attribute AttrFromProto(const framework::proto::OpDesc::Attr& proto);
void AttrToProto(const std::string& name, const Attribute& attr,
                 framework::proto::OpDesc::Attr* proto);

// A Scalar message and back (the one field of its type set, as PaddlePaddle writes it).
Scalar ScalarFromProto(const framework::proto::Scalar& proto);
void ScalarToProto(const Scalar& scalar, framework::proto::Scalar* proto);
// "true", "3", "2.0", "1e+16", "(1.0-2.0j)": doubles as Python's repr writes
// floats (the shortest digits that read back; a point or an exponent, so a
// double never reads as an integer).
std::string ScalarToString(const Scalar& scalar);

// `attr` converted to `type` when the conversion loses nothing (INT -> LONG,
// FLOAT -> FLOAT64, INTS -> LONGS, a LONG that fits in INT, a number to a
// SCALAR and a list of numbers or bools to SCALARS, as PaddlePaddle's op
// descs convert them, ...); false otherwise.
bool ConvertAttr(const Attribute& attr, AttrType type, Attribute* out);

template <typename T> struct AttrTypeOf;
#define PD_ATTR_TYPE_OF(T, E) \
  template <> struct AttrTypeOf<T> { static constexpr AttrType value = framework::proto::E; }
PD_ATTR_TYPE_OF(int32_t, INT);
PD_ATTR_TYPE_OF(float, FLOAT);
PD_ATTR_TYPE_OF(std::string, STRING);
PD_ATTR_TYPE_OF(std::vector<int32_t>, INTS);
PD_ATTR_TYPE_OF(std::vector<float>, FLOATS);
PD_ATTR_TYPE_OF(std::vector<std::string>, STRINGS);
PD_ATTR_TYPE_OF(bool, BOOLEAN);
PD_ATTR_TYPE_OF(std::vector<bool>, BOOLEANS);
PD_ATTR_TYPE_OF(BlockRef, BLOCK);
PD_ATTR_TYPE_OF(int64_t, LONG);
PD_ATTR_TYPE_OF(BlockRefs, BLOCKS);
PD_ATTR_TYPE_OF(std::vector<int64_t>, LONGS);
PD_ATTR_TYPE_OF(std::vector<double>, FLOAT64S);
PD_ATTR_TYPE_OF(double, FLOAT64);
PD_ATTR_TYPE_OF(Scalar, SCALAR);
PD_ATTR_TYPE_OF(std::vector<Scalar>, SCALARS);
#undef PD_ATTR_TYPE_OF

}  // namespace paddle
