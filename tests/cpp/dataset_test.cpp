#include "perceptron/dataset.hpp"

#include <gtest/gtest.h>

#include <cmath>
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
  EXPECT_EQ(d.row(2)[1], 6);
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

TEST(Status, FormatsNumbersLikeJavaScript) {
  EXPECT_EQ(format_number(1), "1");
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(format_number(NAN), "NaN");
  EXPECT_EQ(format_number(-INFINITY), "-Infinity");
  EXPECT_EQ(format_number(9007199254740991.0), "9007199254740991");
}

}  // namespace
}  // namespace perceptron
