// The CSV readers' options as callers give them (csv/options.hpp): each option's values, the
// class and message of each refusal (a TypeError for the wrong kind of value, a RangeError for
// one out of range), unknown names, and what is left as it was on a refusal.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "perceptron/csv/options.hpp"

namespace perceptron::csv {
namespace {

Status dataset(const OptionList& options, DatasetOptions& out,
               const std::vector<OptionValue>* features = nullptr) {
  return dataset_options(options, features, out);
}

TEST(CsvOptions, DefaultsWhenNothingIsGiven) {
  DatasetOptions out;
  out.expected_bytes = 7;
  ASSERT_TRUE(dataset({}, out).ok());
  EXPECT_EQ(out.dialect.delimiter, 0);
  EXPECT_EQ(out.dialect.header, HeaderMode::automatic);
  EXPECT_EQ(out.label.kind, ColumnRef::Kind::last);
  EXPECT_TRUE(out.all_features);
  EXPECT_FALSE(out.drop_missing);
  EXPECT_EQ(out.dtype, DType::float64);
  EXPECT_EQ(out.expected_bytes, 7u);  // the caller's
}

TEST(CsvOptions, ReadsEveryOption) {
  const std::vector<OptionValue> features{std::string("x"), 2.0};
  DatasetOptions out;
  ASSERT_TRUE(dataset({{"delimiter", std::string("\t")},
                       {"header", false},
                       {"label", 0.0},
                       {"features", OtherValue{"an array"}},
                       {"missing", std::string("drop")},
                       {"dtype", std::string("float32")}},
                      out, &features)
                  .ok());
  EXPECT_EQ(out.dialect.delimiter, '\t');
  EXPECT_EQ(out.dialect.header, HeaderMode::absent);
  EXPECT_EQ(out.label.kind, ColumnRef::Kind::index);
  EXPECT_EQ(out.label.index, 0u);
  ASSERT_FALSE(out.all_features);
  ASSERT_EQ(out.features.size(), 2u);
  EXPECT_EQ(out.features[0].kind, ColumnRef::Kind::name);
  EXPECT_EQ(out.features[0].name, "x");
  EXPECT_EQ(out.features[1].kind, ColumnRef::Kind::index);
  EXPECT_EQ(out.features[1].index, 2u);
  EXPECT_TRUE(out.drop_missing);
  EXPECT_EQ(out.dtype, DType::float32);

  ASSERT_TRUE(dataset({{"header", true}, {"label", OtherValue{"null"}}}, out).ok());
  EXPECT_EQ(out.dialect.header, HeaderMode::present);
  EXPECT_EQ(out.label.kind, ColumnRef::Kind::none);
  ASSERT_TRUE(dataset({{"header", std::string("auto")}, {"label", std::string("y")}}, out).ok());
  EXPECT_EQ(out.dialect.header, HeaderMode::automatic);
  EXPECT_EQ(out.label.kind, ColumnRef::Kind::name);
  EXPECT_EQ(out.label.name, "y");
}

struct Refusal {
  OptionList options;
  ErrorKind kind;
  std::string message;
};

TEST(CsvOptions, RefusesBadValuesNamingTheOption) {
  const std::vector<Refusal> refusals{
      {{{"sep", std::string(";")}},
       ErrorKind::type,
       "unknown option \"sep\"; known options are delimiter, header, label, features, missing, "
       "dtype"},
      {{{"delimiter", std::string(":")}},
       ErrorKind::range,
       R"(delimiter must be one of ",", ";", "\t" or "|"; received ":")"},
      {{{"delimiter", std::string("")}},
       ErrorKind::range,
       R"(delimiter must be one of ",", ";", "\t" or "|" (leave it out to detect it); received "")"},
      {{{"delimiter", 44.0}},
       ErrorKind::type,
       R"(option delimiter must be one of ",", ";", "\t" or "|"; received 44)"},
      {{{"header", std::string("yes")}},
       ErrorKind::range,
       "option header must be true, false or 'auto'; received the string \"yes\""},
      {{{"header", 1.0}},
       ErrorKind::type,
       "option header must be true, false or 'auto'; received 1"},
      {{{"label", -1.0}},
       ErrorKind::range,
       "option label must be a column name (string) or a 0-based column index; received -1"},
      {{{"label", 4294967296.0}},
       ErrorKind::range,
       "option label must be a column name (string) or a 0-based column index; received "
       "4294967296"},
      {{{"label", true}},
       ErrorKind::type,
       "option label must be a column name (string) or a 0-based column index; received true"},
      {{{"features", std::string("x")}},
       ErrorKind::type,
       "option features must be a non-empty array of column names or indices; received the string "
       "\"x\""},
      {{{"missing", std::string("skip")}},
       ErrorKind::range,
       "option missing must be 'error' or 'drop'; received the string \"skip\""},
      {{{"missing", true}},
       ErrorKind::type,
       "option missing must be 'error' or 'drop'; received true"},
      {{{"dtype", std::string("int8")}},
       ErrorKind::range,
       "option dtype must be 'float64' or 'float32'; received the string \"int8\""},
      {{{"dtype", 32.0}},
       ErrorKind::type,
       "option dtype must be 'float64' or 'float32'; received 32"},
  };
  for (const auto& [options, kind, message] : refusals) {
    DatasetOptions out;
    out.dtype = DType::float32;
    const Status s = dataset(options, out);
    EXPECT_EQ(s.kind, kind) << message;
    EXPECT_EQ(s.message, message);
    EXPECT_EQ(out.dtype, DType::float32) << "left as it was: " << message;
  }
}

TEST(CsvOptions, RefusesBadFeatureLists) {
  DatasetOptions out;
  const std::vector<OptionValue> none;
  Status s = dataset({{"features", OtherValue{"an array"}}}, out, &none);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "option features must be a non-empty array of column names or indices; received an "
            "array of length 0");
  const std::vector<OptionValue> bad{0.0, -1.0};
  s = dataset({{"features", OtherValue{"an array"}}}, out, &bad);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "option features[1] must be a column name (string) or a 0-based column index; "
            "received -1");
  const std::vector<OptionValue> hole{OtherValue{"undefined"}};
  s = dataset({{"features", OtherValue{"an array"}}}, out, &hole);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_TRUE(out.all_features);
}

