// Sparse (CSR) matrices (data/matrix.hpp): every linear model trained on the sparse form of a
// matrix ends with the very bits it ends with on the dense form (update.hpp's summation order),
// in float64 and float32; the structure is checked with messages naming the position; rows
// read as doubles (RowReader) and values (at) are the dense ones.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/winnow.hpp"
#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::configured;

// A dense matrix and its sparse form, `rows` x `cols` with about `density` of the values not 0
// (0/1 values with `binary`), and labels from a fixed hyperplane (`classes` classes).
double uniform(Pcg32& random) { return random.next() / 4294967296.0; }

struct Pair {
  Dataset dense, sparse;
};

Pair make_pair(std::size_t rows, std::size_t cols, double density, std::size_t classes, bool binary,
               DType dtype, std::uint64_t seed) {
  Pcg32 random(seed);
  std::vector<double> values(rows * cols, 0.0);
  for (double& v : values) {
    if (uniform(random) < density) {
      v = binary ? 1.0 : uniform(random) * 4 - 2;
      if (dtype == DType::float32) v = static_cast<float>(v);
    }
  }
  std::vector<double> labels(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    double s = 0.1;
    for (std::size_t j = 0; j < cols; ++j) s += values[i * cols + j] * ((j % 5) - 2.0);
    labels[i] =
        classes == 2 ? (s > 0 ? 1 : -1) : static_cast<double>(static_cast<int>(s * 7) % 3 + 3);
  }
  Pair out;
  const Status made = make_dataset(values, rows, cols, labels, out.dense);
  EXPECT_TRUE(made.ok()) << made.message;
  if (dtype == DType::float32) {
    Matrix m;
    EXPECT_TRUE(Matrix::allocate(rows, cols, dtype, "X", m).ok());
    auto* f = static_cast<float*>(m.data());
    for (std::size_t k = 0; k < values.size(); ++k) f[k] = static_cast<float>(values[k]);
    out.dense.x = m;
  }
  std::size_t stored = 0;
  for (double v : values) stored += v != 0;
  out.sparse = out.dense;
  EXPECT_TRUE(Matrix::allocate_sparse(rows, cols, stored, dtype, "X", out.sparse.x).ok());
  std::uint32_t* indptr = out.sparse.x.indptr();
  std::uint32_t* indices = out.sparse.x.indices();
  std::size_t k = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) {
      const double v = values[i * cols + j];
      if (v == 0) continue;
      indices[k] = static_cast<std::uint32_t>(j);
      if (dtype == DType::float32) {
        static_cast<float*>(out.sparse.x.data())[k] = static_cast<float>(v);
      } else {
        static_cast<double*>(out.sparse.x.data())[k] = v;
      }
      ++k;
    }
    indptr[i + 1] = static_cast<std::uint32_t>(k);
  }
  const Status checked = out.sparse.x.check_structure("X");
  EXPECT_TRUE(checked.ok()) << checked.message;
  return out;
}

// Every number a model saves, as bits.
std::vector<std::uint64_t> bits(const SavedModel& saved) {
  std::vector<std::uint64_t> out;
  const auto add = [&](const NamedArrays& arrays) {
    for (const auto& [name, values] : arrays) {
      for (double v : values) {
        std::uint64_t b;
        std::memcpy(&b, &v, sizeof b);
        out.push_back(b);
      }
    }
  };
  add(saved.arrays);
  add(saved.state);
  for (const SavedModel& part : saved.parts) {
    const std::vector<std::uint64_t> more = bits(part);
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

// Trains two models of the same options on the dense and the sparse form: the same saved bits,
// the same report, the same scores (bit for bit), and the sparse model learned something.
template <Model M>
void expect_same_training(M dense_model, const Pair& data) {
  M sparse_model = dense_model;
  FitReport dense_report, sparse_report;
  ASSERT_TRUE(dense_model.fit(data.dense, dense_report).ok());
  const Status s = sparse_model.fit(data.sparse, sparse_report);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(bits(dense_model.save()), bits(sparse_model.save()));
  EXPECT_EQ(dense_report.mistakes, sparse_report.mistakes);
  EXPECT_EQ(dense_report.epochs, sparse_report.epochs);
  EXPECT_GT(sparse_report.mistakes, 0u);
  std::vector<double> a(data.dense.rows() * dense_model.scores_per_row());
  std::vector<double> b(a.size());
  ASSERT_TRUE(dense_model.decision_function(data.dense.x, a.data()).ok());
  ASSERT_TRUE(sparse_model.decision_function(data.sparse.x, b.data()).ok());
  EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(double)));
  // The dense model scores the sparse rows alike too.
  ASSERT_TRUE(dense_model.decision_function(data.sparse.x, b.data()).ok());
  EXPECT_EQ(0, std::memcmp(a.data(), b.data(), a.size() * sizeof(double)));
}

class SparseTraining : public ::testing::TestWithParam<DType> {};

TEST_P(SparseTraining, EveryVariantOfThePerceptronGivesTheDenseBits) {
  // 37 columns: the last block of 8 is partial, as in most real widths.
  const Pair data = make_pair(300, 37, 0.15, 2, false, GetParam(), 11);
  for (Variant variant : {Variant::classic, Variant::averaged, Variant::voted, Variant::pocket}) {
    SCOPED_TRACE(static_cast<int>(variant));
    expect_same_training(configured<Perceptron>([&](auto& p) {
                           p.variant = variant;
                           p.max_epochs = 7;
                           p.order = Order::shuffle;
                           p.seed = 3;
                         }),
                         data);
  }
  expect_same_training(configured<Perceptron>([](auto& p) {
                         p.margin = 0.5;
                         p.learning_rate = 0.25;
                         p.max_epochs = 5;
                       }),
                       data);
}

