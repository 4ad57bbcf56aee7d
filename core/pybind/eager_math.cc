// Tensor arithmetic and comparison operators in C: the number slots of
// paddle.Tensor and the functions behind paddle.add, paddle.equal, ... One
// call converts the operands (PaddlePaddle's type promotion) and runs the op,
// with no Python frame in between. Operands the fast path does not know
// (numpy arrays, lists, complex numbers) go to the Python fallback that
// paddle.tensor.promotion registers.
#include <cmath>
#include <complex>
#include <cstring>

#include "core/base/enforce.h"
#include "core/eager/op_runner.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::TensorPtr;
using eager::TensorSlots;

namespace {

enum class Bin {
  kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow, kMax, kMin, kMatmul,
  kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr, kXor, kCount
};

struct BinInfo {
  const char* op;  // the op it runs
  const char* fn;  // the paddle function, for errors
};
constexpr BinInfo kBin[] = {
    {"elementwise_add", "add"},        {"elementwise_sub", "subtract"},
    {"elementwise_mul", "multiply"},   {"elementwise_div", "divide"},
    {"elementwise_floordiv", "floor_divide"}, {"elementwise_mod", "remainder"},
    {"elementwise_pow", "pow"},        {"elementwise_max", "maximum"},
    {"elementwise_min", "minimum"},    {"matmul_v2", "matmul"},
    {"equal", "equal"},                {"not_equal", "not_equal"},
    {"less_than", "less_than"},        {"less_equal", "less_equal"},
    {"greater_than", "greater_than"},  {"greater_equal", "greater_equal"},
    {"logical_and", "logical_and"},    {"logical_or", "logical_or"},
    {"logical_xor", "logical_xor"},
};

DataType g_default_float = DataType::kFloat32;
PyObject* g_fallback = nullptr;  // paddle.tensor.promotion.binary_fallback(name, x, y)

bool IsFloat(DataType d) {
  return d == DataType::kFloat16 || d == DataType::kBFloat16 || d == DataType::kFloat32 ||
         d == DataType::kFloat64;
}
bool IsComplex(DataType d) { return d == DataType::kComplex64 || d == DataType::kComplex128; }
int Rank(DataType d) {
  switch (d) {
    case DataType::kFloat16: case DataType::kBFloat16: return 1;
    case DataType::kFloat32: return 2;
    case DataType::kFloat64: return 3;
    case DataType::kComplex64: return 4;
    case DataType::kComplex128: return 5;
    default: return 0;
  }
}

DataType Wider(DataType a, DataType b, const char* fn) {
  if (a == b) return a;
  if (Rank(a) && Rank(b)) {
    if (Rank(a) == 1 && Rank(b) == 1) return DataType::kFloat32;  // float16 with bfloat16
    if (IsComplex(a) || IsComplex(b)) {
      const bool wide = a == DataType::kComplex128 || b == DataType::kComplex128 ||
                        a == DataType::kFloat64 || b == DataType::kFloat64;
      return wide ? DataType::kComplex128 : DataType::kComplex64;
    }
    return Rank(a) > Rank(b) ? a : b;
  }
  throw py::type_error(std::string("[") + fn + "] Type promotion only supports calculations "
                       "between floating-point numbers and between complex and real numbers, "
                       "but got different data types x: " + DataTypeName(a) + ", y: " +
                       DataTypeName(b));
}

// A Python number the fast path takes: bool, int (and numpy integers), float
// (and numpy floats).
struct Scalar {
  enum Kind { kBool, kInt, kFloat } kind;
  int64_t i = 0;
  double f = 0;
};

bool ReadScalar(PyObject* o, Scalar* s) {
  if (PyBool_Check(o)) {
    *s = {Scalar::kBool, o == Py_True, o == Py_True ? 1.0 : 0.0};
    return true;
  }
  if (PyLong_Check(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) return false;
    *s = {Scalar::kInt, v, static_cast<double>(v)};
    return true;
  }
  if (PyFloat_Check(o)) {
    *s = {Scalar::kFloat, 0, PyFloat_AS_DOUBLE(o)};
    return true;
  }
  // numpy scalars: np.bool_ by name, integers by __index__, floats by __float__.
  const char* name = Py_TYPE(o)->tp_name;
  if (std::strcmp(name, "numpy.bool") == 0 || std::strcmp(name, "numpy.bool_") == 0) {
    const int b = PyObject_IsTrue(o);
    *s = {Scalar::kBool, b, static_cast<double>(b)};
    return true;
  }
  if (std::strncmp(name, "numpy.", 6) != 0 || PyComplex_Check(o)) return false;
  PyNumberMethods* nm = Py_TYPE(o)->tp_as_number;
  if (nm && nm->nb_index) {
    py::object v = py::reinterpret_steal<py::object>(PyNumber_Index(o));
    if (!v) throw py::error_already_set();
    return ReadScalar(v.ptr(), s);
  }
  if (nm && nm->nb_float) {
    *s = {Scalar::kFloat, 0, PyFloat_AsDouble(o)};
    return !PyErr_Occurred();
  }
  return false;
}

// The dtype of `t <op> s`: the tensor's, except that a float scalar makes an
// integer or bool tensor the default float type, and an int one a bool tensor int64.
DataType ScalarDtype(DataType t, const Scalar& s) {
  if (s.kind == Scalar::kBool) return t;
  if (s.kind == Scalar::kInt) return t == DataType::kBool ? DataType::kInt64 : t;
  return IsFloat(t) || IsComplex(t) ? t : g_default_float;
}

template <typename T>
void Store(void* p, const Scalar& s) {
  T v = s.kind == Scalar::kFloat ? static_cast<T>(s.f) : static_cast<T>(s.i);
  std::memcpy(p, &v, sizeof(T));
}

TensorPtr ScalarTensor(const Scalar& s, DataType d) {
  DenseTensor t(d, DDim(std::vector<int64_t>{}));
  void* p = t.MutableData(CPUPlace(), d);
  switch (d) {
    case DataType::kFloat32: Store<float>(p, s); break;
    case DataType::kFloat64: Store<double>(p, s); break;
    case DataType::kInt32: Store<int32_t>(p, s); break;
    case DataType::kInt64: Store<int64_t>(p, s); break;
    case DataType::kInt16: Store<int16_t>(p, s); break;
    case DataType::kInt8: Store<int8_t>(p, s); break;
    case DataType::kUInt8: Store<uint8_t>(p, s); break;
    case DataType::kComplex64: Store<std::complex<float>>(p, s); break;  // a real number
    case DataType::kComplex128: Store<std::complex<double>>(p, s); break;
    case DataType::kBool: {
      bool v = s.kind == Scalar::kFloat ? s.f != 0 : s.i != 0;
      std::memcpy(p, &v, 1);
      break;
    }
    case DataType::kFloat16: {
      float16 v(static_cast<float>(s.kind == Scalar::kFloat ? s.f : static_cast<double>(s.i)));
      std::memcpy(p, &v, 2);
      break;
    }
    case DataType::kBFloat16: {
      bfloat16 v(static_cast<float>(s.kind == Scalar::kFloat ? s.f : static_cast<double>(s.i)));
      std::memcpy(p, &v, 2);
      break;
    }
    default:
      throw py::type_error(std::string("a Python number cannot be combined with a ") +
                           DataTypeName(d) + " tensor here");
  }
  return eager::MakeTensor(std::move(t));
}

// An op with its attributes' defaults, resolved once.
struct PreparedOp {
  const OpDef* def = nullptr;
  std::vector<Attribute> defaults;
  explicit PreparedOp(const char* type) : def(&OpRegistry::Instance().Get(type)) {
    for (const AttrDef& a : def->attrs) defaults.push_back(a.default_value);
  }
  int Attr(const char* name) const { return def->AttrIndex(name); }
};

TensorPtr Run1(const PreparedOp& op, const std::vector<Attribute>& attrs, TensorSlots ins) {
  TensorSlots outs(op.def->outputs.size());
  for (size_t s = 0; s < outs.size(); ++s) outs[s].resize(op.def->outputs[s].dispensable ? 0 : 1);
  eager::RunOp(*op.def, attrs, ins, outs);
  return outs[0][0];
}

TensorPtr Cast(const TensorPtr& t, DataType d) {
  if (t->dense().dtype() == d) return t;
  static const PreparedOp cast("cast");
  static const int in = cast.Attr("in_dtype"), out = cast.Attr("out_dtype");
  std::vector<Attribute> attrs = cast.defaults;
  attrs[in] = static_cast<int32_t>(t->dense().dtype());
  attrs[out] = static_cast<int32_t>(d);
  return Run1(cast, attrs, {{t}});
}

// scale * x + bias, for a float tensor and a Python number.
TensorPtr Scale(const TensorPtr& x, double scale, double bias) {
  static const PreparedOp op("scale");
  static const int s = op.Attr("scale"), b = op.Attr("bias");
  std::vector<Attribute> attrs = op.defaults;
  attrs[s] = static_cast<float>(scale);
  attrs[b] = static_cast<float>(bias);
  return Run1(op, attrs, {{x}, {}, {}});
}

TensorPtr Pow(const TensorPtr& x, double factor) {
  static const PreparedOp op("pow");
  static const int f = op.Attr("factor");
  std::vector<Attribute> attrs = op.defaults;
  attrs[f] = static_cast<float>(factor);
  return Run1(op, attrs, {{x}, {}});
}

const PreparedOp& OpOf(Bin k) {
  static std::vector<std::unique_ptr<PreparedOp>> ops = [] {
    std::vector<std::unique_ptr<PreparedOp>> v;
    for (const BinInfo& b : kBin) v.push_back(std::make_unique<PreparedOp>(b.op));
    return v;
  }();
  return *ops[static_cast<size_t>(k)];
}

bool IsLogical(Bin k) { return k == Bin::kAnd || k == Bin::kOr || k == Bin::kXor; }

PyObject* Fallback(Bin k, PyObject* x, PyObject* y) {
  if (!g_fallback) throw py::type_error("paddle.tensor is not imported");
  return PyObject_CallFunction(g_fallback, "sOO", kBin[static_cast<int>(k)].fn, x, y);
}

// x <k> y with at least one of them a tensor.
PyObject* Binary(Bin k, PyObject* x, PyObject* y) {
  const char* fn = kBin[static_cast<int>(k)].fn;
  const bool xt = IsTensor(x), yt = IsTensor(y);
  TensorPtr a, b;
  Scalar s;
  if (xt && yt) {
    a = UnwrapTensor(x);
    b = UnwrapTensor(y);
    if (!IsLogical(k)) {
      const DataType d = Wider(a->dense().dtype(), b->dense().dtype(), fn);
      // matmul_v2 has no complex kernel: paddle.matmul composes real products.
      if (k == Bin::kMatmul && IsComplex(d)) return Fallback(k, x, y);
      a = Cast(a, d);
      b = Cast(b, d);
    }
  } else if (k != Bin::kMatmul && !IsLogical(k) && (xt ? ReadScalar(y, &s) : ReadScalar(x, &s))) {
    const TensorPtr& t = UnwrapTensor(xt ? x : y);
    const DataType d = ScalarDtype(t->dense().dtype(), s);
    const bool real = s.kind != Scalar::kBool;
    // The scale op needs no second tensor; its attributes are float, so a
    // float64 tensor takes the general path (the scalar kept in double).
    if (IsFloat(d) && real && d != DataType::kFloat64) {
      const double v = s.kind == Scalar::kFloat ? s.f : static_cast<double>(s.i);
      const TensorPtr c = Cast(t, d);
      if (k == Bin::kAdd) return WrapTensor(Scale(c, 1, v));
      if (k == Bin::kSub) return WrapTensor(xt ? Scale(c, 1, -v) : Scale(c, -1, v));
      if (k == Bin::kMul) return WrapTensor(Scale(c, v, 0));
      if (k == Bin::kPow && xt) return WrapTensor(Pow(c, v));
    }
    if (k == Bin::kPow && xt && real && !IsFloat(d) && !IsComplex(d)) {
      // Integer powers of integers: computed in float64 (exact below 2**53), kept integer.
      const double v = s.kind == Scalar::kFloat ? s.f : static_cast<double>(s.i);
      return WrapTensor(Cast(Pow(Cast(t, DataType::kFloat64), v), d));
    }
    const TensorPtr c = ScalarTensor(s, d);
    a = xt ? Cast(t, d) : c;
    b = xt ? c : Cast(t, d);
  } else {
    return Fallback(k, x, y);
  }
  if (k == Bin::kDiv && !IsFloat(a->dense().dtype()) && !IsComplex(a->dense().dtype())) {
    a = Cast(a, g_default_float);
    b = Cast(b, g_default_float);
  }
  if (k == Bin::kPow && !IsFloat(a->dense().dtype()) && !IsComplex(a->dense().dtype())) {
    const DataType d = a->dense().dtype();
    return WrapTensor(Cast(Run1(OpOf(k), OpOf(k).defaults,
                                {{Cast(a, DataType::kFloat64)}, {Cast(b, DataType::kFloat64)}}), d));
  }
  if (IsLogical(k) &&
      (a->dense().dtype() != DataType::kBool || b->dense().dtype() != DataType::kBool))
    throw py::type_error(std::string("[") + fn + "] expects bool tensors, got " +
                         DataTypeName(a->dense().dtype()) + " and " +
                         DataTypeName(b->dense().dtype()));
  const PreparedOp& op = OpOf(k);
  TensorSlots ins(op.def->inputs.size());
  ins[0] = {a};
  ins[1] = {b};
  return WrapTensor(Run1(op, op.defaults, std::move(ins)));
}

// ---- number slots ----

template <Bin K>
PyObject* Slot(PyObject* x, PyObject* y) {
  return Guard([&] { return Binary(K, x, y); });
}
template <Bin K>
PyObject* InplaceSlot(PyObject* x, PyObject* y) {
  return Guard([&]() -> PyObject* {
    PyObject* r = Binary(K, x, y);
    // A static program's x += y is a new variable, as in PaddlePaddle: writing
    // it into x's variable would give one name two values, and two gradients.
    if (!r || !IsTensor(r) || UnwrapTensor(x)->static_var()) return r;
    eager::AssignInPlace(UnwrapTensor(x), UnwrapTensor(r));
    Py_DECREF(r);
    Py_INCREF(x);
    return x;
  });
}
PyObject* PowerSlot(PyObject* x, PyObject* y, PyObject* mod) {
  if (mod != Py_None) {
    PyErr_SetString(PyExc_TypeError, "pow() with a modulus is not supported for Tensors");
    return nullptr;
  }
  return Slot<Bin::kPow>(x, y);
}
PyObject* RichCompare(PyObject* x, PyObject* y, int op) {
  if (!IsTensor(y) && !IsTensor(x)) Py_RETURN_NOTIMPLEMENTED;
  if (y == Py_None || x == Py_None) {
    if (op == Py_EQ) Py_RETURN_FALSE;
    if (op == Py_NE) Py_RETURN_TRUE;
  }
  static constexpr Bin kOps[] = {Bin::kLt, Bin::kLe, Bin::kEq, Bin::kNe, Bin::kGt, Bin::kGe};
  return Guard([&] { return Binary(kOps[op], x, y); });
}
PyObject* Negative(PyObject* x) {
  return Guard([&] {
    const TensorPtr& t = UnwrapTensor(x);
    if (IsFloat(t->dense().dtype())) return WrapTensor(Scale(t, -1, 0));
    PyObject* zero = PyLong_FromLong(0);
    PyObject* r = Binary(Bin::kSub, zero, x);
    Py_DECREF(zero);
    return r;
  });
}
PyObject* Invert(PyObject* x) {
  return Guard([&] {
    const TensorPtr& t = UnwrapTensor(x);
    if (t->dense().dtype() != DataType::kBool)
      throw py::type_error(std::string("~ (logical_not) expects a bool tensor, got ") +
                           DataTypeName(t->dense().dtype()));
    static const PreparedOp op("logical_not");
    return WrapTensor(Run1(op, op.defaults, {{t}}));
  });
}

// ---- module functions: paddle.add(x, y) and friends ----

template <Bin K>
PyObject* Function(PyObject*, PyObject* const* args, Py_ssize_t n) {
  if (n != 2) {
    PyErr_Format(PyExc_TypeError, "%s() takes 2 arguments (%zd given)", kBin[static_cast<int>(K)].fn, n);
    return nullptr;
  }
  if (!IsTensor(args[0]) && !IsTensor(args[1])) {
    PyErr_Format(PyExc_TypeError, "[%s] expects a paddle.Tensor operand, got %s and %s",
                 kBin[static_cast<int>(K)].fn, Py_TYPE(args[0])->tp_name,
                 Py_TYPE(args[1])->tp_name);
    return nullptr;
  }
  return Slot<K>(args[0], args[1]);
}

#define PD_BIN_FN(NAME, K) \
  {NAME, reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&Function<K>)), METH_FASTCALL, nullptr}
