// Reading the CSV options (options.hpp).
#include "perceptron/csv/options.hpp"

#include <cmath>
#include <limits>

namespace perceptron::csv {
namespace {

// The most a column index may be: what wasm's 32-bit size_t counts.
constexpr double max_column = 4294967295.0;

// The value of the option `name`, or nullptr when it is not given.
const OptionValue* find(const OptionList& options, const std::string& name) {
  for (const auto& [key, value] : options) {
    if (key == name) return &value;
  }
  return nullptr;
}

Status check_names(const OptionList& options, std::vector<std::string> known,
                   const std::vector<std::string>& caller_names) {
  known.insert(known.end(), caller_names.begin(), caller_names.end());
  std::vector<const OptionValue*> unused;
  return options_by_name(options, known, unused);
}

Status read_dialect(const OptionList& options, DialectOptions& out) {
  if (const OptionValue* delimiter = find(options, "delimiter")) {
    const auto* text = std::get_if<std::string>(delimiter);
    if (!text) {
      return option_error(true, "delimiter", R"(one of ",", ";", "\t" or "|")", *delimiter);
    }
    if (Status s = delimiter_of(*text, out.delimiter); !s.ok()) return s;
  }
  if (const OptionValue* header = find(options, "header")) {
    // true and false as the booleans they are, "auto" as the word.
    const bool* flag = std::get_if<bool>(header);
    const auto* text = std::get_if<std::string>(header);
    if (flag) {
      out.header = *flag ? HeaderMode::present : HeaderMode::absent;
    } else if (text && *text == "auto") {
      out.header = HeaderMode::automatic;
    } else {
      return option_error(text == nullptr, "header", "true, false or 'auto'", *header);
    }
  }
  return Status::success();
}

// A column by name or 0-based index; `name` is how the message names the option.
Status column_of(const OptionValue& value, const std::string& name, ColumnRef& out) {
  if (const auto* text = std::get_if<std::string>(&value)) {
    out = {ColumnRef::Kind::name, 0, *text};
    return Status::success();
  }
  const auto* number = std::get_if<double>(&value);
  if (number && *number >= 0 && *number <= max_column && std::floor(*number) == *number) {
    out = {ColumnRef::Kind::index, static_cast<std::size_t>(*number), ""};
    return Status::success();
  }
  return option_error(number == nullptr, name, "a column name (string) or a 0-based column index",
                      value);
}

}  // namespace

Status table_options(const OptionList& options, DialectOptions& dialect, std::size_t& max_rows) {
  if (Status s = check_names(options, {"delimiter", "header", "maxRows"}, {}); !s.ok()) return s;
  if (const OptionValue* given = find(options, "maxRows")) {
    const auto* number = std::get_if<double>(given);
    const bool whole = number && *number >= 0 && std::floor(*number) == *number;
    if (!(whole || (number && *number == std::numeric_limits<double>::infinity()))) {
      return option_error(number == nullptr, "maxRows", "a non-negative integer or Infinity",
                          *given);
    }
    max_rows = *number >= static_cast<double>(std::numeric_limits<std::size_t>::max())
                   ? std::numeric_limits<std::size_t>::max()
                   : static_cast<std::size_t>(*number);
  }
  DialectOptions read;
  if (Status s = read_dialect(options, read); !s.ok()) return s;
  dialect = read;
  return Status::success();
}

Status dataset_options(const OptionList& options, const std::vector<OptionValue>* features,
                       DatasetOptions& out, const std::vector<std::string>& caller_names) {
  const std::vector<std::string> known{"delimiter", "header",  "label",
                                       "features",  "missing", "dtype"};
  if (Status s = check_names(options, known, caller_names); !s.ok()) return s;
  DatasetOptions read;
  read.expected_bytes = out.expected_bytes;
  if (const OptionValue* missing = find(options, "missing")) {
    const auto* text = std::get_if<std::string>(missing);
    if (!text || (*text != "error" && *text != "drop")) {
      return option_error(text == nullptr, "missing", "'error' or 'drop'", *missing);
    }
    read.drop_missing = *text == "drop";
  }
  if (const OptionValue* dtype = find(options, "dtype")) {
    if (Status s = set_dtype("dtype", *dtype, read.dtype); !s.ok()) return s;
  }
  if (const OptionValue* given = find(options, "features")) {
    const std::string expected = "a non-empty array of column names or indices";
    if (!features) return option_error(true, "features", expected, *given);
    if (features->empty())
      return option_error(true, "features", expected, OtherValue{"an array of length 0"});
    read.all_features = false;
    read.features.resize(features->size());
    for (std::size_t k = 0; k < features->size(); ++k) {
      const std::string name = "features[" + std::to_string(k) + "]";
      if (Status s = column_of((*features)[k], name, read.features[k]); !s.ok()) return s;
    }
  }
  if (Status s = read_dialect(options, read.dialect); !s.ok()) return s;
  if (const OptionValue* label = find(options, "label")) {
    if (is_null(*label)) {
      read.label.kind = ColumnRef::Kind::none;
    } else if (Status s = column_of(*label, "label", read.label); !s.ok()) {
      return s;
    }
  }
  out = std::move(read);
  return Status::success();
}

Status stream_options(const OptionList& options) {
  if (const OptionValue* given = find(options, "totalBytes")) {
    const auto* number = std::get_if<double>(given);
    if (!number || *number < 0 || std::floor(*number) != *number ||
        *number > static_cast<double>(max_safe_integer)) {
      return option_error(number == nullptr, "totalBytes",
                          "a non-negative integer (the stream's size in bytes)", *given);
    }
  }
  const OptionValue* progress = find(options, "onProgress");
  if (progress && describe(*progress) != "a function") {
    return option_error(true, "onProgress", "a function", *progress);
  }
  return Status::success();
}

}  // namespace perceptron::csv
