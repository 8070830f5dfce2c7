#include "perceptron/update.hpp"

namespace perceptron {

double dot(std::span<const double> w, const double* x) {
  double sum = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) sum += w[j] * x[j];
  return sum;
}

int predicted_sign(MistakeRule rule, double score) {
  if (rule == MistakeRule::strict) return score > 0 ? 1 : -1;
  return score >= 0 ? 1 : -1;
}

bool is_mistake(MistakeRule rule, double score, int label) {
  if (rule == MistakeRule::margin) return label * score <= 0;
  return predicted_sign(rule, score) != label;
}

void apply_update(std::span<double> w, double& b, const double* x, int label, double learning_rate,
                  bool fit_intercept) {
  const double step = learning_rate * label;
  for (std::size_t j = 0; j < w.size(); ++j) w[j] += step * x[j];
  if (fit_intercept) b += step;
}

}  // namespace perceptron
