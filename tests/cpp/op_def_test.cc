// The operator definition spine: attribute and slot checking, the OpProto
// derived from a definition, and the bilingual documentation every op must carry.
#include <gtest/gtest.h>

#include <string>

#include "core/base/enforce.h"
#include "core/framework/op_def.h"
#include "core/framework/program_desc.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;

// A definition with one attribute of each kind the checks treat differently;
// registered for these tests only (the all-ops tests below see it too, so it
// carries real text in both languages).
enum ProbeIn { kProbeX, kProbeBias, kProbeXs };
enum ProbeOut { kProbeOut };
enum ProbeAttr { kProbeCount, kProbeRatio, kProbeMode, kProbeLevel };

PD_REGISTER_OP(op_def_test_probe)
    .Doc("Test-only operator exercising attribute checks.", "仅用于测试属性检查的算子。")
    .Input(kProbeX, "X", "A required input.", "必需的输入。")
    .Input(kProbeBias, "Bias", "An optional input.", "可选的输入。")
    .Dispensable()
    .Input(kProbeXs, "Xs", "A list input.", "列表输入。")
    .Duplicable()
    .Dispensable()
    .Output(kProbeOut, "Out", "The output.", "输出。")
    .Attr<int64_t>(kProbeCount, "count", int64_t{3}, "A LONG attribute, >= 0.",
                   "LONG 类型属性，>= 0。")
    .AtLeast(0)
    .Attr<float>(kProbeRatio, "ratio", 0.5f, "A FLOAT attribute in [0, 1].",
                 "FLOAT 类型属性，取值 [0, 1]。")
    .InRange(0, 1)
    .Attr(kProbeMode, "mode", "fast", "A STRING attribute, fast or exact.",
          "STRING 类型属性，fast 或 exact。")
    .OneOf({"fast", "exact"})
    .RequiredAttr<int32_t>(kProbeLevel, "level", "A required INT attribute.",
                           "必需的 INT 类型属性。")
    .Grad()
    .Reads(0, "X")
    .Reads(1, "Xs")
    .Reads(2, "Out")
    .OutputGrad(3, "Out")
    .InputGrad(0, "X")
    .InputGrad(1, "Xs");

const OpDef& Probe() { return OpRegistry::Instance().Get("op_def_test_probe"); }

TEST(OpDefCheckAttrs, DefaultsFillInDeclarationOrder) {
  auto attrs = Probe().CheckAttrs({{"level", int32_t{7}}});
  ASSERT_EQ(attrs.size(), 4u);
  EXPECT_EQ(std::get<int64_t>(attrs[0]), 3);
  EXPECT_FLOAT_EQ(std::get<float>(attrs[1]), 0.5f);
  EXPECT_EQ(std::get<std::string>(attrs[2]), "fast");
  EXPECT_EQ(std::get<int32_t>(attrs[3]), 7);
}

TEST(OpDefCheckAttrs, WrongTypeNamesOpAndAttribute) {
  ExpectError([] { Probe().CheckAttrs({{"level", int32_t{1}}, {"mode", int32_t{2}}}); },
              ErrorKind::kInvalidArgument, {"[op_def_test_probe]", "'mode'", "string"});
  const OpDef& mul = OpRegistry::Instance().Get("mul");
  ExpectError([&] { mul.CheckAttrs({{"x_num_col_dims", std::string("two")}}); },
              ErrorKind::kInvalidArgument, {"[mul]", "x_num_col_dims", "int"});
}

