// DLPack exchange of paddle.Tensor with other array libraries (NumPy,
// PyTorch, ...), without copies: paddle.utils.dlpack.to_dlpack / from_dlpack
// and Tensor.__dlpack__ / __dlpack_device__. The capsule protocol is DLPack's
// legacy one ("dltensor", renamed "used_dltensor" once consumed), which every
// consumer accepts.
#include <dlpack/dlpack.h>

#include <cstring>

#include "core/base/enforce.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::TensorPtr;

namespace {

constexpr uint8_t kDLBoolCode = 6;  // DLPack >= 0.8's kDLBool (the 0.6 header lacks it)

struct TypeMap {
  DataType dtype;
  uint8_t code;
  uint8_t bits;
};
constexpr TypeMap kTypes[] = {
    {DataType::kFloat32, kDLFloat, 32}, {DataType::kFloat64, kDLFloat, 64},
    {DataType::kFloat16, kDLFloat, 16}, {DataType::kBFloat16, kDLBfloat, 16},
    {DataType::kInt8, kDLInt, 8},       {DataType::kInt16, kDLInt, 16},
    {DataType::kInt32, kDLInt, 32},     {DataType::kInt64, kDLInt, 64},
    {DataType::kUInt8, kDLUInt, 8},     {DataType::kBool, kDLBoolCode, 8},
    {DataType::kComplex64, kDLComplex, 64}, {DataType::kComplex128, kDLComplex, 128},
};

// What a capsule we made keeps alive: the buffer and the shape arrays.
struct Export {
  DLManagedTensor managed;
  memory::AllocationPtr holder;
  std::vector<int64_t> shape, strides;
};

void DeleteExport(DLManagedTensor* m) { delete static_cast<Export*>(m->manager_ctx); }

void CapsuleDestructor(PyObject* capsule) {
  // Only a capsule nobody consumed still owns its tensor.
  if (PyCapsule_IsValid(capsule, "dltensor")) {
    auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    if (m && m->deleter) m->deleter(m);
  } else {
    PyErr_Clear();
  }
}

py::capsule ToDlpack(const TensorPtr& t) {
  const DenseTensor& d = t->dense();
  PD_CHECK(d.IsInitialized(), PreconditionNotMet, "[to_dlpack] tensor '", t->name(),
           "' holds no data");
  auto* e = new Export;
  e->holder = d.Holder();
  e->shape = d.dims().ToVector();
  e->strides.resize(e->shape.size());
  int64_t stride = 1;
  for (size_t i = e->shape.size(); i-- > 0;) {
    e->strides[i] = stride;
    stride *= std::max<int64_t>(e->shape[i], 1);
  }
  DLTensor& dl = e->managed.dl_tensor;
  dl.data = const_cast<void*>(d.data());
  dl.device = {kDLCPU, 0};
  dl.ndim = static_cast<int32_t>(e->shape.size());
  dl.dtype = {0, 0, 1};
  for (const TypeMap& m : kTypes)
    if (m.dtype == d.dtype()) dl.dtype = {m.code, m.bits, 1};
  dl.shape = e->shape.data();
  dl.strides = e->strides.data();
  dl.byte_offset = 0;
  e->managed.manager_ctx = e;
  e->managed.deleter = DeleteExport;
  PyObject* cap = PyCapsule_New(&e->managed, "dltensor", CapsuleDestructor);
  if (!cap) {
    delete e;
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::capsule>(cap);
}

DataType DtypeOf(const DLDataType& t) {
  PD_CHECK(t.lanes == 1, InvalidArgument, "[from_dlpack] vector types (lanes=", t.lanes,
           ") are not supported");
  for (const TypeMap& m : kTypes)
    if (m.code == t.code && m.bits == t.bits) return m.dtype;
  PD_THROW(InvalidArgument, "[from_dlpack] DLPack dtype (code ", int(t.code), ", bits ",
           int(t.bits), ") has no paddle dtype");
}

TensorPtr FromDlpack(py::handle obj) {
  py::object capsule = py::reinterpret_borrow<py::object>(obj);
  if (!PyCapsule_CheckExact(obj.ptr())) {
    if (!py::hasattr(obj, "__dlpack__"))
      throw py::type_error(std::string("[from_dlpack] expects a DLPack capsule or an object with "
                                       "__dlpack__, got ") + Py_TYPE(obj.ptr())->tp_name);
    capsule = obj.attr("__dlpack__")();
  }
  if (!PyCapsule_IsValid(capsule.ptr(), "dltensor"))
    throw py::value_error("[from_dlpack] the capsule is not an unconsumed 'dltensor' (each "
                          "capsule can be consumed once)");
  auto* m = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
  const DLTensor& dl = m->dl_tensor;
  PD_CHECK(dl.device.device_type == kDLCPU, InvalidArgument,
           "[from_dlpack] only CPU tensors are supported, got DLPack device type ",
           int(dl.device.device_type));
  PD_CHECK(dl.ndim >= 0 && dl.ndim <= DDim::kMaxRank, InvalidArgument, "[from_dlpack] rank ",
           dl.ndim, " is not supported");
  const DataType dtype = DtypeOf(dl.dtype);
  std::vector<int64_t> dims(dl.shape, dl.shape + dl.ndim);
  bool compact = true;
  int64_t expected = 1;
  for (int i = dl.ndim; i-- > 0;) {
    if (dl.strides && dims[i] > 1 && dl.strides[i] != expected) compact = false;
    expected *= dims[i];
  }
  DenseTensor t(dtype, DDim(dims));
  char* data = static_cast<char*>(dl.data) + dl.byte_offset;
  const size_t bytes = static_cast<size_t>(expected) * SizeOf(dtype);
  if (compact) {
    // Zero copy: the tensor holds the producer's buffer and releases it through its deleter.
    auto holder = std::shared_ptr<memory::Allocation>(
        new memory::Allocation(data, bytes, nullptr), [m](memory::Allocation* a) {
          if (m->deleter) m->deleter(m);
          delete a;
        });
    t.ResetHolder(std::move(holder));
  } else {
    // Strided: gathered into a fresh row-major buffer, then the producer's is released.
    char* dst = static_cast<char*>(t.MutableData(CPUPlace(), dtype));
    const size_t item = SizeOf(dtype);
    std::vector<int64_t> idx(dims.size(), 0);
    for (int64_t n = 0; n < expected; ++n) {
      int64_t off = 0;
      for (size_t d = 0; d < dims.size(); ++d) off += idx[d] * dl.strides[d];
      std::memcpy(dst + n * item, data + off * static_cast<int64_t>(item), item);
      for (size_t d = dims.size(); d-- > 0;) {
        if (++idx[d] < dims[d]) break;
        idx[d] = 0;
      }
    }
    if (m->deleter) m->deleter(m);
  }
  if (PyCapsule_SetName(capsule.ptr(), "used_dltensor") < 0) throw py::error_already_set();
  return eager::MakeTensor(std::move(t));
}

}  // namespace

void BindEagerDlpack(py::module_& m) {
  m.def("to_dlpack", &ToDlpack, py::arg("x"),
        "A DLPack capsule sharing the tensor's memory (consumable once).");
  m.def("from_dlpack", &FromDlpack, py::arg("dlpack"),
        "A Tensor sharing the memory of a DLPack capsule or of an object with __dlpack__.");
}

}  // namespace pybind
}  // namespace paddle
