// rnn against the numbers PaddlePaddle 3.3.1 recorded (tests/data/rnn/, made
// by tools/oracle/rnn_oracle.py: 2 layers, both directions, sequence
// lengths, every mode), in float32 and float64; dropout between layers; and
// bad inputs as typed errors naming the op and the shapes; and the saved
// LSTM model end to end. The cell
// equations and gradients are checked by the op table (op_table/rnn.cc).
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/inference/paddle_inference_api.h"
#include "op_test_util.h"
#include "test_util.h"

namespace paddle {
namespace {

using test::Cast;
using test::ExpectError;
using test::MakeTensor;
using test::Numel;
using test::OneOp;
using test::Random;
using test::Shape;
using test::Values;

// One recorded tensor: its shape and values.
struct Recorded {
  Shape shape;
  std::vector<double> v;
};

// A mode's case: the rnn attributes and the tensors by "<slot> <index>".
struct OracleCase {
  std::map<std::string, std::string> attrs;
  std::map<std::string, Recorded> tensors;
  const Recorded& at(const std::string& slot, int i) const {
    return tensors.at(slot + " " + std::to_string(i));
  }
  size_t count(const std::string& slot) const {
    size_t n = 0;
    while (tensors.count(slot + " " + std::to_string(n))) ++n;
    return n;
  }
};

// Parses cases.txt: "<mode> attrs k=v ..." and "<mode> <slot> <index> <dims> <values...>".
std::map<std::string, OracleCase> ReadCases() {
  std::istringstream file(test::ReadFile(test::DataPath("rnn/cases.txt")));
  std::map<std::string, OracleCase> cases;
  std::string line;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string mode, slot;
    in >> mode >> slot;
    OracleCase& c = cases[mode];
    if (slot == "attrs") {
      std::string kv;
      while (in >> kv) c.attrs[kv.substr(0, kv.find('='))] = kv.substr(kv.find('=') + 1);
      continue;
    }
    std::string index, dims;
    in >> index >> dims;
    Recorded r;
    std::istringstream ds(dims);
    for (std::string d; std::getline(ds, d, ',');) r.shape.push_back(std::stoll(d));
    for (double x; in >> x;) r.v.push_back(x);
    EXPECT_EQ(static_cast<int64_t>(r.v.size()), Numel(r.shape)) << line.substr(0, 60);
    c.tensors[slot + " " + index] = r;
  }
  return cases;
}

std::vector<std::string> Names(const std::string& prefix, size_t n) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; ++i) v.push_back(prefix + std::to_string(i));
  return v;
}

// Runs the recorded case as dtype T; checks Out and State to `tol`.
template <typename T>
void CheckCase(const std::string& mode, const OracleCase& c, double tol) {
  SCOPED_TRACE(mode);
  OneOp op("rnn");
  auto tensor = [](const Recorded& r) { return MakeTensor<T>(r.shape, Cast<T>(r.v)); };
  auto list = [&](const std::string& slot) {
    std::vector<DenseTensor> v;
    for (size_t i = 0; i < c.count(slot); ++i) v.push_back(tensor(c.at(slot, i)));
    return v;
  };
  const Recorded& lens = c.at("SequenceLength", 0);
  op.In("Input", "x", tensor(c.at("Input", 0)))
      .Ins("PreState", Names("pre", c.count("PreState")), list("PreState"))
      .Ins("WeightList", Names("w", c.count("WeightList")), list("WeightList"))
      .In("SequenceLength", "len",
          MakeTensor<int32_t>(lens.shape, std::vector<int32_t>(lens.v.begin(), lens.v.end())))
      .Out("Out", "out")
      .Outs("State", Names("state", c.count("State")))
      .Out("Reserve", "reserve")
      .Attr("mode", c.attrs.at("mode"))
      .Attr("num_layers", static_cast<int32_t>(std::stoi(c.attrs.at("num_layers"))))
      .Attr("is_bidirec", c.attrs.at("is_bidirec") == "1")
      .Attr("input_size", static_cast<int32_t>(std::stoi(c.attrs.at("input_size"))))
      .Attr("hidden_size", static_cast<int32_t>(std::stoi(c.attrs.at("hidden_size"))))
      .Attr("is_test", c.attrs.at("is_test") == "1");
  op.Run();
  test::ExpectNear(Values<T>(op.Get("out")), c.at("Out", 0).v, tol, "Out");
  for (size_t i = 0; i < c.count("State"); ++i)
    test::ExpectNear(Values<T>(op.Get("state" + std::to_string(i))), c.at("State", i).v, tol,
                     "State #" + std::to_string(i));
}

