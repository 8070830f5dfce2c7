// Named features (features/): MurmurHash3_x86_32 against published vectors, the hashed column and
// sign of scikit-learn's HashingVectorizer, the vocabulary's code point order, and records mapped
// to CSR rows with the values that share a column added up in the order given.
#include "perceptron/features/feature_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/features/murmur3.hpp"
#include "perceptron/features/vocabulary.hpp"

namespace perceptron {
namespace {

std::vector<std::uint32_t> indices_of(const Matrix& m) {
  return {m.indices(), m.indices() + m.stored()};
}
std::vector<double> values_of(const Matrix& m) {
  const auto* v = static_cast<const double*>(m.data());
  return {v, v + m.stored()};
}
std::vector<std::uint32_t> indptr_of(const Matrix& m) {
  return {m.indptr(), m.indptr() + m.rows() + 1};
}

// Rows of (name, value) pairs.
NamedRows rows_of(const std::vector<std::vector<std::pair<std::string, double>>>& rows) {
  NamedRowsBuilder out;
  for (const auto& row : rows) {
    for (const auto& [name, value] : row) out.add(name, value);
    out.end_row();
  }
  return std::move(out.rows());
}

TEST(NameList, FromJoinedFindsEachEndByItsUtf16Length) {
  // "a", "\u00e9t\u00e9" (2-byte UTF-8), "\U0001F600x" (4 bytes: two UTF-16 units), "" and a
  // name holding "\0" itself, each followed by one "\0".
  const std::string joined("a\0\xC3\xA9t\xC3\xA9\0\xF0\x9F\x98\x80x\0\0p\0q\0", 19);
  const NameList names = NameList::from_joined(joined, {1, 3, 3, 0, 3});
  ASSERT_EQ(names.size(), 5u);
  EXPECT_EQ(names[0], "a");
  EXPECT_EQ(names[1], "\xC3\xA9t\xC3\xA9");
  EXPECT_EQ(names[2], "\xF0\x9F\x98\x80x");
  EXPECT_EQ(names[3], "");
  EXPECT_EQ(names[4], std::string("p\0q", 3));
}

TEST(Murmur3, PublishedVectors) {
  // The values tests/js/text.test.mjs checks (seed 0, UTF-8 bytes).
  EXPECT_EQ(murmur3_x86_32(""), 0u);
  EXPECT_EQ(murmur3_x86_32("hello"), 0x248bfa47u);
  EXPECT_EQ(murmur3_x86_32("hello world"), 0x5e928f0fu);
  EXPECT_EQ(murmur3_x86_32("abc"), 0xb3dd93fau);
  EXPECT_EQ(murmur3_x86_32("The quick brown fox jumps over the lazy dog"), 0x2e4ff723u);
  // SMHasher's verification inputs: seeds, and tails of 0 to 3 bytes.
  EXPECT_EQ(murmur3_x86_32("", 1), 0x514e28b7u);
  EXPECT_EQ(murmur3_x86_32("", 0xffffffff), 0x81f16f39u);
  EXPECT_EQ(murmur3_x86_32("\xff\xff\xff\xff"), 0x76293b50u);
  EXPECT_EQ(murmur3_x86_32("\x21\x43\x65\x87"), 0xf55b516bu);
  EXPECT_EQ(murmur3_x86_32("\x21\x43\x65\x87", 0x5082edee), 0x2362f9deu);
  EXPECT_EQ(murmur3_x86_32("\x21\x43\x65"), 0x7e4a8634u);
  EXPECT_EQ(murmur3_x86_32("\x21\x43"), 0xa0f7b07au);
  EXPECT_EQ(murmur3_x86_32("\x21"), 0x72661cf4u);
  EXPECT_EQ(murmur3_x86_32(std::string_view("\0\0\0\0", 4)), 0x2362f9deu);
  EXPECT_EQ(murmur3_x86_32("aaaa", 0x9747b28c), 0x5a97808au);
  EXPECT_EQ(murmur3_x86_32("Hello, world!", 0x9747b28c), 0x24884cbau);
  // Non-ASCII names hash their UTF-8 bytes.
  EXPECT_EQ(murmur3_x86_32("caf\xc3\xa9"), 0x241c0f08u);
  EXPECT_EQ(murmur3_x86_32("\xf0\x9f\x98\x80"), 0xbeb42efau);
}

TEST(HashedColumn, AbsoluteValueModuloAndSignAsHashingVectorizer) {
  // 'abc': h = 0xb3dd93fa = -1277324294; 1277324294 mod 1024 = 6, negated.
  EXPECT_EQ(hashed_column("abc", 10).column, 6u);
  EXPECT_TRUE(hashed_column("abc", 10).negative);
  // 'hello': h = 0x248bfa47 > 0; its low 10 bits are 0x247 = 583.
  EXPECT_EQ(hashed_column("hello", 10).column, 583u);
  EXPECT_FALSE(hashed_column("hello", 10).negative);
  // 'win': h = 0xabad367a < 0, |h| = 0x5452c986, mod 2^12 = 0x986 = 2438.
  EXPECT_EQ(hashed_column("win", 12).column, 2438u);
  EXPECT_TRUE(hashed_column("win", 12).negative);
  // 'aaaiTBFZ' hashes to -2^31, whose absolute value 2^31 goes to column 0 for any bits.
  EXPECT_EQ(murmur3_x86_32("aaaiTBFZ"), 0x80000000u);
  for (unsigned bits : {1u, 10u, 24u}) {
    EXPECT_EQ(hashed_column("aaaiTBFZ", bits).column, 0u) << bits;
    EXPECT_TRUE(hashed_column("aaaiTBFZ", bits).negative) << bits;
  }
}

TEST(HashingOption, BitsFrom1To24) {
  FeatureMap map;
  ASSERT_TRUE(FeatureMap::hashing(OptionValue(12.0), map).ok());
  EXPECT_EQ(map.cols(), 4096u);
  EXPECT_TRUE(map.vocabulary().empty());
  Status s = FeatureMap::hashing(OptionValue(25.0), map);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "option hashing.bits must be an integer from 1 to 24; received 25");
  EXPECT_EQ(FeatureMap::hashing(OptionValue(1.5), map).kind, ErrorKind::range);
  s = FeatureMap::hashing(OptionValue(std::string("8")), map);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "option hashing.bits must be an integer from 1 to 24; received the string \"8\"");
  EXPECT_EQ(map.cols(), 4096u);  // a failed call leaves the map as it was
}

