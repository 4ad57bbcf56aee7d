// rnn: PaddlePaddle's fused multi-layer recurrent network (paddle.nn.LSTM,
// GRU, SimpleRNN), time-major, one or two directions; and rnn_grad,
// backpropagation through time. The cells are in rnn_cells.h.
//
// Layout, as PaddlePaddle 3.3.1 writes and reads it:
//   Input [T, N, I]; Out [T, N, D * H] (D = 2 when is_bidirec: forward
//   direction in the first H columns); PreState / State: h (and c for LSTM),
//   each [L * D, N, H], entry k = layer * D + direction.
//   WeightList (4 * L * D tensors): first the weights of every k in order,
//   W_ih [G * H, in] then W_hh [G * H, H]; then the biases of every k,
//   b_ih [G * H] then b_hh [G * H]. `in` is I for layer 0, D * H above.
//   SequenceLength [N]: row n runs steps t < len[n] (the backward direction
//   starts at len[n] - 1); later steps give zeros in Out and keep the state.
//   Between layers, when !is_test and dropout_prob > 0, the next layer's input
//   is dropped with probability dropout_prob and the rest scaled by
//   1 / (1 - dropout_prob); DropoutState holds the last such mask (uint8,
//   Out's shape; ones without dropout).
//
// Reserve (this library's layout; only rnn_grad reads it), 1-D, in order:
//   records  [L * D, T, N, B * H]  each step's cell record (rnn_cells.h; a
//                                  step past a row's length keeps the carried
//                                  h and c and zero gates)
//   inputs   [L - 1, T, N, D * H]  the input of layers 1..L-1 (after dropout)
//   scales   [L - 1, T, N, D * H]  its dropout factor (0, 1 / (1 - p), or 1)
//
// Kernels: one GEMM per layer and direction projects the input of all steps;
// one GEMM per step adds the recurrent part (and in the gradient, one per
// step each for dh_prev and dW_hh, and one each for dX and dW_ih).
#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "core/base/enforce.h"
#include "core/framework/ddim.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/rnn_cells.h"

