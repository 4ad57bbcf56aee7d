// PaddlePaddle's inference model files (shared/FORMATS.md):
//   NAME.pdmodel   one serialized ProgramDesc
//   NAME.pdiparams the persistable tensors of block 0, sorted by name, back to back
// Every failure on a corrupt or unsupported file throws InvalidModel naming
// the file and, for parameters, the variable.
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "core/framework/dense_tensor.h"
#include "core/framework/program_desc.h"
#include "core/framework/scope.h"

namespace paddle {

// Reads and parses a .pdmodel; checks the version (0 or <= kProgramVersion)
// and that block 0 exists. `path` is named in every error.
ProgramDesc LoadProgram(const std::string& path);
ProgramDesc ParseProgram(const std::string& bytes, const std::string& source);
void SaveProgram(const ProgramDesc& program, const std::string& path);

// The variables a .pdiparams holds, in file order: persistable vars of block 0,
// sorted by name, without FEED_MINIBATCH, FETCH_LIST and RAW variables.
std::vector<std::string> PersistableVarNames(const ProgramDesc& program);

// One record of the tensor stream.
void WriteTensor(std::ostream& out, const DenseTensor& tensor);
// Reads one record; `what` ("file 'x.pdiparams', variable 'fc_0.w_0'") is
// named in errors. Reads at most `limit` bytes (the rest of the file).
DenseTensor ReadTensor(std::istream& in, uint64_t limit, const std::string& what);

// Loads every persistable var of `program` from `path` into `scope`, checking
// each tensor's dtype and shape against its VarDesc, and that nothing is left over.
void LoadParams(const std::string& path, const ProgramDesc& program, Scope* scope);
void SaveParams(const std::string& path, const ProgramDesc& program, const Scope& scope);

// A model loaded into a scope: the program plus its parameters.
void LoadInferenceModel(const std::string& model_path, const std::string& params_path,
                        ProgramDesc* program, Scope* scope);
void SaveInferenceModel(const std::string& model_path, const std::string& params_path,
                        const ProgramDesc& program, const Scope& scope);

}  // namespace paddle
