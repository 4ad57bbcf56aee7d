// paddle.distributed's core: the process groups, the collectives on eager
// tensors (each returns a task; the GIL is released while MPI works), the
// DataParallel reducer, and MPI's abort for a failing rank.
#include <pybind11/stl.h>

#include <memory>
#include <vector>

#include "core/base/enforce.h"
#include "core/distributed/mpi_env.h"
#include "core/distributed/process_group.h"
#include "core/distributed/reducer.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

using distributed::CommPtr;
using distributed::ReduceOp;
using distributed::TaskPtr;

// A task as Python sees it: wait() releases the GIL.
struct PyTask {
  TaskPtr task;
  void Wait() {
    py::gil_scoped_release nogil;
    task->Wait();
  }
  bool IsCompleted() {
    py::gil_scoped_release nogil;
    return task->IsCompleted();
  }
};

eager::TensorPtr Tensor(py::handle obj, const char* where) {
  eager::TensorPtr t = TensorOrNull(obj, where);
  PD_CHECK(t != nullptr, InvalidArgument, where, " must be a Tensor, got None");
  PD_CHECK(!t->static_var(), InvalidArgument, where,
           " is a variable of a static program; the collective functions move eager tensors "
           "(a static program uses the c_allreduce_sum / c_broadcast ops)");
  return t;
}

// Runs `start` (which may block: the ranks agree on the tensor first) without
// the GIL; an in-place result counts as a write of `written`.
template <typename F>
PyTask Start(F&& start, const eager::TensorPtr& written = nullptr) {
  TaskPtr task;
  {
    py::gil_scoped_release nogil;
    task = start();
  }
  if (written) written->BumpVersion();
  return PyTask{std::move(task)};
}

ReduceOp Op(int code, const char* where) { return distributed::ReduceOpFromCode(code, where); }

}  // namespace

