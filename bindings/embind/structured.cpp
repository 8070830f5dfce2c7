// pw.StructuredPerceptron: the core's StructuredEstimator (estimator/structured_estimator.hpp)
// bound one call to one call. A batch arrives as one object, flat, so that a call crosses into
// wasm once: {names, lengths, ids, values, indptr} the tokens as named rows in bulk (features.cpp),
// starts the sequences' offsets into the tokens, and for training and scoring tags (a
// Float64Array, or an Array of strings when tagsNumeric is false) with tagStarts, their offsets.
#include "convert.hpp"
#include "model.hpp"
#include "perceptron/estimator/structured_estimator.hpp"
#include "trainer.hpp"

namespace perceptron::wasm {

namespace {

using Estimator = StructuredEstimator;

// The tokens of a batch (or of lattice's one sequence) as named rows.
NamedRows tokens_of(const val& in) {
  return rows_of(in["names"].as<std::string>(), in["lengths"], in["ids"], in["values"],
                 in["indptr"]);
}

// Tags as given (not distinct): {tags, tagsNumeric}.
Classes tag_list(const val& in) {
  Classes out;
  out.numeric = in["tagsNumeric"].as<bool>();
  if (out.numeric) {
    out.numbers = to_doubles(in["tags"]);
  } else {
    out.names = to_strings(in["tags"]);
  }
  return out;
}

TaggedSequences batch_of(const val& in) {
  TaggedSequences data;
  data.tokens = tokens_of(in);
  data.starts = to_indices(in["starts"]);
  if (!in["tags"].isUndefined()) {
    data.tags = tag_list(in);
    data.tag_starts = to_indices(in["tagStarts"]);
  }
  return data;
}

// The tags that `ids` number, as a JS Array.
val tag_values(const Classes& tags, std::span<const std::uint32_t> ids) {
  val out = val::array();
  for (const std::uint32_t id : ids) {
    out.call<void>("push", tags.numeric ? val(tags.numbers[id]) : val(tags.names[id]));
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
  record.set("predicted", tag_values(s.tags, step.predicted));
  record.set("score", step.score);
  record.set("goldScore", step.gold_score);
  record.set("mistake", step.mistake);
  record.set("differing", static_cast<double>(step.differing));
  record.set("label", tag_values(s.tags, s.gold));
  record.set("prediction", tag_values(s.tags, step.predicted));
  return record;
}

// The options object, and the hashing option apart (its object {bits} checked by the wrapper,
// or undefined).
val configure(Estimator& e, const val& options, const val& hashing) {
  StructuredOptions parsed{option_list(options), std::nullopt};
  if (!hashing.isUndefined()) parsed.hashing_bits = option_value(hashing["bits"]);
  return outcome(e.configure(parsed));
}

// onStep(record) answers 0 (go on), 1 (stop) or 2 (abort), as model.hpp's observers do.
val fit(Estimator& e, const val& input, const val& on_step) {
  StructuredObserver observe;
  if (!on_step.isUndefined()) {
    observe = [on_step](const StructuredStep& step) {
      return control_of(on_step(step_record(step)));
    };
  }
  FitReport report;
  const Status s = e.fit(batch_of(input), report, observe);
  return s.ok() ? report_object(report) : error_object(s);
}

// given: partialFit's option tags flat, {tags, tagsNumeric} (undefined: none).
val partial_fit(Estimator& e, const val& input, const val& given) {
  FitReport report;
  const Classes tags = given.isUndefined() ? Classes{} : tag_list(given);
  const Status s = e.partial_fit(batch_of(input), given.isUndefined() ? nullptr : &tags, report);
  return s.ok() ? report_object(report) : error_object(s);
}

val predict(const Estimator& e, const val& input) {
  std::vector<std::uint32_t> ids;
  return result(e.predict(batch_of(input), ids), ids);
}

val score(const Estimator& e, const val& input) {
  double accuracy = 0;
  return result(e.score(batch_of(input), accuracy), accuracy);
}

// model.trainer(sequences, tags): its id, or the error.
val start_training(Estimator& e, const val& input) {
  const Status s = e.start_training(batch_of(input));
  return s.ok() ? val(static_cast<double>(e.trainer_id())) : error_object(s);
}

// The trainer's run (trainer.hpp's trainer_run); a step's record is fit's onStep's.
val run_trainer(Estimator& e, int mode, const val& max_steps) {
  const auto run = [&e](TrainerRun how, std::uint64_t steps) { return e.run_trainer(how, steps); };
  return wasm::trainer_run(*e.trainer(), mode, max_steps, run,
                           [&e] { return step_record(e.last_step()); });
}

// Numbers as `rows` Arrays of numbers.
template <typename T>
val table(const std::vector<T>& values, std::size_t rows) {
  return rows_out(std::vector<double>(values.begin(), values.end()), rows);
}

// lattice(tokens): {tags, emission, transition, best, back, path, score} (structured.hpp's
// Lattice, the tags as given at fit).
val lattice(const Estimator& e, const val& input) {
  Lattice out;
  if (Status s = e.lattice(tokens_of(input), out); !s.ok()) return error_object(s);
  const std::size_t n = out.path.size();
  val object = val::object();
  object.set("tags", classes_to_js(e.tags()));
  object.set("emission", table(out.emission, n));
  object.set("transition", table(out.transition, out.tags + 1));
  object.set("best", table(out.best, n));
  object.set("back", table(out.back, n));
  object.set("path", tag_values(e.tags(), out.path));
  object.set("score", out.score);
  return object;
}

// fromJSON's restore into this estimator, built from the saved options (the envelope was read
// before: readSavedEnvelope).
val restore_json(Estimator& e, const std::string& text, bool from_object) {
  return outcome(e.restore_text(text, from_object));
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_structured) {
  emscripten::class_<Estimator>("CoreStructured")
      .constructor<>()
      .function("configure", &configure)
      .function("options", &Estimator::options_text)
      .function("fit", &fit)
      .function("partialFit", &partial_fit)
      .function("predict", &predict)
      .function("score", &score)
      .function("lattice", &lattice)
      .function("startTraining", &start_training)
      .function(
          "trainerId", +[](const Estimator& e) { return double(e.trainer_id()); })
      .function("trainerRun", &run_trainer)
      .function(
          "trainerReport", +[](const Estimator& e) { return report_object(e.trainer()->report()); })
      .function(
          "trainerState", +[](const Estimator& e) { return state_object(*e.trainer()); })
      .function(
          "checkFitted", +[](const Estimator& e) { return outcome(e.check_fitted()); })
      .function("toJSON", &Estimator::saved_text)
      .function("restoreJSON", &restore_json)
      .function(
          "tags", +[](const Estimator& e) { return classes_to_js(e.tags()); })
      .function("fitted", &Estimator::fitted)
      .function(
          "nFeatures", +[](const Estimator& e) { return double(e.model().n_features()); })
      .function(
          "steps", +[](const Estimator& e) { return double(e.model().steps()); });
}

}  // namespace perceptron::wasm
