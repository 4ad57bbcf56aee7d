#include "core/distributed/nccl_communicator.h"

#ifdef PADDLE_WITH_NCCL

#include <vector>

#include "core/base/enforce.h"
#include "core/distributed/mpi_env.h"

namespace paddle {
namespace distributed {

namespace {

void CheckCuda(cudaError_t rc, const char* what) {
  PD_CHECK(rc == cudaSuccess, PreconditionNotMet, "[", what, "] CUDA error: ", cudaGetErrorString(rc));
}

void CheckNccl(ncclResult_t rc, const char* what) {
  PD_CHECK(rc == ncclSuccess, PreconditionNotMet, "[", what, "] NCCL error: ", ncclGetErrorString(rc));
}

// Switches to the communicator's device for one call, then back.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) {
    cudaGetDevice(&previous_);
    if (previous_ != device) cudaSetDevice(device);
  }
  ~DeviceGuard() { cudaSetDevice(previous_); }

 private:
  int previous_ = 0;
};

class NcclTask : public CommTask {
 public:
  NcclTask(const char* op, int device, cudaEvent_t done, std::vector<DenseTensor> keep)
      : op_(op), device_(device), done_(done), keep_(std::move(keep)) {}
  ~NcclTask() override {
    DeviceGuard on(device_);
    cudaEventDestroy(done_);
  }
  void Wait() override {
    DeviceGuard on(device_);
    CheckCuda(cudaEventSynchronize(done_), op_);
    keep_.clear();
  }
  bool IsCompleted() override {
    DeviceGuard on(device_);
    const cudaError_t rc = cudaEventQuery(done_);
    if (rc == cudaErrorNotReady) return false;
    CheckCuda(rc, op_);
    return true;
  }

 private:
  const char* op_;
  int device_;
  cudaEvent_t done_;
  std::vector<DenseTensor> keep_;
};

// NCCL's type for reducing `dtype`; an error message instead when it has none.
std::string NcclTypeOf(const char* op, DataType dtype, ncclDataType_t* type) {
  switch (dtype) {
    case DataType::kFloat32: *type = ncclFloat32; return "";
    case DataType::kFloat64: *type = ncclFloat64; return "";
    case DataType::kFloat16: *type = ncclFloat16; return "";
    case DataType::kBFloat16: *type = ncclBfloat16; return "";
    case DataType::kInt32: *type = ncclInt32; return "";
    case DataType::kInt64: *type = ncclInt64; return "";
    case DataType::kInt8: *type = ncclInt8; return "";
    case DataType::kUInt8: *type = ncclUint8; return "";
    case DataType::kBool: *type = ncclUint8; return "";
    default: break;
  }
  return std::string("[") + op + "] NCCL cannot reduce tensors of dtype " + DataTypeName(dtype);
}

// Booleans: SUM and MAX are "any", PROD and MIN "all" (as on the CPU).
ncclRedOp_t NcclOpOf(ReduceOp op, DataType dtype) {
  if (dtype == DataType::kBool) return (op == ReduceOp::kProd || op == ReduceOp::kMin) ? ncclMin : ncclMax;
  switch (op) {
    case ReduceOp::kSum: return ncclSum;
    case ReduceOp::kMax: return ncclMax;
    case ReduceOp::kMin: return ncclMin;
    case ReduceOp::kProd: return ncclProd;
    case ReduceOp::kAvg: return ncclAvg;
  }
  return ncclSum;
}

}  // namespace

NcclCommunicator::NcclCommunicator(std::shared_ptr<MpiCommunicator> mpi, int device)
    : mpi_(std::move(mpi)), device_(device) {
  ncclUniqueId id;
  if (mpi_->rank() == 0) CheckNccl(ncclGetUniqueId(&id), "init NCCL");
  {
    auto lock = MpiLock();
    CheckMpi(MPI_Bcast(&id, sizeof(id), MPI_BYTE, 0, mpi_->comm()), "init NCCL");
  }
  DeviceGuard on(device_);
  CheckCuda(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "init NCCL");
  CheckNccl(ncclCommInitRank(&comm_, mpi_->size(), id, mpi_->rank()), "init NCCL");
}

NcclCommunicator::~NcclCommunicator() {
  DeviceGuard on(device_);
  if (comm_) ncclCommDestroy(comm_);
  if (stream_) cudaStreamDestroy(stream_);
}

std::string NcclCommunicator::DeviceError(const char* op, const char* arg, const DenseTensor& t) const {
  if (!t.IsInitialized() && t.numel() != 0) return std::string("[") + op + "] '" + arg + "' holds no data";
  if (t.place().type != DeviceType::kGPU || t.place().device_id != device_)
    return std::string("[") + op + "] '" + arg + "' is not on GPU " + std::to_string(device_) +
           " (the NCCL communicator's device)";
  return "";
}

