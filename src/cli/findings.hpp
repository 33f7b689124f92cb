// How the reporting verbs (info, check, validate) print the checker's findings (internal to the tool).
#pragma once

#include <array>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <vector>

#include "inputanim/check.hpp"

namespace cli {

using Json = nlohmann::ordered_json;

// Counts by severity, indexed by int(Severity): notes, warnings, errors.
template <class FindingList>
std::array<std::size_t, 3> countBySeverity(const FindingList& findings) {
    std::array<std::size_t, 3> counts{};
    for (const auto& finding : findings) ++counts[int(finding.severity)];
    return counts;
}

// [{"severity", "code", "curve", "key", "message"}, ...]
Json findingsJson(const std::vector<inputanim::Finding>& findings);
// "error lost-tail left.Wrist.PositionX key 3: message"
void printFinding(std::ostream& out, const inputanim::Finding& finding);

}  // namespace cli
