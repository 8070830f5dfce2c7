// CSV numbers, read exactly as JavaScript's Number() reads a string, so that a file gives the
// same doubles as Number(field) would in JS: surrounding JS whitespace ignored, an optional
// sign, decimal digits with an optional point and exponent ("+5", ".5", "5.", "1e-7", "-0"),
// or 0x / 0o / 0b integers (no sign), all correctly rounded. Decimal text goes through
// fast_float (Debian libfast-float-dev), which rounds exactly like strtod.
//
// Unlike Number(), a CSV feature never takes "" (Number("") is 0) or a non-finite value: empty
// text and the missing-value words are reported as missing, "Infinity" and "1e999" as not
// finite, anything else ("abc", "1,5", "inf") as not a number.
#pragma once

#include <string_view>

namespace perceptron::csv {

enum class NumberKind : unsigned char {
  number,      // a finite double
  missing,     // "", "NA", "NaN" or "?" (after trimming whitespace)
  not_finite,  // a number that is infinite ("Infinity", "-Infinity") or out of range ("1e999")
  not_number,  // anything else
};

struct ParsedNumber {
  NumberKind kind = NumberKind::not_number;
  double value = 0;
};

ParsedNumber parse_number(std::string_view text);

// The text without the whitespace JS's Number() ignores around a number (ASCII space, tab,
// line ends, vertical tab, form feed, and the Unicode spaces: U+00A0, U+1680, U+2000-U+200A,
// U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF).
std::string_view trim_js_space(std::string_view text);

// Whether the (trimmed) text is a missing value: "", "NA", "NaN" or "?".
bool is_missing(std::string_view trimmed);

}  // namespace perceptron::csv
