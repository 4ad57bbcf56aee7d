// Where random ops get their random numbers. One process-wide default
// generator; every op run takes its own engine (std::mt19937_64), so ops on
// different threads share no engine state:
//   - an op given a non-zero seed (its `seed` attribute) seeds its engine with
//     it: the same numbers on every run;
//   - an op with seed 0 takes the default generator's next engine: runs differ,
//     and Generator::Default().Seed(s) makes a whole run repeat (paddle.seed).
#pragma once

#include <cstdint>
#include <mutex>
#include <random>

namespace paddle {

using RandomEngine = std::mt19937_64;

class Generator {
 public:
  // The default generator starts from a nondeterministic seed.
  static Generator& Default();

  explicit Generator(uint64_t seed);
  Generator(const Generator&) = delete;

  // Restarts the sequence of engines from `seed`. Thread-safe.
  void Seed(uint64_t seed);
  // The seed the sequence last started from.
  uint64_t InitialSeed() const;
  // The next engine of the sequence, for one op run. Thread-safe.
  RandomEngine NextEngine();

 private:
  mutable std::mutex mu_;
  uint64_t seed_;
  RandomEngine seeds_;  // draws the seed of each engine handed out
};

// The engine for one op run: seeded with `seed` when it is non-zero, else the
// default generator's next.
RandomEngine OpEngine(uint64_t seed);

}  // namespace paddle
