// support/json: the value, the writer (as JSON.stringify writes) and describe; the parser is
// json_parse.cpp.
#include "perceptron/support/json.hpp"

#include <cmath>
#include <cstdint>

namespace perceptron::json {

namespace {

const Value undefined_value{};

void write_string(std::string& out, std::string_view text) {
  static const char* hex = "0123456789abcdef";
  out += '"';
  for (std::size_t k = 0; k < text.size(); ++k) {
    const auto c = static_cast<unsigned char>(text[k]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 0xF];
        } else if (c == 0xED && k + 2 < text.size() &&
                   (static_cast<unsigned char>(text[k + 1]) & 0xE0) == 0xA0) {
          // A lone surrogate (WTF-8), escaped as JSON.stringify escapes it.
          const std::uint32_t code = 0xD000 | ((text[k + 1] & 0x3F) << 6) | (text[k + 2] & 0x3F);
          out += "\\u";
          for (int shift = 12; shift >= 0; shift -= 4) out += hex[(code >> shift) & 0xF];
          k += 2;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

bool skipped(const Value& value) { return value.is(Type::undefined) || value.is(Type::other); }

void write_to(std::string& out, const Value& value) {
  switch (value.type) {
    case Type::undefined:
    case Type::other:
    case Type::null:
      out += "null";
      break;
    case Type::boolean:
      out += value.boolean ? "true" : "false";
      break;
    case Type::number:
      out += std::isfinite(value.number) ? format_number(value.number) : "null";
      break;
    case Type::string:
      write_string(out, value.text);
      break;
    case Type::array:
      out += '[';
      for (std::size_t k = 0; k < value.items.size(); ++k) {
        if (k > 0) out += ',';
        write_to(out, value.items[k]);
      }
      out += ']';
      break;
    case Type::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, member] : value.members) {
        if (skipped(member)) continue;
        if (!first) out += ',';
        first = false;
        write_string(out, key);
        out += ':';
        write_to(out, member);
      }
      out += '}';
      break;
    }
  }
}

}  // namespace

Value Value::numbers(const std::vector<double>& values) {
  Value out = array();
  out.items.reserve(values.size());
  for (const double v : values) out.items.push_back(of(v));
  return out;
}

const Value& Value::operator[](std::string_view key) const {
  for (const auto& [name, value] : members) {
    if (name == key) return value;
  }
  return undefined_value;
}

void Value::set(const std::string& key, Value value) {
  for (auto& [name, member] : members) {
    if (name == key) {
      member = std::move(value);
      return;
    }
  }
  members.emplace_back(key, std::move(value));
}

std::string write(const Value& value) {
  std::string out;
  write_to(out, value);
  return out;
}

std::string quoted(std::string_view text) {
  std::string out;
  write_string(out, text);
  return out;
}

std::string describe(const Value& value) {
  switch (value.type) {
    case Type::undefined:
      return "undefined";
    case Type::null:
      return "null";
    case Type::boolean:
      return value.boolean ? "true" : "false";
    case Type::number:
      return format_number(value.number);
    case Type::string:
      return "the string " + quoted(value.text);
    case Type::array:
      return "an array of length " + std::to_string(value.items.size());
    case Type::object:
      return "an object";
    case Type::other:
      return value.text;
  }
  return "";
}

bool well_formed(std::string_view text) {
  for (std::size_t k = 0; k + 1 < text.size(); ++k) {
    if (static_cast<unsigned char>(text[k]) == 0xED &&
        (static_cast<unsigned char>(text[k + 1]) & 0xE0) == 0xA0) {
      return false;
    }
  }
  return true;
}

}  // namespace perceptron::json
