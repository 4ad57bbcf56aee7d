// .pdmodel / .pdiparams reading and writing against the files the real
// PaddlePaddle 3.3.1 wrote: byte-identical round trips, correct values, and an
// InvalidModel error naming the file and variable for each kind of corruption.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/framework/model_io.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::ExpectError;

namespace fs = std::filesystem;
using test::DataPath;
using test::ReadFile;
using test::TempDir;
using test::WriteFile;

const char* const kModels[] = {"mlp", "lenet", "embed_pool"};

std::string ModelFile(const std::string& m) { return DataPath(m + "/model.pdmodel"); }
std::string ParamsFile(const std::string& m) { return DataPath(m + "/model.pdiparams"); }


// Where each record of an oracle .pdiparams lies, found independently of the
// code under test: fixed header sizes, the desc size field, and the data size
// from the program's declared (fully known) shapes.
struct Record {
  std::string name;
  size_t start, desc_at, desc_size, data_at, data_bytes;
};

std::vector<Record> Walk(const std::string& bytes, const ProgramDesc& program) {
  std::vector<Record> out;
  size_t off = 0;
  for (const auto& name : PersistableVarNames(program)) {
    const VarDesc* v = program.Block(0)->FindVar(name);
    Record r;
    r.name = name;
    r.start = off;
    uint64_t levels;
    std::memcpy(&levels, bytes.data() + off + 4, 8);
    EXPECT_EQ(levels, 0u);
    int32_t desc_size;
    std::memcpy(&desc_size, bytes.data() + off + 16, 4);
    r.desc_at = off + 20;
    r.desc_size = static_cast<size_t>(desc_size);
    r.data_at = r.desc_at + r.desc_size;
    int64_t numel = 1;
    for (int64_t d : v->GetShape()) numel *= d;
    r.data_bytes = static_cast<size_t>(numel) * SizeOf(v->GetDataType());
    off = r.data_at + r.data_bytes;
    out.push_back(r);
  }
  EXPECT_EQ(off, bytes.size()) << "the walk should end exactly at the end of the file";
  return out;
}

// ---------------------------------------------------------------------------
// Round trips and values
// ---------------------------------------------------------------------------

TEST(ModelIoTest, OracleParamsRoundTripByteIdentical) {
  for (const char* model : kModels) {
    SCOPED_TRACE(model);
    ProgramDesc program = LoadProgram(ModelFile(model));
    Scope scope;
    LoadParams(ParamsFile(model), program, &scope);
    std::string dir = TempDir();
    SaveParams(dir + "/p.pdiparams", program, scope);
    std::string original = ReadFile(ParamsFile(model));
    std::string saved = ReadFile(dir + "/p.pdiparams");
    EXPECT_EQ(saved.size(), original.size());
    EXPECT_TRUE(saved == original) << "saved params differ from PaddlePaddle's bytes";

    SaveProgram(program, dir + "/m.pdmodel");
    EXPECT_TRUE(ReadFile(dir + "/m.pdmodel") == ReadFile(ModelFile(model)));
  }
}

TEST(ModelIoTest, OracleTensorsHoldTheFileBytes) {
  for (const char* model : kModels) {
    SCOPED_TRACE(model);
    ProgramDesc program = LoadProgram(ModelFile(model));
    Scope scope;
    LoadParams(ParamsFile(model), program, &scope);
    std::string raw = ReadFile(ParamsFile(model));
    for (const Record& r : Walk(raw, program)) {
      SCOPED_TRACE(r.name);
      Variable* v = scope.FindVar(r.name);
      ASSERT_NE(v, nullptr);
      const DenseTensor& t = v->Get<DenseTensor>();
      EXPECT_EQ(t.dims().ToVector(), program.Block(0)->FindVar(r.name)->GetShape());
      EXPECT_EQ(t.dtype(), DataType::kFloat32);
      EXPECT_TRUE(t.lod().empty());
      ASSERT_EQ(t.nbytes(), r.data_bytes);
      EXPECT_EQ(std::memcmp(t.data(), raw.data() + r.data_at, r.data_bytes), 0);
    }
  }
}

