// glTF 2.0 -> Recording. Files this tool wrote come back byte for byte (from extras.inputanim); files from
// other tools are read by joint names, evaluated as glTF plays them, and fitted with keys.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/gltf/container.hpp"
#include "inputanim/gltf/import_options.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {

// A file read once by parseGltf (container.hpp), taken: the import may move the document's data into the recording.
Result<Recording> importGltf(ParsedGltf&& gltf, const ImportOptions& options = {}, ImportReport* report = nullptr);
// `path` names the file in messages and locates external buffers of a .gltf.
Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path,
                             const ImportOptions& options = {}, ImportReport* report = nullptr);
// The same, freeing the file's bytes as soon as its document is read, before the recording is built (a large
// .glb's keys are then never in memory three times: file, document and recording).
Result<Recording> importGltf(FileBytes&& bytes, const std::string& path, const ImportOptions& options = {},
                             ImportReport* report = nullptr);

}  // namespace inputanim
