// Provenance as a KHR_xmp_json_ld packet (JSON-LD: Dublin Core and XMP terms, and this tool's own for the hash).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "inputanim/core/error.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

inline constexpr const char* kXmpExtension = "KHR_xmp_json_ld";

// The packet's JSON text.
std::string xmpPacket(const Provenance& provenance);
// The provenance of a glTF (its root JSON object; `path` names the file): the KHR_xmp_json_ld packet the asset names
// (asset.extensions.KHR_xmp_json_ld.packet), when that packet records a source hash. An asset that names a packet the
// file does not hold is an error; an asset that names none has no provenance, whatever packets the file holds.
Result<std::optional<Provenance>> provenanceIn(const nlohmann::json& root, const std::string& path);
// The tool that wrote the file last (asset.generator), or empty.
std::string provenanceGenerator(const nlohmann::json& root);

}  // namespace inputanim
