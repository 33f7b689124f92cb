// Problems in a recording, reported by curve name and key index. Pure analysis: nothing is changed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "inputanim/recording.hpp"

namespace inputanim {

enum class Severity { Note, Warning, Error };
const char* severityName(Severity severity);  // "note", "warning", "error"

struct Finding {
    Severity severity = Severity::Note;
    std::string code;    // stable identifier, e.g. "rotation-w-single-key" (listed in the README)
    std::string curve;   // curve name ("left.Wrist.RotationW") or pose/vector name ("left.Wrist.Rotation")
    std::optional<std::size_t> key;  // first key concerned, when one is
    std::string message;
};

struct CheckOptions {
    double lostTailSeconds = 0.1;   // a curve ending this long (s) before the recording is reported
    double unitTolerance = 0.01;    // | |q| - 1 | above this is a non-unit quaternion
};

std::vector<Finding> checkRecording(const Recording& recording, const CheckOptions& options = {});

}  // namespace inputanim
