// The checks of csv_fuzz.cpp that look at one result at a time (errors, numbers, tables) or
// compare two results of the same text.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "js_number_oracle.hpp"
#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"

// A failed check traps: libFuzzer (or mutate_main.cpp) reports a crash and saves the input. A
// trap rather than assert(), so it fires in every build; the line says which check it was.
#define CHECK(condition)                                                                 \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      __builtin_trap();                                                                  \
    }                                                                                    \
  } while (0)

namespace csv_fuzz {

using namespace perceptron;
using namespace perceptron::csv;

// Bytes copied into a heap block of exactly their size: AddressSanitizer then sees a read one
// byte past the end of a text or a chunk (a view into a larger buffer would hide it).
struct Exact {
  std::unique_ptr<char[]> bytes;
  std::size_t size;
  explicit Exact(std::string_view s) : bytes(new char[s.size()]), size(s.size()) {
    if (size > 0) std::memcpy(bytes.get(), s.data(), size);
  }
  std::string_view view() const { return {bytes.get(), size}; }
};

// An error's place must be in the text: at most one line past its last line end, at most one
// field past its delimiters. Counted once per input (CRLF twice, any of the four delimiters).
struct Extent {
  std::size_t ends = 0, delimiters = 0;
  explicit Extent(std::string_view text) {
    for (const char c : text) {
      ends += c == '\n' || c == '\r';
      delimiters += c == ',' || c == ';' || c == '\t' || c == '|';
    }
  }
};

inline void check_error(const Error& e, const Extent& extent) {
  CHECK(!e.ok() && e.status.kind == ErrorKind::range);
  CHECK(e.line >= 1 && e.column >= 1);
  const std::string where =
      "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": ";
  CHECK(e.status.message.compare(0, where.size(), where) == 0);
  CHECK(e.line <= extent.ends + 2 && e.column <= extent.delimiters + 2);
}

inline bool same_error(const Error& a, const Error& b) {
  return a.status.kind == b.status.kind && a.status.message == b.status.message &&
         a.line == b.line && a.column == b.column;
}

// parse_number against an independent reading of Number() (js_number_oracle.hpp).
inline void check_number(std::string_view text) {
  const Exact copy(text);
  const ParsedNumber got = parse_number(copy.view());
  if (got.kind == NumberKind::number) CHECK(std::isfinite(got.value));
  if (!js_oracle::valid_utf8(text)) return;  // fields are UTF-8; other bytes: memory safety only
  const ParsedNumber want = js_oracle::expected(text);
  CHECK(got.kind == want.kind);
  if (want.kind == NumberKind::number || want.kind == NumberKind::not_finite) {
    CHECK(std::memcmp(&got.value, &want.value, sizeof(double)) == 0);
  }
}

// A table and its column guesses.
inline void check_table(const Error& e, const Table& t, const Extent& extent) {
  if (!e.ok()) return check_error(e, extent);
  CHECK(t.has_header || t.header.empty());
  const std::vector<ColumnGuess> guesses = guess_columns(t);
  std::size_t columns = t.header.size();
  for (const auto& row : t.rows) columns = std::max(columns, row.size());
  CHECK(guesses.size() == columns);
  for (const ColumnGuess& g : guesses) {
    CHECK(g.values.size() <= 10 && g.values.size() <= g.distinct);
    CHECK(g.missing + g.distinct <= t.rows.size());
    CHECK(!g.numeric || g.distinct > 0);
  }
}

// `part`'s rows are the first rows of `whole` (a table read with fewer rows, or from a prefix).
inline void check_prefix(const Table& part, const Table& whole) {
  CHECK(part.rows.size() <= whole.rows.size());
  CHECK(std::equal(part.rows.begin(), part.rows.end(), whole.rows.begin()));
  CHECK(part.header.empty() || part.header == whole.header);
}

struct Read {
  Error error;
  Dataset data;
  std::size_t dropped = 0;
};

// A dataset every model can use: rows and columns, finite values, a label per row.
inline void check_dataset(const Dataset& d, const DatasetOptions& options) {
  CHECK(d.rows() >= 1 && d.cols() >= 1 && d.x.contiguous() && d.x.dtype() == options.dtype);
  for (std::size_t i = 0; i < d.rows(); ++i) {
    for (std::size_t j = 0; j < d.cols(); ++j) CHECK(std::isfinite(d.x.at(i, j)));
  }
  CHECK(d.x.check("X").ok());
  const bool labelled = options.label.kind != ColumnRef::Kind::none;
  CHECK(d.class_index.size() == (labelled ? d.rows() : 0));
  for (const std::uint32_t c : d.class_index) CHECK(c < d.classes.size());
  CHECK(d.feature_names.empty() || d.feature_names.size() == d.cols());
}

// Two reads of the same text: the same error, or the same dataset to the bit.
inline void check_same(const Read& a, const Read& b) {
  CHECK(a.error.ok() == b.error.ok());
  if (!a.error.ok()) {
    CHECK(same_error(a.error, b.error));
    return;
  }
  const Dataset &x = a.data, &y = b.data;
  CHECK(a.dropped == b.dropped);
  CHECK(x.rows() == y.rows() && x.cols() == y.cols() && x.x.dtype() == y.x.dtype());
  CHECK(std::memcmp(x.x.data(), y.x.data(), x.x.size() * bytes_of(x.x.dtype())) == 0);
  CHECK(x.classes.numeric == y.classes.numeric && x.classes.names == y.classes.names);
  CHECK(x.classes.numbers.size() == y.classes.numbers.size());
  for (std::size_t c = 0; c < x.classes.numbers.size(); ++c) {
    CHECK(std::memcmp(&x.classes.numbers[c], &y.classes.numbers[c], sizeof(double)) == 0);
  }
  CHECK(x.class_index == y.class_index && x.feature_names == y.feature_names);
}

}  // namespace csv_fuzz
