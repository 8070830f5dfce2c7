// A libFuzzer target for the CSV reader (src/perceptron/csv). scripts/fuzz.mjs builds it with
// clang's -fsanitize=fuzzer,address,undefined, or, without clang, links it with mutate_main.cpp.
//
// Input format (the seeds in tests/fuzz/corpus/ start with these two bytes):
//   byte 0  bits 0-2  delimiter: 0 detect, 1 ',', 2 ';', 3 '\t', 4 '|', 5-7 detect
//           bits 3-4  header: 0 automatic, 1 present, 2 absent, 3 automatic
//           bits 5-7  label: 0 last, 1 none, 2 index 0, 3 index 1, 4 index 5, 5 the name of
//                     the first column of parse_table's header (else "label"), 6 the name
//                     "label", 7 last (and a long text with chunk code 15, below)
//   byte 1  bit 0     missing values: drop the row (else an error)
//           bit 1     dtype float32 (else float64)
//           bit 2     features: columns 1 then 0 (else every column but the label)
//           bits 3-6  chunk size for DatasetReader::feed: 1 2 3 4 5 7 8 13 16 31 64 100 255
//                     1024 4096 4096; code 15 with label code 7 also repeats the text past
//                     64 KB (the sample limit of dialect detection, and more than grow()'s
//                     first block): 1 input in 128, as such a run costs 100 small ones
//           bit 7     chunk sizes vary pseudo-randomly from 0 (an empty feed) to that size,
//                     and the chunked reader is told the text's size (expected_bytes, as
//                     fromStream is given a Blob's); the whole one always is (as fromCsv)
//   bytes 2-  the CSV text
// Shorter inputs are ignored. E.g. "\x01\x00a,b\n1,2\n": ',' and a header detected, label last,
// missing values an error, float64, chunks of 1 byte.
//
// Checked (a failure traps, which libFuzzer reports as a crash with the input):
// - parse_table and guess_columns: errors carry line >= 1 and column >= 1, and say so first;
//   a table read with max_rows 2, or (dialect given) from a prefix of the text with complete
//   false, is a prefix of the whole table.
// - DatasetReader fed in chunks reads exactly what it reads fed whole: the same error, or the
//   same values (bit for bit), labels, classes, feature names and dropped rows; every value is
//   finite. With the delimiter and header given, it also reads what the table's rows say.
// - parse_number answers as JS's Number() would (js_number_oracle.hpp), on every field read
//   and on short slices of the raw text.
// Every text and chunk is copied into a heap block of exactly its size (Exact, csv_checks.hpp).
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "csv_checks.hpp"

using namespace csv_fuzz;

