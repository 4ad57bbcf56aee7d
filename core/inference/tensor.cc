// paddle_infer::Tensor: a handle on one input or output variable of a Predictor.
#include <climits>
#include <cstdint>
#include <cstring>

#include "core/base/enforce.h"
#include "core/framework/program_desc.h"
#include "core/framework/variable.h"
#include "core/inference/paddle_inference_api.h"
#include "core/inference/predictor_state.h"

namespace paddle_infer {

namespace {

paddle::DataType ToCore(DataType t) {
  switch (t) {
    case DataType::FLOAT32: return paddle::DataType::kFloat32;
    case DataType::INT64: return paddle::DataType::kInt64;
    case DataType::INT32: return paddle::DataType::kInt32;
    case DataType::UINT8: return paddle::DataType::kUInt8;
    case DataType::INT8: return paddle::DataType::kInt8;
    case DataType::FLOAT16: return paddle::DataType::kFloat16;
    case DataType::BOOL: return paddle::DataType::kBool;
    case DataType::FLOAT64: return paddle::DataType::kFloat64;
    case DataType::BFLOAT16: return paddle::DataType::kBFloat16;
  }
  PD_THROW(InvalidArgument, "[Tensor] unknown data type ", static_cast<int>(t));
}

DataType FromCore(paddle::DataType t, const std::string& name) {
  switch (t) {
    case paddle::DataType::kFloat32: return DataType::FLOAT32;
    case paddle::DataType::kInt64: return DataType::INT64;
    case paddle::DataType::kInt32: return DataType::INT32;
    case paddle::DataType::kUInt8: return DataType::UINT8;
    case paddle::DataType::kInt8: return DataType::INT8;
    case paddle::DataType::kFloat16: return DataType::FLOAT16;
    case paddle::DataType::kBool: return DataType::BOOL;
    case paddle::DataType::kFloat64: return DataType::FLOAT64;
    case paddle::DataType::kBFloat16: return DataType::BFLOAT16;
    default: break;
  }
  PD_THROW(Unimplemented, "[Tensor] '", name, "' holds ", paddle::DataTypeName(t),
           ", which the inference API does not expose");
}

template <typename T> constexpr DataType kTypeOf = DataType::FLOAT32;
template <> constexpr DataType kTypeOf<int64_t> = DataType::INT64;
template <> constexpr DataType kTypeOf<int32_t> = DataType::INT32;
template <> constexpr DataType kTypeOf<uint8_t> = DataType::UINT8;
template <> constexpr DataType kTypeOf<int8_t> = DataType::INT8;
template <> constexpr DataType kTypeOf<bool> = DataType::BOOL;
template <> constexpr DataType kTypeOf<double> = DataType::FLOAT64;

std::string ShapeString(const std::vector<int64_t>& dims) { return paddle::DDim(dims).ToString(); }

}  // namespace

Tensor::Tensor(std::shared_ptr<PredictorState> owner, paddle::Variable* var, std::string name,
               const paddle::VarDesc* desc)
    : owner_(std::move(owner)), var_(var), name_(std::move(name)), desc_(desc) {}

paddle::DenseTensor* Tensor::Mutable() const { return var_->GetMutable<paddle::DenseTensor>(); }

const paddle::DenseTensor& Tensor::Get() const {
  const auto& t = var_->Get<paddle::DenseTensor>();
  PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[Tensor] '", name_,
           "' holds no data yet: ", desc_ ? "copy data into it first" : "call run() first");
  return t;
}

void Tensor::RequireInput(const char* call) const {
  PD_CHECK(desc_, PreconditionNotMet, "[Tensor] ", call, ": '", name_,
           "' is an output of the model; ", call,
           " applies to inputs only (get_input_handle). Outputs are read with copy_to_cpu");
}

