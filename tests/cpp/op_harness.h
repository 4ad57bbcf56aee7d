// The table-driven op harness (in the spirit of PyTorch's OpInfo and
// PaddlePaddle's OpTest): an op is one row, its input shapes, value ranges,
// attributes and a float64 reference; from the row the harness checks
//   - the forward output (shape and values) against the reference, for every
//     dtype the op registers a CPU kernel for;
//   - every differentiable input's gradient against central differences of
//     the op's own forward, through the grad op its definition declares, and
//     the same gradient from a program whose grad ops CalcGradients appended
//     (core/ir/backward.h) against the grad op's and eager mode's (paddle.grad);
//   - build-time shape inference with the first dim unknown (-1) against the
//     run-time shape;
//   - in-place execution (Out given X's variable) for ops that declare it.
// Random ops have a `check` of their outputs' statistics instead of a
// reference, and must give the same values for the same seed.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/framework/attribute.h"
#include "op_test_util.h"

namespace paddle {
namespace test {

// A float64 array with its shape, as references see inputs and give outputs.
struct Arr {
  Shape shape;
  std::vector<double> v;
};

struct OpInput {
  std::string slot;
  Shape shape;
  double lo = -1.0, hi = 1.0;  // values drawn uniformly from [lo, hi]
  bool differentiable = true;
  std::vector<double> special;  // placed first, for floating-point kernels (NaN, inf)
  // An input of its own element type whatever the kernel's (indices, a bool
  // condition): whole numbers drawn from [lo, hi] (bool: > 0); never differentiated.
  std::optional<DataType> dtype;
};

// Inputs that share a slot name form a list (concat's X), in row order.
struct OpRow {
  std::string name;  // the test's name: the op type, or op + a variant
  std::string op;
  std::vector<OpInput> inputs;
  AttributeMap attrs;
  std::function<Arr(const std::vector<Arr>& inputs, const AttributeMap& attrs)> reference;
  std::string out_slot = "Out";
  double grad_tol = 1e-6;  // absolute and relative, float64 against central differences
  // Output shapes that depend on input values (range) are -1 at build time.
  bool shape_from_values = false;
  // For ops writing a list (split, unstack): the reference of every entry.
  int out_count = 1;
  std::function<std::vector<Arr>(const std::vector<Arr>& inputs, const AttributeMap& attrs)>
      references;
  // Further output slots checked too (an optimizer's moments, an RNN's state),
  // one variable each; `references` gives them after out_slot's entries.
  std::vector<std::string> more_out_slots;
  // For random ops, instead of a reference: a check of what the op wrote
  // (range, mean, a permutation, ...). The harness runs the op with the
  // default generator seeded the same way each time and expects the same
  // values on a rerun; a row that seeds the op itself (a non-zero `seed`, with
  // `fix_seed` where the op has it, or a Seed input) must also give them with
  // the default generator seeded otherwise.
  std::function<void(const std::vector<Arr>& outputs, const std::vector<Arr>& inputs,
                     const AttributeMap& attrs)>
      check;
};

// Runs every check of the harness on one row (gtest failures name the row).
void CheckOpRow(const OpRow& row);
// Rows print as their names in test output.
inline void PrintTo(const OpRow& row, std::ostream* os) { *os << row.name; }

// Elementwise references.
Arr Map(const Arr& x, const std::function<double(double)>& f);
// X and Y broadcast numpy-style (trailing dims aligned; PaddlePaddle's axis=-1).
Arr Broadcast2(const Arr& x, const Arr& y, const std::function<double(double, double)>& f);
// Reduction over `dims` (negative from the end; empty = all) with keep_dim.
Arr ReduceRef(const Arr& x, std::vector<int> dims, bool keep_dim,
              const std::function<double(const std::vector<double>&)>& f);

}  // namespace test
}  // namespace paddle
