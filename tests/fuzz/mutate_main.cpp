// A stand-in for libFuzzer when clang's fuzzer runtime is missing: scripts/fuzz.mjs links the
// same target (csv_fuzz.cpp) with this main under g++ -fsanitize=address,undefined. No coverage
// feedback: it mutates the seeds with a seeded PRNG (splitmix64), so a run is reproducible from
// its -seed, and stacks mutations on recent mutants to get deeper than one edit from a seed.
//
//   csv_fuzz [-max_total_time=S] [-seed=N] [-max_len=N] [-timeout=S] [-artifact_prefix=P]
//            DIR|FILE...
// Directories are seed corpora (fuzzed for S seconds); when only files are given each is run
// once (a reproducer). Flags and messages mirror libFuzzer's ("Test unit written to <path>",
// "#N DONE ..."), so the script reads both alike. A crash (trap, abort, sanitizer report) or a
// timeout writes the input to <prefix>crash-<hash> or <prefix>timeout-<hash> first.
#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using Bytes = std::vector<std::uint8_t>;

// The input being run, for the handlers (which may only make async-signal-safe calls).
const std::uint8_t* current_data = nullptr;
std::size_t current_size = 0;
char artifact_prefix[512] = "./";
volatile sig_atomic_t written = 0;

void put(const char* text) { (void)!write(2, text, std::strlen(text)); }

// Writes the current input to <prefix><kind>-<FNV-1a hash> and says where.
void save_input(const char* kind) {
  if (written || current_data == nullptr) return;
  written = 1;
  std::uint64_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < current_size; ++i) h = (h ^ current_data[i]) * 1099511628211ull;
  char path[600];
  std::size_t n = 0;
  for (const char* p = artifact_prefix; *p && n < 512; ++p) path[n++] = *p;
  for (const char* p = kind; *p; ++p) path[n++] = *p;
  path[n++] = '-';
  for (int shift = 60; shift >= 0; shift -= 4) path[n++] = "0123456789abcdef"[(h >> shift) & 15];
  path[n] = 0;
  const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    (void)!write(fd, current_data, current_size);
    close(fd);
  }
  put("Test unit written to ");
  put(path);
  put("\n");
}

void on_death() { save_input("crash"); }  // AddressSanitizer's and UBSan's reports

void on_signal(int sig) {  // __builtin_trap (SIGILL), abort, or a crash ASan does not handle
  put("==ERROR: deadly signal\n");
  __sanitizer_print_stack_trace();  // not async-signal-safe, but the process is dying anyway
  save_input("crash");
  signal(sig, SIG_DFL);
  raise(sig);
}

void on_alarm(int) {
  put("==ERROR: timeout: one input ran longer than -timeout\n");
  save_input("timeout");
  _exit(70);
}

struct Rng {  // splitmix64
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

// What CSV readers trip on: quotes, delimiters, line ends, bytes that are not UTF-8, the byte
// order mark, JS spaces, the number spellings of number.hpp; and NUL (added in mutate(), as a
// C string cannot hold it).
// clang-format off
const char* const tokens[] = {
    "\"", "\"\"", ",", ";", "\t", "|", "\r", "\n", "\r\n", "\xff", " ", "\xef\xbb\xbf", "\xc2\xa0",
    "\xe3\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc3", "NA", "NaN", "?", "Infinity",
    "-Infinity", "1e999", "1e-400", "0x1F", "0o17", "0b101", "-0", ".5", "5.", "+5", "e-7",
    "3.5e38", "label"};
// clang-format on

void mutate(Bytes& b, const std::vector<Bytes>& corpus, Rng& rng, std::size_t max_len) {
  const std::size_t edits = 1 + rng.below(6);
  for (std::size_t e = 0; e < edits; ++e) {
    const std::size_t at = rng.below(b.size() + 1);
    switch (rng.below(9)) {
      case 0:  // flip a bit
        if (!b.empty()) b[rng.below(b.size())] ^= static_cast<std::uint8_t>(1u << rng.below(8));
        break;
      case 1:  // any byte
        if (!b.empty()) b[rng.below(b.size())] = static_cast<std::uint8_t>(rng.next());
        break;
      case 2:
      case 3: {  // a token, often
        const std::size_t pick = rng.below(std::size(tokens) + 1);
        const std::string_view t =
            pick < std::size(tokens) ? tokens[pick] : std::string_view("", 1);
        b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), t.begin(), t.end());
        break;
      }
      case 4: {  // delete a range
        const std::size_t n = std::min(b.size() - std::min(at, b.size()), 1 + rng.below(16));
        b.erase(b.begin() + static_cast<std::ptrdiff_t>(at),
                b.begin() + static_cast<std::ptrdiff_t>(at + n));
        break;
      }
      case 5: {  // repeat a range (many lines, long fields, more than 21 sampled records)
        if (b.empty()) break;
        const std::size_t from = rng.below(b.size());
        const Bytes part(b.begin() + static_cast<std::ptrdiff_t>(from),
                         b.begin() + static_cast<std::ptrdiff_t>(
                                         from + std::min(b.size() - from, 1 + rng.below(64))));
        for (std::size_t k = 1 + rng.below(rng.below(2) ? 4 : 64); k > 0; --k) {
          b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), part.begin(), part.end());
        }
        break;
      }
      case 6: {  // splice: this input's start, another's end
        const Bytes& other = corpus[rng.below(corpus.size())];
        const std::size_t from = rng.below(other.size() + 1);
        b.resize(std::min(at, b.size()));
        b.insert(b.end(), other.begin() + static_cast<std::ptrdiff_t>(from), other.end());
        break;
      }
      case 7:  // new options (the first two bytes, csv_fuzz.cpp)
        if (b.size() >= 2) b[rng.below(2)] = static_cast<std::uint8_t>(rng.next());
        break;
      case 8:  // swap two bytes
        if (b.size() >= 2) std::swap(b[rng.below(b.size())], b[rng.below(b.size())]);
        break;
    }
  }
  if (b.size() > max_len) b.resize(max_len);
}

