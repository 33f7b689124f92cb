// How the reporting verbs (info, check, validate) print findings as text (their JSON: report.hpp).
#pragma once

#include <iosfwd>
#include <vector>

#include "common.hpp"
#include "inputanim/core/finding.hpp"

namespace cli {

// "error lost-tail left.Wrist.PositionX key 3: message" or "error node-missing /nodes: message"
void printFinding(std::ostream& out, const ia::Finding& finding);

}  // namespace cli
