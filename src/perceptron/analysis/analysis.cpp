#include "perceptron/analysis/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "perceptron/models/update.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

namespace {

double norm(std::span<const double> v) { return std::sqrt(dot(v, v.data())); }

Status check_separator(const Dataset& data, const std::vector<double>& w, double b) {
  if (w.size() != data.cols()) {
    return Status::range_error("w must have " + std::to_string(data.cols()) +
                               " values (one per column of X); received " +
                               std::to_string(w.size()));
  }
  for (std::size_t j = 0; j < w.size(); ++j) {
    if (!std::isfinite(w[j])) {
      return Status::range_error("w[" + std::to_string(j) + "] must be a finite number; received " +
                                 format_number(w[j]));
    }
  }
  if (!std::isfinite(b)) {
    return Status::range_error("b must be a finite number; received " + format_number(b));
  }
  if (norm(w) == 0) {
    return Status::range_error(
        "w must not be the zero vector: a separator needs a direction; received all zeros");
  }
  return Status::success();
}

}  // namespace

bool solve_linear_system(std::vector<double>& a, std::vector<double>& r, std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t k = c + 1; k < n; ++k) {
      if (std::abs(a[k * n + c]) > std::abs(a[pivot * n + c])) pivot = k;
    }
    if (a[pivot * n + c] == 0) return false;
    if (pivot != c) {
      for (std::size_t j = 0; j < n; ++j) std::swap(a[c * n + j], a[pivot * n + j]);
      std::swap(r[c], r[pivot]);
    }
    for (std::size_t k = c + 1; k < n; ++k) {
      const double f = a[k * n + c] / a[c * n + c];
      if (f == 0) continue;
      for (std::size_t j = c; j < n; ++j) a[k * n + j] -= f * a[c * n + j];
      r[k] -= f * r[c];
    }
  }
  for (std::size_t c = n; c-- > 0;) {
    double sum = r[c];
    for (std::size_t j = c + 1; j < n; ++j) sum -= a[c * n + j] * r[j];
    r[c] = sum / a[c * n + c];
  }
  return true;
}

namespace {

// Wolfe's minimum-norm point over the hull of vertices given by an oracle. A vertex is a pair
// of rows (i, j): x_i - x_j with an intercept, y_i x_i (j unused) without.
struct Vertex {
  std::size_t i = 0;
  std::size_t j = 0;
  bool operator==(const Vertex&) const = default;
};

class MinNormPoint {
 public:
  MinNormPoint(const Dataset& data, bool intercept)
      : data_(data), intercept_(intercept), first_(data.x), second_(data.x), scan_(data.x) {
    for (std::size_t r = 0; r < data.rows(); ++r)
      (data.sign(r) > 0 ? positive_ : negative_).push_back(r);
  }

  void coordinates(const Vertex& v, double* out) const {
    const double* a = first_(v.i);
    if (intercept_) {
      const double* c = second_(v.j);
      for (std::size_t k = 0; k < data_.cols(); ++k) out[k] = a[k] - c[k];
    } else {
      const double y = data_.sign(v.i);
      for (std::size_t k = 0; k < data_.cols(); ++k) out[k] = y * a[k];
    }
  }

  // The vertex minimizing <x, v>.
  Vertex best(std::span<const double> x) const {
    Vertex v;
    if (intercept_) {
      double low = std::numeric_limits<double>::infinity();
      double high = -low;
      for (std::size_t r : positive_) {
        const double s = dot(x, scan_(r));
        if (s < low) low = s, v.i = r;
      }
      for (std::size_t r : negative_) {
        const double s = dot(x, scan_(r));
        if (s > high) high = s, v.j = r;
      }
      return v;
    }
    double low = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < data_.rows(); ++r) {
      const double s = data_.sign(r) * dot(x, scan_(r));
      if (s < low) low = s, v.i = r;
    }
    return v;
  }

