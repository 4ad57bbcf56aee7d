// Typed operator attributes and their conversion to and from OpDesc.Attr.
#pragma once

#include <cstdint>
#include <map>
#include <string>
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

// The alternatives, one per AttrType we compute with. SCALAR(S) and VAR(S)
// attributes are kept in the desc untouched; kernels that need them read the desc.
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
                               double>;                   // FLOAT64

using AttrType = framework::proto::AttrType;
using AttributeMap = std::map<std::string, Attribute>;

AttrType TypeOf(const Attribute& attr);
const char* AttrTypeName(AttrType type);  // "int", "float", "ints", ...
std::string AttrToString(const Attribute& attr);

// Throws Unimplemented for SCALAR/VAR kinds (not representable as Attribute).
Attribute AttrFromProto(const framework::proto::OpDesc::Attr& proto);
void AttrToProto(const std::string& name, const Attribute& attr,
                 framework::proto::OpDesc::Attr* proto);

// `attr` converted to `type` when the conversion loses nothing (INT -> LONG,
// FLOAT -> FLOAT64, INTS -> LONGS, a LONG that fits in INT, ...); false otherwise.
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
#undef PD_ATTR_TYPE_OF

}  // namespace paddle
