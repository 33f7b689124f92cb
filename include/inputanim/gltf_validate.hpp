// Validation of a glTF file against this tool's profile (the node names, hierarchy, samplers and extras that
// docs/gltf-profile.md fixes), followed by the MRTK side: the recording the file converts to, checked.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "inputanim/check.hpp"
#include "inputanim/error.hpp"
#include "inputanim/gltf_import.hpp"

namespace inputanim {

struct ProfileFinding {
    Severity severity = Severity::Note;
    std::string code;     // stable identifier, e.g. "node-missing" (listed in the README)
    std::string pointer;  // JSON pointer into the glTF, e.g. "/nodes/4" or "/animations/0/samplers/2"
    std::string message;
};

struct ValidationReport {
    bool ownFile = false;                  // carries extras.inputanim: written by this tool
    std::vector<ProfileFinding> profile;   // structural rules of the glTF profile
    bool converted = false;                // the file converts to a recording
    std::vector<Finding> recording;        // the checker's findings on that recording
};

// Fails only when the bytes are not a loadable glTF (the same errors `convert` gives); everything else is a
// finding. An import failure (no recognisable joints, malformed extras) is an error finding "import-failed".
Result<ValidationReport> validateGltf(std::span<const std::uint8_t> bytes, const std::string& path,
                                      const ImportOptions& options = {});

}  // namespace inputanim
