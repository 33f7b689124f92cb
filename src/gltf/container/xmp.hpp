// Provenance as a KHR_xmp_json_ld packet (JSON-LD: Dublin Core and XMP terms, and this tool's own for the hash).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

inline constexpr const char* kXmpExtension = "KHR_xmp_json_ld";

// The packet's JSON text.
std::string xmpPacket(const Provenance& provenance);
// The provenance in a file's root "extensions" object: the first KHR_xmp_json_ld packet that records a source hash.
std::optional<Provenance> provenanceIn(const nlohmann::json& rootExtensions);

}  // namespace inputanim
