// A direct float convolution for images of a few channels (a network's first layer: 1-4
// channel images). oneDNN pads such a layer's channels to its 16-wide blocks and its output
// has to be reordered back to NCHW; here the few input channels are read as they are and the
// output is written in NCHW, the output columns in vector lanes.
#pragma once

#include "core/ops/dnnl_conv.h"

namespace paddle {
namespace ops {

// The largest image channel count DirectConvForward takes.
constexpr int64_t kDirectConvMaxChannels = 4;

// Whether DirectConvForward takes the shape: 2-D, NCHW, ungrouped, undilated, at most
// kDirectConvMaxChannels image channels, filters and strides of at most 11 and 4, paddings
// not negative. A fixed rule, so every process picks the same kernel and gives the same
// numbers.
bool DirectConvApplies(const DnnlConvShape& s);

// other = act(conv(image, filter) + bias + residual), as DnnlConvForwardFused; the shape must
// be one DirectConvApplies takes.
void DirectConvForward(const DnnlConvShape& s, const float* image, const float* filter,
                       float* other, const DnnlConvFusion& fusion);

}  // namespace ops
}  // namespace paddle