  Status run(double tolerance, double scale) {
    const std::size_t d = data_.cols();
    corral_ = {intercept_ ? Vertex{positive_[0], negative_[0]} : Vertex{0, 0}};
    points_.assign(d, 0.0);
    coordinates(corral_[0], points_.data());
    lambda_ = {1.0};
    x_ = points_;
    // Iterate until x is zero to rounding (not just to the tolerance that decides
    // separability), so that a certificate's residual is as small as the data allow.
    const double zero = std::min(tolerance, 1e-15) * scale;
    const std::size_t limit = 100 * (data_.rows() + d) + 1000;
    std::vector<double> v_coordinates(d);
    double lowest = std::numeric_limits<double>::infinity();
    std::size_t since_lower = 0;
    for (iterations_ = 0; iterations_ < limit; ++iterations_) {
      const double x_norm2 = dot(x_, x_.data());
      // Rounding can make the corral cycle without getting closer: stop when ||x|| has not
      // decreased for 100 iterations (the caller checks the answer it gets).
      if (x_norm2 < lowest * (1 - 1e-12)) {
        lowest = x_norm2;
        since_lower = 0;
      } else if (++since_lower >= 100) {
        return Status::success();
      }
      if (std::sqrt(x_norm2) <= zero) return Status::success();  // the origin is in the hull
      const Vertex v = best(x_);
      coordinates(v, v_coordinates.data());
      const double gap = x_norm2 - dot(x_, v_coordinates.data());
      // Wolfe's test: no vertex is closer to the origin along x. The gap bounds the relative
      // distance between the separator's margin and the dual bound (gap / ||x||^2), so it is
      // taken relative to ||x||^2, with a floor for the rounding of the dot products.
      const double x_norm = std::sqrt(x_norm2);
      if (gap <= 1e-11 * x_norm2 + 1e-14 * x_norm * scale) return Status::success();
      if (std::find(corral_.begin(), corral_.end(), v) != corral_.end()) {
        return Status::success();  // rounding: the best vertex is in the corral already
      }
      corral_.push_back(v);
      points_.insert(points_.end(), v_coordinates.begin(), v_coordinates.end());
      lambda_.push_back(0.0);
      minor_cycles();
    }
    return Status::range_error("separability did not converge in " + std::to_string(limit) +
                               " iterations");
  }

  const std::vector<Vertex>& corral() const { return corral_; }
  const std::vector<double>& lambda() const { return lambda_; }
  const std::vector<double>& x() const { return x_; }
  std::size_t iterations() const { return iterations_; }

 private:
  void minor_cycles() {
    const std::size_t d = data_.cols();
    for (;;) {
      const std::size_t k = corral_.size();
      // The affine minimum-norm point of the corral, sum mu_p s_p with sum mu_p = 1, as the
      // least-squares problem min || s_0 + sum_{p >= 1} t_p (s_p - s_0) || solved by
      // Householder QR (not the normal equations, which square the conditioning).
      std::vector<double> r;
      if (!affine_minimum(k, d, r)) {
        drop_smallest();
        continue;
      }
      bool interior = true;
      for (std::size_t p = 0; p < k; ++p) interior = interior && r[p] > 0;
      if (interior) {
        lambda_.assign(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(k));
        break;
      }
      // Move from lambda toward mu until a weight reaches 0, and drop it.
      double theta = 1;
      for (std::size_t p = 0; p < k; ++p) {
        if (r[p] <= 0) theta = std::min(theta, lambda_[p] / (lambda_[p] - r[p]));
      }
      for (std::size_t p = 0; p < k; ++p) lambda_[p] += theta * (r[p] - lambda_[p]);
      drop_smallest();
    }
    update_x();
  }

