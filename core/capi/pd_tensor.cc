// PD_Tensor*: a paddle_infer::Tensor handle behind a C handle.
#include <cstdint>

#include "core/capi/capi_internal.h"

using paddle::capi::Guard;
using paddle::capi::GuardStatus;
using paddle::capi::Need;
using paddle_infer::DataType;
using paddle_infer::PlaceType;

namespace {

paddle_infer::Tensor& TensorOf(PD_Tensor* t) { return *Need(t, "pd_tensor")->tensor; }

PD_DataType ToC(DataType t) {
  switch (t) {
    case DataType::FLOAT32: return PD_DATA_FLOAT32;
    case DataType::INT32: return PD_DATA_INT32;
    case DataType::INT64: return PD_DATA_INT64;
    case DataType::UINT8: return PD_DATA_UINT8;
    case DataType::INT8: return PD_DATA_INT8;
    case DataType::FLOAT64: return PD_DATA_FLOAT64;
    case DataType::BOOL: return PD_DATA_BOOL;
    case DataType::FLOAT16: return PD_DATA_FLOAT16;
    case DataType::BFLOAT16: return PD_DATA_BFLOAT16;
  }
  return PD_DATA_UNK;
}

PlaceType PlaceFromC(PD_PlaceType place) {
  switch (place) {
    case PD_PLACE_CPU: return PlaceType::kCPU;
    case PD_PLACE_GPU: return PlaceType::kGPU;
    default: break;
  }
  PD_THROW(Unimplemented, "[Tensor] place ", place,
           " is not available in this build; use PD_PLACE_CPU");
}

template <typename T>
PD_Bool CopyFromCpu(const char* function, PD_Tensor* pd_tensor, const T* data) {
  return GuardStatus(function, [&] {
    paddle_infer::Tensor& t = TensorOf(pd_tensor);
    // A NULL source is fine only when there is nothing to copy.
    if (!data) {
      int64_t n = 1;
      for (int d : t.shape()) n *= d;
      PD_CHECK(n == 0, InvalidArgument, "data is NULL");
    }
    t.CopyFromCpu(data);
  });
}

template <typename T>
PD_Bool CopyToCpu(const char* function, PD_Tensor* pd_tensor, T* data) {
  return GuardStatus(function, [&] {
    paddle_infer::Tensor& t = TensorOf(pd_tensor);
    PD_CHECK(data || t.nbytes() == 0, InvalidArgument, "data is NULL");
    t.CopyToCpu(data);
  });
}

template <typename T>
T* MutableData(const char* function, PD_Tensor* pd_tensor, PD_PlaceType place) {
  return Guard(function, static_cast<T*>(nullptr),
               [&] { return TensorOf(pd_tensor).mutable_data<T>(PlaceFromC(place)); });
}

template <typename T>
T* Data(const char* function, PD_Tensor* pd_tensor, PD_PlaceType* place, int32_t* size) {
  return Guard(function, static_cast<T*>(nullptr), [&] {
    PlaceType p = PlaceType::kUNK;
    int n = 0;
    T* data = TensorOf(pd_tensor).data<T>(&p, &n);
    if (place) *place = p == PlaceType::kCPU ? PD_PLACE_CPU : PD_PLACE_UNK;
    if (size) *size = n;
    return data;
  });
}

}  // namespace

