// The CSV readers' options as callers give them (pw.Dataset.fromCsv / fromStream and pw.csv.parse
// / preview in JS, or a C++ OptionList): names and values checked here, with the message format
// of support/options.hpp ("option NAME must be EXPECTED; received VALUE").
//
// - delimiter: ",", ";", "\t" or "|" (unset: detected);
// - header: true, false or "auto" (the default: detected);
// - label: a column name (a string), a 0-based column index, null (no label) or unset (the last
//   column);
// - features: a non-empty array of column names or indices (unset: every column but the label);
// - missing: "error" (the default) or "drop" (rows with a missing value are left out);
// - dtype: "float64" (the default) or "float32";
// - maxRows (parse and preview only): a non-negative integer or Infinity.
#pragma once

#include <string>
#include <vector>

#include "perceptron/csv/reader.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron::csv {

// A table's options (delimiter, header, maxRows): `max_rows` keeps its value unless maxRows is
// given (Infinity: the largest size_t).
Status table_options(const OptionList& options, DialectOptions& dialect, std::size_t& max_rows);

// A Dataset's options (delimiter, header, label, features, missing, dtype). `features` holds the
// features option's elements when its value is an array (in `options` it is then an OtherValue
// such as "an array"); nullptr otherwise. Names in `caller_names` are the caller's own options:
// accepted and left alone. `out.expected_bytes` is left as it is.
Status dataset_options(const OptionList& options, const std::vector<OptionValue>* features,
                       DatasetOptions& out, const std::vector<std::string>& caller_names = {});

// A stream reader's own options, besides dataset_options' (which take their names as
// `caller_names`): totalBytes (the stream's size, a non-negative integer) and onProgress (what
// the caller describes as "a function"); signal is the caller's to check.
Status stream_options(const OptionList& options);

}  // namespace perceptron::csv
