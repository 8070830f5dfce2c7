// estimator/saved_format: every model release 0.1.0 saved (tests/js/fixtures/saved-0.1.0, compiled
// in by embed_fixtures.cmake) read and written back byte for byte, and bad documents refused
// with the messages fromJSON gives.
#include "perceptron/estimator/saved_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "saved_fixtures.hpp"

namespace perceptron {
namespace {

using json::Value;

SavedKind kind_named(const std::string& name) {
  if (name == "Perceptron") return SavedKind::perceptron;
  if (name == "MulticlassPerceptron") return SavedKind::multiclass;
  if (name == "KernelPerceptron") return SavedKind::kernel;
  if (name == "Winnow") return SavedKind::winnow;
  if (name == "PassiveAggressive") return SavedKind::passive_aggressive;
  return SavedKind::structured;
}

// The layout under the saved options, their defaults filled in as the model's options are.
SavedLayout layout_for(SavedKind kind, const Value& options) {
  const Value& variant = options["variant"];
  const Value& strategy = options["strategy"];
  return layout_of(kind, variant.is(json::Type::string) ? variant.text : "classic",
                   strategy.is(json::Type::string) ? strategy.text : "joint");
}

// Everything fromJSON reads, in its order, into a document; the first error.
Status read_document(const Value& model, SavedKind kind, SavedDocument& out) {
  SavedEnvelope envelope;
  if (Status s = read_envelope(model, kind, envelope); !s.ok()) return s;
  out.options = json::write(envelope.options);
  const Value& preprocess = envelope.options["preprocess"];
  const std::optional<std::string> scaling = preprocess.is(json::Type::string)
                                                 ? std::optional<std::string>(preprocess.text)
                                                 : std::nullopt;
  if (Status s = read_scaler(model, scaling, envelope.n_features, out.preprocess); !s.ok())
    return s;
  // The writer writes a scaler the options ask for, fitted or not.
  if (scaling && !out.preprocess) out.preprocess = SavedScaler{*scaling, false, {}, {}};
  Status s = kind == SavedKind::structured
                 ? read_structured(model, envelope, out.model)
                 : read_fields(model, layout_for(kind, envelope.options), envelope, out.model);
  if (!s.ok()) return s;
  if (envelope.fresh()) {
    out.model.classes = envelope.classes;
    return Status::success();
  }
  return read_vocabulary(model, envelope.n_features, out.vocabulary);
}

Value parsed(std::string_view text) {
  Value out;
  const Status s = json::parse(text, out);
  EXPECT_TRUE(s.ok()) << s.message;
  return out;
}

TEST(SavedFormat, FixturesOfEveryKindReadAndWriteBackByteForByte) {
  std::size_t count = 0;
  for (const auto& [name, text] : saved_fixtures) {
    SCOPED_TRACE(std::string(name));
    const Value fixture = parsed(text);
    // The file is JSON.stringify's text: the writer gives it back exactly.
    EXPECT_EQ(json::write(fixture) + "\n", text);
    const Value& model = fixture["model"];
    const SavedKind kind = kind_named(fixture["kind"].text);
    SavedDocument document;
    const Status s = read_document(model, kind, document);
    ASSERT_TRUE(s.ok()) << s.message;
    const std::string written = saved_text(kind, layout_for(kind, model["options"]), document);
    EXPECT_EQ(written, json::write(model));
    ++count;
  }
  EXPECT_GE(count, 19u);
}

TEST(SavedFormat, ReadsTheArraysByHand) {
  for (const auto& [name, text] : saved_fixtures) {
    if (name != "perceptron-voted" && name != "multiclass-ovo" && name != "structured") continue;
    SCOPED_TRACE(std::string(name));
    SavedDocument document;
    const SavedKind kind = kind_named(parsed(text)["kind"].text);
    ASSERT_TRUE(read_document(parsed(text)["model"], kind, document).ok());
    const SavedModel& saved = document.model;
    if (name == "perceptron-voted") {
      EXPECT_EQ(saved.n_features, 3u);
      EXPECT_EQ(saved.steps, 12u);
      EXPECT_EQ(saved.classes.numbers, (std::vector<double>{-1, 1}));
      EXPECT_EQ(saved.arrays[0].second, (std::vector<double>{1.2, 0.75, 0.5}));
      EXPECT_EQ(saved.arrays[1].second, (std::vector<double>{0}));
      ASSERT_EQ(saved.state.size(), 3u);
      EXPECT_EQ(saved.state[2].first, "votedCounts");
      EXPECT_EQ(saved.state[2].second, (std::vector<double>{0, 3, 9}));
    } else if (name == "multiclass-ovo") {
      EXPECT_EQ(saved.classes.names, (std::vector<std::string>{"a", "b", "c"}));
      EXPECT_TRUE(saved.arrays.empty());
      ASSERT_EQ(saved.parts.size(), 3u);
      EXPECT_EQ(saved.parts[2].steps, 12u);
      EXPECT_EQ(saved.parts[0].arrays[0].second, (std::vector<double>{-0.5, 1.25, -2}));
      EXPECT_EQ(saved.parts[0].arrays[1].second, (std::vector<double>{-1}));
    } else {
      // 3 tags x 7 features of emission, then (3 + 1) x 3 transitions, row after row.
      EXPECT_EQ(saved.arrays[0].second.size(), 21u);
      EXPECT_EQ(saved.arrays[0].second[2], -1);
      EXPECT_EQ(saved.arrays[1].second, (std::vector<double>{-2, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
      EXPECT_EQ(document.vocabulary.size(), 7u);
      EXPECT_EQ(document.vocabulary[0], "suffix=s");
    }
  }
}

// A Perceptron's document with `fields` spliced in after steps.
std::string perceptron_text(const std::string& envelope, const std::string& fields) {
  return R"({"format":"perceptron-wasm/Perceptron","version":1,"options":{"variant":"averaged"},)" +
         envelope + fields + "}";
}

TEST(SavedFormat, RefusesBadDocumentsNamingTheField) {
  const std::string fitted = R"("classes":[-1,1],"nFeatures":2,"steps":3,)";
  const std::string state =
      R"("state":{"startParameters":[0,0,0],"u":[1,2,3],"averagedSteps":[3]})";
  struct Case {
    std::string text;
    ErrorKind kind;
    std::string message;
  };
  const Case cases[] = {
      {"[1]", ErrorKind::type, "expected a model object; received an array of length 1"},
      {R"({"format":"perceptron-wasm/Winnow"})", ErrorKind::type,
       R"(field format must be "perceptron-wasm/Perceptron"; received the string "perceptron-wasm/Winnow")"},
      {R"({"format":"perceptron-wasm/Perceptron","version":"1"})", ErrorKind::type,
       R"(field version must be a number; received the string "1")"},
      {R"({"format":"perceptron-wasm/Perceptron","version":2})", ErrorKind::range,
       "field version must be 1; received 2"},
      {R"({"format":"perceptron-wasm/Perceptron","version":1,"options":null})", ErrorKind::type,
       "field options must be an object; received null"},
      {perceptron_text(R"("classes":{})", ""), ErrorKind::type,
       "field classes must be an array of labels; received an object"},
      {perceptron_text(R"("classes":[1,true])", ""), ErrorKind::type,
       "field classes[1] must be a number or a string; received true"},
      {perceptron_text(R"("classes":[1,"a"])", ""), ErrorKind::type,
       R"(field classes must hold only numbers or only strings; field classes[0] is a number, field classes[1] is the string "a")"},
      {perceptron_text(R"("classes":["b","a"])", ""), ErrorKind::range,
       R"(field classes must be sorted ascending (numbers numerically, strings by code point), as toJSON saves them; received classes[0] = "b" before classes[1] = "a")"},
      {perceptron_text(R"("classes":[2,2])", ""), ErrorKind::range,
       "field classes must hold distinct labels; received classes[0] = 2 and classes[1] = 2"},
      {perceptron_text(R"("classes":[],"nFeatures":1.5)", ""), ErrorKind::type,
       "field nFeatures must be a non-negative integer; received 1.5"},
      {perceptron_text(R"("classes":[],"nFeatures":0,"steps":null)", ""), ErrorKind::type,
       "field steps must be a number; received null"},
      {perceptron_text(fitted, R"("weights":[1,"2"],"bias":0,)" + state), ErrorKind::type,
       R"(field weights[1] must be a number; received the string "2")"},
      {perceptron_text(fitted, R"("weights":[1,2],)" + state), ErrorKind::type,
       "field bias must be a number; received undefined"},
      {perceptron_text(fitted, R"("weights":[1,2],"bias":0,"state":{"u":[1]})"), ErrorKind::type,
       "field state.startParameters is missing"},
      {perceptron_text(fitted, R"("weights":[1,2],"bias":0,"state":[])"), ErrorKind::type,
       "field state must be an object of number arrays; received an array of length 0"},
      {perceptron_text(
           fitted,
           R"("weights":[1,2],"bias":0,"state":{"startParameters":[0,0,0],"u":[1,2,3],"averagedSteps":[3],"run":[1]})"),
       ErrorKind::type,
       "field state.run is not part of this model's state (its options save startParameters, u, "
       "averagedSteps)"},
      {perceptron_text(R"("classes":[-1,1],"nFeatures":2,"steps":2.5,)",
                       R"("weights":[1,2],"bias":0,)" + state),
       ErrorKind::range, "field steps must be an integer from 0 to 9007199254740991; received 2.5"},
      {perceptron_text(R"("classes":[],"nFeatures":0,"steps":0,)", R"("weights":[1],"bias":0)"),
       ErrorKind::range, "field weights must hold 0 numbers (nFeatures); received 1"},
      {perceptron_text(fitted, R"("weights":[1,2],"bias":0,"vocabulary":["a","a"],)" + state),
       ErrorKind::range, "field vocabulary must hold distinct names"},
      {perceptron_text(fitted, R"("weights":[1,2],"bias":0,"vocabulary":["a"],)" + state),
       ErrorKind::range, "field vocabulary must hold nFeatures = 2 names; received 1"},
      {perceptron_text(fitted, R"("weights":[1,2],"bias":0,"vocabulary":[1,2],)" + state),
       ErrorKind::type,
       "field vocabulary must be an array of feature names; received an array of length 2"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    SavedDocument document;
    const Status s = read_document(parsed(c.text), SavedKind::perceptron, document);
    EXPECT_EQ(s.kind, c.kind);
    EXPECT_EQ(s.message, c.message);
  }
}

TEST(SavedFormat, RefusesBadFieldsOfOtherKinds) {
  const std::string head = R"({"format":"perceptron-wasm/)";
  struct Case {
    SavedKind kind;
    std::string text;
    ErrorKind error;
    std::string message;
  };
  const Case cases[] = {
      {SavedKind::kernel,
       head +
           R"(KernelPerceptron","version":1,"options":{},"classes":[0,1],"nFeatures":2,"steps":1,"supportVectors":[[1,2],[3]],"coefficients":[1,1],"bias":0})",
       ErrorKind::range,
       "field supportVectors[1] must hold nFeatures = 2 numbers; received an array of length 1"},
      {SavedKind::passive_aggressive,
       head +
           R"(PassiveAggressive","version":1,"options":{},"classes":[0,1,2],"nFeatures":1,"steps":1,"weights":[1,2,3],"biases":[0,0,0]})",
       ErrorKind::type, "field weights[0] must be an array of nFeatures = 1 numbers; received 1"},
      {SavedKind::multiclass,
       head +
           R"(MulticlassPerceptron","version":1,"options":{"strategy":"ovr"},"classes":[0,1,2],"nFeatures":1,"steps":1,"models":[{"weights":[1],"bias":0,"state":{}}]})",
       ErrorKind::type, "field models[0].steps must be a number; received undefined"},
      {SavedKind::multiclass,
       head +
           R"(MulticlassPerceptron","version":1,"options":{"strategy":"ovo"},"classes":[0,1,2],"nFeatures":1,"steps":1,"models":[{"weights":[1],"bias":0,"state":{},"steps":-1}]})",
       ErrorKind::range,
       "field models[0].steps must be an integer from 0 to 9007199254740991; received -1"},
      {SavedKind::winnow,
       head +
           R"(Winnow","version":1,"options":{"preprocess":"minMax"},"preprocess":{"kind":"standardize","shift":[0],"scale":[1]},"classes":[0,1],"nFeatures":1,"steps":1})",
       ErrorKind::type,
       "field preprocess must be {kind, shift, scale} with the options' preprocess kind; received "
       "an object"},
      {SavedKind::winnow,
       head +
           R"(Winnow","version":1,"options":{"preprocess":"minMax"},"preprocess":{"kind":"minMax","shift":[0,1],"scale":[1]},"classes":[0,1],"nFeatures":1,"steps":1})",
       ErrorKind::range, "field preprocess.shift must hold nFeatures = 1 numbers; received 2"},
      {SavedKind::structured,
       head +
           R"(StructuredPerceptron","version":1,"options":{},"classes":["D","N"],"nFeatures":2,"steps":1,"emission":[[0,0],[0]],"transition":[[0,0],[0,0],[0,0]],"state":{}})",
       ErrorKind::range, "field emission must hold 2 rows of 2 numbers"},
      {SavedKind::structured,
       head +
           R"(StructuredPerceptron","version":1,"options":{},"classes":["D","N"],"nFeatures":1,"steps":1,"emission":[[0],[0]],"transition":[[0,0],[0,"x"],[0,0]],"state":{}})",
       ErrorKind::type, R"(field transition must hold numbers; received the string "x")"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.text);
    SavedDocument document;
    const Status s = read_document(parsed(c.text), c.kind, document);
    EXPECT_EQ(s.kind, c.error);
    EXPECT_EQ(s.message, c.message);
  }
}