TaskPtr NcclCommunicator::Issue(const char* op, std::vector<DenseTensor> keep) {
  cudaEvent_t done;
  CheckCuda(cudaEventCreateWithFlags(&done, cudaEventDisableTiming), op);
  CheckCuda(cudaEventRecord(done, stream_), op);
  return std::make_shared<NcclTask>(op, device_, done, std::move(keep));
}

TaskPtr NcclCommunicator::AllReduce(DenseTensor* t, ReduceOp op, bool /*sync: the caller waits on the task*/,
                                    bool agree) {
  ncclDataType_t type = ncclFloat32;
  std::string error = DeviceError("all_reduce", "tensor", *t);
  if (error.empty()) error = NcclTypeOf("all_reduce", t->dtype(), &type);
  if (error.empty() && t->dtype() == DataType::kBool && op == ReduceOp::kAvg)
    error = "[all_reduce] AVG of bool tensors is undefined";
  if (agree) mpi_->Agree("all_reduce", *t, error);
  else PD_CHECK(error.empty(), InvalidArgument, error);
  DeviceGuard on(device_);
  CheckNccl(ncclAllReduce(t->data(), t->data(), static_cast<size_t>(t->numel()), type,
                          NcclOpOf(op, t->dtype()), comm_, stream_), "all_reduce");
  return Issue("all_reduce", {*t});
}

TaskPtr NcclCommunicator::Broadcast(DenseTensor* t, int root, bool /*sync: the caller waits on the task*/) {
  std::string error = DeviceError("broadcast", "tensor", *t);
  mpi_->CheckRoot("broadcast", root, &error);
  mpi_->Agree("broadcast", *t, error);
  DeviceGuard on(device_);
  CheckNccl(ncclBroadcast(t->data(), t->data(), t->nbytes(), ncclUint8, root, comm_, stream_), "broadcast");
  return Issue("broadcast", {*t});
}

TaskPtr NcclCommunicator::Reduce(DenseTensor* t, ReduceOp op, int root, bool /*sync: the caller waits on the task*/) {
  ncclDataType_t type = ncclFloat32;
  std::string error = DeviceError("reduce", "tensor", *t);
  if (error.empty()) error = NcclTypeOf("reduce", t->dtype(), &type);
  mpi_->CheckRoot("reduce", root, &error);
  mpi_->Agree("reduce", *t, error);
  DeviceGuard on(device_);
  CheckNccl(ncclReduce(t->data(), t->data(), static_cast<size_t>(t->numel()), type,
                       NcclOpOf(op, t->dtype()), root, comm_, stream_), "reduce");
  return Issue("reduce", {*t});
}

TaskPtr NcclCommunicator::ReduceScatter(const DenseTensor& in, DenseTensor* out, ReduceOp op,
                                        bool /*sync: the caller waits on the task*/) {
  ncclDataType_t type = ncclFloat32;
  std::string error = DeviceError("reduce_scatter", "tensor_list", in);
  if (error.empty()) error = NcclTypeOf("reduce_scatter", in.dtype(), &type);
  if (error.empty() && (in.dims().rank() < 1 || in.dims()[0] != size()))
    error = "[reduce_scatter] tensor_list must hold one tensor per rank";
  mpi_->Agree("reduce_scatter", in, error);
  std::vector<int64_t> dims = in.dims().ToVector();
  dims.erase(dims.begin());
  out->set_dtype(in.dtype());
  out->Resize(DDim(dims));
  out->MutableData(in.place(), in.dtype());
  DeviceGuard on(device_);
  CheckNccl(ncclReduceScatter(in.data(), out->data(), static_cast<size_t>(out->numel()), type,
                              NcclOpOf(op, in.dtype()), comm_, stream_), "reduce_scatter");
  return Issue("reduce_scatter", {in, *out});
}

TaskPtr NcclCommunicator::Gather(const DenseTensor& in, DenseTensor* out, int root,
                                 bool /*sync: the caller waits on the task*/) {
  std::string error = DeviceError("gather", "tensor", in);
  mpi_->CheckRoot("gather", root, &error);
  mpi_->Agree("gather", in, error);
  if (rank() == root) AllocStacked(in, size(), in.place(), out);
  const size_t part = in.nbytes();
  DeviceGuard on(device_);
  CheckNccl(ncclGroupStart(), "gather");
  if (rank() == root)
    for (int i = 0; i < size(); ++i)
      CheckNccl(ncclRecv(static_cast<char*>(out->data()) + i * part, part, ncclUint8, i, comm_, stream_),
                "gather");
  CheckNccl(ncclSend(in.data(), part, ncclUint8, root, comm_, stream_), "gather");
  CheckNccl(ncclGroupEnd(), "gather");
  return Issue("gather", {in, *out});
}