TEST(ModelIoTest, MlpSpotValues) {
  ProgramDesc program = LoadProgram(ModelFile("mlp"));
  Scope scope;
  LoadParams(ParamsFile("mlp"), program, &scope);
  std::string raw = ReadFile(ParamsFile("mlp"));
  // fc_0.b_0 is the first record: 20 header bytes + its 5-byte desc (FP32, [128]).
  EXPECT_EQ(raw.substr(16, 9), std::string("\x05\0\0\0\x08\x05\x10\x80\x01", 9));
  const float* b = scope.FindVar("fc_0.b_0")->Get<DenseTensor>().data<float>();
  float expect[3];
  std::memcpy(expect, raw.data() + 25, sizeof(expect));
  EXPECT_EQ(b[0], expect[0]);
  EXPECT_EQ(b[1], expect[1]);
  EXPECT_EQ(b[2], expect[2]);
  // fc_0.w_0 follows 512 data bytes later, its 8-byte desc FP32 [784, 128]
  // (dims unpacked: 10 90 06 10 80 01); check its last element.
  EXPECT_EQ(raw.substr(25 + 512 + 16, 12),
            std::string("\x08\0\0\0\x08\x05\x10\x90\x06\x10\x80\x01", 12));
  const DenseTensor& w = scope.FindVar("fc_0.w_0")->Get<DenseTensor>();
  size_t w_data = 25 + 512 + 20 + 8;
  float last;
  std::memcpy(&last, raw.data() + w_data + (784 * 128 - 1) * 4, 4);
  EXPECT_EQ(w.data<float>()[784 * 128 - 1], last);
  EXPECT_NE(last, 0.0f);
}

TEST(ModelIoTest, InferenceModelRoundTrip) {
  ProgramDesc program;
  Scope scope;
  LoadInferenceModel(ModelFile("lenet"), ParamsFile("lenet"), &program, &scope);
  EXPECT_EQ(program.Block(0)->OpCount(), LoadProgram(ModelFile("lenet")).Block(0)->OpCount());
  std::string dir = TempDir();
  SaveInferenceModel(dir + "/m.pdmodel", dir + "/m.pdiparams", program, scope);
  EXPECT_TRUE(ReadFile(dir + "/m.pdmodel") == ReadFile(ModelFile("lenet")));
  EXPECT_TRUE(ReadFile(dir + "/m.pdiparams") == ReadFile(ParamsFile("lenet")));
  // No temporary files are left beside the outputs.
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 2u);
}

TEST(ModelIoTest, LodTensorRoundTripsThroughStream) {
  DenseTensor t(DataType::kInt64, DDim{5, 2});
  int64_t* p = t.MutableData<int64_t>();
  for (int i = 0; i < 10; ++i) p[i] = i * 1000003LL - 7;
  t.set_lod({{0, 2, 3}, {0, 1, 3, 5}});

  std::stringstream ss;
  ss.write("junk", 4);  // a record need not start at the stream's beginning
  WriteTensor(ss, t);
  DenseTensor second(DataType::kFloat32, DDim{2});
  second.MutableData<float>()[0] = 1.5f;
  second.MutableData<float>()[1] = -2.0f;
  WriteTensor(ss, second);
  std::string bytes = ss.str();

  // Layout: version, 2 levels, (24, offsets), (32, offsets), version, desc.
  uint64_t levels, size0;
  std::memcpy(&levels, bytes.data() + 4 + 4, 8);
  std::memcpy(&size0, bytes.data() + 4 + 12, 8);
  EXPECT_EQ(levels, 2u);
  EXPECT_EQ(size0, 24u);

  ss.seekg(4);
  DenseTensor back = ReadTensor(ss, bytes.size() - 4, "stream 'a'");
  EXPECT_EQ(back.dtype(), DataType::kInt64);
  EXPECT_EQ(back.dims(), (DDim{5, 2}));
  EXPECT_EQ(back.lod(), t.lod());
  EXPECT_EQ(std::memcmp(back.data(), t.data(), 80), 0);
  DenseTensor back2 = ReadTensor(ss, bytes.size() - static_cast<size_t>(ss.tellg()), "stream 'b'");
  EXPECT_EQ(back2.dims(), (DDim{2}));
  EXPECT_EQ(back2.data<float>()[1], -2.0f);
  EXPECT_TRUE(back2.lod().empty());

  // Writing back what was read gives the same bytes.
  std::stringstream again;
  again.write("junk", 4);
  WriteTensor(again, back);
  WriteTensor(again, back2);
  EXPECT_TRUE(again.str() == bytes);

  // A limit shorter than the record is a truncation, even though the stream has more.
  std::stringstream in(bytes.substr(4));
  ExpectError([&] { ReadTensor(in, 30, "stream 'a'"); }, ErrorKind::kInvalidModel,
              {"stream 'a'", "truncated"});
}

