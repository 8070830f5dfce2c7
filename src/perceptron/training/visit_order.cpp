#include "perceptron/training/visit_order.hpp"

#include <algorithm>
#include <numeric>

namespace perceptron {

VisitOrder::VisitOrder(Order order, std::uint64_t seed, std::uint32_t rows)
    : order_(order), rows_(rows), random_(seed) {
  if (order_ == Order::shuffle) permutation_.resize(rows);
}

void VisitOrder::refill() {
  position_ = 0;
  if (order_ != Order::shuffle) return;
  std::iota(permutation_.begin(), permutation_.end(), 0u);
  random_.shuffle(permutation_);
}

VisitOrder::Run VisitOrder::take(std::size_t most) {
  Run run;
  if (order_ == Order::sample) {
    run.count = std::min<std::size_t>(most, rows_);
    // Grown as runs need it, not to rows_: visit_order draws a few rows of a large range.
    if (permutation_.size() < run.count) permutation_.resize(run.count);
    for (std::size_t k = 0; k < run.count; ++k) permutation_[k] = random_.bounded(rows_);
    run.rows = permutation_.data();
    return run;
  }
  if (position_ == rows_ || position_ == 0) refill();
  run.rows = order_ == Order::shuffle ? permutation_.data() + position_ : nullptr;
  run.first = static_cast<std::uint32_t>(position_);
  run.count = std::min<std::size_t>(most, rows_ - position_);
  position_ += run.count;
  return run;
}

std::vector<std::uint32_t> visit_order(Order order, std::uint64_t seed, std::uint32_t rows,
                                       std::size_t count) {
  std::vector<std::uint32_t> visits(count);
  if (rows == 0) return {};
  VisitOrder stream(order, seed, rows);
  for (auto& row : visits) row = stream.next();
  return visits;
}

}  // namespace perceptron
