// toJSON and fromJSON of a model with its preprocess scaler, over the saved format
// (saved_format.hpp): what the bindings call, one call each way.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "perceptron/data/preprocess.hpp"
#include "perceptron/estimator/any_model.hpp"
#include "perceptron/estimator/saved_format.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/structured.hpp"

namespace perceptron {

// The kind whose format is `format` ("perceptron-wasm/Perceptron"); nullopt for another.
std::optional<SavedKind> saved_kind_of(std::string_view format);

// fromJSON's document: JSON text, or when `from_object` a model object's JSON text whose values
// JSON has no word for are marked (json::parse_marked makes them those values again).
Status saved_document(std::string_view text, bool from_object, json::Value& out);
// fromJSON's first check, before the model is built from the saved options: the document is of
// `format`'s kind and its envelope reads (read_envelope).
Status check_saved(std::string_view format, std::string_view text, bool from_object);

// The scaler as saved: nullopt without the preprocess option.
std::optional<SavedScaler> saved_scaler(const InputScaling& scaling);

// The document's preprocess field into `scaling` (its messages name "field preprocess").
Status restore_scaler(const json::Value& document, double n_features, InputScaling& scaling);

// toJSON's text: `options` (JSON text of the model's options in effect, as its options getter
// gives them), the scaler, the saved model and the named features' vocabulary.
std::string saved_text_of(SavedKind kind, const AnyModel& model, std::string options,
                          const InputScaling& scaling, std::vector<std::string> vocabulary);
template <Model M>
std::string saved_text_of(SavedKind kind, const M& model, std::string options,
                          const InputScaling& scaling, std::vector<std::string> vocabulary) {
  return saved_text_of(kind, ModelOf<M>(model), std::move(options), scaling, std::move(vocabulary));
}

// The end of every restore: the kind's restore's outcome (its messages name the field), then the
// vocabulary; commit() makes the restored model the model only when both succeeded.
template <typename Commit>
Status commit_restored(const json::Value& document, const SavedEnvelope& envelope, Status restore,
                       Commit commit, std::optional<std::vector<std::string>>& vocabulary) {
  if (!restore.ok()) {
    restore.message = "field " + restore.message;
    return restore;
  }
  std::vector<std::string> names;
  if (Status s = read_vocabulary(document, envelope.n_features, names); !s.ok()) return s;
  commit();
  if (!document["vocabulary"].is(json::Type::undefined)) vocabulary = std::move(names);
  return Status::success();
}

// fromJSON, once the model is built from the envelope's options (read_envelope, checked first):
// the scaler, then the model under its options, all or nothing, and the vocabulary (nullopt
// when the document has none, or saved a fresh model, which the fresh `model` already is).
Status restore_saved(const json::Value& document, SavedKind kind, AnyModel& model,
                     InputScaling& scaling, std::optional<std::vector<std::string>>& vocabulary);
template <Model M>
Status restore_saved(const json::Value& document, SavedKind kind, M& model, InputScaling& scaling,
                     std::optional<std::vector<std::string>>& vocabulary) {
  ModelOf<M> any(model);
  const Status s = restore_saved(document, kind, any, scaling, vocabulary);
  if (s.ok()) model = std::move(any.model);
  return s;
}

// The structured perceptron's toJSON text: its options in effect (JSON text), its tags
// (sorted: the model's tag ids number them) and its vocabulary.
std::string structured_text(const StructuredPerceptron& model, std::string options, Classes tags,
                            std::vector<std::string> vocabulary);

// Its fromJSON once built from the envelope's options: restore_saved's steps (no scaler).
Status restore_structured(const json::Value& document, StructuredPerceptron& model,
                          std::optional<std::vector<std::string>>& vocabulary);

}  // namespace perceptron
