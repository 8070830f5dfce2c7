// The CSV tokenizer (RFC 4180), incremental: text arrives in chunks of any size, split
// anywhere (inside a quoted field, between the CR and LF of a line end, inside a UTF-8
// character), and the fields come out as if the text had been read whole.
//
// - Fields are separated by one delimiter byte (',' ';' '\t' or '|'); records end at LF, CRLF
//   or CR.
// - A field that starts with '"' is quoted: it may hold delimiters, line ends and doubled
//   quotes (""), and must be followed by a delimiter or a line end (spaces and tabs after the
//   closing quote are ignored). A '"' inside an unquoted field is an ordinary character.
// - A UTF-8 byte order mark at the very start is skipped. Invalid UTF-8 and NUL bytes (binary
//   data) are errors.
// - A line of only spaces and tabs (or nothing) is skipped, wherever it is.
//
// The sink receives each field as `bool field(std::string_view text, bool quoted)` (a view
// valid during the call) and each record's end as `bool end_row()`; returning false stops the
// tokenizer (the sink keeps its own error). line(), column() and record_line() place what the
// sink is looking at, for its messages.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "perceptron/csv/error.hpp"

namespace perceptron::csv {

class Tokenizer {
 public:
  explicit Tokenizer(char delimiter) : delimiter_(delimiter) {}

  // Reads the next bytes. False when the sink stopped or the text is invalid (error()).
  template <typename Sink>
  bool feed(std::string_view chunk, Sink& sink);
  // The end of the text: the last record, or the error of a quote never closed.
  template <typename Sink>
  bool finish(Sink& sink);

  const Error& error() const { return error_; }
  // Where the current field starts: its line and its 1-based position in the record.
  std::uint64_t line() const { return field_line_; }
  std::uint64_t column() const { return field_index_ + 1; }
  // The line where the current record starts.
  std::uint64_t record_line() const { return record_line_; }
  // The line the next byte is on (after the end: one past the last line that has text).
  std::uint64_t current_line() const { return line_; }
  std::uint64_t bytes_read() const { return bytes_; }

 private:
  enum class State : std::uint8_t { field_start, unquoted, quoted, after_quote, after_closing };

  template <typename Sink>
  bool feed_text(const char* p, const char* end, Sink& sink);
  template <typename Sink>
  bool emit(std::string_view text, bool quoted, Sink& sink);
  template <typename Sink>
  bool end_record(Sink& sink);
  // Counts a line end at byte c ('\r' or '\n'); the LF of a CRLF does not count again.
  void count_line_end(char c) {
    if (c == '\n' && last_was_cr_) {
      last_was_cr_ = false;
      return;
    }
    ++line_;
    last_was_cr_ = c == '\r';
  }
  // The offset of the first byte of text that is not valid UTF-8 or is NUL, or text.size().
  std::size_t check_utf8(std::string_view text);
  bool fail(const std::string& what) {
    error_ = Error::at(field_line_, field_index_ + 1, what);
    return false;
  }