namespace paddle {
namespace ops {
namespace {

using rnn::Mode;

enum RnnIn { kInput, kPreState, kWeightList, kSequenceLength };
enum RnnOut { kOut, kDropoutState, kState, kReserve };
enum RnnAttr { kDropoutProb, kIsBidirec, kInputSize, kHiddenSize, kNumLayers, kMode, kSeed, kIsTest };
enum RnnGradIn {
  kGradInput, kGradPreState, kGradWeightList, kGradSequenceLength, kGradReserve,
  kGradOutGrad, kGradStateGrad
};
enum RnnGradOut { kGradInputGrad, kGradPreStateGrad, kGradWeightListGrad };

Mode ModeOf(const std::string& op, const std::string& mode) {
  if (mode == "LSTM") return Mode::kLstm;
  if (mode == "GRU") return Mode::kGru;
  if (mode == "RNN_TANH") return Mode::kRnnTanh;
  if (mode == "RNN_RELU") return Mode::kRnnRelu;
  PD_THROW(InvalidArgument, "[", op, "] attribute 'mode' is \"", mode,
           "\"; expected LSTM, GRU, RNN_RELU or RNN_TANH");
}

// The sizes of one call (-1 where unknown at build time).
struct Geometry {
  Mode mode = Mode::kLstm;
  int64_t T = 0, N = 0, I = 0, H = 0, L = 0, D = 1;
  int64_t G() const { return rnn::Gates(mode); }
  int64_t GH() const { return G() * H; }
  int64_t RecordWidth() const { return rnn::RecordBlocks(mode) * H; }
  int64_t States() const { return mode == Mode::kLstm ? 2 : 1; }
  int64_t LayerIn(int64_t l) const { return l == 0 ? I : D * H; }
  // Sizes over all steps and items (-1 when T or N is unknown), checked
  // against overflow in the op's name.
  std::string op;
  int64_t Steps(int64_t per_item) const {
    if (T < 0 || N < 0) return -1;
    return MulSize(MulSize(T, N, op, "seq_len * batch"), per_item, op, "seq_len * batch * width");
  }
  int64_t RecordsSize() const { return Steps(L * D * RecordWidth()); }
  int64_t LayerIoSize() const { return Steps(D * H); }
  int64_t ReserveSize() const {
    if (T < 0 || N < 0) return -1;
    return AddSize(RecordsSize(), MulSize(2 * (L - 1), LayerIoSize(), op, "Reserve's layer inputs"),
                   op, "Reserve");
  }
};

template <typename Ctx>
Geometry GeometryFromAttrs(const Ctx& ctx, const DDim& x) {
  Geometry g;
  g.op = ctx.op_type();
  g.mode = ModeOf(ctx.op_type(), ctx.template Attr<std::string>(kMode));
  g.I = ctx.template Attr<int32_t>(kInputSize);
  g.H = ctx.template Attr<int32_t>(kHiddenSize);
  g.L = ctx.template Attr<int32_t>(kNumLayers);
  g.D = ctx.template Attr<bool>(kIsBidirec) ? 2 : 1;
  g.T = x.rank() > 0 ? x[0] : -1;
  g.N = x.rank() > 1 ? x[1] : -1;
  return g;
}

bool Agree(int64_t a, int64_t b) { return a < 0 || b < 0 || a == b; }

bool AgreeDims(const DDim& got, const DDim& want) {
  if (got.rank() != want.rank()) return false;
  for (int i = 0; i < got.rank(); ++i)
    if (!Agree(got[i], want[i])) return false;
  return true;
}

const char* const kWeightNames[] = {"W_ih", "W_hh", "b_ih", "b_hh"};

// Checks every input's shape against the attributes (build-time dims may be
// -1), for the op and its gradient alike; the slots share indices.
Geometry CheckedGeometry(InferShapeContext& ctx) {
  const std::string& op = ctx.op_type();
  const DDim x = ctx.InputDim(kInput);
  PD_CHECK(x.rank() == 3, InvalidArgument, "[", op,
           "] input 'Input' must be 3-D [seq_len, batch, input_size] (time-major), got ",
           x.ToString());
  const Geometry g = GeometryFromAttrs(ctx, x);
  PD_CHECK(Agree(x[2], g.I), InvalidArgument, "[", op, "] input 'Input' ", x.ToString(), " has ",
           x[2], " features but attribute input_size is ", g.I);

  PD_CHECK(static_cast<int64_t>(ctx.InputCount(kPreState)) == g.States(), InvalidArgument, "[",
           op, "] mode ", ctx.Attr<std::string>(kMode), " takes ", g.States(),
           " PreState tensor(s) (h", g.States() == 2 ? ", c" : "", "), got ",
           ctx.InputCount(kPreState));
  const DDim state{g.L * g.D, g.N, g.H};
  for (size_t i = 0; i < ctx.InputCount(kPreState); ++i) {
    const DDim s = ctx.InputDim(kPreState, i);
    PD_CHECK(AgreeDims(s, state), InvalidArgument, "[", op, "] PreState #", i, " has shape ",
             s.ToString(), ", expected [num_layers * directions, batch, hidden_size] = ",
             state.ToString(), " (Input ", x.ToString(), ", ", g.L, " layer(s), ", g.D,
             " direction(s))");
  }

  const size_t weights = static_cast<size_t>(4 * g.L * g.D);
  PD_CHECK(ctx.InputCount(kWeightList) == weights, InvalidArgument, "[", op, "] WeightList has ",
           ctx.InputCount(kWeightList), " tensors, expected 4 * num_layers * directions = ",
           weights, " (W_ih, W_hh of every layer and direction, then b_ih, b_hh of each)");
  const int64_t per = 2 * g.L * g.D;  // where the biases start
  for (int64_t k = 0; k < g.L * g.D; ++k) {
    const int64_t in = g.LayerIn(k / g.D);
    const DDim want[4] = {DDim{g.GH(), in}, DDim{g.GH(), g.H}, DDim{g.GH()}, DDim{g.GH()}};
    const size_t index[4] = {static_cast<size_t>(2 * k), static_cast<size_t>(2 * k + 1),
                             static_cast<size_t>(per + 2 * k), static_cast<size_t>(per + 2 * k + 1)};
    for (int w = 0; w < 4; ++w) {
      const DDim got = ctx.InputDim(kWeightList, index[w]);
      PD_CHECK(AgreeDims(got, want[w]), InvalidArgument, "[", op, "] WeightList #", index[w],
               " (", kWeightNames[w], " of layer ", k / g.D, " direction ", k % g.D,
               ") has shape ", got.ToString(), ", expected ", want[w].ToString(), " for mode ",
               ctx.Attr<std::string>(kMode), ", hidden_size ", g.H);
    }
  }

  if (ctx.HasInput(kSequenceLength)) {
    const DDim s = ctx.InputDim(kSequenceLength);
    PD_CHECK(AgreeDims(s, DDim{g.N}), InvalidArgument, "[", op,
             "] input 'SequenceLength' must be [batch] = [", g.N, "] for Input ", x.ToString(),
             ", got ", s.ToString());
  }
  return g;
}

void RnnInferShape(InferShapeContext& ctx) {
  const Geometry g = CheckedGeometry(ctx);
  const DDim out{g.T, g.N, g.D * g.H};
  ctx.SetOutputDim(kOut, out);
  if (ctx.HasOutput(kDropoutState)) {
    ctx.SetOutputDim(kDropoutState, out);
    ctx.SetOutputDtype(kDropoutState, DataType::kUInt8);
  }
  PD_CHECK(static_cast<int64_t>(ctx.OutputCount(kState)) == g.States(), InvalidArgument, "[",
           ctx.op_type(), "] mode ", ctx.Attr<std::string>(kMode), " writes ", g.States(),
           " State tensor(s), got ", ctx.OutputCount(kState), " bound");
  for (size_t i = 0; i < ctx.OutputCount(kState); ++i)
    ctx.SetOutputDim(kState, DDim{g.L * g.D, g.N, g.H}, i);
  if (ctx.HasOutput(kReserve)) ctx.SetOutputDim(kReserve, DDim{g.ReserveSize()});
}

void RnnGradInferShape(InferShapeContext& ctx) {
  const Geometry g = CheckedGeometry(ctx);
  if (ctx.HasInput(kGradOutGrad))
    CheckInputShape(ctx, kGradOutGrad, DDim{g.T, g.N, g.D * g.H}, "Out: [T, N, D * H]");
  CheckInputShape(ctx, kGradReserve, DDim{g.ReserveSize()}, "the forward's Reserve");
  const DDim state{g.L * g.D, g.N, g.H};
  for (size_t i = 0; i < ctx.InputCount(kGradStateGrad); ++i) {
    const DDim s = ctx.InputDim(kGradStateGrad, i);
    PD_CHECK(AgreeDims(s, state), InvalidArgument, "[", ctx.op_type(), "] State@GRAD #", i,
             " has shape ", s.ToString(), ", expected State's ", state.ToString());
  }
  GradShapeLike(ctx, kGradInput, kGradInputGrad);
  const std::pair<int, int> lists[] = {{kGradPreState, kGradPreStateGrad},
                                       {kGradWeightList, kGradWeightListGrad}};
  for (const auto& [in, out] : lists)
    for (size_t i = 0; i < ctx.OutputCount(out) && i < ctx.InputCount(in); ++i)
      ctx.SetOutputDim(out, ctx.InputDim(in, i), i);
}

// Entry i of a list slot, or null when absent (an unbound or unwritten
// gradient, a list shorter than i).
const DenseTensor* OptionalInput(const KernelContext& ctx, int slot, size_t i) {
  if (i >= ctx.InputCount(slot) || !ctx.ins[slot][i] || !ctx.ins[slot][i]->IsInitialized())
    return nullptr;
  return &ctx.Input(slot, i);
}

DenseTensor* OptionalOutput(KernelContext& ctx, int slot, size_t i) {
  return i < ctx.OutputCount(slot) && ctx.outs[slot][i] ? ctx.Output(slot, i) : nullptr;
}

// Each row's step count, checked against [0, T]; T for every row without
// SequenceLength.
std::vector<int64_t> SequenceLengths(const KernelContext& ctx, const Geometry& g) {
  std::vector<int64_t> lens(static_cast<size_t>(g.N), g.T);
  if (!ctx.HasInput(kSequenceLength)) return lens;
  for (int64_t n = 0; n < g.N; ++n) {
    lens[n] = IntElement(ctx, kSequenceLength, 0, n);
    PD_CHECK(lens[n] >= 0 && lens[n] <= g.T, InvalidArgument, "[", ctx.op_type(),
             "] SequenceLength[", n, "] is ", lens[n], ", expected in [0, ", g.T,
             "] for Input ", ctx.Input(kInput).dims().ToString());
  }
  return lens;
}

// The weights of entry k = layer * D + direction.
template <typename T>
struct CellWeights {
  const T *w_ih, *w_hh, *b_ih, *b_hh;
};

template <typename T>
CellWeights<T> WeightsOf(const KernelContext& ctx, int slot, const Geometry& g, int64_t k) {
  const size_t per = static_cast<size_t>(2 * g.L * g.D), i = static_cast<size_t>(2 * k);
  return {ctx.Input(slot, i).data<T>(), ctx.Input(slot, i + 1).data<T>(),
          ctx.Input(slot, per + i).data<T>(), ctx.Input(slot, per + i + 1).data<T>()};
}

// Reserve's three parts (see the top of the file).
template <typename T>
struct ReserveView {
  T* base;
  const Geometry& g;
  T* Records(int64_t k) const { return base + k * g.T * g.N * g.RecordWidth(); }
  T* LayerInput(int64_t l) const { return base + g.RecordsSize() + (l - 1) * g.LayerIoSize(); }
  T* Scales(int64_t l) const {
    return base + g.RecordsSize() + (g.L - 1 + l - 1) * g.LayerIoSize();
  }
};

// Adds bias b [cols] to every row of m [rows, cols].
template <typename T>
void AddRows(T* m, const T* b, int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < cols; ++j) m[r * cols + j] += b[j];
}

// acc [cols] += the sum of the rows of m [rows, cols].
template <typename T>
void SumRows(const T* m, int64_t rows, int64_t cols, T* acc) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t j = 0; j < cols; ++j) acc[j] += m[r * cols + j];
}

