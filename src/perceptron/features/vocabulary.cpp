#include "perceptron/features/vocabulary.hpp"

#include <algorithm>

namespace perceptron {

bool Vocabulary::index() {
  columns_.clear();
  columns_.reserve(names_.size());
  for (std::size_t j = 0; j < names_.size(); ++j) {
    if (!add_name(columns_, names_[j], static_cast<std::uint32_t>(j))) return false;
  }
  return true;
}

Vocabulary Vocabulary::learn(const NameList& names) {
  Vocabulary v;
  v.names_.reserve(names.size());
  for (std::size_t k = 0; k < names.size(); ++k) v.names_.emplace_back(names[k]);
  // std::string compares as unsigned char (char_traits<char>::compare is memcmp-like), so this
  // is byte order, whatever char's signedness; a name given twice is kept once.
  std::sort(v.names_.begin(), v.names_.end());
  v.names_.erase(std::unique(v.names_.begin(), v.names_.end()), v.names_.end());
  v.index();
  return v;
}

Status Vocabulary::restore(std::vector<std::string> names, const std::string& argument,
                           const std::string& noun, Vocabulary& out) {
  Vocabulary v;
  v.names_ = std::move(names);
  if (!v.index()) return Status::range_error(argument + " must hold distinct " + noun);
  out = std::move(v);
  return Status::success();
}

}  // namespace perceptron
