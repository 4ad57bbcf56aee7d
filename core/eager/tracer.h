// Records the ops eager mode runs, for paddle.jit.save: the forward of a
// model, run once on example inputs, becomes an inference program. Tensors
// become variables: the example inputs are fed, the results fetched,
// persistable tensors (parameters, buffers) and tensors made outside the
// trace (constants) become persistable variables whose values are saved.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/eager/grad_node.h"
#include "core/framework/program_desc.h"

namespace paddle {
namespace eager {

struct TracedProgram {
  ProgramDesc program;
  std::map<std::string, DenseTensor> params;  // by variable name
};

class Tracer {
 public:
  Tracer() = default;
  Tracer(const Tracer&) = delete;
  ~Tracer();

  // Starts recording the ops this thread runs (one tracer at a time).
  void Start();
  void Stop();
  static Tracer* Active();
  void Record(const OpDef& def, const std::vector<Attribute>& attrs, const TensorSlots& ins,
              const TensorSlots& outs);

  // The program that computes `outputs` from `inputs` (fed under
  // `input_names`): only the ops the outputs need, variables named by order
  // of appearance ("tmp_N"), parameters by their own names.
  TracedProgram Build(const std::vector<TensorPtr>& inputs,
                      const std::vector<std::string>& input_names,
                      const std::vector<TensorPtr>& outputs) const;

 private:
  struct Op {
    const OpDef* def;
    std::vector<Attribute> attrs;
    TensorSlots ins, outs;
  };
  std::vector<Op> ops_;
  bool active_ = false;
};

// Two traces of one model at different batch sizes: where they differ only in
// a variable's dims, those dims become -1 (known only at run time). Any other
// difference (an op, an attribute holding the batch size) means the model's
// ops depend on the input's size: InvalidArgument naming the op and attribute.
ProgramDesc MergeTraces(const ProgramDesc& a, const ProgramDesc& b);

}  // namespace eager
}  // namespace paddle