TEST(SavedFormat, ReadsAFreshModelWithoutItsFields) {
  // Older files of a fresh model may leave the kind's fields out: the fresh model is the saved one.
  const Value model = parsed(
      R"({"format":"perceptron-wasm/Perceptron","version":1,"options":{},"classes":[],"nFeatures":0,"steps":0})");
  SavedDocument document;
  ASSERT_TRUE(read_document(model, SavedKind::perceptron, document).ok());
  EXPECT_TRUE(document.model.arrays.empty());
  EXPECT_EQ(document.model.n_features, 0u);
}

TEST(SavedFormat, ReadsTypedArraysWhereNumbersAreRead) {
  // A JS typed array (the bindings revive one as `other` with its numbers) is a vector of
  // numbers, but not the Array that classes or a row must be.
  Value typed = Value::other("a Float64Array of length 2");
  typed.typed = true;
  typed.items = {Value::of(1.5), Value::of(-2.0)};
  Value model = parsed(perceptron_text(
      R"("classes":[-1,1],"nFeatures":2,"steps":3,)",
      R"("bias":0,"state":{"startParameters":[0,0,0],"u":[1,2,3],"averagedSteps":[3]})"));
  model.set("weights", typed);
  SavedDocument document;
  ASSERT_TRUE(read_document(model, SavedKind::perceptron, document).ok());
  EXPECT_EQ(document.model.arrays[0].second, (std::vector<double>{1.5, -2}));
  model.set("classes", typed);
  const Status s = read_document(model, SavedKind::perceptron, document);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "field classes must be an array of labels; received a Float64Array of length 2");
}

