#include "inputanim/core/finding.hpp"

namespace inputanim {

const char* severityName(Severity severity) {
    switch (severity) {
        case Severity::Note: return "note";
        case Severity::Warning: return "warning";
        case Severity::Error: return "error";
    }
    return "?";
}

std::array<std::size_t, 3> countBySeverity(const std::vector<Finding>& findings) {
    std::array<std::size_t, 3> counts{};
    for (const Finding& finding : findings) ++counts[std::size_t(finding.severity)];
    return counts;
}

}  // namespace inputanim
