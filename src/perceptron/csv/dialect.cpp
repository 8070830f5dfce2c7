// The dialect of a CSV text (reader.hpp): its delimiter and whether it has a header, from its
// first records.
#include <algorithm>

#include "perceptron/csv/number.hpp"
#include "perceptron/csv/reader.hpp"

namespace perceptron::csv {
namespace {

constexpr std::size_t sample_records = 21;  // the first record and 20 more
constexpr char candidates[] = {',', ';', '\t', '|'};

std::vector<std::vector<std::string>> sample_with(std::string_view sample, char delimiter,
                                                  bool complete) {
  Tokenizer tokenizer(delimiter);
  Table table;
  TableSink sink{table, sample_records, {}, false};
  if (tokenizer.feed(sample, sink) && complete) tokenizer.finish(sink);
  return std::move(table.rows);
}

bool is_number(const std::string& text) { return parse_number(text).kind == NumberKind::number; }

bool looks_like_header(const std::vector<std::vector<std::string>>& records) {
  if (records.empty()) return false;
  const auto& first = records.front();
  if (records.size() == 1) return std::none_of(first.begin(), first.end(), is_number);
  for (std::size_t j = 0; j < first.size(); ++j) {
    const ParsedNumber head = parse_number(first[j]);
    if (head.kind == NumberKind::number || head.kind == NumberKind::missing) continue;
    bool numbers_below = false, only_numbers = true;
    for (std::size_t r = 1; r < records.size() && only_numbers; ++r) {
      if (j >= records[r].size()) continue;
      const NumberKind kind = parse_number(records[r][j]).kind;
      numbers_below = numbers_below || kind == NumberKind::number;
      only_numbers = kind == NumberKind::number || kind == NumberKind::missing;
    }
    if (numbers_below && only_numbers) return true;
  }
  return false;
}

}  // namespace

Status delimiter_of(std::string_view text, char& out) {
  if (text.size() == 1 &&
      std::find(std::begin(candidates), std::end(candidates), text[0]) != std::end(candidates)) {
    out = text[0];
    return Status::success();
  }
  // "" is no delimiter: the option left out is how the text's own is detected.
  return Status::range_error(R"(delimiter must be one of ",", ";", "\t" or "|")" +
                             std::string(text.empty() ? " (leave it out to detect it)" : "") +
                             "; received " + quote(std::string(text)));
}

std::size_t sample_size(std::string_view text, SampleScan& scan) {
  const std::size_t end = std::min(text.size(), sample_bytes);
  for (; scan.scanned < end; ++scan.scanned) {
    const char c = text[scan.scanned];
    if (c == '\n' || c == '\r') {
      if (!scan.blank && ++scan.lines == sample_records) return scan.scanned + 1;
      scan.blank = true;
    } else if (c != ' ' && c != '\t') {
      scan.blank = false;
    }
  }
  return end == sample_bytes ? end : std::string_view::npos;
}

Dialect detect(std::string_view sample, const DialectOptions& options, bool complete) {
  Dialect dialect;
  if (options.delimiter != 0) {
    dialect.delimiter = options.delimiter;
  } else {
    std::size_t best_fields = 1;
    for (const char candidate : candidates) {
      const auto records = sample_with(sample, candidate, complete);
      if (records.empty()) continue;
      const std::size_t fields = records.front().size();
      const bool consistent =
          std::all_of(records.begin(), records.end(),
                      [&](const std::vector<std::string>& r) { return r.size() == fields; });
      if (consistent && fields > best_fields) {
        best_fields = fields;
        dialect.delimiter = candidate;
      }
    }
  }
  if (options.header == HeaderMode::automatic) {
    dialect.header = looks_like_header(sample_with(sample, dialect.delimiter, complete));
  } else {
    dialect.header = options.header == HeaderMode::present;
  }
  return dialect;
}

}  // namespace perceptron::csv
