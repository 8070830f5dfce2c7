#include "perceptron/estimator/saved_io.hpp"

#include "perceptron/estimator/learner.hpp"

namespace perceptron {

std::optional<SavedKind> saved_kind_of(std::string_view format) {
  for (const SavedKind kind :
       {SavedKind::perceptron, SavedKind::multiclass, SavedKind::kernel, SavedKind::winnow,
        SavedKind::passive_aggressive, SavedKind::structured}) {
    if (format_of(kind) == format) return kind;
  }
  return std::nullopt;
}

Status saved_document(std::string_view text, bool from_object, json::Value& out) {
  return from_object ? json::parse_marked(text, out) : json::parse(text, out);
}

Status check_saved(std::string_view format, std::string_view text, bool from_object) {
  const std::optional<SavedKind> kind = saved_kind_of(format);
  if (!kind) return Status::type_error("no saved format " + json::quoted(format));
  json::Value document;
  if (Status s = saved_document(text, from_object, document); !s.ok()) return s;
  SavedEnvelope envelope;
  return read_envelope(document, *kind, envelope);
}

std::optional<SavedScaler> saved_scaler(const InputScaling& scaling) {
  if (!scaling.kind) return std::nullopt;
  SavedScaler saved{std::string(name_of(*scaling.kind)), scaling.scaler.has_value(), {}, {}};
  if (scaling.scaler) {
    saved.shift = scaling.scaler->shift;
    saved.scale = scaling.scaler->scale;
  }
  return saved;
}

Status restore_scaler(const json::Value& document, double n_features, InputScaling& scaling) {
  std::optional<std::string> kind;
  if (scaling.kind) kind = std::string(name_of(*scaling.kind));
  std::optional<SavedScaler> saved;
  if (Status s = read_scaler(document, kind, n_features, saved); !s.ok()) return s;
  if (!saved) return Status::success();
  Status s = scaling.restore(std::move(saved->shift), std::move(saved->scale));
  if (!s.ok()) s.message = "field preprocess: " + s.message;
  return s;
}

std::string structured_text(const StructuredPerceptron& model, std::string options, Classes tags,
                            std::vector<std::string> vocabulary) {
  SavedDocument document{std::move(options), std::nullopt, model.save(), std::move(vocabulary)};
  document.model.classes = std::move(tags);
  return saved_text(SavedKind::structured, layout_of(SavedKind::structured), document);
}

Status restore_structured(const json::Value& document, StructuredPerceptron& model,
                          std::optional<std::vector<std::string>>& vocabulary) {
  SavedEnvelope envelope;
  if (Status s = read_envelope(document, SavedKind::structured, envelope); !s.ok()) return s;
  SavedModel saved;
  if (Status s = read_structured(document, envelope, saved); !s.ok()) return s;
  vocabulary.reset();
  if (envelope.classes.size() == 0) return Status::success();
  StructuredPerceptron restored;
  return commit_restored(
      document, envelope, restored.restore(model.params(), saved.classes.size(), saved),
      [&] { model = std::move(restored); }, vocabulary);
}

std::string saved_text_of(SavedKind kind, const AnyModel& model, std::string options,
                          const InputScaling& scaling, std::vector<std::string> vocabulary) {
  SavedDocument document{std::move(options), saved_scaler(scaling), model.save(),
                         std::move(vocabulary)};
  return saved_text(kind, model.layout(kind), document);
}

Status restore_saved(const json::Value& document, SavedKind kind, AnyModel& model,
                     InputScaling& scaling, std::optional<std::vector<std::string>>& vocabulary) {
  SavedEnvelope envelope;
  if (Status s = read_envelope(document, kind, envelope); !s.ok()) return s;
  if (Status s = restore_scaler(document, envelope.n_features, scaling); !s.ok()) return s;
  SavedModel saved;
  if (Status s = read_fields(document, model.layout(kind), envelope, saved); !s.ok()) return s;
  vocabulary.reset();
  if (envelope.fresh()) return Status::success();
  std::unique_ptr<AnyModel> restored;
  const Status s = model.restored(saved, restored);
  return commit_restored(
      document, envelope, s, [&] { model.take(std::move(*restored)); }, vocabulary);
}

}  // namespace perceptron
