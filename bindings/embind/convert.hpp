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
#include <optional>
#include <string>
#include <type_traits>
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

template <typename T>
val copy_out(const T* data, std::size_t length) {
  return val(emscripten::typed_memory_view(length, data)).template call<val>("slice");
}
template <typename T>
val copy_out(const std::vector<T>& values) {
  return copy_out(values.data(), values.size());
}

// std::vector crosses the boundary by value (the BindingType below): numbers as a typed array
// of their type (size_t and 64-bit counts as a Float64Array), anything else (strings, vectors)
// as an Array; in, from an Array or typed array. So a bound function takes and returns vectors,
// and object_of's members need no hand-written conversion.
template <typename T>
val vector_out(const std::vector<T>& values) {
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float> ||
                std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint32_t>) {
    return copy_out(values);
  } else if constexpr (std::is_arithmetic_v<T>) {
    return copy_out(std::vector<double>(values.begin(), values.end()));
  } else {
    val out = val::array();
    for (const T& value : values) out.call<void>("push", val(value));
    return out;
  }
}
template <typename T>
std::vector<T> vector_in(const val& array) {
  if constexpr (std::is_arithmetic_v<T>) {
    std::vector<T> values(array["length"].as<std::size_t>());
    if (!values.empty()) {
      val(emscripten::typed_memory_view(values.size(), values.data())).call<void>("set", array);
    }
    return values;
  } else {
    return emscripten::vecFromJSArray<T>(array);
  }
}

inline std::vector<double> to_doubles(const val& array) { return vector_in<double>(array); }
inline std::vector<std::string> to_strings(const val& array) {
  return vector_in<std::string>(array);
}
inline std::vector<std::uint32_t> to_indices(const val& array) {
  return vector_in<std::uint32_t>(array);
}
inline val strings_out(const std::vector<std::string>& strings) { return vector_out(strings); }

// A result or the call's error object: the value crosses by its BindingType (a vector, a
// number, a val...).
template <typename T>
val result(const Status& status, const T& value) {
  return status.ok() ? val(value) : error_object(status);
}

// A JSON value as JS (an object, an array...): what a core call describes in json::Value
// crosses as it is.
val js_of(const json::Value& value);

// Labels arrive as a Float64Array (numbers) or an Array of strings; `numeric` says which.
Status encode(const val& labels, bool numeric, const std::string& argument, Classes& classes,
              std::vector<std::uint32_t>& index);
// A model's saved or given classes: decoded and distinct.
Status decode_classes(const val& labels, bool numeric, Classes& out);
val classes_to_js(const Classes& classes);

// A JS options object as (name, value) pairs; {seed: undefined} means "the default".
std::vector<std::pair<std::string, OptionValue>> option_list(const val& options);
OptionValue option_value(const val& value);
// The elements of options[name] when it is an array (else nullopt: the core names what it is).
std::optional<std::vector<OptionValue>> array_option(const val& options, const char* name);
// Options as a model has them, and as pw.optionSchema lists them (support/options.hpp).
inline val settings_object(const std::vector<OptionSetting>& settings) {
  return js_of(settings_value(settings));
}
inline val schema_array(const std::vector<OptionSetting>& settings) {
  return js_of(schema_value(settings));
}

val report_object(const FitReport& report);

// Named rows in bulk (features.cpp): the distinct names' UTF-8 joined by "\0" with their UTF-16
// lengths, each entry's name id and value (undefined: every value is 1), indptr.
NamedRows rows_of(std::string joined, const val& lengths, const val& ids, const val& values,
                  const val& indptr);

// fromJSON's document: JSON text, from a model object when `from_object` (the wrapper's
// savedText, whose marks for NaN, undefined, functions... become those values again).
inline Status document_of(const std::string& text, bool from_object, json::Value& out) {
  return from_object ? json::parse_marked(text, out) : json::parse(text, out);
}
// A model's whole options object (its kind's options, preprocess and classWeight) for the core.
// classWeight is 'balanced' or a plain object {label: number}: its keys, JS strings, are also
// read as JS numbers for numeric classes ("-1" is -1; a blank key is no number).
Status model_options(const val& options, ModelOptions& out);
// classWeight as the options give it back: 'balanced' or {label: weight}.
val class_weight_object(const ClassWeight& weight);

}  // namespace perceptron::wasm

namespace emscripten::internal {

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

// A vector (or a reference to one) is a JS value to Embind (emval), converted as above.
template <typename T>
struct TypeID<T, std::enable_if_t<IsVector<typename Canonicalized<T>::type>::value>> {
  static constexpr TYPEID get() { return TypeID<val>::get(); }
};
template <typename T>
struct BindingType<std::vector<T>> {
  using WireType = BindingType<val>::WireType;
  static WireType toWireType(const std::vector<T>& values) {
    return BindingType<val>::toWireType(perceptron::wasm::vector_out(values));
  }
  static std::vector<T> fromWireType(WireType wire) {
    return perceptron::wasm::vector_in<T>(BindingType<val>::fromWireType(wire));
  }
};

}  // namespace emscripten::internal
