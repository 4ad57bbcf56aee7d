#include "tests/fuzz/proto_mutator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace paddle_fuzz {

namespace {

namespace pb = google::protobuf;
using Cpp = pb::FieldDescriptor::CppType;

// One place a mutation can apply: an element of a repeated field or a
// singular field (index >= 0), or a field as a whole (index -1: add, drop,
// move elements; clear or create a sub-message).
struct Site {
  pb::Message* msg;
  const pb::FieldDescriptor* field;
  int index;
};

struct Walk {
  const std::vector<std::string>& skip;
  std::vector<Site> sites;
  std::vector<pb::Message*> messages;  // every message, each once
  std::vector<std::string> strings;    // every string value, to swap one for another

  void Visit(pb::Message* msg) {
    messages.push_back(msg);
    const pb::Descriptor* d = msg->GetDescriptor();
    const pb::Reflection* r = msg->GetReflection();
    for (int i = 0; i < d->field_count(); ++i) {
      const pb::FieldDescriptor* f = d->field(i);
      if (std::find(skip.begin(), skip.end(), f->full_name()) != skip.end()) continue;
      const bool is_msg = f->cpp_type() == Cpp::CPPTYPE_MESSAGE;
      if (f->is_repeated()) {
        sites.push_back({msg, f, -1});
        for (int j = 0; j < r->FieldSize(*msg, f); ++j) {
          if (is_msg) {
            Visit(r->MutableRepeatedMessage(msg, f, j));
            continue;
          }
          sites.push_back({msg, f, j});
          if (f->cpp_type() == Cpp::CPPTYPE_STRING) strings.push_back(r->GetRepeatedString(*msg, f, j));
        }
      } else if (is_msg) {
        sites.push_back({msg, f, -1});
        if (r->HasField(*msg, f)) Visit(r->MutableMessage(msg, f));
      } else {
        sites.push_back({msg, f, 0});
        if (f->cpp_type() == Cpp::CPPTYPE_STRING && r->HasField(*msg, f))
          strings.push_back(r->GetString(*msg, f));
      }
    }
  }
};

int64_t NewInt(int64_t v, std::mt19937_64* rng) {
  static const int64_t kEdges[] = {0, 1, -1, 2, 3, 4, 7, 8, 16, 255, 256, 1024, 65536,
                                   std::numeric_limits<int32_t>::max(),
                                   std::numeric_limits<int32_t>::min(), int64_t{1} << 31,
                                   int64_t{1} << 32, int64_t{1} << 40,
                                   std::numeric_limits<int64_t>::max(),
                                   std::numeric_limits<int64_t>::min()};
  uint64_t u = static_cast<uint64_t>(v);
  switch ((*rng)() % 5) {
    case 0:
    case 1: return kEdges[(*rng)() % (sizeof kEdges / sizeof kEdges[0])];
    case 2: return static_cast<int64_t>(u + (*rng)() % 5 - 2);  // a neighbour (wraps, no UB)
    case 3: return static_cast<int64_t>((*rng)() % 2 ? u * 2 : 0 - u);
    default: return static_cast<int64_t>((*rng)() % 72) - 8;
  }
}

double NewReal(double v, std::mt19937_64* rng) {
  static const double kEdges[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-30, 1e30,
                                  std::numeric_limits<double>::quiet_NaN(),
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity()};
  if ((*rng)() % 4) return kEdges[(*rng)() % (sizeof kEdges / sizeof kEdges[0])];
  return v * 2;
}

std::string NewString(const std::string& v, const std::vector<std::string>& own,
                      const std::vector<std::string>& words, std::mt19937_64* rng) {
  switch ((*rng)() % 8) {
    case 0: return "";
    case 1: return v.substr(0, v.empty() ? 0 : (*rng)() % v.size());
    case 2: return v + v;
    case 3:
    case 4: return words.empty() ? v : words[(*rng)() % words.size()];
    default: return own.empty() ? v : own[(*rng)() % own.size()];
  }
}

// Sets a scalar element or singular field to a new value of its type.
void MutateValue(const Site& s, const std::vector<std::string>& own,
                 const std::vector<std::string>& words, std::mt19937_64* rng) {
  pb::Message* m = s.msg;
  const pb::Reflection* r = m->GetReflection();
  const pb::FieldDescriptor* f = s.field;
  const bool rep = f->is_repeated();
  const int i = s.index;
  switch (f->cpp_type()) {
    case Cpp::CPPTYPE_INT32: {
      auto v = static_cast<int32_t>(NewInt(rep ? r->GetRepeatedInt32(*m, f, i) : r->GetInt32(*m, f), rng));
      rep ? r->SetRepeatedInt32(m, f, i, v) : r->SetInt32(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_INT64: {
      int64_t v = NewInt(rep ? r->GetRepeatedInt64(*m, f, i) : r->GetInt64(*m, f), rng);
      rep ? r->SetRepeatedInt64(m, f, i, v) : r->SetInt64(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_UINT32: {
      auto v = static_cast<uint32_t>(NewInt(rep ? r->GetRepeatedUInt32(*m, f, i) : r->GetUInt32(*m, f), rng));
      rep ? r->SetRepeatedUInt32(m, f, i, v) : r->SetUInt32(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_UINT64: {
      auto v = static_cast<uint64_t>(
          NewInt(static_cast<int64_t>(rep ? r->GetRepeatedUInt64(*m, f, i) : r->GetUInt64(*m, f)), rng));
      rep ? r->SetRepeatedUInt64(m, f, i, v) : r->SetUInt64(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_FLOAT: {
      auto v = static_cast<float>(NewReal(rep ? r->GetRepeatedFloat(*m, f, i) : r->GetFloat(*m, f), rng));
      rep ? r->SetRepeatedFloat(m, f, i, v) : r->SetFloat(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_DOUBLE: {
      double v = NewReal(rep ? r->GetRepeatedDouble(*m, f, i) : r->GetDouble(*m, f), rng);
      rep ? r->SetRepeatedDouble(m, f, i, v) : r->SetDouble(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_BOOL: {
      bool v = !(rep ? r->GetRepeatedBool(*m, f, i) : r->GetBool(*m, f));
      rep ? r->SetRepeatedBool(m, f, i, v) : r->SetBool(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_ENUM: {
      const pb::EnumDescriptor* e = f->enum_type();
      const pb::EnumValueDescriptor* v = e->value(static_cast<int>((*rng)() % e->value_count()));
      rep ? r->SetRepeatedEnum(m, f, i, v) : r->SetEnum(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_STRING: {
      std::string v =
          NewString(rep ? r->GetRepeatedString(*m, f, i) : r->GetString(*m, f), own, words, rng);
      rep ? r->SetRepeatedString(m, f, i, v) : r->SetString(m, f, v);
      break;
    }
    case Cpp::CPPTYPE_MESSAGE: break;  // sub-messages are sites of their own
  }
}

// Appends a copy of element `from` (a message or a scalar).
void AppendCopy(pb::Message* m, const pb::FieldDescriptor* f, int from) {
  const pb::Reflection* r = m->GetReflection();
  switch (f->cpp_type()) {
    case Cpp::CPPTYPE_INT32: r->AddInt32(m, f, r->GetRepeatedInt32(*m, f, from)); break;
    case Cpp::CPPTYPE_INT64: r->AddInt64(m, f, r->GetRepeatedInt64(*m, f, from)); break;
    case Cpp::CPPTYPE_UINT32: r->AddUInt32(m, f, r->GetRepeatedUInt32(*m, f, from)); break;
    case Cpp::CPPTYPE_UINT64: r->AddUInt64(m, f, r->GetRepeatedUInt64(*m, f, from)); break;
    case Cpp::CPPTYPE_FLOAT: r->AddFloat(m, f, r->GetRepeatedFloat(*m, f, from)); break;
    case Cpp::CPPTYPE_DOUBLE: r->AddDouble(m, f, r->GetRepeatedDouble(*m, f, from)); break;
    case Cpp::CPPTYPE_BOOL: r->AddBool(m, f, r->GetRepeatedBool(*m, f, from)); break;
    case Cpp::CPPTYPE_ENUM: r->AddEnum(m, f, r->GetRepeatedEnum(*m, f, from)); break;
    case Cpp::CPPTYPE_STRING: r->AddString(m, f, r->GetRepeatedString(*m, f, from)); break;
    case Cpp::CPPTYPE_MESSAGE: {
      // Copy first: AddMessage may move the element being copied.
      std::unique_ptr<pb::Message> copy(r->GetRepeatedMessage(*m, f, from).New());
      copy->CopyFrom(r->GetRepeatedMessage(*m, f, from));
      r->AddMessage(m, f)->CopyFrom(*copy);
      break;
    }
  }
}

// Appends 0, "", the first enum value or an empty message (whose required
// fields a later mutation of the same input may still lack: a parser check).
void AppendDefault(pb::Message* m, const pb::FieldDescriptor* f) {
  const pb::Reflection* r = m->GetReflection();
  switch (f->cpp_type()) {
    case Cpp::CPPTYPE_INT32: r->AddInt32(m, f, 0); break;
    case Cpp::CPPTYPE_INT64: r->AddInt64(m, f, 0); break;
    case Cpp::CPPTYPE_UINT32: r->AddUInt32(m, f, 0); break;
    case Cpp::CPPTYPE_UINT64: r->AddUInt64(m, f, 0); break;
    case Cpp::CPPTYPE_FLOAT: r->AddFloat(m, f, 0); break;
    case Cpp::CPPTYPE_DOUBLE: r->AddDouble(m, f, 0); break;
    case Cpp::CPPTYPE_BOOL: r->AddBool(m, f, false); break;
    case Cpp::CPPTYPE_ENUM: r->AddEnum(m, f, f->enum_type()->value(0)); break;
    case Cpp::CPPTYPE_STRING: r->AddString(m, f, ""); break;
    case Cpp::CPPTYPE_MESSAGE: r->AddMessage(m, f); break;
  }
}

// Adds, drops or moves an element of a repeated field; clears or creates a
// singular sub-message.
void MutateShape(const Site& s, std::mt19937_64* rng) {
  pb::Message* m = s.msg;
  const pb::Reflection* r = m->GetReflection();
  const pb::FieldDescriptor* f = s.field;
  if (!f->is_repeated()) {
    if (r->HasField(*m, f) && !f->is_required())
      r->ClearField(m, f);
    else
      r->MutableMessage(m, f);
    return;
  }
  const int n = r->FieldSize(*m, f);
  if (n == 0) {
    AppendDefault(m, f);
    return;
  }
  const int a = static_cast<int>((*rng)() % n), b = static_cast<int>((*rng)() % n);
  const Cpp t = f->cpp_type();
  if ((t == Cpp::CPPTYPE_INT32 || t == Cpp::CPPTYPE_INT64) && (*rng)() % 4 == 0) {
    // Every element the same new value: products and sums of dims or
    // attribute lists reach their limits in one step.
    const int64_t v = NewInt(t == Cpp::CPPTYPE_INT32 ? r->GetRepeatedInt32(*m, f, a)
                                                     : r->GetRepeatedInt64(*m, f, a), rng);
    for (int j = 0; j < n; ++j)
      t == Cpp::CPPTYPE_INT32 ? r->SetRepeatedInt32(m, f, j, static_cast<int32_t>(v))
                              : r->SetRepeatedInt64(m, f, j, v);
    return;
  }
  switch ((*rng)() % 3) {
    case 0: {  // a copy of an element, placed at a random position
      AppendCopy(m, f, a);
      for (int j = n; j > b; --j) r->SwapElements(m, f, j, j - 1);
      break;
    }
    case 1:  // drop one, keeping the others' order
      for (int j = a; j + 1 < n; ++j) r->SwapElements(m, f, j, j + 1);
      r->RemoveLast(m, f);
      break;
    default:
      r->SwapElements(m, f, a, b);
  }
}

}  // namespace

void MutateMessage(pb::Message* msg, const MutateOptions& options, std::mt19937_64* rng) {
  Walk walk{options.skip, {}, {}, {}};
  walk.Visit(msg);
  if (walk.sites.empty()) return;
  // A message first, then one of its fields: a program has far more fields
  // in variable declarations than in attributes, but each attribute is a
  // message of its own and gets the same share as a variable.
  std::vector<const Site*> in_msg;
  while (in_msg.empty()) {  // ends: some message has sites
    const pb::Message* target = walk.messages[(*rng)() % walk.messages.size()];
    for (const Site& s : walk.sites)
      if (s.msg == target) in_msg.push_back(&s);
  }
  const Site& s = *in_msg[(*rng)() % in_msg.size()];
  const pb::Reflection* r = s.msg->GetReflection();
  if (s.index < 0)
    MutateShape(s, rng);
  else if (!s.field->is_repeated() && !s.field->is_required() && (*rng)() % 8 == 0)
    r->ClearField(s.msg, s.field);  // an optional value left out
  else
    MutateValue(s, walk.strings, options.words, rng);
}

}  // namespace paddle_fuzz