PyMethodDef kFunctions[] = {
    PD_BIN_FN("_add", Bin::kAdd), PD_BIN_FN("_subtract", Bin::kSub),
    PD_BIN_FN("_multiply", Bin::kMul), PD_BIN_FN("_divide", Bin::kDiv),
    PD_BIN_FN("_floor_divide", Bin::kFloorDiv), PD_BIN_FN("_remainder", Bin::kMod),
    PD_BIN_FN("_pow", Bin::kPow), PD_BIN_FN("_maximum", Bin::kMax),
    PD_BIN_FN("_minimum", Bin::kMin), PD_BIN_FN("_matmul", Bin::kMatmul),
    PD_BIN_FN("_equal", Bin::kEq), PD_BIN_FN("_not_equal", Bin::kNe),
    PD_BIN_FN("_less_than", Bin::kLt), PD_BIN_FN("_less_equal", Bin::kLe),
    PD_BIN_FN("_greater_than", Bin::kGt), PD_BIN_FN("_greater_equal", Bin::kGe),
    PD_BIN_FN("_logical_and", Bin::kAnd), PD_BIN_FN("_logical_or", Bin::kOr),
    PD_BIN_FN("_logical_xor", Bin::kXor),
    {nullptr, nullptr, 0, nullptr}};
#undef PD_BIN_FN

}  // namespace

