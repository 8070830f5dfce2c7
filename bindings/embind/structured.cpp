// pw.StructuredPerceptron's core (models/structured.hpp): the tokens come as a DatasetHandle
// (one row per token, the wrapper's columns of feature names), the sequences as offsets into
// them, the tags as ids; the wrapper maps names and tags.
#include "perceptron/models/structured.hpp"

#include "dataset.hpp"
#include "model.hpp"

namespace perceptron::wasm {

namespace {

Sequences sequences_of(const DatasetHandle& tokens, const val& starts, const val& tags) {
  Sequences s;
  s.tokens = tokens.data().x;
  s.starts = to_indices(starts);
  if (!tags.isUndefined()) s.tags = to_indices(tags);
  return s;
}

class CoreStructured {
 public:
  // {averaged, order ('cyclic' | 'shuffle'), learningRate, maxEpochs, seed}, types checked by
  // the wrapper; ranges here.
  val configure(const val& options) {
    StructuredParams p;
    p.averaged = options["averaged"].as<bool>();
    p.order = options["order"].as<std::string>() == "shuffle" ? Order::shuffle : Order::cyclic;
    p.learning_rate = options["learningRate"].as<double>();
    p.max_epochs = static_cast<std::uint64_t>(options["maxEpochs"].as<double>());
    p.seed = static_cast<std::uint64_t>(options["seed"].as<double>());
    return outcome(model_.set_params(p));
  }

  // fit (single_pass false) or partialFit (true); onStep(step) is called after every sequence
  // when a function: {t, epoch, index, predicted, score, goldScore, mistake, differing}; its
  // answer 1 stops training (the weights so far kept), 2 aborts it (a user callback threw: the
  // model is put back as it was, and the report says aborted).
  val train(const DatasetHandle& tokens, const val& starts, const val& tags, double tag_count,
            bool single_pass, const val& on_step) {
    const Sequences data = sequences_of(tokens, starts, tags);
    std::function<bool(const SequenceStep&)> observe;
    bool aborted = false;
    const StructuredPerceptron before = model_;  // put back on an abort or an overflow
    if (!on_step.isUndefined()) {
      observe = [&](const SequenceStep& step) {
        val record = val::object();
        record.set("t", static_cast<double>(step.t));
        record.set("epoch", static_cast<double>(step.epoch));
        record.set("index", static_cast<double>(step.index));
        record.set("predicted", copy_out(step.predicted));
        record.set("score", step.score);
        record.set("goldScore", step.gold_score);
        record.set("mistake", step.mistake);
        record.set("differing", static_cast<double>(step.differing));
        const int answer = on_step(record).as<int>();
        aborted = answer == 2;
        return answer == 0;
      };
    }
    FitReport report;
    const std::size_t count = static_cast<std::size_t>(tag_count);
    Status s = single_pass ? model_.partial_fit(data, count, report, observe)
                           : model_.fit(data, count, report, observe);
    if (!s.ok()) return error_object(s);
    if (aborted) {
      model_ = before;
      report.aborted = true;
    } else if (std::optional<std::string> where = non_finite_in(model_.save())) {
      model_ = before;
      return error_object(overflowed(*where + " (the model is as it was before the call)"));
    }
    return report_object(report);
  }

  val predict(const DatasetHandle& tokens, const val& starts) const {
    std::vector<std::uint32_t> out;
    if (Status s = model_.predict(sequences_of(tokens, starts, val::undefined()), out); !s.ok()) {
      return error_object(s);
    }
    return copy_out(out);
  }

  // toJSON's text: the saved format with the wrapper's options in effect (JSON text), its tags
  // (a Float64Array of numbers or an Array of strings, sorted) and vocabulary.
  std::string to_json(const std::string& options, const val& tags, bool numeric,
                      const val& vocabulary) const {
    Classes classes;
    decode_classes(tags, numeric, classes);
    return structured_text(model_, options, std::move(classes), to_strings(vocabulary));
  }

  // fromJSON's restore into this model, built from the saved options: the vocabulary it
  // returns (undefined: none), or the error naming the saved field.
  val restore_json(const std::string& text, bool from_object) {
    json::Value document;
    SavedKind kind;
    std::optional<std::vector<std::string>> vocabulary;
    Status s = envelope_of(format_of(SavedKind::structured), text, from_object, document, kind);
    if (s.ok()) s = restore_structured(document, model_, vocabulary);
    if (!s.ok()) return error_object(s);
    return vocabulary ? strings_out(*vocabulary) : val::undefined();
  }

  val predicting_weights() const { return copy_out(model_.predicting_weights()); }
  bool fitted() const { return model_.fitted(); }
  double tags() const { return static_cast<double>(model_.tags()); }
  double n_features() const { return static_cast<double>(model_.n_features()); }
  double steps() const { return static_cast<double>(model_.steps()); }

 private:
  StructuredPerceptron model_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_structured) {
  emscripten::class_<CoreStructured>("CoreStructured")
      .constructor<>()
      .function("configure", &CoreStructured::configure)
      .function("train", &CoreStructured::train)
      .function("predict", &CoreStructured::predict)
      .function("toJSON", &CoreStructured::to_json)
      .function("restoreJSON", &CoreStructured::restore_json)
      .function("predictingWeights", &CoreStructured::predicting_weights)
      .function("fitted", &CoreStructured::fitted)
      .function("tags", &CoreStructured::tags)
      .function("nFeatures", &CoreStructured::n_features)
      .function("steps", &CoreStructured::steps);
}

}  // namespace perceptron::wasm
