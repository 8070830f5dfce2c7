// DatasetReader (reader.hpp): CSV text, chunk by chunk, into a Dataset.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"

namespace perceptron::csv {
namespace {

std::string describe_column(const ColumnRef& ref) {
  return ref.kind == ColumnRef::Kind::name ? quote(ref.name) : std::to_string(ref.index);
}

// FNV-1a, for the label table.
std::size_t hash_of(std::string_view text) {
  std::uint32_t h = 2166136261u;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

std::string shown(std::string_view text) {
  constexpr std::size_t longest = 40;
  if (text.size() <= longest) return quote(std::string(text));
  std::size_t cut = longest;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // whole chars
  return quote(std::string(text.substr(0, cut)) + "...");
}

}  // namespace

DatasetReader::DatasetReader(DatasetOptions options) : options_(std::move(options)) {}

DatasetReader::~DatasetReader() { std::free(values_); }

Error DatasetReader::feed(std::string_view chunk) {
  if (!error_.ok()) return error_;
  if (!tokenizer_) {
    // Until the dialect is known, the text is kept. The dialect comes from the sample cut where
    // sample_size() cuts it, not where this chunk ends: the same however the text is split.
    sample_.append(chunk);
    const std::size_t end = sample_size(sample_, sample_scan_);
    if (end == std::string_view::npos) return {};
    return start(std::string_view(sample_).substr(0, end), false);
  }
  if (!tokenizer_->feed(chunk, *this) && error_.ok()) error_ = tokenizer_->error();
  return error_;
}

Error DatasetReader::start(std::string_view sample, bool complete) {
  dialect_ = detect(sample, options_.dialect, complete);
  tokenizer_ = std::make_unique<Tokenizer>(dialect_.delimiter);
  std::string text = std::move(sample_);
  sample_ = std::string();
  if (const Error e = feed(text); !e.ok()) return e;
  reserve_expected(text.size());
  return {};
}

Error DatasetReader::finish(Dataset& out, std::size_t& dropped_rows) {
  if (error_.ok() && !tokenizer_) start(sample_, true);
  if (!error_.ok()) return error_;
  if (!tokenizer_->finish(*this)) {
    if (error_.ok()) error_ = tokenizer_->error();
    return error_;
  }
  if (first_record_) {
    return error_ = Error::at(1, 1, "the file is empty; expected a header or rows of data");
  }
  if (rows_ == 0) {
    const std::uint64_t line = first_line_ + 1;
    return error_ = Error::at(line, 1,
                              dropped_ > 0 ? "every row (" + std::to_string(dropped_) +
                                                 ") has a missing value and was dropped; "
                                                 "expected at least one complete row"
                                           : "expected rows of data after the header, "
                                             "found the end of the file");
  }
  Dataset built;
  const std::size_t bytes = rows_ * features_ * bytes_of(options_.dtype);
  void* values = std::realloc(values_, bytes);  // shrinks in place
  if (values != nullptr) values_ = values;
  built.x = Matrix::adopt(values_, rows_, features_, options_.dtype, true);
  values_ = nullptr;
  if (dialect_.header) {
    built.feature_names.resize(features_);
    for (std::size_t j = 0; j < columns_; ++j) {
      if (roles_[j] < features_) built.feature_names[roles_[j]] = header_[j];
    }
  }
  if (options_.label.kind != ColumnRef::Kind::none) {
    // Numbers when every label is one, strings otherwise; encoded once per distinct text.
    std::vector<std::uint32_t> text_class;
    bool numeric = true;
    std::vector<double> numbers;
    for (const auto& text : label_texts_) {
      const ParsedNumber n = parse_number(text);
      numeric = numeric && n.kind == NumberKind::number;
      numbers.push_back(n.value);
    }
    const Status s = numeric ? encode_labels(numbers, "label", built.classes, text_class)
                             : encode_labels(label_texts_, "label", built.classes, text_class);
    if (!s.ok()) return error_ = {s, 0, 0};
    built.class_index = std::move(row_labels_);
    for (auto& c : built.class_index) c = text_class[c];
  }
  out = std::move(built);
  dropped_rows = dropped_;
  return {};
}

bool DatasetReader::field(std::string_view text, bool) {
  const std::size_t j = fields_in_row_++;
  if (first_record_) {
    if (j == 0) first_line_ = tokenizer_->record_line();
    first_fields_.emplace_back(text);
    return true;
  }
  if (j >= columns_) return true;  // a ragged row: end_row reports it
  if (j == 0 && features_ > 0 && !grow()) return false;
  const std::uint32_t role = roles_[j];
  if (role < features_) return store_value(role, text);
  if (role == label) {
    label_text_.assign(trim_js_space(text));
    if (is_missing(label_text_)) {
      if (!options_.drop_missing) {
        return fail(Error::at(tokenizer_->line(), j + 1,
                              "missing label (" + shown(text) +
                                  "); expected a value (missing: 'drop' drops such rows)"));
      }
      row_missing_ = true;
    }
  }
  return true;
}

bool DatasetReader::store_value(std::size_t k, std::string_view text) {
  const ParsedNumber n = parse_number(text);
  if (n.kind == NumberKind::number) [[likely]] {
    const std::size_t at = rows_ * features_ + k;
    if (options_.dtype == DType::float64) {
      static_cast<double*>(values_)[at] = n.value;
    } else {
      // A finite double beyond float32's range rounds to infinity, which the matrix, adopted
      // as finite, must not hold.
      const float value = static_cast<float>(n.value);
      if (!std::isfinite(value)) [[unlikely]] {
        return fail(Error::at(tokenizer_->line(), fields_in_row_,
                              "expected a number within float32's range (dtype: 'float32'), "
                              "found " +
                                  shown(text)));
      }
      static_cast<float*>(values_)[at] = value;
    }
    return true;
  }
  const std::uint64_t column = fields_in_row_;
  if (n.kind == NumberKind::missing) {
    if (options_.drop_missing) {
      row_missing_ = true;
      return true;
    }
    return fail(Error::at(tokenizer_->line(), column,
                          "missing value (" + shown(text) +
                              "); expected a number (missing: 'drop' drops such rows)"));
  }
  return fail(Error::at(tokenizer_->line(), column,
                        std::string(n.kind == NumberKind::not_finite ? "expected a finite number"
                                                                     : "expected a number") +
                            ", found " + shown(text)));
}

// Room for row rows_: the block grows by half when it is full (a realloc, which may copy it).
bool DatasetReader::grow() {
  const std::size_t row_bytes = features_ * bytes_of(options_.dtype);
  const std::size_t needed = (rows_ + 1) * row_bytes;
  if (needed <= capacity_) return true;
  if (rows_ + 1 > std::numeric_limits<std::uint32_t>::max() || needed / row_bytes != rows_ + 1) {
    return fail(Error::at(tokenizer_->record_line(), 1,
                          "too many rows: a dataset holds at most 4294967295"));
  }
  const std::size_t capacity =
      std::max<std::size_t>({needed, capacity_ + capacity_ / 2, std::size_t{1} << 16});
  if (!resize(capacity) && !resize(needed)) {
    return fail(Error::at(tokenizer_->record_line(), 1,
                          "cannot allocate " + std::to_string(needed) +
                              " bytes for the rows read so far: out of memory"));
  }
  return true;
}

bool DatasetReader::resize(std::size_t capacity) {
  void* values = std::realloc(values_, capacity);
  if (values == nullptr) return false;
  values_ = values;
  capacity_ = capacity;
  return true;
}

// With the text's size known (expected_bytes), the rows of the sample tell how many rows the
// whole text holds: the block is reserved once for that many (5% more), so that it rarely grows
// by copying (which would hold the old block and the new one at once).
void DatasetReader::reserve_expected(std::size_t sample_size) {
  const std::uint64_t read = rows_ + dropped_;
  if (options_.expected_bytes <= sample_size || read == 0 || features_ == 0) return;
  const double rows = static_cast<double>(options_.expected_bytes) * static_cast<double>(read) /
                          static_cast<double>(sample_size) * 1.05 +
                      16;
  const double bytes = rows * static_cast<double>(features_ * bytes_of(options_.dtype));
  if (bytes > static_cast<double>(capacity_) && bytes < 4294967296.0) {
    if (resize(static_cast<std::size_t>(bytes)))
      row_labels_.reserve(static_cast<std::size_t>(rows));
  }
}

bool DatasetReader::end_row() {
  const std::size_t found = fields_in_row_;
  fields_in_row_ = 0;
  if (first_record_) {
    first_record_ = false;
    if (!resolve_columns()) return false;
    if (dialect_.header) {
      header_ = std::move(first_fields_);
      return true;
    }
    // The first record is data: read it as any other.
    auto fields = std::move(first_fields_);
    for (const auto& f : fields) {
      if (!field(f, false)) return false;
    }
    return end_row();
  }
  if (found != columns_) {
    return fail(Error::at(tokenizer_->record_line(), std::min(found, columns_) + 1,
                          "expected " + std::to_string(columns_) + " fields (as on line " +
                              std::to_string(first_line_) + "), found " + std::to_string(found)));
  }
  if (row_missing_) {
    row_missing_ = false;
    ++dropped_;
    return true;
  }
  if (options_.label.kind != ColumnRef::Kind::none) row_labels_.push_back(label_id());
  ++rows_;
  return true;
}

// The index of label_text_ among the distinct label texts, added when new: an open-addressing
// hash table of indices into label_texts_, at most half full.
std::uint32_t DatasetReader::label_id() {
  if (2 * (label_texts_.size() + 1) > label_slots_.size()) {
    std::vector<std::uint32_t> slots(std::max<std::size_t>(16, 2 * label_slots_.size()), skip);
    const std::size_t mask = slots.size() - 1;
    for (std::uint32_t id = 0; id < label_texts_.size(); ++id) {
      std::size_t at = hash_of(label_texts_[id]) & mask;
      while (slots[at] != skip) at = (at + 1) & mask;
      slots[at] = id;
    }
    label_slots_ = std::move(slots);
  }
  const std::size_t mask = label_slots_.size() - 1;
  for (std::size_t at = hash_of(label_text_) & mask;; at = (at + 1) & mask) {
    const std::uint32_t id = label_slots_[at];
    if (id == skip) {
      label_slots_[at] = static_cast<std::uint32_t>(label_texts_.size());
      label_texts_.push_back(label_text_);
      return label_slots_[at];
    }
    if (label_texts_[id] == label_text_) return id;
  }
}

// The roles of the file's columns, from the first record (the header or the first row).
bool DatasetReader::resolve_columns() {
  columns_ = first_fields_.size();
  const bool named = dialect_.header;
  if (named) {
    for (std::size_t j = 0; j < columns_; ++j) {
      for (std::size_t i = 0; i < j; ++i) {
        if (first_fields_[i] == first_fields_[j]) {
          return fail(Error::at(first_line_, j + 1,
                                "duplicate column name " + shown(first_fields_[j]) +
                                    " (also column " + std::to_string(i + 1) +
                                    "); expected distinct names"));
        }
      }
    }
  }
  // A column reference as a 0-based index, or an error naming what the file has.
  auto find = [&](const ColumnRef& ref, const char* option, std::size_t& out) {
    if (ref.kind == ColumnRef::Kind::index && ref.index < columns_) {
      out = ref.index;
      return true;
    }
    if (ref.kind == ColumnRef::Kind::name && named) {
      const auto it = std::find(first_fields_.begin(), first_fields_.end(), ref.name);
      if (it != first_fields_.end()) {
        out = static_cast<std::size_t>(it - first_fields_.begin());
        return true;
      }
    }
    std::string has = "the file has " + std::to_string(columns_) + " columns";
    if (ref.kind == ColumnRef::Kind::name && !named) has += " and no header";
    if (ref.kind == ColumnRef::Kind::name && named) {
      has += ":";
      for (std::size_t j = 0; j < columns_ && j < 20; ++j) {
        has += ' ';
        has += shown(first_fields_[j]);
      }
      if (columns_ > 20) has += " ...";
    }
    return fail(Error::at(first_line_, 1,
                          std::string(option) + " names no column of the file (" +
                              describe_column(ref) + "); " + has));
  };
  roles_.assign(columns_, skip);
  std::size_t label_column = columns_;
  if (options_.label.kind == ColumnRef::Kind::last) {
    label_column = columns_ - 1;
  } else if (options_.label.kind != ColumnRef::Kind::none &&
             !find(options_.label, "label", label_column)) {
    return false;
  }
  if (label_column < columns_) roles_[label_column] = label;
  if (options_.all_features) {
    for (std::size_t j = 0; j < columns_; ++j) {
      if (roles_[j] == skip) roles_[j] = static_cast<std::uint32_t>(features_++);
    }
  } else {
    for (std::size_t k = 0; k < options_.features.size(); ++k) {
      std::size_t j = 0;
      const std::string option = "features[" + std::to_string(k) + "]";
      if (!find(options_.features[k], option.c_str(), j)) return false;
      if (roles_[j] != skip) {
        return fail(Error::at(first_line_, j + 1,
                              option + " names column " + std::to_string(j + 1) + " (" +
                                  describe_column(options_.features[k]) + "), which is " +
                                  (roles_[j] == label ? "the label" : "already a feature")));
      }
      roles_[j] = static_cast<std::uint32_t>(features_++);
    }
  }
  if (features_ == 0) {
    return fail(Error::at(first_line_, 1,
                          "expected at least one feature column; the file has " +
                              std::to_string(columns_) +
                              (columns_ == 1 ? " column, the label" : " columns")));
  }
  return true;
}

}  // namespace perceptron::csv