extern "C" {

void PD_TensorDestroy(PD_Tensor* pd_tensor) { delete pd_tensor; }

PD_Bool PD_TensorReshape(PD_Tensor* pd_tensor, size_t shape_size, const int32_t* shape) {
  return GuardStatus("PD_TensorReshape", [&] {
    paddle_infer::Tensor& t = TensorOf(pd_tensor);
    PD_CHECK(shape || shape_size == 0, InvalidArgument, "shape is NULL");
    t.Reshape(std::vector<int>(shape, shape + shape_size));
  });
}

#define PD_CAPI_COPY(SUFFIX, T)                                                  \
  PD_Bool PD_TensorCopyFromCpu##SUFFIX(PD_Tensor* pd_tensor, const T* data) {    \
    return CopyFromCpu("PD_TensorCopyFromCpu" #SUFFIX, pd_tensor, data);         \
  }                                                                              \
  PD_Bool PD_TensorCopyToCpu##SUFFIX(PD_Tensor* pd_tensor, T* data) {            \
    return CopyToCpu("PD_TensorCopyToCpu" #SUFFIX, pd_tensor, data);             \
  }
PD_CAPI_COPY(Float, float)
PD_CAPI_COPY(Int64, int64_t)
PD_CAPI_COPY(Int32, int32_t)
PD_CAPI_COPY(Uint8, uint8_t)
PD_CAPI_COPY(Int8, int8_t)
PD_CAPI_COPY(Float64, double)
#undef PD_CAPI_COPY

#define PD_CAPI_DATA(SUFFIX, T)                                                          \
  T* PD_TensorMutableData##SUFFIX(PD_Tensor* pd_tensor, PD_PlaceType place) {            \
    return MutableData<T>("PD_TensorMutableData" #SUFFIX, pd_tensor, place);             \
  }                                                                                      \
  T* PD_TensorData##SUFFIX(PD_Tensor* pd_tensor, PD_PlaceType* place, int32_t* size) {   \
    return Data<T>("PD_TensorData" #SUFFIX, pd_tensor, place, size);                     \
  }
PD_CAPI_DATA(Float, float)
PD_CAPI_DATA(Int64, int64_t)
PD_CAPI_DATA(Int32, int32_t)
PD_CAPI_DATA(Uint8, uint8_t)
PD_CAPI_DATA(Int8, int8_t)
#undef PD_CAPI_DATA

PD_OneDimArrayInt32* PD_TensorGetShape(PD_Tensor* pd_tensor) {
  return Guard("PD_TensorGetShape", static_cast<PD_OneDimArrayInt32*>(nullptr), [&] {
    std::vector<int> shape = TensorOf(pd_tensor).shape();
    auto array = std::make_unique<PD_OneDimArrayInt32>();
    array->size = shape.size();
    array->data = shape.empty() ? nullptr : new int32_t[shape.size()];
    for (size_t i = 0; i < shape.size(); ++i) array->data[i] = shape[i];
    return array.release();
  });
}

PD_DataType PD_TensorGetDataType(PD_Tensor* pd_tensor) {
  return Guard("PD_TensorGetDataType", PD_DataType{PD_DATA_UNK},
               [&] { return ToC(TensorOf(pd_tensor).type()); });
}

const char* PD_TensorGetName(PD_Tensor* pd_tensor) {
  return Guard("PD_TensorGetName", static_cast<const char*>(nullptr),
               [&] { return TensorOf(pd_tensor).name().c_str(); });
}

PD_Bool PD_TensorSetLod(PD_Tensor* pd_tensor, PD_TwoDimArraySize* lod) {
  return GuardStatus("PD_TensorSetLod", [&] {
    paddle_infer::Tensor& t = TensorOf(pd_tensor);
    Need(lod, "lod");
    PD_CHECK(lod->data || lod->size == 0, InvalidArgument, "lod->data is NULL");
    std::vector<std::vector<size_t>> levels(lod->size);
    for (size_t i = 0; i < lod->size; ++i) {
      const PD_OneDimArraySize* level = lod->data[i];
      PD_CHECK(level, InvalidArgument, "lod->data[", i, "] is NULL");
      PD_CHECK(level->data || level->size == 0, InvalidArgument, "lod->data[", i,
               "]->data is NULL");
      levels[i].assign(level->data, level->data + level->size);
    }
    t.SetLoD(levels);
  });
}

PD_TwoDimArraySize* PD_TensorGetLod(PD_Tensor* pd_tensor) {
  return Guard("PD_TensorGetLod", static_cast<PD_TwoDimArraySize*>(nullptr), [&] {
    std::vector<std::vector<size_t>> levels = TensorOf(pd_tensor).lod();
    std::unique_ptr<PD_TwoDimArraySize, void (*)(PD_TwoDimArraySize*)> lod(
        new PD_TwoDimArraySize{0, nullptr}, PD_TwoDimArraySizeDestroy);
    lod->data = levels.empty() ? nullptr : new PD_OneDimArraySize*[levels.size()]();
    for (const auto& level : levels) {
      auto* out = new PD_OneDimArraySize{0, nullptr};
      lod->data[lod->size++] = out;
      out->data = level.empty() ? nullptr : new size_t[level.size()];
      out->size = level.size();
      for (size_t j = 0; j < level.size(); ++j) out->data[j] = level[j];
    }
    return lod.release();
  });
}

}  // extern "C"
