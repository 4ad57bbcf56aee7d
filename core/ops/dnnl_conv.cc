#include "core/ops/dnnl_conv.h"

#include <dnnl.hpp>

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <variant>
#include <vector>

#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/ops/dnnl_util.h"

PD_DEFINE_FLAG(conv_winograd, true,
               "Inference convolutions with a frozen filter run oneDNN's Winograd kernels where "
               "they are faster (3x3, stride 1, 64 channels and more)");

namespace {
// FLAGS_conv_winograd, cached: it is part of every frozen-filter convolution's cache key.
std::atomic<bool> g_winograd{true};
const bool g_winograd_listened = [] {
  g_winograd = paddle::GetBoolFlag("conv_winograd");
  paddle::AddFlagListener("conv_winograd",
                          [](const paddle::FlagValue& v) { g_winograd = std::get<bool>(v); });
  return true;
}();
}  // namespace

namespace paddle {
namespace ops {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

// kForwardPacked: an inference forward with a frozen filter, which may take an algorithm
// whose filter transform is worth making once (Winograd).
enum class Kind : int64_t { kForward, kBackwardData, kBackwardWeights, kForwardPacked };

bool IsForward(Kind kind) { return kind == Kind::kForward || kind == Kind::kForwardPacked; }

memory::dims Spatial(const std::array<int64_t, 3>& a, int nsp, int64_t minus = 0) {
  memory::dims d;
  for (int i = 3 - nsp; i < 3; ++i) d.push_back(a[i] - minus);
  return d;
}

// The image side ([n, c, in...]) or the other side ([n, m, out...]), in the op's layout.
memory::desc ImageMd(const DnnlConvShape& s, int64_t channels, const std::array<int64_t, 3>& sp) {
  memory::dims d = {s.n, channels};
  for (int64_t v : Spatial(sp, s.nsp)) d.push_back(v);
  const Tag tag = s.nsp == 2 ? (s.channel_last ? Tag::nhwc : Tag::nchw)
                             : (s.channel_last ? Tag::ndhwc : Tag::ncdhw);
  return memory::desc(d, memory::data_type::f32, tag);
}

// The filter [m, c / groups, k...], seen by oneDNN as [groups, m / groups, c / groups, k...].
memory::desc FilterMd(const DnnlConvShape& s) {
  memory::dims d;
  if (s.groups > 1) d.push_back(s.groups);
  d.push_back(s.m / s.groups);
  d.push_back(s.c / s.groups);
  for (int64_t v : Spatial(s.k, s.nsp)) d.push_back(v);
  const Tag tag = s.groups > 1 ? (s.nsp == 2 ? Tag::goihw : Tag::goidhw)
                               : (s.nsp == 2 ? Tag::oihw : Tag::oidhw);
  return memory::desc(d, memory::data_type::f32, tag);
}

memory::desc Any(const memory::desc& md) {
  return memory::desc(md.dims(), memory::data_type::f32, Tag::any);
}

// The primitive and the layouts it chose for the image side, the filter and the other side.
struct Entry {
  dnnl::primitive prim;
  memory::desc image, filter, other;
  // Everything below is made once with the primitive (making it per call cost microseconds,
  // much of a small convolution). Each operand's user layout (index: 0 image, 1 filter,
  // 2 other), whether the primitive's differs, and the reorders between the two (empty where
  // the layouts are the same).
  memory::desc user_md[3], bias_md;
  bool reordered[3] = {false, false, false};
  dnnl::reorder to_prim[3], to_user[3];
  // The call's memory objects, pointed at each call's buffers: making them per call (and
  // zero-padding a blocked one) took about a microsecond of a small convolution.
  memory user[3], scratch[3], bias, residual;  // scratch: reorder buffers, primitive's layouts
  // The primitive's arguments for DnnlExecute; the handles belong to the memory objects above
  // or to a packed filter.
  std::vector<dnnl_exec_arg_t> args;
  // The primitive's layout of operand `role`.
  const memory::desc& prim_md(int role) const {
    return role == 0 ? image : role == 1 ? filter : other;
  }
};

memory::desc BiasMd(const DnnlConvShape& s) {
  return memory::desc({s.m}, memory::data_type::f32, Tag::x);
}

// The fusion's residual sum and activation as post-ops (sum first: act(conv + residual)).
dnnl::primitive_attr PostOps(const DnnlConvFusion& f) {
  dnnl::post_ops ops;
  if (f.residual) ops.append_sum(1.0f);
  if (f.act == DnnlConvFusion::Act::kRelu)
    ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, f.alpha, 0.0f);
  else if (f.act == DnnlConvFusion::Act::kClip)
    ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_clip, f.alpha, f.beta);
  dnnl::primitive_attr attr;
  attr.set_post_ops(ops);
  return attr;
}