  // mu (k weights summing to 1) of the corral's affine minimum-norm point; false when the
  // corral is affinely dependent (to rounding).
  bool affine_minimum(std::size_t k, std::size_t d, std::vector<double>& mu) const {
    const std::size_t m = k - 1;
    mu.assign(k, 0.0);
    if (m == 0) {
      mu[0] = 1;
      return true;
    }
    // a: d x m column-major, the columns s_p - s_0; b = -s_0.
    std::vector<double> a(d * m), b(d);
    for (std::size_t p = 0; p < m; ++p) {
      for (std::size_t q = 0; q < d; ++q) a[p * d + q] = points_[(p + 1) * d + q] - points_[q];
    }
    for (std::size_t q = 0; q < d; ++q) b[q] = -points_[q];
    if (m > d) return false;
    double largest = 0;
    for (std::size_t c = 0; c < m; ++c) {
      double* col = a.data() + c * d;
      const double length = std::sqrt(squared_norm(col + c, d - c));
      if (length == 0) return false;
      const double alpha = col[c] > 0 ? -length : length;
      // v = col[c..d) - alpha e_c, reflecting col onto alpha e_c.
      std::vector<double> v(col + c, col + d);
      v[0] -= alpha;
      const double v_norm2 = dot(v, v.data());
      auto reflect = [&](double* target) {
        if (v_norm2 == 0) return;
        const double projection = dot(v, target + c);
        const double factor = 2 * projection / v_norm2;
        for (std::size_t q = 0; q < v.size(); ++q) target[c + q] -= factor * v[q];
      };
      for (std::size_t other = c; other < m; ++other) reflect(a.data() + other * d);
      reflect(b.data());
      largest = std::max(largest, std::abs(a[c * d + c]));
    }
    for (std::size_t c = 0; c < m; ++c) {
      if (std::abs(a[c * d + c]) <= 1e-13 * largest) return false;
    }
    std::vector<double> t(m);
    for (std::size_t c = m; c-- > 0;) {
      double sum = b[c];
      for (std::size_t j = c + 1; j < m; ++j) sum -= a[j * d + c] * t[j];
      t[c] = sum / a[c * d + c];
    }
    double rest = 1;
    for (std::size_t p = 0; p < m; ++p) {
      mu[p + 1] = t[p];
      rest -= t[p];
    }
    mu[0] = rest;
    return true;
  }

  // Drops the corral points whose weight is (numerically) zero; at least the smallest.
  void drop_smallest() {
    const std::size_t d = data_.cols();
    std::size_t smallest = 0;
    for (std::size_t p = 1; p < lambda_.size(); ++p) {
      if (lambda_[p] < lambda_[smallest]) smallest = p;
    }
    for (std::size_t p = lambda_.size(); p-- > 0;) {
      if (p == smallest || lambda_[p] <= 1e-15) {
        corral_.erase(corral_.begin() + static_cast<std::ptrdiff_t>(p));
        lambda_.erase(lambda_.begin() + static_cast<std::ptrdiff_t>(p));
        points_.erase(points_.begin() + static_cast<std::ptrdiff_t>(p * d),
                      points_.begin() + static_cast<std::ptrdiff_t>((p + 1) * d));
      }
    }
    double total = 0;
    for (double l : lambda_) total += l;
    for (double& l : lambda_) l /= total;
    update_x();
  }

  void update_x() {
    const std::size_t d = data_.cols();
    x_.assign(d, 0.0);
    for (std::size_t p = 0; p < corral_.size(); ++p) {
      for (std::size_t q = 0; q < d; ++q) x_[q] += lambda_[p] * points_[p * d + q];
    }
  }

  const Dataset& data_;
  bool intercept_;
  std::vector<std::size_t> positive_, negative_;
  std::vector<Vertex> corral_;
  std::vector<double> points_;  // the corral's coordinates, row-major
  std::vector<double> lambda_;
  std::vector<double> x_;
  std::size_t iterations_ = 0;
  mutable RowReader first_, second_;  // two rows at a time: a vertex is a difference of rows
  mutable RowReader scan_;            // the rows best() scores
};

}  // namespace

double radius(const Dataset& data, bool with_bias) {
  double largest = 0;
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    largest = std::max(largest, squared_norm(read(i), data.cols()) + (with_bias ? 1.0 : 0.0));
  }
  return std::sqrt(largest);
}

Status signed_distances(const Dataset& data, const std::vector<double>& w, double b,
                        std::vector<double>& out) {
  if (Status s = check_separator(data, w, b); !s.ok()) return s;
  const double length = norm(w);
  std::vector<double> distances(data.rows());
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    distances[i] = (dot(w, read(i)) + b) / length;
  }
  out = std::move(distances);
  return Status::success();
}

