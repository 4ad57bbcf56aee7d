// Runs a saved inference model through the C++ SDK (paddle_inference_api.h)
// and prints its outputs: a small program of a user's own, built against the
// installed SDK with find_package(paddle_inference) (see CMakeLists.txt).
//
//   run_model MODEL_DIR [INPUTS.npz] [--pool N]
//
// MODEL_DIR holds model.pdmodel + model.pdiparams (or inference.*). Inputs
// come from INPUTS.npz, one array `in:<input name>` per input (the io.npz
// files of tests/data are such), else they are random, shaped as the model
// declares with -1 dims set to 1. With --pool N the model runs on N threads,
// one predictor each from a services::PredictorPool, and every thread's
// outputs must equal the first's. Each output is printed as
//   output <name> <dtype> [<dims>]
//   <values, space separated>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "npz.h"
#include "paddle_inference_api.h"

using paddle_infer::DataType;

namespace {

struct Input {
  std::string name;
  std::vector<int> shape;
  DataType dtype;
  std::string bytes;
};

const char* DtypeName(DataType t) {
  switch (t) {
    case DataType::FLOAT32: return "float32";
    case DataType::FLOAT64: return "float64";
    case DataType::INT64: return "int64";
    case DataType::INT32: return "int32";
    case DataType::UINT8: return "uint8";
    case DataType::INT8: return "int8";
    case DataType::BOOL: return "bool";
    default: return "other";
  }
}

size_t ElementSize(DataType t) {
  switch (t) {
    case DataType::FLOAT64: case DataType::INT64: return 8;
    case DataType::FLOAT32: case DataType::INT32: return 4;
    case DataType::UINT8: case DataType::INT8: case DataType::BOOL: return 1;
    default: throw std::runtime_error(std::string("unsupported element type ") + DtypeName(t));
  }
}

// NumPy's dtype string for `t` (as np.savez writes it).
std::string Descr(DataType t) {
  switch (t) {
    case DataType::FLOAT32: return "<f4";
    case DataType::FLOAT64: return "<f8";
    case DataType::INT64: return "<i8";
    case DataType::INT32: return "<i4";
    case DataType::UINT8: return "|u1";
    case DataType::INT8: return "|i1";
    case DataType::BOOL: return "|b1";
    default: return "?";
  }
}

size_t Numel(const std::vector<int>& shape) {
  size_t n = 1;
  for (int d : shape) n *= static_cast<size_t>(d);
  return n;
}

std::vector<Input> InputsFromNpz(paddle_infer::Predictor& p, const std::string& path) {
  const auto arrays = npz::Read(path);
  std::vector<Input> inputs;
  for (const auto& name : p.GetInputNames()) {
    const npz::Array* found = nullptr;
    for (const auto& a : arrays)
      if (a.first == "in:" + name) found = &a.second;
    if (!found) throw std::runtime_error(path + " has no array 'in:" + name + "'");
    Input in{name, {}, p.GetInputHandle(name)->type(), found->bytes};
    if (found->descr != Descr(in.dtype))
      throw std::runtime_error(path + ": 'in:" + name + "' is " + found->descr +
                               ", the model's input is " + DtypeName(in.dtype));
    for (int64_t d : found->shape) in.shape.push_back(static_cast<int>(d));
    inputs.push_back(in);
  }
  return inputs;
}

std::vector<Input> RandomInputs(paddle_infer::Predictor& p) {
  std::mt19937 rng(2024);
  std::vector<Input> inputs;
  for (const auto& name : p.GetInputNames()) {
    auto handle = p.GetInputHandle(name);
    Input in{name, handle->shape(), handle->type(), {}};
    for (int& d : in.shape)
      if (d < 0) d = 1;
    const size_t n = Numel(in.shape), size = ElementSize(in.dtype);
    in.bytes.resize(n * size);
    for (size_t i = 0; i < n; ++i) {
      // Small non-negative values: valid ids for embedding inputs too.
      const int v = static_cast<int>(rng() % 4);
      if (in.dtype == DataType::FLOAT32) {
        const float f = static_cast<float>(v) / 4.0f;
        std::memcpy(&in.bytes[i * size], &f, size);
      } else if (in.dtype == DataType::FLOAT64) {
        const double f = v / 4.0;
        std::memcpy(&in.bytes[i * size], &f, size);
      } else {
        const int64_t k = in.dtype == DataType::BOOL ? (v & 1) : v;  // little-endian: low bytes
        std::memcpy(&in.bytes[i * size], &k, size);
      }
    }
    inputs.push_back(in);
  }
  return inputs;
}

struct Output {
  std::string name;
  DataType dtype;
  std::vector<int> shape;
  std::vector<double> values;
};

template <typename T>
std::vector<double> CopyOut(paddle_infer::Tensor& t, size_t n) {
  std::unique_ptr<T[]> v(new T[n]);  // not a vector: vector<bool> has no data()
  t.CopyToCpu(v.get());
  return std::vector<double>(v.get(), v.get() + n);
}

std::vector<Output> Run(paddle_infer::Predictor& p, const std::vector<Input>& inputs) {
  for (const auto& in : inputs) {
    auto handle = p.GetInputHandle(in.name);
    handle->Reshape(in.shape);
    const char* data = in.bytes.data();
    switch (in.dtype) {
      case DataType::FLOAT32: handle->CopyFromCpu(reinterpret_cast<const float*>(data)); break;
      case DataType::FLOAT64: handle->CopyFromCpu(reinterpret_cast<const double*>(data)); break;
      case DataType::INT64: handle->CopyFromCpu(reinterpret_cast<const int64_t*>(data)); break;
      case DataType::INT32: handle->CopyFromCpu(reinterpret_cast<const int32_t*>(data)); break;
      case DataType::UINT8: handle->CopyFromCpu(reinterpret_cast<const uint8_t*>(data)); break;
      case DataType::INT8: handle->CopyFromCpu(reinterpret_cast<const int8_t*>(data)); break;
      case DataType::BOOL: handle->CopyFromCpu(reinterpret_cast<const bool*>(data)); break;
      default: throw std::runtime_error("input " + in.name + ": unsupported element type");
    }
  }
  p.Run();
  std::vector<Output> outputs;
  for (const auto& name : p.GetOutputNames()) {
    auto t = p.GetOutputHandle(name);
    Output out{name, t->type(), t->shape(), {}};
    const size_t n = Numel(out.shape);
    switch (out.dtype) {
      case DataType::FLOAT32: out.values = CopyOut<float>(*t, n); break;
      case DataType::FLOAT64: out.values = CopyOut<double>(*t, n); break;
      case DataType::INT64: out.values = CopyOut<int64_t>(*t, n); break;
      case DataType::INT32: out.values = CopyOut<int32_t>(*t, n); break;
      case DataType::UINT8: out.values = CopyOut<uint8_t>(*t, n); break;
      case DataType::INT8: out.values = CopyOut<int8_t>(*t, n); break;
      case DataType::BOOL: out.values = CopyOut<bool>(*t, n); break;
      default: throw std::runtime_error("output " + name + ": unsupported element type");
    }
    outputs.push_back(out);
  }
  return outputs;
}

// Runs one predictor of a pool per thread on the same inputs; all must agree.
void CheckPool(const paddle_infer::Config& config, const std::vector<Input>& inputs,
               const std::vector<Output>& want, size_t threads) {
  paddle_infer::services::PredictorPool pool(config, threads);
  std::vector<std::vector<Output>> got(threads);
  std::vector<std::string> errors(threads);
  std::vector<std::thread> workers;
  for (size_t i = 0; i < threads; ++i)
    workers.emplace_back([&, i] {
      try {
        got[i] = Run(*pool.Retrive(i), inputs);
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
    });
  for (auto& w : workers) w.join();
  for (size_t i = 0; i < threads; ++i) {
    if (!errors[i].empty()) throw std::runtime_error("pool thread " + std::to_string(i) + ": " + errors[i]);
    for (size_t k = 0; k < want.size(); ++k)
      if (got[i][k].values != want[k].values)
        throw std::runtime_error("pool thread " + std::to_string(i) + " computed another " +
                                 want[k].name + " than a single predictor");
  }
  std::printf("pool of %zu predictors on %zu threads: outputs identical\n", threads, threads);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  size_t pool = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--pool") == 0 && i + 1 < argc) {
      pool = static_cast<size_t>(std::strtoul(argv[++i], nullptr, 10));
    } else {
      args.push_back(argv[i]);
    }
  }
  if (args.empty() || args.size() > 2) {
    std::cerr << "usage: " << argv[0] << " MODEL_DIR [INPUTS.npz] [--pool N]\n";
    return 2;
  }
  try {
    paddle_infer::Config config(args[0]);
    auto predictor = paddle_infer::CreatePredictor(config);
    const auto inputs =
        args.size() == 2 ? InputsFromNpz(*predictor, args[1]) : RandomInputs(*predictor);
    const auto outputs = Run(*predictor, inputs);
    for (const auto& out : outputs) {
      std::printf("output %s %s [", out.name.c_str(), DtypeName(out.dtype));
      for (size_t i = 0; i < out.shape.size(); ++i) std::printf(i ? ", %d" : "%d", out.shape[i]);
      std::printf("]\n");
      for (size_t i = 0; i < out.values.size(); ++i)
        std::printf(i ? " %.9g" : "%.9g", out.values[i]);
      std::printf("\n");
    }
    if (pool > 0) CheckPool(config, inputs, outputs, pool);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
