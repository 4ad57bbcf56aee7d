// Structure-aware mutation of a protobuf message, through reflection.
//
// Byte-level mutations of a serialized message mostly break a length prefix
// or a varint, so the input stops at the parser. These change one field at a
// time and the result still parses: a number set to an edge value, a string
// replaced by another string of the same message (rewiring op arguments to
// other variables), an enum to another value, a repeated element added,
// copied, dropped or moved, an optional field cleared.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <google/protobuf/message.h>

namespace paddle_fuzz {

struct MutateOptions {
  // Full names of fields left alone, with everything below them.
  std::vector<std::string> skip;
  // Strings to use besides the message's own (names the reader knows).
  std::vector<std::string> words;
};

// Applies one random mutation to `msg`.
void MutateMessage(google::protobuf::Message* msg, const MutateOptions& options,
                   std::mt19937_64* rng);

}  // namespace paddle_fuzz
