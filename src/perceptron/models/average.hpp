// The average of a parameter vector over the steps of training, with the counter trick, for
// every averaged model (the binary 'averaged' variant, the joint multi-class perceptron).
//
// The average of theta_1..theta_T (the parameters after each of the T steps since reset) is
//   (1/T) * sum_t theta_t = ((T + 1) theta_T - theta_0 - u) / T,   u = sum_k k * delta_k,
// where delta_k is the change made at step k. Only updates touch u, so a step without an
// update costs O(1) instead of O(size).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

class RunningAverage {
 public:
  // Training starts from these parameters.
  void reset(std::span<const double> start);
  // A step happened (call once per step, before add for that step's update).
  void tick() { steps_ += 1; }
  // This step added factor * x to the parameters at [offset, offset + x.size()).
  void add(std::size_t offset, double factor, Row x);
  // This step added `value` to the parameter at `index`.
  void add(std::size_t index, double value);
  // The average of the parameters over the steps so far; `current` when no step was taken.
  void average(std::span<const double> current, std::vector<double>& out) const;
  double steps() const { return steps_; }

  // Saved as named arrays with this prefix ("" for the binary variant): startParameters, u,
  // averagedSteps.
  void save(NamedArrays& state) const;
  Status load(const NamedArrays& state, std::size_t size);

 private:
  std::vector<double> start_, u_;
  double steps_ = 0;  // a double: exact up to 2^53 steps, and the factor is a double anyway
};

}  // namespace perceptron
