// paddle.static.Executor's C++ half, and the Scope it runs in. A program is
// prepared once per (program revision, scope, feed names, fetch names) and
// kept, so a training loop pays for feeding, the kernels and fetching only.
// Like the predictor, it binds feeds and fetches to their variables directly
// (no feed/fetch ops); temporaries live in a child scope of the user's, so
// only persistables (parameters, optimizer state) stay in the user's scope.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <list>

#include "core/base/enforce.h"
#include "core/base/flags.h"
#include "core/eager/static_build.h"
#include "core/executor/executor.h"
#include "core/ir/pass.h"
#include "core/ir/prune.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace {
// The passes every prepared training program runs through (a copy: the user's
// program is untouched). Each keeps the numbers up to rounding; "" runs the
// program as built.
std::string CheckPipeline(const paddle::FlagValue& value) {
  try {
    paddle::ir::ParsePassPipeline(std::get<std::string>(value));
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}
}  // namespace
PD_DEFINE_CHECKED_FLAG(static_executor_passes, std::string("matmul_grad_sgd_fuse_pass"),
                       "The graph passes (a core/ir pipeline) static-mode Executor.run applies "
                       "to a program when it prepares it; \"\" for none",
                       CheckPipeline);

namespace paddle {
namespace pybind {

using eager::ProgramPtr;
using ScopePtr = std::shared_ptr<Scope>;

namespace {

// A tensor variable of a scope, as PaddlePaddle's scope.find_var(n).get_tensor() gives it.
struct ScopeTensor {
  ScopePtr owner;  // keeps the variable alive
  Variable* var;
  std::string name;

