#include "perceptron/data/generate.hpp"

#include <array>
#include <cmath>
#include <vector>

#include "perceptron/support/random.hpp"

namespace perceptron {
namespace {

constexpr double pi = 3.14159265358979323846;

// Uniform in [0, 1): the top 53 bits of two draws.
double uniform(Pcg32& random) {
  const std::uint64_t high = random.next() >> 5;  // 27 bits
  const std::uint64_t low = random.next() >> 6;   // 26 bits
  return static_cast<double>((high << 26) | low) * 0x1p-53;
}

double uniform(Pcg32& random, double low, double high) {
  return low + (high - low) * uniform(random);
}

// Standard normal, approximately: the Irwin-Hall sum of 12 uniforms minus 6.
double normal(Pcg32& random) {
  double sum = 0;
  for (int k = 0; k < 12; ++k) sum += uniform(random);
  return sum - 6;
}

// sin(x) for |x| <= pi/4 and cos(x) likewise, by their Taylor series to x^15 and x^14 (errors
// below 1e-16 there), evaluated with + and * only.
double sin_reduced(double x) {
  const double x2 = x * x;
  double term = x, sum = x;
  for (int k = 1; k <= 7; ++k) {
    term = -term * x2 / ((2 * k) * (2 * k + 1));
    sum += term;
  }
  return sum;
}
double cos_reduced(double x) {
  const double x2 = x * x;
  double term = 1, sum = 1;
  for (int k = 1; k <= 7; ++k) {
    term = -term * x2 / ((2 * k - 1) * (2 * k));
    sum += term;
  }
  return sum;
}

// cos and sin of any angle (radians), reduced to a quarter turn around a multiple of pi/2.
std::array<double, 2> cos_sin(double angle) {
  const double turns = std::floor(angle / (pi / 2) + 0.5);
  const double x = angle - turns * (pi / 2);
  const double c = cos_reduced(x), s = sin_reduced(x);
  switch (static_cast<int>(turns - 4 * std::floor(turns / 4))) {
    case 0:
      return {c, s};
    case 1:
      return {-s, c};
    case 2:
      return {-c, -s};
    default:
      return {s, -c};
  }
}

struct Builder {
  std::vector<double> x;
  std::vector<double> labels;
  void add(double a, double b, double label) {
    x.push_back(a);
    x.push_back(b);
    labels.push_back(label);
  }
};

struct GenerateOptions {
  std::uint64_t rows = 100;
  std::uint64_t seed = 0;
  double margin = 0.1;
  double noise = 0.1;
};

void separable(const GenerateOptions& o, Pcg32& random, Builder& out) {
  // A random line: its normal at a random angle, its offset within [-0.3, 0.3].
  const auto [w1, w2] = cos_sin(uniform(random, 0, 2 * pi));
  const double b = uniform(random, -0.3, 0.3);
  while (out.labels.size() < o.rows) {
    const double a = uniform(random, -1, 1), c = uniform(random, -1, 1);
    const double score = w1 * a + w2 * c + b;  // |w| = 1: the signed distance
    if (std::fabs(score) < o.margin) continue;
    out.add(a, c, score > 0 ? 1 : -1);
  }
}

void gaussians(const GenerateOptions& o, Pcg32& random, Builder& out) {
  const double spread = 0.05 + 0.6 * o.noise;
  for (std::uint32_t i = 0; i < o.rows; ++i) {
    const double label = i % 2 == 0 ? 1 : -1;
    const double a = 0.4 * label + spread * normal(random);  // one draw per statement: the
    const double c = 0.4 * label + spread * normal(random);  // order of arguments is unspecified
    out.add(a, c, label);
  }
}

void xor_quadrants(const GenerateOptions& o, Pcg32& random, Builder& out) {
  for (std::uint32_t i = 0; i < o.rows; ++i) {
    double a = uniform(random, 0.05, 0.95), c = uniform(random, 0.05, 0.95);
    if (random.bounded(2)) a = -a;
    if (random.bounded(2)) c = -c;
    const double label = a * c > 0 ? 1 : -1;
    const double jitter_a = o.noise * 0.3 * normal(random);
    const double jitter_c = o.noise * 0.3 * normal(random);
    out.add(a + jitter_a, c + jitter_c, label);
  }
}

void circles(const GenerateOptions& o, Pcg32& random, Builder& out) {
  for (std::uint32_t i = 0; i < o.rows; ++i) {
    const double label = i % 2 == 0 ? 1 : -1;
    const double radius = label > 0 ? 0.35 : 0.8;
    const auto [c, s] = cos_sin(uniform(random, 0, 2 * pi));
    const double r = radius + o.noise * 0.3 * normal(random);
    out.add(r * c, r * s, label);
  }
}

void spiral(const GenerateOptions& o, Pcg32& random, Builder& out) {
  for (std::uint32_t i = 0; i < o.rows; ++i) {
    const double label = i % 2 == 0 ? 1 : -1;
    const double t = uniform(random);  // along the arm, from the centre out
    const double r = 0.05 + 0.85 * t;
    const auto [c, s] = cos_sin(1.75 * 2 * pi * t + (label > 0 ? 0 : pi));
    const double jitter_a = o.noise * 0.15 * normal(random);
    const double jitter_c = o.noise * 0.15 * normal(random);
    out.add(r * c + jitter_a, r * s + jitter_c, label);
  }
}

void blobs(const GenerateOptions& o, Pcg32& random, Builder& out) {
  constexpr double centres[3][2] = {{-0.5, -0.4}, {0.5, -0.4}, {0, 0.5}};
  const double spread = 0.05 + 0.4 * o.noise;
  for (std::uint32_t i = 0; i < o.rows; ++i) {
    const std::uint32_t k = i % 3;
    const double a = centres[k][0] + spread * normal(random);
    const double c = centres[k][1] + spread * normal(random);
    out.add(a, c, k);
  }
}

}  // namespace

Status generate(const OptionList& list, Dataset& out) {
  using Maker = void (*)(const GenerateOptions&, Pcg32&, Builder&);
  static constexpr std::pair<const char*, Maker> kinds[] = {
      {"separable", separable}, {"gaussians", gaussians}, {"xor", xor_quadrants},
      {"circles", circles},     {"spiral", spiral},       {"blobs", blobs}};
  std::vector<std::string> kind_names;
  for (const auto& kind : kinds) kind_names.emplace_back(kind.first);
  const auto number_spec = [](const char* name, double maximum) {
    OptionSpec spec = option_spec(name, OptionType::number);
    spec.minimum = 0;
    spec.maximum = maximum;
    return spec;
  };
  GenerateOptions o;
  Maker maker = nullptr;
  for (const auto& [name, value] : list) {
    Status s;
    if (name == "kind") {
      s = option_spec("kind", OptionType::choice, kind_names).check(value);
      for (const auto& [kind, make] : kinds) {
        if (s.ok() && std::get<std::string>(value) == kind) maker = make;
      }
    } else if (name == "rows") {
      s = set_integer("rows", value, 1, o.rows, 1000000);
    } else if (name == "seed") {
      s = set_integer("seed", value, 0, o.seed);
    } else if (name == "margin" || name == "noise") {
      s = number_spec(name.c_str(), name == "margin" ? 0.5 : 1).check(value);
      if (s.ok()) (name == "margin" ? o.margin : o.noise) = std::get<double>(value);
    } else {
      s = unknown_option(name, {"kind", "rows", "seed", "margin", "noise"});
    }
    if (!s.ok()) return s;
  }
  if (maker == nullptr) {
    return option_error(true, "kind",
                        option_spec("kind", OptionType::choice, kind_names).expected(),
                        OtherValue{"undefined"});
  }
  Pcg32 random(o.seed);
  Builder built;
  built.x.reserve(2 * static_cast<std::size_t>(o.rows));
  maker(o, random, built);
  return make_dataset(std::move(built.x), static_cast<std::size_t>(o.rows), 2, built.labels, out);
}

}  // namespace perceptron
