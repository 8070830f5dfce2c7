// Reading CSV text: as a table of strings (parse_table, preview: pw.csv.parse and
// pw.csv.preview) or as a Dataset (DatasetReader: pw.Dataset.fromCsv and fromStream), with the
// one tokenizer of tokenizer.hpp and the one number reader of number.hpp.
//
// Dialect, unless given:
// - the delimiter is the one of ',' ';' '\t' '|' that splits every sampled record (the sample:
//   see sample_size) into the same number of fields, more than one; among several, the one
//   giving the most fields, then the first in that order; ',' when none does;
// - the first record is a header when one of its fields is not a number (nor missing) while
//   every later sampled value of that column is a number or missing; a file of one record has
//   a header when none of its fields is a number.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/csv/error.hpp"
#include "perceptron/csv/tokenizer.hpp"
#include "perceptron/data/dataset.hpp"

namespace perceptron::csv {

// The text the dialect is guessed from: up to the line end of its 21st line that is not blank
// (a line end inside a quoted field counts too), or its first 64 KB, whichever comes first. A
// function of the text alone, so that a stream split anywhere gets the dialect its whole text
// gets.
constexpr std::size_t sample_bytes = 64 * 1024;
struct SampleScan {
  std::size_t scanned = 0;  // bytes looked at
  std::size_t lines = 0;    // lines ended that were not blank
  bool blank = true;        // the current line so far holds only spaces and tabs
};
// The size of the sample of `text` (the text so far: one call per chunk with the same `scan`),
// or npos while the text is shorter than both limits.
std::size_t sample_size(std::string_view text, SampleScan& scan);

enum class HeaderMode : std::uint8_t { automatic, present, absent };

struct DialectOptions {
  char delimiter = 0;  // 0: detect
  HeaderMode header = HeaderMode::automatic;
};

// A delimiter option's text (",", ";", "\t", "|") as the byte, or a RangeError naming it.
Status delimiter_of(std::string_view text, char& out);

struct Dialect {
  char delimiter = ',';
  bool header = false;
};

// The dialect of the text's first records. `complete`: the sample is the whole text (its last
// record counts even without a line end).
Dialect detect(std::string_view sample, const DialectOptions& options, bool complete);

struct Table {
  char delimiter = ',';
  bool has_header = false;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// The tokenizer's sink that collects records as strings: the first into the header when
// header_pending, then rows until max_rows.
struct TableSink {
  Table& table;
  std::size_t max_rows;
  std::vector<std::string> current;
  bool header_pending;
  bool field(std::string_view text, bool quoted);
  bool end_row();
};

// The text as strings: its records, up to max_rows after the header. `complete`: the text is
// all of it; else it is a prefix and its unfinished last record is left out.
Error parse_table(std::string_view text, const DialectOptions& options, std::size_t max_rows,
                  Table& out, bool complete = true);

// What a column picker needs to know of one column, from the rows read.
struct ColumnGuess {
  std::string name;                 // the header's, or "" without one
  bool numeric = false;             // every value is a number or missing, and one at least a number
  std::size_t missing = 0;          // values that are "", NA, NaN or ?
  std::size_t distinct = 0;         // distinct values (missing ones excluded)
  std::vector<std::string> values;  // the first distinct values, up to 10
};
std::vector<ColumnGuess> guess_columns(const Table& table);
// The same as pw.csv.preview gives them: [{index, name (null without a header), numeric,
// missing, distinct, values}].
json::Value guessed_columns(const Table& table);

// Which column is the label: the last one (by default), none, one by 0-based index or by name.
struct ColumnRef {
  enum class Kind : std::uint8_t { last, none, index, name } kind = Kind::last;
  std::size_t index = 0;
  std::string name;
};

struct DatasetOptions {
  DialectOptions dialect;
  ColumnRef label;
  bool all_features = true;
  std::vector<ColumnRef> features;  // when !all_features: kind index or name, in this order
  bool drop_missing = false;        // missing: 'drop' (else 'error')
  DType dtype = DType::float64;
  // The text's size in bytes when known (a file's), else 0: the matrix is then reserved at
  // once for the rows the first 64 KB predict.
  std::uint64_t expected_bytes = 0;
};

// Reads CSV text chunk by chunk straight into a growing matrix: nothing but the current
// record's unfinished field and the first 64 KB (until the dialect is known) is kept as text.
class DatasetReader {
 public:
  explicit DatasetReader(DatasetOptions options);
  ~DatasetReader();
  DatasetReader(const DatasetReader&) = delete;
  DatasetReader& operator=(const DatasetReader&) = delete;

  // The next bytes of the text, split anywhere.
  Error feed(std::string_view chunk);
  // The end of the text: the Dataset (labelled unless the label is none), its feature names
  // from the header, and how many rows were dropped for missing values.
  Error finish(Dataset& out, std::size_t& dropped_rows);

  std::uint64_t rows() const { return rows_; }
  std::uint64_t bytes_read() const { return tokenizer_ ? tokenizer_->bytes_read() : 0; }

  // The tokenizer's sink (public for the tokenizer only).
  bool field(std::string_view text, bool quoted);
  bool end_row();

 private:
  enum Role : std::uint32_t { skip = 0xffffffffu, label = 0xfffffffeu };
  Error start(std::string_view sample, bool complete);
  bool first_record_done();
  bool resolve_columns();
  bool store_value(std::size_t k, std::string_view text);
  bool grow();
  bool resize(std::size_t capacity);
  void reserve_expected(std::size_t sample_size);
  std::uint32_t label_id();
  bool fail(Error e) {
    error_ = std::move(e);
    return false;
  }

  DatasetOptions options_;
  std::unique_ptr<Tokenizer> tokenizer_;  // made once the dialect is known
  std::string sample_;                    // the text before that
  SampleScan sample_scan_;                // where the sample ends
  Dialect dialect_;
  bool first_record_ = true;
  std::vector<std::string> first_fields_;
  std::uint64_t first_line_ = 1;
  std::vector<std::string> header_;
  std::vector<std::uint32_t> roles_;  // per column of the file: skip, label or a feature index
  std::size_t columns_ = 0;           // fields per record
  std::size_t features_ = 0;
  // The matrix, grown with realloc; row rows_ is the one being read.
  void* values_ = nullptr;
  std::size_t capacity_ = 0;  // bytes
  std::uint64_t rows_ = 0;
  std::size_t dropped_ = 0;
  bool row_missing_ = false;
  std::size_t fields_in_row_ = 0;
  // Labels: each distinct text once, each row its index into them.
  std::vector<std::string> label_texts_;
  std::vector<std::uint32_t> label_slots_;  // a hash table of indices into label_texts_
  std::vector<std::uint32_t> row_labels_;
  std::string label_text_;
  bool label_missing_ = false;
  Error error_;
};

}  // namespace perceptron::csv
