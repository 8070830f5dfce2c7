// pw.memory(): how much of the wasm memory models and datasets hold, from the allocator
// (emmalloc): to watch a long-running page, and for the test that disposing frees everything.
#include <emscripten/emmalloc.h>

#include <cstddef>

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// emmalloc's bookkeeping per region, free or allocated: its size before and after it
// (REGION_HEADER_SIZE in emscripten's system/lib/emmalloc.c).
constexpr double kRegionHeader = 2 * sizeof(std::size_t);

// {inUse, heap, total}: bytes of the allocated regions (what was allocated and not freed, with
// emmalloc's header of each), the heap they live in, the memory. emmalloc_free_dynamic_memory()
// leaves out the free regions' headers, so a free block split in two (fragmentation, no byte
// allocated) would move it by 8: the free regions are counted whole instead.
val memory_js() {
  val out = val::object();
  const double heap = static_cast<double>(emmalloc_dynamic_heap_size());
  std::size_t by_size[32];
  const double free_regions =
      static_cast<double>(emmalloc_compute_free_dynamic_memory_fragmentation_map(by_size));
  const double free_bytes =
      static_cast<double>(emmalloc_free_dynamic_memory()) + free_regions * kRegionHeader;
  out.set("inUse", heap - free_bytes);
  out.set("heap", heap);
  out.set("total", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_memory) { emscripten::function("memory", &memory_js); }

}  // namespace perceptron::wasm
