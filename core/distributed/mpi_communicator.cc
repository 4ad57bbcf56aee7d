#include "core/distributed/mpi_communicator.h"

#include <climits>
#include <complex>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "core/base/enforce.h"
#include "core/distributed/mpi_env.h"

namespace paddle {
namespace distributed {

namespace {

using Finish = std::function<void(const MPI_Status&)>;

// A started MPI operation. It keeps the tensors' buffers alive until done;
// `finish` runs once after completion (AVG's division, a receive's checks).
class MpiTask : public CommTask {
 public:
  MpiTask(const char* op, MPI_Request req, std::vector<DenseTensor> keep, Finish finish)
      : op_(op), req_(req), keep_(std::move(keep)), finish_(std::move(finish)) {}

  void Wait() override {
    std::lock_guard<std::mutex> guard(mu_);
    if (!done_) {
      if (MpiThreadMultiple()) {
        Complete(MPI_Wait(&req_, &status_));
      } else {  // another thread may need MPI meanwhile: poll, releasing the lock
        for (;;) {
          int flag = 0;
          auto lock = MpiLock();
          int rc = MPI_Test(&req_, &flag, &status_);
          if (rc != MPI_SUCCESS || flag) {
            Complete(rc);
            break;
          }
          lock.unlock();
          std::this_thread::yield();
        }
      }
    }
    if (error_) std::rethrow_exception(error_);
  }

  bool IsCompleted() override {
    std::lock_guard<std::mutex> guard(mu_);
    if (done_) return true;
    int flag = 0;
    auto lock = MpiLock();
    int rc = MPI_Test(&req_, &flag, &status_);
    if (rc != MPI_SUCCESS || flag) Complete(rc);
    return done_;
  }

 private:
  void Complete(int rc) {
    done_ = true;
    try {
      CheckMpi(rc, op_);
      if (finish_) finish_(status_);
    } catch (...) {
      error_ = std::current_exception();
    }
    keep_.clear();
  }

