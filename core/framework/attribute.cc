#include "core/framework/attribute.h"

#include <charconv>
#include <cmath>
#include <sstream>

#include "core/base/enforce.h"

namespace paddle {

namespace pb = framework::proto;

AttrType TypeOf(const Attribute& attr) {
  static constexpr AttrType kByIndex[] = {
      pb::INT,      pb::FLOAT,  pb::STRING, pb::INTS,   pb::FLOATS,   pb::STRINGS,  pb::BOOLEAN,
      pb::BOOLEANS, pb::BLOCK,  pb::LONG,   pb::BLOCKS, pb::LONGS,    pb::FLOAT64S, pb::FLOAT64,
      pb::SCALAR,   pb::SCALARS};
  static_assert(std::size(kByIndex) == std::variant_size_v<Attribute>);
  return kByIndex[attr.index()];
}

const char* AttrTypeName(AttrType type) {
  switch (type) {
    case pb::INT: return "int";
    case pb::FLOAT: return "float";
    case pb::STRING: return "string";
    case pb::INTS: return "ints";
    case pb::FLOATS: return "floats";
    case pb::STRINGS: return "strings";
    case pb::BOOLEAN: return "bool";
    case pb::BOOLEANS: return "bools";
    case pb::BLOCK: return "block";
    case pb::LONG: return "long";
    case pb::BLOCKS: return "blocks";
    case pb::LONGS: return "longs";
    case pb::FLOAT64S: return "float64s";
    case pb::VAR: return "var";
    case pb::VARS: return "vars";
    case pb::FLOAT64: return "float64";
    case pb::SCALAR: return "scalar";
    case pb::SCALARS: return "scalars";
  }
  return "unknown";
}

pb::Scalar::Type Scalar::type() const {
  static constexpr pb::Scalar::Type kByIndex[] = {pb::Scalar::BOOLEAN, pb::Scalar::LONG,
                                                  pb::Scalar::FLOAT64, pb::Scalar::COMPLEX128};
  return kByIndex[value.index()];
}

Scalar ScalarFromProto(const pb::Scalar& s) {
  switch (s.type()) {
    case pb::Scalar::BOOLEAN: return s.b();
    case pb::Scalar::LONG: return static_cast<int64_t>(s.i());
    case pb::Scalar::FLOAT64: return s.r();
    case pb::Scalar::COMPLEX128: return Scalar::Complex(s.c().r(), s.c().i());
  }
  PD_THROW(InvalidArgument, "[attribute] scalar of unknown type ", static_cast<int>(s.type()));
}

void ScalarToProto(const Scalar& scalar, pb::Scalar* s) {
  s->Clear();
  s->set_type(scalar.type());
  std::visit(
      [s](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) s->set_b(v);
        else if constexpr (std::is_same_v<T, int64_t>) s->set_i(v);
        else if constexpr (std::is_same_v<T, double>) s->set_r(v);
        else {
          s->mutable_c()->set_r(v.real());
          s->mutable_c()->set_i(v.imag());
        }
      },
      scalar.value);
}

namespace {
// Python's repr of a float: the shortest digits that read back as `v`, in
// fixed notation with a point for exponents in [-4, 16), else scientific.
std::string DoubleText(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  const char* end = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific).ptr;
  std::string text(static_cast<const char*>(buf), end);
  const int exp = std::stoi(text.substr(text.find('e') + 1));
  if (exp < -4 || exp >= 16) return text;
  end = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed).ptr;
  text.assign(static_cast<const char*>(buf), end);
  if (text.find('.') == std::string::npos) text += ".0";
  return text;
}
}  // namespace

std::string ScalarToString(const Scalar& scalar) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, int64_t>) return std::to_string(v);
        else if constexpr (std::is_same_v<T, double>) return DoubleText(v);
        else {
          std::string imag = DoubleText(v.imag());
          if (imag[0] != '-') imag = "+" + imag;
          return "(" + DoubleText(v.real()) + imag + "j)";
        }
      },
      scalar.value);
}

namespace {
template <typename T>
void Print(std::ostream& os, const T& v) {
  os << v;
}
template <>
void Print(std::ostream& os, const std::string& v) {
  os << '"' << v << '"';
}
template <typename T>
void Print(std::ostream& os, const std::vector<T>& v) {
  os << '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) os << ", ";
    Print(os, static_cast<T>(v[i]));
  }
  os << ']';
}
template <>
void Print(std::ostream& os, const bool& v) {
  os << (v ? "true" : "false");
}
template <>
void Print(std::ostream& os, const Scalar& v) {
  os << ScalarToString(v);
}
template <>
void Print(std::ostream& os, const BlockRef& v) {
  os << "block " << v.idx;
}
template <>
void Print(std::ostream& os, const BlockRefs& v) {
  os << "blocks ";
  Print(os, v.idx);
}
}  // namespace

std::string AttrToString(const Attribute& attr) {
  std::ostringstream os;
  std::visit([&os](const auto& v) { Print(os, v); }, attr);
  return os.str();
}