TEST(OpDefCheckAttrs, OutOfRangeShowsConstraint) {
  ExpectError([] { Probe().CheckAttrs({{"level", int32_t{1}}, {"count", int64_t{-1}}}); },
              ErrorKind::kInvalidArgument, {"[op_def_test_probe]", "'count'", ">= 0", "-1"});
  ExpectError([] { Probe().CheckAttrs({{"level", int32_t{1}}, {"ratio", 1.5f}}); },
              ErrorKind::kInvalidArgument, {"'ratio'", "in [0, 1]"});
  ExpectError([] { Probe().CheckAttrs({{"level", int32_t{1}}, {"mode", std::string("slow")}}); },
              ErrorKind::kInvalidArgument, {"'mode'", "one of {fast, exact}", "slow"});
  const OpDef& mul = OpRegistry::Instance().Get("mul");
  ExpectError([&] { mul.CheckAttrs({{"y_num_col_dims", int32_t{0}}}); },
              ErrorKind::kInvalidArgument, {"[mul]", "y_num_col_dims", ">= 1"});
  const OpDef& add = OpRegistry::Instance().Get("elementwise_add");
  ExpectError([&] { add.CheckAttrs({{"axis", int32_t{-2}}}); }, ErrorKind::kInvalidArgument,
              {"[elementwise_add]", "axis", ">= -1"});
}

TEST(OpDefCheckAttrs, MissingRequired) {
  ExpectError([] { Probe().CheckAttrs({}); }, ErrorKind::kInvalidArgument,
              {"[op_def_test_probe]", "'level'", "required"});
  const OpDef& feed = OpRegistry::Instance().Get("feed");
  ExpectError([&] { feed.CheckAttrs({}); }, ErrorKind::kInvalidArgument, {"[feed]", "'col'"});
  ExpectError([&] { feed.CheckAttrs({{"col", int32_t{-1}}}); }, ErrorKind::kInvalidArgument,
              {"[feed]", "'col'", ">= 0"});
}

TEST(OpDefCheckAttrs, IntConvertsToLong) {
  auto attrs = Probe().CheckAttrs({{"level", int32_t{1}}, {"count", int32_t{9}}});
  ASSERT_TRUE(std::holds_alternative<int64_t>(attrs[0]));
  EXPECT_EQ(std::get<int64_t>(attrs[0]), 9);
  // ...and a LONG that fits converts to INT (old models store ints as longs).
  attrs = Probe().CheckAttrs({{"level", int64_t{5}}});
  EXPECT_EQ(std::get<int32_t>(attrs[3]), 5);
}

TEST(OpDefCheckAttrs, NumbersConvertToScalarsAsPaddlePaddleConverts) {
  Attribute out;
  ASSERT_TRUE(ConvertAttr(int32_t{-3}, AttrType::SCALAR, &out));
  EXPECT_EQ(std::get<Scalar>(out), Scalar(int64_t{-3}));
  EXPECT_EQ(std::get<Scalar>(out).type(), framework::proto::Scalar::LONG);
  ASSERT_TRUE(ConvertAttr(1.5f, AttrType::SCALAR, &out));
  EXPECT_EQ(std::get<Scalar>(out).type(), framework::proto::Scalar::FLOAT64);
  ASSERT_TRUE(ConvertAttr(true, AttrType::SCALAR, &out));
  EXPECT_EQ(std::get<Scalar>(out), Scalar(true));
  ASSERT_TRUE(ConvertAttr(std::vector<int64_t>{int64_t{1} << 40}, AttrType::SCALARS, &out));
  EXPECT_EQ(std::get<std::vector<Scalar>>(out), std::vector<Scalar>{int64_t{1} << 40});
  ASSERT_TRUE(ConvertAttr(std::vector<bool>{false}, AttrType::SCALARS, &out));
  EXPECT_EQ(std::get<std::vector<Scalar>>(out), std::vector<Scalar>{false});
  ASSERT_TRUE(ConvertAttr(std::vector<double>{}, AttrType::SCALARS, &out));
  EXPECT_TRUE(std::get<std::vector<Scalar>>(out).empty());
  // Nothing else: a string, a list where one value is declared, and back.
  EXPECT_FALSE(ConvertAttr(std::string("1"), AttrType::SCALAR, &out));
  EXPECT_FALSE(ConvertAttr(std::vector<float>{1.0f}, AttrType::SCALAR, &out));
  EXPECT_FALSE(ConvertAttr(2.0, AttrType::SCALARS, &out));
  EXPECT_FALSE(ConvertAttr(Scalar(2.0), AttrType::FLOAT64, &out));
  EXPECT_FALSE(ConvertAttr(std::vector<Scalar>{1.0}, AttrType::FLOAT64S, &out));
}

