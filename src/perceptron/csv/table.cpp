// CSV text as a table of strings (pw.csv.parse) and the column guesses of pw.csv.preview.
#include <algorithm>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"
#include "perceptron/support/json.hpp"

namespace perceptron::csv {
bool TableSink::field(std::string_view text, bool) {
  current.emplace_back(text);
  return true;
}

bool TableSink::end_row() {
  if (header_pending) {
    table.header = std::move(current);
    header_pending = false;
  } else if (table.rows.size() < max_rows) {
    table.rows.push_back(std::move(current));
  }
  current.clear();
  return table.rows.size() < max_rows;
}

Error parse_table(std::string_view text, const DialectOptions& options, std::size_t max_rows,
                  Table& out, bool complete) {
  // The sample DatasetReader takes, so that preview and fromCsv agree.
  SampleScan scan;
  const std::size_t sample = sample_size(text, scan);
  const Dialect dialect = sample == std::string_view::npos
                              ? detect(text, options, complete)
                              : detect(text.substr(0, sample), options, false);
  Table table;
  table.delimiter = dialect.delimiter;
  table.has_header = dialect.header;
  // The sink stops the tokenizer after max_rows rows (after the header when max_rows is 0), so
  // feed() and finish() are also false then: only the tokenizer's own error is one.
  Tokenizer tokenizer(dialect.delimiter);
  TableSink sink{table, max_rows, {}, dialect.header};
  const bool stopped = !tokenizer.feed(text, sink);
  if (!tokenizer.error().ok()) return tokenizer.error();
  if (complete && !stopped && !tokenizer.finish(sink) && !tokenizer.error().ok()) {
    return tokenizer.error();
  }
  out = std::move(table);
  return {};
}

std::vector<ColumnGuess> guess_columns(const Table& table) {
  std::size_t columns = table.header.size();
  for (const auto& row : table.rows) columns = std::max(columns, row.size());
  std::vector<ColumnGuess> guesses(columns);
  for (std::size_t j = 0; j < columns; ++j) {
    ColumnGuess& guess = guesses[j];
    if (j < table.header.size()) guess.name = table.header[j];
    std::vector<std::string> seen;
    bool all_numbers = true, some_number = false;
    for (const auto& row : table.rows) {
      if (j >= row.size()) continue;
      const ParsedNumber number = parse_number(row[j]);
      if (number.kind == NumberKind::missing) {
        ++guess.missing;
        continue;
      }
      some_number = some_number || number.kind == NumberKind::number;
      all_numbers = all_numbers && number.kind == NumberKind::number;
      if (guess.values.size() < 10 &&
          std::find(guess.values.begin(), guess.values.end(), row[j]) == guess.values.end()) {
        guess.values.push_back(row[j]);
      }
      seen.push_back(row[j]);
    }
    std::sort(seen.begin(), seen.end());
    guess.numeric = all_numbers && some_number;
    guess.distinct = static_cast<std::size_t>(std::unique(seen.begin(), seen.end()) - seen.begin());
  }
  return guesses;
}

json::Value guessed_columns(const Table& table) {
  using json::Value;
  Value out = Value::array();
  for (const ColumnGuess& c : guess_columns(table)) {
    Value column = Value::object();
    column.set("index", Value::of(static_cast<double>(out.items.size())));
    column.set("name", table.has_header ? Value::of(c.name) : Value::null_value());
    column.set("numeric", Value::of(c.numeric));
    column.set("missing", Value::of(static_cast<double>(c.missing)));
    column.set("distinct", Value::of(static_cast<double>(c.distinct)));
    Value values = Value::array();
    for (const std::string& value : c.values) values.push(Value::of(value));
    column.set("values", std::move(values));
    out.push(std::move(column));
  }
  return out;
}

}  // namespace perceptron::csv
