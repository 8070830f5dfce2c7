// support/json's parser: JSON text as JSON.parse reads it, errors naming line and column.
#include <cmath>
#include <cstdint>

#include "perceptron/support/decimal.hpp"
#include "perceptron/support/json.hpp"

namespace perceptron::json {

namespace {

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

// A recursive-descent reader of RFC 8259 text, as JSON.parse reads it.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Status document(Value& out) {
    space();
    if (Status s = value(out, 0); !s.ok()) return s;
    space();
    if (at_ < text_.size()) return error("unexpected text after the value");
    return Status::success();
  }

 private:
  // Deeper nesting than any saved model has: refused before the stack could overflow.
  static constexpr int max_depth = 512;

  std::string_view text_;
  std::size_t at_ = 0;

  Status error(const std::string& what) const {
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t k = 0; k < at_ && k < text_.size(); ++k) {
      if (text_[k] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text_[k]) & 0xC0) != 0x80) {
        ++column;
      }
    }
    return Status::type_error("the text is not valid JSON (line " + std::to_string(line) +
                              ", column " + std::to_string(column) + ": " + what + ")");
  }

  void space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }

  bool next_is(char c) const { return at_ < text_.size() && text_[at_] == c; }

  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  Status value(Value& out, int depth) {
    if (at_ >= text_.size()) return error("unexpected end of the text");
    const char c = text_[at_];
    if (c == '{' || c == '[') {
      if (depth >= max_depth) return error("nested too deeply");
      return c == '{' ? object(out, depth + 1) : array(out, depth + 1);
    }
    if (c == '"') {
      out = Value::of(std::string());
      return string(out.text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    if (word("true")) return out = Value::of(true), Status::success();
    if (word("false")) return out = Value::of(false), Status::success();
    if (word("null")) return out = Value::null_value(), Status::success();
    return error("unexpected character");
  }

  Status object(Value& out, int depth) {
    out = Value::object();
    ++at_;
    space();
    if (next_is('}')) return ++at_, Status::success();
    while (true) {
      if (!next_is('"')) return error("expected a string key");
      std::string key;
      if (Status s = string(key); !s.ok()) return s;
      space();
      if (!next_is(':')) return error("expected ':'");
      ++at_;
      space();
      Value member;
      if (Status s = value(member, depth); !s.ok()) return s;
      out.set(key, std::move(member));
      space();
      if (next_is(',')) {
        ++at_;
        space();
      } else if (next_is('}')) {
        return ++at_, Status::success();
      } else {
        return error("expected ',' or '}'");
      }
    }
  }

  Status array(Value& out, int depth) {
    out = Value::array();
    ++at_;
    space();
    if (next_is(']')) return ++at_, Status::success();
    while (true) {
      Value item;
      if (Status s = value(item, depth); !s.ok()) return s;
      out.push(std::move(item));
      space();
      if (next_is(',')) {
        ++at_;
        space();
      } else if (next_is(']')) {
        return ++at_, Status::success();
      } else {
        return error("expected ',' or ']'");
      }
    }
  }

  bool digits() {
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    return at_ > start;
  }

  Status number(Value& out) {
    const std::size_t start = at_;
    if (next_is('-')) ++at_;
    if (next_is('0')) {
      ++at_;
    } else if (!digits()) {
      return error("expected a digit");
    }
    if (next_is('.')) {
      ++at_;
      if (!digits()) return error("expected a digit after '.'");
    }
    if (next_is('e') || next_is('E')) {
      ++at_;
      if (next_is('+') || next_is('-')) ++at_;
      if (!digits()) return error("expected a digit in the exponent");
    }
    double parsed = 0;
    const char* first = text_.data() + start;
    bool in_range = true;
    read_decimal(first, text_.data() + at_, parsed, in_range);
    // Out of the doubles' range: JSON.parse gives +-Infinity or +-0, as fast_float rounds.
    if (!in_range && std::isfinite(parsed) && parsed != 0) {
      parsed = std::copysign(HUGE_VAL, *first == '-' ? -1.0 : 1.0);
    }
    out = Value::of(parsed);
    return Status::success();
  }

  Status hex4(std::uint32_t& code) {
    if (at_ + 4 > text_.size()) return error("expected four hex digits");
    code = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = text_[at_++];
      const int digit = h >= '0' && h <= '9'   ? h - '0'
                        : h >= 'a' && h <= 'f' ? h - 'a' + 10
                        : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                               : -1;
      if (digit < 0) return --at_, error("expected a hex digit");
      code = code * 16 + static_cast<std::uint32_t>(digit);
    }
    return Status::success();
  }

  Status string(std::string& out) {
    ++at_;
    while (true) {
      if (at_ >= text_.size()) return error("unterminated string");
      const char c = text_[at_];
      if (c == '"') return ++at_, Status::success();
      if (static_cast<unsigned char>(c) < 0x20) return error("control character in a string");
      if (c != '\\') {
        out += c;
        ++at_;
        continue;
      }
      ++at_;
      if (at_ >= text_.size()) return error("unterminated string");
      const char e = text_[at_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          std::uint32_t code = 0;
          if (Status s = hex4(code); !s.ok()) return s;
          // A high surrogate followed by "\u" and a low one is one code point.
          if (code >= 0xD800 && code < 0xDC00 && word("\\u")) {
            std::uint32_t low = 0;
            if (Status s = hex4(low); !s.ok()) return s;
            if (low >= 0xDC00 && low < 0xE000) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            } else {
              append_utf8(out, code);
              code = low;
            }
          }
          append_utf8(out, code);
          break;
        }
        default:
          return --at_, error("unknown escape");
      }
    }
  }
};

// The marks of a marked document (parse_marked) back into the values they stand for.
void revive(Value& value) {
  for (Value& item : value.items) revive(item);
  for (auto& member : value.members) revive(member.second);
  if (!value.is(Type::object) || value.members.empty() ||
      value.members[0].first != std::string(1, '\0')) {
    return;
  }
  const std::string what = value.members[0].second.text;
  if (value.members.size() == 2) {
    std::vector<Value> numbers = std::move(value.members[1].second.items);
    value = Value::other(what);
    value.typed = true;
    value.items = std::move(numbers);
    return;
  }
  const std::pair<const char*, double> numbers[] = {
      {"NaN", std::nan("")}, {"Infinity", HUGE_VAL}, {"-Infinity", -HUGE_VAL}, {"-0", -0.0}};
  for (const auto& [name, number] : numbers) {
    if (what == name) return void(value = Value::of(number));
  }
  value = what == "undefined" ? Value() : Value::other(what);
}

}  // namespace

Status parse(std::string_view text, Value& out) {
  Value parsed;
  if (Status s = Parser(text).document(parsed); !s.ok()) return s;
  out = std::move(parsed);
  return Status::success();
}

Status parse_marked(std::string_view text, Value& out) {
  Value parsed;
  if (Status s = parse(text, parsed); !s.ok()) return s;
  revive(parsed);
  out = std::move(parsed);
  return Status::success();
}

}  // namespace perceptron::json
