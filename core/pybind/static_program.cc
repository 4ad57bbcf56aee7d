// What paddle.static's Program, Block, Variable and Operator read and write:
// one C++ ProgramDesc (held by eager::StaticProgram), with no second copy in
// Python. Also the switches of static mode: where ops are built, the op role,
// the name scope, and the unique names of new variables.
#include <pybind11/stl.h>

#include <climits>

#include "core/base/enforce.h"
#include "core/eager/static_build.h"
#include "core/ir/backward.h"
#include "core/ir/block_text.h"
#include "core/ir/pass.h"
#include "core/pybind/bind.h"
#include "core/pybind/eager_util.h"

namespace py = pybind11;

namespace paddle {
namespace pybind {

using eager::ProgramPtr;
using eager::StaticProgram;
using NameMap = std::map<std::string, std::vector<std::string>>;

namespace {

BlockDesc* Block(StaticProgram& p, int idx) {
  PD_CHECK(idx >= 0 && static_cast<size_t>(idx) < p.desc.BlockCount(), OutOfRange, "block ",
           idx, " does not exist (the program has ", p.desc.BlockCount(), " blocks)");
  return p.desc.Block(static_cast<size_t>(idx));
}

VarDesc* Var(StaticProgram& p, int block, const std::string& name) {
  VarDesc* v = Block(p, block)->FindVar(name);
  PD_CHECK(v, NotFound, "block ", block, " has no variable '", name, "'");
  return v;
}

OpDesc* Op(StaticProgram& p, int block, int i) {
  BlockDesc* b = Block(p, block);
  PD_CHECK(i >= 0 && static_cast<size_t>(i) < b->OpCount(), OutOfRange, "block ", block,
           " has no op #", i, " (it has ", b->OpCount(), ")");
  return b->Op(static_cast<size_t>(i));
}

py::object ScalarToPython(const Scalar& s) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, s.value);
}

py::object AttrToPython(const Attribute& a) {
  return std::visit([](const auto& v) -> py::object {
    using T = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<T, BlockRef>) return py::int_(v.idx);
    else if constexpr (std::is_same_v<T, BlockRefs>) return py::cast(v.idx);
    else if constexpr (std::is_same_v<T, Scalar>) return ScalarToPython(v);
    else if constexpr (std::is_same_v<T, std::vector<Scalar>>) {
      py::list out;
      for (const Scalar& s : v) out.append(ScalarToPython(s));
      return out;
    } else return py::cast(v);
  }, a);
}

// An attribute the op does not declare (op_role, bookkeeping): its type from
// the Python value.
Attribute UndeclaredAttr(const std::string& op, const std::string& name, py::handle v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) {
    const int64_t x = v.cast<int64_t>();
    if (x >= INT32_MIN && x <= INT32_MAX) return static_cast<int32_t>(x);
    return x;
  }
  if (py::isinstance<py::float_>(v)) return v.cast<float>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::hasattr(v, "idx") && py::hasattr(v, "ops")) return BlockRef{v.attr("idx").cast<int32_t>()};
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    py::sequence seq = py::reinterpret_borrow<py::sequence>(v);
    if (seq.size() == 0) return std::vector<int32_t>{};
    py::handle first = seq[0];
    if (py::isinstance<py::bool_>(first)) return v.cast<std::vector<bool>>();
    if (py::isinstance<py::int_>(first)) {
      std::vector<int64_t> xs = v.cast<std::vector<int64_t>>();
      for (int64_t x : xs)
        if (x < INT32_MIN || x > INT32_MAX) return xs;
      return std::vector<int32_t>(xs.begin(), xs.end());
    }
    if (py::isinstance<py::float_>(first)) return v.cast<std::vector<float>>();
    if (py::isinstance<py::str>(first)) return v.cast<std::vector<std::string>>();
  }
  throw py::type_error("[" + op + "] attribute '" + name + "' cannot hold a " + PyTypeName(v));
}

// A declared attribute from Python; a BLOCK attribute (sub_block of a
// control-flow op) takes a paddle.static Block or a block index.
Attribute DeclaredAttr(const OpDef& def, const AttrDef& a, py::handle v) {
  if (a.type != AttrTypeOf<BlockRef>::value) return AttrFromPython(def, a, v);
  if (py::hasattr(v, "idx") && py::hasattr(v, "ops")) return BlockRef{v.attr("idx").cast<int32_t>()};
  if (py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v)) return BlockRef{v.cast<int32_t>()};
  throw py::type_error("[" + def.type + "] attribute '" + a.name +
                       "' must be a Block (or a block index), got " + PyTypeName(v));
}

