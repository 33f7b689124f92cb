// The documented JSON reports (docs/cli.md, "JSON output"): what `inputanim info --json` prints, and the finding
// lists of `check` and `validate`. In the library so that every front end (the CLI, the web viewer) says the same.
#pragma once

#include <string>
#include <vector>

#include "inputanim/analysis/summary.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/load.hpp"

namespace inputanim {

// Schema inputanim.info/1, as compact JSON text. `path` is the file as the user named it.
std::string infoJson(const std::string& path, const Recording& recording, const LoadReport& loaded, const RecordingSummary& summary,
                     const std::vector<Finding>& findings);
// Recording findings: [{"severity", "code", "curve", "key", "message"}, ...]
std::string findingsJson(const std::vector<Finding>& findings);
// glTF profile findings: [{"severity", "code", "pointer", "message"}, ...]
std::string profileFindingsJson(const std::vector<Finding>& findings);

}  // namespace inputanim