TEST(RnnOp, MatchesPaddlePaddle) {
  const auto cases = ReadCases();
  ASSERT_EQ(cases.size(), 4u);
  for (const auto& [mode, c] : cases) {
    CheckCase<float>(mode, c, 1e-5);
    CheckCase<double>(mode, c, 1e-5);
  }
}

// The LSTM case's model as PaddlePaddle saved it (feed, rnn with is_test, fetch),
// loaded and run through the predictor.
TEST(RnnOp, SavedLstmModelRunsThroughThePredictor) {
  const OracleCase c = ReadCases().at("LSTM");
  auto predictor = paddle_infer::CreatePredictor(paddle_infer::Config(test::DataPath("rnn/lstm")));
  auto feed = [&](const std::string& name, const Recorded& r) {
    auto in = predictor->GetInputHandle(name);
    in->Reshape(std::vector<int>(r.shape.begin(), r.shape.end()));
    if (name == "sl") {
      const std::vector<int32_t> v(r.v.begin(), r.v.end());
      in->CopyFromCpu(v.data());
    } else {
      const std::vector<float> v = Cast<float>(r.v);
      in->CopyFromCpu(v.data());
    }
  };
  feed("x", c.at("Input", 0));
  feed("sl", c.at("SequenceLength", 0));
  feed("h0", c.at("PreState", 0));
  feed("c0", c.at("PreState", 1));
  ASSERT_TRUE(predictor->Run());
  const std::vector<std::string> outs = predictor->GetOutputNames();
  ASSERT_EQ(outs.size(), 3u);
  const Recorded* want[] = {&c.at("Out", 0), &c.at("State", 0), &c.at("State", 1)};
  for (size_t i = 0; i < outs.size(); ++i) {
    auto out = predictor->GetOutputHandle(outs[i]);
    std::vector<float> got(want[i]->v.size());
    out->CopyToCpu(got.data());
    test::ExpectNear(got, want[i]->v, 1e-5, outs[i]);
  }
}

// A GRU of `layers` x `dirs` over Input [T, N, I] with hidden size H, its
// inputs random; `edit` changes the op before it runs.
struct Gru {
  int64_t T = 3, N = 2, I = 3, H = 2, layers = 2, dirs = 2;
  std::string mode = "GRU";
  int64_t Gates() const { return mode == "LSTM" ? 4 : mode == "GRU" ? 3 : 1; }
  std::vector<Shape> Weights() const {
    std::vector<Shape> w, b;
    for (int64_t k = 0; k < layers * dirs; ++k) {
      w.push_back({Gates() * H, k < dirs ? I : dirs * H});
      w.push_back({Gates() * H, H});
      b.push_back({Gates() * H});
      b.push_back({Gates() * H});
    }
    w.insert(w.end(), b.begin(), b.end());
    return w;
  }
};

void RunRnn(const Gru& g, std::vector<Shape> weights, std::vector<Shape> states,
            const std::vector<int32_t>& lens, const std::map<std::string, Attribute>& attrs,
            OneOp* op) {
  auto random = [](const Shape& s) { return MakeTensor<float>(s, Cast<float>(Random(Numel(s), 1))); };
  std::vector<DenseTensor> w, st;
  for (const Shape& s : weights) w.push_back(random(s));
  for (const Shape& s : states) st.push_back(random(s));
  op->In("Input", "x", random({g.T, g.N, g.I}))
      .Ins("PreState", Names("pre", st.size()), st)
      .Ins("WeightList", Names("w", w.size()), w)
      .Out("Out", "out")
      .Outs("State", Names("state", st.size()))
      .Out("Reserve", "reserve")
      .Out("DropoutState", "mask")
      .Attr("mode", g.mode)
      .Attr("num_layers", static_cast<int32_t>(g.layers))
      .Attr("is_bidirec", g.dirs == 2)
      .Attr("input_size", static_cast<int32_t>(g.I))
      .Attr("hidden_size", static_cast<int32_t>(g.H));
  if (!lens.empty())
    op->In("SequenceLength", "len",
           MakeTensor<int32_t>({static_cast<int64_t>(lens.size())}, lens));
  for (const auto& [k, v] : attrs) op->Attr(k, v);
  op->Run();
}