void Tensor::SetShape(const std::vector<int>& shape, const char* call) {
  RequireInput(call);
  std::vector<int64_t> dims(shape.begin(), shape.end());
  for (int64_t d : dims)
    PD_CHECK(d >= 0, InvalidArgument, "[Tensor] ", call, ": input '", name_, "' shape ",
             ShapeString(dims), " has a negative dim");
  std::vector<int64_t> want = desc_->GetShape();
  bool ok = want.size() == dims.size();
  for (size_t i = 0; ok && i < dims.size(); ++i) ok = want[i] < 0 || want[i] == dims[i];
  PD_CHECK(ok, InvalidArgument, "[Tensor] ", call, ": input '", name_, "' expects shape ",
           ShapeString(want), " (as the model declares it), got ", ShapeString(dims));
  paddle::DDim d(dims);
  d.numel();  // throws when the element count does not fit in 64 bits
  Mutable()->Resize(d);  // the tensor's own shape: every handle on it sees it
}

void Tensor::CopyIn(const void* data, DataType dtype, const char* call) {
  RequireInput(call);
  paddle::DenseTensor* t = Mutable();
  PD_CHECK(t->dims().numel() >= 0, PreconditionNotMet, "[Tensor] ", call, ": input '", name_,
           "' has shape ", t->dims().ToString(),
           " with unknown (-1) dims: call Reshape with its real shape first");
  CheckDtype(dtype, call);
  void* dst = t->MutableData(paddle::CPUPlace(), desc_->GetDataType());
  if (t->nbytes()) std::memcpy(dst, data, t->nbytes());
}

void Tensor::CheckDtype(DataType dtype, const char* call) const {
  paddle::DataType want = desc_->GetDataType();
  PD_CHECK(ToCore(dtype) == want, InvalidArgument, "[Tensor] ", call, ": input '", name_,
           "' expects ", paddle::DataTypeName(want), " data, got ",
           paddle::DataTypeName(ToCore(dtype)));
}

void Tensor::Reshape(const std::vector<int>& shape) {
  InUse in_use(*owner_, "Reshape");
  SetShape(shape, "Reshape");
}

void Tensor::CopyFromCpuRaw(const void* data, DataType dtype) {
  InUse in_use(*owner_, "CopyFromCpu");
  CopyIn(data, dtype, "CopyFromCpu");
}

void Tensor::CopyFromCpuRaw(const void* data, DataType dtype, const std::vector<int>& shape,
                            const char* call) {
  InUse in_use(*owner_, call);
  RequireInput(call);
  CheckDtype(dtype, call);  // before the shape changes: a refused copy changes nothing
  SetShape(shape, call);
  CopyIn(data, dtype, call);
}

void Tensor::CopyToCpuRaw(void* data) const {
  InUse in_use(*owner_, "CopyToCpu");
  const auto& t = Get();
  if (t.nbytes()) std::memcpy(data, t.data(), t.nbytes());
}

void Tensor::CopyToCpuRaw(void* data, size_t capacity) const {
  InUse in_use(*owner_, "CopyToCpu");
  const auto& t = Get();
  PD_CHECK(t.nbytes() == capacity, PreconditionNotMet, "[Tensor] CopyToCpu: '", name_,
           "' holds ", t.nbytes(), " bytes (shape ", t.dims().ToString(), "), the buffer has ",
           capacity, ": the output changed since its shape was read");
  if (capacity) std::memcpy(data, t.data(), capacity);
}

template <typename T>
void Tensor::CopyFromCpu(const T* data) {
  CopyFromCpuRaw(data, kTypeOf<T>);
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  DataType have = type();
  PD_CHECK(have == kTypeOf<T>, InvalidArgument, "[Tensor] '", name_, "' holds ",
           paddle::DataTypeName(Get().dtype()), ", read as ",
           paddle::DataTypeName(ToCore(kTypeOf<T>)));
  CopyToCpuRaw(data);
}

