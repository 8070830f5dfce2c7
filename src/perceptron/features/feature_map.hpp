// The columns of named features: a vocabulary (vocabulary.hpp) or feature hashing with 2^bits
// columns (murmur3.hpp). It maps rows of named features (named_rows.hpp) to sparse rows (CSR,
// data/matrix.hpp), and is what a model keeps of its feature names: learned at fit (or a first
// partialFit) and saved in its JSON as the vocabulary field, or rebuilt from the hashing option.
//
// A row's names go to their columns in the order given; a name outside the vocabulary is left
// out; a hashed name with a negative hash adds -value. The values that reach one column add up
// in the order given (data/sparse_row.hpp, as Matrix::finish_sparse does), as a dense row built
// from them would hold them.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/features/named_rows.hpp"
#include "perceptron/features/vocabulary.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

class FeatureMap {
 public:
  // A map without columns: a model fitted on arrays, or not fitted yet.
  FeatureMap();
  // Out of line, so that every caller calls one copy instead of inlining its own.
  ~FeatureMap();
  FeatureMap(const FeatureMap&);
  FeatureMap(FeatureMap&&) noexcept;
  FeatureMap& operator=(const FeatureMap&);
  FeatureMap& operator=(FeatureMap&&) noexcept;
  // Hashing into 2^bits columns; `bits` is checked against hashing_bits_spec (a TypeError when it
  // is not a number, a RangeError out of 1..24).
  static Status hashing(const OptionValue& bits, FeatureMap& out);
  // A saved vocabulary (a model's field vocabulary): distinct names, `n_features` of them.
  static Status restore(std::vector<std::string> names, std::size_t n_features, FeatureMap& out);
  // The vocabulary bagOfWords is given: distinct terms, any number of them.
  static Status given(std::vector<std::string> names, FeatureMap& out);

  bool hashed() const { return bits_ != 0; }
  unsigned bits() const { return bits_; }
  std::size_t cols() const {
    return hashed() ? std::size_t{1} << bits_ : vocabulary_ ? vocabulary_->size() : 0;
  }
  // The vocabulary's names by column (none with hashing).
  const std::vector<std::string>& vocabulary() const;

  // The map a call learns from `rows`: a vocabulary of every name in them (hashing: this map).
  // A RangeError when they hold no name: "<what> hold no feature name; received <n> empty
  // <unit>" (what: "X's records", unit: "records").
  Status learned(const NamedRows& rows, const std::string& what, const std::string& unit,
                 FeatureMap& out) const;
  // `rows` as a sparse float64 matrix over cols() columns, canonical (sparse_row.hpp). A
  // TypeError naming `argument` when the map has no column (a model fitted on arrays).
  Status to_csr(const NamedRows& rows, const std::string& argument, Matrix& out) const;

 private:
  // A vocabulary of `names` in their order; a RangeError naming `argument` unless distinct.
  static Status from_names(std::vector<std::string> names, const std::string& argument,
                           const std::string& noun, FeatureMap& out);

  unsigned bits_ = 0;
  // Never changed once built, so the copies an all-or-nothing call makes share it (none: no
  // column).
  std::shared_ptr<const Vocabulary> vocabulary_;
};

}  // namespace perceptron