TEST(ModelIoTest, ReadTensorRejectsHugeSizesWithoutAllocating) {
  DenseTensor t(DataType::kFloat32, DDim{3});
  t.MutableData<float>();
  std::stringstream ss;
  WriteTensor(ss, t);
  const std::string good = ss.str();  // 4+8+4+4 header, desc 08 05 10 03, 12 data bytes
  ASSERT_EQ(good.substr(20, 4), std::string("\x08\x05\x10\x03", 4));

  auto read = [](const std::string& bytes) {
    std::stringstream in(bytes);
    // A careless limit: the stream's end still bounds what a size may claim.
    return ReadTensor(in, UINT64_MAX, "rec 'r'");
  };
  // dims [2^40]: the data cannot be there.
  proto::VarType::TensorDesc desc;
  desc.set_data_type(proto::VarType::FP32);
  desc.add_dims(int64_t{1} << 40);
  std::string big = good.substr(0, 16);
  std::string d = desc.SerializeAsString();
  int32_t n = static_cast<int32_t>(d.size());
  big.append(reinterpret_cast<const char*>(&n), 4).append(d).append(12, '\0');
  ExpectError([&] { read(big); }, ErrorKind::kInvalidModel,
              {"rec 'r'", "truncated", "tensor data"});
  // dims whose product overflows.
  desc.clear_dims();
  desc.add_dims(int64_t{1} << 40);
  desc.add_dims(int64_t{1} << 40);
  d = desc.SerializeAsString();
  n = static_cast<int32_t>(d.size());
  std::string ovf = good.substr(0, 16);
  ovf.append(reinterpret_cast<const char*>(&n), 4).append(d);
  ExpectError([&] { read(ovf); }, ErrorKind::kInvalidModel, {"rec 'r'", "overflows"});
  // A negative dim.
  desc.clear_dims();
  desc.add_dims(-3);
  d = desc.SerializeAsString();
  n = static_cast<int32_t>(d.size());
  std::string neg = good.substr(0, 16);
  neg.append(reinterpret_cast<const char*>(&n), 4).append(d);
  ExpectError([&] { read(neg); }, ErrorKind::kInvalidModel, {"rec 'r'", "-3"});
  // A huge LoD level count and a huge LoD level size.
  std::string lods = good;
  uint64_t huge = uint64_t{1} << 61;
  std::memcpy(&lods[4], &huge, 8);
  ExpectError([&] { read(lods); }, ErrorKind::kInvalidModel, {"rec 'r'", "LoD level count"});
  std::string lsize = good.substr(0, 4);
  uint64_t one = 1;
  lsize.append(reinterpret_cast<const char*>(&one), 8);
  lsize.append(reinterpret_cast<const char*>(&huge), 8);
  lsize += good.substr(12);
  ExpectError([&] { read(lsize); }, ErrorKind::kInvalidModel,
              {"rec 'r'", "truncated", "LoD offsets"});
  // An element type code that is not one (LOD_TENSOR = 7).
  std::string kind = good;
  kind[21] = 7;
  ExpectError([&] { read(kind); }, ErrorKind::kInvalidModel,
              {"rec 'r'", "not a tensor element type"});
  // The good record itself reads.
  EXPECT_EQ(read(good).dims(), (DDim{3}));
}

// A stream over bytes that cannot seek, so ReadTensor cannot learn where it ends.
class UnseekableBuf : public std::streambuf {
 public:
  explicit UnseekableBuf(std::string bytes) : bytes_(std::move(bytes)) {
    setg(&bytes_[0], &bytes_[0], &bytes_[0] + bytes_.size());
  }

 private:
  std::string bytes_;
};

TEST(ModelIoTest, UnseekableStreamWithCarelessLimit) {
  DenseTensor t(DataType::kFloat32, DDim{3});
  t.MutableData<float>()[2] = 4.0f;
  std::stringstream ss;
  WriteTensor(ss, t);
  const std::string good = ss.str();
  {
    UnseekableBuf buf(good);
    std::istream in(&buf);
    EXPECT_EQ(ReadTensor(in, UINT64_MAX, "u").data<float>()[2], 4.0f);
  }
  // A 2 GiB desc size: the reader meets the stream's end instead of allocating it.
  std::string big = good;
  int32_t huge = 0x7fffffff;
  std::memcpy(&big[16], &huge, 4);
  UnseekableBuf buf(big);
  std::istream in(&buf);
  ExpectError([&] { ReadTensor(in, UINT64_MAX, "u"); }, ErrorKind::kInvalidModel,
              {"u: truncated", "stream ended", "TensorDesc (2147483647 bytes)"});
  // A LoD level claiming 2^62 bytes of offsets.
  std::string lod = good.substr(0, 4);
  uint64_t one = 1, giant = uint64_t{1} << 62;
  lod.append(reinterpret_cast<const char*>(&one), 8);
  lod.append(reinterpret_cast<const char*>(&giant), 8);
  lod += good.substr(12);
  UnseekableBuf lbuf(lod);
  std::istream lin(&lbuf);
  ExpectError([&] { ReadTensor(lin, UINT64_MAX, "u"); }, ErrorKind::kInvalidModel,
              {"stream ended", "LoD offsets"});
}