// The forward primitive, fused with `f` when given (the backward primitives take the plain
// one as their hint).
// forward_training even for inference by default: with forward_inference oneDNN 2.6 picks its
// brgemm kernels in the nhwc layout, whose reorders from and to nchw cost more than they save
// (MobileNetV2 at batch 1: 20% slower).
dnnl::convolution_forward::primitive_desc ForwardPd(
    const DnnlConvShape& s, const DnnlConvFusion* f = nullptr,
    dnnl::prop_kind prop = dnnl::prop_kind::forward_training,
    dnnl::algorithm algorithm = dnnl::algorithm::convolution_direct) {
  const memory::dims strides = Spatial(s.stride, s.nsp), dil = Spatial(s.dilation, s.nsp, 1),
                     pl = Spatial(s.pad_before, s.nsp), pr = Spatial(s.pad_after, s.nsp);
  const memory::desc image = Any(ImageMd(s, s.c, s.in)), filter = Any(FilterMd(s)),
                     other = Any(ImageMd(s, s.m, s.out));
  const DnnlConvFusion none;
  const DnnlConvFusion& fusion = f ? *f : none;
  const auto d = fusion.bias ? dnnl::convolution_forward::desc(prop, algorithm, image, filter,
                                                               BiasMd(s), other, strides, dil,
                                                               pl, pr)
                             : dnnl::convolution_forward::desc(prop, algorithm, image, filter,
                                                               other, strides, dil, pl, pr);
  return dnnl::convolution_forward::primitive_desc(d, PostOps(fusion), DnnlEngine());
}

Entry WithReorders(Entry e, Kind kind, const DnnlConvShape& s) {
  e.user_md[0] = ImageMd(s, s.c, s.in);
  e.user_md[1] = FilterMd(s);
  e.user_md[2] = ImageMd(s, s.m, s.out);
  e.bias_md = BiasMd(s);
  for (int i = 0; i < 3; ++i) {
    const memory::desc& prim = e.prim_md(i);
    e.reordered[i] = !(e.user_md[i] == prim);
    if (!e.reordered[i]) continue;
    const dnnl::engine& eng = DnnlEngine();
    e.to_prim[i] = dnnl::reorder(dnnl::reorder::primitive_desc(eng, e.user_md[i], eng, prim));
    // A forward never writes its filter back (and Winograd's layout has no way back).
    if (i == 1 && IsForward(kind)) continue;
    e.to_user[i] = dnnl::reorder(dnnl::reorder::primitive_desc(eng, prim, eng, e.user_md[i]));
  }
  return e;
}

// A frozen-filter forward: Winograd's F(4x4, 3x3) where it beats the direct kernels here,
// since the filter is transformed once. Measured at batch 1, one thread (bench/README.md):
// ResNet's 3x3 stride-1 convolutions take 0.4-0.7x the direct time from 64 channels up, with
// oneDNN's forward_training kernel at 56x56 outputs and its forward_inference one below. The
// rule is fixed (not timed per process) so that every process and thread picks the same
// kernel and gives the same numbers.
dnnl::convolution_forward::primitive_desc PackedForwardPd(const DnnlConvShape& s,
                                                          const DnnlConvFusion* f) {
  const bool wino = g_winograd && s.nsp == 2 && s.groups == 1 &&
                    s.c >= 64 && s.m >= 64 && s.k[1] == 3 && s.k[2] == 3 &&
                    s.stride[1] == 1 && s.stride[2] == 1 && s.dilation[1] == 1 &&
                    s.dilation[2] == 1;
  if (wino) {
    const auto prop = s.out[1] * s.out[2] >= 56 * 56 ? dnnl::prop_kind::forward_training
                                                     : dnnl::prop_kind::forward_inference;
    try {
      return ForwardPd(s, f, prop, dnnl::algorithm::convolution_winograd);
    } catch (const dnnl::error&) {
      // no Winograd kernel for this fusion or CPU: the direct one
    }
  }
  return ForwardPd(s, f);
}

