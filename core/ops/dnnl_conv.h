// oneDNN's convolution primitives (forward, backward data, backward weights)
// for float32 2-D and 3-D images, channel-first or channel-last, grouped and
// depthwise. oneDNN picks blocked layouts and JIT kernels for the CPU it runs
// on (AVX2, AVX-512); the im2col + GEMM path of conv.cc stays for float64.
// A primitive is made once per shape and kept (a bounded cache), as making
// one costs far more than a small convolution.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

namespace paddle {
namespace ops {

struct DnnlConvShape {
  int nsp = 2;  // spatial dims: 2 or 3 (a 2-D shape leaves index 0 at 1/0)
  bool channel_last = false;
  int64_t n = 0, c = 0, m = 0, groups = 1;  // image channels c, other-side channels m
  // Spatial sizes and window settings as [depth, height, width]; 2-D uses [1, 2].
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1}, k{1, 1, 1}, stride{1, 1, 1},
      dilation{1, 1, 1}, pad_before{0, 0, 0}, pad_after{0, 0, 0};
};

// What a fused convolution (fused_conv2d) adds before writing `other`, as oneDNN post-ops in
// this order: other = act(conv(image, filter) + bias[m] + residual). The residual has the
// other side's shape and layout and may be `other` itself.
struct DnnlConvFusion {
  enum class Act : int64_t { kNone, kRelu, kClip };  // kRelu: slope `alpha` below 0
  const float* bias = nullptr;      // [m], or null
  const float* residual = nullptr;  // or null
  Act act = Act::kNone;
  float alpha = 0, beta = 0;  // kClip: clamp to [alpha, beta]
};

// other = conv(image, filter); filter is [m, c / groups, k...].
void DnnlConvForward(const DnnlConvShape& s, const float* image, const float* filter, float* other);
// The same for a filter that stays unchanged between calls (an inference parameter):
// reordered once into the primitive's layout and kept in `*cache` (remade when the shape or
// the filter's address changes), instead of on every call. `*cache` belongs to one caller.
void DnnlConvForwardPacked(const DnnlConvShape& s, const float* image, const float* filter,
                           float* other, std::shared_ptr<void>* cache,
                           const DnnlConvFusion& fusion = {});
// A fused convolution whose filter may change between calls.
void DnnlConvForwardFused(const DnnlConvShape& s, const float* image, const float* filter,
                          float* other, const DnnlConvFusion& fusion);
// image = conv's input gradient from `other` (overwritten, not accumulated).
void DnnlConvBackwardData(const DnnlConvShape& s, const float* other, const float* filter,
                          float* image);
// filter_grad = conv's filter gradient (overwritten).
void DnnlConvBackwardWeights(const DnnlConvShape& s, const float* image, const float* other,
                             float* filter_grad);

}  // namespace ops
}  // namespace paddle
