// Seeded 2-D datasets for demos and exercises (pw.datasets.make), like scikit-learn's make_*
// functions: the same kind, size, seed and parameters give the same points to the bit natively,
// in WASM and in every browser. Only PCG32 integers, + - * / and sqrt (all exactly rounded
// in IEEE arithmetic) are used: normal deviates are Irwin-Hall sums of 12 uniforms (bounded at
// 6 standard deviations), and sin/cos are polynomials of our own, never the C library's.
//
// Points lie in about [-1, 1]^2 (the demo's plane). Labels are -1 and +1 for the two-class
// kinds, 0, 1, 2 for 'blobs'.
#pragma once

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// options: {kind, rows, seed, margin, noise} as a JS caller gives them (options.hpp):
// - kind: 'separable' (uniform points, none closer than `margin` to a random line),
//   'gaussians' (two clouds), 'xor' (quadrants), 'circles' (a disc inside a ring), 'spiral'
//   (two arms) or 'blobs' (three clouds, labels 0, 1, 2); required;
// - rows: 1 to 1,000,000 (default 100); seed: an integer (default 0);
// - margin ('separable'): 0 to 0.5 (default 0.1); noise (the others): 0 to 1 (default 0.1), the
//   spread of the clouds or the jitter of the points.
// A TypeError or RangeError names the option, as every option check does.
Status generate(const OptionList& options, Dataset& out);

}  // namespace perceptron
