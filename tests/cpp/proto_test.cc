// The ProgramDesc wrappers against programs exported by the real PaddlePaddle
// 3.3.1: loading and serializing gives back the exact bytes, the typed views
// read what PaddlePaddle wrote into them, edits survive a round trip, and
// fields our schema does not know are kept.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/framework/model_io.h"
#include "core/framework/program_desc.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::DataPath;
using test::ReadFile;

const char* const kModels[] = {"mlp", "lenet", "embed_pool", "const_mask"};

std::string ModelPath(const std::string& model) { return DataPath(model + "/model.pdmodel"); }

TEST(ProtoTest, OracleProgramsSerializeByteIdentical) {
  for (const char* model : kModels) {
    SCOPED_TRACE(model);
    std::string bytes = ReadFile(ModelPath(model));
    ProgramDesc program = LoadProgram(ModelPath(model));
    std::string again = program.Serialize();
    EXPECT_EQ(again.size(), bytes.size());
    EXPECT_TRUE(again == bytes) << "serialized program differs from the file";
    // And through a copy, which re-wraps the message.
    ProgramDesc copy = program;
    EXPECT_TRUE(copy.Serialize() == bytes);
  }
}

TEST(ProtoTest, MlpTypedViews) {
  ProgramDesc p = LoadProgram(ModelPath("mlp"));
  EXPECT_EQ(p.Version(), 3003001);
  ASSERT_EQ(p.BlockCount(), 1u);
  const BlockDesc* b = p.Block(0);
  EXPECT_EQ(b->Index(), 0);
  EXPECT_EQ(b->ParentIndex(), -1);

  std::vector<std::string> types;
  for (size_t i = 0; i < b->OpCount(); ++i) types.push_back(b->Op(i)->Type());
  EXPECT_EQ(types, (std::vector<std::string>{"feed", "mul", "elementwise_add", "relu", "mul",
                                             "elementwise_add", "softmax", "fetch"}));

  const VarDesc* w = b->FindVar("fc_0.w_0");
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(w->Persistable());
  EXPECT_TRUE(w->IsTensor());
  EXPECT_EQ(w->GetDataType(), DataType::kFloat32);
  EXPECT_EQ(w->GetShape(), (std::vector<int64_t>{784, 128}));

  const VarDesc* x = b->FindVar("x");
  ASSERT_NE(x, nullptr);
  EXPECT_FALSE(x->Persistable());
  EXPECT_EQ(x->GetShape(), (std::vector<int64_t>{-1, 784}));
  const VarDesc* feed = b->FindVar("feed");
  ASSERT_NE(feed, nullptr);
  EXPECT_EQ(feed->Kind(), proto::VarType::FEED_MINIBATCH);
  EXPECT_EQ(b->FindVar("no_such_var"), nullptr);

  const OpDesc* mul = b->Op(1);
  EXPECT_EQ(std::get<int32_t>(mul->GetAttr("x_num_col_dims")), 1);
  EXPECT_EQ(mul->Input("X"), std::vector<std::string>{"x"});
  EXPECT_EQ(mul->Input("Y"), std::vector<std::string>{"fc_0.w_0"});
  EXPECT_EQ(mul->Output("Out"), std::vector<std::string>{"fc_0.tmp_0"});
  EXPECT_EQ(std::get<int32_t>(b->Op(0)->GetAttr("col")), 0);
  EXPECT_EQ(b->Op(0)->Output("Out"), std::vector<std::string>{"x"});
  EXPECT_EQ(b->Op(7)->Input("X"), std::vector<std::string>{"softmax_0.tmp_0"});

  EXPECT_EQ(PersistableVarNames(p),
            (std::vector<std::string>{"fc_0.b_0", "fc_0.w_0", "fc_1.b_0", "fc_1.w_0"}));
}

TEST(ProtoTest, OraclePersistableOrderMatchesParamsOrder) {
  // The order the real PaddlePaddle wrote the files in (the order PaddlePaddle wrote the parameters in).
  EXPECT_EQ(PersistableVarNames(LoadProgram(ModelPath("lenet"))),
            (std::vector<std::string>{"conv2d_0.b_0", "conv2d_0.w_0", "conv2d_1.b_0",
                                      "conv2d_1.w_0", "fc_0.b_0", "fc_0.w_0", "fc_1.b_0",
                                      "fc_1.w_0", "fc_2.b_0", "fc_2.w_0"}));
  EXPECT_EQ(PersistableVarNames(LoadProgram(ModelPath("embed_pool"))),
            (std::vector<std::string>{"embedding_0.w_0", "linear_0.b_0", "linear_0.w_0"}));
}