void BindDistributed(py::module_& m) {
  py::class_<PyTask>(m, "_CommTask")
      .def("wait", &PyTask::Wait, "Blocks until the operation has finished; raises if it failed.")
      .def("is_completed", &PyTask::IsCompleted, "Whether the operation has finished (never blocks).");

  m.def("_dist_init", [] {
    py::gil_scoped_release nogil;
    distributed::InitWorld();
  });
  m.def("_dist_is_initialized", &distributed::WorldReady);
  m.def("_dist_finalize", [] {
    py::gil_scoped_release nogil;
    distributed::DestroyGroup(0);
  });
  m.def("_dist_abort", [](int code) { distributed::AbortMpi(code); },
        "Ends every process of the job (MPI_Abort), for a rank that failed.");
  m.def("_dist_new_group", [](std::vector<int> ranks) {
    py::gil_scoped_release nogil;
    return distributed::NewGroup(std::move(ranks));
  });
  m.def("_dist_destroy_group", &distributed::DestroyGroup);
  m.def("_dist_group_ranks", [](int gid) { return distributed::GroupRanks(gid, "get_group"); });
  m.def("_dist_group_rank", [](int gid) {
    // This process's rank in the group, -1 when not a member.
    std::vector<int> ranks = distributed::GroupRanks(gid, "get_rank");
    const int me = distributed::GroupComm(0, "get_rank")->rank();
    for (size_t i = 0; i < ranks.size(); ++i)
      if (ranks[i] == me) return static_cast<int>(i);
    return -1;
  });

  m.def("_dist_all_reduce", [](py::handle x, int op, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[all_reduce] tensor");
    const ReduceOp rop = Op(op, "all_reduce");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "all_reduce");
    return Start([&] { return c->AllReduce(&t->dense(), rop, sync, /*agree=*/true); }, t);
  });
  m.def("_dist_broadcast", [](py::handle x, int src, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[broadcast] tensor");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "broadcast");
    return Start([&] { return c->Broadcast(&t->dense(), src, sync); }, t);
  });
  m.def("_dist_reduce", [](py::handle x, int dst, int op, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[reduce] tensor");
    const ReduceOp rop = Op(op, "reduce");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "reduce");
    return Start([&] { return c->Reduce(&t->dense(), rop, dst, sync); }, t);
  });
  m.def("_dist_reduce_scatter", [](py::handle stacked, py::handle x, int op, int gid, bool sync) {
    eager::TensorPtr in = Tensor(stacked, "[reduce_scatter] tensor_list");
    eager::TensorPtr t = Tensor(x, "[reduce_scatter] tensor");
    const ReduceOp rop = Op(op, "reduce_scatter");
    CommPtr c = distributed::CommFor(gid, in->dense().place(), "reduce_scatter");
    return Start([&] { return c->ReduceScatter(in->dense(), &t->dense(), rop, sync); }, t);
  });
  m.def("_dist_gather", [](py::handle x, int dst, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[gather] tensor");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "gather");
    eager::TensorPtr out = eager::MakeTensor(DenseTensor());
    PyTask task = Start([&] { return c->Gather(t->dense(), &out->dense(), dst, sync); });
    return py::make_tuple(task, py::reinterpret_steal<py::object>(WrapTensor(out)));
  });
  m.def("_dist_all_gather", [](py::handle x, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[all_gather] tensor");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "all_gather");
    eager::TensorPtr out = eager::MakeTensor(DenseTensor());
    PyTask task = Start([&] { return c->AllGather(t->dense(), &out->dense(), sync); });
    return py::make_tuple(task, py::reinterpret_steal<py::object>(WrapTensor(out)));
  });
  m.def("_dist_scatter", [](py::handle x, py::handle stacked, int src, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[scatter] tensor");
    eager::TensorPtr in = TensorOrNull(stacked, "[scatter] tensor_list");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "scatter");
    DenseTensor none;
    return Start([&] { return c->Scatter(in ? in->dense() : none, &t->dense(), src, sync); }, t);
  });
  m.def("_dist_alltoall", [](py::handle stacked, int gid, bool sync) {
    eager::TensorPtr in = Tensor(stacked, "[alltoall] in_tensor_list");
    CommPtr c = distributed::CommFor(gid, in->dense().place(), "alltoall");
    eager::TensorPtr out = eager::MakeTensor(DenseTensor());
    PyTask task = Start([&] { return c->AllToAll(in->dense(), &out->dense(), sync); });
    return py::make_tuple(task, py::reinterpret_steal<py::object>(WrapTensor(out)));
  });
  m.def("_dist_send", [](py::handle x, int dst, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[send] tensor");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "send");
    return Start([&] { return c->Send(t->dense(), dst, sync); });
  });
  m.def("_dist_recv", [](py::handle x, int src, int gid, bool sync) {
    eager::TensorPtr t = Tensor(x, "[recv] tensor");
    CommPtr c = distributed::CommFor(gid, t->dense().place(), "recv");
    return Start([&] { return c->Recv(&t->dense(), src, sync); }, t);
  });
  m.def("_dist_barrier", [](int gid, bool sync) {
    CommPtr c = distributed::GroupComm(gid, "barrier");
    return Start([&] { return c->Barrier(sync); });
  });

  py::class_<distributed::Reducer, std::shared_ptr<distributed::Reducer>>(m, "_Reducer")
      .def(py::init([](py::handle params, int gid, size_t bucket_bytes, size_t first_bucket_bytes,
                       bool find_unused) {
             std::vector<eager::TensorPtr> ps = TensorList(params, "[DataParallel] parameters");
             return distributed::Reducer::Create(std::move(ps), distributed::GroupComm(gid, "DataParallel"),
                                                 bucket_bytes, first_bucket_bytes, find_unused);
           }),
           py::arg("params"), py::arg("group_id"), py::arg("bucket_bytes"),
           py::arg("first_bucket_bytes"), py::arg("find_unused_parameters"))
      .def_property("sync", &distributed::Reducer::sync, &distributed::Reducer::set_sync)
      .def("buckets", &distributed::Reducer::buckets);
}

}  // namespace pybind
}  // namespace paddle
