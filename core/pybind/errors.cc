// The Python side of paddle::Error: one exception class per ErrorKind, all
// under EnforceNotMet (PaddlePaddle's base class), each also deriving from the
// builtin a Python caller would naturally catch (ValueError for bad input,
// LookupError for a missing name, ...). The classes are made with
// PyErr_NewException because pybind11's register_exception allows one base only.
#include <array>
#include <string>

#include "core/base/enforce.h"
#include "core/pybind/bind.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

namespace {

constexpr size_t kNumKinds = static_cast<size_t>(ErrorKind::kFatal) + 1;

struct KindClass {
  ErrorKind kind;
  const char* name;
  PyObject* builtin;
  const char* doc;
  const char* example;  // the docstring's Example section (doctest text)
};

// Indexed by ErrorKind. Owned for the life of the process (never decref'd):
// the translator may run during interpreter shutdown.
std::array<PyObject*, kNumKinds> g_classes{};

PyObject* NewClass(const char* name, PyObject* bases, const char* doc, const char* example) {
  // The qualified name makes tracebacks read as in PaddlePaddle, and
  // paddle/base/core.py re-exports the classes so pickling finds them there.
  std::string qualified = std::string("paddle.base.core.") + name;
  std::string full_doc = std::string(doc) + "\n\nExample:\n" + example;
  PyObject* cls = PyErr_NewExceptionWithDoc(qualified.c_str(), full_doc.c_str(), bases, nullptr);
  if (cls == nullptr) throw py::error_already_set();
  return cls;
}

ErrorKind KindFromName(const std::string& name) {
  for (size_t i = 0; i < kNumKinds; ++i) {
    auto kind = static_cast<ErrorKind>(i);
    if (name == ErrorKindName(kind)) return kind;
  }
  PD_THROW(InvalidArgument, "[_raise_for_test] unknown error kind '", name, "'");
}

}  // namespace

void BindErrors(py::module_& m) {
  PyObject* base = NewClass(
      "EnforceNotMet", PyExc_Exception,
      "Base class of every error raised by paddle's C++ core. The message starts with "
      "[where], then says what was expected and what was got.",
      R"doc(    >>> try:
    ...     paddle.reshape(paddle.ones([2, 3]), [4])
    ... except paddle.base.core.EnforceNotMet as e:
    ...     print(type(e).__name__)
    ...     print(e)
    InvalidArgumentError
    [reshape2] cannot reshape X [2, 3] (6 elements) to [4] from attribute 'shape': the element counts differ
)doc");
  m.add_object("EnforceNotMet", py::handle(base));

  const KindClass kinds[] = {
      {ErrorKind::kInvalidArgument, "InvalidArgumentError", PyExc_ValueError,
       "A bad argument: wrong shape, type or value.",
       R"doc(    >>> try:  # an InvalidArgumentError is also a ValueError
    ...     paddle.matmul(paddle.ones([2, 3]), paddle.ones([2, 3]))
    ... except ValueError as e:
    ...     print(type(e).__name__)
    InvalidArgumentError
)doc"},
      {ErrorKind::kNotFound, "NotFoundError", PyExc_LookupError,
       "A named thing (operator, variable, kernel, file, flag) does not exist.",
       R"doc(    >>> try:  # a NotFoundError is also a LookupError
    ...     paddle.get_flags("FLAGS_no_such_flag")
    ... except paddle.base.core.NotFoundError as e:
    ...     print(e)
    [flags] unknown flag 'FLAGS_no_such_flag'
)doc"},
      {ErrorKind::kOutOfRange, "OutOfRangeError", PyExc_IndexError, "An index past the end.",
       R"doc(    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> pool = paddle.inference.PredictorPool(config, 2)
    >>> try:  # an OutOfRangeError is also an IndexError
    ...     pool.retrieve(2)
    ... except IndexError as e:
    ...     print(type(e).__name__, e)
    OutOfRangeError [PredictorPool] expected a predictor index in [0, 1], got 2
)doc"},
      {ErrorKind::kUnimplemented, "UnimplementedError", PyExc_NotImplementedError,
       "A valid request this build of paddle does not support.",
       R"doc(    >>> issubclass(paddle.base.core.UnimplementedError, NotImplementedError)
    True
)doc"},
      {ErrorKind::kPreconditionNotMet, "PreconditionNotMetError", PyExc_RuntimeError,
       "Called in the wrong state, e.g. running before the inputs are set.",
       R"doc(    >>> paddle.jit.save(paddle.nn.Linear(4, 2), "model",
    ...                 input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    >>> config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    >>> predictor = paddle.inference.create_predictor(config)
    >>> try:
    ...     predictor.run()
    ... except paddle.base.core.PreconditionNotMetError as e:
    ...     print(e)
    [Predictor] input 'x' was not set: call copy_from_cpu on its handle before run
)doc"},
      {ErrorKind::kInvalidModel, "InvalidModelError", PyExc_ValueError,
       "A model or parameter file is corrupt or unsupported.",
       R"doc(    >>> try:
    ...     paddle.static.deserialize_program(b"garbage")
    ... except paddle.base.core.InvalidModelError as e:
    ...     print(e)
    [pdmodel] deserialize_program: not a serialized ProgramDesc (7 bytes that do not parse: truncated or not a .pdmodel)
)doc"},
      {ErrorKind::kResourceExhausted, "ResourceExhaustedError", PyExc_MemoryError,
       "Out of memory.",
       R"doc(    >>> issubclass(paddle.base.core.ResourceExhaustedError, MemoryError)
    True
)doc"},
      {ErrorKind::kFatal, "FatalError", PyExc_RuntimeError,
       "An internal error in paddle itself; please report it.",
       R"doc(    >>> issubclass(paddle.base.core.FatalError, paddle.base.core.EnforceNotMet)
    True
)doc"},
  };
  for (const KindClass& k : kinds) {
    py::tuple bases = py::make_tuple(py::handle(base), py::handle(k.builtin));
    PyObject* cls = NewClass(k.name, bases.ptr(), k.doc, k.example);
    g_classes[static_cast<size_t>(k.kind)] = cls;
    m.add_object(k.name, py::handle(cls));
  }
  for (PyObject* cls : g_classes) {
    if (cls == nullptr) throw std::logic_error("paddle._core: an ErrorKind has no exception class");
  }

  // Local: errors of other pybind11 modules in the process are theirs to map.
  py::register_local_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      // A message may quote bytes from a corrupt file: undecodable ones are
      // shown as \xNN rather than replacing the error with a UnicodeDecodeError.
      std::string what = e.what();
      PyObject* msg = PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()),
                                           "backslashreplace");
      PyErr_SetObject(g_classes[static_cast<size_t>(e.kind())], msg);
      Py_XDECREF(msg);
    }
  });

  // Lets the tests check every kind's mapping, including those (Fatal,
  // ResourceExhausted) that no well-formed call can provoke.
  m.def(
      "_raise_for_test",
      [](const std::string& kind, const std::string& message) {
        throw Error(KindFromName(kind), message);
      },
      py::arg("kind"), py::arg("message"),
      "Throws a paddle::Error of `kind` (\"InvalidArgument\", \"NotFound\", ...) from C++.");
}

}  // namespace pybind
}  // namespace paddle
