// The estimator of the npm package, natively: a CSV file read by the core's CSV reader, each row
// turned into named features (a numeric column as {column: value}, a categorical one as
// "column=value" with value 1), hashed into 2^8 columns by the estimator's feature map, an averaged
// Estimator<Perceptron> (Estimator<MulticlassPerceptron> for more than two labels) configured
// with classWeight 'balanced' and preprocess 'standardize', trained, saved in the package's JSON
// format, reloaded into a fresh estimator and checked: the reloaded model's decision_function
// must equal the original's bit for bit.
//
// It makes the calls the bindings make (bindings/embind/csv.cpp, features.cpp, model.cpp,
// convert.cpp), in the order the JS layer makes them, so a model saved here loads in JS with
// fromJSON and the other way round.
//
//   train [data.csv [model.json]]   (defaults: the weather.csv beside this file, model.json)
//
// Exit status: 0 when the reloaded model is identical, 1 on any error (its Status message on
// stderr), 2 for bad arguments.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/options.hpp"
#include "perceptron/csv/reader.hpp"
#include "perceptron/estimator/estimator.hpp"
#include "perceptron/features/feature_map.hpp"
#include "perceptron/support/json.hpp"

#ifndef PERCEPTRON_EXAMPLE_CSV
#define PERCEPTRON_EXAMPLE_CSV "weather.csv"
#endif

namespace {

using namespace perceptron;

// The hashing option: 2^8 columns are plenty for a few columns' names and values, and keep the
// model's weights short enough to read.
constexpr double hashing_bits = 8;

// A failed call's Status, said once where it happened ("reading model.json: ...").
struct Failure {
  std::string message;
};

void check(const Status& s, const std::string& doing) {
  if (!s.ok()) throw Failure{doing + ": " + s.message};
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Failure{"cannot read " + path};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!(out << text) || !out.flush()) throw Failure{"cannot write " + path};
}

// The rows as the model reads them: named features, and one label (text) per row.
struct Examples {
  NamedRows rows;
  std::vector<std::string> labels;
};

// pw.csv.parse's calls (csv.cpp's csv_parse): the options checked by the core, then the table
// of strings; guess_columns (pw.csv.preview's) says which columns hold numbers. The last column
// is the label, as Dataset.fromCsv takes it by default. A missing value leaves its feature out.
Examples read_examples(const std::string& path) {
  const std::string text = read_file(path);
  csv::DialectOptions dialect;
  std::size_t max_rows = std::numeric_limits<std::size_t>::max();
  check(csv::table_options({{"header", true}}, dialect, max_rows), "the CSV options");
  csv::Table table;
  const csv::Error e = csv::parse_table(text, dialect, max_rows, table);
  check(e.status, path);
  if (table.header.size() < 2) throw Failure{path + ": expected features and a label column"};
  const std::vector<csv::ColumnGuess> columns = csv::guess_columns(table);
  const std::size_t label = table.header.size() - 1;

  Examples out;
  NamedRowsBuilder builder;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    // pw.csv.parse keeps a record of another length as it is; a row of features cannot be.
    const std::vector<std::string>& row = table.rows[i];
    if (row.size() != table.header.size()) {
      throw Failure{path + ": record " + std::to_string(i + 1) + " after the header has " +
                    std::to_string(row.size()) + " fields; the header has " +
                    std::to_string(table.header.size())};
    }
    for (std::size_t j = 0; j < label; ++j) {
      const std::string_view value = csv::trim_js_space(row[j]);
      if (csv::is_missing(value)) continue;
      if (columns[j].numeric) {
        builder.add(table.header[j], csv::parse_number(value).value);
      } else {
        builder.add(table.header[j] + "=" + std::string(value));
      }
    }
    builder.end_row();
    out.labels.push_back(row[label]);
  }
  out.rows = std::move(builder.rows());
  return out;
}

// The labels of the rows: what fit and score read beside the named rows (the estimator maps
// them to its columns), as DatasetHandle::set_named and set_labels hold them.
Dataset labels_of(const Examples& examples) {
  Dataset data;
  check(encode_labels(examples.labels, "y", data.classes, data.class_index), "reading the labels");
  return data;
}

