#include "core/framework/generator.h"

#include <sstream>

#include "core/base/enforce.h"

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

std::string Generator::State() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::ostringstream out;
  out << seed_ << ' ' << engine_;
  return out.str();
}

void Generator::SetState(const std::string& state) {
  std::istringstream in(state);
  uint64_t seed = 0;
  RandomEngine engine;
  in >> seed >> engine;
  std::string rest;
  PD_CHECK(!in.fail() && !(in >> rest), InvalidArgument,
           "[set_rng_state] the state is not one get_rng_state gave (",
           state.size(), " characters)");
  std::lock_guard<std::mutex> lock(mu_);
  seed_ = seed;
  engine_ = engine;
}

EngineLease::EngineLease(uint64_t seed, Generator& gen) : own_(seed), engine_(&own_) {
  if (seed == 0) {
    lock_ = std::unique_lock<std::mutex>(gen.mu_);
    engine_ = &gen.engine_;
  }
}

}  // namespace paddle
