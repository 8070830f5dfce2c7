// support/json: the parser against JSON.parse and the writer against JSON.stringify (the
// expected texts were printed by Node 20).
#include "perceptron/support/json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace perceptron::json {
namespace {

Value parsed(const std::string& text) {
  Value out;
  const Status s = parse(text, out);
  EXPECT_TRUE(s.ok()) << text << ": " << s.message;
  return out;
}

TEST(Json, WritesNumbersAsJsonStringify) {
  const std::pair<double, const char*> cases[] = {
      {0.1, "0.1"},
      {1e21, "1e+21"},
      {1e20, "100000000000000000000"},
      {1.5e-7, "1.5e-7"},
      {-0.0, "0"},
      {-2.5, "-2.5"},
      {0.30000000000000004, "0.30000000000000004"},
      {5e-324, "5e-324"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {std::nan(""), "null"},
      {-INFINITY, "null"},
  };
  for (const auto& [value, text] : cases) EXPECT_EQ(write(Value::of(value)), text) << text;
}

TEST(Json, ReadsNumbersAsJsonParse) {
  // The same doubles as JSON.parse: correctly rounded, -0 kept, out of range to +-Infinity/0.
  EXPECT_EQ(parsed("0.1").number, 0.1);
  EXPECT_EQ(parsed("-0.45000000000000018").number, -0.45000000000000018);
  EXPECT_TRUE(std::signbit(parsed("-0").number));
  EXPECT_EQ(parsed("1E+2").number, 100);
  EXPECT_EQ(parsed("1e400").number, INFINITY);
  EXPECT_EQ(parsed("-1e400").number, -INFINITY);
  EXPECT_EQ(parsed("1e-400").number, 0);
}

TEST(Json, RoundTripsTextInOrder) {
  // Keys keep their order; a repeated key keeps its first place and its last value (JSON.parse).
  EXPECT_EQ(write(parsed(R"( {"b": [1, 2.5, {"x": null}], "a": true, "b2": "s"} )")),
            R"({"b":[1,2.5,{"x":null}],"a":true,"b2":"s"})");
  EXPECT_EQ(write(parsed(R"({"a": 1, "b": 2, "a": 3})")), R"({"a":3,"b":2})");
  EXPECT_EQ(write(parsed("[]")), "[]");
  EXPECT_EQ(write(parsed("{}")), "{}");
}

TEST(Json, EscapesStringsAsJsonStringify) {
  // JSON.stringify("q\"b\\s/\b\f\n\r\t\u0001é😀\u2028\ud800") in Node 20.
  const Value s = parsed(R"("q\"b\\s\/\b\f\n\r\t\u0001\u00e9\ud83d\ude00\u2028\ud800")");
  EXPECT_EQ(s.text.substr(0, 5), "q\"b\\s");
  EXPECT_FALSE(well_formed(s.text));
  EXPECT_EQ(write(s),
            "\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\xC3\xA9\xF0\x9F\x98\x80\xE2\x80\xA8\\ud800\"");
  EXPECT_TRUE(well_formed("\xC3\xA9\xF0\x9F\x98\x80"));
}

TEST(Json, LeavesOutWhatJsonStringifyLeavesOut) {
  Value object = Value::object();
  object.set("a", Value{});
  object.set("f", Value::other("a function"));
  object.set("n", Value::of(1.0));
  Value array = Value::array();
  array.push(Value{});
  array.push(Value::of(std::nan("")));
  object.set("list", array);
  EXPECT_EQ(write(object), R"({"n":1,"list":[null,null]})");
}

TEST(Json, DescribesValuesAsMessagesDo) {
  EXPECT_EQ(describe(Value{}), "undefined");
  EXPECT_EQ(describe(Value::null_value()), "null");
  EXPECT_EQ(describe(Value::of(true)), "true");
  EXPECT_EQ(describe(Value::of(-1.5)), "-1.5");
  EXPECT_EQ(describe(Value::of(std::nan(""))), "NaN");
  EXPECT_EQ(describe(Value::of(std::string("a\"b"))), "the string \"a\\\"b\"");
  EXPECT_EQ(describe(parsed("[1, 2, 3]")), "an array of length 3");
  EXPECT_EQ(describe(parsed("{}")), "an object");
  EXPECT_EQ(describe(Value::other("a function")), "a function");
}

TEST(Json, NamesLineAndColumnOfBadText) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "line 1, column 1: unexpected end of the text"},
      {"{\"a\": 1,\n  \"b\" 2}", "line 2, column 7: expected ':'"},
      {"[1, 2", "line 1, column 6: expected ',' or ']'"},
      {"{\"a\": 1 \"b\": 2}", "line 1, column 9: expected ',' or '}'"},
      {"[01]", "line 1, column 3: expected ',' or ']'"},
      {"[1.]", "line 1, column 4: expected a digit after '.'"},
      {"[-]", "line 1, column 3: expected a digit"},
      {"\"a\nb\"", "line 1, column 3: control character in a string"},
      {"\"\\x\"", "line 1, column 3: unknown escape"},
      {"\"\\u12g4\"", "line 1, column 6: expected a hex digit"},
      {"\"abc", "line 1, column 5: unterminated string"},
      {"[NaN]", "line 1, column 2: unexpected character"},
      {"{\"é\": tru}", "line 1, column 7: unexpected character"},
      {"{} x", "line 1, column 4: unexpected text after the value"},
      {"{1: 2}", "line 1, column 2: expected a string key"},
  };
  for (const auto& [text, where] : cases) {
    Value out = Value::of(7.0);
    const Status s = parse(text, out);
    EXPECT_EQ(s.kind, ErrorKind::type) << text;
    EXPECT_EQ(s.message, std::string("the text is not valid JSON (") + where + ")") << text;
    EXPECT_EQ(out.number, 7.0) << "left as it was";
  }
  std::string deep(600, '[');
  Value out;
  EXPECT_NE(parse(deep, out).message.find("nested too deeply"), std::string::npos);
}

}  // namespace
}  // namespace perceptron::json