// The step t of processing step s (the backward direction runs t = T-1 .. 0).
int64_t StepTime(const Geometry& g, int64_t d, int64_t s) { return d == 0 ? s : g.T - 1 - s; }

// Items per thread piece so that a piece does about kParallelGrain work.
int64_t RowGrain(const Geometry& g) { return std::max<int64_t>(1, kParallelGrain / (g.GH() + 1)); }

// The scratch of one layer and direction, carved from the kernel's
// workspace: gate rows of all steps [T, N, G*H], of one step [N, G*H], and
// three state blocks [N, H].
template <typename T>
struct StepScratch {
  T *all_steps, *step, *state[3];
  StepScratch(const Geometry& g, T* base) : all_steps(base) {
    step = all_steps + g.T * g.N * g.GH();
    state[0] = step + g.N * g.GH();
    state[1] = state[0] + g.N * g.H;
    state[2] = state[1] + g.N * g.H;
  }
  static size_t Size(const Geometry& g) {
    return static_cast<size_t>((g.T + 1) * g.N * g.GH() + 3 * g.N * g.H);
  }
};

// One layer and direction forward: records into `rec`, h into columns
// [d*H, (d+1)*H) of `out` [T, N, D*H], the final state into h_end / c_end.
template <typename T>
void DirectionForward(const Geometry& g, int64_t d, const T* in, int64_t in_w,
                      const CellWeights<T>& w, const std::vector<int64_t>& lens, const T* h0,
                      const T* c0, T* rec, T* out, T* h_end, T* c_end, T* scratch) {
  const int64_t T_ = g.T, N = g.N, H = g.H, GH = g.GH(), RW = g.RecordWidth();
  const bool lstm = g.mode == Mode::kLstm;
  const StepScratch<T> buf(g, scratch);
  T *gx = buf.all_steps, *gh = buf.step, *h = buf.state[0], *c = buf.state[1];
  Gemm<T>(false, true, T_ * N, GH, in_w, T(1), in, w.w_ih, T(0), gx);
  AddRows(gx, w.b_ih, T_ * N, GH);
  std::copy(h0, h0 + N * H, h);
  if (lstm) std::copy(c0, c0 + N * H, c);
  for (int64_t s = 0; s < T_; ++s) {
    const int64_t t = StepTime(g, d, s);
    Gemm<T>(false, true, N, GH, H, T(1), h, w.w_hh, T(0), gh);
    AddRows(gh, w.b_hh, N, GH);
    ParallelFor(N, [&](int64_t lo, int64_t hi) {
      for (int64_t n = lo; n < hi; ++n) {
        T* r = rec + (t * N + n) * RW;
        T* o = out + (t * N + n) * g.D * H + d * H;
        T* hn = h + n * H;
        T* cn = c + n * H;
        if (t < lens[n]) {
          rnn::CellForward(g.mode, H, gx + (t * N + n) * GH, gh + n * GH, hn, cn, r);
          std::copy(r + RW - H, r + RW, hn);
          if (lstm) std::copy(r + RW - 2 * H, r + RW - H, cn);
          std::copy(hn, hn + H, o);
        } else {  // past the row's length: the state carries over, Out is 0
          std::fill(r, r + RW - H, T(0));
          std::copy(hn, hn + H, r + RW - H);
          if (lstm) std::copy(cn, cn + H, r + RW - 2 * H);
          std::fill(o, o + H, T(0));
        }
      }
    }, RowGrain(g));
  }
  std::copy(h, h + N * H, h_end);
  if (lstm) std::copy(c, c + N * H, c_end);
}

