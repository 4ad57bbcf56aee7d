// PaddlePaddle's inference model files (docs/en/model_format.md):
//   NAME.pdmodel   one serialized ProgramDesc
//   NAME.pdiparams the persistable tensors of block 0, sorted by name, back to back
// Every failure on a corrupt or unsupported file throws InvalidModel naming
// the file and, for parameters, the variable; a file that cannot be opened
// throws NotFound naming its path. Files are written atomically (a temporary
// file renamed into place), so a failed save never leaves a half-written model.
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

// Reads and parses a .pdmodel and validates it (see ValidateProgram).
// `path` is named in every error.
ProgramDesc LoadProgram(const std::string& path);
// Parses and validates; `source` ("file 'x.pdmodel'") is named in errors.
ProgramDesc ParseProgram(const std::string& bytes, const std::string& source);
// The structural checks a loaded program must pass before anything runs it:
// version 0 (development build) or 1..kProgramVersion; block 0 exists; block i
// has idx i and a parent that is -1 or an earlier block; no block declares a
// variable twice; every op argument names a variable of its block or an
// ancestor; BLOCK attributes name existing blocks. Throws InvalidModel.
void ValidateProgram(const ProgramDesc& program, const std::string& source);
void SaveProgram(const ProgramDesc& program, const std::string& path);

// The variables a .pdiparams holds, in file order: persistable vars of block 0,
// sorted by name, without FEED_MINIBATCH, FETCH_LIST and RAW variables.
std::vector<std::string> PersistableVarNames(const ProgramDesc& program);

// One record of the tensor stream. The tensor must live on the CPU and have a
// fully known shape.
void WriteTensor(std::ostream& out, const DenseTensor& tensor);
// Reads one record; `what` ("file 'x.pdiparams', variable 'fc_0.w_0'") is
// named in errors. Reads at most `limit` bytes (the rest of the file); when the
// stream is seekable its real end also bounds what a length field may claim.
DenseTensor ReadTensor(std::istream& in, uint64_t limit, const std::string& what);

// Loads every persistable var of `program` from `path` into `scope`, checking
// each tensor's dtype and shape against its VarDesc (a -1 dim matches any
// size), and that nothing is left over. The scope is only changed when the
// whole file is valid.
void LoadParams(const std::string& path, const ProgramDesc& program, Scope* scope);
// Writes the scope's tensors for PersistableVarNames(program); each must exist
// and match its VarDesc (NotFound / InvalidArgument otherwise).
void SaveParams(const std::string& path, const ProgramDesc& program, const Scope& scope);
// The same checks and bytes in memory (paddle.static.serialize_persistables /
// deserialize_persistables); `source` names the bytes in errors.
std::string SerializeParams(const ProgramDesc& program, const Scope& scope);
void DeserializeParams(const std::string& bytes, const std::string& source,
                       const ProgramDesc& program, Scope* scope);

// A model loaded into a scope: the program plus its parameters. An empty
// `params_path` means the model has no parameter file (allowed only when the
// program has no persistable tensors). `*program` is set only on success.
void LoadInferenceModel(const std::string& model_path, const std::string& params_path,
                        ProgramDesc* program, Scope* scope);
void SaveInferenceModel(const std::string& model_path, const std::string& params_path,
                        const ProgramDesc& program, const Scope& scope);

}  // namespace paddle
