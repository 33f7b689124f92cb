// The documented JSON reports (docs/cli.md, "JSON output"): what `inputanim info --json` prints, and the finding
// lists of `check` and `validate`. In the library so that every front end (the CLI, the web viewer) says the same.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "inputanim/analysis/summary.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/load.hpp"

namespace inputanim {

// Text from files (names, messages) may hold invalid UTF-8: print with nlohmann's error_handler_t::replace.
using ReportJson = nlohmann::ordered_json;

// Schema inputanim.info/1. `path` is the file as the user named it.
ReportJson infoJson(const std::string& path, const Recording& recording, const LoadReport& loaded, const RecordingSummary& summary,
                    const std::vector<Finding>& findings);
// Recording findings: [{"severity", "code", "curve", "key", "message"}, ...]
ReportJson findingsJson(const std::vector<Finding>& findings);
// glTF profile findings: [{"severity", "code", "pointer", "message"}, ...]
ReportJson profileFindingsJson(const std::vector<Finding>& findings);

}  // namespace inputanim