// ---------------------------------------------------------------------------
// Corrupt parameter files
// ---------------------------------------------------------------------------

class CorruptParamsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    program_ = LoadProgram(ModelFile("mlp"));
    raw_ = ReadFile(ParamsFile("mlp"));
    records_ = Walk(raw_, program_);
    path_ = TempDir() + "/bad.pdiparams";
  }
  // Loads `bytes` as the MLP's params; expects InvalidModel naming the file,
  // `var` (if any) and each part; checks the scope was left untouched.
  std::string ExpectCorrupt(const std::string& bytes, const std::string& var,
                            std::initializer_list<std::string> parts) {
    WriteFile(path_, bytes);
    Scope scope;
    std::string msg = ExpectError([&] { LoadParams(path_, program_, &scope); },
                                  ErrorKind::kInvalidModel, parts);
    EXPECT_NE(msg.find(path_), std::string::npos) << msg;
    if (!var.empty()) EXPECT_NE(msg.find("variable '" + var + "'"), std::string::npos) << msg;
    EXPECT_TRUE(scope.LocalVarNames().empty()) << "a failed load changed the scope";
    return msg;
  }
  const Record& Rec(const std::string& name) {
    for (const auto& r : records_)
      if (r.name == name) return r;
    throw std::runtime_error("no record " + name);
  }
  void Put32(std::string* s, size_t at, int32_t v) { std::memcpy(&(*s)[at], &v, 4); }

  ProgramDesc program_;
  std::string raw_, path_;
  std::vector<Record> records_;
};

TEST_F(CorruptParamsTest, RecordsAreWhereWeThink) {
  ASSERT_EQ(records_.size(), 4u);
  EXPECT_EQ(records_[0].name, "fc_0.b_0");
  EXPECT_EQ(records_[1].start, 537u);
  EXPECT_EQ(records_[3].name, "fc_1.w_0");
}

TEST_F(CorruptParamsTest, TruncatedAtSeveralOffsets) {
  const Record& b0 = Rec("fc_0.b_0");
  const Record& w0 = Rec("fc_0.w_0");
  const Record& w1 = Rec("fc_1.w_0");
  struct Cut {
    size_t at;
    std::string var, field;
  };
  const Cut cuts[] = {
      {0, "fc_0.b_0", "tensor version"},
      {2, "fc_0.b_0", "tensor version"},
      {b0.start + 10, "fc_0.b_0", "LoD level count"},
      {b0.start + 14, "fc_0.b_0", "second tensor version"},
      {b0.start + 18, "fc_0.b_0", "TensorDesc size"},
      {b0.desc_at + 2, "fc_0.b_0", "the TensorDesc"},
      {b0.data_at + 100, "fc_0.b_0", "tensor data"},
      {w0.start, "fc_0.w_0", "tensor version"},
      {w0.start + 7, "fc_0.w_0", "LoD level count"},
      {w0.desc_at + 6, "fc_0.w_0", "the TensorDesc"},
      {w0.data_at + 1000, "fc_0.w_0", "tensor data"},
      {raw_.size() - 1, "fc_1.w_0", "tensor data"},
      {w1.data_at, "fc_1.w_0", "tensor data"},
  };
  for (const Cut& c : cuts) {
    SCOPED_TRACE(c.at);
    ExpectCorrupt(raw_.substr(0, c.at), c.var, {"truncated", c.field, "byte offset"});
  }
}

TEST_F(CorruptParamsTest, WrongTensorVersion) {
  std::string bad = raw_;
  bad[Rec("fc_1.b_0").start] = 3;
  ExpectCorrupt(bad, "fc_1.b_0", {"tensor version", " is 3", "expected 0",
                                  "byte offset " + std::to_string(Rec("fc_1.b_0").start)});
  bad = raw_;
  bad[Rec("fc_0.w_0").start + 12] = 1;  // the second version field
  ExpectCorrupt(bad, "fc_0.w_0", {"second tensor version", "is 1"});
}

