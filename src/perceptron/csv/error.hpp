// The error a CSV reader reports: a Status (a RangeError for a file that is not what it should
// be, a TypeError or RangeError for a bad option) and, for a file error, where it is. The
// bindings make a file error a pw.CsvError (a RangeError) with `line` and `column`.
#pragma once

#include <cstdint>
#include <string>

#include "perceptron/support/status.hpp"

namespace perceptron::csv {

struct Error {
  Status status;
  // 1-based; the header is line 1; a quoted field that spans lines is at the line where it
  // starts. `column` is the field's 1-based position in its row (as a spreadsheet counts
  // columns), not a character offset. An error about the whole file (empty, a header without
  // rows) is at the line after its last one, column 1. Both 0 for an option's error.
  std::uint64_t line = 0;
  std::uint64_t column = 0;

  bool ok() const { return status.ok(); }
  static Error at(std::uint64_t line, std::uint64_t column, const std::string& what) {
    return {Status::range_error("line " + std::to_string(line) + ", column " +
                                std::to_string(column) + ": " + what),
            line, column};
  }
  static Error option(Status status) { return {std::move(status), 0, 0}; }
};

}  // namespace perceptron::csv