  const DenseTensor& Dense() const {
    PD_CHECK(var->IsType<DenseTensor>(), InvalidArgument, "variable '", name,
             "' does not hold a tensor");
    return var->Get<DenseTensor>();
  }
};

struct ScopeVar {
  ScopePtr owner;
  Variable* var;
  std::string name;
  ScopeTensor GetTensor() const {
    if (!var->IsInitialized()) var->GetMutable<DenseTensor>();
    return {owner, var, name};
  }
};

std::string ShapeText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

void CheckFeedShape(const VarDesc& v, const std::vector<int64_t>& got) {
  if (!v.NeedCheckFeed()) return;
  const std::vector<int64_t> declared = v.GetShape();
  bool ok = declared.size() == got.size();
  for (size_t i = 0; ok && i < got.size(); ++i) ok = declared[i] < 0 || declared[i] == got[i];
  PD_CHECK(ok, InvalidArgument, "[Executor.run] feed '", v.Name(), "' must have shape ",
           ShapeText(declared), " (-1: any size), got ", ShapeText(got));
}

// Puts the fed value into the variable's tensor `dst`, as the variable's
// dtype (NumPy values are cast, as PaddlePaddle does; a Tensor of another
// dtype is an error), shape checked against the declared one where
// paddle.static.data asked for it. A Tensor is shared; a NumPy value is
// copied once (cast on the way where its dtype differs) into dst's own
// buffer, which the next run reuses: a steady-state run allocates nothing.
void FeedInto(const VarDesc& v, py::handle value, DenseTensor* dst) {
  const std::string& name = v.Name();
  const DataType want = v.GetDataType();
  if (IsTensor(value.ptr())) {
    const eager::TensorPtr& src = UnwrapTensor(value.ptr());
    PD_CHECK(!src->static_var(), InvalidArgument, "[Executor.run] feed '", name,
             "' is a variable of a static program; feed a NumPy array or an eager Tensor");
    const DenseTensor& t = src->dense();
    PD_CHECK(t.dtype() == want, InvalidArgument, "[Executor.run] feed '", name, "' must be ",
             DataTypeName(want), ", got a Tensor of ", DataTypeName(t.dtype()));
    CheckFeedShape(v, t.dims().ToVector());
    *dst = t;
    return;
  }
  py::array arr = py::isinstance<py::array>(value)
                      ? py::reinterpret_borrow<py::array>(value)
                      : py::array(py::module_::import("numpy").attr("asarray")(value));
  const char kind = arr.dtype().kind();
  PD_CHECK(kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f' || kind == 'c',
           InvalidArgument, "[Executor.run] feed '", name, "' must be numeric, got a ",
           py::str(arr.dtype()).cast<std::string>(), " array");
  const DataType have = DtypeOfArray(arr);  // throws for types a tensor cannot hold
  PD_CHECK(want != DataType::kBFloat16, Unimplemented, "[Executor.run] feed '", name,
           "' is bfloat16, which NumPy has no type for; feed a paddle.Tensor");
  PD_CHECK(arr.ndim() <= DDim::kMaxRank, InvalidArgument, "[Executor.run] feed '", name,
           "' has rank ", arr.ndim(), "; at most ", DDim::kMaxRank, " is supported");
  const std::vector<int64_t> dims(arr.shape(), arr.shape() + arr.ndim());
  CheckFeedShape(v, dims);
  // A buffer someone else still holds (a Tensor fed before) is left to them.
  if (dst->Holder() && dst->Holder().use_count() > 1) dst->Clear();
  dst->Resize(DDim(dims));
  dst->set_lod({});
  void* out = dst->MutableData(CPUPlace(), want);
  const char order = arr.dtype().byteorder();
  if (have == want && (order == '=' || order == '|') &&
      (arr.flags() & py::array::c_style) == py::array::c_style) {
    if (arr.nbytes()) std::memcpy(out, arr.data(), static_cast<size_t>(arr.nbytes()));
  } else {  // cast, byte-swap or gather in one pass, straight into the buffer
    py::module_::import("numpy").attr("copyto")(DenseToNumpy(*dst, name), arr,
                                                 py::arg("casting") = "unsafe");
  }
}

// A fetched variable as NumPy or a Tensor, copied: the variable's buffer is
// written again by the next run. NumPy's copy comes from NumPy's memory.
py::object FetchCopy(const DenseTensor& t, const std::string& name, bool return_numpy) {
  if (return_numpy) {
    py::array view = DenseToNumpy(t, name);
    py::array out(view.dtype(), std::vector<py::ssize_t>(view.shape(), view.shape() + view.ndim()));
    if (t.nbytes()) std::memcpy(out.mutable_data(), t.data(), t.nbytes());
    return out;
  }
  DenseTensor copy;
  copy.CopyFrom(t);
  copy.set_lod(t.lod());
  return py::reinterpret_steal<py::object>(WrapTensor(eager::MakeTensor(copy)));
}

class StaticExecutor {
 public:
  py::list Run(const ProgramPtr& program, const ScopePtr& scope, const py::dict& feed,
               const std::vector<std::string>& fetch, bool return_numpy) {
    PD_CHECK(program && scope, InvalidArgument, "[Executor.run] program and scope are required");
    std::vector<std::string> feed_names;
    for (auto kv : feed) feed_names.push_back(py::cast<std::string>(kv.first));
    Entry& e = Lookup(program, scope, feed_names, fetch);
    const BlockDesc& block = *e.program.Block(0);
    size_t i = 0;
    for (auto kv : feed) {  // the same order as feed_names
      const std::string& name = feed_names[i++];
      FeedInto(*block.FindVar(name), kv.second,
               e.run_scope->FindVar(name)->GetMutable<DenseTensor>());
    }
    {
      py::gil_scoped_release release;
      executor_.Run(*e.prepared);
    }
    py::list out;
    for (const std::string& name : fetch) {
      const Variable* v = e.run_scope->FindVar(name);
      PD_CHECK(v && v->IsType<DenseTensor>() && v->Get<DenseTensor>().IsInitialized(),
               PreconditionNotMet, "[Executor.run] fetch '", name,
               "' holds no value after the run (nothing in the program wrote it)");
      out.append(FetchCopy(v->Get<DenseTensor>(), name, return_numpy));
    }
    return out;
  }

  void Close() {
    for (Entry& e : cache_) e.Release();
    cache_.clear();
  }
  ~StaticExecutor() { Close(); }

