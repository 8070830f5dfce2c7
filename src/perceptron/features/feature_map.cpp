#include "perceptron/features/feature_map.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "perceptron/data/sparse_row.hpp"
#include "perceptron/features/murmur3.hpp"

namespace perceptron {

FeatureMap::FeatureMap() = default;
FeatureMap::~FeatureMap() = default;
FeatureMap::FeatureMap(const FeatureMap&) = default;
FeatureMap::FeatureMap(FeatureMap&&) noexcept = default;
FeatureMap& FeatureMap::operator=(const FeatureMap&) = default;
FeatureMap& FeatureMap::operator=(FeatureMap&&) noexcept = default;

const std::vector<std::string>& FeatureMap::vocabulary() const {
  static const std::vector<std::string> none;
  return vocabulary_ ? vocabulary_->names() : none;
}

Status FeatureMap::hashing(const OptionValue& bits, FeatureMap& out) {
  if (Status s = hashing_bits_spec().check(bits); !s.ok()) return s;
  out = FeatureMap();
  out.bits_ = static_cast<unsigned>(std::get<double>(bits));
  return Status::success();
}

Status FeatureMap::restore(std::vector<std::string> names, std::size_t n_features,
                           FeatureMap& out) {
  if (names.size() != n_features) {
    return Status::range_error(
        "field vocabulary must hold nFeatures = " + std::to_string(n_features) +
        " names; received " + std::to_string(names.size()));
  }
  return from_names(std::move(names), "field vocabulary", "names", out);
}

Status FeatureMap::given(std::vector<std::string> names, FeatureMap& out) {
  return from_names(std::move(names), "option vocabulary", "terms", out);
}

Status FeatureMap::from_names(std::vector<std::string> names, const std::string& argument,
                              const std::string& noun, FeatureMap& out) {
  Vocabulary vocabulary;
  if (Status s = Vocabulary::restore(std::move(names), argument, noun, vocabulary); !s.ok()) {
    return s;
  }
  out = FeatureMap();
  out.vocabulary_ = std::make_shared<const Vocabulary>(std::move(vocabulary));
  return Status::success();
}

Status FeatureMap::learned(const NamedRows& rows, const std::string& what, const std::string& unit,
                           FeatureMap& out) const {
  FeatureMap map;  // hashing keeps its bits (and has no vocabulary); a vocabulary is learned anew
  if (hashed()) {
    map.bits_ = bits_;
  } else {
    map.vocabulary_ = std::make_shared<const Vocabulary>(Vocabulary::learn(rows.names));
  }
  if (map.cols() == 0) {
    return Status::range_error(what + " hold no feature name; received " +
                               std::to_string(rows.rows()) + " empty " + unit);
  }
  out = std::move(map);
  return Status::success();
}

Status FeatureMap::to_csr(const NamedRows& rows, const std::string& argument, Matrix& out) const {
  if (cols() == 0) {
    return Status::type_error(argument +
                              " holds records {feature: value}, but the model has no feature "
                              "names: it was fitted on arrays (or not yet), or give the hashing "
                              "option");
  }
  // Each name's column once: -1 - column for a name whose value is negated (a negative hash),
  // `absent` for a name outside the vocabulary.
  constexpr std::int64_t absent = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> column(rows.names.size(), absent);
  for (std::size_t id = 0; id < rows.names.size(); ++id) {
    if (hashed()) {
      const HashedColumn h = hashed_column(rows.names[id], bits_);
      column[id] = h.negative ? -1 - std::int64_t{h.column} : std::int64_t{h.column};
    } else if (const auto j = vocabulary_->find(rows.names[id])) {
      column[id] = *j;
    }
  }
  std::vector<std::uint32_t> indices;
  std::vector<double> values;
  indices.reserve(rows.ids.size());
  values.reserve(rows.ids.size());
  std::vector<std::uint32_t> indptr(rows.rows() + 1, 0);
  SparseEntries scratch;
  for (std::size_t i = 0; i < rows.rows(); ++i) {
    const std::size_t start = indices.size();
    bool sorted = true;
    for (std::size_t k = rows.indptr[i]; k < rows.indptr[i + 1]; ++k) {
      const std::int64_t c = column[rows.ids[k]];
      if (c == absent) continue;
      const double value = rows.values.empty() ? 1.0 : rows.values[k];
      const auto j = static_cast<std::uint32_t>(c < 0 ? -1 - c : c);
      sorted = sorted && (indices.size() == start || j > indices.back());
      indices.push_back(j);
      values.push_back(c < 0 ? -value : value);
    }
    if (!sorted) {
      const std::size_t kept =
          canonical_row(indices.data(), values.data(), start, indices.size(), start, scratch);
      indices.resize(start + kept);
      values.resize(start + kept);
    }
    indptr[i + 1] = static_cast<std::uint32_t>(indices.size());
  }
  Matrix m;
  if (Status s =
          Matrix::allocate_sparse(rows.rows(), cols(), indices.size(), DType::float64, argument, m);
      !s.ok()) {
    return s;
  }
  std::copy(indptr.begin(), indptr.end(), m.indptr());
  std::copy(indices.begin(), indices.end(), m.indices());
  if (!values.empty()) std::memcpy(m.data(), values.data(), values.size() * sizeof(double));
  out = std::move(m);
  return Status::success();
}

}  // namespace perceptron
