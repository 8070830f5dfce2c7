// The one binding of every model kind: CoreModel (model.cpp), built with the kind's name, binds
// the core's AnyEstimator (estimator/estimator.hpp) one call to one call; the kinds' getters
// are the core's named attributes (AnyModel::attributes), one call for all of them, and the
// records of fit's callbacks and of a trainer are built in trainer.cpp. What structured.cpp
// shares with it is here.
#pragma once

#include "dataset.hpp"
#include "perceptron/estimator/estimator.hpp"

namespace perceptron::wasm {

// An observer callback's answer (0 go on, 1 stop, 2 abort: a user callback threw and the
// wrapper rethrows once the core restored the model).
Control control_of(const val& answer);

}  // namespace perceptron::wasm
