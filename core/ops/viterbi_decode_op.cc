// viterbi_decode: the highest-scoring tag path of a linear-chain CRF per batch
// entry, as PaddlePaddle 3.3.1's op computes it. With include_bos_eos_tag the
// last tag is the start tag (its row of Transition is added at the first step)
// and the second-to-last the stop tag (its row is added after the last step).
// Path is [batch, max(Length)] (known to the kernel only), 0 past a sequence's end.
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum ViterbiIn { kInput, kTransition, kLength };
enum ViterbiOut { kScores, kPath };
enum ViterbiAttr { kIncludeBosEosTag };

void ViterbiInferShape(InferShapeContext& ctx) {
  const DDim in = ctx.InputDim(kInput);
  const DDim tr = ctx.InputDim(kTransition);
  const DDim len = ctx.InputDim(kLength);
  PD_CHECK(in.rank() == 3, InvalidArgument, "[", ctx.op_type(),
           "] Input must be 3-D [batch_size, sequence_length, num_tags], got ", in.ToString());
  PD_CHECK(tr.rank() == 2, InvalidArgument, "[", ctx.op_type(),
           "] Transition must be 2-D [num_tags, num_tags], got ", tr.ToString());
  PD_CHECK(len.rank() == 1, InvalidArgument, "[", ctx.op_type(),
           "] Length must be 1-D [batch_size], got ", len.ToString());
  const int64_t tags = in[2];
  for (int i = 0; i < 2; ++i)
    PD_CHECK(tr[i] < 0 || tags < 0 || tr[i] == tags, InvalidArgument, "[", ctx.op_type(),
             "] Transition must be [num_tags, num_tags] with Input's num_tags ", tags, ", got ",
             tr.ToString());
  PD_CHECK(len[0] < 0 || in[0] < 0 || len[0] == in[0], InvalidArgument, "[", ctx.op_type(),
           "] Length must have Input's batch_size ", in[0], " entries, got ", len.ToString());
  PD_CHECK(ctx.InputDtype(kTransition) == ctx.InputDtype(kInput), InvalidArgument, "[",
           ctx.op_type(), "] Transition must have Input's dtype ",
           DataTypeName(ctx.InputDtype(kInput)), ", got ",
           DataTypeName(ctx.InputDtype(kTransition)));
  PD_CHECK(ctx.InputDtype(kLength) == DataType::kInt64, InvalidArgument, "[", ctx.op_type(),
           "] Length must be int64, got ", DataTypeName(ctx.InputDtype(kLength)));
  PD_CHECK(!ctx.Attr<bool>(kIncludeBosEosTag) || tags < 0 || tags >= 2, InvalidArgument, "[",
           ctx.op_type(), "] include_bos_eos_tag needs at least 2 tags (start and stop), got ",
           tags);
  ctx.SetOutputDim(kScores, DDim{in[0]});
  ctx.SetOutputDim(kPath, DDim{in[0], -1});  // max(Length): a value the kernel reads
  ctx.SetOutputDtype(kPath, DataType::kInt64);
}

// One sequence of `length` steps: its best score, and its path into `path`.
template <typename T>
T DecodeOne(const T* emission, const T* trans, int64_t tags, int64_t length, bool bos_eos,
            int64_t* path) {
  std::vector<T> alpha(emission, emission + tags), next(tags);
  if (bos_eos)
    for (int64_t j = 0; j < tags; ++j) alpha[j] += trans[(tags - 1) * tags + j];
  std::vector<int64_t> history(std::max<int64_t>(length - 1, 0) * tags);
  for (int64_t t = 1; t < length; ++t) {
    for (int64_t j = 0; j < tags; ++j) {
      int64_t best = 0;
      T best_score = alpha[0] + trans[j];
      for (int64_t i = 1; i < tags; ++i) {
        const T s = alpha[i] + trans[i * tags + j];
        if (s > best_score) best_score = s, best = i;
      }
      history[(t - 1) * tags + j] = best;
      next[j] = best_score + emission[t * tags + j];
    }
    alpha.swap(next);
  }
  if (bos_eos)
    for (int64_t j = 0; j < tags; ++j) alpha[j] += trans[(tags - 2) * tags + j];
  int64_t last = std::max_element(alpha.begin(), alpha.end()) - alpha.begin();
  const T score = alpha[last];
  path[length - 1] = last;
  for (int64_t t = length - 1; t > 0; --t) path[t - 1] = last = history[(t - 1) * tags + last];
  return score;
}

