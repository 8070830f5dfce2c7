// C++20 coroutines under both compilers the core is built with: g++ has <coroutine>;
// Emscripten 3.1.6's libc++ (with clang 14) only <experimental/coroutine>, which clang 14 still
// accepts for C++20 coroutines (CMakeLists silences its deprecation warning).
#pragma once

#if __has_include(<coroutine>)
#include <coroutine>
namespace perceptron::coro {
using std::coroutine_handle;
using std::suspend_always;
}  // namespace perceptron::coro
#else
#include <experimental/coroutine>
namespace perceptron::coro {
using std::experimental::coroutine_handle;
using std::experimental::suspend_always;
}  // namespace perceptron::coro
#endif
