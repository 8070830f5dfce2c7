#include "perceptron/models/average.hpp"

#include "perceptron/models/update.hpp"

namespace perceptron {

void RunningAverage::reset(std::span<const double> start) {
  start_.assign(start.begin(), start.end());
  u_.assign(start.size(), 0.0);
  steps_ = 0;
}

void RunningAverage::add(std::size_t offset, double factor, Row x) {
  add_scaled(std::span<double>(u_.data() + offset, x.size()), steps_ * factor, x);
}

void RunningAverage::add(std::size_t index, double value) { u_[index] += steps_ * value; }

void RunningAverage::average(std::span<const double> current, std::vector<double>& out) const {
  out.assign(current.begin(), current.end());
  if (steps_ == 0) return;
  for (std::size_t j = 0; j < out.size(); ++j) {
    out[j] = ((steps_ + 1) * current[j] - start_[j] - u_[j]) / steps_;
  }
}

void RunningAverage::save(NamedArrays& state) const {
  state.emplace_back("startParameters", start_);
  state.emplace_back("u", u_);
  state.emplace_back("averagedSteps", std::vector<double>{steps_});
}

Status RunningAverage::load(const NamedArrays& state, std::size_t size) {
  RunningAverage loaded;
  if (Status s = read_state(state, "startParameters", size, loaded.start_); !s.ok()) return s;
  if (Status s = read_state(state, "u", size, loaded.u_); !s.ok()) return s;
  if (Status s = read_state_count(state, "averagedSteps", loaded.steps_); !s.ok()) return s;
  *this = std::move(loaded);
  return Status::success();
}

}  // namespace perceptron
