#include "core/framework/generator.h"

namespace paddle {

namespace {
RandomEngine SeededEngine(uint64_t seed) {
  std::seed_seq seq({seed});
  return RandomEngine(seq);
}
}  // namespace

Generator& Generator::Default() {
  static Generator* g = [] {
    std::random_device rd;
    return new Generator((uint64_t{rd()} << 32) ^ rd());
  }();  // never destroyed: ops outlive statics
  return *g;
}

Generator::Generator(uint64_t seed) : seed_(seed), engine_(SeededEngine(seed)) {}

void Generator::Seed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(mu_);
  seed_ = seed;
  engine_ = SeededEngine(seed);
}

uint64_t Generator::InitialSeed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return seed_;
}

EngineLease::EngineLease(uint64_t seed, Generator& gen) : own_(seed), engine_(&own_) {
  if (seed == 0) {
    lock_ = std::unique_lock<std::mutex>(gen.mu_);
    engine_ = &gen.engine_;
  }
}

}  // namespace paddle
