// Geometry of a labelled dataset and the exact answer to "is it linearly separable?".
//
// margin_of: the margin of a given separator (w, b) on a dataset, min_i y_i (w.x_i + b) / ||w||
// (negative when it misclassifies); the notes' "margin of a set of examples wrt w".
// separability: the maximum margin gamma* over all separators (the notes' "margin of a
// dataset"), with the separator reaching it and its support points, or, when no separator
// exists, a certificate:
// - with an intercept, the two classes are separable iff their convex hulls are disjoint;
//   gamma* is half the distance between the hulls, reached by w = (p* - q*) / ||p* - q*|| and
//   b = -w.(p* + q*) / 2 for the nearest points p*, q*; the certificate of inseparability is
//   a convex combination of each class's points with the same weighted sum (a point in both
//   hulls);
// - without an intercept (separators through the origin), separable iff 0 is not in the hull
//   of the points y_i x_i; gamma* is the distance from 0 to that hull; the certificate is a
//   convex combination of the y_i x_i that sums to 0 (weights summing to 1 over all points).
// The nearest points come from Wolfe's minimum-norm-point algorithm (Wolfe 1976) over the
// hull of the differences x_i - x_j (i positive, j negative) or of the y_i x_i, visiting only
// the vertices it needs: each iteration costs O(n d).
//
// One header, a source file per concern: geometry.cpp (check_binary, radius, signed_distances,
// margin_of, analysis_options), separability.cpp (the solver), fisher.cpp (fisher_discriminant,
// solve_linear_system) and stratified.cpp (the splitter and modelSelection's options).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Solves A z = r in place (A n x n row-major, r becomes z) by Gaussian elimination with
// partial pivoting; false when A is singular.
bool solve_linear_system(std::vector<double>& a, std::vector<double>& r, std::size_t n);

// Fisher's linear discriminant (Hacettepe notes) for two classes: the direction
// w = (S_W + eps I)^-1 (m_+ - m_-), S_W the within-class scatter (eps = 1e-9 * trace(S_W) / d,
// so a constant feature does not make it singular), and the threshold halfway between the
// projected class means: b = -w.(m_+ + m_-) / 2. Predict +1 iff w.x + b >= 0.
Status fisher_discriminant(const Dataset& data, std::vector<double>& w, double& b);

// Stratified assignment of rows to parts: part 0 gets what the others leave; part p >= 1 gets
// round(fractions[p - 1] * n_c) of each class's n_c rows (shuffled with Pcg32(seed)). The
// fractions must be in (0, 1) and sum to less than 1. With `both_sides` (one fraction: early
// stopping's validation split), a class of n_c >= 2 rows gives between 1 and n_c - 1 rows to
// part 1, so that it both trains and validates; a class of one row stays in part 0. The one
// splitter of the library: modelSelection and early stopping both use it.
Status stratified_parts(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        const std::vector<double>& fractions, std::uint64_t seed,
                        std::vector<std::uint32_t>& part_of_row, bool both_sides = false);
// Stratified k-fold: each class's rows (shuffled with Pcg32(seed)) dealt to folds 0..k-1 in
// turn. k must be >= 2 and at most the smallest class's size; `name` is the option's name in
// the message (kFold's k, gridSearch's cv).
Status stratified_folds(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        double k, std::uint64_t seed, std::vector<std::uint32_t>& fold_of_row,
                        const std::string& name = "k");

// The options of the splits as callers give them, each named in its message:
// - a fraction (split's validation and test, gridSearch's): a number in (0, 1);
// - a fold count (kFold's k, gridSearch's cv): an integer >= `least` (2, or 1 for k, whose 1 the
//   splitter refuses with its bound);
// - seed: an integer from 0 to 2^53 - 1.
Status set_fraction(const std::string& name, const OptionValue& value, double& out);
Status set_folds(const std::string& name, const OptionValue& value, double least, double& out);
// modelSelection.split: each row's part (0 trains; part j >= 1 is parts[j - 1]) from the options
// {validation, test, seed}: a fraction 0 or unset makes no part, and one at least is given.
Status split_by_options(const OptionList& options, const std::vector<std::uint32_t>& class_index,
                        std::size_t classes, std::vector<std::uint32_t>& part_of_row,
                        std::vector<std::string>& parts);
// modelSelection.kFold: each row's fold (0..k-1) from the options {k (5 unless given), seed}.
Status folds_by_options(const OptionList& options, const std::vector<std::uint32_t>& class_index,
                        std::size_t classes, std::vector<std::uint32_t>& fold_of_row,
                        std::size_t& k);

// The analysis calls' options objects as callers give them, with each call's names in `known`:
// withBias and fitIntercept true or false, gamma a number (required when known). A vector
// option (the bounds' u or w) is required when known, and the caller's to read.
struct AnalysisOptions {
  bool with_bias = false;
  bool fit_intercept = true;
  double gamma = 0;
};
Status analysis_options(const OptionList& options, const std::vector<std::string>& known,
                        AnalysisOptions& out);

// What a two-class call reads: X checked, one label per row, exactly two classes (margin_of's
// and the bounds' callers, separability, fisher_discriminant).
Status check_binary(const Dataset& data);

// max ||x_i||; with_bias: of (x_i, 1), the augmented examples that fold the bias into w.
double radius(const Dataset& data, bool with_bias);

// (w.x_i + b) / ||w|| for every row; w must not be 0 and must have data.cols() values.
Status signed_distances(const Dataset& data, const std::vector<double>& w, double b,
                        std::vector<double>& out);

// min_i y_i (w.x_i + b) / ||w|| (y in {-1, +1}, class 1 positive); `row` gets the arg min.
Status margin_of(const Dataset& data, const std::vector<double>& w, double b, double& out,
                 std::size_t* row = nullptr);

struct Separability {
  bool separable = false;
  bool fit_intercept = true;
  double margin = 0;  // gamma* when separable (the margin w, b reach), 0 otherwise
  // The dual side: half the distance between the hulls found (the distance from 0 without an
  // intercept). Every separator's margin is at most this, so margin <= gamma* <= upper_bound
  // brackets the optimum; they agree to rounding when the solver converged.
  double upper_bound = 0;
  std::vector<double> w;             // unit length when separable
  double b = 0;                      // 0 without an intercept
  std::vector<std::size_t> support;  // rows whose margin is gamma* (within tolerance)
  // Not separable: one weight per row, >= 0, summing to 1 over each class (with an
  // intercept) or over all rows (without), the weighted sums agreeing within `residual`.
  std::vector<double> certificate;
  double residual = 0;  // ||sum of the certificate's weighted points|| (0 ideally)
  std::size_t iterations = 0;
};

// The exact answer for a dataset with two classes. Distances at or below tolerance * the
// largest ||x|| count as zero (not separable).
Status separability(const Dataset& data, bool fit_intercept, Separability& out,
                    double tolerance = 1e-10);

}  // namespace perceptron