TEST(ProtoTest, LenetAndEmbedPoolTypedViews) {
  ProgramDesc lenet = LoadProgram(ModelPath("lenet"));
  EXPECT_EQ(lenet.Version(), 3003001);
  EXPECT_EQ(lenet.Proto().op_version_map().pair_size(), 76);
  const VarDesc* w = lenet.Block(0)->FindVar("conv2d_0.w_0");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->GetShape(), (std::vector<int64_t>{6, 1, 5, 5}));

  ProgramDesc embed = LoadProgram(ModelPath("embed_pool"));
  const VarDesc* ids = embed.Block(0)->FindVar("ids");
  ASSERT_NE(ids, nullptr);
  EXPECT_EQ(ids->GetDataType(), DataType::kInt64);
  EXPECT_EQ(ids->GetShape(), (std::vector<int64_t>{-1, 6}));
}

TEST(ProtoTest, EditsSurviveSerializeAndParse) {
  ProgramDesc p = LoadProgram(ModelPath("mlp"));
  BlockDesc* b = p.Block(0);
  b->Op(1)->SetAttr("x_num_col_dims", Attribute(int32_t{2}));
  b->Op(1)->SetAttr("my_new_attr", Attribute(std::vector<int64_t>{7, -8}));
  VarDesc* v = b->AddVar("scale_0.tmp_0");
  v->SetDataType(DataType::kFloat64);
  v->SetShape({-1, 10});
  v->SetPersistable(false);
  EXPECT_EQ(b->AddVar("scale_0.tmp_0"), v) << "AddVar returns the existing var";
  OpDesc* op = b->AppendOp();
  op->SetType("scale");
  op->SetInput("X", {"softmax_0.tmp_0"});
  op->SetOutput("Out", {"scale_0.tmp_0"});
  op->SetAttr("scale", Attribute(2.5f));

  ProgramDesc back = ParseProgram(p.Serialize(), "edited mlp");
  const BlockDesc* bb = back.Block(0);
  EXPECT_EQ(std::get<int32_t>(bb->Op(1)->GetAttr("x_num_col_dims")), 2);
  EXPECT_EQ(std::get<std::vector<int64_t>>(bb->Op(1)->GetAttr("my_new_attr")),
            (std::vector<int64_t>{7, -8}));
  const VarDesc* bv = bb->FindVar("scale_0.tmp_0");
  ASSERT_NE(bv, nullptr);
  EXPECT_EQ(bv->GetDataType(), DataType::kFloat64);
  EXPECT_EQ(bv->GetShape(), (std::vector<int64_t>{-1, 10}));
  ASSERT_EQ(bb->OpCount(), 9u);
  EXPECT_EQ(bb->Op(8)->Type(), "scale");
  EXPECT_EQ(bb->Op(8)->Input("X"), std::vector<std::string>{"softmax_0.tmp_0"});
  EXPECT_EQ(bb->Op(8)->Output("Out"), std::vector<std::string>{"scale_0.tmp_0"});
  EXPECT_FLOAT_EQ(std::get<float>(bb->Op(8)->GetAttr("scale")), 2.5f);
  // The untouched parts are still there.
  EXPECT_EQ(bb->Op(0)->Type(), "feed");
  EXPECT_EQ(back.Proto().op_version_map().pair_size(), p.Proto().op_version_map().pair_size());
}

// ---- wire bytes built by hand ----

std::string Varint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
  return out;
}
std::string Tag(int field, int wire_type) { return Varint((uint64_t(field) << 3) | wire_type); }
std::string Bytes(int field, const std::string& payload) {
  return Tag(field, 2) + Varint(payload.size()) + payload;
}
std::string Int(int field, int64_t v) { return Tag(field, 0) + Varint(static_cast<uint64_t>(v)); }

// ---- SCALAR and SCALARS attributes ----

