#include "findings.hpp"

#include <ostream>
#include <string>

namespace cli {

Json findingsJson(const std::vector<ia::Finding>& findings) {
    Json list = Json::array();
    for (const auto& finding : findings)
        list.push_back({{"severity", ia::severityName(finding.severity)}, {"code", finding.code}, {"curve", finding.curve},
                        {"key", finding.key ? Json(*finding.key) : Json(nullptr)}, {"message", finding.message}});
    return list;
}

Json profileFindingsJson(const std::vector<ia::Finding>& findings) {
    Json list = Json::array();
    for (const auto& f : findings)
        list.push_back({{"severity", ia::severityName(f.severity)}, {"code", f.code}, {"pointer", f.pointer}, {"message", f.message}});
    return list;
}

void printFinding(std::ostream& out, const ia::Finding& finding) {
    out << ia::severityName(finding.severity) << " " << finding.code;
    if (!finding.pointer.empty()) out << " " << finding.pointer;
    if (!finding.curve.empty()) out << " " << finding.curve;
    if (finding.key) out << " key " << *finding.key;
    out << ": " << shown(finding.message) << "\n";
}

}  // namespace cli
