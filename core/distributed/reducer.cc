#include "core/distributed/reducer.h"

#include <cstring>
#include <string>

#include "core/base/enforce.h"
#include "core/eager/backward.h"

namespace paddle {
namespace distributed {

namespace {

// dst = src * scale, in the parameter's float type (16-bit types computed in float).
template <typename T>
void ScaleInto(const void* src, void* dst, int64_t n, double scale) {
  const T* s = static_cast<const T*>(src);
  T* d = static_cast<T*>(dst);
  const float f = static_cast<float>(scale);
  for (int64_t i = 0; i < n; ++i) d[i] = T(static_cast<float>(s[i]) * f);
}
template <>
void ScaleInto<float>(const void* src, void* dst, int64_t n, double scale) {
  const float* s = static_cast<const float*>(src);
  float* d = static_cast<float*>(dst);
  const float f = static_cast<float>(scale);
  for (int64_t i = 0; i < n; ++i) d[i] = s[i] * f;
}
template <>
void ScaleInto<double>(const void* src, void* dst, int64_t n, double scale) {
  const double* s = static_cast<const double*>(src);
  double* d = static_cast<double*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = s[i] * scale;
}

void ScaleCopy(DataType dtype, const void* src, void* dst, int64_t n, double scale) {
  switch (dtype) {
    case DataType::kFloat32: return ScaleInto<float>(src, dst, n, scale);
    case DataType::kFloat64: return ScaleInto<double>(src, dst, n, scale);
    case DataType::kFloat16: return ScaleInto<float16>(src, dst, n, scale);
    case DataType::kBFloat16: return ScaleInto<bfloat16>(src, dst, n, scale);
    default: break;
  }
  PD_THROW(InvalidArgument, "[DataParallel] cannot average gradients of dtype ", DataTypeName(dtype));
}

}  // namespace

std::shared_ptr<Reducer> Reducer::Create(std::vector<eager::TensorPtr> params, CommPtr comm,
                                         size_t bucket_bytes, size_t first_bucket_bytes,
                                         bool find_unused_parameters) {
  PD_CHECK(comm != nullptr, InvalidArgument, "[DataParallel] no communicator");
  std::shared_ptr<Reducer> r(new Reducer(std::move(params), std::move(comm), find_unused_parameters));
  r->Split(bucket_bytes, first_bucket_bytes);
  r->CheckSameLayout();
  r->Attach();
  return r;
}

Reducer::Reducer(std::vector<eager::TensorPtr> params, CommPtr comm, bool find_unused)
    : params_(std::move(params)), comm_(std::move(comm)), find_unused_(find_unused) {
  for (const auto& p : params_) {
    PD_CHECK(p && p->is_leaf() && p->requires_grad(), InvalidArgument,
             "[DataParallel] every parameter to reduce must be a trainable leaf tensor");
    PD_CHECK(p->dense().place().type == DeviceType::kCPU, Unimplemented, "[DataParallel] parameter '",
             p->name(), "' is on ", p->dense().place().ToString(),
             "; the gradient buckets are averaged on the CPU (MPI) only");
    const DataType t = p->dense().dtype();
    PD_CHECK(t == DataType::kFloat32 || t == DataType::kFloat64 || t == DataType::kFloat16 ||
                 t == DataType::kBFloat16,
             InvalidArgument, "[DataParallel] parameter '", p->name(), "' has dtype ", DataTypeName(t),
             "; gradients of floating-point parameters only can be averaged");
  }
  ready_.assign(params_.size(), false);
}

void Reducer::Split(size_t bucket_bytes, size_t first_bucket_bytes) {
  bucket_of_.assign(params_.size(), 0);
  // Open buckets per dtype; a bucket closes when it reaches its limit.
  std::vector<std::pair<DataType, size_t>> open;  // dtype -> index in buckets_
  std::vector<size_t> bytes;
  for (size_t k = params_.size(); k-- > 0;) {
    const DenseTensor& d = params_[k]->dense();
    const size_t nb = static_cast<size_t>(d.numel()) * SizeOf(d.dtype());
    size_t b = buckets_.size();
    for (const auto& [dtype, idx] : open)
      if (dtype == d.dtype()) b = idx;
    if (b == buckets_.size()) {
      buckets_.emplace_back();
      bytes.push_back(0);
      open.emplace_back(d.dtype(), b);
    }
    buckets_[b].params.push_back(k);
    bucket_of_[k] = b;
    bytes[b] += nb;
    const size_t limit = b == 0 ? first_bucket_bytes : bucket_bytes;
    if (bytes[b] >= limit)
      for (size_t i = 0; i < open.size(); ++i)
        if (open[i].second == b) open.erase(open.begin() + static_cast<long>(i));
  }
  ResetPass();
}

void Reducer::CheckSameLayout() {
  // A hash of every bucket's parameters (dtype, numel), reduced with MAX next
  // to its negation: equal on all ranks exactly when max == min.
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const Bucket& b : buckets_) {
    mix(b.params.size());
    for (size_t p : b.params) {
      mix(static_cast<uint64_t>(params_[p]->dense().dtype()));
      mix(static_cast<uint64_t>(params_[p]->dense().numel()));
    }
  }
  const int64_t v = static_cast<int64_t>(h >> 2);
  DenseTensor both(DataType::kInt64, DDim({2}));
  int64_t* d = both.MutableData<int64_t>();
  d[0] = v, d[1] = -v;
  comm_->AllReduce(&both, ReduceOp::kMax, /*sync=*/true, /*agree=*/true)->Wait();
  PD_CHECK(d[0] == -d[1], InvalidArgument,
           "[DataParallel] the ranks' models differ: their trainable parameters (count, order, "
           "dtypes or sizes) or bucket sizes are not the same on every rank");
}

void Reducer::Attach() {
  std::weak_ptr<Reducer> weak = weak_from_this();
  for (size_t i = 0; i < params_.size(); ++i)
    params_[i]->accumulated_hooks().push_back([weak, i] {
      if (auto self = weak.lock()) self->OnReady(i);
    });
}

std::vector<std::vector<size_t>> Reducer::buckets() const {
  std::vector<std::vector<size_t>> out;
  for (const Bucket& b : buckets_) out.push_back(b.params);
  return out;
}

void Reducer::ResetPass() {
  in_pass_ = false;
  pass_id_ = 0;
  ready_.assign(params_.size(), false);
  next_launch_ = 0;
  for (Bucket& b : buckets_) {
    b.pending = b.params.size();
    b.flat = DenseTensor();
    b.task = nullptr;
  }
}

void Reducer::OnReady(size_t param) {
  if (!sync_) return;
  const uint64_t pass = eager::BackwardPassId();
  if (!in_pass_ || pass != pass_id_) {
    // A new pass (one that failed before its end left state behind: drop it).
    ResetPass();
    in_pass_ = true;
    pass_id_ = pass;
    std::shared_ptr<Reducer> self = shared_from_this();
    eager::QueueBackwardCallback([self] { self->Finish(); });
  }
  if (ready_[param]) return;
  ready_[param] = true;
  --buckets_[bucket_of_[param]].pending;
  while (next_launch_ < buckets_.size() && buckets_[next_launch_].pending == 0)
    Launch(buckets_[next_launch_++]);
  // MPI moves data only inside MPI calls: testing the started buckets lets
  // them progress while backward computes.
  for (size_t b = 0; b < next_launch_; ++b) buckets_[b].task->IsCompleted();
}

void Reducer::Launch(Bucket& b) {
  const DataType dtype = params_[b.params[0]]->dense().dtype();
  int64_t total = 0;
  for (size_t p : b.params) total += params_[p]->dense().numel();
  b.flat = DenseTensor(dtype, DDim(std::vector<int64_t>{total}));
  char* dst = static_cast<char*>(b.flat.MutableData(CPUPlace(), dtype));
  for (size_t p : b.params) {
    const size_t nb = static_cast<size_t>(params_[p]->dense().numel()) * SizeOf(dtype);
    const eager::TensorPtr& g = params_[p]->grad();
    if (ready_[p] && g) {
      PD_CHECK(g->dense().dtype() == dtype && g->dense().numel() == params_[p]->dense().numel(),
               InvalidArgument, "[DataParallel] the gradient of '", params_[p]->name(),
               "' does not match its parameter (dtype or size)");
      std::memcpy(dst, g->dense().data(), nb);
    } else {
      std::memset(dst, 0, nb);  // unused this pass (find_unused_parameters)
    }
    dst += nb;
  }
  // Nonblocking, so it overlaps the rest of the backward; no per-bucket
  // agreement, so no rank waits for the others here (Create checked the layout).
  b.task = comm_->AllReduce(&b.flat, ReduceOp::kSum, /*sync=*/false, /*agree=*/false);
}

void Reducer::Finish() {
  std::string unused;
  for (size_t p = 0; p < params_.size(); ++p) {
    if (ready_[p]) continue;
    if (!unused.empty()) unused += ", ";
    unused += "'" + params_[p]->name() + "'";
  }
  if (!unused.empty() && !find_unused_) {
    ResetPass();
    PD_THROW(PreconditionNotMet, "[DataParallel] parameter(s) ", unused,
             " got no gradient in this backward pass, so their all-reduce would never start; "
             "wrap the model with paddle.DataParallel(model, find_unused_parameters=True) if some "
             "parameters are not used in every step");
  }
  for (; next_launch_ < buckets_.size(); ++next_launch_) Launch(buckets_[next_launch_]);
  const double scale = 1.0 / comm_->size();
  for (Bucket& b : buckets_) {
    b.task->Wait();
    const char* src = static_cast<const char*>(b.flat.data());
    const DataType dtype = b.flat.dtype();
    for (size_t p : b.params) {
      const DenseTensor& param = params_[p]->dense();
      DenseTensor avg(dtype, param.dims());
      ScaleCopy(dtype, src, avg.MutableData(CPUPlace(), dtype), param.numel(), scale);
      src += static_cast<size_t>(param.numel()) * SizeOf(dtype);
      const eager::TensorPtr& g = params_[p]->grad();
      if (g) {
        g->dense() = std::move(avg);
        g->BumpVersion();
      } else {
        eager::TensorPtr fresh = eager::MakeTensor(std::move(avg));
        fresh->set_stop_gradient(false);
        params_[p]->set_grad(std::move(fresh));
      }
    }
  }
  ResetPass();
}

}  // namespace distributed
}  // namespace paddle
