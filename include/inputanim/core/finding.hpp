// A finding: something worth telling about a recording or a glTF file, with a stable code and a place.
// The checker (analysis) and the glTF profile rules (gltf) both report them.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <utility>
#include <string>
#include <vector>

namespace inputanim {

enum class Severity { Note, Warning, Error };
const char* severityName(Severity severity);  // "note", "warning", "error"

struct Finding {
    Severity severity = Severity::Note;
    std::string code;  // stable identifier, e.g. "rotation-w-single-key" (listed in docs/cli.md)
    std::string curve;  // recordings: curve name ("left.Wrist.RotationW") or pose ("left.Wrist.Rotation")
    std::optional<std::size_t> key;  // recordings: first key concerned, when one is
    std::string message;
    std::string pointer;  // glTF files: JSON pointer, e.g. "/nodes/4" or "/animations/0/samplers/2"

    static Finding ofCurve(Severity severity, std::string code, std::string curve, std::optional<std::size_t> key,
                           std::string message) {
        return {severity, std::move(code), std::move(curve), key, std::move(message), {}};
    }
    static Finding ofFile(Severity severity, std::string code, std::string pointer, std::string message) {
        return {severity, std::move(code), {}, std::nullopt, std::move(message), std::move(pointer)};
    }
    // What a reader assumed or derived, for its user (a front end adds its own hint by the code).
    static Finding note(std::string code, std::string message) {
        return ofFile(Severity::Note, std::move(code), {}, std::move(message));
    }
};

// How many findings of each severity: [notes, warnings, errors].
std::array<std::size_t, 3> countBySeverity(const std::vector<Finding>& findings);

// The report a library call fills: the caller's (its `Report* report` argument), or the call's own when the caller
// passed none. `Reported<EditReport> r(report);` then `r->messages`, `*r`.
template <typename Report>
class Reported {
public:
    explicit Reported(Report* given) : report_(given ? given : &own_) {}
    Reported(const Reported&) = delete;
    Reported& operator=(const Reported&) = delete;
    Report& operator*() { return *report_; }
    Report* operator->() { return report_; }

private:
    Report own_{};
    Report* report_;
};

}  // namespace inputanim
