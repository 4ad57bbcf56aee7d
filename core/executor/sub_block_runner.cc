#include "core/executor/sub_block_runner.h"

#include "core/base/enforce.h"

namespace paddle {

PreparedBlock& SubBlockRunner::Prepared(int block_id, Scope* scope) {
  PD_CHECK(scope, InvalidArgument, "[", op_.Type(), "] sub-block scope is null");
  std::unique_ptr<PreparedBlock>& p = prepared_[{block_id, scope}];
  if (!p) {
    // Checked once per block; a further scope (a while's next step) only binds.
    auto first = checked_.find(block_id);
    p = executor_.PrepareSubBlock(program_, block_id, scope,
                                  first == checked_.end() ? nullptr : first->second);
    checked_.emplace(block_id, p.get());
  }
  return *p;
}

void SubBlockRunner::RunBlock(int block_id, Scope* scope) {
  PreparedBlock& block = Prepared(block_id, scope);
  try {
    executor_.Run(block);
  } catch (const Error& e) {
    PD_THROW_KIND(e.kind(), e.what(), "\n  [", op_.Type(), "] in its sub-block ", block_id);
  }
}

}  // namespace paddle
