// paddle_infer::Tensor: a handle on one input or output variable of a Predictor.
#include <cstring>

#include "core/framework/enforce.h"
#include "core/framework/program_desc.h"
#include "core/framework/variable.h"
#include "core/inference/paddle_inference_api.h"

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

paddle::DenseTensor* Tensor::Mutable() const { return var_->GetMutable<paddle::DenseTensor>(); }

const paddle::DenseTensor& Tensor::Get() const {
  const auto& t = var_->Get<paddle::DenseTensor>();
  PD_CHECK(t.IsInitialized(), PreconditionNotMet, "[Tensor] '", name_,
           "' holds no data yet: ", desc_ ? "copy data into it first" : "call run() first");
  return t;
}

void Tensor::Reshape(const std::vector<int>& shape) {
  PD_CHECK(desc_, PreconditionNotMet, "[Tensor] '", name_, "' is an output: it cannot be reshaped");
  std::vector<int64_t> dims(shape.begin(), shape.end());
  for (int64_t d : dims)
    PD_CHECK(d >= 0, InvalidArgument, "[Tensor] '", name_, "' shape ", ShapeString(dims),
             " has a negative dim");
  std::vector<int64_t> want = desc_->GetShape();
  bool ok = want.size() == dims.size();
  for (size_t i = 0; ok && i < dims.size(); ++i) ok = want[i] < 0 || want[i] == dims[i];
  PD_CHECK(ok, InvalidArgument, "[Tensor] input '", name_, "' expects shape ", ShapeString(want),
           " (as the model declares it), got ", ShapeString(dims));
  shape_ = std::move(dims);
  reshaped_ = true;
}

void Tensor::CopyFromCpuRaw(const void* data, DataType dtype) {
  PD_CHECK(desc_, PreconditionNotMet, "[Tensor] '", name_, "' is an output: copy into inputs only");
  PD_CHECK(reshaped_, PreconditionNotMet, "[Tensor] input '", name_,
           "': call Reshape before CopyFromCpu");
  paddle::DataType want = desc_->GetDataType();
  PD_CHECK(ToCore(dtype) == want, InvalidArgument, "[Tensor] input '", name_, "' expects ",
           paddle::DataTypeName(want), " data, got ", paddle::DataTypeName(ToCore(dtype)));
  paddle::DenseTensor* t = Mutable();
  t->Resize(paddle::DDim(shape_));
  void* dst = t->MutableData(paddle::CPUPlace(), want);
  if (t->nbytes()) std::memcpy(dst, data, t->nbytes());
}

void Tensor::CopyToCpuRaw(void* data) const {
  const auto& t = Get();
  if (t.nbytes()) std::memcpy(data, t.data(), t.nbytes());
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

#define PD_INSTANTIATE_COPY(T)                          \
  template void Tensor::CopyFromCpu<T>(const T* data); \
  template void Tensor::CopyToCpu<T>(T * data) const;
PD_INSTANTIATE_COPY(float)
PD_INSTANTIATE_COPY(double)
PD_INSTANTIATE_COPY(int64_t)
PD_INSTANTIATE_COPY(int32_t)
PD_INSTANTIATE_COPY(uint8_t)
PD_INSTANTIATE_COPY(int8_t)
PD_INSTANTIATE_COPY(bool)
#undef PD_INSTANTIATE_COPY

std::vector<int> Tensor::shape() const {
  const auto& t = var_->Get<paddle::DenseTensor>();
  if (desc_ && !t.IsInitialized()) return std::vector<int>(shape_.begin(), shape_.end());
  const auto& d = Get().dims();
  std::vector<int> out(d.rank());
  for (int i = 0; i < d.rank(); ++i) out[i] = static_cast<int>(d[i]);
  return out;
}

DataType Tensor::type() const {
  const auto& t = var_->Get<paddle::DenseTensor>();
  if (desc_ && !t.IsInitialized()) return FromCore(desc_->GetDataType(), name_);
  return FromCore(Get().dtype(), name_);
}

size_t Tensor::nbytes() const { return Get().nbytes(); }

void Tensor::SetLoD(const std::vector<std::vector<size_t>>& lod) {
  PD_CHECK(desc_, PreconditionNotMet, "[Tensor] '", name_, "' is an output: its LoD is computed");
  paddle::LoD l;
  for (const auto& level : lod) l.emplace_back(level.begin(), level.end());
  Mutable()->set_lod(l);
}

std::vector<std::vector<size_t>> Tensor::lod() const {
  std::vector<std::vector<size_t>> out;
  for (const auto& level : var_->Get<paddle::DenseTensor>().lod())
    out.emplace_back(level.begin(), level.end());
  return out;
}

}  // namespace paddle_infer
