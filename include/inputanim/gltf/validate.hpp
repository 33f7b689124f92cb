// The rules of this tool's glTF profile (docs/gltf-profile.md: node names, hierarchy, samplers, extras), checked
// on a glTF file. load.hpp's validateInput adds the MRTK side: the recording the file converts to, checked.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/gltf/import.hpp"

namespace inputanim {

struct ProfileReport {
    bool ownFile = false;  // carries extras.inputanim: written by this tool
    std::vector<Finding> findings;  // each with its JSON pointer
};

// Fails only when the bytes are not a loadable glTF (the same errors `convert` gives); everything else is a
// finding. The rules apply to the animation options.animation selects.
Result<ProfileReport> checkProfile(std::span<const std::uint8_t> bytes, const std::string& path,
                                   const ImportOptions& options = {});
// The same on a file read once (parseGltf), which an import can take afterwards.
ProfileReport checkProfile(const ParsedGltf& gltf);

}  // namespace inputanim