 private:
  struct Entry {
    ProgramPtr source;
    uint64_t revision = 0;
    ScopePtr scope;
    std::vector<std::string> feeds, fetches;
    ProgramDesc program;  // a copy: the source may change while this is prepared
    Scope* run_scope = nullptr;
    std::unique_ptr<PreparedBlock> prepared;
    void Release() {
      prepared.reset();
      if (run_scope) scope->DeleteScope(run_scope);
      run_scope = nullptr;
    }
  };
  static constexpr size_t kMaxCached = 16;

  Entry& Lookup(const ProgramPtr& program, const ScopePtr& scope,
                const std::vector<std::string>& feeds, const std::vector<std::string>& fetches) {
    for (auto it = cache_.begin(); it != cache_.end(); ++it) {
      if (it->source == program && it->revision == program->revision && it->scope == scope &&
          it->feeds == feeds && it->fetches == fetches) {
        cache_.splice(cache_.begin(), cache_, it);  // most recent first
        return cache_.front();
      }
    }
    // A changed program's old preparations are of no further use.
    for (auto it = cache_.begin(); it != cache_.end();) {
      if (it->source == program && it->revision != program->revision) {
        it->Release();
        it = cache_.erase(it);
      } else {
        ++it;
      }
    }
    if (cache_.size() >= kMaxCached) {
      cache_.back().Release();
      cache_.pop_back();
    }
    cache_.emplace_front();
    Entry& e = cache_.front();
    try {
      Prepare(e, program, scope, feeds, fetches);
    } catch (...) {
      e.Release();
      cache_.pop_front();
      throw;
    }
    return e;
  }

  void Prepare(Entry& e, const ProgramPtr& program, const ScopePtr& scope,
               const std::vector<std::string>& feeds, const std::vector<std::string>& fetches) {
    e.source = program;
    e.revision = program->revision;
    e.scope = scope;
    e.feeds = feeds;
    e.fetches = fetches;
    e.program = program->desc;
    // A loaded inference program's feed/fetch ops: its targets are bound directly.
    std::vector<std::string> fed_by_ops, fetched_by_ops;
    ir::StripFeedFetchOps(&e.program, &fed_by_ops, &fetched_by_ops);
    const BlockDesc& block = *e.program.Block(0);
    std::set<std::string> read, fed(feeds.begin(), feeds.end());
    for (size_t i = 0; i < block.OpCount(); ++i)
      for (const std::string& n : block.Op(i)->InputArgumentNames()) read.insert(n);
    for (const std::string& n : feeds) {
      const VarDesc* v = block.FindVar(n);
      PD_CHECK(v, NotFound, "[Executor.run] feed '", n, "' is not a variable of the program");
      PD_CHECK(v->IsTensor(), InvalidArgument, "[Executor.run] feed '", n,
               "' is not a tensor variable");
    }
    for (const std::string& n : fetches)
      PD_CHECK(block.FindVar(n), NotFound, "[Executor.run] fetch '", n,
               "' is not a variable of the program");
    for (size_t i = 0; i < block.VarCount(); ++i) {
      const VarDesc* v = block.Var(i);
      PD_CHECK(!v->NeedCheckFeed() || fed.count(v->Name()) || !read.count(v->Name()),
               InvalidArgument, "[Executor.run] '", v->Name(),
               "' is an input of the program (paddle.static.data) and must be fed");
      // Persistables live in the user's scope, so they outlive the run.
      if (v->Persistable() && v->IsTensor()) scope->Var(v->Name());
    }
    e.run_scope = &scope->NewScope();
    std::vector<std::string> keep = feeds;
    keep.insert(keep.end(), fetches.begin(), fetches.end());
    ir::PassContext pass_ctx;
    pass_ctx.keep_vars.insert(keep.begin(), keep.end());
    ir::ParsePassPipeline(GetStringFlag("static_executor_passes")).Run(&e.program, pass_ctx);
    for (const std::string& n : keep)
      if (!block.FindVar(n)->Persistable()) e.run_scope->LocalVar(n)->GetMutable<DenseTensor>();
    e.prepared = executor_.Prepare(e.program, 0, e.run_scope, keep);
  }