TEST(OpDefCheckAttrs, UndeclaredAttributesIgnored) {
  const OpDef& softmax = OpRegistry::Instance().Get("softmax");
  auto attrs = softmax.CheckAttrs({{"axis", int32_t{1}},
                                   {"op_role", int32_t{0}},
                                   {"op_namescope", std::string("/")},
                                   {"use_cudnn", false},
                                   {"data_format", std::string("AnyLayout")}});
  ASSERT_EQ(attrs.size(), 1u);
  EXPECT_EQ(std::get<int32_t>(attrs[0]), 1);
}

// A desc for the probe op with the given inputs bound.
struct ProbeDesc {
  ProgramDesc program;
  OpDesc* op = program.Block(0)->AppendOp();
  ProbeDesc() {
    op->SetType("op_def_test_probe");
    op->SetInput("X", {"x"});
    op->SetOutput("Out", {"out"});
  }
};

// Reading a checked attribute as the wrong type, or past the end, is a bug in
// the op's code: a typed Fatal naming the op and attribute.
TEST(OpDefAttrAccess, WrongTypeOrIndexIsFatalNamingTheAttribute) {
  auto attrs = Probe().CheckAttrs({{"level", int32_t{7}}});
  EXPECT_EQ(AttrAt<int32_t>(Probe(), attrs, 3), 7);
  ExpectError([&] { AttrAt<int32_t>(Probe(), attrs, 0); }, ErrorKind::kFatal,
              {"[op_def_test_probe]", "'count'", "read as int", "holds long"});
  ExpectError([&] { AttrAt<int32_t>(Probe(), attrs, 4); }, ErrorKind::kFatal,
              {"[op_def_test_probe]", "index 4"});
  ExpectError([&] { AttrAt<int32_t>(Probe(), attrs, -1); }, ErrorKind::kFatal,
              {"[op_def_test_probe]", "index -1"});
}

// Passes read attributes by name through the definition's checks.
TEST(OpDefAttrAccess, OpAttrsChecksAndFillsDefaults) {
  ProgramDesc program;
  OpDesc* op = program.Block(0)->AppendOp();
  op->SetType("mul");
  op->SetAttr("x_num_col_dims", int64_t{2});  // a LONG that fits converts
  OpAttrs attrs(*op);
  EXPECT_EQ(attrs.Get<int32_t>("x_num_col_dims"), 2);
  EXPECT_EQ(attrs.Get<int32_t>("y_num_col_dims"), 1);  // the default
  ExpectError([&] { attrs.Get<int32_t>("no_such_attr"); }, ErrorKind::kFatal, {"[mul]"});
  op->SetAttr("x_num_col_dims", int64_t{(int64_t{1} << 32) + 1});
  ExpectError([&] { OpAttrs{*op}; }, ErrorKind::kInvalidArgument,
              {"[mul]", "x_num_col_dims", "4294967297"});
}

TEST(OpDefCheckSlots, RequiredDispensableAndDuplicable) {
  ProbeDesc ok;
  EXPECT_NO_THROW(Probe().CheckSlots(*ok.op));
  ok.op->SetInput("Xs", {"a", "b", "c"});  // duplicable takes a list
  EXPECT_NO_THROW(Probe().CheckSlots(*ok.op));

  ProbeDesc missing;
  missing.op->SetInput("X", {});
  ExpectError([&] { Probe().CheckSlots(*missing.op); }, ErrorKind::kInvalidArgument,
              {"[op_def_test_probe]", "input 'X'", "required"});

  ProbeDesc no_out;
  no_out.op->SetOutput("Out", {});
  ExpectError([&] { Probe().CheckSlots(*no_out.op); }, ErrorKind::kInvalidArgument,
              {"output 'Out'"});

  ProbeDesc list;
  list.op->SetInput("Bias", {"b1", "b2"});
  ExpectError([&] { Probe().CheckSlots(*list.op); }, ErrorKind::kInvalidArgument,
              {"input 'Bias'", "one variable", "2"});
}

