// extras.inputanim: what glTF cannot express, so that binary -> glTF -> binary is byte-identical (internal to the
// glTF layer). Written by the export (extras_write.cpp), read back by the import (extras_read.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "inputanim/core/recording.hpp"
#include "inputanim/core/utf8.hpp"
#include "inputanim/tracks/track.hpp"

namespace inputanim {

inline constexpr const char* kExtrasSchema = "inputanim.gltf/1";

// True when `extras` is this tool's object: {"schema": "inputanim.gltf/1", ...}. Any other value, including
// a schema that is not a string, is false (never a JSON type error).
inline bool isOwnExtras(const nlohmann::json& extras) {
    if (!extras.is_object()) return false;
    const auto schema = extras.find("schema");
    return schema != extras.end() && schema->is_string() && schema->get_ref<const std::string&>() == kExtrasSchema;
}

// Why this version cannot read `extras` that name this tool's profile, else "": another version of the schema
// ("inputanim.gltf/2"), or a rig it does not know. Such a file is refused, not misread as a flat or foreign one.
inline std::string unreadableExtras(const nlohmann::json& extras) {
    if (!extras.is_object() || !extras.contains("schema") || !extras["schema"].is_string()) return "";
    const std::string& schema = extras["schema"].get_ref<const std::string&>();
    if (schema.starts_with("inputanim.gltf/") && schema != kExtrasSchema)
        return "written with the profile schema " + shortened(schema) +
               ", which a later version of inputanim reads; this one "
               "reads " +
               kExtrasSchema;
    if (schema == kExtrasSchema && extras.contains("rig") && extras["rig"] != "hierarchy")
        return "its rig is " + shortened(extras["rig"].dump()) +
               ", which this version cannot read (the flat rig and "
               "\"hierarchy\" it reads)";
    return "";
}

// A Float32 as JSON: a number when finite (exact through double), else "inf", "-inf" or "nan:0x7fc00000".
void appendFloat(std::string& out, float value);
// Its inverse; nullopt for anything else.
std::optional<float> floatFromJson(const nlohmann::json& value);

// What a float curve needs beyond its track (its channel's, or a hierarchical hand's world track) as JSON text:
// "knots", "values" or "fix", or its "keys" verbatim (docs/gltf-profile.md, extras.inputanim); nullopt when its keys
// are the track's knots in MRTK's linear encoding. `sign` takes the track's values to the curve's space (-1 for a
// mirrored glTF component). The curve's keys are valid (the track was built from them).
std::optional<std::string> curveExtrasFor(const Curve& curve, const Track& track, int component, float sign = 1);
// The same for a float curve that has no channel because it and its vector's other components are empty:
// only wrap modes other than ClampForever need saying.
std::optional<std::string> emptyCurveExtrasFor(const Curve& curve);
// The same for a Boolean curve played as a STEP scale channel of `knots` knots, its keys at `keyKnots` (the others:
// a knot just before each switch, and one at the recording's end).
std::optional<std::string> booleanExtrasFor(const Curve& curve, const std::vector<std::size_t>& keyKnots,
                                            std::size_t knots);

// {"inputanim": {...}} as JSON text: the recording's header, markers and the curves' extras (name, JSON text).
std::string extrasText(const Recording& recording, double duration, bool hierarchyRig,
                       const std::vector<std::pair<std::string, std::string>>& curves);

class GltfDocument;
// The recording a file of this tool holds: curves rebuilt from its channels and `extras` (isOwnExtras), byte for
// byte as they were read from the binary file.
Result<Recording> recordingFromExtras(GltfDocument& doc, const nlohmann::json& extras);

}  // namespace inputanim
