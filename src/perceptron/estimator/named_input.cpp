#include "perceptron/estimator/named_input.hpp"

namespace perceptron {

MappedInput::MappedInput() = default;
MappedInput::~MappedInput() = default;
TrainingInput::TrainingInput() = default;
TrainingInput::~TrainingInput() = default;

Status MappedInput::map(const FeatureMap& features, const Input& input, const char* argument) {
  if (input.names == nullptr) {
    given_ = &input.data;
    return Status::success();
  }
  Dataset mapped;
  if (Status s = features.to_csr(*input.names, argument, mapped.x); !s.ok()) return s;
  if (Status s = mapped.x.check(argument); !s.ok()) return s;
  mapped.classes = input.data.classes;
  mapped.class_index = input.data.class_index;
  given_ = nullptr;
  mapped_ = std::move(mapped);
  return Status::success();
}

Status training_map(const FeatureMap& current, const NamedRows* names, bool learn,
                    FeatureMap& out) {
  if (!learn) {
    out = current;
    return Status::success();
  }
  if (names == nullptr) {
    out = current.hashed() ? current : FeatureMap();
    return Status::success();
  }
  return current.learned(*names, "X's records", "records", out);
}

Status batch_input(const FeatureMap& current, bool learn, const Input& input, FeatureMap& map,
                   MappedInput& out) {
  if (Status s = training_map(current, input.names, learn, map); !s.ok()) return s;
  return out.map(map, input);
}

Status restored_map(std::optional<std::vector<std::string>> vocabulary, FeatureMap& out) {
  if (!vocabulary) return Status::success();
  const std::size_t n = vocabulary->size();
  return FeatureMap::restore(std::move(*vocabulary), n, out);
}

Status training_input(const FeatureMap& current, bool learn, const Input& input,
                      const TrainingOptions& options, TrainingInput& out) {
  if (Status s = training_map(current, input.names, learn, out.map); !s.ok()) return s;
  if (Status s = out.x.map(out.map, input); !s.ok()) return s;
  out.options = options;
  if (options.validation != nullptr) {
    const Input validation{*options.validation, options.validation_names};
    if (Status s = out.validation.map(out.map, validation, "validation.X"); !s.ok()) return s;
    out.options.validation = &out.validation.data();
  }
  return Status::success();
}

}  // namespace perceptron
