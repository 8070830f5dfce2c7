// JSON values as the saved-model format reads and writes them (estimator/saved_format.hpp):
// a small value type, a parser of JSON text and a writer that prints exactly what JavaScript's
// JSON.stringify prints (the same key order, numbers as the shortest text that reads back as
// the same double: 0.1, 1e+21, 1.5e-7, -0 as 0).
//
// Besides JSON's six types a value may be `undefined` (a missing field, or a JS undefined) or
// `other` (what a JS caller may pass that JSON has no word for: a function, a symbol, a
// bigint): both are kept so that messages say what was received, as JS's describe() does.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "perceptron/support/status.hpp"

namespace perceptron::json {

enum class Type { undefined, null, boolean, number, string, array, object, other };

struct Value {
  Value() = default;
  explicit Value(Type t) : type(t) {}

  Type type = Type::undefined;
  bool boolean = false;
  double number = 0;
  std::string text;  // a string's UTF-8 (lone surrogates as WTF-8), or an `other`'s description
  // A JS typed array (an `other` described "a Float64Array of length 2") keeps its numbers in
  // items: read where numbers are read, refused where an Array is asked for.
  bool typed = false;
  std::vector<Value> items;                            // an array's
  std::vector<std::pair<std::string, Value>> members;  // an object's, in insertion order

  static Value null_value() { return Value(Type::null); }
  static Value of(bool b) {
    Value v{Type::boolean};
    v.boolean = b;
    return v;
  }
  static Value of(double n) {
    Value v{Type::number};
    v.number = n;
    return v;
  }
  static Value of(std::string s) {
    Value v{Type::string};
    v.text = std::move(s);
    return v;
  }
  static Value array() { return Value(Type::array); }
  static Value object() { return Value(Type::object); }
  // Something JSON cannot hold, described as a message says it ("a function").
  static Value other(std::string description) {
    Value v{Type::other};
    v.text = std::move(description);
    return v;
  }
  static Value numbers(const std::vector<double>& values);

  bool is(Type t) const { return type == t; }
  // An array of numbers may be given as either.
  bool is_array_or_typed() const { return type == Type::array || typed; }
  // An object's member, or undefined when it has none (or is not an object).
  const Value& operator[](std::string_view key) const;
  // Sets an object's member: replaces the value in place when the key is there (as JS does),
  // appends it otherwise.
  void set(const std::string& key, Value value);
  void push(Value value) { items.push_back(std::move(value)); }
};

// JSON text into `out`. A TypeError naming the line and column (1-based) of the first error:
// "the text is not valid JSON (line 2, column 7: expected ',' or '}')". Reads what JSON.parse
// reads: numbers beyond the doubles' range become +-Infinity, "\ud800" a lone surrogate.
Status parse(std::string_view text, Value& out);
// JSON text a JS caller wrote with marks for what JSON cannot hold (the wrapper's savedText in
// model-json.js), read as parse reads it with the marked values put back: {"\0": what} for a
// number JSON cannot write (NaN, Infinity, -Infinity, -0) or a value it has no word for
// (undefined; anything else an `other` described `what`), and {"\0": "a Float64Array of length
// 2", "numbers": [...]} for a typed array (an `other` with its numbers in items).
Status parse_marked(std::string_view text, Value& out);

// The text JSON.stringify(value) gives: undefined and `other` members left out (null in an
// array), non-finite numbers as null.
std::string write(const Value& value);

// A string as JSON.stringify quotes it ("a\"b").
std::string quoted(std::string_view text);

// What a message says was received, as JS's describe() says it: null, undefined, true, 1.5,
// the string "abc", an array of length 3, an object.
std::string describe(const Value& value);

// Whether a string holds no lone surrogate (a JS string's isWellFormed()).
bool well_formed(std::string_view text);

}  // namespace perceptron::json
