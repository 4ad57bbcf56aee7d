// What the oneDNN users of core/ops (blas.cc's matmul primitive, dnnl_conv.cc) share: the
// CPU engine, a stream per thread, and memory objects made once and re-pointed per call
// (making them per call cost about half a microsecond, much of a small product).
#pragma once

#include <omp.h>

#include <cstdint>
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

// Runs `prim` with `args` through oneDNN's C call: the C++ one builds a map of its arguments
// on every call (an allocation and a rehash, much of a small reorder's time).
inline void DnnlExecute(const dnnl::primitive& prim, dnnl::stream& stream, int nargs,
                        const dnnl_exec_arg_t* args) {
  const dnnl_status_t status = dnnl_primitive_execute(prim.get(), stream.get(), nargs, args);
  if (status != dnnl_success) throw dnnl::error(status, "dnnl_primitive_execute");
}

// Runs reorder `r` from `from` to `to`.
inline void DnnlReorder(const dnnl::reorder& r, dnnl::stream& stream, const dnnl::memory& from,
                        const dnnl::memory& to) {
  const dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, from.get()}, {DNNL_ARG_TO, to.get()}};
  DnnlExecute(r, stream, 2, args);
}

// Runs a small op on the calling thread alone while in scope: oneDNN's OpenMP team costs
// more than it saves there (its 64x64 GEMM: 6 us alone, 19 us on two busy cores; a
// convolution of the small conv nets: 3 us alone, 5-8 us on two). Make a small op's primitive in the scope
// too: oneDNN splits the work for the thread count it sees then.
class OneThreadIfSmall {
 public:
  static constexpr int64_t kSmallMultiplyAdds = int64_t{1} << 19;
  explicit OneThreadIfSmall(int64_t multiply_adds)
      : threads_(multiply_adds < kSmallMultiplyAdds ? omp_get_max_threads() : 0) {
    if (threads_ > 1) omp_set_num_threads(1);
  }
  ~OneThreadIfSmall() {
    if (threads_ > 1) omp_set_num_threads(threads_);
  }
  OneThreadIfSmall(const OneThreadIfSmall&) = delete;
  OneThreadIfSmall& operator=(const OneThreadIfSmall&) = delete;
  bool small() const { return threads_ != 0; }

 private:
  int threads_;
};

}  // namespace ops
}  // namespace paddle