Entry Make(Kind kind, const DnnlConvShape& s, const DnnlConvFusion* f) {
  if (IsForward(kind)) {
    const auto fwd = kind == Kind::kForwardPacked ? PackedForwardPd(s, f) : ForwardPd(s, f);
    return {dnnl::convolution_forward(fwd), fwd.src_desc(), fwd.weights_desc(), fwd.dst_desc(),
            {}, {}};
  }
  const auto fwd = ForwardPd(s);
  const memory::dims strides = Spatial(s.stride, s.nsp), dil = Spatial(s.dilation, s.nsp, 1),
                     pl = Spatial(s.pad_before, s.nsp), pr = Spatial(s.pad_after, s.nsp);
  if (kind == Kind::kBackwardData) {
    const dnnl::convolution_backward_data::desc d(
        dnnl::algorithm::convolution_direct, Any(ImageMd(s, s.c, s.in)), Any(FilterMd(s)),
        Any(ImageMd(s, s.m, s.out)), strides, dil, pl, pr);
    const dnnl::convolution_backward_data::primitive_desc pd(d, DnnlEngine(), fwd);
    return {dnnl::convolution_backward_data(pd), pd.diff_src_desc(), pd.weights_desc(),
            pd.diff_dst_desc(), {}, {}};
  }
  const dnnl::convolution_backward_weights::desc d(
      dnnl::algorithm::convolution_direct, Any(ImageMd(s, s.c, s.in)), Any(FilterMd(s)),
      Any(ImageMd(s, s.m, s.out)), strides, dil, pl, pr);
  const dnnl::convolution_backward_weights::primitive_desc pd(d, DnnlEngine(), fwd);
  return {dnnl::convolution_backward_weights(pd), pd.src_desc(), pd.diff_weights_desc(),
          pd.diff_dst_desc(), {}, {}};
}