TEST(ProtoTest, ScalarsThatPaddlePaddleWroteReadAndRewriteByteIdentically) {
  // const_mask's assign_value ops hold SCALARS of bool, int64 and float64.
  const std::string bytes = ReadFile(ModelPath("const_mask"));
  ProgramDesc p = LoadProgram(ModelPath("const_mask"));
  BlockDesc* b = p.Block(0);
  std::vector<std::vector<Scalar>> values;
  for (size_t i = 0; i < b->OpCount(); ++i)
    if (b->Op(i)->Type() == "assign_value")
      values.push_back(std::get<std::vector<Scalar>>(b->Op(i)->GetAttr("values")));
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[0], (std::vector<Scalar>{0.5, -0.25, 1.0, -1.5}));
  EXPECT_EQ(values[1], (std::vector<Scalar>{true, false, true}));
  EXPECT_EQ(values[2], (std::vector<Scalar>{int64_t{2}, int64_t{0}, int64_t{1}}));
  EXPECT_EQ(values[4], (std::vector<Scalar>{0.1, 2.5, -3.0}));
  EXPECT_EQ(values[0][0].type(), proto::Scalar::FLOAT64);
  EXPECT_EQ(values[2][0].type(), proto::Scalar::LONG);
  // Every attribute written back from its typed form gives the same bytes.
  for (size_t i = 0; i < b->OpCount(); ++i) {
    OpDesc* op = b->Op(i);
    for (const auto& [name, value] : op->GetAttrMap()) op->SetAttr(name, value);
  }
  EXPECT_TRUE(p.Serialize() == bytes) << "a typed attribute did not write back as read";
}

TEST(ProtoTest, EveryScalarKindWritesPaddlePaddlesWireFormAndReadsBack) {
  ProgramDesc p;
  OpDesc* op = p.Block(0)->AppendOp();
  op->SetType("assign_value");
  const std::vector<Scalar> all = {true, int64_t{-3}, 2.5, Scalar::Complex(1.0, -2.0)};
  op->SetAttr("values", all);
  op->SetAttr("one", Scalar(int64_t{1} << 40));
  // The Attr messages as PaddlePaddle writes them: name 1, type 2, then
  // `scalar` 20 or `scalars` 21, each Scalar its type 1 and one of b 2, i 3,
  // r 4, c 5 (a Complex: r 1, i 2, doubles).
  auto fixed64 = [](int field, double v) {
    std::string out = Tag(field, 1);
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    for (int k = 0; k < 8; ++k) out.push_back(static_cast<char>(bits >> (8 * k)));
    return out;
  };
  const std::string scalars = Bytes(21, Int(1, 1) + Int(2, 1)) + Bytes(21, Int(1, 2) + Int(3, -3)) +
                              Bytes(21, Int(1, 3) + fixed64(4, 2.5)) +
                              Bytes(21, Int(1, 4) + Bytes(5, fixed64(1, 1.0) + fixed64(2, -2.0)));
  EXPECT_TRUE(op->Proto()->attrs(0).SerializeAsString() == Bytes(1, "values") + Int(2, 17) + scalars);
  EXPECT_TRUE(op->Proto()->attrs(1).SerializeAsString() ==
              Bytes(1, "one") + Int(2, 16) + Bytes(20, Int(1, 2) + Int(3, int64_t{1} << 40)));

  ProgramDesc back = ProgramDesc::Parse(p.Serialize(), "scalars");
  const OpDesc* got = back.Block(0)->Op(0);
  EXPECT_EQ(std::get<std::vector<Scalar>>(got->GetAttr("values")), all);
  EXPECT_EQ(std::get<Scalar>(got->GetAttr("one")), Scalar(int64_t{1} << 40));
  EXPECT_EQ(AttrToString(got->GetAttr("values")), "[true, -3, 2.5, (1.0-2.0j)]");
  EXPECT_EQ(TypeOf(got->GetAttr("one")), proto::SCALAR);
}

TEST(ProtoTest, ScalarsPrintAsPythonDoes) {
  EXPECT_EQ(ScalarToString(2.0), "2.0");
  EXPECT_EQ(ScalarToString(0.1), "0.1");
  EXPECT_EQ(ScalarToString(1e16), "1e+16");
  EXPECT_EQ(ScalarToString(123456789012345.6), "123456789012345.6");
  EXPECT_EQ(ScalarToString(1e-5), "1e-05");
  EXPECT_EQ(ScalarToString(-0.0001), "-0.0001");
  EXPECT_EQ(ScalarToString(int64_t{-7}), "-7");
  EXPECT_EQ(ScalarToString(false), "false");
  EXPECT_EQ(ScalarToString(Scalar::Complex(0.5, 3)), "(0.5+3.0j)");
  EXPECT_EQ(ScalarToString(-std::numeric_limits<double>::infinity()), "-inf");
}

// ---- a field our schema lacks on an OpDesc ----

