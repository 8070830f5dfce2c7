#include "perceptron/csv/number.hpp"

#include <cmath>
#include <cstdint>

#include "perceptron/support/decimal.hpp"

namespace perceptron::csv {
namespace {

// The length of the JS whitespace character at the start (forward) or end (backward) of
// text, or 0 when there is none.
std::size_t space_at_start(std::string_view t) {
  if (t.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(t[i]); };
  const unsigned char c = b(0);
  if (c == ' ' || (c >= 0x09 && c <= 0x0d)) return 1;
  if (c == 0xc2 && t.size() >= 2 && b(1) == 0xa0) return 2;
  if (t.size() < 3) return 0;
  const unsigned c1 = b(1), c2 = b(2);
  if (c == 0xe1 && c1 == 0x9a && c2 == 0x80) return 3;  // U+1680
  if (c == 0xe2 && c1 == 0x80 && (c2 <= 0x8a || c2 == 0xa8 || c2 == 0xa9 || c2 == 0xaf))
    return 3;                                           // U+2000-200A, U+2028, U+2029, U+202F
  if (c == 0xe2 && c1 == 0x81 && c2 == 0x9f) return 3;  // U+205F
  if (c == 0xe3 && c1 == 0x80 && c2 == 0x80) return 3;  // U+3000
  if (c == 0xef && c1 == 0xbb && c2 == 0xbf) return 3;  // U+FEFF
  return 0;
}

std::size_t space_at_end(std::string_view t) {
  if (t.empty()) return 0;
  const unsigned char c = static_cast<unsigned char>(t.back());
  if (c < 0x80) return (c == ' ' || (c >= 0x09 && c <= 0x0d)) ? 1 : 0;
  for (std::size_t n = 2; n <= 3 && n <= t.size(); ++n) {
    if (space_at_start(t.substr(t.size() - n)) == n) return n;
  }
  return 0;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

// Digits in base 2^bits (0x, 0o, 0b literals), correctly rounded to a double: the first 60 or
// more significant bits are kept in an integer, later digits only scale it, and a sticky bit
// records whether any of them was non-zero (so ties round as the exact value says).
ParsedNumber parse_power_of_two(std::string_view digits, int bits) {
  if (digits.empty()) return {};
  std::uint64_t mantissa = 0;
  int exponent = 0;
  bool sticky = false;
  for (const char c : digits) {
    const int d = digit_value(c);
    if (d >= (1 << bits)) return {};
    if ((mantissa >> (64 - bits)) == 0) {
      mantissa = (mantissa << bits) | static_cast<std::uint64_t>(d);
    } else {
      exponent += bits;
      sticky = sticky || d != 0;
    }
  }
  const double value = std::ldexp(static_cast<double>(mantissa | (sticky ? 1 : 0)), exponent);
  if (!std::isfinite(value)) return {NumberKind::not_finite, value};
  return {NumberKind::number, value};
}

}  // namespace

std::string_view trim_js_space(std::string_view text) {
  while (std::size_t n = space_at_start(text)) text.remove_prefix(n);
  while (std::size_t n = space_at_end(text)) text.remove_suffix(n);
  return text;
}

bool is_missing(std::string_view t) { return t.empty() || t == "NA" || t == "NaN" || t == "?"; }

ParsedNumber parse_number(std::string_view text) {
  // The common case, a bare number, skips the trimming.
  if (!text.empty() && (static_cast<unsigned char>(text.front()) <= ' ' ||
                        static_cast<unsigned char>(text.back()) <= ' ' ||
                        static_cast<unsigned char>(text.front()) >= 0x80 ||
                        static_cast<unsigned char>(text.back()) >= 0x80)) {
    text = trim_js_space(text);
  }
  if (is_missing(text)) return {NumberKind::missing, 0};
  if (text.size() > 2 && text[0] == '0') {
    const char prefix = static_cast<char>(text[1] | 0x20);
    if (prefix == 'x') return parse_power_of_two(text.substr(2), 4);
    if (prefix == 'o') return parse_power_of_two(text.substr(2), 3);
    if (prefix == 'b') return parse_power_of_two(text.substr(2), 1);
  }
  std::string_view body = text;
  if (body.front() == '+') {
    body.remove_prefix(1);
    if (body.empty() || body.front() == '-' || body.front() == '+') return {};
  }
  const std::string_view unsigned_body = body.front() == '-' ? body.substr(1) : body;
  if (unsigned_body == "Infinity") {
    return {NumberKind::not_finite, body.front() == '-' ? -INFINITY : INFINITY};
  }
  // fast_float also reads "inf", "infinity" and "nan" in any case, which Number() does not:
  // a number must start with a digit or a point.
  if (unsigned_body.empty() || !((unsigned_body.front() >= '0' && unsigned_body.front() <= '9') ||
                                 unsigned_body.front() == '.')) {
    return {};
  }
  double value = 0;
  bool in_range = true;
  const char* end = read_decimal(body.data(), body.data() + body.size(), value, in_range);
  if (end != body.data() + body.size()) return {};
  if (!in_range || !std::isfinite(value)) return {NumberKind::not_finite, value};
  return {NumberKind::number, value};
}

}  // namespace perceptron::csv