TEST_F(CorruptParamsTest, HugeOrNegativeDescSize) {
  std::string bad = raw_;
  Put32(&bad, Rec("fc_0.w_0").start + 16, 0x7fffffff);
  ExpectCorrupt(bad, "fc_0.w_0", {"truncated", "TensorDesc", "2147483647"});
  bad = raw_;
  Put32(&bad, Rec("fc_0.b_0").start + 16, -5);
  ExpectCorrupt(bad, "fc_0.b_0", {"TensorDesc size -5", "negative"});
}

TEST_F(CorruptParamsTest, HugeLodCount) {
  std::string bad = raw_;
  uint64_t huge = ~uint64_t{0};
  std::memcpy(&bad[Rec("fc_1.b_0").start + 4], &huge, 8);
  ExpectCorrupt(bad, "fc_1.b_0", {"LoD level count"});
}

TEST_F(CorruptParamsTest, DescDoesNotParse) {
  std::string bad = raw_;
  const Record& r = Rec("fc_0.b_0");
  for (size_t i = 0; i < r.desc_size; ++i) bad[r.desc_at + i] = '\xff';
  ExpectCorrupt(bad, "fc_0.b_0", {"does not parse", "TensorDesc"});
  // A desc without its required data type: dims only.
  bad = raw_;
  bad[r.desc_at] = 0x10;  // tag of dims: "10 05 10 80 01" = dims [5, 128]
  ExpectCorrupt(bad, "fc_0.b_0", {"does not parse"});
}

TEST_F(CorruptParamsTest, DtypeMismatch) {
  std::string bad = raw_;
  bad[Rec("fc_1.b_0").desc_at + 1] = 6;  // FP32 -> FP64
  ExpectCorrupt(bad, "fc_1.b_0", {"data type mismatch", "float64", "float32"});
}

TEST_F(CorruptParamsTest, ShapeMismatch) {
  std::string bad = raw_;
  const Record& r = Rec("fc_0.b_0");
  ASSERT_EQ(bad.substr(r.desc_at + 2, 3), std::string("\x10\x80\x01", 3));
  bad[r.desc_at + 3] = '\x81';  // dims [128] -> [129]
  ExpectCorrupt(bad, "fc_0.b_0", {"shape mismatch", "[129]", "[128]"});
}

TEST_F(CorruptParamsTest, TrailingBytes) {
  std::string msg = ExpectCorrupt(raw_ + "xyz", "", {"3 bytes left over",
                                                     "byte offset " + std::to_string(raw_.size()),
                                                     "fc_1.w_0"});
  // A file of another model: the first mismatch is found and named.
  ExpectCorrupt(ReadFile(ParamsFile("lenet")), "fc_0.b_0", {"shape mismatch"});
}

TEST_F(CorruptParamsTest, EmptyFileNamesFirstVariable) {
  ExpectCorrupt("", "fc_0.b_0", {"truncated"});
}

TEST_F(CorruptParamsTest, FlippedHeaderBytesAlwaysThrow) {
  // Every header and desc byte of the first two records, flipped three ways.
  std::vector<size_t> positions;
  for (const Record& r : {records_[0], records_[1]})
    for (size_t i = r.start; i < r.data_at; ++i) positions.push_back(i);
  Scope scope;
  for (size_t at : positions) {
    for (unsigned mask : {0x01u, 0x80u, 0xffu}) {
      std::string bad = raw_;
      bad[at] = static_cast<char>(bad[at] ^ mask);
      WriteFile(path_, bad);
      try {
        LoadParams(path_, program_, &scope);
        ADD_FAILURE() << "byte " << at << " ^ " << mask << " loaded without error";
      } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
      }
    }
  }
  EXPECT_TRUE(scope.LocalVarNames().empty());
}

TEST_F(CorruptParamsTest, ProgramDeclaresBadType) {
  // The file is fine; the program's declaration is not a tensor element type.
  ProgramDesc p = program_;
  VarDesc* v = p.Block(0)->FindVar("fc_0.b_0");
  v->Proto()->mutable_type()->mutable_lod_tensor()->mutable_tensor()->set_data_type(
      proto::VarType::LOD_TENSOR);
  Scope scope;
  ExpectError([&] { LoadParams(ParamsFile("mlp"), p, &scope); }, ErrorKind::kInvalidModel,
              {"fc_0.b_0", "not a tensor element type"});
}

