// Which rows training visits, in order: the one place 'cyclic', 'shuffle' and 'sample' are
// drawn from Pcg32 (support/random.hpp), so fit, partial_fit and a page stepping through
// training agree row for row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "perceptron/support/random.hpp"
#include "perceptron/training/params.hpp"

namespace perceptron {

// The rows a training run visits, in order, as one stream: 'cyclic' repeats 0..n-1;
// 'shuffle' starts every epoch (every n visits) with a new Fisher-Yates permutation of
// 0..n-1 (shuffling the identity, not the previous permutation); 'sample' draws each row
// uniformly with replacement. fit consumes it, and so can a page stepping through training
// one example at a time (visit_order), so both visit the same rows.
class VisitOrder {
 public:
  VisitOrder(Order order, std::uint64_t seed, std::uint32_t rows);
  // The next row. Inline, so that a training loop built for speed runs it in place; the new
  // epoch's order (refill) is the out-of-line part.
  std::uint32_t next() {
    if (order_ == Order::sample) return random_.bounded(rows_);
    if (position_ == rows_ || position_ == 0) refill();
    if (order_ == Order::cyclic) return static_cast<std::uint32_t>(position_++);
    return permutation_[position_++];
  }

  // The next visits at once, at most `most` of them and never past this epoch's end: the rows
  // next() would give, in order. Visit k of the run is rows[k], or first + k for 'cyclic' (rows
  // null). 'sample' draws them into a buffer the next take() overwrites.
  struct Run {
    const std::uint32_t* rows = nullptr;
    std::uint32_t first = 0;
    std::size_t count = 0;
    std::uint32_t operator[](std::size_t k) const {
      return rows != nullptr ? rows[k] : first + static_cast<std::uint32_t>(k);
    }
  };
  Run take(std::size_t most);

 private:
  // At an epoch's start (position_ 0 or rows_): position_ 0, and for 'shuffle' a new
  // permutation ('cyclic' needs none: its visit k is row k).
  void refill();

  Order order_;
  std::uint32_t rows_;
  Pcg32 random_;
  std::vector<std::uint32_t> permutation_;  // shuffle: this epoch's order; sample: take()'s draws
  std::size_t position_ = 0;
};

// The first `count` rows VisitOrder visits.
std::vector<std::uint32_t> visit_order(Order order, std::uint64_t seed, std::uint32_t rows,
                                       std::size_t count);

}  // namespace perceptron