TEST(Vocabulary, LearnedInCodePointOrderOnce) {
  NameList names;
  // U+1F600 (F0 9F 98 80) comes after U+FF71 (EF BD B1) by code point, though its UTF-16 (D83D)
  // sorts first; é is U+00E9 (C3 A9).
  for (const char* name :
       {"\xf0\x9f\x98\x80", "z", "\xef\xbd\xb1", "a", "\xc3\xa9", "Z", "a", "z"}) {
    names.push_back(name);
  }
  const Vocabulary v = Vocabulary::learn(names);
  const std::vector<std::string> expected{
      "Z", "a", "z", "\xc3\xa9", "\xef\xbd\xb1", "\xf0\x9f\x98\x80"};
  EXPECT_EQ(v.names(), expected);
  EXPECT_EQ(v.find("\xc3\xa9"), 3u);
  EXPECT_EQ(v.find("missing"), std::nullopt);
}

TEST(Vocabulary, RestoredAsSavedWithItsChecks) {
  FeatureMap map;
  ASSERT_TRUE(FeatureMap::restore({"b", "a"}, 2, map).ok());
  EXPECT_EQ(map.vocabulary(), (std::vector<std::string>{"b", "a"}));  // the saved order kept
  Status s = FeatureMap::restore({"a", "b"}, 3, map);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "field vocabulary must hold nFeatures = 3 names; received 2");
  s = FeatureMap::restore({"a", "a"}, 2, map);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "field vocabulary must hold distinct names");
  s = FeatureMap::given({"x", "y", "x"}, map);
  EXPECT_EQ(s.message, "option vocabulary must hold distinct terms");
  EXPECT_EQ(map.vocabulary(), (std::vector<std::string>{"b", "a"}));
}