namespace {

// The reader fed in chunks of `chunk` bytes, or of 0 to `chunk` bytes when `vary`.
Read read_dataset(const DatasetOptions& options, std::string_view text, const Extent& extent,
                  std::size_t chunk, bool vary) {
  Read r;
  DatasetReader reader(options);
  std::uint32_t state = static_cast<std::uint32_t>(text.size() * 2654435761u + chunk);
  for (std::size_t at = 0; at < text.size();) {
    std::size_t n = chunk;
    if (vary) {
      state = state * 1103515245u + 12345u;
      n = (state >> 8) % (chunk + 1);
    }
    const Exact piece(text.substr(at, n));
    at += piece.size;
    r.error = reader.feed(piece.view());
    if (!r.error.ok()) {
      check_error(r.error, extent);
      CHECK(same_error(reader.finish(r.data, r.dropped), r.error));  // the error sticks
      return r;
    }
  }
  r.error = reader.finish(r.data, r.dropped);
  if (!r.error.ok()) {
    check_error(r.error, extent);
    return r;
  }
  check_dataset(r.data, options);
  return r;
}

// With the delimiter and header given, the reader and parse_table see the same records, so a
// dataset read must be the table's rows: the columns the options pick, parse_number's values,
// rows with a missing value dropped, the header's names.
void check_against_table(const Read& r, const Error& table_error, const Table& table,
                         const DatasetOptions& o) {
  if (!table_error.ok()) {
    // The tokenizer's error, or one the reader found on the way to it.
    CHECK(!r.error.ok() && r.error.line <= table_error.line);
    return;
  }
  if (!r.error.ok()) return;
  const Dataset& d = r.data;
  CHECK(table.has_header == (o.dialect.header == HeaderMode::present));
  CHECK(!table.rows.empty());
  const std::size_t cols = table.has_header ? table.header.size() : table.rows[0].size();
  std::size_t label = cols;  // none
  if (o.label.kind == ColumnRef::Kind::last) label = cols - 1;
  if (o.label.kind == ColumnRef::Kind::index) label = o.label.index;
  if (o.label.kind == ColumnRef::Kind::name) {
    label = static_cast<std::size_t>(
        std::find(table.header.begin(), table.header.end(), o.label.name) - table.header.begin());
  }
  std::vector<std::size_t> features;
  for (std::size_t j = 0; j < cols && o.all_features; ++j) {
    if (j != label) features.push_back(j);
  }
  if (!o.all_features) features = {1, 0};
  CHECK(d.cols() == features.size());
  std::size_t row = 0, dropped = 0;
  std::vector<std::string> labels;  // of the rows kept
  for (const auto& fields : table.rows) {
    CHECK(fields.size() == cols);
    bool missing = label < cols && is_missing(trim_js_space(fields[label]));
    for (const std::size_t j : features) {
      missing = missing || parse_number(fields[j]).kind == NumberKind::missing;
    }
    if (missing) {
      CHECK(o.drop_missing);
      ++dropped;
      continue;
    }
    CHECK(row < d.rows());
    for (std::size_t k = 0; k < features.size(); ++k) {
      const ParsedNumber n = parse_number(fields[features[k]]);
      CHECK(n.kind == NumberKind::number);
      if (o.dtype == DType::float64) {
        CHECK(std::memcmp(&d.x.row_as<double>(row)[k], &n.value, sizeof(double)) == 0);
      } else {
        const float f = static_cast<float>(n.value);
        CHECK(std::memcmp(&d.x.row_as<float>(row)[k], &f, sizeof(float)) == 0);
      }
    }
    if (label < cols) labels.emplace_back(trim_js_space(fields[label]));
    ++row;
  }
  CHECK(row == d.rows() && dropped == r.dropped);
  bool numeric = true;
  for (const auto& text : labels)
    numeric = numeric && parse_number(text).kind == NumberKind::number;
  if (!labels.empty()) CHECK(d.classes.numeric == numeric);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (numeric) {
      CHECK(d.classes.numbers[d.class_index[i]] == parse_number(labels[i]).value);
    } else {
      CHECK(d.classes.names[d.class_index[i]] == labels[i]);
    }
  }
  for (std::size_t k = 0; k < features.size() && table.has_header; ++k) {
    CHECK(d.feature_names.at(k) == table.header[features[k]]);
  }
  if (!table.has_header) CHECK(d.feature_names.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t b0 = data[0], b1 = data[1];
  static constexpr char delimiters[8] = {0, ',', ';', '\t', '|', 0, 0, 0};
  static constexpr HeaderMode headers[4] = {HeaderMode::automatic, HeaderMode::present,
                                            HeaderMode::absent, HeaderMode::automatic};
  static constexpr std::size_t chunks[16] = {1,  2,  3,  4,   5,   7,    8,    13,
                                             16, 31, 64, 100, 255, 1024, 4096, 4096};
  DatasetOptions options;
  options.dialect = {delimiters[b0 & 7], headers[(b0 >> 3) & 3]};
  options.drop_missing = (b1 & 1) != 0;
  options.dtype = (b1 & 2) != 0 ? DType::float32 : DType::float64;
  if ((b1 & 4) != 0) {
    options.all_features = false;
    options.features = {{ColumnRef::Kind::index, 1, ""}, {ColumnRef::Kind::index, 0, ""}};
  }
  const std::size_t chunk = chunks[(b1 >> 3) & 15];
  const bool vary = (b1 & 0x80) != 0;

  std::string_view raw(reinterpret_cast<const char*>(data) + 2, size - 2);
  const bool long_text = ((b1 >> 3) & 15) == 15 && (b0 >> 5) == 7 && !raw.empty();
  std::string repeated;
  while (long_text && repeated.size() <= 64 * 1024 + 1) repeated.append(raw);  // the sample limit
  if (long_text) raw = repeated;
  const Exact text(raw);
  const Extent extent(raw);

  // (a), (b): the table's first two rows and, but for a long text (20,000 rows of strings cost
  // as much as a hundred small runs), the whole table, which must start with them.
  const bool given =
      options.dialect.delimiter != 0 && options.dialect.header != HeaderMode::automatic;
  Table table, two;
  const Error two_error = parse_table(text.view(), options.dialect, 2, two);
  check_table(two_error, two, extent);
  Error table_error = two_error;
  if (!long_text) {
    table_error = parse_table(text.view(), options.dialect, SIZE_MAX, table);
    check_table(table_error, table, extent);
    if (!table_error.ok() && two_error.ok()) CHECK(two.rows.size() == 2);  // stopped before it
    if (table_error.ok()) {
      CHECK(same_error(two_error, table_error));
      CHECK(two.rows.size() == std::min<std::size_t>(2, table.rows.size()));
      check_prefix(two, table);
    }
  }
  if (given && !long_text) {
    // A prefix of the text, not complete (a stream's first bytes, as preview reads them): its
    // finished records, or the text's own error if it comes before the cut.
    const Exact head(raw.substr(0, (size * 7919) % (raw.size() + 1)));
    Table part;
    const Error part_error = parse_table(head.view(), options.dialect, SIZE_MAX, part, false);
    if (!part_error.ok()) CHECK(same_error(part_error, table_error));
    if (part_error.ok() && table_error.ok()) check_prefix(part, table);
  }

  // (c): the dataset, in chunks and whole.
  static constexpr ColumnRef::Kind kinds[8] = {
      ColumnRef::Kind::last,  ColumnRef::Kind::none, ColumnRef::Kind::index, ColumnRef::Kind::index,
      ColumnRef::Kind::index, ColumnRef::Kind::name, ColumnRef::Kind::name,  ColumnRef::Kind::last};
  static constexpr std::size_t indices[8] = {0, 0, 0, 1, 5, 0, 0, 0};
  const unsigned pick = b0 >> 5;
  options.label = {kinds[pick], indices[pick], "label"};
  if (pick == 5 && two_error.ok() && !two.header.empty()) options.label.name = two.header[0];
  DatasetOptions sized = options;  // the text's size known: the matrix reserved at once
  sized.expected_bytes = text.size;
  const Read chunked = read_dataset(vary ? sized : options, text.view(), extent, chunk, vary);
  const Read whole = read_dataset(sized, text.view(), extent, text.size, false);
  check_same(chunked, whole);
  if (given && !long_text) check_against_table(whole, table_error, table, options);

  // (d): parse_number on every field read, and on short slices of the raw text.
  std::size_t fields = 0;
  for (const auto& row : long_text ? two.rows : table.rows) {
    for (const auto& field : row) {
      if (++fields <= 256) check_number(field);
    }
  }
  for (const auto& name : two.header) check_number(name);
  for (std::size_t k = 0; k < 16 && !raw.empty(); ++k) {
    const std::size_t at = (k * 7919) % raw.size();
    check_number(raw.substr(at, (k * 5 + size) % 25));
  }
  return 0;
}
