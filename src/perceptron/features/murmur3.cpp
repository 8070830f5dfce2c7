#include "perceptron/features/murmur3.hpp"

namespace perceptron {

namespace {

constexpr std::uint32_t rotl(std::uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

constexpr std::uint32_t c1 = 0xcc9e2d51;
constexpr std::uint32_t c2 = 0x1b873593;

constexpr std::uint32_t mix_block(std::uint32_t k) { return rotl(k * c1, 15) * c2; }

}  // namespace

std::uint32_t murmur3_x86_32(std::string_view bytes, std::uint32_t seed) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t length = bytes.size();
  const std::size_t blocks = length / 4;
  std::uint32_t h = seed;
  for (std::size_t i = 0; i < blocks; ++i) {
    const unsigned char* p = data + i * 4;
    const std::uint32_t k =
        static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
        static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
    h ^= mix_block(k);
    h = rotl(h, 13) * 5 + 0xe6546b64;
  }
  const unsigned char* tail = data + blocks * 4;
  std::uint32_t k = 0;
  switch (length & 3) {
    case 3:
      k ^= static_cast<std::uint32_t>(tail[2]) << 16;
      [[fallthrough]];
    case 2:
      k ^= static_cast<std::uint32_t>(tail[1]) << 8;
      [[fallthrough]];
    case 1:
      k ^= tail[0];
      h ^= mix_block(k);
  }
  h ^= static_cast<std::uint32_t>(length);
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}

HashedColumn hashed_column(std::string_view name, unsigned bits) {
  const std::uint32_t h = murmur3_x86_32(name);
  const bool negative = (h & 0x80000000u) != 0;
  // |h| as an unsigned 32-bit value: -2^31 gives 2^31, whose remainder mod 2^bits is 0.
  const std::uint32_t magnitude = negative ? 0u - h : h;
  return {magnitude & ((1u << bits) - 1), negative};
}

OptionSpec hashing_bits_spec() { return integer_spec("hashing.bits", 1, max_hashing_bits); }

}  // namespace perceptron
