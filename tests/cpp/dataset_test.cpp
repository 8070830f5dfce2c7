#include "perceptron/data/dataset.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace perceptron {
namespace {

TEST(Dataset, NumericLabelsAreSortedAndTheFirstIsNegative) {
  Dataset d;
  ASSERT_TRUE(make_dataset<double>({1, 2, 3, 4, 5, 6}, 3, 2, {7, 3, 7}, d).ok());
  EXPECT_EQ(d.classes.numbers, (std::vector<double>{3, 7}));
  EXPECT_EQ(d.class_index, (std::vector<std::uint32_t>{1, 0, 1}));
  EXPECT_EQ(d.sign(0), 1);
  EXPECT_EQ(d.sign(1), -1);
  EXPECT_EQ(d.x.at(2, 1), 6);
}

TEST(Dataset, StringLabelsSortByCodePoint) {
  Dataset d;
  ASSERT_TRUE(make_dataset<std::string>({1, 2}, 2, 1, {"spam", "ham"}, d).ok());
  EXPECT_FALSE(d.classes.numeric);
  EXPECT_EQ(d.classes.names, (std::vector<std::string>{"ham", "spam"}));
  EXPECT_EQ(d.class_index, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(d.classes.describe(0), "\"ham\"");
  // "Z" (U+005A) < "a" (U+0061) < "é" (U+00E9).
  ASSERT_TRUE(make_dataset<std::string>({1, 2, 3}, 3, 1, {"é", "a", "Z"}, d).ok());
  EXPECT_EQ(d.classes.names, (std::vector<std::string>{"Z", "a", "é"}));
}

TEST(Dataset, RejectsBadShapesAndValues) {
  Dataset d;
  EXPECT_EQ(make_dataset<double>({}, 0, 2, {}, d).message,
            "X must have at least one row; received 0 rows");
  EXPECT_EQ(make_dataset<double>({1, 2, 3}, 2, 2, {1, 2}, d).message,
            "X must hold rows * cols = 2 * 2 values; received 3");
  EXPECT_EQ(make_dataset<double>({1, 2, 3, NAN}, 2, 2, {1, 2}, d).message,
            "X must contain only finite numbers; received NaN at row 1, column 1");
  EXPECT_EQ(make_dataset<double>({1, INFINITY}, 1, 2, {1}, d).message,
            "X must contain only finite numbers; received Infinity at row 0, column 1");
  EXPECT_EQ(make_dataset<double>({1, 2}, 2, 1, {1}, d).message,
            "y must have one label per row of X (2); received 1 labels");
  EXPECT_EQ(make_dataset<double>({1, 2}, 2, 1, {1, NAN}, d).message,
            "y[1] must be a finite number or a string; received NaN");
  EXPECT_EQ(make_dataset<double>({1, 2}, 2, 1, {1, 2}, d).kind, ErrorKind::none);
}

TEST(Dataset, IndexLabelsAgainstFixedClasses) {
  Classes classes;
  classes.numbers = {-1, 1};
  std::vector<std::uint32_t> index;
  ASSERT_TRUE(index_labels(std::vector<double>{1, -1, 1}, classes, "y", index).ok());
  EXPECT_EQ(index, (std::vector<std::uint32_t>{1, 0, 1}));
  Status s = index_labels(std::vector<double>{1, 0}, classes, "y", index);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "y[1] must be one of the classes [-1, 1]; received 0");
  s = index_labels(std::vector<std::string>{"a"}, classes, "y", index);
  EXPECT_EQ(s.kind, ErrorKind::type);
}

TEST(Matrix, SelectionsShareTheValuesAndKeepTheirLabels) {
  Dataset d;
  ASSERT_TRUE(make_dataset<double>({1, 2, 3, 4, 5, 6, 7, 8}, 4, 2, {5, 6, 5, 6}, d).ok());
  const Dataset picked = d.select({3, 0});
  EXPECT_EQ(picked.rows(), 2u);
  EXPECT_EQ(picked.x.data(), d.x.data());  // no copy
  EXPECT_EQ(picked.x.at(0, 0), 7);
  EXPECT_EQ(picked.x.at(1, 1), 2);
  EXPECT_EQ(picked.class_index, (std::vector<std::uint32_t>{1, 0}));
  // A selection of a selection maps to the storage's rows.
  const Dataset again = picked.select({1});
  EXPECT_EQ(again.x.at(0, 1), 2);
  EXPECT_EQ(again.x.storage_row(0), 0u);
}

TEST(Matrix, Float32RowsReadAsTheSameDoubles) {
  Matrix m;
  ASSERT_TRUE(Matrix::allocate(2, 3, DType::float32, "X", m).ok());
  float* values = static_cast<float*>(m.data());
  const float given[] = {0.1f, -2.5f, 3e-8f, 1e30f, -0.0f, 7.f};
  std::copy(std::begin(given), std::end(given), values);
  EXPECT_EQ(m.storage_bytes(), 24u);
  RowReader read(m);
  const double* row = read(1);
  EXPECT_EQ(row[0], static_cast<double>(1e30f));
  EXPECT_TRUE(std::signbit(row[1]));
  EXPECT_EQ(read(0)[0], static_cast<double>(0.1f));
  // Matrix::row reads the float32 values in place.
  EXPECT_EQ(m.row(1).dtype(), DType::float32);
  EXPECT_EQ(m.row(1).size(), 3u);
  EXPECT_EQ(m.row(1)[0], static_cast<double>(1e30f));
  EXPECT_EQ(m.select({1}).row(0)[2], 7.0);
  EXPECT_TRUE(m.check("X").ok());
  values[4] = std::numeric_limits<float>::infinity();  // the scan ran already: its answer stays
  Matrix fresh;
  ASSERT_TRUE(Matrix::allocate(2, 3, DType::float32, "X", fresh).ok());
  std::copy(std::begin(given), std::end(given), static_cast<float*>(fresh.data()));
  static_cast<float*>(fresh.data())[4] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(fresh.check("X").message,
            "X must contain only finite numbers; received NaN at row 1, column 1");
}

TEST(Matrix, ARequestThatCannotFitIsARangeErrorNamingTheBytes) {
  Matrix m;
  const std::size_t huge = std::numeric_limits<std::size_t>::max() / 4;
  Status s = Matrix::allocate(huge, 4, DType::float64, "X", m);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_NE(s.message.find("cannot allocate X ("), std::string::npos) << s.message;
  EXPECT_NE(s.message.find(" bytes)"), std::string::npos) << s.message;
  EXPECT_TRUE(m.empty());
}

TEST(Status, FormatsNumbersLikeJavaScript) {
  EXPECT_EQ(format_number(1), "1");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(format_number(NAN), "NaN");
  EXPECT_EQ(format_number(-INFINITY), "-Infinity");
  EXPECT_EQ(format_number(9007199254740991.0), "9007199254740991");
}

// Dataset.fromArray's and fromSparse's options: the dtype read, the names checked.
TEST(ArrayOptions, ReadsTheDtypeAndChecksTheNames) {
  DType dtype = DType::float32;
  ASSERT_TRUE(array_options({}, dtype).ok());
  EXPECT_EQ(dtype, DType::float64);
  ASSERT_TRUE(
      array_options({{"dtype", std::string("float32")}, {"featureNames", OtherValue{"an array"}}},
                    dtype)
          .ok());
  EXPECT_EQ(dtype, DType::float32);
  Status s = array_options({{"dtype", std::string("int8")}}, dtype);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "option dtype must be 'float64' or 'float32'; received the string \"int8\"");
  EXPECT_EQ(dtype, DType::float32) << "left as it was";
  EXPECT_EQ(array_options({{"dtype", OtherValue{"null"}}}, dtype).kind, ErrorKind::type);
  s = array_options({{"shape", OtherValue{"an object"}}}, dtype);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message, "unknown option \"shape\"; known options are dtype, featureNames");
}

