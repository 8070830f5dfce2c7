// Feature hashing as scikit-learn's HashingVectorizer (alternate_sign=True): a name's column
// and sign among 2^bits columns, from MurmurHash3_x86_32 of its UTF-8 bytes with seed 0.
#pragma once

#include <cstdint>
#include <string_view>

#include "perceptron/support/options.hpp"

namespace perceptron {

// Austin Appleby's MurmurHash3_x86_32 (SMHasher) of `bytes` with `seed`, read little-endian as
// the reference does on x86 (and as wasm is).
std::uint32_t murmur3_x86_32(std::string_view bytes, std::uint32_t seed = 0);

struct HashedColumn {
  std::uint32_t column = 0;
  bool negative = false;  // the name adds -value to its column
};

// h = MurmurHash3 of the name read as a signed 32-bit integer; the column is |h| mod 2^bits,
// as scikit-learn computes it (|-2^31| stays 2^31, so h = -2^31 goes to column 0), negated
// when h < 0. `bits` is from 1 to 24 (hashing_bits_spec).
HashedColumn hashed_column(std::string_view name, unsigned bits);

// The hashing option's bits: an integer from 1 to 24 (2^24 columns: a model keeps a weight per
// column and per class in wasm's 4 GB).
OptionSpec hashing_bits_spec();
inline constexpr unsigned max_hashing_bits = 24;

}  // namespace perceptron