TEST(SavedFormat, ReadsTheStructuredStateAndStepsAs010Did) {
  // Float64Array.from's reading: values as Number() reads them, a string as its characters,
  // anything else as nothing; steps cut to an integer (0 for what is not one from 0 to 2^64).
  const Value model = parsed(
      R"({"format":"perceptron-wasm/StructuredPerceptron","version":1,"options":{},"classes":["D"],)"
      R"("nFeatures":1,"steps":-1,"emission":[[0]],"transition":[[0],[0]],)"
      R"("state":{"u":[null,"2",true,"x"],"startParameters":"12","averagedSteps":5}})");
  SavedDocument document;
  ASSERT_TRUE(read_document(model, SavedKind::structured, document).ok());
  const NamedArrays& state = document.model.state;
  ASSERT_EQ(state.size(), 3u);
  EXPECT_EQ(state[0].second[0], 0);
  EXPECT_EQ(state[0].second[1], 2);
  EXPECT_EQ(state[0].second[2], 1);
  EXPECT_TRUE(std::isnan(state[0].second[3]));
  EXPECT_EQ(state[1].second, (std::vector<double>{1, 2}));
  EXPECT_TRUE(state[2].second.empty());
  EXPECT_EQ(document.model.steps, 0u);
}

}  // namespace
}  // namespace perceptron