template <typename T>
T* Tensor::mutable_data(PlaceType place) {
  InUse in_use(*owner_, "mutable_data");
  RequireInput("mutable_data");
  PD_CHECK(place == PlaceType::kCPU, Unimplemented, "[Tensor] mutable_data: input '", name_,
           "' can only live on the CPU in this build; pass PlaceType::kCPU");
  CheckDtype(kTypeOf<T>, "mutable_data");
  paddle::DenseTensor* t = Mutable();
  for (int i = 0; i < t->dims().rank(); ++i)
    PD_CHECK(t->dims()[i] >= 0, PreconditionNotMet, "[Tensor] mutable_data: input '", name_,
             "' has shape ", t->dims().ToString(),
             " with unknown (-1) dims: call Reshape with its real shape first");
  return static_cast<T*>(t->MutableData(paddle::CPUPlace(), desc_->GetDataType()));
}

template <typename T>
T* Tensor::data(PlaceType* place, int* size) const {
  InUse in_use(*owner_, "data");
  const auto& t = Get();
  PD_CHECK(t.dtype() == ToCore(kTypeOf<T>), InvalidArgument, "[Tensor] data: '", name_,
           "' holds ", paddle::DataTypeName(t.dtype()), ", read as ",
           paddle::DataTypeName(ToCore(kTypeOf<T>)));
  PD_CHECK(t.HoldsData(), PreconditionNotMet, "[Tensor] data: '", name_, "' was reshaped to ",
           t.dims().ToString(), " after its data was set");
  PD_CHECK(t.numel() <= INT32_MAX, OutOfRange, "[Tensor] data: '", name_, "' holds ",
           t.numel(), " elements, more than an int counts");
  if (place) *place = PlaceType::kCPU;
  if (size) *size = static_cast<int>(t.numel());
  return static_cast<T*>(const_cast<void*>(t.data()));
}

#define PD_INSTANTIATE_COPY(T)                                     \
  template void Tensor::CopyFromCpu<T>(const T* data);            \
  template void Tensor::CopyToCpu<T>(T * data) const;             \
  template T* Tensor::mutable_data<T>(PlaceType place);           \
  template T* Tensor::data<T>(PlaceType * place, int* size) const;
PD_INSTANTIATE_COPY(float)
PD_INSTANTIATE_COPY(double)
PD_INSTANTIATE_COPY(int64_t)
PD_INSTANTIATE_COPY(int32_t)
PD_INSTANTIATE_COPY(uint8_t)
PD_INSTANTIATE_COPY(int8_t)
PD_INSTANTIATE_COPY(bool)
#undef PD_INSTANTIATE_COPY

std::vector<int> Tensor::shape() const {
  InUse in_use(*owner_, "shape");
  const auto& d = var_->Get<paddle::DenseTensor>().dims();
  if (!desc_) Get();  // an output has a shape once run() has computed it
  std::vector<int> out(d.rank());
  for (int i = 0; i < d.rank(); ++i) out[i] = static_cast<int>(d[i]);
  return out;
}

DataType Tensor::type() const {
  InUse in_use(*owner_, "type");
  const auto& t = var_->Get<paddle::DenseTensor>();
  if (desc_ && !t.IsInitialized()) return FromCore(desc_->GetDataType(), name_);
  return FromCore(Get().dtype(), name_);
}

size_t Tensor::nbytes() const {
  InUse in_use(*owner_, "nbytes");
  return Get().nbytes();
}

void Tensor::SetLoD(const std::vector<std::vector<size_t>>& lod) {
  InUse in_use(*owner_, "SetLoD");
  RequireInput("SetLoD");
  paddle::LoD l;
  for (const auto& level : lod) l.emplace_back(level.begin(), level.end());
  Mutable()->set_lod(l);
}

std::vector<std::vector<size_t>> Tensor::lod() const {
  InUse in_use(*owner_, "lod");
  std::vector<std::vector<size_t>> out;
  for (const auto& level : var_->Get<paddle::DenseTensor>().lod())
    out.emplace_back(level.begin(), level.end());
  return out;
}

}  // namespace paddle_infer