  Executor executor_;
  std::list<Entry> cache_;
};

}  // namespace

void BindStaticExecutor(py::module_& m) {
  py::class_<ScopeTensor>(m, "ScopeTensor",
                          "A tensor variable of a Scope (scope.find_var(name).get_tensor()).")
      .def("__array__", [](const ScopeTensor& t, py::object dtype, py::object) {
        py::array a = DenseToNumpy(t.Dense(), t.name).attr("copy")();
        return dtype.is_none() ? a : py::array(a.attr("astype")(dtype));
      }, py::arg("dtype") = py::none(), py::arg("copy") = py::none())
      .def("set", [](ScopeTensor& t, py::handle value, py::object) {
        DenseTensor d = IsTensor(value.ptr()) ? UnwrapTensor(value.ptr())->dense()
                                              : DenseFromNumpy(py::module_::import("numpy")
                                                                   .attr("asarray")(value));
        *t.var->GetMutable<DenseTensor>() = DenseFromNumpy(DenseToNumpy(d, t.name));
      }, py::arg("value"), py::arg("place") = py::none(), "Sets the tensor to a copy of value.")
      .def("shape", [](const ScopeTensor& t) { return t.Dense().dims().ToVector(); })
      .def("_dtype", [](const ScopeTensor& t) { return t.Dense().dtype(); })
      .def("_is_initialized", [](const ScopeTensor& t) {
        return t.var->IsType<DenseTensor>() && t.var->Get<DenseTensor>().IsInitialized();
      })
      .def("lod", [](const ScopeTensor& t) { return t.Dense().lod(); });

  py::class_<ScopeVar>(m, "ScopeVariable", "A variable of a Scope.")
      .def("get_tensor", &ScopeVar::GetTensor)
      .def("name", [](const ScopeVar& v) { return v.name; })
      .def("is_initialized", [](const ScopeVar& v) { return v.var->IsInitialized(); });

  py::class_<Scope, ScopePtr>(m, "Scope", "Variables by name: where programs keep their values."
                                         R"doc(

Returns:
    Scope: A new, empty scope (the constructor takes no arguments).

Example:
    >>> paddle.enable_static()
    >>> x = paddle.static.data("x", [None, 2])
    >>> y = paddle.static.nn.fc(x, 1)
    >>> scope = paddle.static.executor.Scope()
    >>> with paddle.static.scope_guard(scope):
    ...     _ = paddle.static.Executor().run(paddle.static.default_startup_program())
    >>> sorted(scope.local_var_names())
    ['fc_0.b_0', 'fc_0.w_0']
    >>> np.array(scope.find_var("fc_0.b_0").get_tensor())
    array([0.], dtype=float32)
    >>> scope.find_var("absent") is None
    True
    >>> paddle.disable_static()
)doc")
      .def(py::init<>())
      .def("var", [](const ScopePtr& s, const std::string& n) {
        return ScopeVar{s, s->Var(n), n};
      }, py::arg("name"), "The variable, created here if absent.")
      .def("find_var", [](const ScopePtr& s, const std::string& n) -> py::object {
        Variable* v = s->FindVar(n);
        if (!v) return py::none();
        return py::cast(ScopeVar{s, v, n});
      }, py::arg("name"), "The variable, or None.")
      .def("local_var_names", &Scope::LocalVarNames)
      .def("erase", &Scope::EraseVars, py::arg("names"));

  py::class_<StaticExecutor>(m, "StaticExecutor", "Runs block 0 of static programs (cached).")
      .def(py::init<>())
      .def("run", &StaticExecutor::Run, py::arg("program"), py::arg("scope"), py::arg("feed"),
           py::arg("fetch"), py::arg("return_numpy") = true)
      .def("close", &StaticExecutor::Close);
}

}  // namespace pybind
}  // namespace paddle