TEST(ModelIoTest, MissingFilesAreNotFound) {
  std::string dir = TempDir();
  ExpectError([&] { LoadProgram(dir + "/nope.pdmodel"); }, ErrorKind::kNotFound,
              {dir + "/nope.pdmodel"});
  ProgramDesc program = LoadProgram(ModelFile("mlp"));
  Scope scope;
  ExpectError([&] { LoadParams(dir + "/nope.pdiparams", program, &scope); }, ErrorKind::kNotFound,
              {dir + "/nope.pdiparams"});
  ExpectError([&] { LoadProgram(dir); }, ErrorKind::kNotFound, {"not a regular file"});
  ProgramDesc out;
  ExpectError([&] { LoadInferenceModel(ModelFile("mlp"), "", &out, &scope); },
              ErrorKind::kNotFound, {"4 parameters"});
}

// ---------------------------------------------------------------------------
// Corrupt and invalid programs
// ---------------------------------------------------------------------------

TEST(ModelIoTest, GarbageAndTruncatedProgram) {
  std::string dir = TempDir();
  std::string path = dir + "/bad.pdmodel";
  WriteFile(path, std::string("\xff\xff\xff\xff garbage, not a model", 26));
  ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path, "do not parse"});
  std::string model = ReadFile(ModelFile("mlp"));
  WriteFile(path, model.substr(0, model.size() / 2));
  ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path});
  WriteFile(path, "");
  ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path, "no blocks"});
}

TEST(ModelIoTest, ProgramVersionTooNew) {
  ProgramDesc p = LoadProgram(ModelFile("mlp"));
  std::string path = TempDir() + "/new.pdmodel";
  p.SetVersion(3004000);
  SaveProgram(p, path);
  ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path, "3004000", "3003001"});
  p.SetVersion(0);  // a development build's programs load
  SaveProgram(p, path);
  EXPECT_EQ(LoadProgram(path).Version(), 0);
  p.SetVersion(2006000);  // older releases load
  SaveProgram(p, path);
  EXPECT_EQ(LoadProgram(path).Version(), 2006000);
  p.SetVersion(-1);
  SaveProgram(p, path);
  ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path, "-1"});
}

TEST(ModelIoTest, UndeclaredOpArgument) {
  ProgramDesc p = LoadProgram(ModelFile("mlp"));
  p.Block(0)->Op(3)->SetInput("X", {"ghost"});
  ExpectError([&] { ParseProgram(p.Serialize(), "file 'x.pdmodel'"); }, ErrorKind::kInvalidModel,
              {"file 'x.pdmodel'", "relu", "input slot 'X'", "'ghost'"});
  ProgramDesc q = LoadProgram(ModelFile("mlp"));
  q.Block(0)->Op(6)->SetOutput("Out", {"softmax_0.tmp_0", "nowhere"});
  ExpectError([&] { ParseProgram(q.Serialize(), "q"); }, ErrorKind::kInvalidModel,
              {"softmax", "output slot 'Out'", "'nowhere'"});
}

TEST(ModelIoTest, NamesMustBeUtf8) {
  ProgramDesc p = LoadProgram(ModelFile("mlp"));
  p.Block(0)->AddVar("ok_\xc3\xa9");  // "ok_é": valid UTF-8 is fine
  ParseProgram(p.Serialize(), "p");
  p.Block(0)->AddVar("bad_\xc0");
  ExpectError([&] { ParseProgram(p.Serialize(), "p.pdmodel"); }, ErrorKind::kInvalidModel,
              {"p.pdmodel", "variable name 'bad_\\xc0' is not valid UTF-8"});
  ProgramDesc q = LoadProgram(ModelFile("mlp"));
  q.Block(0)->Op(3)->SetType("re\xfflu");
  ExpectError([&] { ParseProgram(q.Serialize(), "q"); }, ErrorKind::kInvalidModel,
              {"op type 're\\xfflu'"});
}

