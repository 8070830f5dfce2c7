// The records of training as the wrapper gives them, for fit's onStep and onEpoch, learnOne, and
// a trainer's step(), finishEpoch() and state (DESIGN.md's step: labels as given at fit).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "convert.hpp"
#include "perceptron/estimator/any_model.hpp"
#include "perceptron/estimator/estimator.hpp"
#include "perceptron/estimator/observer.hpp"
#include "perceptron/training/trainer.hpp"

namespace perceptron::wasm {

// Numbers as a plain Array, and as `rows` Arrays (a record's weights: one row per class).
val array_out(std::span<const double> values);
val rows_out(std::span<const double> values, std::size_t rows);

// An epoch: {epoch, steps, mistakes}, the errors when validating, and for one-vs-* training the
// binary `model` it belongs to.
val epoch_object(const EpochRecord& epoch, std::optional<std::size_t> part);

// A step as the kinds without records of their own give it (kernel, Winnow, Passive-Aggressive,
// ovr/ovo), `classes` the training's: {t, epoch, index, mistake}, `model` for one-vs-* training,
// and when the kind described the step (`detail`) the label, score (or K scores) and prediction
// before the update and the kind's own numbers; ovr/ovo add the multi-class model's view of the
// row before the step (scores, prediction) and the classes the binary model separates.
val step_object(const Progress& progress, const StepDetail& detail, const val& classes,
                const AnyModel& model);

// A traced kind's step (observer.hpp), labels from `classes`: the Perceptron's {t, epoch, index,
// score, prediction, label, predictionSign, labelSign, mistake, weights, bias}; a joint
// multi-class step's {t, epoch, index, scores, prediction, label, mistake, weights (K rows),
// biases}.
val traced_step(const TraceStep& step, const val& classes, ModelKind kind);
// A traced kind's epoch: {epoch, steps, mistakes} and the weights it ended with (the
// Perceptron's weights and bias; joint: K rows of weights and the biases).
val traced_epoch(const EpochRecord& epoch, std::span<const double> weights,
                 std::span<const double> biases, ModelKind kind);

// A trainer's state: {t, epoch, mistakes, converged, done}, `model` for one-vs-* training, and
// lastEpoch, the last epoch's record (null before one ended).
val state_object(const Trainer& trainer);

// A trainer's run as the wrapper asks for it (trainer.js: trainerRun(mode, maxSteps)), for every
// kind: mode 0 one step, its record (step_record()); 1 to the end of the epoch, or maxSteps
// steps when given and sooner, the last epoch's record (null when maxSteps ended the call
// first); both null once the trainer is done; 2 to the end, or maxSteps steps when given
// (undefined). run(how, steps) runs the estimator's trainer (its error as an error object).
val trainer_run(const Trainer& trainer, int mode, const val& max_steps,
                const std::function<Status(TrainerRun, std::uint64_t)>& run,
                const std::function<val()>& step_record);

}  // namespace perceptron::wasm
