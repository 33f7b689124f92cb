// How the reporting verbs (info, check, validate) print findings as text (their JSON: report.hpp).
#pragma once

#include <iosfwd>
#include <vector>

#include "common.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace cli {

// "error lost-tail left.Wrist.PositionX key 3: message" or "error node-missing /nodes: message"
void printFinding(std::ostream& out, const ia::Finding& finding);
// "source     take.bin: MRTK input animation 1.0, 577537 bytes, SHA-256 ... (written by inputanim 0.1.0)": what an
// archive records of its source (info, verify).
void printProvenance(std::ostream& out, const ia::Provenance& provenance);

}  // namespace cli
