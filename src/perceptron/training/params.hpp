// The perceptron's options, their defaults and their checks, in one place.
//
// Option names are those of the public JS contract (camelCase), and so are the messages:
// the bindings pass the user's option object through `apply_options`, so a message reads
// the same whether it comes from C++ or JS. `check_parameter` validates a Params filled in
// directly from C++ (LIBLINEAR's check_parameter: an empty message means valid).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Which member of the perceptron family predicts (see variant.hpp): the training loop is the
// same for all of them.
enum class Variant { classic, averaged, voted, pocket };

// When an example counts as a mistake (and so triggers an update), and what is predicted.
enum class MistakeRule {
  margin,  // update iff y * (w.x + b) <= 0 (Novikoff's proof; CMU online algorithm);
           // predict +1 iff w.x + b >= 0
  sign,    // predict +1 iff w.x + b >= 0 (CMU sign(a)), update iff prediction != y
  strict,  // predict +1 iff w.x + b > 0 (Blum's w.x > 0), update iff prediction != y
};

// The order in which fit visits the examples.
enum class Order {
  cyclic,   // the given order, every epoch
  shuffle,  // a new uniform permutation of 0..n-1 each epoch (Fisher-Yates from the seed)
  sample,   // maxSteps uniform draws with replacement (IIIT-H notes), reported in blocks of n
};

// The arithmetic of the binary perceptron's training (issue 30). float64: the weights and their
// updates in double, each score in the row's own precision (models/update.hpp). float32: the
// weights and the bias are float32 numbers, updated in float32 arithmetic (w_j += s x_j with
// s = float32(eta * weight * y), rounded to float32), in a loop of its own over float32 rows
// only, for the classic variant; its scores are the float32 rows' scores of float64 (the same
// bits), so prediction and convergence agree with training.
enum class Precision { float64, float32 };

std::string_view name_of(Variant value);
std::string_view name_of(MistakeRule value);
std::string_view name_of(Order value);
std::string_view name_of(Precision value);

struct Params {
  Variant variant = Variant::classic;
  MistakeRule mistake_rule = MistakeRule::margin;
  Order order = Order::cyclic;
  double learning_rate = 1.0;        // eta, finite and > 0, scales both the w and the b update
  double margin = 0.0;               // tau >= 0: when > 0, update iff y * (w.x + b) <= tau
                                     // whatever the mistake rule (which still decides predictions)
  bool fit_intercept = true;         // learn b; false fixes b = 0 (the CMU example has no bias)
  std::uint64_t max_epochs = 100;    // 1 .. 2^53-1
  std::uint64_t max_steps = 0;       // order 'sample' only: draws; 0 means maxEpochs * rows
  std::uint64_t seed = 0;            // 0 .. 2^53-1, feeds Pcg32
  bool warm_start = false;           // fit continues from the current weights instead of zero
  bool early_stopping = false;       // hold out validation_fraction of the data (stratified,
                                     // seeded) and keep the epoch with the lowest validation error
  double validation_fraction = 0.1;  // in (0, 1)
  std::uint64_t patience = 5;        // epochs without a lower validation error before stopping
  Precision precision = Precision::float64;  // Perceptron only (the other kinds leave it float64)
};

// A message describing the first invalid field, or "" when every field is valid.
std::string check_parameter(const Params& params);

// Applies named options (JS contract names) on top of `params`. All or nothing: on the first
// unknown name, wrong type or out-of-range value, returns its error and leaves `params` as it
// was.
Status apply_options(const std::vector<std::pair<std::string, OptionValue>>& options,
                     Params& params);

// The perceptron's options as `params` has them, in documentation order; those named in `only`
// when it is given.
std::vector<OptionSetting> option_settings(const Params& params,
                                           const std::vector<std::string>* only = nullptr);

// `names` followed by the options every model kind takes beside its Params, which the learner
// reads itself (learner.hpp: preprocess), so that option lists and unknown-option messages name
// them too.
std::vector<std::string> with_model_options(std::vector<std::string> names);

// check_parameter for a model kind P (with a Params `base`): its own fields `own`, then the
// shared options in p.base.
template <typename P>
std::string check_kind_parameter(const OptionTable<P>& own, const P& params) {
  if (std::string message = check_fields(own, params); !message.empty()) return message;
  return check_parameter(params.base);
}

// Applies options for a model kind P with its own fields beside some of the shared ones (P has
// a Params `base`, and check_parameter(const P&)): the shared ones go through apply_options on
// p.base. All or nothing.
template <typename P>
Status apply_kind_options(const OptionList& options, const OptionTable<P>& own,
                          const std::vector<std::string>& shared, P& params) {
  P updated = params;
  OptionList rest;
  for (const auto& option : options) {
    if (const OptionField<P>* field = find_field(own, option.first)) {
      if (Status s = set_field(*field, option.second, updated); !s.ok()) return s;
    } else if (std::find(shared.begin(), shared.end(), option.first) != shared.end()) {
      rest.push_back(option);
    } else {
      std::vector<std::string> known = field_names(own);
      known.insert(known.end(), shared.begin(), shared.end());
      return unknown_option(option.first, with_model_options(known));
    }
  }
  if (Status s = apply_options(rest, updated.base); !s.ok()) return s;
  if (std::string message = check_parameter(updated); !message.empty()) {
    return Status::range_error(message);
  }
  params = updated;
  return Status::success();
}

// A kind's options as `params` has them: its own, then the shared ones it takes.
template <typename P>
std::vector<OptionSetting> kind_settings(const OptionTable<P>& own,
                                         const std::vector<std::string>& shared, const P& params) {
  std::vector<OptionSetting> out;
  append_settings(own, params, out);
  std::vector<OptionSetting> base = option_settings(params.base, &shared);
  out.insert(out.end(), base.begin(), base.end());
  return out;
}

// pw.optionSchema's one line on what an option does, for a page's help text (descriptions.cpp),
// as the model kind named `kind` ("Perceptron", "Winnow", ...) reads it; "" for an option no
// kind takes.
std::string_view option_description(std::string_view kind, std::string_view option);

// The names of the perceptron's options, in documentation order, then the model-level ones
// (with_model_options).
const std::vector<std::string>& option_names();
// option_names() but precision (the binary perceptron's own): what the kinds that take every
// shared option (the multi-class and kernel perceptrons) take.
const std::vector<std::string>& shared_option_names();

}  // namespace perceptron