// The dropout between layers: scales [T, N, D*H] and `x` multiplied by them.
template <typename T>
void DropBetweenLayers(KernelContext& ctx, const Geometry& g, T* x, T* scales) {
  const float p = ctx.Attr<float>(kDropoutProb);
  const int64_t n = g.LayerIoSize();
  if (ctx.Attr<bool>(kIsTest) || p <= 0.f) {
    std::fill(scales, scales + n, T(1));
    return;
  }
  const int32_t seed = ctx.Attr<int32_t>(kSeed);
  std::mt19937_64 gen(seed != 0 ? static_cast<uint64_t>(seed) : std::random_device{}());
  std::uniform_real_distribution<float> u(0.f, 1.f);
  const T keep = p >= 1.f ? T(0) : T(1) / (T(1) - static_cast<T>(p));
  for (int64_t i = 0; i < n; ++i) {
    scales[i] = u(gen) < p ? T(0) : keep;
    x[i] *= scales[i];
  }
}

template <typename T>
void RnnKernel(KernelContext& ctx) {
  const DenseTensor& input = ctx.Input(kInput);
  const Geometry g = GeometryFromAttrs(ctx, input.dims());
  const std::vector<int64_t> lens = SequenceLengths(ctx, g);
  const int64_t NH = g.N * g.H;
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  T* h_end = ctx.Output(kState, 0)->MutableData<T>(ctx.place());
  T* c_end = g.States() == 2 ? ctx.Output(kState, 1)->MutableData<T>(ctx.place()) : nullptr;
  const T* h0 = ctx.Input(kPreState, 0).data<T>();
  const T* c0 = g.States() == 2 ? ctx.Input(kPreState, 1).data<T>() : nullptr;
  const ReserveView<T> reserve{ctx.Output(kReserve)->MutableData<T>(ctx.place()), g};
  T* scratch = static_cast<T*>(ctx.Workspace(sizeof(T) * StepScratch<T>::Size(g)));

  for (int64_t l = 0; l < g.L; ++l) {
    const T* in = l == 0 ? input.data<T>() : reserve.LayerInput(l);
    T* layer_out = l == g.L - 1 ? out : reserve.LayerInput(l + 1);
    for (int64_t d = 0; d < g.D; ++d) {
      const int64_t k = l * g.D + d;
      DirectionForward(g, d, in, g.LayerIn(l), WeightsOf<T>(ctx, kWeightList, g, k), lens,
                       h0 + k * NH, c0 ? c0 + k * NH : nullptr, reserve.Records(k), layer_out,
                       h_end + k * NH, c_end ? c_end + k * NH : nullptr, scratch);
    }
    if (l < g.L - 1) DropBetweenLayers(ctx, g, layer_out, reserve.Scales(l + 1));
  }

  if (DenseTensor* mask = OptionalOutput(ctx, kDropoutState, 0)) {
    uint8_t* m = mask->MutableData<uint8_t>(ctx.place());
    const T* last = g.L > 1 ? reserve.Scales(g.L - 1) : nullptr;
    for (int64_t i = 0; i < g.LayerIoSize(); ++i) m[i] = !last || last[i] != T(0);
  }
}