void FillTensorNumberSlots(PyNumberMethods* nb, richcmpfunc* richcompare) {
  nb->nb_add = Slot<Bin::kAdd>;
  nb->nb_subtract = Slot<Bin::kSub>;
  nb->nb_multiply = Slot<Bin::kMul>;
  nb->nb_true_divide = Slot<Bin::kDiv>;
  nb->nb_floor_divide = Slot<Bin::kFloorDiv>;
  nb->nb_remainder = Slot<Bin::kMod>;
  nb->nb_power = PowerSlot;
  nb->nb_matrix_multiply = Slot<Bin::kMatmul>;
  nb->nb_and = Slot<Bin::kAnd>;
  nb->nb_or = Slot<Bin::kOr>;
  nb->nb_xor = Slot<Bin::kXor>;
  nb->nb_negative = Negative;
  nb->nb_invert = Invert;
  nb->nb_inplace_add = InplaceSlot<Bin::kAdd>;
  nb->nb_inplace_subtract = InplaceSlot<Bin::kSub>;
  nb->nb_inplace_multiply = InplaceSlot<Bin::kMul>;
  nb->nb_inplace_true_divide = InplaceSlot<Bin::kDiv>;
  *richcompare = RichCompare;
}

void BindEagerMath(py::module_& m) {
  for (PyMethodDef* d = kFunctions; d->ml_name; ++d) {
    PyObject* f = PyCFunction_NewEx(d, nullptr, m.ptr());
    if (!f) throw py::error_already_set();
    m.add_object(d->ml_name, f);
  }
  m.def("_set_default_float_dtype", [](DataType d) { g_default_float = d; });
  m.def("_set_binary_fallback", [](py::object fn) {
    Py_XDECREF(g_fallback);
    g_fallback = fn.release().ptr();
  });
}

}  // namespace pybind
}  // namespace paddle