// Attributes given by name: declared ones converted to their types and checked
// (the rest defaulted), undeclared ones kept by their Python type.
std::pair<std::vector<Attribute>, AttributeMap> Attrs(const OpDef& def, const py::dict& given) {
  AttributeMap declared, extra;
  for (auto [k, v] : given) {
    const std::string name = py::cast<std::string>(k);
    const int idx = def.AttrIndex(name);
    if (idx >= 0) declared[name] = DeclaredAttr(def, def.attrs[idx], v);
    else extra[name] = UndeclaredAttr(def.type, name, v);
  }
  return {def.CheckAttrs(declared), extra};
}

py::dict VarInfo(const VarDesc& v) {
  py::dict d;
  d["name"] = v.Name();
  d["kind"] = static_cast<int>(v.Kind());
  const bool tensor = v.Kind() == proto::VarType::LOD_TENSOR ||
                      v.Kind() == proto::VarType::SELECTED_ROWS ||
                      v.Kind() == proto::VarType::LOD_TENSOR_ARRAY;
  d["shape"] = tensor ? py::cast(v.GetShape()) : py::none();
  d["dtype"] = tensor ? py::cast(v.GetDataType()) : py::none();
  d["lod_level"] = tensor ? v.GetLoDLevel() : 0;
  d["persistable"] = v.Persistable();
  d["stop_gradient"] = v.StopGradient();
  d["is_parameter"] = v.IsParameter();
  d["need_check_feed"] = v.NeedCheckFeed();
  return d;
}

py::dict OpInfo(const OpDesc& op) {
  py::dict d, ins, outs;
  d["type"] = op.Type();
  for (const std::string& s : op.InputSlots()) ins[py::str(s)] = op.Input(s);
  for (const std::string& s : op.OutputSlots()) outs[py::str(s)] = op.Output(s);
  d["inputs"] = ins;
  d["outputs"] = outs;
  d["attr_names"] = op.AttrNames();
  return d;
}

}  // namespace

