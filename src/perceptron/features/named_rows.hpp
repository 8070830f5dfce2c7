// Rows of named features as the bindings hand them over in bulk: the distinct names' UTF-8 bytes
// one after another (one string, not one call per name), and for each entry its name's id and
// its value, with where each row starts, CSR-like. Row i holds the entries indptr[i] ..
// indptr[i + 1] - 1 in the order the caller gave them (a JS record's own keys, a token's feature
// names, a text's terms); a name may repeat within a row, and the values of names that reach the
// same column add up in that order (feature_map.hpp). Each name is mapped to its column once,
// however often it occurs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace perceptron {

// Names, one after another: name k is bytes[ends[k - 1] .. ends[k]) (from 0 for k = 0).
class NameList {
 public:
  std::size_t size() const { return ends_.size(); }
  std::string_view operator[](std::size_t k) const {
    const std::size_t begin = k == 0 ? 0 : ends_[k - 1];
    return std::string_view(bytes_).substr(begin, ends_[k] - begin);
  }
  void push_back(std::string_view name) {
    bytes_.append(name);
    ends_.push_back(static_cast<std::uint32_t>(bytes_.size()));
  }
  // Names as JS hands them over in bulk: their UTF-8 each followed by one "\0" byte (one
  // TextEncoder call on the names joined by "\0"), with each one's length in UTF-16 code units
  // (what JS knows without encoding the names one by one). A name may hold "\0" itself: its
  // end is found by walking its UTF-8 (a 4-byte sequence is two UTF-16 units, the others one).
  static NameList from_joined(std::string joined, const std::vector<std::uint32_t>& utf16_lengths);

 private:
  std::string bytes_;
  std::vector<std::uint32_t> ends_;
};

// Names to ids, looked up by string_view without building a std::string. One type for the
// vocabulary and the builder below, so that the hash table's code is in the .wasm once.
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using NameIndex = std::unordered_map<std::string, std::uint32_t, NameHash, std::equal_to<>>;
// Adds `name` with `id` unless it is there; whether it was added.
bool add_name(NameIndex& index, std::string_view name, std::uint32_t id);

// Each entry of a row is a name (an id into `names`) and its value.
struct NamedRows {
  NameList names;                        // the names, each once (the bindings send them so)
  std::vector<std::uint32_t> ids;        // entry k's name: names[ids[k]]
  std::vector<double> values;            // entry k's value; empty: every value is 1 (tokens)
  std::vector<std::uint32_t> indptr{0};  // rows + 1 offsets into the entries

  std::size_t rows() const { return indptr.size() - 1; }
  // Ends row i, after its entries were added.
  void end_row() { indptr.push_back(static_cast<std::uint32_t>(ids.size())); }
};

// NamedRows from names given one entry at a time, each name stored once.
class NamedRowsBuilder {
 public:
  // The id of `name`, added to the names if new.
  std::uint32_t intern(std::string_view name);
  void add(std::string_view name, double value = 1) {
    rows_.ids.push_back(intern(name));
    rows_.values.push_back(value);
  }
  void end_row() { rows_.end_row(); }
  NamedRows& rows() { return rows_; }

 private:
  NamedRows rows_;
  NameIndex ids_;
};

}  // namespace perceptron
