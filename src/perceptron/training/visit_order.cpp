#include "perceptron/training/visit_order.hpp"

#include <numeric>

namespace perceptron {

VisitOrder::VisitOrder(Order order, std::uint64_t seed, std::uint32_t rows)
    : order_(order), rows_(rows), random_(seed) {
  if (order_ != Order::sample) permutation_.resize(rows);
}

void VisitOrder::refill() {
  position_ = 0;
  std::iota(permutation_.begin(), permutation_.end(), 0u);
  if (order_ == Order::shuffle) random_.shuffle(permutation_);
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
