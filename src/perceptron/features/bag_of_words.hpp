// A bag of words over tokens the caller has already cut (the JS layer tokenizes with
// Intl.Segmenter): one row per text, one column per term, a term being an n-gram of the text's
// tokens joined by one space, n from ngram.min to ngram.max; its value the term's count in the
// text, 1 with binary. Columns: a given vocabulary (other terms left out), the texts' own terms
// sorted by code point, or hashing (feature_map.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/features/feature_map.hpp"
#include "perceptron/features/named_rows.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

struct NgramRange {
  std::size_t min = 1;
  std::size_t max = 1;
};

// The ngram option, [min, max] as a JS array's items: a RangeError unless two integers with
// 1 <= min <= max.
Status read_ngram(const std::vector<OptionValue>& items, NgramRange& out);
// The same as given: `value`, and its items when it is an array (nullopt: a TypeError).
Status read_ngram(const OptionValue& value, const std::optional<std::vector<OptionValue>>& items,
                  NgramRange& out);
// The vocabulary option as given (`value`, and its items when it is an array): a TypeError
// unless an array of strings.
Status read_terms(const OptionValue& value, const std::optional<std::vector<OptionValue>>& items,
                  std::vector<std::string>& out);

// Each text's terms (row i of `tokens` is text i's tokens; their values are unused) with their
// counts (1 with binary), each term once per row, in the order first seen.
NamedRows count_terms(const NamedRows& tokens, NgramRange ngram, bool binary);

struct BagOfWordsOptions {
  NgramRange ngram;
  bool binary = false;
  std::optional<OptionValue> hashing_bits;             // hashing {bits}
  std::optional<std::vector<std::string>> vocabulary;  // the columns' terms, in order
};

// The options checked together, before the texts are read: hashing's bits, and not both
// vocabulary and hashing (a TypeError).
Status check_bag_of_words(const BagOfWordsOptions& options);

// The texts' bag of words as a sparse matrix, and the map of its columns (`map.vocabulary()`
// names them; none with hashing). With binary and hashing every stored value is 1, as
// scikit-learn's HashingVectorizer(binary=True) fills its data after the signed sums. A
// RangeError when the texts hold no term.
Status bag_of_words(const NamedRows& tokens, const BagOfWordsOptions& options, Matrix& out,
                    FeatureMap& map);

}  // namespace perceptron
