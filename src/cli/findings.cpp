#include "findings.hpp"

#include <ostream>
#include <string>

namespace cli {

void printFinding(std::ostream& out, const ia::Finding& finding) {
    out << ia::severityName(finding.severity) << " " << finding.code;
    if (!finding.pointer.empty()) out << " " << finding.pointer;
    if (!finding.curve.empty()) out << " " << finding.curve;
    if (finding.key) out << " key " << *finding.key;
    out << ": " << shown(finding.message) << "\n";
}

void printProvenance(std::ostream& out, const ia::Provenance& p) {
    out << "source     " << shown(p.sourceName) << ": " << shown(p.sourceFormat) << ", " << p.sourceBytes
        << " bytes, SHA-256 " << shown(p.sourceSha256) << " (written by " << shown(p.tool)
        << (p.date.empty() ? "" : ", " + shown(p.date)) << ")\n";
}

}  // namespace cli