void BindStaticProgram(py::module_& m) {
  py::class_<StaticProgram, ProgramPtr>(m, "StaticProgram",
                                        "The ProgramDesc behind a paddle.static.Program.")
      .def(py::init<>())
      .def_static("parse", [](const py::bytes& b) {
        auto p = std::make_shared<StaticProgram>();
        p->desc = ProgramDesc::Parse(std::string(b), "Program.parse_from_string");
        return p;
      }, py::arg("data"))
      .def("serialize", [](const StaticProgram& p) { return py::bytes(p.desc.Serialize()); })
      .def("clone", [](const StaticProgram& p) {
        auto c = std::make_shared<StaticProgram>();
        c->desc = p.desc;
        c->random_seed = p.random_seed;
        return c;
      })
      .def_readonly("revision", &StaticProgram::revision)
      .def_readwrite("random_seed", &StaticProgram::random_seed)
      .def("touch", [](StaticProgram& p) { ++p.revision; },
           "Marks the program changed (an executor prepares it again).")
      .def_property_readonly("num_blocks", [](const StaticProgram& p) { return p.desc.BlockCount(); })
      .def_property("version", [](const StaticProgram& p) { return p.desc.Version(); },
                    [](StaticProgram& p, int64_t v) { p.desc.SetVersion(v); })
      .def("append_block", [](StaticProgram& p, int parent) {
        Block(p, parent);
        ++p.revision;
        return p.desc.AppendBlock(parent)->Index();
      }, py::arg("parent"))
      .def("block_parent", [](StaticProgram& p, int b) { return Block(p, b)->ParentIndex(); })
      .def("block_text", [](StaticProgram& p, int b) { return ir::BlockToText(*Block(p, b)); },
           py::arg("block"))
      // ---- variables ----
      .def("var_names", [](StaticProgram& p, int b) {
        BlockDesc* blk = Block(p, b);
        std::vector<std::string> names;
        for (size_t i = 0; i < blk->VarCount(); ++i) names.push_back(blk->Var(i)->Name());
        return names;
      }, py::arg("block"))
      .def("has_var", [](StaticProgram& p, int b, const std::string& n) {
        return Block(p, b)->FindVar(n) != nullptr;
      }, py::arg("block"), py::arg("name"))
      .def("find_var_block", [](StaticProgram& p, int b, const std::string& n) {
        for (BlockDesc* blk = Block(p, b);;) {
          if (blk->FindVar(n)) return blk->Index();
          if (blk->ParentIndex() < 0 || blk->ParentIndex() == blk->Index()) return -1;
          blk = Block(p, blk->ParentIndex());
        }
      }, py::arg("block"), py::arg("name"), "The block (b or an ancestor) declaring n, or -1.")
      .def("var_info", [](StaticProgram& p, int b, const std::string& n) {
        return VarInfo(*Var(p, b, n));
      }, py::arg("block"), py::arg("name"))
      .def("set_var", [](StaticProgram& p, int b, const std::string& n, py::object shape,
                         py::object dtype, py::object kind, py::object persistable,
                         py::object stop_gradient, py::object is_parameter,
                         py::object need_check_feed, py::object lod_level) {
        BlockDesc* blk = Block(p, b);
        VarDesc* v = blk->FindVar(n);
        if (!v) {
          v = blk->AddVar(n);
          v->SetDataType(DataType::kFloat32);
        }
        if (!kind.is_none()) v->SetKind(static_cast<VarKind>(kind.cast<int>()));
        if (!dtype.is_none()) v->SetDataType(dtype.cast<DataType>());
        if (!shape.is_none()) v->SetShape(shape.cast<std::vector<int64_t>>());
        if (!lod_level.is_none()) v->SetLoDLevel(lod_level.cast<int32_t>());
        if (!persistable.is_none()) v->SetPersistable(persistable.cast<bool>());
        if (!stop_gradient.is_none()) v->SetStopGradient(stop_gradient.cast<bool>());
        if (!is_parameter.is_none()) v->SetIsParameter(is_parameter.cast<bool>());
        if (!need_check_feed.is_none()) v->SetNeedCheckFeed(need_check_feed.cast<bool>());
        ++p.revision;
      }, py::arg("block"), py::arg("name"), py::arg("shape") = py::none(),
         py::arg("dtype") = py::none(), py::arg("kind") = py::none(),
         py::arg("persistable") = py::none(), py::arg("stop_gradient") = py::none(),
         py::arg("is_parameter") = py::none(), py::arg("need_check_feed") = py::none(),
         py::arg("lod_level") = py::none(),
         "Creates the variable if absent (a float32 LOD_TENSOR), then sets the fields given.")
      .def("remove_var", [](StaticProgram& p, int b, const std::string& n) {
        ++p.revision;
        return Block(p, b)->RemoveVar(n);
      }, py::arg("block"), py::arg("name"))
      .def("var", [](const ProgramPtr& p, int b, const std::string& n, py::object cls) {
        eager::TensorPtr t = eager::SymbolicTensor(p, b, n);
        if (cls.is_none()) return py::reinterpret_steal<py::object>(WrapTensor(t));
        // A subclass object (paddle.static.Parameter) made by its own constructor.
        py::object obj = cls();
        RebindTensor(obj.ptr(), t);
        return obj;
      }, py::arg("block"), py::arg("name"), py::arg("cls") = py::none(),
         "The symbolic tensor (paddle.static.Variable, or an instance of cls) naming a variable.")
      // ---- ops ----
      .def("op_count", [](StaticProgram& p, int b) { return Block(p, b)->OpCount(); })
      .def("op", [](StaticProgram& p, int b, int i) { return OpInfo(*Op(p, b, i)); },
           py::arg("block"), py::arg("index"))
      .def("op_attr", [](StaticProgram& p, int b, int i, const std::string& n) {
        return AttrToPython(Op(p, b, i)->GetAttr(n));
      }, py::arg("block"), py::arg("index"), py::arg("name"))
      .def("set_op_attr", [](StaticProgram& p, int b, int i, const std::string& n, py::handle v) {
        OpDesc* op = Op(p, b, i);
        const OpDef& def = OpRegistry::Instance().Get(op->Type());
        const int idx = def.AttrIndex(n);
        op->SetAttr(n, idx >= 0 ? DeclaredAttr(def, def.attrs[idx], v)
                                : UndeclaredAttr(def.type, n, v));
        ++p.revision;
      }, py::arg("block"), py::arg("index"), py::arg("name"), py::arg("value"))
      .def("set_op_io", [](StaticProgram& p, int b, int i, const NameMap& ins, const NameMap& outs) {
        OpDesc* op = Op(p, b, i);
        for (const auto& [slot, names] : ins) op->SetInput(slot, names);
        for (const auto& [slot, names] : outs) op->SetOutput(slot, names);
        ++p.revision;
      }, py::arg("block"), py::arg("index"), py::arg("inputs"), py::arg("outputs"))
      .def("append_op", [](StaticProgram& p, int b, const std::string& type, const NameMap& ins,
                           const NameMap& outs, const py::dict& attrs) {
        Block(p, b);
        const OpDef& def = OpRegistry::Instance().Get(type);
        auto [declared, extra] = Attrs(def, attrs);
        eager::AppendOpDesc(&p, b, def, declared, ins, outs, extra);
        return Block(p, b)->OpCount() - 1;
      }, py::arg("block"), py::arg("type"), py::arg("inputs"), py::arg("outputs"),
         py::arg("attrs"),
         "Appends an op (slots bound to variable names, attributes by name); output variables "
         "the block lacks are made; shapes inferred. Returns its index.")
      .def("remove_ops", [](StaticProgram& p, int b, int begin, int end) {
        BlockDesc* blk = Block(p, b);
        PD_CHECK(0 <= begin && begin <= end && static_cast<size_t>(end) <= blk->OpCount(),
                 OutOfRange, "ops [", begin, ", ", end, ") are not in block ", b);
        blk->RemoveOps(static_cast<size_t>(begin), static_cast<size_t>(end));
        ++p.revision;
      }, py::arg("block"), py::arg("begin"), py::arg("end"));

  m.def("_append_backward", [](const ProgramPtr& p, const std::string& loss,
                               const std::vector<std::string>& params,
                               const std::set<std::string>& no_grad) {
    auto pairs = AppendBackward(&p->desc, loss, params, no_grad);
    ++p->revision;
    return pairs;
  }, py::arg("program"), py::arg("loss"), py::arg("parameters"), py::arg("no_grad"));
  m.def("_calc_gradients", [](const ProgramPtr& p, const std::vector<std::string>& targets,
                              const std::vector<std::string>& target_grads,
                              const std::vector<std::string>& inputs,
                              const std::set<std::string>& no_grad) {
    auto names = CalcGradients(&p->desc, targets, target_grads, inputs, no_grad);
    ++p->revision;
    return names;
  }, py::arg("program"), py::arg("targets"), py::arg("target_grads"), py::arg("inputs"),
     py::arg("no_grad"));
  m.def("_run_passes", [](const ProgramPtr& p, const std::string& pipeline,
                          const std::vector<std::string>& keep_vars,
                          const std::shared_ptr<Scope>& scope) {
    ir::PassContext ctx;
    ctx.keep_vars.insert(keep_vars.begin(), keep_vars.end());
    ctx.scope = scope.get();
    ir::ParsePassPipeline(pipeline).Run(&p->desc, ctx);
    ++p->revision;
  }, py::arg("program"), py::arg("pipeline"), py::arg("keep_vars"), py::arg("scope"),
     "Runs the passes named in `pipeline` (\"a_pass,b_pass(key=value)\") over block 0.");
  m.def("_pass_table", [] {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& info : ir::PassTable()) rows.emplace_back(info.name, info.description);
    return rows;
  }, "(name, description) of every registered graph pass.");
  m.def("_set_build_target", [](ProgramPtr p, int block) { eager::SetBuildTarget(std::move(p), block); },
        py::arg("program"), py::arg("block") = 0,
        "Static mode: ops are appended to that block of that program (None: eager mode).");
  m.def("_build_target", [] {
    return py::make_tuple(eager::BuildProgram(), eager::BuildBlock());
  });
  m.def("_set_op_role", &eager::SetOpRole, py::arg("role"));
  m.def("_op_role", &eager::OpRole);
  m.def("_set_name_scope", &eager::SetNameScope, py::arg("scope"));
  m.def("_reset_unique_names", &eager::ResetUniqueNames);
  m.def("_swap_unique_name_counts", &eager::SwapUniqueNameCounts, py::arg("counts"),
        "Puts the op output names' counts in place; returns the previous ones.");
  m.def("_unique_name", [](const std::string& key) { return eager::UniqueName(key); },
        py::arg("key"));
  m.def("_static_constant", [](const eager::TensorPtr& t) {
    PD_CHECK(t && !t->static_var(), InvalidArgument, "_static_constant takes an eager Tensor");
    return eager::BuildConstant(t->dense());
  }, py::arg("tensor"), "A constant holding the tensor's values in the program being built.");
}

}  // namespace pybind
}  // namespace paddle
