// pw.memory(): how much of the wasm memory models and datasets hold, from the allocator
// (emmalloc): to watch a long-running page, and for the test that disposing frees everything.
#include <emscripten/emmalloc.h>

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// {inUse, heap, total}: bytes allocated and not freed, the heap they live in, the memory.
val memory_js() {
  val out = val::object();
  const double heap = static_cast<double>(emmalloc_dynamic_heap_size());
  out.set("inUse", heap - static_cast<double>(emmalloc_free_dynamic_memory()));
  out.set("heap", heap);
  out.set("total", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_memory) { emscripten::function("memory", &memory_js); }

}  // namespace perceptron::wasm
