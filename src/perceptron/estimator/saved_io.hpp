// toJSON and fromJSON of a model with its preprocess scaler, over the saved format
// (saved_format.hpp): what the bindings call, one call each way.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "perceptron/data/preprocess.hpp"
#include "perceptron/estimator/saved_format.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/structured.hpp"

namespace perceptron {

// The kind whose format is `format` ("perceptron-wasm/Perceptron"); nullopt for another.
std::optional<SavedKind> saved_kind_of(std::string_view format);

// The kind's layout under a model's params (their variant and strategy, where they have them).
template <typename P>
SavedLayout layout_under(SavedKind kind, const P& params) {
  std::string_view variant = "classic";
  std::string_view strategy = "joint";
  if constexpr (requires { params.variant; }) variant = name_of(params.variant);
  if constexpr (requires { params.base.variant; }) variant = name_of(params.base.variant);
  if constexpr (requires { params.strategy; }) strategy = name_of(params.strategy);
  return layout_of(kind, variant, strategy);
}

// The scaler as saved: nullopt without the preprocess option.
std::optional<SavedScaler> saved_scaler(const InputScaling& scaling);

// The document's preprocess field into `scaling` (its messages name "field preprocess").
Status restore_scaler(const json::Value& document, double n_features, InputScaling& scaling);

// toJSON's text: `options` (JSON text of the model's options in effect, as its options getter
// gives them), the scaler, the saved model and the named features' vocabulary.
template <Model M>
std::string saved_text_of(SavedKind kind, const M& model, std::string options,
                          const InputScaling& scaling, std::vector<std::string> vocabulary) {
  SavedDocument document{std::move(options), saved_scaler(scaling), model.save(),
                         std::move(vocabulary)};
  return saved_text(kind, layout_under(kind, model.params()), document);
}

// The end of every restore: the kind's restore's outcome (its messages name the field), then the
// vocabulary; `restored` becomes the model only when both succeeded.
template <typename M>
Status commit_restored(const json::Value& document, const SavedEnvelope& envelope, Status restore,
                       M& restored, M& model, std::optional<std::vector<std::string>>& vocabulary) {
  if (!restore.ok()) {
    restore.message = "field " + restore.message;
    return restore;
  }
  std::vector<std::string> names;
  if (Status s = read_vocabulary(document, envelope.n_features, names); !s.ok()) return s;
  model = std::move(restored);
  if (!document["vocabulary"].is(json::Type::undefined)) vocabulary = std::move(names);
  return Status::success();
}

// fromJSON, once the model is built from the envelope's options (read_envelope, checked first):
// the scaler, then the model under its options, all or nothing, and the vocabulary (nullopt
// when the document has none, or saved a fresh model, which the fresh `model` already is).
template <Model M>
Status restore_saved(const json::Value& document, SavedKind kind, M& model, InputScaling& scaling,
                     std::optional<std::vector<std::string>>& vocabulary) {
  SavedEnvelope envelope;
  if (Status s = read_envelope(document, kind, envelope); !s.ok()) return s;
  if (Status s = restore_scaler(document, envelope.n_features, scaling); !s.ok()) return s;
  SavedModel saved;
  const SavedLayout layout = layout_under(kind, model.params());
  if (Status s = read_fields(document, layout, envelope, saved); !s.ok()) return s;
  vocabulary.reset();
  if (envelope.fresh()) return Status::success();
  M restored;
  return commit_restored(document, envelope, restored.restore(model.params(), saved), restored,
                         model, vocabulary);
}

// The structured perceptron's toJSON text: its options in effect (JSON text), its tags
// (sorted: the model's tag ids number them) and its vocabulary.
std::string structured_text(const StructuredPerceptron& model, std::string options, Classes tags,
                            std::vector<std::string> vocabulary);

// Its fromJSON once built from the envelope's options: restore_saved's steps (no scaler).
Status restore_structured(const json::Value& document, StructuredPerceptron& model,
                          std::optional<std::vector<std::string>>& vocabulary);

}  // namespace perceptron
