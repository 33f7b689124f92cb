// Import of glTF files that inputanim did not write (internal): joints found by name, world poses
// evaluated as glTF plays them, and keys fitted within tolerance.
#pragma once

#include "document.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/gltf/import_options.hpp"

namespace inputanim {

Result<Recording> importForeign(const GltfDocument& doc, const ImportOptions& options, ImportReport& report);

}  // namespace inputanim
