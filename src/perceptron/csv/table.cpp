// CSV text as a table of strings (pw.csv.parse) and the column guesses of pw.csv.preview.
#include <algorithm>
#include <unordered_set>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"

namespace perceptron::csv {
namespace {

constexpr std::size_t sample_bytes = 64 * 1024;

struct TableSink {
  Table& table;
  std::size_t max_rows;
  std::vector<std::string> current;
  bool header_pending;

  bool field(std::string_view text, bool) {
    current.emplace_back(text);
    return true;
  }
  bool end_row() {
    if (header_pending) {
      table.header = std::move(current);
      header_pending = false;
    } else {
      table.rows.push_back(std::move(current));
    }
    current.clear();
    return table.rows.size() < max_rows;
  }
};

}  // namespace

Error parse_table(std::string_view text, const DialectOptions& options, std::size_t max_rows,
                  Table& out) {
  const bool whole = text.size() <= sample_bytes;
  const Dialect dialect = detect(text.substr(0, sample_bytes), options, whole);
  Table table;
  table.delimiter = dialect.delimiter;
  table.has_header = dialect.header;
  if (max_rows > 0) {
    Tokenizer tokenizer(dialect.delimiter);
    TableSink sink{table, max_rows, {}, dialect.header};
    if (!tokenizer.feed(text, sink) && !tokenizer.error().ok()) return tokenizer.error();
    if (table.rows.size() < max_rows && !tokenizer.finish(sink)) return tokenizer.error();
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
    std::unordered_set<std::string> seen;
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
      if (seen.insert(row[j]).second && guess.values.size() < 10) guess.values.push_back(row[j]);
    }
    guess.numeric = all_numbers && some_number;
    guess.distinct = seen.size();
  }
  return guesses;
}

}  // namespace perceptron::csv
