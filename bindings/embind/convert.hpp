// What every Embind file shares: core Status values as {error, message} objects, typed arrays
// and label arrays in, copies out, option objects, fit reports and named arrays.
//
// The bindings never throw and never let the core abort: a failed call returns an error object
// that the JS wrapper (bindings/js/errors.js) turns into a TypeError, RangeError or
// NotFittedError. Data leaves wasm memory as copies (typed_memory_view(...).slice()), because
// memory growth detaches older views.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/estimator/learner.hpp"
#include "perceptron/features/named_rows.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/variant.hpp"
#include "perceptron/support/json.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/training/params.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron::wasm {

using emscripten::val;

val error_object(const Status& status);
// undefined when the call succeeded, else its error object.
inline val outcome(const Status& status) {
  return status.ok() ? val::undefined() : error_object(status);
}

std::vector<double> to_doubles(const val& array);
std::vector<std::string> to_strings(const val& array);
std::vector<std::uint32_t> to_indices(const val& array);

// Strings out, as a JS Array of strings.
val strings_out(const std::vector<std::string>& strings);

template <typename T>
val copy_out(const T* data, std::size_t length) {
  return val(emscripten::typed_memory_view(length, data)).template call<val>("slice");
}
template <typename T>
val copy_out(const std::vector<T>& values) {
  return copy_out(values.data(), values.size());
}

// Labels arrive as a Float64Array (numbers) or an Array of strings; `numeric` says which.
Status encode(const val& labels, bool numeric, const std::string& argument, Classes& classes,
              std::vector<std::uint32_t>& index);
Status index_of(const val& labels, bool numeric, const Classes& classes,
                const std::string& argument, std::vector<std::uint32_t>& index);
// A model's saved or given classes: decoded and distinct.
Status decode_classes(const val& labels, bool numeric, Classes& out);
val classes_to_js(const Classes& classes);

// A JS options object as (name, value) pairs; {seed: undefined} means "the default".
std::vector<std::pair<std::string, OptionValue>> option_list(const val& options);
OptionValue option_value(const val& value);
// Options as a model has them: {name: value} for those set (model.options).
val settings_object(const std::vector<OptionSetting>& settings);
// Options as pw.optionSchema lists them: [{name, type, expected, choices?, minimum?, maximum?,
// exclusiveMinimum?, exclusiveMaximum?, default?}].
val schema_array(const std::vector<OptionSetting>& settings);

val report_object(const FitReport& report);

// Named rows in bulk (features.cpp): the distinct names' UTF-8 joined by "\0" with their UTF-16
// lengths, each entry's name id and value (undefined: every value is 1), indptr.
NamedRows rows_of(std::string joined, const val& lengths, const val& ids, const val& values,
                  const val& indptr);

// Named arrays as a JS object of Float64Arrays.
val arrays_object(const NamedArrays& arrays);

// fromJSON's document: JSON text, from a model object when `from_object` (the wrapper's
// savedText, whose marks for NaN, undefined, functions... become those values again).
Status document_of(const std::string& text, bool from_object, json::Value& out);
// A model's whole options object (its kind's options, preprocess and classWeight) for the core.
// classWeight is 'balanced' or a plain object {label: number}: its keys, JS strings, are also
// read as JS numbers for numeric classes ("-1" is -1; a blank key is no number).
Status model_options(const val& options, ModelOptions& out);
// classWeight as the options give it back: 'balanced' or {label: weight}.
val class_weight_object(const ClassWeight& weight);

}  // namespace perceptron::wasm
