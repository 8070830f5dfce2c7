// The one pseudo-random generator of the library: PCG32 (O'Neill 2014, "PCG-XSH-RR" with
// 64-bit state and 32-bit output), seeded as pcg32_srandom_r(seed, stream).
//
// Every random choice (shuffling, sampling, splits, generated datasets) draws from it with the
// two helpers below, so the same seed gives the same numbers natively, in WASM and in every
// browser: integer arithmetic only, no std::uniform_int_distribution (whose algorithm differs
// between libstdc++ and libc++) and no Math.random.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace perceptron {

class Pcg32 {
 public:
  // The stream every model uses; the reference implementation's default increment
  // (PCG32_INITIALIZER) is 0xda3e39cb94b95bdb, whose stream number is that value >> 1.
  static constexpr std::uint64_t default_stream = 0xda3e39cb94b95bdbULL >> 1;

  explicit Pcg32(std::uint64_t seed, std::uint64_t stream = default_stream);

  // The next 32 uniformly distributed bits.
  std::uint32_t next();

  // A uniform integer in [0, bound), bound >= 1, without modulo bias: draws below
  // 2^32 mod bound are rejected (the reference pcg32_boundedrand_r).
  std::uint32_t bounded(std::uint32_t bound);

  // Fisher-Yates (Durstenfeld): for i = n-1 down to 1, swap items[i] with items[bounded(i+1)].
  void shuffle(std::span<std::uint32_t> items);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t increment_ = 0;
};

}  // namespace perceptron