template <typename T>
void ViterbiKernel(KernelContext& ctx) {
  const DenseTensor& in = ctx.Input(kInput);
  const DenseTensor& len = ctx.Input(kLength);
  const int64_t batch = in.dims()[0], steps = in.dims()[1], tags = in.dims()[2];
  const int64_t* lengths = len.data<int64_t>();
  int64_t longest = 0;
  for (int64_t b = 0; b < batch; ++b) {
    PD_CHECK(lengths[b] >= 1 && lengths[b] <= steps, InvalidArgument, "[", ctx.op_type(),
             "] Length[", b, "] must lie in [1, ", steps, "] (sequence_length), got ",
             lengths[b]);
    longest = std::max(longest, lengths[b]);
  }
  DenseTensor* scores = ctx.Output(kScores);
  DenseTensor* path = ctx.Output(kPath);
  scores->Resize(DDim{batch});
  path->Resize(DDim{batch, longest});
  T* s = scores->MutableData<T>(ctx.place());
  int64_t* p = path->MutableData<int64_t>(ctx.place());
  std::fill(p, p + batch * longest, int64_t{0});
  const bool bos_eos = ctx.Attr<bool>(kIncludeBosEosTag);
  for (int64_t b = 0; b < batch; ++b)
    s[b] = DecodeOne(in.data<T>() + b * steps * tags, ctx.Input(kTransition).data<T>(), tags,
                     lengths[b], bos_eos, p + b * longest);
}

}  // namespace

PD_REGISTER_OP(viterbi_decode)
    .Doc("The highest-scoring tag path of each sequence of a linear-chain CRF and its score. "
         "With include_bos_eos_tag the last tag is the start tag (its row of Transition is "
         "added at the first step) and the second-to-last the stop tag (its row is added "
         "after the last step); Path entries past a sequence's length are 0.",
         "线性链 CRF 中每个序列得分最高的标签路径及其分数。include_bos_eos_tag 为真时，最后一个"
         "标签是开始标签（第一步加上 Transition 的这一行），倒数第二个是结束标签（最后一步之后"
         "加上这一行）；超出序列长度的 Path 项为 0。")
    .Input(kInput, "Input", "The emission scores [batch_size, sequence_length, num_tags].",
           "发射分数 [batch_size, sequence_length, num_tags]。")
    .Input(kTransition, "Transition",
           "The transition scores [num_tags, num_tags]: [i, j] scores tag i followed by tag j.",
           "转移分数 [num_tags, num_tags]：[i, j] 为标签 i 之后接标签 j 的分数。")
    .Input(kLength, "Length", "Each sequence's length [batch_size], int64, in [1, "
           "sequence_length].", "每个序列的长度 [batch_size]，int64，取值在 [1, sequence_length]。")
    .Output(kScores, "Scores", "The best path's score of each sequence [batch_size].",
            "每个序列最佳路径的分数 [batch_size]。")
    .Output(kPath, "Path", "The best tag paths [batch_size, max(Length)], int64.",
            "最佳标签路径 [batch_size, max(Length)]，int64。")
    .Attr<bool>(kIncludeBosEosTag, "include_bos_eos_tag", true,
                "Whether the last two tags are the stop and start tags.",
                "最后两个标签是否为结束标签和开始标签。")
    .InferShape(ViterbiInferShape)
    .CpuKernel<float>(ViterbiKernel<float>)
    .CpuKernel<double>(ViterbiKernel<double>);

}  // namespace ops
}  // namespace paddle
