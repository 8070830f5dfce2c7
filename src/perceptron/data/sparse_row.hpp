// One sparse row made canonical: its entries sorted by column, the values of a repeated column
// added up in the order given (in double), as a dense row built from the entries would hold them.
// Matrix::finish_sparse applies it to every row given in any order, and features/feature_map.cpp
// to rows of named features as it builds them. A header, so that each caller compiles the loop
// with its own optimization level (feature maps run it once per record, at -O3 in WASM).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace perceptron {

// Scratch space kept from row to row.
using SparseEntries = std::vector<std::pair<std::uint32_t, double>>;

// Sorts entries begin .. end - 1 of `columns` and `values` by column (stable) and adds up a
// repeated column's values, then writes them back from `to`; returns how many it kept. A short
// row (a record's names, a text's terms) is sorted by insertion, which is stable too and
// allocates nothing. static: each file keeps its own copy, so the linker cannot pick the -Oz one
// for the -O3 callers (a shared template instance is kept once).
template <typename T>
static std::size_t canonical_row(std::uint32_t* columns, T* values, std::size_t begin,
                                 std::size_t end, std::size_t to, SparseEntries& entries) {
  entries.clear();
  for (std::size_t k = begin; k < end; ++k) entries.emplace_back(columns[k], values[k]);
  if (entries.size() <= 64) {
    for (std::size_t k = 1; k < entries.size(); ++k) {
      const auto entry = entries[k];
      std::size_t j = k;
      for (; j > 0 && entries[j - 1].first > entry.first; --j) entries[j] = entries[j - 1];
      entries[j] = entry;
    }
  } else {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  std::size_t kept = 0;
  double sum = 0;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    sum = k > 0 && entries[k].first == entries[k - 1].first ? sum + entries[k].second
                                                            : entries[k].second;
    const bool last = k + 1 == entries.size() || entries[k + 1].first != entries[k].first;
    if (!last) continue;
    columns[to + kept] = entries[k].first;
    values[to + kept] = static_cast<T>(sum);
    ++kept;
  }
  return kept;
}

}  // namespace perceptron
