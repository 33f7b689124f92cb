#include "findings.hpp"

#include <ostream>
#include <string>

namespace cli {

Json findingsJson(const std::vector<inputanim::Finding>& findings) {
    Json list = Json::array();
    for (const auto& finding : findings) {
        Json item = {{"severity", inputanim::severityName(finding.severity)}, {"code", finding.code}, {"curve", finding.curve}};
        item["key"] = finding.key ? Json(*finding.key) : Json(nullptr);
        item["message"] = finding.message;
        list.push_back(item);
    }
    return list;
}

void printFinding(std::ostream& out, const inputanim::Finding& finding) {
    out << inputanim::severityName(finding.severity) << " " << finding.code << " " << finding.curve
        << (finding.key ? " key " + std::to_string(*finding.key) : "") << ": " << finding.message << "\n";
}

}  // namespace cli