// A required list slot may be present with no variables (a branch of
// paddle.static.nn.cond that reads nothing from outside), but not absent.
TEST(OpDefCheckSlots, RequiredListSlotMayBePresentButEmpty) {
  ProgramDesc program;
  OpDesc* op = program.Block(0)->AppendOp();
  op->SetType("conditional_block");
  op->SetInput("Cond", {"c"});
  op->SetOutput("Out", {"y"});
  op->SetOutput("Scope", {"s"});
  const OpDef& def = OpRegistry::Instance().Get("conditional_block");
  ExpectError([&] { def.CheckSlots(*op); }, ErrorKind::kInvalidArgument,
              {"[conditional_block] input 'Input' is required but not bound"});
  op->SetInput("Input", {});
  EXPECT_NO_THROW(def.CheckSlots(*op));
}

TEST(OpDefRegistry, UnknownOpIsNotFound) {
  ExpectError([] { OpRegistry::Instance().Get("no_such_op"); }, ErrorKind::kNotFound,
              {"[no_such_op]"});
  ExpectError([] { OpRegistry::Instance().SerializedProto("no_such_op"); }, ErrorKind::kNotFound,
              {"no_such_op"});
  EXPECT_FALSE(OpRegistry::Instance().Has("no_such_op"));
  EXPECT_TRUE(OpRegistry::Instance().Has("mul"));
}

TEST(OpDefRegistry, MissingKernelListsRegistered) {
  const OpDef& mul = OpRegistry::Instance().Get("mul");
  ExpectError([&] { mul.FindKernel(DeviceType::kCPU, DataType::kInt8); },
              ErrorKind::kNotFound, {"[mul]", "int8", "cpu/float32", "cpu/float64"});
}

TEST(OpDefRegistry, FeedFetchServeEveryDtype) {
  for (const char* type : {"feed", "fetch"}) {
    const OpDef& def = OpRegistry::Instance().Get(type);
    for (DataType dt : {DataType::kBool, DataType::kInt16, DataType::kInt32, DataType::kInt64,
                        DataType::kFloat16, DataType::kFloat32, DataType::kFloat64,
                        DataType::kUInt8, DataType::kInt8, DataType::kBFloat16,
                        DataType::kComplex64, DataType::kComplex128})
      EXPECT_NE(def.FindKernel(DeviceType::kCPU, dt), nullptr) << type << " " << DataTypeName(dt);
  }
}

TEST(OpDefProto, CarriesBothLanguagesAndConstraints) {
  proto::OpProto p;
  ASSERT_TRUE(p.ParseFromString(OpRegistry::Instance().SerializedProto("op_def_test_probe")));
  EXPECT_EQ(p.type(), "op_def_test_probe");
  EXPECT_EQ(p.comment(), "Test-only operator exercising attribute checks.");
  EXPECT_EQ(p.comment_zh(), "仅用于测试属性检查的算子。");
  ASSERT_EQ(p.inputs_size(), 3);
  EXPECT_EQ(p.inputs(0).name(), "X");
  EXPECT_EQ(p.inputs(0).comment_zh(), "必需的输入。");
  EXPECT_FALSE(p.inputs(0).dispensable());
  EXPECT_TRUE(p.inputs(1).dispensable());
  EXPECT_TRUE(p.inputs(2).duplicable());
  ASSERT_EQ(p.outputs_size(), 1);
  EXPECT_EQ(p.outputs(0).comment(), "The output.");
  ASSERT_EQ(p.attrs_size(), 4);
  EXPECT_EQ(p.attrs(0).name(), "count");
  EXPECT_EQ(p.attrs(0).type(), proto::LONG);
  EXPECT_EQ(p.attrs(0).default_value().l(), 3);
  ASSERT_EQ(p.attrs(0).constraints_size(), 1);
  EXPECT_EQ(p.attrs(0).constraints(0), ">= 0");
  EXPECT_EQ(p.attrs(2).constraints(0), "one of {fast, exact}");
  EXPECT_EQ(p.attrs(2).default_value().s(), "fast");
  EXPECT_FALSE(p.attrs(3).has_default_value());  // required
  EXPECT_EQ(p.attrs(3).comment_zh(), "必需的 INT 类型属性。");

  // A real op: names and defaults are PaddlePaddle's.
  ASSERT_TRUE(p.ParseFromString(OpRegistry::Instance().SerializedProto("mul")));
  ASSERT_EQ(p.attrs_size(), 2);
  EXPECT_EQ(p.attrs(0).name(), "x_num_col_dims");
  EXPECT_EQ(p.attrs(0).type(), proto::INT);
  EXPECT_EQ(p.attrs(0).default_value().i(), 1);
  EXPECT_EQ(p.attrs(1).name(), "y_num_col_dims");
}