int64_t Bits(float v) {
  int32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// The shape and, for a fused forward, what it fuses (not the addresses).
using Key = std::array<int64_t, 7 + 7 * 3 + 5 + 1>;
Key MakeKey(Kind kind, const DnnlConvShape& s, const DnnlConvFusion* f) {
  Key k{};
  size_t i = 0;
  for (int64_t v : {static_cast<int64_t>(kind), static_cast<int64_t>(s.nsp),
                    static_cast<int64_t>(s.channel_last), s.n, s.c, s.m, s.groups})
    k[i++] = v;
  for (const auto* a : {&s.in, &s.out, &s.k, &s.stride, &s.dilation, &s.pad_before, &s.pad_after})
    for (int64_t v : *a) k[i++] = v;
  if (f)
    for (int64_t v : {int64_t{1} + (f->bias != nullptr), int64_t{f->residual != nullptr},
                      static_cast<int64_t>(f->act), Bits(f->alpha), Bits(f->beta)})
      k[i++] = v;
  k.back() = kind == Kind::kForwardPacked && g_winograd;
  return k;
}

struct KeyHash {
  size_t operator()(const Key& k) const {
    size_t h = 0;
    for (int64_t v : k) h = h * 1000003u ^ static_cast<size_t>(v);
    return h;
  }
};

// Primitives by shape, one cache per thread (each thread's call state is its own; oneDNN's
// own primitive cache shares the JIT code); cleared when full, so a stream of new shapes
// cannot grow it without bound.
// `key` is MakeKey(kind, s, f). The reference lives until the next call on this thread (a
// full cache is cleared).
Entry& Cached(const Key& key, Kind kind, const DnnlConvShape& s, const DnnlConvFusion* f) {
  thread_local std::unordered_map<Key, std::unique_ptr<Entry>, KeyHash> cache;
  constexpr size_t kMaxEntries = 256;
  auto it = cache.find(key);
  if (it != cache.end()) return *it->second;
  if (cache.size() >= kMaxEntries) cache.clear();
  auto entry = std::make_unique<Entry>(WithReorders(Make(kind, s, f), kind, s));
  return *cache.emplace(key, std::move(entry)).first->second;
}

Entry& Cached(Kind kind, const DnnlConvShape& s, const DnnlConvFusion* f = nullptr) {
  return Cached(MakeKey(kind, s, f), kind, s, f);
}

// Reorder targets: one buffer per operand role and thread, kept and grown, so
// a run does not page-fault fresh memory (that cost more than the reorder).
void* ReorderBuffer(int role, size_t bytes) {
  struct Buffer {
    void* p = nullptr;
    size_t size = 0;
    ~Buffer() { std::free(p); }
  };
  thread_local Buffer buffers[3];
  Buffer& b = buffers[role];
  if (b.size < bytes) {
    std::free(b.p);
    b.p = std::aligned_alloc(64, (bytes + 63) / 64 * 64);
    PD_CHECK(b.p != nullptr, ResourceExhausted, "[conv] no memory for a ", bytes,
             "-byte oneDNN layout buffer");
    b.size = bytes;
  }
  return b.p;
}

// Operand `role` of entry `e`: its user-layout memory at `data`, and the memory the primitive
// reads or writes: the same, a reorder buffer, or `given` (a pre-packed filter) as is.
struct Operand {
  Entry& e;
  int role;
  bool reordered, given;
  memory* prim;
  Operand(Entry& entry, int r, const float* data, memory* given_prim = nullptr)
      : e(entry), role(r), reordered(given_prim != nullptr || entry.reordered[r]),
        given(given_prim != nullptr) {
    PointMemory(&e.user[r], e.user_md[r], const_cast<float*>(data));
    if (given) {
      prim = given_prim;
    } else if (!reordered) {
      prim = &e.user[r];
    } else {
      const memory::desc& md = e.prim_md(r);
      PointMemory(&e.scratch[r], md, ReorderBuffer(r, md.get_size()));
      prim = &e.scratch[r];
    }
  }
  void In(dnnl::stream& st) {
    if (reordered && !given) DnnlReorder(e.to_prim[role], st, e.user[role], *prim);
  }
  void Out(dnnl::stream& st) {
    if (reordered) DnnlReorder(e.to_user[role], st, *prim, e.user[role]);
  }
};

// Sets argument `arg` of `e` to `m`.
void SetArg(Entry& e, int arg, const memory& m) {
  for (dnnl_exec_arg_t& a : e.args)
    if (a.arg == arg) {
      a.memory = m.get();
      return;
    }
  e.args.push_back({arg, m.get()});
}

// Runs `kind` with its three operands; `written` names the one the primitive writes. A fused
// forward (`f`) also reads the bias, and starts from the residual in `other`'s place.
void RunEntry(Entry& e, Kind kind, const float* image, const float* filter, const float* other,
              memory* packed_filter, const DnnlConvFusion* f) {
  dnnl::stream& st = DnnlStream();
  Operand img(e, 0, image);
  Operand flt(e, 1, filter, packed_filter);
  Operand oth(e, 2, other);
  Operand* written = IsForward(kind) ? &oth : kind == Kind::kBackwardData ? &img : &flt;
  for (Operand* o : {&img, &flt, &oth})
    if (o != written) o->In(st);
  if (IsForward(kind)) {
    SetArg(e, DNNL_ARG_SRC, *img.prim);
    SetArg(e, DNNL_ARG_WEIGHTS, *flt.prim);
    SetArg(e, DNNL_ARG_DST, *oth.prim);
    if (f && f->bias) {
      PointMemory(&e.bias, e.bias_md, const_cast<float*>(f->bias));
      SetArg(e, DNNL_ARG_BIAS, e.bias);
    }
    if (f && f->residual) {  // the sum post-op adds what the destination holds
      if (oth.reordered) {
        PointMemory(&e.residual, e.user_md[2], const_cast<float*>(f->residual));
        DnnlReorder(e.to_prim[2], st, e.residual, *oth.prim);
      } else if (f->residual != other) {
        std::memcpy(const_cast<float*>(other), f->residual, e.user_md[2].get_size());
      }
    }
  } else if (kind == Kind::kBackwardData) {
    SetArg(e, DNNL_ARG_DIFF_SRC, *img.prim);
    SetArg(e, DNNL_ARG_WEIGHTS, *flt.prim);
    SetArg(e, DNNL_ARG_DIFF_DST, *oth.prim);
  } else {
    SetArg(e, DNNL_ARG_SRC, *img.prim);
    SetArg(e, DNNL_ARG_DIFF_WEIGHTS, *flt.prim);
    SetArg(e, DNNL_ARG_DIFF_DST, *oth.prim);
  }
  DnnlExecute(e.prim, st, static_cast<int>(e.args.size()), e.args.data());
  written->Out(st);
  st.wait();
}

// The convolution's multiply-adds (any of the three kinds does as many).
int64_t MultiplyAdds(const DnnlConvShape& s) {
  int64_t v = s.n * s.m * (s.c / s.groups);
  for (int i = 0; i < 3; ++i) v *= s.out[i] * s.k[i];
  return v;
}

// RunEntry with `kind`'s cached primitive for the shape.
void Run(Kind kind, const DnnlConvShape& s, const float* image, const float* filter,
         const float* other, const DnnlConvFusion* f = nullptr) {
  const OneThreadIfSmall one_thread(MultiplyAdds(s));
  RunEntry(Cached(kind, s, f), kind, image, filter, other, nullptr, f);
}

// A filter reordered once into the layout of the forward primitive of `key`'s shape.
struct PackedFilter {
  Key key;
  const float* source = nullptr;
  memory packed;  // owns its buffer
};

}  // namespace

