#include "perceptron/support/random.hpp"

#include <utility>

namespace perceptron {

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) {
  increment_ = (stream << 1u) | 1u;
  next();
  state_ += seed;
  next();
}

std::uint32_t Pcg32::next() {
  const std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + increment_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rotation = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rotation) | (xorshifted << ((-rotation) & 31u));
}

std::uint32_t Pcg32::bounded(std::uint32_t bound) {
  const std::uint32_t threshold = (0u - bound) % bound;
  for (;;) {
    const std::uint32_t r = next();
    if (r >= threshold) return r % bound;
  }
}

void Pcg32::shuffle(std::span<std::uint32_t> items) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::uint32_t j = bounded(static_cast<std::uint32_t>(i));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace perceptron