// Every op's documentation is complete in both languages: the docs site and
// the OPS spec are generated from it.
TEST(OpDefProto, EveryOpDocumentedInEnglishAndChinese) {
  const auto protos = OpRegistry::Instance().SerializedProtos();
  ASSERT_EQ(protos.size(), OpRegistry::Instance().Types().size());
  ASSERT_GE(protos.size(), 10u);
  for (const std::string& bytes : protos) {
    proto::OpProto p;
    ASSERT_TRUE(p.ParseFromString(bytes));
    const std::string& op = p.type();
    EXPECT_FALSE(p.comment().empty()) << op;
    EXPECT_FALSE(p.comment_zh().empty()) << op;
    for (const auto* vars : {&p.inputs(), &p.outputs()})
      for (const auto& v : *vars) {
        EXPECT_FALSE(v.comment().empty()) << op << " slot " << v.name();
        EXPECT_FALSE(v.comment_zh().empty()) << op << " slot " << v.name();
        EXPECT_NE(v.comment(), v.comment_zh()) << op << " slot " << v.name();
      }
    for (const auto& a : p.attrs()) {
      EXPECT_FALSE(a.comment().empty()) << op << " attr " << a.name();
      EXPECT_FALSE(a.comment_zh().empty()) << op << " attr " << a.name();
      EXPECT_NE(a.comment(), a.comment_zh()) << op << " attr " << a.name();
    }
  }
}

// Each op of this set is defined, with its gradient where it has one.
TEST(OpDefRegistry, FirstOpsAndTheirGradients) {
  const OpRegistry& r = OpRegistry::Instance();
  for (const char* type : {"feed", "fetch", "mul", "mul_grad", "elementwise_add",
                           "elementwise_add_grad", "relu", "relu_grad", "softmax",
                           "softmax_grad", "reduce_sum", "reduce_sum_grad"})
    EXPECT_TRUE(r.Has(type)) << type;
  for (const char* type : {"mul", "elementwise_add", "relu", "softmax"}) {
    EXPECT_NE(r.Get(type).grad_maker, nullptr) << type;
    EXPECT_NE(r.Get(type).infer_shape, nullptr) << type;
  }
}

