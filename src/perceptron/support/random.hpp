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
#include <vector>

#include "perceptron/training/params.hpp"

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

// The rows a training run visits, in order, as one stream: 'cyclic' repeats 0..n-1;
// 'shuffle' starts every epoch (every n visits) with a new Fisher-Yates permutation of
// 0..n-1 (shuffling the identity, not the previous permutation); 'sample' draws each row
// uniformly with replacement. fit consumes it, and so can a page stepping through training
// one example at a time (visit_order), so both visit the same rows.
class VisitOrder {
 public:
  VisitOrder(Order order, std::uint64_t seed, std::uint32_t rows);
  std::uint32_t next();

 private:
  Order order_;
  std::uint32_t rows_;
  Pcg32 random_;
  std::vector<std::uint32_t> permutation_;  // cyclic / shuffle: this epoch's order
  std::size_t position_ = 0;
};

// The first `count` rows VisitOrder visits.
std::vector<std::uint32_t> visit_order(Order order, std::uint64_t seed, std::uint32_t rows,
                                       std::size_t count);

}  // namespace perceptron
