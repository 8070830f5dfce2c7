// An independent reading of a string as JavaScript's Number() reads it (ECMA-262
// StringToNumber), for csv_fuzz.cpp to check perceptron::csv::parse_number against. Written
// from the spec's grammar, not from number.cpp, so the two share no bug: the JS whitespace is
// decoded as code points (number.cpp matches byte patterns), and the values come from glibc's
// strtod, which rounds decimal and hexadecimal text correctly (number.cpp uses fast_float and its
// own 0x/0o/0b rounding). Octal and binary digits are regrouped into hex for strtod.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "perceptron/csv/number.hpp"

namespace js_oracle {

using perceptron::csv::NumberKind;
using perceptron::csv::ParsedNumber;

// The code point at s[i] and its length in bytes, or false for bytes that are not valid UTF-8
// (overlong forms, surrogates and code points above U+10FFFF included).
inline bool decode(std::string_view s, std::size_t i, std::uint32_t& cp, std::size_t& len) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  if (c < 0x80) {
    cp = c;
    len = 1;
    return true;
  }
  len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (len == 0 || c > 0xf4 || i + len > s.size()) return false;
  cp = c & (0x7f >> len);
  for (std::size_t k = 1; k < len; ++k) {
    if ((b(i + k) & 0xc0) != 0x80) return false;
    cp = (cp << 6) | (b(i + k) & 0x3f);
  }
  static constexpr std::uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
  return cp >= least[len] && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
}

inline bool valid_utf8(std::string_view s) {
  std::uint32_t cp = 0;
  std::size_t len = 0;
  for (std::size_t i = 0; i < s.size(); i += len) {
    if (!decode(s, i, cp, len)) return false;
  }
  return true;
}

// WhiteSpace and LineTerminator of ECMA-262: what StringToNumber trims.
inline bool is_js_space(std::uint32_t c) {
  return (c >= 0x09 && c <= 0x0d) || c == 0x20 || c == 0xa0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f ||
         c == 0x3000 || c == 0xfeff;
}

// The text without JS whitespace at either end; valid UTF-8 only.
inline std::string_view trim(std::string_view s) {
  std::uint32_t cp = 0;
  std::size_t len = 0;
  while (!s.empty() && decode(s, 0, cp, len) && is_js_space(cp)) s.remove_prefix(len);
  while (!s.empty()) {
    std::size_t start = s.size() - 1;  // back over continuation bytes to the last lead byte
    while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xc0) == 0x80) --start;
    if (!decode(s, start, cp, len) || start + len != s.size() || !is_js_space(cp)) break;
    s.remove_suffix(len);
  }
  return s;
}

inline std::size_t count_digits(std::string_view s, std::size_t i, int base) {
  std::size_t n = 0;
  for (; i + n < s.size(); ++n) {
    const char c = s[i + n];
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : 99;
    if (d >= base) break;
  }
  return n;
}

// StrUnsignedDecimalLiteral without Infinity, after an optional sign: digits with an optional
// point and more digits, or a point and digits; then an optional exponent with digits.
inline bool is_decimal(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  const std::size_t whole = count_digits(s, i, 10);
  i += whole;
  std::size_t fraction = 0;
  if (i < s.size() && s[i] == '.') {
    fraction = count_digits(s, i + 1, 10);
    i += 1 + fraction;
  }
  if (whole == 0 && fraction == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t exponent = count_digits(s, i, 10);
    if (exponent == 0) return false;
    i += exponent;
  }
  return i == s.size();
}

inline ParsedNumber from_strtod(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) std::abort();  // the grammar and strtod disagree
  return {std::isfinite(v) ? NumberKind::number : NumberKind::not_finite, v};
}

// What parse_number should answer for the text (a CSV field, so "" and the missing words are
// missing rather than 0 and NaN).
inline ParsedNumber expected(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty() || t == "NA" || t == "NaN" || t == "?") return {NumberKind::missing, 0};
  if (t == "Infinity" || t == "+Infinity") return {NumberKind::not_finite, INFINITY};
  if (t == "-Infinity") return {NumberKind::not_finite, -INFINITY};
  if (is_decimal(t)) return from_strtod(std::string(t));
  if (t.size() > 2 && t[0] == '0') {
    const char p = t[1];
    const int base = (p == 'x' || p == 'X')   ? 16
                     : (p == 'o' || p == 'O') ? 8
                     : (p == 'b' || p == 'B') ? 2
                                              : 0;
    if (base == 0 || count_digits(t, 2, base) != t.size() - 2) return {};
    if (base == 16) return from_strtod("0x" + std::string(t.substr(2)));
    // Octal or binary as bits, left-padded to whole hex digits.
    const int bits = base == 8 ? 3 : 1;
    std::string binary;
    for (std::size_t i = 2; i < t.size(); ++i) {
      for (int k = bits - 1; k >= 0; --k) binary.push_back((((t[i] - '0') >> k) & 1) ? '1' : '0');
    }
    binary.insert(0, (4 - binary.size() % 4) % 4, '0');
    std::string hex = "0x";
    for (std::size_t i = 0; i < binary.size(); i += 4) {
      const int d = (binary[i] - '0') * 8 + (binary[i + 1] - '0') * 4 + (binary[i + 2] - '0') * 2 +
                    (binary[i + 3] - '0');
      hex.push_back("0123456789abcdef"[d]);
    }
    return from_strtod(hex);
  }
  return {};
}

}  // namespace js_oracle
