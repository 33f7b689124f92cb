#include "gltf_extras.hpp"

#include <tiny_gltf.h>

#include <bit>
#include <cmath>
#include <cstdio>

#include "inputanim/binary_format.hpp"
#include "inputanim/version.hpp"

namespace inputanim {

using Json = nlohmann::ordered_json;

Json floatJson(float value) {
    if (std::isfinite(value)) return double(value);
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char text[20];
    std::snprintf(text, sizeof text, "nan:0x%08x", std::bit_cast<std::uint32_t>(value));
    return text;
}

std::optional<float> floatFromJson(const nlohmann::json& value) {
    if (value.is_number()) return float(value.get<double>());
    if (!value.is_string()) return std::nullopt;
    const std::string text = value.get<std::string>();
    if (text == "inf") return std::numeric_limits<float>::infinity();
    if (text == "-inf") return -std::numeric_limits<float>::infinity();
    if (text.rfind("nan:0x", 0) == 0) return std::bit_cast<float>(std::uint32_t(std::stoul(text.substr(6), nullptr, 16)));
    return std::nullopt;
}

namespace {

Json fullKeys(const Curve& curve) {
    Json keys = Json::array();
    for (const Key& k : curve.keys)
        keys.push_back({floatJson(k.time), floatJson(k.value), floatJson(k.inTangent), floatJson(k.outTangent),
                        floatJson(k.inWeight), floatJson(k.outWeight), k.weightedMode});
    return {{"keys", keys}, {"preWrapMode", curve.preWrapMode}, {"postWrapMode", curve.postWrapMode}};
}

bool defaultWraps(const Curve& curve) {
    return curve.preWrapMode == kWrapClampForever && curve.postWrapMode == kWrapClampForever;
}

}  // namespace

// Original values as runs [count, value] of bitwise-equal values: a constant takes one run.
Json valueRuns(const Curve& curve) {
    Json runs = Json::array();
    const auto& keys = curve.keys;
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t j = i + 1;
        while (j < keys.size() && std::bit_cast<std::uint32_t>(keys[j].value) == std::bit_cast<std::uint32_t>(keys[i].value)) ++j;
        runs.push_back({j - i, floatJson(keys[i].value)});
        i = j;
    }
    return runs;
}

std::optional<Json> curveExtrasFor(const Curve& curve, const Track& track, int component) {
    const auto& knots = track.keyKnots[component];
    bool plain = !curve.keys.empty() && defaultWraps(curve) && knots.size() == curve.keys.size();
    plain = plain && curve.keys.compact();  // every key is MRTK's linear encoding
    for (std::size_t k = 0; k < curve.keys.size() && plain; ++k) plain = curve.keys.time(k) >= 0;
    if (!plain) return fullKeys(curve);
    Json extras = Json::object();
    if (knots.size() != track.times.size()) {  // some knots were added
        Json runs = Json::array();
        for (std::size_t i = 0; i < knots.size();) {
            std::size_t j = i + 1;
            while (j < knots.size() && knots[j] == knots[j - 1] + 1) ++j;
            runs.push_back({knots[i], j - i});
            i = j;
        }
        extras["knots"] = runs;
    }
    // Quaternions the channel had to normalise (zero or far from unit) keep their recorded values here.
    if (track.valuesChanged[component]) extras["values"] = valueRuns(curve);
    if (extras.empty()) return std::nullopt;
    return extras;
}

std::optional<Json> emptyCurveExtrasFor(const Curve& curve) {
    if (defaultWraps(curve)) return std::nullopt;
    return fullKeys(curve);
}

std::optional<Json> booleanExtrasFor(const Curve& curve, bool extended) {
    bool plain = defaultWraps(curve);
    for (std::size_t k = 0; k < curve.keys.size() && plain; ++k) {
        const Key& key = curve.keys[k];
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(key.value);
        plain = std::isfinite(key.time) && key.time >= 0 && (bits == 0 || key.value == 1.0f) && isCompactKey(key) &&
                (k == 0 || key.time > curve.keys[k - 1].time);
    }
    if (!plain) return fullKeys(curve);
    if (extended) return Json{{"knots", Json::array({Json::array({0, curve.keys.size()})})}};
    return std::nullopt;
}

Json buildExtras(const Recording& recording, double duration, const std::vector<std::pair<std::string, Json>>& curves) {
    Json markers = Json::array();
    for (const Marker& marker : recording.markers) markers.push_back({{"time", floatJson(marker.time)}, {"name", marker.name}});
    Json curveMap = Json::object();
    for (const auto& [name, extras] : curves) curveMap[name] = extras;
    Json extras = {
        {"schema", kExtrasSchema},
        {"generator", std::string("inputanim ") + INPUTANIM_VERSION},
        {"source", {{"version", recording.encoding.minor == 0 ? "1.0" : "1.1"},
                    {"layout", recording.encoding.layout == Layout::Compact ? "compact" : "full"}}},
        {"flags", {recording.hasCameraPose, recording.hasHandData, recording.hasEyeGaze}},
        {"duration", duration},
    };
    // tinygltf 2.7 writes empty arrays and objects as null: leave them out instead.
    if (!markers.empty()) extras["markers"] = markers;
    if (!curveMap.empty()) extras["curves"] = curveMap;
    return extras;
}

namespace {
tinygltf::Value toValue(const Json& json) {
    switch (json.type()) {
        case Json::value_t::object: {
            tinygltf::Value::Object object;
            for (const auto& [key, value] : json.items()) object.emplace(key, toValue(value));
            return tinygltf::Value(std::move(object));
        }
        case Json::value_t::array: {
            tinygltf::Value::Array array;
            array.reserve(json.size());
            for (const auto& value : json) array.push_back(toValue(value));
            return tinygltf::Value(std::move(array));
        }
        case Json::value_t::string: return tinygltf::Value(json.get<std::string>());
        case Json::value_t::boolean: return tinygltf::Value(json.get<bool>());
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: {
            const auto i = json.get<std::int64_t>();
            if (i >= INT32_MIN && i <= INT32_MAX) return tinygltf::Value(int(i));
            return tinygltf::Value(double(i));
        }
        case Json::value_t::number_float: return tinygltf::Value(json.get<double>());
        default: return {};
    }
}
}  // namespace

tinygltf::Value extrasValue(const Json& inputanimExtras) {
    tinygltf::Value::Object root;
    root.emplace("inputanim", toValue(inputanimExtras));
    return tinygltf::Value(std::move(root));
}

}  // namespace inputanim
