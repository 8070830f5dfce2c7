// The CSV reader: numbers as JS's Number() reads them, the RFC 4180 tokenizer (also split into
// chunks anywhere), the dialect guesses, and the Dataset reader's results and errors.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"

namespace perceptron::csv {
namespace {

double number(std::string_view text) {
  const ParsedNumber n = parse_number(text);
  EXPECT_EQ(n.kind, NumberKind::number) << text;
  return n.value;
}
NumberKind kind(std::string_view text) { return parse_number(text).kind; }

TEST(CsvNumber, ReadsWhatNumberReads) {
  EXPECT_EQ(number("1"), 1);
  EXPECT_EQ(number("+5"), 5);
  EXPECT_EQ(number(".5"), 0.5);
  EXPECT_EQ(number("+.5"), 0.5);
  EXPECT_EQ(number("-.5"), -0.5);
  EXPECT_EQ(number("5."), 5);
  EXPECT_EQ(number("1.e2"), 100);
  EXPECT_EQ(number("1e-7"), 1e-7);
  EXPECT_EQ(number("1E+5"), 1e5);
  EXPECT_EQ(number("0.1"), 0.1);
  EXPECT_EQ(number("007"), 7);
  EXPECT_EQ(number(" \t3 "), 3);
  EXPECT_EQ(number("\xC2\xA0"
                   "4\xE2\x80\xAF"),
            4);  // NBSP and NARROW NBSP around
  EXPECT_EQ(number("1e-999"), 0);
  EXPECT_EQ(number("9007199254740993"), 9007199254740992.0);  // ties to even
  EXPECT_EQ(number("2.2250738585072011e-308"), 2.225073858507201e-308);
  const double negative_zero = number("-0");
  EXPECT_EQ(negative_zero, 0);
  EXPECT_TRUE(std::signbit(negative_zero));
  EXPECT_EQ(number("0x1F"), 31);
  EXPECT_EQ(number("0X1f"), 31);
  EXPECT_EQ(number("0b101"), 5);
  EXPECT_EQ(number("0o17"), 15);
  // 2^53 + 1 rounds to even; 2^53 + 1 followed by a non-zero digit far below rounds up.
  EXPECT_EQ(number("0x20000000000001"), 9007199254740992.0);
  EXPECT_EQ(number("0x200000000000010000000001"), 9007199254740994.0 * 0x1p40);
}

TEST(CsvNumber, TellsMissingNotFiniteAndNotNumbers) {
  for (const char* missing : {"", "  ", "NA", "NaN", "?", " NA "}) {
    EXPECT_EQ(kind(missing), NumberKind::missing) << missing;
  }
  for (const char* infinite : {"Infinity", "-Infinity", "+Infinity", "1e999", "-1e400"}) {
    EXPECT_EQ(kind(infinite), NumberKind::not_finite) << infinite;
  }
  for (const char* text : {"abc", "1,5",  "1e",    ".",     "+",   "-",       "+-5",      "--5",
                           "0x",  "0x1g", "-0x10", "+0x10", "inf", "nan",     "infinity", "1_000",
                           "1 2", "0b2",  "1.2.3", "e5",    "na",  "\xC2\xA0"}) {
    if (std::string_view(text) == "\xC2\xA0") {
      EXPECT_EQ(kind(text), NumberKind::missing);  // only whitespace: empty
      continue;
    }
    EXPECT_EQ(kind(text), NumberKind::not_number) << text;
  }
}

Table table(std::string_view text, DialectOptions options = {}) {
  Table out;
  const Error e = parse_table(text, options, static_cast<std::size_t>(-1), out);
  EXPECT_TRUE(e.ok()) << e.status.message;
  return out;
}

using Rows = std::vector<std::vector<std::string>>;

TEST(CsvTokenizer, ReadsRfc4180) {
  DialectOptions no_header{0, HeaderMode::absent};
  EXPECT_EQ(table("a,\"b,c\",d\n", no_header).rows, (Rows{{"a", "b,c", "d"}}));
  EXPECT_EQ(table("\"say \"\"hi\"\"\",x\n", no_header).rows, (Rows{{"say \"hi\"", "x"}}));
  EXPECT_EQ(table("\"two\nlines\",x\r\ny,z", no_header).rows,
            (Rows{{"two\nlines", "x"}, {"y", "z"}}));
  EXPECT_EQ(table("a,b\rc,d\r\ne,f\n", no_header).rows, (Rows{{"a", "b"}, {"c", "d"}, {"e", "f"}}));
  EXPECT_EQ(table("\xEF\xBB\xBF"
                  "a,b\n",
                  no_header)
                .rows,
            (Rows{{"a", "b"}}));
  EXPECT_EQ(table("a,b\n\n   \n\t\nc,d\n\n", no_header).rows, (Rows{{"a", "b"}, {"c", "d"}}));
  EXPECT_EQ(table("a,b,\n,,\n", no_header).rows, (Rows{{"a", "b", ""}, {"", "", ""}}));
  EXPECT_EQ(table("\"a\" ,b\n", no_header).rows, (Rows{{"a", "b"}}));
  EXPECT_EQ(table("a\"b,c\n", no_header).rows, (Rows{{"a\"b", "c"}}));
  EXPECT_EQ(table("\"\",x\n", no_header).rows, (Rows{{"", "x"}}));
  EXPECT_EQ(table("a\tb\n\t\nc\td\n", {'\t', HeaderMode::absent}).rows,
            (Rows{{"a", "b"}, {"c", "d"}}));
}

TEST(CsvTokenizer, ChunksSplitAnywhereReadTheSame) {
  const std::string text =
      "\xEF\xBB\xBFname,\"note\",value\r\n"
      "\"caf\xC3\xA9\",\"a \"\"quoted\"\"\r\nline\",1.5\r\n\r\n"
      "x,,2\ry,\"\",3";
  struct Collect {
    Rows rows{{}};
    bool field(std::string_view t, bool) {
      rows.back().emplace_back(t);
      return true;
    }
    bool end_row() {
      rows.emplace_back();
      return true;
    }
  };
  Collect whole;
  Tokenizer t(',');
  ASSERT_TRUE(t.feed(text, whole));
  ASSERT_TRUE(t.finish(whole));
  ASSERT_EQ(whole.rows.size(), 5u);
  EXPECT_EQ(whole.rows[1],
            (std::vector<std::string>{"caf\xC3\xA9", "a \"quoted\"\r\nline", "1.5"}));
  EXPECT_EQ(t.current_line(), 6u);
  for (std::size_t size = 1; size <= 9; ++size) {
    Collect parts;
    Tokenizer split(',');
    for (std::size_t at = 0; at < text.size(); at += size) {
      ASSERT_TRUE(split.feed(std::string_view(text).substr(at, size), parts));
    }
    ASSERT_TRUE(split.finish(parts));
    EXPECT_EQ(parts.rows, whole.rows) << "chunks of " << size;
  }
}

std::string error_of(std::string_view text, DialectOptions options = {}) {
  Table out;
  const Error e = parse_table(text, options, static_cast<std::size_t>(-1), out);
  return e.status.message;
}

TEST(CsvTokenizer, ErrorsNameTheLineAndColumn) {
  EXPECT_EQ(error_of("a,b\nc,\"open\nstill\n"),
            "line 2, column 2: found a quoted field that is never closed (its quote opens on "
            "this line)");
  EXPECT_EQ(error_of("a,b\n\"x\"y,z\n"),
            "line 2, column 1: expected a delimiter or a line end after the closing quote, found "
            "\"y\"");
  EXPECT_EQ(error_of("a,b\nc,d\xFF\n"),
            "line 2, column 2: found invalid UTF-8 (byte 0xFF); expected UTF-8 text");
  EXPECT_EQ(error_of("a,b\n\xED\xA0\x80,c\n"),  // a surrogate
            "line 2, column 1: found invalid UTF-8 (byte 0xA0); expected UTF-8 text");
  EXPECT_EQ(error_of(std::string("PK\x03\x04\x00\x00", 6)),
            "line 1, column 1: found binary data (a NUL byte); expected CSV text");
  EXPECT_EQ(error_of("a,\xC3"),
            "line 1, column 2: found invalid UTF-8 (the text ends inside a "
            "character); expected UTF-8 text");
}

TEST(CsvDialect, DetectsDelimiterAndHeader) {
  EXPECT_EQ(detect("a;b;c\n1;2;3\n4;5;6\n", {}, true).delimiter, ';');
  EXPECT_EQ(detect("a\tb\n1\t2\n", {}, true).delimiter, '\t');
  EXPECT_EQ(detect("a|b\n1|2\n", {}, true).delimiter, '|');
  EXPECT_EQ(detect("x;y,z\n1;2,5\n", {}, true).delimiter, ',');  // both split evenly: ',' first
  EXPECT_EQ(detect("x;y;z\n1,5;2;3\n4;5;6\n", {}, true).delimiter, ';');
  EXPECT_EQ(detect("one\ntwo\n", {}, true).delimiter, ',');
  EXPECT_TRUE(detect("x,y,label\n1,2,a\n", {}, true).header);
  EXPECT_FALSE(detect("5.1,3.5,setosa\n4.9,3.0,setosa\n", {}, true).header);  // iris, no header
  EXPECT_FALSE(detect("1,2\n3,4\n", {}, true).header);
  EXPECT_TRUE(detect("x,y\n", {}, true).header);
  EXPECT_FALSE(detect("1,2,a\n", {}, true).header);
  EXPECT_TRUE(detect("1,2\n3,4\n", {0, HeaderMode::present}, true).header);
  EXPECT_EQ(table("x,y\n1,2\n").header, (std::vector<std::string>{"x", "y"}));
}

struct Read {
  Error error;
  Dataset data;
  std::size_t dropped = 0;
};

Read read(std::string_view text, DatasetOptions options = {}, std::size_t chunk = 0) {
  DatasetReader reader(options);
  Read r;
  if (chunk == 0) chunk = text.size() + 1;
  for (std::size_t at = 0; at < text.size() && r.error.ok(); at += chunk) {
    r.error = reader.feed(text.substr(at, chunk));
  }
  if (r.error.ok()) r.error = reader.finish(r.data, r.dropped);
  return r;
}

std::vector<double> values(const Dataset& d) {
  std::vector<double> out;
  for (std::size_t i = 0; i < d.rows(); ++i) {
    for (std::size_t j = 0; j < d.cols(); ++j) out.push_back(d.x.at(i, j));
  }
  return out;
}

TEST(CsvDataset, ReadsFeaturesLabelsAndNames) {
  const std::string text =
      "sepal,petal,species\n5.1,1.4,setosa\n7.0,4.7,versicolor\n6.3,6.0,setosa\n";
  for (std::size_t chunk : {0, 1, 2, 3, 5, 8}) {
    const Read r = read(text, {}, chunk);
    ASSERT_TRUE(r.error.ok()) << r.error.status.message;
    EXPECT_EQ(r.data.rows(), 3u);
    EXPECT_EQ(r.data.cols(), 2u);
    EXPECT_EQ(values(r.data), (std::vector<double>{5.1, 1.4, 7.0, 4.7, 6.3, 6.0}));
    EXPECT_EQ(r.data.feature_names, (std::vector<std::string>{"sepal", "petal"}));
    EXPECT_FALSE(r.data.classes.numeric);
    EXPECT_EQ(r.data.classes.names, (std::vector<std::string>{"setosa", "versicolor"}));
    EXPECT_EQ(r.data.class_index, (std::vector<std::uint32_t>{0, 1, 0}));
  }
}

TEST(CsvDataset, LabelAndFeatureSelection) {
  const std::string text = "y,a,b,c\n1,10,20,30\n-1,11,21,31\n1.0,12,22,32\n";
  DatasetOptions o;
  o.label = {ColumnRef::Kind::name, 0, "y"};
  o.all_features = false;
  o.features = {{ColumnRef::Kind::name, 0, "c"}, {ColumnRef::Kind::index, 1, ""}};
  Read r = read(text, o);
  ASSERT_TRUE(r.error.ok()) << r.error.status.message;
  EXPECT_EQ(values(r.data), (std::vector<double>{30, 10, 31, 11, 32, 12}));
  EXPECT_EQ(r.data.feature_names, (std::vector<std::string>{"c", "a"}));
  EXPECT_TRUE(r.data.classes.numeric);
  EXPECT_EQ(r.data.classes.numbers, (std::vector<double>{-1, 1}));  // "1" and "1.0" are one class
  EXPECT_EQ(r.data.class_index, (std::vector<std::uint32_t>{1, 0, 1}));

  o = {};
  o.label = {ColumnRef::Kind::none, 0, ""};
  r = read("1,2\n3,4\n", o);
  ASSERT_TRUE(r.error.ok());
  EXPECT_EQ(r.data.cols(), 2u);
  EXPECT_TRUE(r.data.class_index.empty());
  EXPECT_TRUE(r.data.feature_names.empty());

  o = {};
  o.dtype = DType::float32;
  r = read("0.1,1\n0.2,2\n", o);
  ASSERT_TRUE(r.error.ok());
  EXPECT_EQ(r.data.x.dtype(), DType::float32);
  EXPECT_EQ(r.data.x.at(0, 0), static_cast<double>(0.1f));
}

std::string read_error(std::string_view text, DatasetOptions options = {}) {
  const Read r = read(text, options);
  EXPECT_FALSE(r.error.ok()) << text;
  return r.error.status.message;
}

TEST(CsvDataset, ErrorsNameTheProblem) {
  EXPECT_EQ(read_error("x,y,label\n1,2,a\n3,abc,b\n"),
            "line 3, column 2: expected a number, found \"abc\"");
  EXPECT_EQ(read_error("x,y,label\n1,2,a\n3,1e999,b\n"),
            "line 3, column 2: expected a finite number, found \"1e999\"");
  EXPECT_EQ(read_error("x,y,label\n1,NA,a\n"),
            "line 2, column 2: missing value (\"NA\"); expected a number (missing: 'drop' drops "
            "such rows)");
  EXPECT_EQ(read_error("x,y,label\n1,2,?\n"),
            "line 2, column 3: missing label (\"?\"); expected a value (missing: 'drop' drops "
            "such rows)");
  EXPECT_EQ(read_error("x,y,label\n1,2,a\n3,4\n"),
            "line 3, column 3: expected 3 fields (as on line 1), found 2");
  EXPECT_EQ(read_error("x,y,label\n1,2,a\n\n3,4,b,5,6\n"),
            "line 4, column 4: expected 3 fields (as on line 1), found 5");
  EXPECT_EQ(read_error("x,y,x\n1,2,a\n"),
            "line 1, column 3: duplicate column name \"x\" (also column 1); expected distinct "
            "names");
  DatasetOptions o;
  o.label = {ColumnRef::Kind::name, 0, "class"};
  EXPECT_EQ(read_error("x,y,label\n1,2,a\n", o),
            "line 1, column 1: label names no column of the file (\"class\"); the file has 3 "
            "columns: \"x\" \"y\" \"label\"");
  o.label = {ColumnRef::Kind::index, 3, ""};
  EXPECT_EQ(read_error("1,2,a\n", o),
            "line 1, column 1: label names no column of the file (3); the file has 3 columns");
  EXPECT_EQ(read_error(""),
            "line 1, column 1: the file is empty; expected a header or rows of data");
  EXPECT_EQ(read_error("\n\n\r\n\n"),
            "line 1, column 1: the file is empty; expected a header or rows of data");
  EXPECT_EQ(read_error("x,y,label\n"),
            "line 2, column 1: expected rows of data after the header, found the end of the file");
  EXPECT_EQ(read_error("a,\"b\nc\n"),
            "line 1, column 2: found a quoted field that is never closed (its quote opens on "
            "this line)");
  EXPECT_EQ(read_error("x\n1\n"),
            "line 1, column 1: expected at least one feature column; the file has 1 column, the "
            "label");
}

TEST(CsvDataset, DropsRowsWithMissingValues) {
  DatasetOptions o;
  o.drop_missing = true;
  const Read r = read("x,y,label\n1,2,a\n,3,b\n4,NaN,a\n5,6,\n7,8,b\n", o);
  ASSERT_TRUE(r.error.ok()) << r.error.status.message;
  EXPECT_EQ(r.dropped, 3u);
  EXPECT_EQ(values(r.data), (std::vector<double>{1, 2, 7, 8}));
  EXPECT_EQ(r.data.classes.names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(read_error("x,y\n?,1\n", o),
            "line 2, column 1: every row (1) has a missing value and was dropped; expected at "
            "least one complete row");
}

TEST(CsvDataset, TheDialectDoesNotDependOnTheChunks) {
  // Found by the fuzzer: blank lines and quoted line ends once moved where the sample ended.
  const std::string text = std::string(43, '\n') + "x;y;label\n1;\"2\n\n\";a\n3;4;b\n";
  const Read whole = read(text);
  ASSERT_TRUE(whole.error.ok()) << whole.error.status.message;
  EXPECT_EQ(whole.data.feature_names, (std::vector<std::string>{"x", "y"}));
  for (std::size_t chunk : {1, 2, 7, 44}) {
    const Read parts = read(text, {}, chunk);
    ASSERT_TRUE(parts.error.ok()) << parts.error.status.message;
    EXPECT_EQ(values(parts.data), values(whole.data));
    EXPECT_EQ(parts.data.feature_names, whole.data.feature_names);
  }
}

TEST(CsvDataset, WideRowsAndLongFields) {
  std::string header, row;
  for (int j = 0; j < 10000; ++j) {
    if (j > 0) {
      header += ',';
      row += ',';
    }
    header += 'c';
    header += std::to_string(j);
    row += std::to_string(j % 7);
  }
  const Read r = read(header + "\n" + row + "\n" + row + "\n", {}, 4096);
  ASSERT_TRUE(r.error.ok()) << r.error.status.message;
  EXPECT_EQ(r.data.cols(), 9999u);
  EXPECT_EQ(r.data.x.at(1, 9998), 9998 % 7);
  EXPECT_EQ(r.data.feature_names[9998], "c9998");

  const std::string big(3 << 20, 'z');
  Table t = table("\"" + big + "\"\n", {0, HeaderMode::absent});
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0][0].size(), big.size());
}

TEST(CsvTable, MaxRowsAndPrefixes) {
  Table t;
  ASSERT_TRUE(parse_table("a,b\n1,2\n3,4\n", {}, 0, t).ok());
  EXPECT_EQ(t.header, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(t.rows.empty());
  ASSERT_TRUE(parse_table("1,2\n3,4\n", {0, HeaderMode::absent}, 0, t).ok());
  EXPECT_TRUE(t.rows.empty());
  ASSERT_TRUE(parse_table("1,2\n3,4\n5,6\n", {0, HeaderMode::absent}, 2, t).ok());
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}, {"3", "4"}}));
  // A prefix (complete = false): its unfinished last record, even an unclosed quote or a
  // UTF-8 character cut short, is left out.
  ASSERT_TRUE(parse_table("1,2\n3,\"4\n", {0, HeaderMode::absent}, 10, t, false).ok());
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}}));
  ASSERT_TRUE(parse_table("1,2\n3,\xC3", {0, HeaderMode::absent}, 10, t, false).ok());
  EXPECT_EQ(t.rows, (Rows{{"1", "2"}}));
}

TEST(CsvPreview, GuessesColumns) {
  const auto guesses = guess_columns(table("x,kind,z\n1,a,\n2,b,NA\n2,a,3\n"));
  ASSERT_EQ(guesses.size(), 3u);
  EXPECT_EQ(guesses[0].name, "x");
  EXPECT_TRUE(guesses[0].numeric);
  EXPECT_EQ(guesses[0].distinct, 2u);
  EXPECT_EQ(guesses[0].values, (std::vector<std::string>{"1", "2"}));
  EXPECT_FALSE(guesses[1].numeric);
  EXPECT_TRUE(guesses[2].numeric);
  EXPECT_EQ(guesses[2].missing, 2u);
}

}  // namespace
}  // namespace perceptron::csv
