// The exact separability answer (analysis.hpp): Wolfe's minimum-norm-point solver, then the
// separator or the certificate read off its nearest points, checked against the margin the
// geometry measures, so that rounding never passes for an answer.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/support/summation.hpp"

namespace perceptron {

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

Status separability(const Dataset& data, bool fit_intercept, Separability& out, double tolerance) {
  if (Status s = check_binary(data); !s.ok()) return s;
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

}  // namespace perceptron