// Dataset.fromArray's shape and a dense X's counts as a JS caller gives them.
TEST(Dataset, ArrayShapeAndCountsAsGiven) {
  std::vector<double> size;
  const OptionValue none = OtherValue{"undefined"};
  const OptionValue object = OtherValue{"an object"};
  const OptionList two_by_three{{"rows", 2.0}, {"cols", 3.0}};
  ASSERT_TRUE(array_shape(none, {}, "", none, none, size).ok());
  EXPECT_TRUE(size.empty());
  EXPECT_EQ(array_shape(none, {}, "Float64Array", none, none, size).message,
            "a Float64Array needs its shape: fromArray(data, {rows, cols})");
  EXPECT_EQ(
      array_shape(6.0, {}, "", none, none, size).message.rfind("shape must be {rows, cols}", 0),
      0u);
  const Status rows = array_shape(object, {{"rows", 1.5}}, "", none, none, size);
  EXPECT_EQ(rows.kind, ErrorKind::range);
  EXPECT_EQ(rows.message, "shape.rows must be a non-negative integer; received 1.5");
  EXPECT_EQ(array_shape(object, {{"rows", 2.0}}, "", none, none, size).message,
            "shape.cols must be a non-negative integer; received undefined");
  EXPECT_EQ(array_shape(object, two_by_three, "", 2.0, 2.0, size).message,
            "X has 2 rows and 2 columns; shape says {rows: 2, cols: 3}");
  ASSERT_TRUE(array_shape(object, two_by_three, "", 2.0, 3.0, size).ok());
  EXPECT_EQ(size, (std::vector<double>{2, 3}));

  Matrix m;
  EXPECT_EQ(allocate_given(2.0, std::string("3"), none, DType::float64, "X", m).message,
            "X.cols must be a non-negative integer; received the string \"3\"");
  EXPECT_EQ(allocate_given(2.0, 3.0, 5.0, DType::float64, "X", m).message,
            "X.data must hold rows * cols = 2 * 3 = 6 values; received 5");
  ASSERT_TRUE(allocate_given(2.0, 3.0, 6.0, DType::float32, "X", m).ok());
  EXPECT_EQ(m.size(), 6u);
  EXPECT_EQ(allocate_given_csr(3, 4.0, 0, 0, -1.0, DType::float64, "X", m).message,
            "X.rows must be a non-negative integer; received -1");
  ASSERT_TRUE(allocate_given_csr(3, 4.0, 0, 0, none, DType::float64, "X", m).ok());
  EXPECT_EQ(m.rows(), 2u);
}

}  // namespace
}  // namespace perceptron
