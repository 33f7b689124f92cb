// How the reporting verbs (info, check, validate) print findings, as text and as JSON (internal to the tool).
#pragma once

#include <iosfwd>
#include <vector>

#include "common.hpp"
#include "inputanim/core/finding.hpp"

namespace cli {

// Recording findings: [{"severity", "code", "curve", "key", "message"}, ...]
Json findingsJson(const std::vector<ia::Finding>& findings);
// glTF profile findings: [{"severity", "code", "pointer", "message"}, ...]
Json profileFindingsJson(const std::vector<ia::Finding>& findings);
// "error lost-tail left.Wrist.PositionX key 3: message" or "error node-missing /nodes: message"
void printFinding(std::ostream& out, const ia::Finding& finding);

}  // namespace cli