  const char* op_;
  MPI_Request req_;
  MPI_Status status_{};
  std::vector<DenseTensor> keep_;
  Finish finish_;
  std::mutex mu_;
  bool done_ = false;
  std::exception_ptr error_;
};

int Count(int64_t n, const char* op) {
  PD_CHECK(n <= INT_MAX, Unimplemented, "[", op, "] ", n,
           " elements do not fit one MPI message (at most ", INT_MAX, ")");
  return static_cast<int>(n);
}

// The local checks every tensor argument shares; the first problem found.
std::string TensorError(const char* op, const char* arg, const DenseTensor& t) {
  if (!t.IsInitialized() && t.numel() != 0)
    return std::string("[") + op + "] '" + arg + "' holds no data";
  if (t.place().type != DeviceType::kCPU)
    return std::string("[") + op + "] '" + arg +
           "' is not on the CPU: the MPI backend moves CPU tensors (GPU tensors use NCCL)";
  return "";
}

template <typename T>
struct HalfOps {  // float16 and bfloat16: computed in float
  template <typename F>
  static void Apply(void* in, void* inout, int* len, MPI_Datatype*) {
    const T* a = static_cast<const T*>(in);
    T* b = static_cast<T*>(inout);
    for (int i = 0; i < *len; ++i) b[i] = T(F()(static_cast<float>(a[i]), static_cast<float>(b[i])));
  }
  struct Sum { float operator()(float x, float y) const { return x + y; } };
  struct Prod { float operator()(float x, float y) const { return x * y; } };
  struct Max { float operator()(float x, float y) const { return x > y ? x : y; } };
  struct Min { float operator()(float x, float y) const { return x < y ? x : y; } };
  // Created once MPI runs (a local call); MPI_Finalize frees them.
  static MPI_Op Get(ReduceOp op) {
    static const MPI_Op ops[4] = {Make<Sum>(), Make<Max>(), Make<Min>(), Make<Prod>()};
    return ops[op == ReduceOp::kAvg ? 0 : static_cast<int>(op)];
  }
  template <typename F>
  static MPI_Op Make() {
    MPI_Op o;
    MPI_Op_create(&Apply<F>, /*commute=*/1, &o);
    return o;
  }
};

MPI_Datatype HalfType() {
  static const MPI_Datatype t = [] {
    MPI_Datatype d;
    MPI_Type_contiguous(2, MPI_BYTE, &d);
    MPI_Type_commit(&d);
    return d;
  }();
  return t;
}

// The MPI type and operation reducing `dtype` with `op`; an error message
// instead when the pair makes no sense (MAX of complex numbers).
std::string ReduceTypeOf(const char* name, DataType dtype, ReduceOp op, MPI_Datatype* type,
                         MPI_Op* mop) {
  static const MPI_Op kOps[4] = {MPI_SUM, MPI_MAX, MPI_MIN, MPI_PROD};
  *mop = kOps[op == ReduceOp::kAvg ? 0 : static_cast<int>(op)];
  switch (dtype) {
    case DataType::kFloat32: *type = MPI_FLOAT; return "";
    case DataType::kFloat64: *type = MPI_DOUBLE; return "";
    case DataType::kInt32: *type = MPI_INT32_T; return "";
    case DataType::kInt64: *type = MPI_INT64_T; return "";
    case DataType::kInt16: *type = MPI_INT16_T; return "";
    case DataType::kInt8: *type = MPI_INT8_T; return "";
    case DataType::kUInt8: *type = MPI_UINT8_T; return "";
    case DataType::kBool:
      // Booleans: SUM and MAX are "any", PROD and MIN "all".
      *type = MPI_C_BOOL;
      *mop = (op == ReduceOp::kProd || op == ReduceOp::kMin) ? MPI_LAND : MPI_LOR;
      if (op == ReduceOp::kAvg) return std::string("[") + name + "] AVG of bool tensors is undefined";
      return "";
    case DataType::kFloat16: *type = HalfType(); *mop = HalfOps<float16>::Get(op); return "";
    case DataType::kBFloat16: *type = HalfType(); *mop = HalfOps<bfloat16>::Get(op); return "";
    case DataType::kComplex64:
    case DataType::kComplex128:
      *type = dtype == DataType::kComplex64 ? MPI_C_FLOAT_COMPLEX : MPI_C_DOUBLE_COMPLEX;
      if (op == ReduceOp::kMax || op == ReduceOp::kMin)
        return std::string("[") + name + "] " + ReduceOpName(op) + " of complex tensors is undefined";
      return "";
  }
  return std::string("[") + name + "] cannot reduce tensors of dtype " + DataTypeName(dtype);
}

template <typename T>
void DivideAs(void* p, int64_t n, int by) {
  T* v = static_cast<T*>(p);
  for (int64_t i = 0; i < n; ++i) v[i] = T(static_cast<float>(v[i]) / static_cast<float>(by));
}
template <typename T>
void Divide(void* p, int64_t n, int by) {
  T* v = static_cast<T*>(p);
  for (int64_t i = 0; i < n; ++i) v[i] /= static_cast<T>(by);  // integers: truncated, as NCCL's
}

// AVG: the sum divided by the group's size, in place.
void DivideBy(DenseTensor* t, int by) {
  void* p = t->data();
  const int64_t n = t->numel();
  switch (t->dtype()) {
    case DataType::kFloat32: return Divide<float>(p, n, by);
    case DataType::kFloat64: return Divide<double>(p, n, by);
    case DataType::kInt32: return Divide<int32_t>(p, n, by);
    case DataType::kInt64: return Divide<int64_t>(p, n, by);
    case DataType::kInt16: return Divide<int16_t>(p, n, by);
    case DataType::kInt8: return Divide<int8_t>(p, n, by);
    case DataType::kUInt8: return Divide<uint8_t>(p, n, by);
    case DataType::kFloat16: return DivideAs<float16>(p, n, by);
    case DataType::kBFloat16: return DivideAs<bfloat16>(p, n, by);
    case DataType::kComplex64: return Divide<std::complex<float>>(p, n, by);
    case DataType::kComplex128: return Divide<std::complex<double>>(p, n, by);
    case DataType::kBool: break;
  }
  PD_THROW(InvalidArgument, "[all_reduce] AVG of ", DataTypeName(t->dtype()), " tensors is undefined");
}

// The task of an operation that finished in its call (sync).
class DoneTask : public CommTask {
 public:
  void Wait() override {}
  bool IsCompleted() override { return true; }
};

// One MPI operation: with `sync` the blocking call (`block`, given a status
// to fill), done on return; otherwise the nonblocking one (`start`, given a
// request), finished by the task's Wait.
template <typename Block, typename Start>
TaskPtr Run(const char* op, bool sync, Block&& block, Start&& start, std::vector<DenseTensor> keep,
            Finish finish = nullptr) {
  int rc;
  if (sync) {
    MPI_Status status{};
    {
      auto lock = MpiLock();
      rc = block(&status);
    }
    CheckMpi(rc, op);
    if (finish) finish(status);
    return std::make_shared<DoneTask>();
  }
  MPI_Request req;
  {
    auto lock = MpiLock();
    rc = start(&req);
  }
  CheckMpi(rc, op);
  return std::make_shared<MpiTask>(op, req, std::move(keep), std::move(finish));
}

}  // namespace

const char* ReduceOpName(ReduceOp op) {
  static const char* kNames[] = {"SUM", "MAX", "MIN", "PROD", "AVG"};
  return kNames[static_cast<int>(op)];
}

ReduceOp ReduceOpFromCode(int code, const std::string& where) {
  PD_CHECK(code >= 0 && code <= 4, InvalidArgument, "[", where,
           "] op must be one of ReduceOp.SUM (0), MAX (1), MIN (2), PROD (3), AVG (4), got ", code);
  return static_cast<ReduceOp>(code);
}

MpiCommunicator::MpiCommunicator(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

MpiCommunicator::~MpiCommunicator() {
  if (comm_ != MPI_COMM_WORLD && MpiActive()) {
    auto lock = MpiLock();
    MPI_Comm_free(&comm_);
  }
}

void MpiCommunicator::Agree(const char* op, const DenseTensor& t, const std::string& local_error) {
  // What must match: dtype, rank count and dims (hashed). Reduced with MAX
  // next to their negations, so one call yields each value's max and min.
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < t.dims().rank(); ++i) h = (h ^ static_cast<uint64_t>(t.dims()[i])) * 1099511628211ull;
  const int64_t mine[3] = {static_cast<int64_t>(t.dtype()), t.dims().rank(),
                           static_cast<int64_t>(h >> 2)};
  int64_t send[7] = {local_error.empty() ? 0 : 1};
  for (int i = 0; i < 3; ++i) send[1 + i] = mine[i], send[4 + i] = -mine[i];
  int64_t got[7];
  {
    auto lock = MpiLock();
    CheckMpi(MPI_Allreduce(send, got, 7, MPI_INT64_T, MPI_MAX, comm_), op);
  }
  if (!local_error.empty()) PD_THROW(InvalidArgument, local_error);
  PD_CHECK(got[0] == 0, InvalidArgument, "[", op, "] another rank of the group passed invalid "
           "arguments (its error says which); this rank's were valid");
  bool same = true;
  for (int i = 0; i < 3; ++i) same = same && got[1 + i] == -got[4 + i];
  PD_CHECK(same, InvalidArgument, "[", op, "] the ranks of the group passed tensors of different "
           "dtypes or shapes (this rank, ", rank_, " of ", size_, ": ", DataTypeName(t.dtype()), " ",
           t.dims().ToString(), "); every rank must pass the same dtype and shape");
}

void MpiCommunicator::CheckRoot(const char* op, int root, std::string* error) const {
  if (error->empty() && (root < 0 || root >= size_))
    *error = std::string("[") + op + "] root rank " + std::to_string(root) +
             " is out of range for a group of " + std::to_string(size_);
}

void MpiCommunicator::CheckPeer(const char* op, int peer) const {
  PD_CHECK(peer >= 0 && peer < size_, OutOfRange, "[", op, "] peer rank ", peer,
           " is out of range for a group of ", size_);
  PD_CHECK(peer != rank_, InvalidArgument, "[", op, "] a rank cannot ", op, " to or from itself (rank ",
           rank_, ")");
}

TaskPtr MpiCommunicator::AllReduce(DenseTensor* t, ReduceOp op, bool sync, bool agree) {
  MPI_Datatype type;
  MPI_Op mop;
  std::string error = TensorError("all_reduce", "tensor", *t);
  if (error.empty()) error = ReduceTypeOf("all_reduce", t->dtype(), op, &type, &mop);
  if (agree) Agree("all_reduce", *t, error);
  else PD_CHECK(error.empty(), InvalidArgument, error);
  Finish finish;
  if (op == ReduceOp::kAvg) finish = [t = *t, n = size_](const MPI_Status&) mutable { DivideBy(&t, n); };
  void* data = t->data();
  const int count = Count(t->numel(), "all_reduce");
  return Run("all_reduce", sync,
             [&](MPI_Status*) { return MPI_Allreduce(MPI_IN_PLACE, data, count, type, mop, comm_); },
             [&](MPI_Request* r) { return MPI_Iallreduce(MPI_IN_PLACE, data, count, type, mop, comm_, r); },
             {*t}, std::move(finish));
}

TaskPtr MpiCommunicator::Broadcast(DenseTensor* t, int root, bool sync) {
  std::string error = TensorError("broadcast", "tensor", *t);
  CheckRoot("broadcast", root, &error);
  Agree("broadcast", *t, error);
  void* data = t->data();
  const int count = Count(static_cast<int64_t>(t->nbytes()), "broadcast");
  return Run("broadcast", sync,
             [&](MPI_Status*) { return MPI_Bcast(data, count, MPI_BYTE, root, comm_); },
             [&](MPI_Request* r) { return MPI_Ibcast(data, count, MPI_BYTE, root, comm_, r); }, {*t});
}

TaskPtr MpiCommunicator::Reduce(DenseTensor* t, ReduceOp op, int root, bool sync) {
  MPI_Datatype type;
  MPI_Op mop;
  std::string error = TensorError("reduce", "tensor", *t);
  if (error.empty()) error = ReduceTypeOf("reduce", t->dtype(), op, &type, &mop);
  CheckRoot("reduce", root, &error);
  Agree("reduce", *t, error);
  Finish finish;
  if (op == ReduceOp::kAvg && rank_ == root)
    finish = [t = *t, n = size_](const MPI_Status&) mutable { DivideBy(&t, n); };
  // The root reduces in place; the others only send (their tensors stay).
  const void* send = rank_ == root ? MPI_IN_PLACE : t->data();
  void* recv = rank_ == root ? t->data() : nullptr;
  const int count = Count(t->numel(), "reduce");
  return Run("reduce", sync,
             [&](MPI_Status*) { return MPI_Reduce(send, recv, count, type, mop, root, comm_); },
             [&](MPI_Request* r) { return MPI_Ireduce(send, recv, count, type, mop, root, comm_, r); },
             {*t}, std::move(finish));
}

TaskPtr MpiCommunicator::ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op, bool sync) {
  MPI_Datatype type;
  MPI_Op mop;
  std::string error = TensorError("reduce_scatter", "tensor_list", in);
  if (error.empty()) error = ReduceTypeOf("reduce_scatter", in.dtype(), op, &type, &mop);
  if (error.empty() && (in.dims().rank() < 1 || in.dims()[0] != size_))
    error = std::string("[reduce_scatter] tensor_list must hold one tensor per rank (") +
            std::to_string(size_) + "), got a stack of shape " + in.dims().ToString();
  std::vector<int64_t> dims = in.dims().ToVector();
  if (!dims.empty()) dims.erase(dims.begin());
  if (error.empty() && (out->dims() != DDim(dims) || out->dtype() != in.dtype()))
    error = std::string("[reduce_scatter] tensor (") + DataTypeName(out->dtype()) + " " +
            out->dims().ToString() + ") must have the dtype and shape of each tensor of tensor_list (" +
            DataTypeName(in.dtype()) + " " + DDim(dims).ToString() + ")";
  Agree("reduce_scatter", in, error);
  out->set_dtype(in.dtype());
  out->Resize(DDim(dims));
  void* dst = out->MutableData(CPUPlace(), in.dtype());
  const void* src = in.data();
  const int count = Count(in.numel() / size_, "reduce_scatter");
  Finish finish;
  if (op == ReduceOp::kAvg) finish = [o = *out, n = size_](const MPI_Status&) mutable { DivideBy(&o, n); };
  return Run("reduce_scatter", sync,
             [&](MPI_Status*) { return MPI_Reduce_scatter_block(src, dst, count, type, mop, comm_); },
             [&](MPI_Request* r) { return MPI_Ireduce_scatter_block(src, dst, count, type, mop, comm_, r); },
             {in, *out}, std::move(finish));
}

TaskPtr MpiCommunicator::Gather(const DenseTensor& in, DenseTensor* out, int root, bool sync) {
  std::string error = TensorError("gather", "tensor", in);
  CheckRoot("gather", root, &error);
  Agree("gather", in, error);
  void* dst = nullptr;
  if (rank_ == root) dst = AllocStacked(in, size_, CPUPlace(), out);
  const void* src = in.data();
  const int count = Count(static_cast<int64_t>(in.nbytes()), "gather");
  return Run("gather", sync,
             [&](MPI_Status*) { return MPI_Gather(src, count, MPI_BYTE, dst, count, MPI_BYTE, root, comm_); },
             [&](MPI_Request* r) {
               return MPI_Igather(src, count, MPI_BYTE, dst, count, MPI_BYTE, root, comm_, r);
             },
             {in, *out});
}

TaskPtr MpiCommunicator::AllGather(const DenseTensor& in, DenseTensor* out, bool sync) {
  Agree("all_gather", in, TensorError("all_gather", "tensor", in));
  void* dst = AllocStacked(in, size_, CPUPlace(), out);
  const void* src = in.data();
  const int count = Count(static_cast<int64_t>(in.nbytes()), "all_gather");
  return Run("all_gather", sync,
             [&](MPI_Status*) { return MPI_Allgather(src, count, MPI_BYTE, dst, count, MPI_BYTE, comm_); },
             [&](MPI_Request* r) {
               return MPI_Iallgather(src, count, MPI_BYTE, dst, count, MPI_BYTE, comm_, r);
             },
             {in, *out});
}

TaskPtr MpiCommunicator::Scatter(const DenseTensor& in, DenseTensor* out, int root, bool sync) {
  std::string error = TensorError("scatter", "tensor", *out);
  CheckRoot("scatter", root, &error);
  if (error.empty() && rank_ == root) {
    error = TensorError("scatter", "tensor_list", in);
    const bool fits = in.dtype() == out->dtype() && in.numel() == out->numel() * size_ &&
                      in.dims().rank() >= 1 && in.dims()[0] == size_;
    if (error.empty() && !fits)
      error = std::string("[scatter] the root's tensor_list must hold ") + std::to_string(size_) +
              " tensors of the receiving tensor's dtype and shape (" + DataTypeName(out->dtype()) + " " +
              out->dims().ToString() + "), got " + DataTypeName(in.dtype()) + " " + in.dims().ToString();
  }
  Agree("scatter", *out, error);
  const int count = Count(static_cast<int64_t>(out->nbytes()), "scatter");
  const void* src = rank_ == root ? in.data() : nullptr;
  void* dst = out->data();
  return Run("scatter", sync,
             [&](MPI_Status*) { return MPI_Scatter(src, count, MPI_BYTE, dst, count, MPI_BYTE, root, comm_); },
             [&](MPI_Request* r) {
               return MPI_Iscatter(src, count, MPI_BYTE, dst, count, MPI_BYTE, root, comm_, r);
             },
             {in, *out});
}

TaskPtr MpiCommunicator::AllToAll(const DenseTensor& in, DenseTensor* out, bool sync) {
  std::string error = TensorError("alltoall", "in_tensor_list", in);
  if (error.empty() && (in.dims().rank() < 1 || in.dims()[0] != size_))
    error = std::string("[alltoall] in_tensor_list must hold one tensor per rank (") +
            std::to_string(size_) + "), got a stack of shape " + in.dims().ToString();
  Agree("alltoall", in, error);
  out->set_dtype(in.dtype());
  out->Resize(in.dims());
  void* dst = out->MutableData(CPUPlace(), in.dtype());
  const void* src = in.data();
  const int count = Count(static_cast<int64_t>(in.nbytes() / size_), "alltoall");
  return Run("alltoall", sync,
             [&](MPI_Status*) { return MPI_Alltoall(src, count, MPI_BYTE, dst, count, MPI_BYTE, comm_); },
             [&](MPI_Request* r) {
               return MPI_Ialltoall(src, count, MPI_BYTE, dst, count, MPI_BYTE, comm_, r);
             },
             {in, *out});
}

// The tag carries the dtype, so the receiver can tell a dtype mismatch from
// a size mismatch.
TaskPtr MpiCommunicator::Send(const DenseTensor& t, int peer, bool sync) {
  CheckPeer("send", peer);
  std::string error = TensorError("send", "tensor", t);
  PD_CHECK(error.empty(), InvalidArgument, error);
  const void* data = t.data();
  const int count = Count(static_cast<int64_t>(t.nbytes()), "send");
  const int tag = static_cast<int>(t.dtype());
  return Run("send", sync, [&](MPI_Status*) { return MPI_Send(data, count, MPI_BYTE, peer, tag, comm_); },
             [&](MPI_Request* r) { return MPI_Isend(data, count, MPI_BYTE, peer, tag, comm_, r); }, {t});
}

TaskPtr MpiCommunicator::Recv(DenseTensor* t, int peer, bool sync) {
  CheckPeer("recv", peer);
  std::string error = TensorError("recv", "tensor", *t);
  PD_CHECK(error.empty(), InvalidArgument, error);
  const int expect = Count(static_cast<int64_t>(t->nbytes()), "recv");
  Finish finish = [t = *t, expect, peer](const MPI_Status& st) {
    int got = 0;
    MPI_Get_count(&st, MPI_BYTE, &got);
    PD_CHECK(st.MPI_TAG == static_cast<int>(t.dtype()), InvalidArgument, "[recv] rank ", peer,
             " sent a ", DataTypeName(static_cast<DataType>(st.MPI_TAG)), " tensor, the receiving tensor is ",
             DataTypeName(t.dtype()));
    PD_CHECK(got == expect, InvalidArgument, "[recv] rank ", peer, " sent ", got,
             " bytes, the receiving tensor (", t.dims().ToString(), ") holds ", expect);
  };
  void* data = t->data();
  // Any tag: a dtype mismatch is reported by `finish`, not left unmatched (a hang).
  return Run("recv", sync,
             [&](MPI_Status* st) { return MPI_Recv(data, expect, MPI_BYTE, peer, MPI_ANY_TAG, comm_, st); },
             [&](MPI_Request* r) { return MPI_Irecv(data, expect, MPI_BYTE, peer, MPI_ANY_TAG, comm_, r); },
             {*t}, std::move(finish));
}

TaskPtr MpiCommunicator::Barrier(bool sync) {
  return Run("barrier", sync, [&](MPI_Status*) { return MPI_Barrier(comm_); },
             [&](MPI_Request* r) { return MPI_Ibarrier(comm_, r); }, {});
}

}  // namespace distributed
}  // namespace paddle
