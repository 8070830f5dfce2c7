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

  val save() const {
    const SavedModel saved = model_.save();
    val out = val::object();
    out.set("emission", copy_out(saved.arrays[0].second));
    out.set("transition", copy_out(saved.arrays[1].second));
    val state = val::object();
    for (const auto& [name, values] : saved.state) state.set(name, copy_out(values));
    out.set("state", state);
    return out;
  }

  // {emission, transition, state: {startParameters, u, averagedSteps}} for `tags` tags and
  // `features` columns, `steps` taken; errors name the field.
  val restore(const val& saved, double tags, double features, double steps) {
    SavedModel parsed;
    parsed.n_features = static_cast<std::size_t>(features);
    parsed.steps = static_cast<std::uint64_t>(steps);
    parsed.arrays.emplace_back("emission", to_doubles(saved["emission"]));
    parsed.arrays.emplace_back("transition", to_doubles(saved["transition"]));
    const val state = saved["state"];
    const val keys = val::global("Object").call<val>("keys", state);
    for (std::size_t k = 0; k < keys["length"].as<std::size_t>(); ++k) {
      const std::string name = keys[k].as<std::string>();
      parsed.state.emplace_back(name, to_doubles(state[name]));
    }
    Status s = model_.restore(model_.params(), static_cast<std::size_t>(tags), parsed);
    if (!s.ok()) {
      s.message = "field " + s.message;
      return error_object(s);
    }
    return val::undefined();
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
      .function("save", &CoreStructured::save)
      .function("restore", &CoreStructured::restore)
      .function("predictingWeights", &CoreStructured::predicting_weights)
      .function("fitted", &CoreStructured::fitted)
      .function("tags", &CoreStructured::tags)
      .function("nFeatures", &CoreStructured::n_features)
      .function("steps", &CoreStructured::steps);
}

}  // namespace perceptron::wasm