TEST(ModelIoTest, SubBlocksResolveThroughAncestors) {
  ProgramDesc p = LoadProgram(ModelFile("mlp"));
  BlockDesc* sub = p.AppendBlock(0);
  sub->AddVar("local");
  OpDesc* op = sub->AppendOp();
  op->SetType("scale");
  op->SetInput("X", {"fc_0.tmp_2"});  // declared in block 0, the parent
  op->SetOutput("Out", {"local"});
  p.Block(0)->AddVar("c")->SetDataType(DataType::kBool);
  p.Block(0)->AddVar("cond_scope")->SetKind(proto::VarType::STEP_SCOPES);
  OpDesc* cond = p.Block(0)->AppendOp();
  cond->SetType("conditional_block");
  cond->SetInput("Cond", {"c"});
  cond->SetInput("Input", {"fc_0.tmp_2"});
  cond->SetOutput("Out", {});
  cond->SetOutput("Scope", {"cond_scope"});
  cond->SetAttr("sub_block", Attribute(BlockRef{1}));
  EXPECT_EQ(ParseProgram(p.Serialize(), "ok").BlockCount(), 2u);

  // Block 0 cannot see a sub-block's variables.
  ProgramDesc bad = p;
  OpDesc* peek = bad.Block(0)->AppendOp();
  peek->SetType("relu");
  peek->SetInput("X", {"local"});
  ExpectError([&] { ParseProgram(bad.Serialize(), "s"); }, ErrorKind::kInvalidModel,
              {"block 0 op 9 (relu)", "'local'"});

  // A BLOCK attribute naming a block that does not exist.
  ProgramDesc badref = p;
  badref.Block(0)->Op(8)->SetAttr("sub_block", Attribute(BlockRef{5}));
  ExpectError([&] { ParseProgram(badref.Serialize(), "s"); }, ErrorKind::kInvalidModel,
              {"conditional_block", "sub_block", "block 5"});
}

TEST(ModelIoTest, BadBlockStructure) {
  ProgramDesc p;
  p.AppendBlock(0);
  auto proto = p.Proto();
  proto.mutable_blocks(1)->set_parent_idx(1);  // its own parent
  ExpectError([&] { ParseProgram(proto.SerializeAsString(), "s"); }, ErrorKind::kInvalidModel,
              {"block 1 has parent_idx 1"});
  proto.mutable_blocks(1)->set_parent_idx(0);
  proto.mutable_blocks(0)->set_parent_idx(0);
  ExpectError([&] { ParseProgram(proto.SerializeAsString(), "s"); }, ErrorKind::kInvalidModel,
              {"block 0 has parent_idx 0"});
  proto.mutable_blocks(0)->set_parent_idx(-1);
  proto.mutable_blocks(1)->set_idx(7);
  ExpectError([&] { ParseProgram(proto.SerializeAsString(), "s"); }, ErrorKind::kInvalidModel,
              {"position 1", "idx is 7"});
  proto.mutable_blocks(1)->set_idx(1);
  proto::VarDesc* dup = proto.mutable_blocks(0)->add_vars();
  dup->set_name("dup");
  dup->mutable_type()->set_type(proto::VarType::LOD_TENSOR);
  *proto.mutable_blocks(0)->add_vars() = proto.blocks(0).vars(0);
  ExpectError([&] { ParseProgram(proto.SerializeAsString(), "s"); }, ErrorKind::kInvalidModel,
              {"declares variable 'dup' twice"});
}

TEST(ModelIoTest, TruncatedProgramsNeverCrash) {
  const std::string model = ReadFile(ModelFile("mlp"));
  ProgramDesc full = ParseProgram(model, "mlp");
  // Up to the end of block 0 every cut must fail; after it, a cut that lands
  // on a field boundary (before `version`, between op_version_map pairs) is a
  // valid, shorter program, as protobuf has no end marker.
  size_t block_bytes = full.Proto().blocks(0).ByteSizeLong();
  size_t block_end = 1 + (block_bytes < 128 ? 1 : block_bytes < 16384 ? 2 : 3) + block_bytes;
  ASSERT_LT(block_end, model.size());
  size_t failures = 0, tried = 0;
  for (size_t len = 0; len < model.size(); len += 3) {
    ++tried;
    try {
      ParseProgram(model.substr(0, len), "cut");
      EXPECT_GE(len, block_end) << "a cut inside block 0 (" << len << " bytes) parsed";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
      ++failures;
    }
  }
  EXPECT_GT(failures, tried * 3 / 4);
  // Through a file as well, at a few lengths.
  std::string path = TempDir() + "/cut.pdmodel";
  for (size_t len : {size_t{1}, size_t{100}, size_t{1000}, block_end - 1}) {
    WriteFile(path, model.substr(0, len));
    ExpectError([&] { LoadProgram(path); }, ErrorKind::kInvalidModel, {path});
  }
}

// ---------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------

