// glTF extensions as this library reads them. A file may require an extension (extensionsRequired) only where the
// library can read the file without it: one that changes only what the conversion does not read (materials,
// textures, lights, mesh geometry, metadata) is accepted with a note; any other required extension is refused by
// name, as glTF 2.0 asks of a loader. Extensions used but not required are listed (info reports them).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"

namespace inputanim {

// What an extension changes, when that is a part of the file the conversion does not read ("" otherwise).
std::string ignoredPartOf(const std::string& extension);

// The file's extensionsUsed (in its order, then any required but not listed); a required extension the library
// cannot do without is an error at "/extensionsRequired/I"; each required one it can is a note in `notes`.
Result<std::vector<std::string>> checkExtensions(const nlohmann::json& json, const std::string& path,
                                                 std::vector<Finding>& notes);

}  // namespace inputanim