TEST(CsvOptions, AcceptsTheCallersOwnNames) {
  DatasetOptions out;
  EXPECT_TRUE(dataset_options({{"onProgress", OtherValue{"a function"}}}, nullptr, out,
                              {"onProgress", "signal"})
                  .ok());
  const Status s = dataset_options({{"maxRows", 2.0}}, nullptr, out, {"onProgress"});
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message.rfind("unknown option \"maxRows\"; known options are delimiter, header, "
                            "label, features, missing, dtype, onProgress",
                            0),
            0u);
}

TEST(CsvOptions, TableOptions) {
  DialectOptions dialect;
  std::size_t max_rows = 20;
  ASSERT_TRUE(table_options({}, dialect, max_rows).ok());
  EXPECT_EQ(max_rows, 20u);
  ASSERT_TRUE(
      table_options({{"maxRows", 3.0}, {"delimiter", std::string(";")}}, dialect, max_rows).ok());
  EXPECT_EQ(max_rows, 3u);
  EXPECT_EQ(dialect.delimiter, ';');
  ASSERT_TRUE(
      table_options({{"maxRows", std::numeric_limits<double>::infinity()}}, dialect, max_rows)
          .ok());
  EXPECT_EQ(max_rows, std::numeric_limits<std::size_t>::max());
  for (const OptionValue& bad : {OptionValue(-1.0), OptionValue(2.5),
                                 OptionValue(std::numeric_limits<double>::quiet_NaN())}) {
    const Status s = table_options({{"maxRows", bad}}, dialect, max_rows);
    EXPECT_EQ(s.kind, ErrorKind::range);
    EXPECT_EQ(s.message.rfind("option maxRows must be a non-negative integer or Infinity", 0), 0u);
  }
  Status s = table_options({{"maxRows", std::string("5")}}, dialect, max_rows);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "option maxRows must be a non-negative integer or Infinity; received the string \"5\"");
  s = table_options({{"label", std::string("x")}}, dialect, max_rows);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message, "unknown option \"label\"; known options are delimiter, header, maxRows");
}

}  // namespace
}  // namespace perceptron::csv
