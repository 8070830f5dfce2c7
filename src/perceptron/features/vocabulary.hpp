// A vocabulary: feature names, one column each. Learned, it holds every name seen once, sorted by
// their UTF-8 bytes, which is the order of their code points (JS's compareCodePoints, Python's
// sorted on str), so the columns do not depend on the order the rows came in. A saved or given
// one keeps its order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/features/named_rows.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

class Vocabulary {
 public:
  // Every name of `names`, once, sorted by bytes.
  static Vocabulary learn(const NameList& names);
  // Names given in their column order (a saved model's vocabulary, bagOfWords' option): they must
  // be distinct, a RangeError naming `argument` ("field vocabulary") and `noun` ("names") else.
  static Status restore(std::vector<std::string> names, const std::string& argument,
                        const std::string& noun, Vocabulary& out);

  std::size_t size() const { return names_.size(); }
  const std::vector<std::string>& names() const { return names_; }
  // The name's column, or nullopt when it is not in the vocabulary.
  std::optional<std::uint32_t> find(std::string_view name) const {
    const auto at = columns_.find(name);
    if (at == columns_.end()) return std::nullopt;
    return at->second;
  }

 private:
  // Fills columns_ from names_; false when a name repeats.
  bool index();

  std::vector<std::string> names_;
  NameIndex columns_;
};

}  // namespace perceptron
