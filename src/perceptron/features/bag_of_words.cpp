#include "perceptron/features/bag_of_words.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace perceptron {

Status read_ngram(const std::vector<OptionValue>& items, NgramRange& out) {
  // An integer >= 1 (any size: n-grams longer than a text are none), or 0 when it is not.
  const auto count = [](const OptionValue& v) {
    const double* n = std::get_if<double>(&v);
    return n && std::isfinite(*n) && *n >= 1 && std::floor(*n) == *n ? *n : 0.0;
  };
  const double min = items.size() == 2 ? count(items[0]) : 0;
  const double max = items.size() == 2 ? count(items[1]) : 0;
  if (min == 0 || max == 0 || min > max) {
    return option_error(false, "ngram", "[min, max] with integers 1 <= min <= max",
                        OtherValue{"an array of length " + std::to_string(items.size())});
  }
  const double cap = 4294967295.0;  // no text holds more tokens (fits a 32-bit size_t)
  out = {static_cast<std::size_t>(std::min(min, cap)),
         static_cast<std::size_t>(std::min(max, cap))};
  return Status::success();
}

Status read_ngram(const OptionValue& value, const std::optional<std::vector<OptionValue>>& items,
                  NgramRange& out) {
  if (!items) {
    return option_error(true, "ngram", "[min, max] with integers 1 <= min <= max", value);
  }
  return read_ngram(*items, out);
}

Status read_terms(const OptionValue& value, const std::optional<std::vector<OptionValue>>& items,
                  std::vector<std::string>& out) {
  out.clear();
  for (std::size_t k = 0; items && k < items->size(); ++k) {
    const auto* term = std::get_if<std::string>(&(*items)[k]);
    if (term == nullptr) break;
    out.push_back(*term);
  }
  if (!items || out.size() != items->size()) {
    return option_error(true, "vocabulary", "an array of terms", value);
  }
  return Status::success();
}

NamedRows count_terms(const NamedRows& tokens, NgramRange ngram, bool binary) {
  NamedRowsBuilder terms;
  NamedRows& out = terms.rows();
  // For each term id, its entry in the row it was last counted in (ids count up from 0).
  std::vector<std::size_t> entry;
  std::string term;
  for (std::size_t i = 0; i < tokens.rows(); ++i) {
    const std::size_t first = tokens.indptr[i];
    const std::size_t length = tokens.indptr[i + 1] - first;
    const std::size_t row_start = out.ids.size();  // this row's entries start here
    const auto token = [&](std::size_t k) { return tokens.names[tokens.ids[first + k]]; };
    for (std::size_t n = ngram.min; n <= ngram.max && n <= length; ++n) {
      for (std::size_t k = 0; k + n <= length; ++k) {
        term.assign(token(k));
        for (std::size_t m = 1; m < n; ++m) {
          term += ' ';
          term.append(token(k + m));
        }
        const std::uint32_t id = terms.intern(term);
        if (id < entry.size() && entry[id] >= row_start) {
          if (!binary) out.values[entry[id]] += 1;
          continue;
        }
        if (id == entry.size()) entry.push_back(0);
        entry[id] = out.ids.size();
        out.ids.push_back(id);
        out.values.push_back(1);
      }
    }
    out.end_row();
  }
  return std::move(out);
}

Status check_bag_of_words(const BagOfWordsOptions& options) {
  FeatureMap unused;
  if (options.hashing_bits) {
    if (Status s = FeatureMap::hashing(*options.hashing_bits, unused); !s.ok()) return s;
    if (options.vocabulary) {
      return Status::type_error("give option vocabulary or option hashing, not both");
    }
  }
  return Status::success();
}

Status bag_of_words(const NamedRows& tokens, const BagOfWordsOptions& options, Matrix& out,
                    FeatureMap& map) {
  if (Status s = check_bag_of_words(options); !s.ok()) return s;
  const NamedRows terms = count_terms(tokens, options.ngram, options.binary);
  FeatureMap columns;
  if (options.hashing_bits) {
    FeatureMap::hashing(*options.hashing_bits, columns);
  } else if (options.vocabulary) {
    if (Status s = FeatureMap::given(*options.vocabulary, columns); !s.ok()) return s;
  } else {
    columns.learned(terms, "", "", columns);
  }
  if (columns.cols() == 0) {
    return Status::range_error("the texts hold no term (no word in any of them)");
  }
  Matrix m;
  if (Status s = columns.to_csr(terms, "texts", m); !s.ok()) return s;
  if (options.binary && columns.hashed()) {
    double* values = static_cast<double*>(m.data());
    std::fill(values, values + m.stored(), 1.0);
  }
  out = std::move(m);
  map = std::move(columns);
  return Status::success();
}

}  // namespace perceptron