Status margin_of(const Dataset& data, const std::vector<double>& w, double b, double& out,
                 std::size_t* row) {
  std::vector<double> distances;
  if (Status s = signed_distances(data, w, b, distances); !s.ok()) return s;
  double lowest = std::numeric_limits<double>::infinity();
  std::size_t at = 0;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double m = data.sign(i) * distances[i];
    if (m < lowest) lowest = m, at = i;
  }
  out = lowest;
  if (row != nullptr) *row = at;
  return Status::success();
}

Status separability(const Dataset& data, bool fit_intercept, Separability& out, double tolerance) {
  if (Status s = data.x.check("X"); !s.ok()) return s;
  if (data.classes.size() != 2) {
    return Status::range_error("y must hold exactly two distinct classes; received " +
                               std::to_string(data.classes.size()));
  }
  const std::size_t d = data.cols();
  const double scale = std::max(radius(data, false), std::numeric_limits<double>::min());
  MinNormPoint solver(data, fit_intercept);
  if (Status s = solver.run(tolerance, scale); !s.ok()) return s;
  Separability result;
  result.fit_intercept = fit_intercept;
  result.iterations = solver.iterations();
  const std::vector<double>& x = solver.x();
  const double distance = norm(x);
  // Each row's weight in the nearest point(s).
  std::vector<double> weight(data.rows(), 0.0);
  for (std::size_t p = 0; p < solver.corral().size(); ++p) {
    weight[solver.corral()[p].i] += solver.lambda()[p];
    if (fit_intercept) weight[solver.corral()[p].j] += solver.lambda()[p];
  }
  result.separable = distance > tolerance * scale;
  if (!result.separable) {
    result.certificate = std::move(weight);
    result.residual = distance;
    out = std::move(result);
    return Status::success();
  }
  result.upper_bound = fit_intercept ? distance / 2 : distance;
  result.w.assign(d, 0.0);
  for (std::size_t k = 0; k < d; ++k) result.w[k] = x[k] / distance;
  if (fit_intercept) {
    // b puts the hyperplane halfway between the nearest points p* and q*.
    std::vector<double> middle(d, 0.0);
    RowReader read(data.x);
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const double* row = read(i);
      for (std::size_t k = 0; k < d; ++k) middle[k] += weight[i] * row[k] / 2;
    }
    result.b = -dot(result.w, middle.data());
  }
  if (Status s = margin_of(data, result.w, result.b, result.margin); !s.ok()) return s;
  if (!(result.margin > 0)) {
    // Neither a separator nor a certificate to rounding: the hulls are closer than the data's
    // precision can tell apart.
    return Status::range_error(
        "separability could not decide: the classes' hulls are within rounding error of "
        "touching (distance " +
        format_number(distance) + " for points of norm up to " + format_number(scale) +
        "); rescale the features (e.g. standardize) and ask again");
  }
  std::vector<double> distances;
  if (Status s = signed_distances(data, result.w, result.b, distances); !s.ok()) return s;
  for (std::size_t i = 0; i < data.rows(); ++i) {
    if (data.sign(i) * distances[i] <= result.margin * (1 + 1e-7) + 1e-12 * scale) {
      result.support.push_back(i);
    }
  }
  out = std::move(result);
  return Status::success();
}

