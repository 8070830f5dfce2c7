// pw.optionSchema's descriptions (training/params.hpp: option_description), beside the schema
// selection.cpp binds.
#include "convert.hpp"

namespace perceptron::wasm {
namespace {

std::string option_description_js(const std::string& kind, const std::string& option) {
  return std::string(option_description(kind, option));
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_options) {
  emscripten::function("optionDescription", &option_description_js);
}

}  // namespace perceptron::wasm
