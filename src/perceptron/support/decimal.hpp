// Decimal text to the nearest double, correctly rounded as strtod and JavaScript's Number()
// round, with fast_float (Debian libfast-float-dev). The one reader of decimal numbers: the CSV
// reader (csv/number) and the JSON parser (json_parse) both call it, so the .wasm holds one copy
// of fast_float, built at -O3 for the CSV reader's speed (CMakeLists.txt).
#pragma once

namespace perceptron {

// Reads the longest decimal number at the start of [first, last) ("-1.5e3": an optional '-',
// digits with an optional point and exponent; no '+', no "inf" or "nan" for the callers to
// check first) into `out`. Returns where it stopped (`first` when no number starts there);
// `in_range` is false when the number is beyond the doubles' range, `out` then rounded to
// +-infinity or +-0 as fast_float rounds it.
const char* read_decimal(const char* first, const char* last, double& out, bool& in_range);

}  // namespace perceptron
