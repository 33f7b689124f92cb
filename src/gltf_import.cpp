#include "inputanim/gltf_import.hpp"

#include <bit>
#include <cmath>
#include <cstring>

#include "foreign_import.hpp"
#include "gltf_document.hpp"
#include "gltf_extras.hpp"
#include "gltf_profile.hpp"
#include "inputanim/binary_format.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

Result<Curve> curveFromKeys(const Json& entry, const std::string& where) {
    Curve curve;
    auto fail = [&](const std::string& what) { return Error{{}, {}, where + ": " + what}; };
    // tinygltf 2.7 writes an empty array as null: that is a curve without keys.
    if (!entry["keys"].is_array() && !entry["keys"].is_null()) return fail("expected an array of keys");
    if (entry.contains("preWrapMode")) curve.preWrapMode = entry["preWrapMode"].get<std::int32_t>();
    if (entry.contains("postWrapMode")) curve.postWrapMode = entry["postWrapMode"].get<std::int32_t>();
    for (const Json& k : entry["keys"]) {
        if (!k.is_array() || k.size() != 7 || !k[6].is_number_integer()) return fail("expected keys of 7 values");
        float f[6];
        for (int i = 0; i < 6; ++i) {
            auto v = floatFromJson(k[i]);
            if (!v) return fail("a key holds something other than a number, \"inf\", \"-inf\" or \"nan:0x...\"");
            f[i] = *v;
        }
        curve.keys.push_back(Key{f[0], f[1], f[2], f[3], f[4], f[5], k[6].get<std::int32_t>()});
    }
    return curve;
}

// A curve whose keys sit on (some of) its channel's knots with MRTK's linear encoding.
Result<Curve> curveFromChannel(const GltfDocument& doc, const CurvePlace& place, const Json* entry, const std::string& where) {
    Curve curve;
    const int node = doc.findNode(place.node);
    const ChannelData* channel = node < 0 ? nullptr : doc.channel(node, place.path);
    if (!channel) return curve;  // no channel: no keys
    const Track& track = channel->track;
    // Runs [first, count] of the knots that are keys; without "knots", every knot is.
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    if (entry && entry->contains("knots")) {
        for (const Json& run : (*entry)["knots"]) {
            if (!run.is_array() || run.size() != 2) return Error{{}, {}, where + ": knots must be [first, count] pairs"};
            const auto first = run[0].get<std::size_t>(), count = run[1].get<std::size_t>();
            if (first > track.times.size() || count > track.times.size() - first)
                return Error{{}, {}, where + ": knots run past the channel's " + std::to_string(track.times.size()) + " keys"};
            runs.emplace_back(first, count);
        }
    } else {
        runs.emplace_back(0, track.times.size());
    }
    std::size_t keys = 0;
    for (const auto& run : runs) keys += run.second;
    curve.keys.reserve(keys);
    const float* values = track.values.data() + place.component;
    const std::size_t stride = std::size_t(track.components);
    for (const auto& [first, count] : runs)
        for (std::size_t i = first; i < first + count; ++i) curve.keys.push_back(track.times[i], place.sign * values[i * stride]);
    if (entry && entry->contains("values")) {  // recorded values that the channel had to change
        std::size_t k = 0;
        for (const Json& run : (*entry)["values"]) {
            const auto value = run.is_array() && run.size() == 2 ? floatFromJson(run[1]) : std::nullopt;
            const std::size_t count = value && run[0].is_number_unsigned() ? run[0].get<std::size_t>() : 0;
            if (!value || count > curve.keys.size() - k) return Error{{}, {}, where + ": values must be [count, value] runs covering the keys"};
            for (std::size_t end = k + count; k < end; ++k) curve.keys.setValue(k, *value);
        }
        if (k != curve.keys.size()) return Error{{}, {}, where + ": values cover " + std::to_string(k) + " of " + std::to_string(curve.keys.size()) + " keys"};
    }
    return curve;
}

