#include "core/framework/generator.h"

namespace paddle {

Generator& Generator::Default() {
  static Generator* g = [] {
    std::random_device rd;
    return new Generator((uint64_t{rd()} << 32) ^ rd());
  }();  // never destroyed: ops outlive statics
  return *g;
}

Generator::Generator(uint64_t seed) : seed_(seed), seeds_(seed) {}

void Generator::Seed(uint64_t seed) {
  std::lock_guard<std::mutex> lock(mu_);
  seed_ = seed;
  seeds_.seed(seed);
}

uint64_t Generator::InitialSeed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return seed_;
}

RandomEngine Generator::NextEngine() {
  uint64_t s;
  {
    std::lock_guard<std::mutex> lock(mu_);
    s = seeds_();
  }
  return RandomEngine(s);
}

RandomEngine OpEngine(uint64_t seed) {
  return seed != 0 ? RandomEngine(seed) : Generator::Default().NextEngine();
}

}  // namespace paddle