// The gradient declared on the forward: the grad op's slots (with their
// flags), attributes, docs and maker are derived from one statement.
TEST(OpDefGrad, DerivedFromTheForwardDeclaration) {
  const OpRegistry& r = OpRegistry::Instance();
  const OpDef& g = r.Get("op_def_test_probe_grad");
  ASSERT_EQ(g.inputs.size(), 4u);
  EXPECT_EQ(g.inputs[0].name, "X");
  EXPECT_EQ(g.inputs[1].name, "Xs");
  EXPECT_TRUE(g.inputs[1].duplicable && g.inputs[1].dispensable);  // as the forward's
  EXPECT_EQ(g.inputs[2].name, "Out");
  EXPECT_EQ(g.inputs[3].name, "Out@GRAD");
  ASSERT_EQ(g.outputs.size(), 2u);
  EXPECT_EQ(g.outputs[0].name, "X@GRAD");
  EXPECT_TRUE(g.outputs[0].dispensable);
  EXPECT_EQ(g.outputs[1].name, "Xs@GRAD");
  EXPECT_TRUE(g.outputs[1].duplicable);  // a list input has a list of gradients
  ASSERT_EQ(g.attrs.size(), Probe().attrs.size());
  for (size_t i = 0; i < g.attrs.size(); ++i) EXPECT_EQ(g.attrs[i].name, Probe().attrs[i].name);
  EXPECT_NE(g.en.find("op_def_test_probe"), std::string::npos) << g.en;
  EXPECT_NE(g.zh.find("梯度"), std::string::npos) << g.zh;
  EXPECT_EQ(g.kernel_dtype_input, 3);  // Out@GRAD has the compute dtype
  EXPECT_EQ(g.grad_shape_from, (std::vector<std::pair<int, int>>{{0, 0}, {1, 1}}));

  ProgramDesc program;
  OpDesc* fwd = program.Block(0)->AppendOp();
  fwd->SetType("op_def_test_probe");
  fwd->SetInput("X", {"x"});
  fwd->SetInput("Xs", {"a", "b"});
  fwd->SetOutput("Out", {"y"});
  fwd->SetAttr("level", int32_t{2});
  auto grads = Probe().grad_maker(*fwd);
  ASSERT_EQ(grads.size(), 1u);
  EXPECT_EQ(grads[0].type, "op_def_test_probe_grad");
  EXPECT_EQ(grads[0].inputs.at("X"), std::vector<std::string>{"x"});
  EXPECT_EQ(grads[0].inputs.at("Out"), std::vector<std::string>{"y"});
  EXPECT_EQ(grads[0].inputs.at("Out@GRAD"), std::vector<std::string>{"y@GRAD"});
  EXPECT_EQ(grads[0].outputs.at("X@GRAD"), std::vector<std::string>{"x@GRAD"});
  EXPECT_EQ(grads[0].outputs.at("Xs@GRAD"), (std::vector<std::string>{"a@GRAD", "b@GRAD"}));
  EXPECT_EQ(std::get<int32_t>(grads[0].attrs.at("level")), 2);
}

// Slots and attributes out of declaration order, and gradient slots naming
// nothing, are caught when the op registers (a Fatal naming the op).
TEST(OpDefGrad, RegistrationChecksIndicesAndNames) {
  enum { kA, kB };
  ExpectError([] { OpDefBuilder("bad_probe").Input(kB, "X", "x", "x"); }, ErrorKind::kFatal,
              {"[bad_probe]", "'X'", "index 1", "#0"});
  ExpectError([] { OpDefBuilder("bad_probe").Attr<int32_t>(kB, "a", 0, "a", "a"); },
              ErrorKind::kFatal, {"[bad_probe]", "attribute 'a'"});
  ExpectError(
      [] {
        OpDefBuilder("bad_probe").Input(kA, "X", "x", "x").Grad().Reads(kA, "Nope");
      },
      ErrorKind::kFatal, {"'Nope'"});
  ExpectError(
      [] { OpDefBuilder("bad_probe").Input(kA, "X", "x", "x").Grad().Attr<int32_t>(kA, "a", 0, "", ""); },
      ErrorKind::kFatal, {"after Grad()"});
}

// A kernel registered from another file, before or after its op.
template <typename T>
void ProbeLateKernel(KernelContext&) {}
PD_REGISTER_KERNEL(op_def_test_probe, GPU, ProbeLateKernel, float, double);
PD_REGISTER_KERNEL(op_def_test_no_such_op, CPU, ProbeLateKernel, float);

TEST(OpDefRegistry, KernelsFromAnotherFileJoinTheirOp) {
  const OpDef& def = Probe();
  EXPECT_EQ(def.FindKernel(DeviceType::kGPU, DataType::kFloat32), &ProbeLateKernel<float>);
  EXPECT_EQ(def.FindKernel(DeviceType::kGPU, DataType::kFloat64), &ProbeLateKernel<double>);
  // An op that never registered keeps its kernels aside, and a test can see it.
  EXPECT_EQ(OpRegistry::Instance().OrphanKernelTypes(),
            std::vector<std::string>{"op_def_test_no_such_op"});
}

}  // namespace
}  // namespace paddle