// The gradient buffers of one layer and direction (null = not wanted).
template <typename T>
struct DirectionGrads {
  T *d_in = nullptr;  // [T, N, in_w], accumulated over directions
  T *w_ih = nullptr, *w_hh = nullptr, *b_ih = nullptr, *b_hh = nullptr;  // zeroed, accumulated
  T *h0 = nullptr, *c0 = nullptr;                                        // [N, H]
};

// One layer and direction backward. d_out: the gradient of the layer's
// output [T, N, D*H] (null: 0); dh_end / dc_end: of the final state (null: 0).
template <typename T>
void DirectionBackward(const Geometry& g, int64_t d, const T* in, int64_t in_w,
                       const CellWeights<T>& w, const std::vector<int64_t>& lens, const T* h0,
                       const T* c0, const T* rec, const T* d_out, const T* dh_end,
                       const T* dc_end, const DirectionGrads<T>& grads, T* scratch) {
  const int64_t T_ = g.T, N = g.N, H = g.H, GH = g.GH(), RW = g.RecordWidth();
  const bool lstm = g.mode == Mode::kLstm;
  const StepScratch<T> buf(g, scratch);
  T *dgx = buf.all_steps, *dgh = buf.step, *dh = buf.state[0], *dh_next = buf.state[1];
  T* dc = buf.state[2];
  if (dh_end) std::copy(dh_end, dh_end + N * H, dh);
  else std::fill(dh, dh + N * H, T(0));
  if (dc_end) std::copy(dc_end, dc_end + N * H, dc);
  else std::fill(dc, dc + N * H, T(0));
  for (int64_t s = T_ - 1; s >= 0; --s) {
    const int64_t t = StepTime(g, d, s);
    // The state before step s: the record of step s - 1, or PreState.
    const T* h_prev = s > 0 ? rec + StepTime(g, d, s - 1) * N * RW + RW - H : h0;
    const T* c_prev = s > 0 ? rec + StepTime(g, d, s - 1) * N * RW + RW - 2 * H : c0;
    const int64_t prev_stride = s > 0 ? RW : H;
    ParallelFor(N, [&](int64_t lo, int64_t hi) {
      for (int64_t n = lo; n < hi; ++n) {
        T* dhn = dh + n * H;
        T* gx_row = dgx + (t * N + n) * GH;
        T* gh_row = dgh + n * GH;
        if (t >= lens[n]) {  // no step: the gradient carries over
          std::fill(gx_row, gx_row + GH, T(0));
          std::fill(gh_row, gh_row + GH, T(0));
          std::copy(dhn, dhn + H, dh_next + n * H);
          continue;
        }
        if (d_out) {
          const T* o = d_out + (t * N + n) * g.D * H + d * H;
          for (int64_t j = 0; j < H; ++j) dhn[j] += o[j];
        }
        rnn::CellBackward(g.mode, H, rec + (t * N + n) * RW, h_prev + n * prev_stride,
                          lstm ? c_prev + n * prev_stride : nullptr, dhn, dc + n * H, gx_row,
                          gh_row, dh_next + n * H);
      }
    }, RowGrain(g));
    Gemm<T>(false, false, N, H, GH, T(1), dgh, w.w_hh, T(1), dh_next);
    if (grads.w_hh)
      Gemm(true, false, GH, H, N, T(1), dgh, GH, h_prev, prev_stride, T(1), grads.w_hh, H);
    if (grads.b_hh) SumRows(dgh, N, GH, grads.b_hh);
    std::swap(dh, dh_next);
  }
  if (grads.d_in) Gemm<T>(false, false, T_ * N, in_w, GH, T(1), dgx, w.w_ih, T(1), grads.d_in);
  if (grads.w_ih) Gemm<T>(true, false, GH, in_w, T_ * N, T(1), dgx, in, T(1), grads.w_ih);
  if (grads.b_ih) SumRows(dgx, T_ * N, GH, grads.b_ih);
  if (grads.h0) std::copy(dh, dh + N * H, grads.h0);
  if (grads.c0 && lstm) std::copy(dc, dc + N * H, grads.c0);
}