Status fisher_discriminant(const Dataset& data, std::vector<double>& w, double& b) {
  if (Status s = data.x.check("X"); !s.ok()) return s;
  if (data.classes.size() != 2) {
    return Status::range_error("y must hold exactly two distinct classes; received " +
                               std::to_string(data.classes.size()));
  }
  const std::size_t d = data.cols();
  std::vector<double> mean[2] = {std::vector<double>(d, 0.0), std::vector<double>(d, 0.0)};
  double count[2] = {0, 0};
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const std::uint32_t c = data.class_index[i];
    const double* row = read(i);
    count[c] += 1;
    for (std::size_t j = 0; j < d; ++j) mean[c][j] += row[j];
  }
  for (int c = 0; c < 2; ++c) {
    for (double& v : mean[c]) v /= count[c];
  }
  std::vector<double> scatter(d * d, 0.0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const auto& m = mean[data.class_index[i]];
    const double* row = read(i);
    for (std::size_t a = 0; a < d; ++a) {
      const double da = row[a] - m[a];
      for (std::size_t c = 0; c < d; ++c) scatter[a * d + c] += da * (row[c] - m[c]);
    }
  }
  double trace = 0;
  for (std::size_t a = 0; a < d; ++a) trace += scatter[a * d + a];
  const double ridge = trace > 0 ? 1e-9 * trace / static_cast<double>(d) : 1.0;
  for (std::size_t a = 0; a < d; ++a) scatter[a * d + a] += ridge;
  std::vector<double> direction(d);
  for (std::size_t j = 0; j < d; ++j) direction[j] = mean[1][j] - mean[0][j];
  if (norm(direction) == 0) {
    return Status::range_error(
        "the two classes have the same mean, so Fisher's direction S_W^-1 (m_+ - m_-) is zero");
  }
  if (!solve_linear_system(scatter, direction, d)) {
    return Status::range_error("the within-class scatter is singular");
  }
  const double threshold =
      blocked_sum(d, [&](std::size_t j) { return direction[j] * (mean[0][j] + mean[1][j]) / 2; });
  w = std::move(direction);
  b = -threshold;
  return Status::success();
}

Status stratified_parts(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        const std::vector<double>& fractions, std::uint64_t seed,
                        std::vector<std::uint32_t>& part_of_row, bool both_sides) {
  double total = 0;
  for (std::size_t p = 0; p < fractions.size(); ++p) {
    if (!(fractions[p] > 0 && fractions[p] < 1)) {
      return Status::range_error("each split fraction must be in (0, 1); received " +
                                 format_number(fractions[p]));
    }
    total += fractions[p];
  }
  if (!(total < 1)) {
    return Status::range_error(
        "the split fractions must sum to less than 1 (the rest trains); "
        "received " +
        format_number(total));
  }
  std::vector<std::vector<std::uint32_t>> rows_of(classes);
  for (std::uint32_t i = 0; i < class_index.size(); ++i) rows_of[class_index[i]].push_back(i);
  std::vector<std::uint32_t> parts(class_index.size(), 0);
  Pcg32 random(seed);
  for (auto& rows : rows_of) {
    random.shuffle(rows);
    std::size_t next = 0;
    for (std::size_t p = 0; p < fractions.size(); ++p) {
      auto take =
          static_cast<std::size_t>(std::llround(fractions[p] * static_cast<double>(rows.size())));
      if (both_sides)
        take = rows.size() < 2 ? 0 : std::clamp<std::size_t>(take, 1, rows.size() - 1);
      for (std::size_t k = 0; k < take && next < rows.size(); ++k) {
        parts[rows[next++]] = static_cast<std::uint32_t>(p + 1);
      }
    }
  }
  part_of_row = std::move(parts);
  return Status::success();
}

Status stratified_folds(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        double folds_given, std::uint64_t seed,
                        std::vector<std::uint32_t>& fold_of_row) {
  std::vector<std::vector<std::uint32_t>> rows_of(classes);
  for (std::uint32_t i = 0; i < class_index.size(); ++i) rows_of[class_index[i]].push_back(i);
  std::size_t smallest = class_index.size();
  for (const auto& rows : rows_of) {
    if (!rows.empty()) smallest = std::min(smallest, rows.size());
  }
  // Checked as given (a double), so that a huge k is refused as itself, not wrapped to size_t.
  if (!(folds_given >= 2 && folds_given <= static_cast<double>(smallest) &&
        std::floor(folds_given) == folds_given)) {
    return Status::range_error("k must be an integer from 2 to the smallest class's size (" +
                               std::to_string(smallest) + "); received " +
                               format_number(folds_given));
  }
  const auto k = static_cast<std::size_t>(folds_given);
  std::vector<std::uint32_t> folds(class_index.size(), 0);
  Pcg32 random(seed);
  std::size_t turn = 0;
  for (auto& rows : rows_of) {
    random.shuffle(rows);
    for (std::uint32_t row : rows) folds[row] = static_cast<std::uint32_t>(turn++ % k);
  }
  fold_of_row = std::move(folds);
  return Status::success();
}

}  // namespace perceptron
