// check_model_memory (support/memory.hpp): sizes a model's weights would need, checked in 64-bit
// arithmetic before any allocation, so that memory running out is a RangeError, not an abort.
#include "perceptron/support/memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace perceptron {
namespace {

TEST(Memory, PastTheAddressSpaceIsARangeErrorNamingTheArrays) {
  // 2^61 values of 8 bytes, 4 times: 2^66 bytes, more than any size_t counts.
  const Status s = check_weights_memory(std::uint64_t{1} << 37, "classes", std::uint64_t{1} << 24);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "cannot allocate the weights of 137438953472 classes x 16777216 columns "
            "(2305843009213693952 float64 values, 18446744073709552000 bytes, held 4 times in a "
            "call): more than this memory can address");
}

TEST(Memory, WhatFitsIsFine) {
  EXPECT_TRUE(check_weights_memory(1, "", 1000).ok());                           // not probed
  EXPECT_TRUE(check_weights_memory(3, "classes", std::uint64_t{1} << 21).ok());  // 48 MB probed
}

}  // namespace
}  // namespace perceptron
