// The bag of words over given tokens (features/bag_of_words.hpp): n-grams counted by hand, binary,
// the learned, given or hashed columns, and the option checks.
#include "perceptron/features/bag_of_words.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace perceptron {
namespace {

NamedRows texts_of(const std::vector<std::vector<std::string>>& texts) {
  NamedRowsBuilder out;
  for (const auto& tokens : texts) {
    for (const auto& token : tokens) out.add(token);
    out.end_row();
  }
  NamedRows rows = std::move(out.rows());
  rows.values.clear();  // tokens carry no values
  return rows;
}

// The rows' entries' names, in order.
std::vector<std::string> names_of(const NamedRows& rows) {
  std::vector<std::string> out;
  for (const std::uint32_t id : rows.ids) out.emplace_back(rows.names[id]);
  return out;
}

TEST(CountTerms, NgramsJoinedByOneSpaceCountedInOrderFirstSeen) {
  const NamedRows tokens = texts_of({{"the", "cat", "saw", "the", "cat"}, {"a"}});
  const NamedRows terms = count_terms(tokens, {1, 2}, false);
  // Unigrams: the 2, cat 2, saw 1; bigrams: "the cat" 2, "cat saw" 1, "saw the" 1. The second
  // text has no bigram.
  EXPECT_EQ(names_of(terms),
            (std::vector<std::string>{"the", "cat", "saw", "the cat", "cat saw", "saw the", "a"}));
  EXPECT_EQ(terms.values, (std::vector<double>{2, 2, 1, 2, 1, 1, 1}));
  EXPECT_EQ(terms.indptr, (std::vector<std::uint32_t>{0, 6, 7}));
  // binary: each term once with 1; n from 2 to 3 on two tokens: the one bigram.
  EXPECT_EQ(count_terms(tokens, {1, 2}, true).values, (std::vector<double>(7, 1.0)));
  const NamedRows longer = count_terms(texts_of({{"a", "b"}}), {2, 3}, false);
  EXPECT_EQ(names_of(longer), (std::vector<std::string>{"a b"}));
}

TEST(BagOfWords, LearnedVocabularySortedByCodePoint) {
  BagOfWordsOptions options;
  Matrix m;
  FeatureMap map;
  ASSERT_TRUE(
      bag_of_words(texts_of({{"b", "a", "b"}, {"\xc3\xa9t\xc3\xa9", "c"}}), options, m, map).ok());
  EXPECT_EQ(map.vocabulary(), (std::vector<std::string>{"a", "b", "c", "\xc3\xa9t\xc3\xa9"}));
  EXPECT_EQ(m.cols(), 4u);
  EXPECT_EQ(std::vector<std::uint32_t>(m.indptr(), m.indptr() + 3),
            (std::vector<std::uint32_t>{0, 2, 4}));
  EXPECT_EQ(std::vector<std::uint32_t>(m.indices(), m.indices() + 4),
            (std::vector<std::uint32_t>{0, 1, 2, 3}));
  const auto* v = static_cast<const double*>(m.data());
  EXPECT_EQ(std::vector<double>(v, v + 4), (std::vector<double>{1, 2, 1, 1}));
}

TEST(BagOfWords, GivenVocabularyKeepsItsOrderAndLeavesOtherTermsOut) {
  BagOfWordsOptions options;
  options.vocabulary = std::vector<std::string>{"z", "a b", "a"};
  options.ngram = {1, 2};
  Matrix m;
  FeatureMap map;
  ASSERT_TRUE(bag_of_words(texts_of({{"a", "b", "a"}}), options, m, map).ok());
  EXPECT_EQ(map.vocabulary(), (std::vector<std::string>{"z", "a b", "a"}));
  EXPECT_EQ(std::vector<std::uint32_t>(m.indices(), m.indices() + m.stored()),
            (std::vector<std::uint32_t>{1, 2}));
  const auto* v = static_cast<const double*>(m.data());
  EXPECT_EQ(std::vector<double>(v, v + m.stored()), (std::vector<double>{1, 2}));
  options.vocabulary = std::vector<std::string>{"a", "a"};
  EXPECT_EQ(bag_of_words(texts_of({{"a"}}), options, m, map).message,
            "option vocabulary must hold distinct terms");
}

TEST(BagOfWords, HashedSignedCountsOrOnesWithBinary) {
  // 'abc' is column 6 of 2^10 (negative hash), 'hello' 583, 'aaaiTBFZ' 0 (h = -2^31).
  BagOfWordsOptions options;
  options.hashing_bits = OptionValue(10.0);
  Matrix m;
  FeatureMap map;
  const NamedRows tokens = texts_of({{"abc", "hello", "aaaiTBFZ", "abc"}});
  ASSERT_TRUE(bag_of_words(tokens, options, m, map).ok());
  EXPECT_TRUE(map.vocabulary().empty());
  EXPECT_EQ(m.cols(), 1024u);
  EXPECT_EQ(std::vector<std::uint32_t>(m.indices(), m.indices() + 3),
            (std::vector<std::uint32_t>{0, 6, 583}));
  const auto* v = static_cast<const double*>(m.data());
  EXPECT_EQ(std::vector<double>(v, v + 3), (std::vector<double>{-1, -2, 1}));
  options.binary = true;
  ASSERT_TRUE(bag_of_words(tokens, options, m, map).ok());
  v = static_cast<const double*>(m.data());
  EXPECT_EQ(std::vector<double>(v, v + 3), (std::vector<double>{1, 1, 1}));
}

TEST(BagOfWords, OptionChecks) {
  NgramRange range;
  Status s = read_ngram({OptionValue(2.0), OptionValue(1.0)}, range);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "option ngram must be [min, max] with integers 1 <= min <= max; received an array of "
            "length 2");
  EXPECT_EQ(read_ngram({OptionValue(1.0)}, range).message,
            "option ngram must be [min, max] with integers 1 <= min <= max; received an array of "
            "length 1");
  EXPECT_FALSE(read_ngram({OptionValue(0.0), OptionValue(1.0)}, range).ok());
  EXPECT_FALSE(read_ngram({OptionValue(1.5), OptionValue(2.0)}, range).ok());
  EXPECT_FALSE(read_ngram({OptionValue(std::string("1")), OptionValue(2.0)}, range).ok());
  ASSERT_TRUE(read_ngram({OptionValue(1.0), OptionValue(3.0)}, range).ok());
  s = read_ngram(OptionValue(std::string("x")), std::nullopt, range);  // not an array
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "option ngram must be [min, max] with integers 1 <= min <= max; received the string "
            "\"x\"");
  std::vector<std::string> terms;
  const std::vector<OptionValue> items{OptionValue(std::string("a")), OptionValue(1.0)};
  EXPECT_EQ(read_terms(OtherValue{"an array of length 2"}, items, terms).message,
            "option vocabulary must be an array of terms; received an array of length 2");
  EXPECT_EQ(read_terms(OptionValue(5.0), std::nullopt, terms).kind, ErrorKind::type);
  ASSERT_TRUE(read_terms(OtherValue{"an array of length 1"}, std::vector{items[0]}, terms).ok());
  EXPECT_EQ(terms, std::vector<std::string>{"a"});
  EXPECT_EQ(range.min, 1u);
  EXPECT_EQ(range.max, 3u);

  BagOfWordsOptions options;
  options.hashing_bits = OptionValue(25.0);
  EXPECT_EQ(check_bag_of_words(options).kind, ErrorKind::range);
  options.hashing_bits = OptionValue(8.0);
  options.vocabulary = std::vector<std::string>{};
  s = check_bag_of_words(options);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message, "give option vocabulary or option hashing, not both");

  Matrix m;
  FeatureMap map;
  s = bag_of_words(texts_of({{}, {}}), BagOfWordsOptions{}, m, map);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "the texts hold no term (no word in any of them)");
}

}  // namespace
}  // namespace perceptron