TEST(ModelIoTest, SaveParamsChecksScopeAndNeverHalfWrites) {
  ProgramDesc program = LoadProgram(ModelFile("mlp"));
  Scope scope;
  LoadParams(ParamsFile("mlp"), program, &scope);
  std::string dir = TempDir();
  std::string path = dir + "/p.pdiparams";
  WriteFile(path, "previous contents");

  Scope partial;
  LoadParams(ParamsFile("mlp"), program, &partial);
  partial.EraseVars({"fc_1.b_0"});
  ExpectError([&] { SaveParams(path, program, partial); }, ErrorKind::kNotFound, {"fc_1.b_0"});
  EXPECT_EQ(ReadFile(path), "previous contents");

  Scope wrong;
  LoadParams(ParamsFile("mlp"), program, &wrong);
  wrong.Var("fc_0.b_0")->GetMutable<DenseTensor>()->Resize(DDim{127}).MutableData<float>();
  ExpectError([&] { SaveParams(path, program, wrong); }, ErrorKind::kInvalidArgument,
              {"fc_0.b_0", "[127]", "[128]"});
  EXPECT_EQ(ReadFile(path), "previous contents");

  ExpectError([&] { SaveParams(dir + "/no/such/dir/p.pdiparams", program, scope); },
              ErrorKind::kNotFound, {"no/such/dir"});
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1u) << "a failed save left a temporary file";

  SaveParams(path, program, scope);
  EXPECT_TRUE(ReadFile(path) == ReadFile(ParamsFile("mlp")));
}

TEST(ModelIoTest, WriteTensorRejectsUnknownDims) {
  DenseTensor t(DataType::kFloat32, DDim{-1, 3});
  std::stringstream ss;
  ExpectError([&] { WriteTensor(ss, t); }, ErrorKind::kInvalidArgument, {"[-1, 3]"});
  DenseTensor empty(DataType::kFloat32, DDim{0, 3});
  WriteTensor(ss, empty);  // zero elements need no buffer
  ss.seekg(0);
  EXPECT_EQ(ReadTensor(ss, ss.str().size(), "e").dims(), (DDim{0, 3}));
}

// A deploy that rewrites a params file in place while it loads: the loader
// gets one version whole or a typed error, never a signal (a mapped file that
// shrinks raises SIGBUS) and never a mix of the two versions.
TEST(ModelIoTest, ParamsRewrittenInPlaceWhileLoadingLoadWholeOrFail) {
  constexpr int64_t kFloats = int64_t{4} << 20;  // 16 MiB: loads take milliseconds
  ProgramDesc program;
  VarDesc* w = program.Block(0)->AddVar("w");
  w->SetPersistable(true);
  w->SetDataType(DataType::kFloat32);
  w->SetShape({kFloats});
  const std::string dir = TempDir(), path = dir + "/p.pdiparams";
  std::string versions[2];
  for (int v = 0; v < 2; ++v) {
    Scope scope;
    float* p = scope.Var("w")->GetMutable<DenseTensor>()->Resize(DDim{kFloats}).MutableData<float>();
    std::fill(p, p + kFloats, static_cast<float>(v + 1));
    SaveParams(path, program, scope);
    versions[v] = ReadFile(path);
  }

  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (int round = 0; !stop; ++round) {
      const std::string& bytes = versions[round % 2];
      int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC);
      ASSERT_GE(fd, 0);
      for (size_t at = 0; at < bytes.size(); at += 1 << 20) {
        ASSERT_GT(::write(fd, bytes.data() + at, std::min<size_t>(1 << 20, bytes.size() - at)), 0);
      }
      ::close(fd);
      std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
  });
  int whole = 0, failed = 0;
  for (int i = 0; i < 60; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(3));  // land in every phase
    Scope scope;
    try {
      LoadParams(path, program, &scope);
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kInvalidModel) << e.what();
      EXPECT_NE(std::string(e.what()).find("p.pdiparams"), std::string::npos) << e.what();
      ++failed;
      continue;
    }
    const float* p = scope.FindVar("w")->Get<DenseTensor>().data<float>();
    const float first = p[0];
    EXPECT_TRUE(first == 1.0f || first == 2.0f) << first;
    EXPECT_EQ(std::count(p, p + kFloats, first), kFloats) << "a load mixed two versions";
    ++whole;
  }
  stop = true;
  writer.join();
  EXPECT_EQ(whole + failed, 60);
  std::printf("rewritten in place: %d loads whole, %d typed errors\n", whole, failed);
}

}  // namespace
}  // namespace paddle
