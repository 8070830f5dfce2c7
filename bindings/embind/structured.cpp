// pw.StructuredPerceptron: the core's StructuredEstimator (estimator/structured_estimator.hpp)
// bound one call to one call. A batch arrives as one object, flat, so that a call crosses into
// wasm once: {names, lengths, ids, values, indptr} the tokens as named rows in bulk (features.cpp),
// starts the sequences' offsets into the tokens, and for training and scoring tags (a
// Float64Array, or an Array of strings when tagsNumeric is false) with tagStarts, their offsets.
#include "convert.hpp"
#include "model.hpp"
#include "perceptron/estimator/structured_estimator.hpp"

namespace perceptron::wasm {

namespace {

// Tags as given (not distinct): a Float64Array, or an Array of strings.
Classes tag_list(const val& tags, bool numeric) {
  Classes out;
  out.numeric = numeric;
  if (numeric) {
    out.numbers = to_doubles(tags);
  } else {
    out.names = to_strings(tags);
  }
  return out;
}

TaggedSequences batch_of(const val& in) {
  TaggedSequences data;
  data.tokens =
      rows_of(in["names"].as<std::string>(), in["lengths"], in["ids"], in["values"], in["indptr"]);
  data.starts = to_indices(in["starts"]);
  if (!in["tags"].isUndefined()) {
    data.tags = tag_list(in["tags"], in["tagsNumeric"].as<bool>());
    data.tag_starts = to_indices(in["tagStarts"]);
  }
  return data;
}

// The tags that `ids` number, as a JS Array.
val tag_values(const Classes& tags, const std::uint32_t* ids, std::size_t count) {
  val out = val::array();
  for (std::size_t k = 0; k < count; ++k) {
    if (tags.numeric) {
      out.call<void>("push", tags.numbers[ids[k]]);
    } else {
      out.call<void>("push", tags.names[ids[k]]);
    }
  }
  return out;
}

// onStep's record, one per sequence: {t, epoch, index, predicted, score, goldScore, mistake,
// differing, label, prediction}: label the gold tags, prediction (and predicted) Viterbi's.
val step_record(const StructuredStep& s) {
  const SequenceStep& step = s.step;
  val record = val::object();
  record.set("t", static_cast<double>(step.t));
  record.set("epoch", static_cast<double>(step.epoch));
  record.set("index", static_cast<double>(step.index));
  record.set("predicted", tag_values(s.tags, step.predicted.data(), step.predicted.size()));
  record.set("score", step.score);
  record.set("goldScore", step.gold_score);
  record.set("mistake", step.mistake);
  record.set("differing", static_cast<double>(step.differing));
  record.set("label", tag_values(s.tags, s.gold.data(), s.gold.size()));
  record.set("prediction", tag_values(s.tags, step.predicted.data(), step.predicted.size()));
  return record;
}

class StructuredBinding {
 public:
  // The options object; hashing's object ({bits}) checked by the wrapper, its bits here.
  val configure(const val& options) {
    StructuredOptions parsed;
    for (auto& [name, value] : option_list(options)) {
      if (name == "hashing") {
        parsed.hashing_bits = option_value(options["hashing"]["bits"]);
      } else {
        parsed.values.emplace_back(name, std::move(value));
      }
    }
    return outcome(estimator_.configure(parsed));
  }
  val options() const {
    val out = settings_object(estimator_.settings());
    if (estimator_.hashing_bits() != 0) {
      val hashing = val::object();
      hashing.set("bits", estimator_.hashing_bits());
      out.set("hashing", hashing);
    }
    return out;
  }

  // onStep(record) answers 0 (go on), 1 (stop) or 2 (abort), as model.hpp's observers do.
  val fit(const val& input, const val& on_step) {
    FitReport report;
    const Status s = estimator_.fit(batch_of(input), report, observer(on_step));
    return s.ok() ? report_object(report) : error_object(s);
  }
  // given: partialFit's option tags flat, {tags, tagsNumeric} (undefined: none).
  val partial_fit(const val& input, const val& given) {
    FitReport report;
    const Classes tags =
        given.isUndefined() ? Classes{} : tag_list(given["tags"], given["tagsNumeric"].as<bool>());
    const Status s =
        estimator_.partial_fit(batch_of(input), given.isUndefined() ? nullptr : &tags, report, {});
    return s.ok() ? report_object(report) : error_object(s);
  }
  val predict(const val& input) const {
    std::vector<std::uint32_t> ids;
    const Status s = estimator_.predict(batch_of(input), ids);
    return s.ok() ? copy_out(ids) : error_object(s);
  }
  val score(const val& input) const {
    double accuracy = 0;
    const Status s = estimator_.score(batch_of(input), accuracy);
    return s.ok() ? val(accuracy) : error_object(s);
  }
  val check_fitted() const { return outcome(estimator_.check_fitted()); }

  std::string to_json() const { return estimator_.saved_text(); }
  // fromJSON's restore into this estimator, built from the saved options.
  val restore_json(const std::string& text, bool from_object) {
    json::Value document;
    SavedKind kind;
    Status s = envelope_of(format_of(SavedKind::structured), text, from_object, document, kind);
    if (s.ok()) s = estimator_.restore_saved(document);
    return outcome(s);
  }

  val tags() const { return classes_to_js(estimator_.tags()); }
  bool fitted() const { return estimator_.fitted(); }
  double n_features() const { return static_cast<double>(estimator_.model().n_features()); }
  double steps() const { return static_cast<double>(estimator_.model().steps()); }

 private:
  static StructuredObserver observer(const val& on_step) {
    if (on_step.isUndefined()) return {};
    return [on_step](const StructuredStep& step) { return control_of(on_step(step_record(step))); };
  }

  StructuredEstimator estimator_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_structured) {
  emscripten::class_<StructuredBinding>("CoreStructured")
      .constructor<>()
      .function("configure", &StructuredBinding::configure)
      .function("options", &StructuredBinding::options)
      .function("fit", &StructuredBinding::fit)
      .function("partialFit", &StructuredBinding::partial_fit)
      .function("predict", &StructuredBinding::predict)
      .function("score", &StructuredBinding::score)
      .function("checkFitted", &StructuredBinding::check_fitted)
      .function("toJSON", &StructuredBinding::to_json)
      .function("restoreJSON", &StructuredBinding::restore_json)
      .function("tags", &StructuredBinding::tags)
      .function("fitted", &StructuredBinding::fitted)
      .function("nFeatures", &StructuredBinding::n_features)
      .function("steps", &StructuredBinding::steps);
}

}  // namespace perceptron::wasm