  char delimiter_;
  State state_ = State::field_start;
  std::uint64_t line_ = 1;
  std::uint64_t field_line_ = 1;
  std::uint64_t record_line_ = 1;
  std::uint64_t field_index_ = 0;
  std::uint64_t bytes_ = 0;
  bool last_was_cr_ = false;  // the previous byte was a CR (its LF, if any, is the same line end)
  bool skip_lf_ = false;      // a record just ended at a CR: a LF right after belongs to it
  std::string field_;         // the field so far, when it spans chunks or holds a doubled quote
  bool buffered_ = false;     // the current field's text is field_ (not a view of the chunk)
  // Leading blank fields of a record that may still turn out to be a blank line.
  std::vector<std::string> blanks_;
  bool record_blank_ = true;
  // The byte order mark check at the start, and the UTF-8 character split across chunks.
  unsigned char head_[3] = {0, 0, 0};
  std::uint8_t head_size_ = 0;
  bool head_done_ = false;
  std::uint8_t utf8_needed_ = 0;                      // continuation bytes still expected
  unsigned char utf8_low_ = 0x80, utf8_high_ = 0xbf;  // the range of the next one
  Error error_;
};

// ---- implementation (templates) ----

inline bool is_blank(std::string_view text) {
  for (const char c : text) {
    if (c != ' ' && c != '\t') return false;
  }
  return true;
}

template <typename Sink>
bool Tokenizer::emit(std::string_view text, bool quoted, Sink& sink) {
  if (record_blank_) {
    // A record whose fields so far are blank and unquoted may be a blank line: hold them until
    // a field that is not blank, or a delimiter that is not whitespace, shows it is not.
    if (!quoted && is_blank(text) && state_ != State::field_start) {
      blanks_.emplace_back(text);
      return true;
    }
    record_blank_ = false;
    for (std::size_t i = 0; i < blanks_.size(); ++i) {
      const std::uint64_t index = field_index_;
      field_index_ = i;
      if (!sink.field(blanks_[i], false)) return false;
      field_index_ = index;
    }
    blanks_.clear();
  }
  return sink.field(text, quoted);
}

template <typename Sink>
bool Tokenizer::end_record(Sink& sink) {
  if (record_blank_) {
    blanks_.clear();  // a blank line: skipped
  } else if (!sink.end_row()) {
    return false;
  }
  record_blank_ = true;
  field_index_ = 0;
  state_ = State::field_start;
  record_line_ = line_;
  field_line_ = line_;
  return true;
}

template <typename Sink>
bool Tokenizer::feed(std::string_view chunk, Sink& sink) {
  if (!error_.ok()) return false;
  if (!head_done_) {
    // Skip a byte order mark, even when its three bytes come in different chunks.
    static constexpr unsigned char bom[3] = {0xef, 0xbb, 0xbf};
    while (!chunk.empty() && head_size_ < 3 &&
           static_cast<unsigned char>(chunk.front()) == bom[head_size_]) {
      head_[head_size_++] = static_cast<unsigned char>(chunk.front());
      chunk.remove_prefix(1);
    }
    if (head_size_ == 3) {
      head_done_ = true;
      bytes_ += 3;
    } else if (chunk.empty()) {
      return true;  // maybe the rest of the mark comes next
    } else {
      head_done_ = true;
      const std::uint8_t held = head_size_;
      head_size_ = 0;
      if (held > 0 && !feed(std::string_view(reinterpret_cast<const char*>(head_), held), sink)) {
        return false;
      }
    }
  }
  const std::size_t valid = check_utf8(chunk);
  if (!feed_text(chunk.data(), chunk.data() + valid, sink)) return false;
  if (valid < chunk.size()) {
    field_line_ = line_;
    const unsigned byte = static_cast<unsigned char>(chunk[valid]);
    static constexpr char hex[] = "0123456789ABCDEF";
    const std::string shown = {'0', 'x', hex[byte >> 4], hex[byte & 15]};
    return fail(byte == 0 ? "found binary data (a NUL byte); expected CSV text"
                          : "found invalid UTF-8 (byte " + shown + "); expected UTF-8 text");
  }
  return true;
}

template <typename Sink>
bool Tokenizer::feed_text(const char* p, const char* const end, Sink& sink) {
  bytes_ += static_cast<std::uint64_t>(end - p);
  const char delimiter = delimiter_;
  while (p < end) {
    switch (state_) {
      case State::field_start: {
        if (skip_lf_) {
          skip_lf_ = false;
          if (*p == '\n') {
            count_line_end(*p);
            ++p;
            continue;
          }
        }
        last_was_cr_ = false;
        field_line_ = line_;
        if (*p == '"') {
          state_ = State::quoted;
          field_.clear();
          buffered_ = true;
          ++p;
          continue;
        }
        state_ = State::unquoted;
        buffered_ = false;
        [[fallthrough]];
      }
      case State::unquoted: {
        const char* q = p;
        while (q < end && *q != delimiter && *q != '\n' && *q != '\r') ++q;
        if (q == end) {
          if (!buffered_) field_.clear();
          field_.append(p, q);
          buffered_ = true;
          p = q;
          continue;
        }
        std::string_view text(p, static_cast<std::size_t>(q - p));
        if (buffered_) {
          field_.append(p, q);
          text = field_;
        }
        const char c = *q;
        p = q + 1;
        if (c == delimiter) {
          // A delimiter that is a space or tab keeps a line of them blank.
          if (record_blank_ && c != '\t' && c != ' ') {
            state_ = State::field_start;  // not blank: emit() flushes the held fields
          }
          if (!emit(text, false, sink)) return false;
          state_ = State::field_start;
          ++field_index_;
          continue;
        }
        if (!emit(text, false, sink)) return false;
        count_line_end(c);
        skip_lf_ = c == '\r';
        if (!end_record(sink)) return false;
        continue;
      }
      case State::quoted: {
        const char* q = p;
        while (q < end && *q != '"' && *q != '\n' && *q != '\r') ++q;
        if (q != p) last_was_cr_ = false;
        field_.append(p, q);
        p = q;
        if (q == end) continue;
        if (*q == '"') {
          last_was_cr_ = false;
          state_ = State::after_quote;
        } else {
          count_line_end(*q);
          field_.push_back(*q);
        }
        ++p;
        continue;
      }
      case State::after_quote: {
        if (*p == '"') {  // a doubled quote: one quote in the text
          field_.push_back('"');
          state_ = State::quoted;
          ++p;
          continue;
        }
        state_ = State::after_closing;
        [[fallthrough]];
      }
      case State::after_closing: {
        const char c = *p;
        if (c == ' ' || c == '\t') {
          if (c != delimiter) {
            ++p;
            continue;
          }
        }
        ++p;
        if (c == delimiter) {
          if (!emit(field_, true, sink)) return false;
          state_ = State::field_start;
          ++field_index_;
          continue;
        }
        if (c == '\n' || c == '\r') {
          if (!emit(field_, true, sink)) return false;
          count_line_end(c);
          skip_lf_ = c == '\r';
          if (!end_record(sink)) return false;
          continue;
        }
        const char shown[2] = {c, 0};
        return fail("expected a delimiter or a line end after the closing quote, found " +
                    quote(static_cast<unsigned char>(c) < 0x80 ? shown : "a non-ASCII character"));
      }
    }
  }
  return true;
}

template <typename Sink>
bool Tokenizer::finish(Sink& sink) {
  if (!error_.ok()) return false;
  if (!head_done_ && head_size_ > 0) {
    head_done_ = true;
    const std::uint8_t held = head_size_;
    head_size_ = 0;
    if (!feed(std::string_view(reinterpret_cast<const char*>(head_), held), sink)) return false;
  }
  if (utf8_needed_ > 0) {
    field_line_ = line_;
    return fail("found invalid UTF-8 (the text ends inside a character); expected UTF-8 text");
  }
  switch (state_) {
    case State::quoted:
      return fail("found a quoted field that is never closed (its quote opens on this line)");
    case State::unquoted:
      if (!emit(buffered_ ? std::string_view(field_) : std::string_view(), false, sink)) {
        return false;
      }
      break;
    case State::after_quote:
    case State::after_closing:
      if (!emit(field_, true, sink)) return false;
      break;
    case State::field_start:
      if (field_index_ == 0) return true;  // no record started
      field_line_ = line_;
      state_ = State::unquoted;  // a line of whitespace delimiters stays blank
      if (!emit(std::string_view(), false, sink)) return false;  // "a,b," ends with ""
      break;
  }
  state_ = State::field_start;
  return end_record(sink);
}

inline std::size_t Tokenizer::check_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    if (utf8_needed_ == 0) {
      // ASCII, eight bytes at a time: no high bit and no zero byte.
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        const std::uint64_t high = w & 0x8080808080808080ull;
        const std::uint64_t zero = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
        if ((high | zero) != 0) break;
        i += 8;
      }
      if (i == n) break;
      const unsigned char c = s[i];
      if (c == 0) return i;
      if (c < 0x80) {
        ++i;
        continue;
      }
      utf8_low_ = 0x80;
      utf8_high_ = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) {
        utf8_needed_ = 1;
      } else if (c >= 0xe0 && c <= 0xef) {
        utf8_needed_ = 2;
        if (c == 0xe0) utf8_low_ = 0xa0;   // no overlong forms
        if (c == 0xed) utf8_high_ = 0x9f;  // no surrogates
      } else if (c >= 0xf0 && c <= 0xf4) {
        utf8_needed_ = 3;
        if (c == 0xf0) utf8_low_ = 0x90;
        if (c == 0xf4) utf8_high_ = 0x8f;  // nothing above U+10FFFF
      } else {
        return i;
      }
      ++i;
      continue;
    }
    const unsigned char c = s[i];
    if (c < utf8_low_ || c > utf8_high_) return i;
    utf8_low_ = 0x80;
    utf8_high_ = 0xbf;
    --utf8_needed_;
    ++i;
  }
  return n;
}

}  // namespace perceptron::csv