Bytes read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs one input from a block of exactly its size, so reads past its end are caught.
void run(const Bytes& input, unsigned timeout) {
  std::unique_ptr<std::uint8_t[]> copy(new std::uint8_t[input.size()]);
  if (!input.empty()) std::memcpy(copy.get(), input.data(), input.size());
  current_data = copy.get();
  current_size = input.size();
  if (timeout > 0) alarm(timeout);
  LLVMFuzzerTestOneInput(copy.get(), input.size());
  if (timeout > 0) alarm(0);
  current_data = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  std::uint64_t seed = 1;
  std::size_t max_len = 4096;
  unsigned timeout = 10;
  std::vector<std::filesystem::path> dirs, files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](const char* flag) {
      const std::string f = std::string("-") + flag + "=";
      return arg.rfind(f, 0) == 0 ? arg.substr(f.size()) : std::string();
    };
    if (auto v = value("max_total_time"); !v.empty())
      seconds = std::stod(v);
    else if (auto v = value("seed"); !v.empty())
      seed = std::stoull(v);
    else if (auto v = value("max_len"); !v.empty())
      max_len = std::stoull(v);
    else if (auto v = value("timeout"); !v.empty())
      timeout = static_cast<unsigned>(std::stoul(v));
    else if (auto v = value("artifact_prefix"); !v.empty()) {
      std::snprintf(artifact_prefix, sizeof artifact_prefix, "%s", v.c_str());
    } else if (arg[0] == '-')
      std::fprintf(stderr, "mutate: ignoring %s\n", arg.c_str());
    else
      (std::filesystem::is_directory(arg) ? dirs : files).push_back(arg);
  }
  __sanitizer_set_death_callback(on_death);
  for (const int sig : {SIGILL, SIGABRT, SIGFPE, SIGBUS, SIGSEGV}) signal(sig, on_signal);
  signal(SIGALRM, on_alarm);

  if (dirs.empty()) {  // reproduce
    for (const auto& f : files) {
      std::fprintf(stderr, "Running: %s\n", f.c_str());
      run(read_file(f), timeout);
    }
    std::fprintf(stderr, "Executed %zu inputs\n", files.size());
    return 0;
  }
  // The seeds in name order, so that a seed value gives the same run on every machine.
  std::vector<std::filesystem::path> paths = files;
  for (const auto& d : dirs) {
    for (const auto& entry : std::filesystem::directory_iterator(d)) {
      if (entry.is_regular_file()) paths.push_back(entry.path());
    }
  }
  std::sort(paths.begin(), paths.end());
  std::vector<Bytes> corpus;
  for (const auto& p : paths) corpus.push_back(read_file(p));
  if (corpus.empty()) corpus.push_back({0, 0});
  for (const Bytes& b : corpus) run(b, timeout);
  std::fprintf(stderr, "#%zu INITED corp: %zu seed: %llu\n", corpus.size(), corpus.size(),
               static_cast<unsigned long long>(seed));

  Rng rng{seed};
  std::vector<Bytes> recent;  // the last mutants, mutated again half of the time
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::uint64_t runs = 0;
  for (std::uint64_t next_pulse = 1024;; ++runs) {
    if ((runs & 63) == 0 && elapsed() >= seconds) break;
    Bytes b = !recent.empty() && rng.below(2) ? recent[rng.below(recent.size())]
                                              : corpus[rng.below(corpus.size())];
    mutate(b, corpus, rng, max_len);
    run(b, timeout);
    if (recent.size() < 1024) {
      recent.push_back(std::move(b));
    } else {
      recent[rng.below(recent.size())] = std::move(b);
    }
    if (runs + 1 == next_pulse) {
      std::fprintf(stderr, "#%llu pulse exec/s: %.0f\n", static_cast<unsigned long long>(runs + 1),
                   static_cast<double>(runs + 1) / elapsed());
      next_pulse *= 2;
    }
  }
  const double rate = static_cast<double>(runs) / std::max(elapsed(), 1e-9);
  std::fprintf(stderr, "#%llu DONE corp: %zu exec/s: %.0f\n", static_cast<unsigned long long>(runs),
               corpus.size(), rate);
  std::fprintf(stderr, "Done %llu runs in %.0f second(s)\n", static_cast<unsigned long long>(runs),
               elapsed());
  std::fprintf(stderr,
               "stat::number_of_executed_units: %llu\nstat::average_exec_per_sec:     %.0f\n",
               static_cast<unsigned long long>(runs), rate);
  return 0;
}