void DnnlConvForwardPacked(const DnnlConvShape& s, const float* image, const float* filter,
                           float* other, std::shared_ptr<void>* cache,
                           const DnnlConvFusion& fusion) {
  const bool fuses = fusion.bias || fusion.residual || fusion.act != DnnlConvFusion::Act::kNone;
  const DnnlConvFusion* f = fuses ? &fusion : nullptr;
  const Kind kind = Kind::kForwardPacked;
  const OneThreadIfSmall one_thread(MultiplyAdds(s));
  const Key key = MakeKey(kind, s, f);
  Entry& e = Cached(key, kind, s, f);
  if (!e.reordered[1]) return RunEntry(e, kind, image, filter, other, nullptr, f);
  auto* p = static_cast<PackedFilter*>(cache->get());
  if (p == nullptr || p->source != filter || p->key != key) {
    auto fresh = std::make_shared<PackedFilter>();
    fresh->key = key;
    fresh->source = filter;
    fresh->packed = memory(e.filter, DnnlEngine());
    memory user(e.user_md[1], DnnlEngine(), const_cast<float*>(filter));
    e.to_prim[1].execute(DnnlStream(), user, fresh->packed);
    DnnlStream().wait();
    p = fresh.get();
    *cache = std::move(fresh);
  }
  RunEntry(e, kind, image, filter, other, &p->packed, f);
}

void DnnlConvForwardFused(const DnnlConvShape& s, const float* image, const float* filter,
                          float* other, const DnnlConvFusion& fusion) {
  Run(Kind::kForward, s, image, filter, other, &fusion);
}

void DnnlConvForward(const DnnlConvShape& s, const float* image, const float* filter, float* other) {
  Run(Kind::kForward, s, image, filter, other);
}

void DnnlConvBackwardData(const DnnlConvShape& s, const float* other, const float* filter,
                          float* image) {
  Run(Kind::kBackwardData, s, image, filter, other);
}

void DnnlConvBackwardWeights(const DnnlConvShape& s, const float* image, const float* other,
                             float* filter_grad) {
  Run(Kind::kBackwardWeights, s, image, filter_grad, other);
}

}  // namespace ops
}  // namespace paddle
