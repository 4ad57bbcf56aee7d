// Recurrent networks: rnn (LSTM, GRU, RNN_TANH, RNN_RELU), time-major, with
// layers, directions and sequence lengths; the reference runs the cell
// equations step by step (PaddlePaddle's paddle.nn.*Cell formulas). And
// viterbi_decode, against an exhaustive search over every tag path.
#include "op_table.h"

namespace paddle {
namespace test {

namespace {

double Sig(double x) { return 1 / (1 + std::exp(-x)); }

struct RnnCase {
  std::string mode;
  int L, D;
  bool seq;
  int T = 3, N = 2, I = 3, H = 2;
  int Gates() const { return mode == "LSTM" ? 4 : mode == "GRU" ? 3 : 1; }
  int States() const { return mode == "LSTM" ? 2 : 1; }
};

// W [rows, cols] (row-major) times v, plus b.
std::vector<double> Affine(const double* w, const double* b, const double* v, int rows, int cols) {
  std::vector<double> out(rows);
  for (int r = 0; r < rows; ++r) {
    out[r] = b[r];
    for (int j = 0; j < cols; ++j) out[r] += w[r * cols + j] * v[j];
  }
  return out;
}

// State h (and c), then Out, from the row's inputs: Input, PreState, WeightList, SequenceLength.
std::vector<Arr> RnnReference(const RnnCase& c, const std::vector<Arr>& in) {
  const int T = c.T, N = c.N, H = c.H, G = c.Gates(), LD = c.L * c.D, S = c.States();
  const Arr& x = in[0];
  auto weight = [&](int i) { return in[1 + S + i].v.data(); };
  std::vector<int> len(N, T);
  if (c.seq)
    for (int n = 0; n < N; ++n) len[n] = static_cast<int>(in.back().v[n]);
  std::vector<double> layer_in = x.v;
  int width = c.I;
  Arr h_end{{LD, N, H}, in[1].v}, c_end{{LD, N, H}, S == 2 ? in[2].v : std::vector<double>{}};
  Arr out{{T, N, c.D * H}, {}};
  for (int l = 0; l < c.L; ++l) {
    std::vector<double> layer_out(T * N * c.D * H, 0.0);
    for (int d = 0; d < c.D; ++d) {
      const int k = l * c.D + d;
      const double *wi = weight(2 * k), *wh = weight(2 * k + 1);
      const double *bi = weight(2 * LD + 2 * k), *bh = weight(2 * LD + 2 * k + 1);
      for (int n = 0; n < N; ++n) {
        double* h = &h_end.v[(k * N + n) * H];
        double* cs = S == 2 ? &c_end.v[(k * N + n) * H] : nullptr;
        for (int s = 0; s < T; ++s) {
          const int t = d == 0 ? s : T - 1 - s;
          if (t >= len[n]) continue;
          const auto gx = Affine(wi, bi, &layer_in[(t * N + n) * width], G * H, width);
          const auto gh = Affine(wh, bh, h, G * H, H);
          for (int j = 0; j < H; ++j) {
            if (c.mode == "LSTM") {
              const double i = Sig(gx[j] + gh[j]), f = Sig(gx[H + j] + gh[H + j]);
              const double g = std::tanh(gx[2 * H + j] + gh[2 * H + j]);
              const double o = Sig(gx[3 * H + j] + gh[3 * H + j]);
              cs[j] = f * cs[j] + i * g;
              h[j] = o * std::tanh(cs[j]);
            } else if (c.mode == "GRU") {
              const double r = Sig(gx[j] + gh[j]), z = Sig(gx[H + j] + gh[H + j]);
              const double cand = std::tanh(gx[2 * H + j] + r * gh[2 * H + j]);
              h[j] = (h[j] - cand) * z + cand;
            } else {
              const double a = gx[j] + gh[j];
              h[j] = c.mode == "RNN_TANH" ? std::tanh(a) : std::max(a, 0.0);
            }
          }
          for (int j = 0; j < H; ++j) layer_out[(t * N + n) * c.D * H + d * H + j] = h[j];
        }
      }
    }
    layer_in = layer_out;
    width = c.D * H;
  }
  out.v = layer_in;
  if (S == 2) return {h_end, c_end, out};
  return {out, h_end};
}

OpRow RnnRow(const std::string& name, const RnnCase& c) {
  const int64_t LD = c.L * c.D, GH = c.Gates() * c.H;
  OpRow r{name, "rnn", {{"Input", {c.T, c.N, c.I}}}, {}, nullptr};
  for (int s = 0; s < c.States(); ++s) r.inputs.push_back({"PreState", {LD, c.N, c.H}});
  for (int64_t k = 0; k < LD; ++k) {
    const int64_t in = k < c.D ? c.I : c.D * c.H;
    r.inputs.push_back({"WeightList", {GH, in}});
    r.inputs.push_back({"WeightList", {GH, c.H}});
  }
  for (int64_t k = 0; k < 2 * LD; ++k) r.inputs.push_back({"WeightList", {GH}});
  if (c.seq) {
    OpInput len{"SequenceLength", {c.N}, 0, static_cast<double>(c.T), false};
    len.dtype = DataType::kInt32;
    r.inputs.push_back(len);
  }
  r.attrs = {{"mode", c.mode},           {"num_layers", int32_t{c.L}},
             {"is_bidirec", c.D == 2},   {"input_size", int32_t{c.I}},
             {"hidden_size", int32_t{c.H}}};
  if (c.States() == 2) {  // State is a list of two: the row's main output
    r.out_slot = "State";
    r.out_count = 2;
    r.more_out_slots = {"Out"};
  } else {
    r.more_out_slots = {"State"};
  }
  r.references = [c](const std::vector<Arr>& in, const AttributeMap&) {
    return RnnReference(c, in);
  };
  return r;
}

// viterbi_decode on 3 sequences of up to 4 steps over 3 tags: the reference
// scores every tag path of each sequence (3^length of them) and keeps the best.
OpRow ViterbiRow(bool bos_eos) {
  const int64_t B = 3, T = 4, K = 3;
  OpRow r{bos_eos ? "viterbi_decode" : "viterbi_decode_no_bos_eos",
          "viterbi_decode",
          {{"Input", {B, T, K}, -2, 2, false},
           {"Transition", {K, K}, -1, 1, false},
           {"Length", {B}, 1, T, false, {}, DataType::kInt64}},
          {{"include_bos_eos_tag", bos_eos}},
          nullptr};
  r.out_slot = "Scores";
  r.more_out_slots = {"Path"};
  r.shape_from_values = true;
  r.references = [=](const std::vector<Arr>& in, const AttributeMap&) {
    const std::vector<double>& x = in[0].v;
    const std::vector<double>& tr = in[1].v;
    int64_t longest = 0;
    for (double l : in[2].v) longest = std::max(longest, static_cast<int64_t>(l));
    Arr scores{{B}, {}}, paths{{B, longest}, std::vector<double>(B * longest, 0.0)};
    for (int64_t b = 0; b < B; ++b) {
      const int64_t n = static_cast<int64_t>(in[2].v[b]);
      int64_t total = 1;
      for (int64_t t = 0; t < n; ++t) total *= K;
      double best = -1e300;
      std::vector<int64_t> best_path;
      for (int64_t code = 0; code < total; ++code) {
        std::vector<int64_t> tags(n);
        for (int64_t t = 0, c = code; t < n; ++t, c /= K) tags[t] = c % K;
        double s = bos_eos ? tr[(K - 1) * K + tags[0]] : 0.0;
        for (int64_t t = 0; t < n; ++t) s += x[(b * T + t) * K + tags[t]];
        for (int64_t t = 1; t < n; ++t) s += tr[tags[t - 1] * K + tags[t]];
        if (bos_eos) s += tr[(K - 2) * K + tags[n - 1]];
        if (s > best) best = s, best_path = tags;
      }
      scores.v.push_back(best);
      for (int64_t t = 0; t < n; ++t) paths.v[b * longest + t] = static_cast<double>(best_path[t]);
    }
    return std::vector<Arr>{scores, paths};
  };
  return r;
}

}  // namespace


PD_OP_TABLE(Rnn) {
  std::vector<OpRow> rows;
  for (const std::string mode : {"LSTM", "GRU", "RNN_TANH", "RNN_RELU"}) {
    std::string lower = mode;
    std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
    // Two layers, both directions, per-item lengths (some rows stop early).
    rows.push_back(RnnRow("rnn_" + lower + "_bidirec_seq", RnnCase{mode, 2, 2, true}));
  }
  rows.push_back(RnnRow("rnn_lstm_one_layer", RnnCase{"LSTM", 1, 1, false}));
  rows.push_back(RnnRow("rnn_gru_two_layers", RnnCase{"GRU", 2, 1, false}));
  // Dropout between the layers in training: the first layer's final state is
  // untouched, Out is not; the gradient flows through the same seed's mask.
  const RnnCase drop{"GRU", 2, 2, true};
  OpRow dropout = RnnRow("rnn_gru_dropout", drop);
  dropout.attrs["dropout_prob"] = 0.5f;
  dropout.attrs["seed"] = int32_t{3};
  dropout.references = nullptr;
  dropout.check = [drop](const std::vector<Arr>& out, const std::vector<Arr>& in,
                         const AttributeMap&) {
    const std::vector<Arr> plain = RnnReference(drop, in);
    const size_t first_layer = static_cast<size_t>(drop.D * drop.N * drop.H);
    for (size_t i = 0; i < first_layer; ++i) EXPECT_NEAR(out[1].v[i], plain[1].v[i], 1e-5);
    double diff = 0;
    for (size_t i = 0; i < out[0].v.size(); ++i) diff += std::abs(out[0].v[i] - plain[0].v[i]);
    EXPECT_GT(diff, 1e-3) << "dropout changed nothing";
  };
  rows.push_back(dropout);
  for (bool bos_eos : {true, false}) rows.push_back(ViterbiRow(bos_eos));
  return rows;
}

}  // namespace test
}  // namespace paddle