Result<Recording> rebuildOwnFile(const GltfDocument& doc, const Json& extras) {
    const std::string where = "extras.inputanim";
    Recording recording;
    try {
        const Json& source = extras.at("source");
        recording.encoding.minor = source.at("version") == "1.0" ? 0 : 1;
        recording.encoding.layout = source.at("layout") == "compact" ? Layout::Compact : Layout::Full;
        const Json& flags = extras.at("flags");
        recording.hasCameraPose = flags.at(0).get<std::uint8_t>();
        recording.hasHandData = flags.at(1).get<std::uint8_t>();
        recording.hasEyeGaze = flags.at(2).get<std::uint8_t>();
        if (extras.contains("markers"))
            for (const Json& m : extras["markers"]) {
                auto time = floatFromJson(m.at("time"));
                if (!time) return Error{doc.path(), {}, where + ": a marker time is not a number"};
                recording.markers.push_back({*time, m.at("name").get<std::string>()});
            }
        const Json empty = Json::object();
        const Json& curves = extras.contains("curves") ? extras["curves"] : empty;
        for (std::size_t i = 0; i < kCurveCount; ++i) {
            if (!recording.sectionPresent(sectionOf(i))) continue;
            const std::string name = curveName(i);
            const Json* entry = curves.contains(name) ? &curves[name] : nullptr;
            auto curve = entry && entry->contains("keys") ? curveFromKeys(*entry, where + ".curves." + name)
                                                          : curveFromChannel(doc, placeOf(i), entry, where + ".curves." + name);
            if (!curve) return Error{doc.path(), {}, curve.error().message};
            recording.curves[i] = std::move(*curve);
        }
    } catch (const Json::exception& e) {
        return Error{doc.path(), {}, "extras.inputanim is malformed: " + std::string(e.what())};
    }
    return recording;
}

}  // namespace

bool looksLikeGltf(std::span<const std::uint8_t> bytes) {
    if (bytes.size() >= 4 && std::memcmp(bytes.data(), "glTF", 4) == 0) return true;
    for (std::uint8_t b : bytes) {
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
        return b == '{';
    }
    return false;
}

Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path, const ImportOptions& options,
                             ImportReport* report) {
    ImportReport local;
    ImportReport& r = report ? *report : local;
    auto doc = GltfDocument::load(bytes, path, options.allowExternalPaths);
    if (!doc) return doc.error();
    const Json& extras = doc->inputanimExtras();
    Result<Recording> recording = Error{};
    if (isOwnExtras(extras)) {
        r.ownFile = true;
        recording = rebuildOwnFile(*doc, extras);
    } else {
        recording = importForeign(*doc, options, r);  // fitted for the requested encoding
    }
    if (!recording || !options.encoding || *options.encoding == recording->encoding) return recording;
    auto converted = convertEncoding(std::move(*recording), *options.encoding);
    if (!converted) return Error{path, {}, converted.error().message};
    return converted;
}

}  // namespace inputanim

namespace inputanim {

Result<NodeMap> parseNodeMap(std::span<const std::uint8_t> bytes, const std::string& source) {
    const auto json = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (json.is_discarded() || !json.is_object()) return Error{source, {}, "expected a JSON object (see the README's --map schema)"};
    NodeMap map;
    try {
        if (json.contains("joints"))
            for (const auto& [node, target] : json["joints"].items()) map.joints[node] = target.get<std::string>();
        map.camera = json.value("camera", "");
        if (json.contains("gaze")) {
            map.gazeOrigin = json["gaze"].value("origin", "");
            map.gazeDirection = json["gaze"].value("direction", "");
        }
        if (json.contains("booleans"))
            for (const auto& [name, node] : json["booleans"].items()) map.booleans[name] = node.get<std::string>();
    } catch (const nlohmann::json::exception& e) {
        return Error{source, {}, std::string("unexpected value: ") + e.what()};
    }
    return map;
}

}  // namespace inputanim