// Output entry i of a gradient list, allocated and zeroed; null when unbound.
template <typename T>
T* ZeroedGrad(KernelContext& ctx, int slot, size_t i) {
  DenseTensor* t = OptionalOutput(ctx, slot, i);
  if (!t) return nullptr;
  T* p = t->MutableData<T>(ctx.place());
  std::fill(p, p + t->numel(), T(0));
  return p;
}

template <typename T>
void RnnGradKernel(KernelContext& ctx) {
  const DenseTensor& input = ctx.Input(kGradInput);
  const Geometry g = GeometryFromAttrs(ctx, input.dims());
  const std::vector<int64_t> lens = SequenceLengths(ctx, g);
  const int64_t NH = g.N * g.H, io = g.LayerIoSize();
  const ReserveView<const T> reserve{ctx.Input(kGradReserve).data<T>(), g};
  const T* h0 = ctx.Input(kGradPreState, 0).data<T>();
  const T* c0 = g.States() == 2 ? ctx.Input(kGradPreState, 1).data<T>() : nullptr;
  const DenseTensor* d_out = OptionalInput(ctx, kGradOutGrad, 0);
  const DenseTensor* dh_end = OptionalInput(ctx, kGradStateGrad, 0);
  const DenseTensor* dc_end = OptionalInput(ctx, kGradStateGrad, 1);
  T* dh0 = ZeroedGrad<T>(ctx, kGradPreStateGrad, 0);
  T* dc0 = g.States() == 2 ? ZeroedGrad<T>(ctx, kGradPreStateGrad, 1) : nullptr;
  T* d_input = ZeroedGrad<T>(ctx, kGradInputGrad, 0);
  const size_t cell_scratch = StepScratch<T>::Size(g);
  T* scratch =
      static_cast<T*>(ctx.Workspace(sizeof(T) * (cell_scratch + 2 * static_cast<size_t>(io))));
  T* d_layer_out = scratch + cell_scratch;  // [T, N, D*H] for the layer below
  T* d_layer_in = d_layer_out + io;         // [T, N, D*H] of layers above 0

  const T* d_above = d_out ? d_out->data<T>() : nullptr;
  for (int64_t l = g.L - 1; l >= 0; --l) {
    const T* in = l == 0 ? input.data<T>() : reserve.LayerInput(l);
    T* d_in = l == 0 ? d_input : d_layer_in;
    if (l > 0) std::fill(d_in, d_in + io, T(0));
    for (int64_t d = 0; d < g.D; ++d) {
      const int64_t k = l * g.D + d;
      const size_t per = static_cast<size_t>(2 * g.L * g.D), i = static_cast<size_t>(2 * k);
      DirectionGrads<T> grads;
      grads.d_in = d_in;
      grads.w_ih = ZeroedGrad<T>(ctx, kGradWeightListGrad, i);
      grads.w_hh = ZeroedGrad<T>(ctx, kGradWeightListGrad, i + 1);
      grads.b_ih = ZeroedGrad<T>(ctx, kGradWeightListGrad, per + i);
      grads.b_hh = ZeroedGrad<T>(ctx, kGradWeightListGrad, per + i + 1);
      grads.h0 = dh0 ? dh0 + k * NH : nullptr;
      grads.c0 = dc0 ? dc0 + k * NH : nullptr;
      DirectionBackward(g, d, in, g.LayerIn(l), WeightsOf<T>(ctx, kGradWeightList, g, k), lens,
                        h0 + k * NH, c0 ? c0 + k * NH : nullptr, reserve.Records(k), d_above,
                        dh_end ? dh_end->data<T>() + k * NH : nullptr,
                        dc_end ? dc_end->data<T>() + k * NH : nullptr, grads, scratch);
    }
    if (l > 0) {  // through the dropout to the layer below's output
      const T* scales = reserve.Scales(l);
      for (int64_t j = 0; j < io; ++j) d_layer_out[j] = d_in[j] * scales[j];
      d_above = d_layer_out;
    }
  }
}

}  // namespace

