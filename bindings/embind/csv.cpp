// pw.Dataset.fromCsv / fromStream (CsvReader: text in chunks straight into a Dataset's matrix)
// and pw.csv.parse / preview (csvParse). A file error becomes {error: 'CsvError', message,
// line, column}; the wrapper throws it as a pw.CsvError.
#include <cstdlib>

#include "dataset.hpp"
#include "perceptron/csv/reader.hpp"

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

// The dialect options as the wrapper normalized them: {delimiter: '' | ',' | ..., header:
// 'auto' | 'present' | 'absent'}.
Status dialect_of(const val& options, csv::DialectOptions& out) {
  const auto delimiter = options["delimiter"].as<std::string>();
  if (!delimiter.empty()) {
    if (Status s = csv::delimiter_of(delimiter, out.delimiter); !s.ok()) return s;
  }
  const auto header = options["header"].as<std::string>();
  out.header = header == "present"  ? csv::HeaderMode::present
               : header == "absent" ? csv::HeaderMode::absent
                                    : csv::HeaderMode::automatic;
  return Status::success();
}

// {kind: 'last' | 'none' | 'index' | 'name', index, name}
csv::ColumnRef column_of(const val& ref) {
  csv::ColumnRef out;
  const auto kind = ref["kind"].as<std::string>();
  if (kind == "none") out.kind = csv::ColumnRef::Kind::none;
  if (kind == "index") {
    out.kind = csv::ColumnRef::Kind::index;
    out.index = static_cast<std::size_t>(ref["index"].as<double>());
  }
  if (kind == "name") {
    out.kind = csv::ColumnRef::Kind::name;
    out.name = ref["name"].as<std::string>();
  }
  return out;
}

}  // namespace

class CsvReader {
 public:
  // options: the dialect's plus {label, features: null | refs, drop, dtype}.
  val start(const val& options) {
    csv::DatasetOptions o;
    if (Status s = dialect_of(options, o.dialect); !s.ok()) return error_object(s);
    o.label = column_of(options["label"]);
    const val features = options["features"];
    if (!features.isNull()) {
      o.all_features = false;
      const auto count = features["length"].as<std::size_t>();
      for (std::size_t k = 0; k < count; ++k) o.features.push_back(column_of(features[k]));
    }
    o.drop_missing = options["drop"].as<bool>();
    o.dtype = options["dtype"].as<std::string>() == "float32" ? DType::float32 : DType::float64;
    o.expected_bytes = static_cast<std::uint64_t>(options["expectedBytes"].as<double>());
    reader_ = std::make_unique<csv::DatasetReader>(std::move(o));
    return val::undefined();
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
  double bytes_read() const { return reader_ ? static_cast<double>(reader_->bytes_read()) : 0; }
  ~CsvReader() { release(); }

 private:
  void release() {
    std::free(buffer_);
    buffer_ = nullptr;
    capacity_ = 0;
  }
  std::unique_ptr<csv::DatasetReader> reader_;
  unsigned char* buffer_ = nullptr;
  std::size_t capacity_ = 0;
};

namespace {

// pw.csv.parse and preview: {delimiter, header, rows, complete, columns?}. `complete`: the text
// is all of it (else its unfinished last record is left out).
val csv_parse(const std::string& text, const val& options, double max_rows, bool complete,
              bool guess) {
  csv::DialectOptions dialect;
  if (Status s = dialect_of(options, dialect); !s.ok()) return error_object(s);
  csv::Table table;
  const csv::Error e =
      csv::parse_table(text, dialect, static_cast<std::size_t>(max_rows), table, complete);
  if (!e.ok()) return csv_error(e);
  val out = val::object();
  out.set("delimiter", std::string(1, table.delimiter));
  out.set("header", table.has_header ? strings_out(table.header) : val::null());
  val rows = val::array();
  for (const auto& row : table.rows) rows.call<void>("push", strings_out(row));
  out.set("rows", rows);
  if (guess) {
    val columns = val::array();
    const auto guesses = csv::guess_columns(table);
    for (std::size_t j = 0; j < guesses.size(); ++j) {
      val c = val::object();
      c.set("index", static_cast<double>(j));
      c.set("name", table.has_header ? val(guesses[j].name) : val::null());
      c.set("numeric", guesses[j].numeric);
      c.set("missing", static_cast<double>(guesses[j].missing));
      c.set("distinct", static_cast<double>(guesses[j].distinct));
      c.set("values", strings_out(guesses[j].values));
      columns.call<void>("push", c);
    }
    out.set("columns", columns);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_csv) {
  emscripten::class_<CsvReader>("CsvReader")
      .constructor<>()
      .function("start", &CsvReader::start)
      .function("buffer", &CsvReader::buffer)
      .function("feed", &CsvReader::feed)
      .function("finish", &CsvReader::finish)
      .function("rows", &CsvReader::rows)
      .function("bytesRead", &CsvReader::bytes_read);
  emscripten::function("csvParse", &csv_parse);
}

}  // namespace perceptron::wasm
