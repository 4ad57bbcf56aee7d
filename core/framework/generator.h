// Where random ops get their random numbers, as PaddlePaddle's CPU kernels do:
//   - an op given a non-zero seed (its `seed` attribute) draws from its own
//     std::mt19937_64 seeded with it: the same numbers on every run;
//   - an op with seed 0 draws from the default generator's one engine, whose
//     state carries on from op to op; Generator::Default().Seed(s) (paddle.seed)
//     reseeds it through std::seed_seq{s}, so a whole run repeats, and gives
//     the numbers PaddlePaddle gives after paddle.seed(s) for the same ops in
//     the same order.
#pragma once

#include <cstdint>
#include <mutex>
#include <random>
#include <string>

namespace paddle {

using RandomEngine = std::mt19937_64;

class Generator {
 public:
  // The default generator starts from a nondeterministic seed.
  static Generator& Default();

  explicit Generator(uint64_t seed);
  Generator(const Generator&) = delete;

  // Restarts the engine from `seed`. Thread-safe.
  void Seed(uint64_t seed);
  // The seed the engine last started from.
  uint64_t InitialSeed() const;
  // The engine's whole state as text (the standard stream form of
  // std::mt19937_64), and back (paddle.get_rng_state / set_rng_state): the
  // draws after SetState(State()) repeat. Thread-safe.
  std::string State() const;
  // Throws InvalidArgument for text State() did not write.
  void SetState(const std::string& state);

 private:
  friend class EngineLease;
  mutable std::mutex mu_;
  uint64_t seed_;
  RandomEngine engine_;
};

// The engine one op run draws from: its own when `seed` is non-zero, else the
// default generator's, held locked for the lease's life (ops on different
// threads take turns, so each draws a contiguous run of the sequence).
class EngineLease {
 public:
  explicit EngineLease(uint64_t seed, Generator& gen = Generator::Default());
  EngineLease(const EngineLease&) = delete;
  EngineLease& operator=(const EngineLease&) = delete;
  RandomEngine& operator*() { return *engine_; }

 private:
  std::unique_lock<std::mutex> lock_;
  RandomEngine own_;
  RandomEngine* engine_;
};

}  // namespace paddle