TEST(FeatureMap, VocabularyRowsLeaveOutUnknownNames) {
  const NamedRows fit = rows_of({{{"win", 1}, {"money", 2}}, {{"noon", 1}, {"win", 3}}});
  FeatureMap learned;
  ASSERT_TRUE(FeatureMap().learned(fit, "X's records", "records", learned).ok());
  EXPECT_EQ(learned.vocabulary(), (std::vector<std::string>{"money", "noon", "win"}));
  Matrix m;
  ASSERT_TRUE(learned.to_csr(fit, "X", m).ok());
  EXPECT_EQ(m.cols(), 3u);
  EXPECT_EQ(indptr_of(m), (std::vector<std::uint32_t>{0, 2, 4}));
  EXPECT_EQ(indices_of(m), (std::vector<std::uint32_t>{0, 2, 1, 2}));  // sorted by column
  EXPECT_EQ(values_of(m), (std::vector<double>{2, 1, 1, 3}));
  // An unseen name is left out; a name given twice adds up.
  ASSERT_TRUE(
      learned.to_csr(rows_of({{{"unseen", 5}, {"noon", 1}, {"noon", 2}}, {}}), "X", m).ok());
  EXPECT_EQ(indptr_of(m), (std::vector<std::uint32_t>{0, 1, 1}));
  EXPECT_EQ(indices_of(m), (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(values_of(m), (std::vector<double>{3}));
}

TEST(FeatureMap, HashedValuesShareAColumnInTheOrderGiven) {
  FeatureMap map;
  ASSERT_TRUE(FeatureMap::hashing(OptionValue(1.0), map).ok());
  // With 1 bit: 'hello' goes to column 1 (+), 'abc', 'aaaiTBFZ' and 'win' to column 0 (-).
  // Column 0 adds -1e16, then -1 (lost: -1e16 - 1 rounds to -1e16), then +1e16: 0. Another
  // order would keep the -1.
  Matrix m;
  ASSERT_TRUE(map.to_csr(rows_of({{{"abc", 1e16}, {"hello", 2}, {"aaaiTBFZ", 1}, {"win", -1e16}},
                                  {{"hello", 0.5}, {"abc", 0.25}}}),
                         "X", m)
                  .ok());
  EXPECT_EQ(m.cols(), 2u);
  EXPECT_EQ(indptr_of(m), (std::vector<std::uint32_t>{0, 2, 4}));
  EXPECT_EQ(indices_of(m), (std::vector<std::uint32_t>{0, 1, 0, 1}));
  EXPECT_EQ(values_of(m), (std::vector<double>{0, 2, -0.25, 0.5}));
  // Learning keeps a hashing map as it is.
  FeatureMap same;
  ASSERT_TRUE(map.learned(rows_of({{}}), "X's records", "records", same).ok());
  EXPECT_EQ(same.cols(), 2u);
}

TEST(FeatureMap, NoColumnsIsAnError) {
  FeatureMap learned;
  Status s = FeatureMap().learned(rows_of({{}, {}}), "X's records", "records", learned);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "X's records hold no feature name; received 2 empty records");
  Matrix m;
  s = FeatureMap().to_csr(rows_of({{{"a", 1}}}), "X", m);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "X holds records {feature: value}, but the model has no feature names: it was fitted "
            "on arrays (or not yet), or give the hashing option");
}

}  // namespace
}  // namespace perceptron