TEST_P(SparseTraining, TheMulticlassPerceptronGivesTheDenseBits) {
  const Pair data = make_pair(240, 21, 0.2, 3, false, GetParam(), 5);
  for (Strategy strategy : {Strategy::joint, Strategy::ovr, Strategy::ovo}) {
    SCOPED_TRACE(static_cast<int>(strategy));
    expect_same_training(configured<MulticlassPerceptron>([&](auto& p) {
                           p.strategy = strategy;
                           p.base.variant = Variant::averaged;
                           p.base.max_epochs = 6;
                         }),
                         data);
  }
}

TEST_P(SparseTraining, WinnowAndPassiveAggressiveGiveTheDenseBits) {
  const Pair binary = make_pair(200, 29, 0.1, 2, true, GetParam(), 9);
  expect_same_training(configured<Winnow>([](auto& p) { p.base.max_epochs = 5; }), binary);
  const Pair data = make_pair(200, 29, 0.2, 2, false, GetParam(), 13);
  expect_same_training(configured<Winnow>([](auto& p) {
                         p.balanced = true;
                         p.base.max_epochs = 5;
                       }),
                       data);
  expect_same_training(configured<PassiveAggressive>([](auto& p) { p.base.max_epochs = 4; }), data);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, SparseTraining, ::testing::Values(DType::float64, DType::float32));

TEST(SparseMatrix, ReadsAsTheDenseMatrix) {
  const Pair data = make_pair(20, 11, 0.3, 2, false, DType::float64, 2);
  const Matrix& s = data.sparse.x;
  EXPECT_TRUE(s.sparse());
  EXPECT_FALSE(data.dense.x.sparse());
  EXPECT_EQ(testing::values(s), testing::values(data.dense.x));
  RowReader read(s);
  for (std::size_t i = 0; i < s.rows(); ++i) {
    const double* row = read(i);
    for (std::size_t j = 0; j < s.cols(); ++j) EXPECT_EQ(row[j], data.dense.x.at(i, j));
  }
  // A row selection shares the storage and reads the selected rows.
  const Matrix picked = s.select({3, 3, 0});
  EXPECT_EQ(picked.rows(), 3u);
  EXPECT_EQ(picked.stored(), 2 * s.row(3).stored() + s.row(0).stored());
  for (std::size_t j = 0; j < s.cols(); ++j) EXPECT_EQ(picked.at(1, j), data.dense.x.at(3, j));
}

TEST(SparseMatrix, ItsStructureIsCheckedNamingThePosition) {
  Matrix m;
  ASSERT_TRUE(Matrix::allocate_sparse(2, 4, 3, DType::float64, "X", m).ok());
  auto* v = static_cast<double*>(m.data());
  v[0] = v[1] = v[2] = 1;
  std::uint32_t* p = m.indptr();
  std::uint32_t* c = m.indices();
  p[0] = 0, p[1] = 2, p[2] = 3;
  c[0] = 1, c[1] = 3, c[2] = 0;
  EXPECT_TRUE(m.check_structure("X").ok());
  c[1] = 1;
  EXPECT_EQ(m.check_structure("X").message,
            "X.indices[1] = 1 must be greater than X.indices[0] = 1 (row 0): each row's columns "
            "strictly increasing");
  c[1] = 4;
  EXPECT_EQ(m.check_structure("X").message, "X.indices[1] = 4 must be below cols = 4 (row 0)");
  c[1] = 3;
  p[1] = 4;
  EXPECT_EQ(m.check_structure("X").message, "X.indptr[1] = 4 must be at most the 3 values stored");
  p[1] = 2, p[2] = 2;
  EXPECT_EQ(m.check_structure("X").message, "X.indptr[2] = 2 must be the 3 values stored");
  p[2] = 3;
  v[2] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(m.check("X").message,
            "X must contain only finite numbers; received Infinity at row 1, column 0");
}

TEST(SparseMatrix, FinishSparseSortsRowsAndAddsUpRepeatedColumns) {
  Matrix m;
  ASSERT_TRUE(Matrix::allocate_sparse(2, 4, 5, DType::float64, "X", m).ok());
  auto* v = static_cast<double*>(m.data());
  std::uint32_t* p = m.indptr();
  std::uint32_t* c = m.indices();
  p[0] = 0, p[1] = 3, p[2] = 5;
  c[0] = 3, c[1] = 1, c[2] = 3, c[3] = 0, c[4] = 2;
  v[0] = 1, v[1] = 2, v[2] = 4, v[3] = 5, v[4] = 6;
  EXPECT_FALSE(m.check_structure("X").ok());
  ASSERT_TRUE(m.finish_sparse("X").ok());
  EXPECT_TRUE(m.check_structure("X").ok());
  EXPECT_EQ(m.stored(), 4u);
  EXPECT_EQ(testing::values(m), (std::vector<double>{0, 2, 0, 5, 5, 0, 6, 0}));
  // A column out of range is still refused, whatever the order.
  Matrix bad;
  ASSERT_TRUE(Matrix::allocate_sparse(1, 2, 2, DType::float64, "X", bad).ok());
  bad.indptr()[1] = 2;
  bad.indices()[0] = 1, bad.indices()[1] = 2;
  EXPECT_EQ(bad.finish_sparse("X").message, "X.indices[1] = 2 must be below cols = 2 (row 0)");
}

}  // namespace
}  // namespace perceptron
