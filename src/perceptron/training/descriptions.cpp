// What each option does, in one line (params.hpp: option_description): the prose of
// pw.optionSchema, which no check needs. UTF-8.
#include <array>
#include <utility>

#include "perceptron/training/params.hpp"

namespace perceptron {
namespace {

using Line = std::pair<std::string_view, std::string_view>;

constexpr std::array<Line, 29> kLines{{
    {"variant",
     "Which member of the perceptron family predicts: the last weights (classic), their "
     "average, a vote of every weight vector, or the best one seen (pocket)."},
    {"mistakeRule",
     "When an example is a mistake: y(w·x + b) <= 0 (margin), a wrong prediction with +1 on "
     "ties (sign), or a wrong prediction with -1 on ties (strict)."},
    {"order",
     "The order examples are visited in: as given every epoch (cyclic), a new permutation each "
     "epoch (shuffle), or draws with replacement (sample)."},
    {"learningRate", "η, the size of each update (it scales both w and b)."},
    {"margin", "τ: update whenever y(w·x + b) <= τ; 0 updates on mistakes only."},
    {"fitIntercept", "Learn the bias b; off fixes b = 0."},
    {"maxEpochs", "Passes over the data before training stops if it has not converged."},
    {"maxSteps", "Order 'sample' only: how many draws (unset: maxEpochs × rows)."},
    {"seed", "Seeds the shuffles, the draws and the validation split, so a run repeats exactly."},
    {"warmStart", "fit continues from the weights the model has instead of starting from zero."},
    {"earlyStopping",
     "Hold out validationFraction of the data and keep the epoch with the lowest validation "
     "error."},
    {"validationFraction",
     "The share of the data held out (stratified, seeded) for early stopping."},
    {"patience", "Epochs without a lower validation error before early stopping ends training."},
    {"precision",
     "The perceptron's arithmetic: float64 weights (float64), or float32 weights updated in "
     "float32 arithmetic, for float32 data and the classic variant (float32: faster)."},
    {"classWeight",
     "Weights on the updates per class: 'balanced' (rows / (classes × rows of the class)) or "
     "{label: weight} (a class not named weighs 1)."},
    {"preprocess",
     "Scale the features: fitted on the training data, applied to every later input (unset: no "
     "scaling)."},
    {"strategy",
     "How the classes are learned: one weight vector per class trained together (joint, which "
     "takes the classic and averaged variants), one-vs-rest (ovr) or one-vs-one (ovo)."},
    {"kernel",
     "k(x, z): x·z (linear), (γ x·z + coef0)^degree (polynomial) or exp(-γ‖x - z‖²) (rbf)."},
    {"degree", "The polynomial kernel's degree."},
    {"gamma", "γ of the polynomial and rbf kernels; 'auto' is 1 / nFeatures."},
    {"coef0", "The polynomial kernel's constant term."},
    {"budget", "At most this many support vectors: the oldest goes first (unset: no limit)."},
    {"balanced",
     "Balanced Winnow: positive and negative weights, for thresholds with negative terms."},
    {"alpha", "Basic Winnow's promotion factor (and its demotion factor with demotion 'divide')."},
    {"demotion",
     "Basic Winnow on a false positive: set the active weights to zero or divide them by "
     "alpha."},
    {"epsilon", "Balanced Winnow's update factor is 1 + epsilon."},
    {"threshold", "The threshold θ (unset: nFeatures for basic Winnow, 0 for balanced)."},
    {"mode",
     "PA steps exactly to a margin of 1; PA-I caps the step at C; PA-II softens it by 1 / (2C)."},
    {"C", "The aggressiveness of PA-I and PA-II: larger steps for larger C."},
}};

}  // namespace

std::string_view option_description(std::string_view kind, std::string_view option) {
  if (kind == "KernelPerceptron" && option == "variant") {
    return "The kernel perceptron is classic: its prediction is the last sum.";
  }
  if (kind == "Winnow" && option == "preprocess") {
    return "Scale the features first: basic Winnow reads 0/1 features, so only 'minMax' "
           "(balanced: any).";
  }
  for (const auto& [name, line] : kLines) {
    if (name == option) return line;
  }
  return "";
}

}  // namespace perceptron