Attribute AttrFromProto(const pb::OpDesc::Attr& a) {
  switch (a.type()) {
    case pb::INT: return a.i();
    case pb::FLOAT: return a.f();
    case pb::STRING: return a.s();
    case pb::INTS: return std::vector<int32_t>(a.ints().begin(), a.ints().end());
    case pb::FLOATS: return std::vector<float>(a.floats().begin(), a.floats().end());
    case pb::STRINGS: return std::vector<std::string>(a.strings().begin(), a.strings().end());
    case pb::BOOLEAN: return a.b();
    case pb::BOOLEANS: return std::vector<bool>(a.bools().begin(), a.bools().end());
    case pb::BLOCK: return BlockRef{a.block_idx()};
    case pb::LONG: return static_cast<int64_t>(a.l());
    case pb::BLOCKS: return BlockRefs{{a.blocks_idx().begin(), a.blocks_idx().end()}};
    case pb::LONGS: return std::vector<int64_t>(a.longs().begin(), a.longs().end());
    case pb::FLOAT64S: return std::vector<double>(a.float64s().begin(), a.float64s().end());
    case pb::FLOAT64: return a.float64();
    case pb::SCALAR: return ScalarFromProto(a.scalar());
    case pb::SCALARS: {
      std::vector<Scalar> v;
      for (const auto& s : a.scalars()) v.push_back(ScalarFromProto(s));
      return v;
    }
    default: break;
  }
  PD_THROW(Unimplemented, "[attribute] '", a.name(), "' of type ", AttrTypeName(a.type()),
           " has no typed form");
}

void AttrToProto(const std::string& name, const Attribute& attr, pb::OpDesc::Attr* a) {
  a->Clear();
  a->set_name(name);
  a->set_type(TypeOf(attr));
  std::visit(
      [a](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, int32_t>) a->set_i(v);
        else if constexpr (std::is_same_v<T, float>) a->set_f(v);
        else if constexpr (std::is_same_v<T, std::string>) a->set_s(v);
        else if constexpr (std::is_same_v<T, std::vector<int32_t>>) for (auto x : v) a->add_ints(x);
        else if constexpr (std::is_same_v<T, std::vector<float>>) for (auto x : v) a->add_floats(x);
        else if constexpr (std::is_same_v<T, std::vector<std::string>>) for (auto& x : v) a->add_strings(x);
        else if constexpr (std::is_same_v<T, bool>) a->set_b(v);
        else if constexpr (std::is_same_v<T, std::vector<bool>>) for (bool x : v) a->add_bools(x);
        else if constexpr (std::is_same_v<T, BlockRef>) a->set_block_idx(v.idx);
        else if constexpr (std::is_same_v<T, int64_t>) a->set_l(v);
        else if constexpr (std::is_same_v<T, BlockRefs>) for (auto x : v.idx) a->add_blocks_idx(x);
        else if constexpr (std::is_same_v<T, std::vector<int64_t>>) for (auto x : v) a->add_longs(x);
        else if constexpr (std::is_same_v<T, std::vector<double>>) for (auto x : v) a->add_float64s(x);
        else if constexpr (std::is_same_v<T, double>) a->set_float64(v);
        else if constexpr (std::is_same_v<T, Scalar>) ScalarToProto(v, a->mutable_scalar());
        else if constexpr (std::is_same_v<T, std::vector<Scalar>>)
          for (const Scalar& x : v) ScalarToProto(x, a->add_scalars());
      },
      attr);
}

namespace {
// A number or bool as a Scalar, a list of them as Scalars (PaddlePaddle's op
// descs take these where SCALAR or SCALARS is declared).
bool ToScalars(const Attribute& attr, AttrType type, Attribute* out) {
  return std::visit(
      [type, out](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<T>) {
          if (type != pb::SCALAR) return false;
          *out = Scalar(v);
          return true;
        } else if constexpr (std::is_same_v<T, std::vector<int32_t>> ||
                             std::is_same_v<T, std::vector<int64_t>> ||
                             std::is_same_v<T, std::vector<float>> ||
                             std::is_same_v<T, std::vector<double>> ||
                             std::is_same_v<T, std::vector<bool>>) {
          if (type != pb::SCALARS) return false;
          std::vector<Scalar> s;
          for (auto x : v) s.push_back(Scalar(static_cast<typename T::value_type>(x)));
          *out = std::move(s);
          return true;
        }
        return false;
      },
      attr);
}
}  // namespace

bool ConvertAttr(const Attribute& attr, AttrType type, Attribute* out) {
  AttrType from = TypeOf(attr);
  if (from == type) {
    *out = attr;
    return true;
  }
  if (type == pb::SCALAR || type == pb::SCALARS) return ToScalars(attr, type, out);
  if (from == pb::INT && type == pb::LONG) {
    *out = static_cast<int64_t>(std::get<int32_t>(attr));
    return true;
  }
  if (from == pb::LONG && type == pb::INT) {
    int64_t v = std::get<int64_t>(attr);
    if (v < INT32_MIN || v > INT32_MAX) return false;
    *out = static_cast<int32_t>(v);
    return true;
  }
  if (from == pb::FLOAT && type == pb::FLOAT64) {
    *out = static_cast<double>(std::get<float>(attr));
    return true;
  }
  if (from == pb::INTS && type == pb::LONGS) {
    const auto& v = std::get<std::vector<int32_t>>(attr);
    *out = std::vector<int64_t>(v.begin(), v.end());
    return true;
  }
  if (from == pb::LONGS && type == pb::INTS) {
    const auto& v = std::get<std::vector<int64_t>>(attr);
    for (int64_t x : v)
      if (x < INT32_MIN || x > INT32_MAX) return false;
    *out = std::vector<int32_t>(v.begin(), v.end());
    return true;
  }
  if (from == pb::FLOATS && type == pb::FLOAT64S) {
    const auto& v = std::get<std::vector<float>>(attr);
    *out = std::vector<double>(v.begin(), v.end());
    return true;
  }
  return false;
}

}  // namespace paddle