PD_REGISTER_OP(rnn)
    .Doc("A multi-layer recurrent network over a time-major sequence (paddle.nn.LSTM, GRU and "
         "SimpleRNN): mode LSTM, GRU, RNN_TANH or RNN_RELU, one or two directions, optional "
         "per-item sequence lengths, and dropout between layers in training.",
         "按时间主序处理序列的多层循环网络（paddle.nn.LSTM、GRU 与 SimpleRNN）：模式为 LSTM、"
         "GRU、RNN_TANH 或 RNN_RELU，单向或双向，可按样本给出序列长度，训练时层间可做 dropout。")
    .Input(kInput, "Input", "The sequence, [seq_len, batch, input_size] (time-major).",
           "输入序列，[seq_len, batch, input_size]（时间主序）。")
    .Input(kPreState, "PreState",
           "The initial state: h (and c for LSTM), each [num_layers * directions, batch, "
           "hidden_size].",
           "初始状态：h（LSTM 另有 c），各为 [num_layers * directions, batch, hidden_size]。")
    .Duplicable()
    .Input(kWeightList, "WeightList",
           "W_ih [gates * hidden_size, in] and W_hh [gates * hidden_size, hidden_size] of every "
           "layer and direction in order, then b_ih and b_hh of each (gates: LSTM 4 in the order "
           "i, f, g, o; GRU 3 in the order r, z, c; RNN 1).",
           "依次为每层每个方向的 W_ih [gates * hidden_size, in] 与 W_hh [gates * hidden_size, "
           "hidden_size]，然后是各自的 b_ih 与 b_hh（gates：LSTM 为 4，顺序 i、f、g、o；GRU 为 3，"
           "顺序 r、z、c；RNN 为 1）。")
    .Duplicable()
    .Input(kSequenceLength, "SequenceLength",
           "Optional int32 [batch]: each item's length; later steps give zeros in Out and keep "
           "the state.",
           "可选的 int32 [batch]：各样本的长度；其后的时间步输出为零并保持状态不变。")
    .Dispensable()
    .Output(kOut, "Out",
            "The last layer's h at every step, [seq_len, batch, directions * hidden_size] "
            "(forward direction first).",
            "最后一层每个时间步的 h，[seq_len, batch, directions * hidden_size]（前向方向在前）。")
    .Output(kDropoutState, "DropoutState",
            "The last between-layer dropout mask (uint8, Out's shape; ones without dropout).",
            "最后一次层间 dropout 的掩码（uint8，形状同 Out；无 dropout 时全为 1）。")
    .Dispensable()
    .Output(kState, "State",
            "The final state: h (and c for LSTM), each [num_layers * directions, batch, "
            "hidden_size].",
            "最终状态：h（LSTM 另有 c），各为 [num_layers * directions, batch, hidden_size]。")
    .Duplicable()
    .Output(kReserve, "Reserve",
            "What the gradient needs from the forward: each step's gates and state and each "
            "layer's input (layout in rnn_op.cc).",
            "梯度所需的前向中间结果：各时间步的门与状态以及各层的输入（布局见 rnn_op.cc）。")
    .Intermediate()
    .Attr<float>(kDropoutProb, "dropout_prob", 0.0f,
                 "Probability of dropping an element between layers in training.",
                 "训练时层间丢弃元素的概率。")
    .InRange(0, 1)
    .Attr<bool>(kIsBidirec, "is_bidirec", false, "Run a second direction, from the end back.",
                "增加一个从序列末尾向前的方向。")
    .Attr<int32_t>(kInputSize, "input_size", 10, "Features per step of Input.",
                   "Input 每个时间步的特征数。")
    .AtLeast(1)
    .Attr<int32_t>(kHiddenSize, "hidden_size", 100, "Size of h (and c).", "h（及 c）的大小。")
    .AtLeast(1)
    .Attr<int32_t>(kNumLayers, "num_layers", 1, "Number of stacked layers.", "堆叠的层数。")
    .AtLeast(1)
    .Attr(kMode, "mode", "RNN_TANH", "The cell: LSTM, GRU, RNN_TANH or RNN_RELU.",
          "单元类型：LSTM、GRU、RNN_TANH 或 RNN_RELU。")
    .OneOf({"LSTM", "GRU", "RNN_TANH", "RNN_RELU"})
    .Attr<int32_t>(kSeed, "seed", 0, "Seed of the dropout (0: a random one).",
                   "dropout 的随机种子（0 表示随机选取）。")
    .Attr<bool>(kIsTest, "is_test", false, "Inference: no dropout.", "推理模式：不做 dropout。")
    .InferShape(RnnInferShape)
    .CpuKernel<float>(RnnKernel<float>)
    .CpuKernel<double>(RnnKernel<double>)
    .Grad()
    .Reads(kGradInput, "Input")
    .Reads(kGradPreState, "PreState")
    .Reads(kGradWeightList, "WeightList")
    .Reads(kGradSequenceLength, "SequenceLength")
    .Reads(kGradReserve, "Reserve")
    .OutputGrad(kGradOutGrad, "Out")
    .OutputGrad(kGradStateGrad, "State")
    .InputGrad(kGradInputGrad, "Input")
    .InputGrad(kGradPreStateGrad, "PreState")
    .InputGrad(kGradWeightListGrad, "WeightList")
    .KernelDtypeFrom("Input")
    .InferShape(RnnGradInferShape)
    .CpuKernel<float>(RnnGradKernel<float>)
    .CpuKernel<double>(RnnGradKernel<double>);

}  // namespace ops
}  // namespace paddle