TaskPtr NcclCommunicator::AllGather(const DenseTensor& in, DenseTensor* out, bool /*sync: the caller waits on the task*/) {
  mpi_->Agree("all_gather", in, DeviceError("all_gather", "tensor", in));
  AllocStacked(in, size(), in.place(), out);
  DeviceGuard on(device_);
  CheckNccl(ncclAllGather(in.data(), out->data(), in.nbytes(), ncclUint8, comm_, stream_), "all_gather");
  return Issue("all_gather", {in, *out});
}

TaskPtr NcclCommunicator::Scatter(const DenseTensor& in, DenseTensor* out, int root, bool /*sync: the caller waits on the task*/) {
  std::string error = DeviceError("scatter", "tensor", *out);
  mpi_->CheckRoot("scatter", root, &error);
  if (error.empty() && rank() == root) {
    error = DeviceError("scatter", "tensor_list", in);
    if (error.empty() && (in.dtype() != out->dtype() || in.numel() != out->numel() * size()))
      error = "[scatter] the root's tensor_list must hold one tensor per rank of the receiving "
              "tensor's dtype and shape";
  }
  mpi_->Agree("scatter", *out, error);
  const size_t part = out->nbytes();
  DeviceGuard on(device_);
  CheckNccl(ncclGroupStart(), "scatter");
  if (rank() == root)
    for (int i = 0; i < size(); ++i)
      CheckNccl(ncclSend(static_cast<const char*>(in.data()) + i * part, part, ncclUint8, i, comm_, stream_),
                "scatter");
  CheckNccl(ncclRecv(out->data(), part, ncclUint8, root, comm_, stream_), "scatter");
  CheckNccl(ncclGroupEnd(), "scatter");
  return Issue("scatter", {in, *out});
}

TaskPtr NcclCommunicator::AllToAll(const DenseTensor& in, DenseTensor* out, bool /*sync: the caller waits on the task*/) {
  std::string error = DeviceError("alltoall", "in_tensor_list", in);
  if (error.empty() && (in.dims().rank() < 1 || in.dims()[0] != size()))
    error = "[alltoall] in_tensor_list must hold one tensor per rank";
  mpi_->Agree("alltoall", in, error);
  out->set_dtype(in.dtype());
  out->Resize(in.dims());
  out->MutableData(in.place(), in.dtype());
  const size_t part = in.nbytes() / static_cast<size_t>(size());
  DeviceGuard on(device_);
  CheckNccl(ncclGroupStart(), "alltoall");
  for (int i = 0; i < size(); ++i) {
    CheckNccl(ncclSend(static_cast<const char*>(in.data()) + i * part, part, ncclUint8, i, comm_, stream_),
              "alltoall");
    CheckNccl(ncclRecv(static_cast<char*>(out->data()) + i * part, part, ncclUint8, i, comm_, stream_),
              "alltoall");
  }
  CheckNccl(ncclGroupEnd(), "alltoall");
  return Issue("alltoall", {in, *out});
}

// NCCL carries no tag: the ranks must agree on dtype and size themselves.
TaskPtr NcclCommunicator::Send(const DenseTensor& t, int peer, bool /*sync: the caller waits on the task*/) {
  mpi_->CheckPeer("send", peer);
  const std::string error = DeviceError("send", "tensor", t);
  PD_CHECK(error.empty(), InvalidArgument, error);
  DeviceGuard on(device_);
  CheckNccl(ncclSend(t.data(), t.nbytes(), ncclUint8, peer, comm_, stream_), "send");
  return Issue("send", {t});
}

TaskPtr NcclCommunicator::Recv(DenseTensor* t, int peer, bool /*sync: the caller waits on the task*/) {
  mpi_->CheckPeer("recv", peer);
  const std::string error = DeviceError("recv", "tensor", *t);
  PD_CHECK(error.empty(), InvalidArgument, error);
  DeviceGuard on(device_);
  CheckNccl(ncclRecv(t->data(), t->nbytes(), ncclUint8, peer, comm_, stream_), "recv");
  return Issue("recv", {*t});
}

// What was queued before finishes first, then the ranks meet (over MPI).
TaskPtr NcclCommunicator::Barrier(bool sync) {
  {
    DeviceGuard on(device_);
    CheckCuda(cudaStreamSynchronize(stream_), "barrier");
  }
  return mpi_->Barrier(sync);
}

}  // namespace distributed
}  // namespace paddle

#endif  // PADDLE_WITH_NCCL
