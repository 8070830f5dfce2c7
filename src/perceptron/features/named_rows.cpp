#include "perceptron/features/named_rows.hpp"

namespace perceptron {

NameList NameList::from_joined(std::string joined,
                               const std::vector<std::uint32_t>& utf16_lengths) {
  NameList list;
  list.ends_.resize(utf16_lengths.size());
  std::size_t from = 0, to = 0;  // the separators are dropped in place
  for (std::size_t k = 0; k < utf16_lengths.size(); ++k) {
    for (std::size_t left = utf16_lengths[k]; left > 0 && from < joined.size();) {
      const auto lead = static_cast<unsigned char>(joined[from]);
      const std::size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      for (std::size_t b = 0; b < n && from < joined.size(); ++b) joined[to++] = joined[from++];
      left -= n == 4 && left > 1 ? 2 : 1;
    }
    list.ends_[k] = static_cast<std::uint32_t>(to);
    ++from;  // the "\0" after the name
  }
  joined.resize(to);
  list.bytes_ = std::move(joined);
  return list;
}

bool add_name(NameIndex& index, std::string_view name, std::uint32_t id) {
  return index.emplace(std::string(name), id).second;
}

std::uint32_t NamedRowsBuilder::intern(std::string_view name) {
  const auto at = ids_.find(name);
  if (at != ids_.end()) return at->second;
  const auto id = static_cast<std::uint32_t>(rows_.names.size());
  rows_.names.push_back(name);
  add_name(ids_, name, id);
  return id;
}

}  // namespace perceptron
