// Named features and text (src/perceptron/features/): a model's records as named rows for its
// feature map (DatasetHandle::set_named) or the structured perceptron's (rows_of), bagOfWords
// over tokens, MurmurHash3.
//
// Names arrive in bulk, never one call per name: the UTF-8 of the distinct ones joined by "\0"
// (one TextEncoder call in JS), with each one's length in UTF-16 code units (what JS knows without
// encoding the names one by one; NameList::from_joined reads them). Rows also bring each entry's
// name id (a Uint32Array), its value (a Float64Array, or undefined for tokens) and indptr (rows + 1
// offsets into the entries).
#include "dataset.hpp"
#include "perceptron/features/bag_of_words.hpp"
#include "perceptron/features/feature_map.hpp"
#include "perceptron/features/murmur3.hpp"

namespace perceptron::wasm {
NamedRows rows_of(std::string joined, const val& lengths, const val& ids, const val& values,
                  const val& indptr) {
  NamedRows rows;
  rows.names = NameList::from_joined(std::move(joined), to_indices(lengths));
  if (!ids.isUndefined()) rows.ids = to_indices(ids);
  if (!values.isUndefined()) rows.values = to_doubles(values);
  rows.indptr = to_indices(indptr);
  return rows;
}

namespace {

// The texts' tokens and bagOfWords' options {ngram, binary, hashing: {bits}, vocabulary} (all
// read by the core) in, {indptr, indices, values, cols, vocabulary} out (vocabulary: [] with
// hashing).
val bag_of_words_of(std::string joined, const val& lengths, const val& ids, const val& indptr,
                    const val& o) {
  BagOfWordsOptions options;
  options.binary = o["binary"].as<bool>();
  if (!o["hashing"].isUndefined()) options.hashing_bits = option_value(o["hashing"]["bits"]);
  Matrix m;
  FeatureMap map;
  const NamedRows tokens = rows_of(std::move(joined), lengths, ids, val::undefined(), indptr);
  Status s = read_ngram(option_value(o["ngram"]), array_option(o, "ngram"), options.ngram);
  if (s.ok() && !o["vocabulary"].isUndefined()) {
    s = read_terms(option_value(o["vocabulary"]), array_option(o, "vocabulary"),
                   options.vocabulary.emplace());
  }
  if (s.ok()) s = bag_of_words(tokens, options, m, map);
  if (!s.ok()) return error_object(s);
  val out = val::object();
  out.set("indptr", copy_out(m.indptr(), m.rows() + 1));
  out.set("indices", copy_out(m.indices(), m.stored()));
  out.set("values", copy_out(static_cast<const double*>(m.data()), m.stored()));
  out.set("cols", static_cast<double>(m.cols()));
  out.set("vocabulary", strings_out(map.vocabulary()));
  return out;
}

// MurmurHash3 and a name's hashed column, for tests of the hashing (tests/js/text.test.mjs): the
// package itself hashes inside the core's feature map.
double murmur3_of(const std::string& bytes, double seed) {
  return murmur3_x86_32(bytes, static_cast<std::uint32_t>(seed));
}

val hashed_column_of(const std::string& name, double bits) {
  const HashedColumn h = hashed_column(name, static_cast<unsigned>(bits));
  val out = val::object();
  out.set("column", h.column);
  out.set("sign", h.negative ? -1 : 1);
  return out;
}

}  // namespace

void DatasetHandle::set_named(std::string joined, const val& lengths, const val& ids,
                              const val& values, const val& indptr) {
  data_ = Dataset();
  names_ = rows_of(std::move(joined), lengths, ids, values, indptr);
}

EMSCRIPTEN_BINDINGS(perceptron_features) {
  emscripten::function("bagOfWords", &bag_of_words_of);
  emscripten::function("murmur3", &murmur3_of);
  emscripten::function("hashedColumn", &hashed_column_of);
}

}  // namespace perceptron::wasm