TEST(ProtoTest, UnknownFieldsSurviveRoundTrip) {
  // VarDesc "v": name, type {type: LOD_TENSOR, lod_tensor {tensor {FP32, dims 3}}}.
  std::string tensor_desc = Int(1, 5) + Int(2, 3);
  std::string var_type = Int(1, 7) + Bytes(3, Bytes(1, tensor_desc));
  std::string var = Bytes(1, "v") + Bytes(2, var_type);
  // OpDesc: outputs {Out: [v]}, type "fill", then field 1000 that we do not know.
  const std::string unknown = Bytes(1000, "kept by a newer PaddlePaddle");
  std::string op = Bytes(2, Bytes(1, "Out") + Bytes(2, "v")) + Bytes(3, "fill") + unknown;
  std::string block = Int(1, 0) + Int(2, -1) + Bytes(3, var) + Bytes(4, op);
  std::string program_bytes = Bytes(1, block) + Bytes(4, Int(1, 3003001));

  ProgramDesc p = ParseProgram(program_bytes, "crafted");
  ASSERT_EQ(p.Block(0)->OpCount(), 1u);
  EXPECT_EQ(p.Block(0)->Op(0)->Type(), "fill");
  std::string out = p.Serialize();
  EXPECT_NE(out.find(unknown), std::string::npos) << "field 1000 was dropped";
  EXPECT_TRUE(out == program_bytes);

  // Still there after an edit and a second parse.
  p.Block(0)->Op(0)->SetAttr("value", Attribute(1.0f));
  ProgramDesc again = ParseProgram(p.Serialize(), "crafted, edited");
  EXPECT_NE(again.Serialize().find(unknown), std::string::npos);
  EXPECT_FLOAT_EQ(std::get<float>(again.Block(0)->Op(0)->GetAttr("value")), 1.0f);
}

TEST(ProtoTest, PackedDimsAreAcceptedToo) {
  // proto2 readers must take packed repeated scalars even though Paddle writes
  // them unpacked: dims [2, 3] as one length-delimited field.
  std::string tensor_desc = Int(1, 5) + Bytes(2, Varint(2) + Varint(3));
  std::string var_type = Int(1, 7) + Bytes(3, Bytes(1, tensor_desc));
  std::string block = Int(1, 0) + Int(2, -1) + Bytes(3, Bytes(1, "w") + Bytes(2, var_type));
  ProgramDesc p = ParseProgram(Bytes(1, block), "packed");
  EXPECT_EQ(p.Block(0)->FindVar("w")->GetShape(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(p.Version(), 0) << "no version field reads as a development build";
}

TEST(ProtoTest, NewProgramHasRootBlockAndVersion) {
  ProgramDesc p;
  EXPECT_EQ(p.Version(), kProgramVersion);
  ASSERT_EQ(p.BlockCount(), 1u);
  EXPECT_EQ(p.Block(0)->ParentIndex(), -1);
  BlockDesc* sub = p.AppendBlock(0);
  EXPECT_EQ(sub->Index(), 1);
  ProgramDesc back = ParseProgram(p.Serialize(), "new");
  EXPECT_EQ(back.BlockCount(), 2u);
  EXPECT_EQ(back.Block(1)->ParentIndex(), 0);
}

}  // namespace
}  // namespace paddle

namespace paddle {
namespace {

TEST(ProtoTest, RemovingOpsAndVarsKeepsTheOtherWrappersValid) {
  ProgramDesc p = LoadProgram(test::DataPath("mlp/model.pdmodel"));
  BlockDesc* b = p.Block(0);
  const OpDesc* relu = b->Op(3);
  const VarDesc* w = b->FindVar("fc_0.w_0");
  b->RemoveOps(1, 3);  // mul, elementwise_add
  EXPECT_EQ(b->OpCount(), 6u);
  EXPECT_EQ(b->Op(1), relu);
  EXPECT_EQ(relu->Type(), "relu");
  EXPECT_TRUE(b->RemoveVar("fc_0.tmp_0"));
  EXPECT_FALSE(b->RemoveVar("fc_0.tmp_0"));
  EXPECT_EQ(b->FindVar("fc_0.w_0"), w);
  EXPECT_EQ(w->GetShape(), (std::vector<int64_t>{784, 128}));
  ProgramDesc again = ProgramDesc::Parse(p.Serialize());
  EXPECT_EQ(again.Block(0)->OpCount(), 6u);
  EXPECT_EQ(again.Block(0)->FindVar("fc_0.tmp_0"), nullptr);
  EXPECT_THROW(b->RemoveOps(5, 9), Error);
}

}  // namespace
}  // namespace paddle
