// The saved-model format: the JSON text toJSON writes and fromJSON reads, for every model
// kind. One versioned envelope,
//
//   {format, version, options, preprocess?, classes, nFeatures, steps, <the kind's fields>,
//    vocabulary?}
//
// whose format is "perceptron-wasm/<Kind>" and version 1 (the layout release 0.1.0 wrote, still
// read as it was). The kind's fields are its SavedModel (models/saved_model.hpp) laid out by a
// table (saved_layout.cpp): which JSON field holds which saved array, a vector, a number or
// rows of numbers; the training state as an object of arrays; the binary models of ovr/ovo as
// "models", each saved alike with its steps.
//
// Reading checks types and shapes and names the field in every message ("field weights[2]
// must be a number; received null"); the values (finite, counts that agree) are the kind's
// restore to check. Messages carry no caller prefix: the bindings add "Perceptron.fromJSON: ".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/json.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

enum class SavedKind {
  perceptron,
  multiclass,
  kernel,
  winnow,
  passive_aggressive,
  structured,
};

// "perceptron-wasm/Perceptron", ... : the envelope's format field.
std::string format_of(SavedKind kind);
inline constexpr int saved_format_version = 1;

// How a JSON field holds a saved array: all of it (vector), its one value (number), or its
// values as rows of nFeatures numbers (rows), or of one number per class (class_rows: the
// structured perceptron's transitions).
enum class SavedShape { vector, number, rows, class_rows };

struct SavedField {
  std::string name;
  SavedShape shape;
};

// A kind's fields. State: none, the named arrays a fitted model holds (exactly those), or any
// (the structured perceptron's, checked by its restore). parts: the binary models of ovr/ovo,
// as "models", each laid out as a Perceptron of the same variant (whose state holds
// state_names; the model itself has no state then).
struct SavedLayout {
  enum class State { none, named, any };
  std::vector<SavedField> fields;
  State state = State::none;
  std::vector<std::string> state_names;
  bool parts = false;
};

// The kind's layout under its options (variant: classic, averaged, voted or pocket; strategy:
// joint, ovr or ovo), both as the options in effect name them.
SavedLayout layout_of(SavedKind kind, std::string_view variant = "classic",
                      std::string_view strategy = "joint");
// The layout of each binary model of a layout with parts.
SavedLayout part_layout_of(const SavedLayout& layout);

// The preprocess option's scaler as saved: {kind, shift, scale}, null arrays before fitting.
struct SavedScaler {
  std::string kind;
  bool fitted = false;
  std::vector<double> shift;
  std::vector<double> scale;
};

// A model as the format holds it: its options in effect (JSON text of an object, as the model's
// options getter gives them), its scaler when it has the preprocess option, its saved model,
// and the named features' vocabulary (empty without one).
struct SavedDocument {
  std::string options = "{}";
  std::optional<SavedScaler> preprocess;
  SavedModel model;
  std::vector<std::string> vocabulary;
};

// The envelope and the kind's fields as JSON text: the text toJSON's object gives under
// JSON.stringify, byte for byte.
std::string saved_text(SavedKind kind, const SavedLayout& layout, const SavedDocument& document);

// Reading, in the order fromJSON reads: the envelope; then (after the model is built from the
// envelope's options) the scaler, the kind's fields and the vocabulary.

// The envelope's checked fields.
struct SavedEnvelope {
  json::Value options;
  Classes classes;        // the saved labels as saved (checked distinct and sorted when finite)
  double n_features = 0;  // a safe integer; read_fields checks that memory could hold it
  double steps = 0;
  // Saved before learning anything (no classes, no features): the fresh model is the saved one.
  bool fresh() const { return n_features == 0 && classes.size() == 0; }
};

// The envelope: a model object of `kind`'s format and version 1, with an options object,
// classes (numbers or strings, distinct and sorted as toJSON saves them), a non-negative integer
// nFeatures and a number of steps.
Status read_envelope(const json::Value& document, SavedKind kind, SavedEnvelope& out);

// The preprocess field for a model whose preprocess option is `kind` (nullopt: none). Absent
// or null, or saved before fitting: nullopt. Otherwise {kind, shift, scale} with nFeatures
// numbers each (the scaler's restore checks the values).
Status read_scaler(const json::Value& document, const std::optional<std::string>& kind,
                   double n_features, std::optional<SavedScaler>& out);

// The kind's fields into `out` (classes, nFeatures, steps, arrays, state, parts), as the kind's
// restore reads them. A fresh envelope's fields are checked all the same (older files of a
// fresh model may leave them out) and `out` stays empty.
Status read_fields(const json::Value& document, const SavedLayout& layout,
                   const SavedEnvelope& envelope, SavedModel& out);

// The structured perceptron's fields: emission (classes x nFeatures) and transition
// ((classes + 1) x classes) rows, and its state; nothing is read for a fresh envelope.
Status read_structured(const json::Value& document, const SavedEnvelope& envelope, SavedModel& out);

// The vocabulary field, when there is one: nFeatures distinct, well-formed names.
Status read_vocabulary(const json::Value& document, double n_features,
                       std::vector<std::string>& out);

}  // namespace perceptron