json::Value json_of(const OptionValue& value) {
  if (const auto* number = std::get_if<double>(&value)) return json::Value::of(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return json::Value::of(*flag);
  if (const auto* text = std::get_if<std::string>(&value)) return json::Value::of(*text);
  return json::Value();  // undefined, left out by json::write as JSON.stringify leaves it out
}

// JSON text of the options in effect, as the JS options getter gives them (ModelBinding::options,
// every setting with a value, classWeight, hashing.
template <Model M>
std::string options_text(const Estimator<M>& estimator) {
  const FeatureMap& map = estimator.features();
  json::Value options = json::Value::object();
  for (const auto& setting : estimator.settings()) {
    if (setting.value) options.set(setting.spec.name, json_of(*setting.value));
  }
  if (const auto& weight = estimator.class_weight()) {
    json::Value given = json::Value::object();
    for (std::size_t k = 0; k < weight->names.size(); ++k) {
      given.set(weight->names[k], json::Value::of(weight->values[k]));
    }
    options.set("classWeight", weight->balanced ? json::Value::of(std::string("balanced")) : given);
  }
  if (map.hashed()) {
    json::Value hashing = json::Value::object();
    hashing.set("bits", json::Value::of(static_cast<double>(map.bits())));
    options.set("hashing", hashing);
  }
  return json::write(options);
}

OptionValue option_of(const json::Value& value) {
  switch (value.type) {
    case json::Type::number:
      return value.number;
    case json::Type::boolean:
      return value.boolean;
    case json::Type::string:
      return value.text;
    case json::Type::null:
      return OtherValue{"null"};
    default:
      return OtherValue{json::describe(value)};
  }
}

// A saved options object back into ModelOptions and the hashing bits, as fromJSON's
// `new Kind(options)` reads it (ModelBinding::configure takes hashing apart; convert.cpp's
// model_options reads preprocess, classWeight and the rest): the core checks every value on
// configure.
void read_options(const json::Value& saved, ModelOptions& options,
                  std::optional<OptionValue>& hashing) {
  for (const auto& [name, value] : saved.members) {
    if (value.is(json::Type::undefined)) continue;
    if (name == "hashing") {
      hashing = option_of(value["bits"]);
    } else if (name == "preprocess") {
      Scaling scaling;
      check(set_scaling(name, option_of(value), scaling), "field options");
      options.preprocess = scaling;
    } else if (name == "classWeight") {
      ClassWeight weight;
      weight.balanced = value.is(json::Type::string) && value.text == "balanced";
      for (const auto& [label, given] : value.members) {
        if (!given.is(json::Type::number)) {
          check(option_error(true, "classWeight[" + json::quoted(label) + "]", "a number",
                             option_of(given)),
                "field options");
        }
        // A label read as JS's Number() reads an object key (the numeric classes' form).
        const csv::ParsedNumber number = csv::parse_number(label);
        weight.names.push_back(label);
        weight.numbers.push_back(number.kind == csv::NumberKind::number ? number.value : NAN);
        weight.values.push_back(given.number);
      }
      if (!weight.balanced && !value.is(json::Type::object)) {
        check(option_error(true, "classWeight", R"("balanced" or an object {label: weight})",
                           option_of(value)),
              "field options");
      }
      options.class_weight = std::move(weight);
    } else {
      options.values.emplace_back(name, option_of(value));
    }
  }
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string label_of(const Classes& classes, std::uint32_t index) {
  return classes.numeric ? classes.describe(index) : classes.names[index];
}

// Trains a model of kind M, saves it to `model_path`, reloads it and compares. Returns whether
// the reloaded model is identical.
template <Model M>
bool train_and_reload(const Examples& examples, SavedKind kind, const std::string& model_path) {
  // new Perceptron({..., preprocess, classWeight, hashing}) (ModelBinding::configure): the
  // estimator's feature map hashes the names into 2^hashing_bits columns.
  ModelOptions options;
  // The averaged perceptron: these 14 days are not linearly separable, and the average of the
  // weights over every step predicts better than the last weights of a run that never settles.
  options.values = {{"variant", std::string("averaged")},
                    {"order", std::string("shuffle")},
                    {"maxEpochs", 50.0},
                    {"seed", 7.0}};
  options.preprocess = Scaling::standardize;
  ClassWeight balanced;
  balanced.balanced = true;  // n / (classes x rows of the class): the rarer label weighs more
  options.class_weight = balanced;
  Estimator<M> model;
  check(model.configure(options, hashing_bits), "the model's options");

  // fit(records, labels): the named rows with their labels; the estimator maps them.
  const Dataset labels = labels_of(examples);
  const Input data{labels, &examples.rows};
  FitReport report;
  check(model.fit(data, TrainingOptions{}, report), "fit");
  double accuracy = 0;
  check(model.score(data, accuracy), "score");
  std::printf("fit: %llu epochs, %llu steps, %llu mistakes, converged: %s\n",
              static_cast<unsigned long long>(report.epochs),
              static_cast<unsigned long long>(report.steps),
              static_cast<unsigned long long>(report.mistakes), report.converged ? "yes" : "no");
  std::printf("training accuracy: %.4f (%zu rows, %zu hashed columns, classes %s)\n", accuracy,
              examples.rows.rows(), model.features().cols(), labels.classes.list().c_str());

  // toJSON: the options JSON as the options getter gives it, the vocabulary (none: hashing).
  const std::string options_json = options_text(model);
  std::printf("options: %s\n", options_json.c_str());
  write_file(model_path, model.saved_text(kind, options_json));
  std::printf("saved: %s\n", model_path.c_str());

  // fromJSON: the envelope (saved_io.hpp's check_saved, the bindings' first step), a fresh
  // model built from its options, then restore_saved (a saved vocabulary replaces the map).
  json::Value document;
  check(json::parse(read_file(model_path), document), "reading " + model_path);
  SavedEnvelope envelope;
  check(read_envelope(document, kind, envelope), "reading " + model_path);
  ModelOptions saved_options;
  std::optional<OptionValue> saved_hashing;
  read_options(envelope.options, saved_options, saved_hashing);
  Estimator<M> reloaded;
  check(reloaded.configure(saved_options, saved_hashing),
        "reading " + model_path + ": field options");
  check(reloaded.restore_saved(document, kind), "reading " + model_path);

  // The same records through each model's own map: the reloaded one was rebuilt from the file.
  std::vector<double> before, after;
  std::vector<std::uint32_t> predicted;
  check(model.decision_function(data, before), "decisionFunction");
  check(model.predict(data, predicted), "predict");
  check(reloaded.decision_function(data, after), "decisionFunction of the reloaded model");
  const std::size_t per_row = model.model().scores_per_row();
  std::printf("%-4s %-10s %-10s %s\n", "row", "label", "predicted", "decision function");
  for (std::size_t i = 0; i < examples.rows.rows(); ++i) {
    std::printf("%-4zu %-10s %-10s", i + 1, examples.labels[i].c_str(),
                label_of(labels.classes, predicted[i]).c_str());
    for (std::size_t k = 0; k < per_row; ++k) std::printf(" %.17g", before[i * per_row + k]);
    std::printf("\n");
  }
  const bool identical = same_bits(before, after);
  std::printf("reloaded: %s\n", identical ? "identical" : "DIFFERENT");
  return identical;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 3) {
    std::fprintf(stderr, "usage: %s [data.csv [model.json]]\n", argv[0]);
    return 2;
  }
  const std::string csv_path = argc > 1 ? argv[1] : PERCEPTRON_EXAMPLE_CSV;
  const std::string model_path = argc > 2 ? argv[2] : "model.json";
  try {
    const Examples examples = read_examples(csv_path);
    Classes classes;
    std::vector<std::uint32_t> unused;
    check(encode_labels(examples.labels, "y", classes, unused), "reading the labels");
    // The binary perceptron for two labels, the multi-class one (joint) for more.
    const bool identical =
        classes.size() == 2
            ? train_and_reload<Perceptron>(examples, SavedKind::perceptron, model_path)
            : train_and_reload<MulticlassPerceptron>(examples, SavedKind::multiclass, model_path);
    return identical ? 0 : 1;
  } catch (const Failure& failure) {
    std::fprintf(stderr, "error: %s\n", failure.message.c_str());
    return 1;
  }
}