void RunRnn(const Gru& g, std::vector<Shape> weights, std::vector<Shape> states,
            const std::vector<int32_t>& lens = {},
            const std::map<std::string, Attribute>& attrs = {}) {
  OneOp op("rnn");
  RunRnn(g, std::move(weights), std::move(states), lens, attrs, &op);
}

TEST(RnnOp, BadInputsAreNamedErrors) {
  const Gru g;
  const Shape state{4, 2, 2};
  EXPECT_NO_THROW(RunRnn(g, g.Weights(), {state}, {3, 1}));

  std::vector<Shape> short_list = g.Weights();
  short_list.pop_back();
  ExpectError([&] { RunRnn(g, short_list, {state}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "WeightList has 15 tensors", "expected 4 * num_layers * directions = 16"});

  std::vector<Shape> bad_w = g.Weights();
  bad_w[5] = {6, 3};  // W_hh of layer 1, direction 0 should be [6, 2]
  ExpectError([&] { RunRnn(g, bad_w, {state}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "WeightList #5", "W_hh of layer 1 direction 0", "[6, 3]", "[6, 2]"});
  std::vector<Shape> bad_b = g.Weights();
  bad_b[8] = {4};
  ExpectError([&] { RunRnn(g, bad_b, {state}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "WeightList #8", "b_ih of layer 0 direction 0", "[4]", "[6]"});

  ExpectError([&] { RunRnn(g, g.Weights(), {{2, 2, 2}}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "PreState #0", "[2, 2, 2]", "[4, 2, 2]"});
  Gru lstm = g;
  lstm.mode = "LSTM";
  ExpectError([&] { RunRnn(lstm, lstm.Weights(), {state}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "LSTM takes 2 PreState", "got 1"});

  ExpectError([&] { RunRnn(g, g.Weights(), {state}, {}, {{"input_size", int32_t{5}}}); },
              ErrorKind::kInvalidArgument,
              {"[rnn]", "'Input' [3, 2, 3] has 3 features", "input_size is 5"});
  ExpectError([&] { RunRnn(g, g.Weights(), {state}, {}, {{"mode", std::string("LSTMP")}}); },
              ErrorKind::kInvalidArgument, {"rnn", "mode", "LSTMP"});

  ExpectError([&] { RunRnn(g, g.Weights(), {state}, {4, 1}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "SequenceLength[0] is 4", "[0, 3]", "[3, 2, 3]"});
  ExpectError([&] { RunRnn(g, g.Weights(), {state}, {2, -1}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "SequenceLength[1] is -1"});
  ExpectError([&] { RunRnn(g, g.Weights(), {state}, {2, 2, 2}); }, ErrorKind::kInvalidArgument,
              {"[rnn]", "'SequenceLength' must be [batch] = [2]", "got [3]"});
}

// Between layers in training, dropout keeps each element with probability
// 1 - p and scales it by 1 / (1 - p); at test time it does nothing.
TEST(RnnOp, DropoutBetweenLayersInTrainingOnly) {
  Gru g;
  g.mode = "RNN_TANH";
  g.T = 50, g.N = 8, g.H = 10;
  const std::map<std::string, Attribute> train = {
      {"dropout_prob", 0.25f}, {"seed", int32_t{7}}, {"is_test", false}};
  std::map<std::string, Attribute> test_mode = train;
  test_mode["is_test"] = true;
  std::map<std::string, Attribute> none = train;
  none["dropout_prob"] = 0.0f;
  const Shape state{4, 8, 10};
  OneOp a("rnn"), b("rnn"), off("rnn"), plain("rnn");
  RunRnn(g, g.Weights(), {state}, {}, train, &a);
  RunRnn(g, g.Weights(), {state}, {}, train, &b);
  RunRnn(g, g.Weights(), {state}, {}, test_mode, &off);
  RunRnn(g, g.Weights(), {state}, {}, none, &plain);

  const std::vector<uint8_t> mask = Values<uint8_t>(a.Get("mask"));
  ASSERT_EQ(a.Get("mask").dims().ToString(), "[50, 8, 20]");
  double kept = 0;
  for (uint8_t m : mask) {
    ASSERT_LE(m, 1);
    kept += m;
  }
  EXPECT_NEAR(kept / static_cast<double>(mask.size()), 0.75, 0.03);
  EXPECT_EQ(Values<float>(a.Get("out")), Values<float>(b.Get("out"))) << "same seed";
  EXPECT_NE(Values<float>(a.Get("out")), Values<float>(plain.Get("out")));
  EXPECT_EQ(Values<float>(off.Get("out")), Values<float>(plain.Get("out")));
}

// rnn_grad of a forward run, its gradient inputs set: Out@GRAD random,
// State@GRAD zeros; `edit` unbinds what a test leaves out before it runs.
std::unique_ptr<OneOp> RunGrad(const OneOp& fwd, const std::function<void(GradOpDesc&)>& edit) {
  GradOpDesc desc = test::GradOf(fwd.desc());
  edit(desc);
  auto grad = std::make_unique<OneOp>(desc);
  for (const auto& [slot, names] : desc.inputs)
    for (const std::string& name : names) {
      if (name.size() < 5 || name.substr(name.size() - 5) != "@GRAD") {
        grad->Set(name, fwd.Get(name));
        continue;
      }
      const DenseTensor& of = fwd.Get(name.substr(0, name.size() - 5));
      const std::vector<double> v = slot == "Out@GRAD" ? Random(of.numel(), 5)
                                                         : std::vector<double>(of.numel(), 0.0);
      grad->Set(name, MakeTensor<float>(of.dims().ToVector(), Cast<float>(v)));
    }
  grad->Run();
  return grad;
}

// Gradients the caller leaves out (PreState's, some weights') are skipped;
// what is computed is the same.
TEST(RnnGradOp, OptionalGradientsInAndOut) {
  Gru g;
  g.mode = "LSTM";
  OneOp fwd("rnn");
  RunRnn(g, g.Weights(), {{4, 2, 2}, {4, 2, 2}}, {3, 1}, {}, &fwd);
  auto full = RunGrad(fwd, [](GradOpDesc&) {});
  auto part = RunGrad(fwd, [](GradOpDesc& d) {
    d.outputs.erase("PreState@GRAD");
    d.outputs["WeightList@GRAD"].resize(3);
  });
  EXPECT_EQ(Values<float>(part->Get("x@GRAD")), Values<float>(full->Get("x@GRAD")));
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(Values<float>(part->Get("w" + std::to_string(i) + "@GRAD")),
              Values<float>(full->Get("w" + std::to_string(i) + "@GRAD")));
}

TEST(RnnGradOp, OutGradOfAnotherShapeIsAnError) {
  const Gru g;
  OneOp fwd("rnn");
  RunRnn(g, g.Weights(), {{4, 2, 2}}, {}, {}, &fwd);
  GradOpDesc desc = test::GradOf(fwd.desc());
  OneOp grad(desc);
  for (const auto& [slot, names] : desc.inputs)
    for (const std::string& name : names)
      if (slot != "Out@GRAD" && slot != "State@GRAD") grad.Set(name, fwd.Get(name));
  grad.Set("out@GRAD", MakeTensor<float>({3, 2, 2}, std::vector<float>(12, 1.f)));
  grad.Set("state0@GRAD", fwd.Get("state0"));
  ExpectError([&] { grad.Run(); }, ErrorKind::kInvalidArgument,
              {"[rnn_grad]", "Out@GRAD has shape [3, 2, 2]", "expected [3, 2, 4]"});
}

}  // namespace
}  // namespace paddle
