// pw.Dataset.fromCsv / fromStream (CsvReader: text in chunks straight into a Dataset's matrix)
// and pw.csv.parse / preview (csvParse). A file error becomes {error: 'CsvError', message,
// line, column}; the wrapper throws it as a pw.CsvError.
#include <cstdlib>
#include <limits>

#include "dataset.hpp"
#include "perceptron/csv/options.hpp"

namespace perceptron::wasm {
namespace {

val csv_error(const csv::Error& e) {
  val out = error_object(e.status);
  if (e.line > 0) {
    out.set("error", std::string("CsvError"));
    out.set("line", static_cast<double>(e.line));
    out.set("column", static_cast<double>(e.column));
  }
  return out;
}

}  // namespace

class CsvReader {
 public:
  // The options object, checked by the core; `caller` names the wrapper's own options in it
  // (a stream's, then checked by csv::stream_options).
  val start(const val& options, const val& caller) {
    const auto features = array_option(options, "features");
    const OptionList list = option_list(options);
    Status s =
        csv::dataset_options(list, features ? &*features : nullptr, options_, to_strings(caller));
    if (s.ok() && caller["length"].as<std::size_t>() > 0) s = csv::stream_options(list);
    return outcome(s);
  }
  // The text's size in bytes when known (a file's), else 0; then the text is fed.
  void open(double expected_bytes) {
    options_.expected_bytes = static_cast<std::uint64_t>(expected_bytes);
    reader_ = std::make_unique<csv::DatasetReader>(options_);
  }
  // A Uint8Array over `size` bytes of wasm memory for the next chunk: write it right away.
  val buffer(double size) {
    const auto bytes = static_cast<std::size_t>(size);
    if (bytes > capacity_) {
      std::free(buffer_);
      buffer_ = static_cast<unsigned char*>(std::malloc(bytes));
      capacity_ = buffer_ ? bytes : 0;
      if (!buffer_) {
        return error_object(Status::range_error("cannot allocate " + std::to_string(bytes) +
                                                " bytes for a chunk of the text: out of memory"));
      }
    }
    return val(emscripten::typed_memory_view(bytes, buffer_));
  }
  // Reads the first `length` bytes of the buffer.
  val feed(double length) {
    const csv::Error e = reader_->feed(
        std::string_view(reinterpret_cast<const char*>(buffer_), static_cast<std::size_t>(length)));
    return e.ok() ? val::undefined() : csv_error(e);
  }
  // The end of the text: `out` becomes the Dataset. The chunk buffer is freed.
  val finish(DatasetHandle& out) {
    release();
    Dataset data;
    std::size_t dropped = 0;
    const csv::Error e = reader_->finish(data, dropped);
    if (!e.ok()) return csv_error(e);
    out.adopt(std::move(data), dropped);
    return val::undefined();
  }
  double rows() const { return reader_ ? static_cast<double>(reader_->rows()) : 0; }
  ~CsvReader() { release(); }

 private:
  void release() {
    std::free(buffer_);
    buffer_ = nullptr;
    capacity_ = 0;
  }
  csv::DatasetOptions options_;
  std::unique_ptr<csv::DatasetReader> reader_;
  unsigned char* buffer_ = nullptr;
  std::size_t capacity_ = 0;
};

namespace {

// pw.csv.parse and preview: {delimiter, header, rows, columns?, enough} from the options
// object (maxRows: 20 by default for a guess, else all).
// `complete`: the text is all of it (else its unfinished last record is left out); `enough`:
// maxRows rows were read.
val csv_parse(const std::string& text, const val& options, bool complete, bool guess) {
  csv::DialectOptions dialect;
  std::size_t max_rows = guess ? 20 : std::numeric_limits<std::size_t>::max();
  if (Status s = csv::table_options(option_list(options), dialect, max_rows); !s.ok()) {
    return error_object(s);
  }
  csv::Table table;
  const csv::Error e = csv::parse_table(text, dialect, max_rows, table, complete);
  if (!e.ok()) return csv_error(e);
  val out = val::object();
  out.set("delimiter", std::string(1, table.delimiter));
  out.set("header", table.has_header ? val(table.header) : val::null());
  out.set("rows", val(table.rows));
  out.set("enough", table.rows.size() >= max_rows);
  if (guess) out.set("columns", js_of(csv::guessed_columns(table)));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_csv) {
  emscripten::class_<CsvReader>("CsvReader")
      .constructor<>()
      .function("start", &CsvReader::start)
      .function("open", &CsvReader::open)
      .function("buffer", &CsvReader::buffer)
      .function("feed", &CsvReader::feed)
      .function("finish", &CsvReader::finish)
      .function("rows", &CsvReader::rows);
  emscripten::function("csvParse", &csv_parse);
}

}  // namespace perceptron::wasm
