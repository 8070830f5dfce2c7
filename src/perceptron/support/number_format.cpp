// format_number: a double as JavaScript's String(value) writes it (the shortest decimal that
// reads back as the same double, laid out as Number.prototype.toString does), computed with
// exact integer arithmetic: no printf and no strtod, so messages are the same natively and in
// WASM and the .wasm carries no floating-point formatting or parsing code.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "perceptron/support/status.hpp"

namespace perceptron {

namespace {

// A non-negative integer in base 10^9, least significant limb first.
class BigDecimal {
 public:
  explicit BigDecimal(std::uint64_t value) {
    do {
      limbs_.push_back(static_cast<std::uint32_t>(value % base));
      value /= base;
    } while (value != 0);
  }

  void multiply(std::uint32_t factor) {
    std::uint64_t carry = 0;
    for (auto& limb : limbs_) {
      const std::uint64_t product = static_cast<std::uint64_t>(limb) * factor + carry;
      limb = static_cast<std::uint32_t>(product % base);
      carry = product / base;
    }
    while (carry != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(carry % base));
      carry /= base;
    }
  }

  // multiply(small^count), in steps whose factor fits in 32 bits.
  void multiply_power(std::uint32_t small, int count, int per_step) {
    std::uint32_t step = 1;
    for (int k = 0; k < per_step; ++k) step *= small;
    for (; count >= per_step; count -= per_step) multiply(step);
    for (; count > 0; --count) multiply(small);
  }

  std::string digits() const {
    std::string out = std::to_string(limbs_.back());
    for (std::size_t k = limbs_.size() - 1; k-- > 0;) {
      const std::string part = std::to_string(limbs_[k]);
      out.append(9 - part.size(), '0');
      out += part;
    }
    return out;
  }

 private:
  static constexpr std::uint64_t base = 1000000000;
  std::vector<std::uint32_t> limbs_;
};

// A positive decimal 0.d1d2d3... x 10^exponent (d1 != 0, no trailing zeros).
struct Decimal {
  std::string digits;
  int exponent = 0;
};

// mantissa x 2^power exactly (mantissa > 0).
Decimal exact(std::uint64_t mantissa, int power) {
  BigDecimal big(mantissa);
  int shift = 0;  // the value is big x 10^shift
  if (power >= 0) {
    big.multiply_power(2, power, 29);
  } else {
    big.multiply_power(5, -power, 13);  // m / 2^k = m 5^k / 10^k
    shift = power;
  }
  Decimal out{big.digits(), 0};
  out.exponent = static_cast<int>(out.digits.size()) + shift;
  out.digits.erase(out.digits.find_last_not_of('0') + 1);
  return out;
}

int compare(const Decimal& a, const Decimal& b) {
  if (a.exponent != b.exponent) return a.exponent < b.exponent ? -1 : 1;
  const std::size_t n = std::max(a.digits.size(), b.digits.size());
  for (std::size_t k = 0; k < n; ++k) {
    const char x = k < a.digits.size() ? a.digits[k] : '0';
    const char y = k < b.digits.size() ? b.digits[k] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// The first `count` digits of `d`, rounded down or up.
Decimal truncated(const Decimal& d, std::size_t count, bool up) {
  Decimal out{d.digits.substr(0, count), d.exponent};
  const bool exact_already = d.digits.size() <= count;
  if (up && !exact_already) {
    std::size_t k = out.digits.size();
    while (k > 0 && out.digits[k - 1] == '9') --k;
    if (k == 0) {
      out.digits.assign(1, '1');  // not = "1": GCC 12 warns falsely (-Wrestrict) on that
      ++out.exponent;
    } else {
      out.digits.resize(k);
      ++out.digits[k - 1];
    }
  }
  out.digits.erase(out.digits.find_last_not_of('0') + 1);
  return out;
}

// The shortest decimal in the rounding interval of m x 2^e, the closest one among equals.
Decimal shortest(std::uint64_t m, int e, bool lower_gap_half) {
  const Decimal value = exact(m, e);
  // Halfway to the neighbours: (2m +- 1) x 2^(e-1); below a power of two the gap is half.
  const Decimal low = lower_gap_half ? exact(4 * m - 1, e - 2) : exact(2 * m - 1, e - 1);
  const Decimal high = exact(2 * m + 1, e - 1);
  const bool even = m % 2 == 0;  // an exact halfway point reads back as the even mantissa
  const auto inside = [&](const Decimal& d) {
    const int a = compare(low, d), b = compare(d, high);
    return (a < 0 || (a == 0 && even)) && (b < 0 || (b == 0 && even));
  };
  for (std::size_t count = 1;; ++count) {
    const Decimal down = truncated(value, count, false);
    const Decimal up = truncated(value, count, true);
    const bool down_in = inside(down), up_in = inside(up);
    if (!down_in && !up_in) continue;
    if (down_in != up_in) return down_in ? down : up;
    // Both: the closer (value - down against up - value, read from the next digit); on an exact
    // tie (the next digit is the last and a 5) the one ending in an even digit.
    const char next = count < value.digits.size() ? value.digits[count] : '0';
    if (next == '5' && value.digits.size() == count + 1) {
      return (value.digits[count - 1] - '0') % 2 == 0 ? down : up;
    }
    return next >= '5' ? up : down;
  }
}

}  // namespace

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return "0";
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const int biased = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
  int e = -1074;
  if (biased != 0) {
    m |= std::uint64_t{1} << 52;
    e = biased - 1075;
  }
  const bool lower_gap_half = biased > 1 && m == (std::uint64_t{1} << 52);
  const Decimal d = shortest(m, e, lower_gap_half);
  // Number.prototype.toString's layout: k digits s, value = s x 10^(n - k).
  const std::string& s = d.digits;
  const int k = static_cast<int>(s.size());
  const int n = d.exponent;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "a" + std::string chains.
  std::string out;
  if (value < 0) out += '-';
  if (k <= n && n <= 21) {
    out += s;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out.append(s, 0, static_cast<std::size_t>(n));
    out += '.';
    out.append(s, static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += s;
  } else {
    out += s[0];
    if (k > 1) {
      out += '.';
      out.append(s, 1);
    }
    out += n - 1 < 0 ? "e-" : "e+";
    out += std::to_string(n - 1 < 0 ? 1 - n : n - 1);
  }
  return out;
}

}  // namespace perceptron
