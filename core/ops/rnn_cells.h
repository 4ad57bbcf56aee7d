// The cells of the rnn op, one step of one batch row, forward and backward,
// as PaddlePaddle 3.3.1 computes them (checked against it; see
// tests/data/rnn/README.md). Per row, gx = x W_ih^T + b_ih and
// gh = h_prev W_hh^T + b_hh are the two GEMM results, G blocks of H each:
//   LSTM (blocks i, f, g, o):  i, f, o = sigmoid(gx + gh), g = tanh(gx + gh),
//                              c = f * c_prev + i * g,  h = o * tanh(c)
//   GRU  (blocks r, z, c):     r, z = sigmoid(gx + gh),
//                              c~ = tanh(gx_c + r * gh_c)  (reset after the GEMM),
//                              h = z * h_prev + (1 - z) * c~
//   RNN_TANH / RNN_RELU:       h = act(gx + gh)
// Each step leaves a record (the Reserve row the gradient reads), widths in H:
//   LSTM: i f g o | c | h        (6)
//   GRU:  r z c~ | gh_c | h      (5)
//   RNN:  h                      (1)
// h is always the record's last block; LSTM's c the one before it.
#pragma once

#include <cmath>
#include <cstdint>
#include "core/ops/parallel.h"
#include "core/ops/vec_math.h"

namespace paddle {
namespace ops {
namespace rnn {

enum class Mode { kLstm, kGru, kRnnTanh, kRnnRelu };

// Gate blocks per weight row group (W_ih and W_hh are [Gates * H, in]).
inline int64_t Gates(Mode m) { return m == Mode::kLstm ? 4 : m == Mode::kGru ? 3 : 1; }
// The record's width in blocks of H.
inline int64_t RecordBlocks(Mode m) { return m == Mode::kLstm ? 6 : m == Mode::kGru ? 5 : 1; }

// One step forward: writes the record `rec` from the row's gx, gh and the
// previous state (c_prev is read by LSTM only).
template <typename T>
PD_SIMD_CLONES void CellForward(Mode m, int64_t H, const T* gx, const T* gh, const T* h_prev,
                                const T* c_prev, T* rec) {
  switch (m) {
    case Mode::kLstm:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        const T i = vec::Sigmoid(gx[j] + gh[j]), f = vec::Sigmoid(gx[H + j] + gh[H + j]);
        const T g = vec::Tanh(gx[2 * H + j] + gh[2 * H + j]);
        const T o = vec::Sigmoid(gx[3 * H + j] + gh[3 * H + j]);
        const T c = f * c_prev[j] + i * g;
        rec[j] = i, rec[H + j] = f, rec[2 * H + j] = g, rec[3 * H + j] = o;
        rec[4 * H + j] = c;
        rec[5 * H + j] = o * vec::Tanh(c);
      }
      break;
    case Mode::kGru:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        const T r = vec::Sigmoid(gx[j] + gh[j]), z = vec::Sigmoid(gx[H + j] + gh[H + j]);
        const T hc = gh[2 * H + j];
        const T c = vec::Tanh(gx[2 * H + j] + r * hc);
        rec[j] = r, rec[H + j] = z, rec[2 * H + j] = c, rec[3 * H + j] = hc;
        rec[4 * H + j] = z * h_prev[j] + (T(1) - z) * c;
      }
      break;
    case Mode::kRnnTanh:
      for (int64_t j = 0; j < H; ++j) rec[j] = vec::Tanh(gx[j] + gh[j]);
      break;
    case Mode::kRnnRelu:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        const T a = gx[j] + gh[j];
        rec[j] = a > T(0) ? a : T(0);
      }
      break;
  }
}

// One step backward. From dh (the loss's gradient of this step's h, all
// paths) and dc (LSTM: of this step's c), writes the gradients of the
// pre-activations fed by the input GEMM (dgx) and the hidden GEMM (dgh),
// the part of dh_prev that does not go through W_hh (`dh_direct`: GRU's
// z * dh, else 0), and LSTM's dc_prev over `dc` (read first, per element).
template <typename T>
PD_SIMD_CLONES void CellBackward(Mode m, int64_t H, const T* rec, const T* h_prev,
                                 const T* c_prev, const T* dh, T* dc, T* dgx, T* dgh,
                                 T* dh_direct) {
  switch (m) {
    case Mode::kLstm:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        const T i = rec[j], f = rec[H + j], g = rec[2 * H + j], o = rec[3 * H + j];
        const T tc = vec::Tanh(rec[4 * H + j]);
        const T dct = dc[j] + dh[j] * o * (T(1) - tc * tc);
        dgx[j] = dct * g * i * (T(1) - i);
        dgx[H + j] = dct * c_prev[j] * f * (T(1) - f);
        dgx[2 * H + j] = dct * i * (T(1) - g * g);
        dgx[3 * H + j] = dh[j] * tc * o * (T(1) - o);
        for (int64_t b = 0; b < 4; ++b) dgh[b * H + j] = dgx[b * H + j];
        dc[j] = dct * f;
        dh_direct[j] = T(0);
      }
      break;
    case Mode::kGru:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        const T r = rec[j], z = rec[H + j], c = rec[2 * H + j], hc = rec[3 * H + j];
        const T dac = dh[j] * (T(1) - z) * (T(1) - c * c);
        const T dar = dac * hc * r * (T(1) - r);
        const T daz = dh[j] * (h_prev[j] - c) * z * (T(1) - z);
        dgx[j] = dgh[j] = dar;
        dgx[H + j] = dgh[H + j] = daz;
        dgx[2 * H + j] = dac;
        dgh[2 * H + j] = dac * r;
        dh_direct[j] = dh[j] * z;
      }
      break;
    case Mode::kRnnTanh:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        dgx[j] = dgh[j] = dh[j] * (T(1) - rec[j] * rec[j]);
        dh_direct[j] = T(0);
      }
      break;
    case Mode::kRnnRelu:
      PD_IVDEP for (int64_t j = 0; j < H; ++j) {
        dgx[j] = dgh[j] = rec[j] > T(0) ? dh[j] : T(0);
        dh_direct[j] = T(0);
      }
      break;
  }
}

}  // namespace rnn
}  // namespace ops
}  // namespace paddle
