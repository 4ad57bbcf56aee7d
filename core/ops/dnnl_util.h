// What the oneDNN users of core/ops (blas.cc's matmul primitive, dnnl_conv.cc) share: the
// CPU engine, a stream per thread, and memory objects made once and re-pointed per call
// (making them per call cost about half a microsecond, much of a small product).
#pragma once

#include <dnnl.hpp>

namespace paddle {
namespace ops {

inline dnnl::engine& DnnlEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

inline dnnl::stream& DnnlStream() {
  thread_local dnnl::stream stream(DnnlEngine());
  return stream;
}

// Points `m` (made on first use, of `md`) at `data`. The handle is set only when it moves:
// oneDNN zero-pads a blocked layout's padding on every set.
inline void PointMemory(dnnl::memory* m, const dnnl::memory::desc& md, void* data) {
  if (!*m) *m = dnnl::memory(md, DnnlEngine(), data);
  else if (m->get_data_handle() != data) m->set_data_handle(data);
}

}  // namespace ops
}  // namespace paddle
