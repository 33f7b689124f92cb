// Reading the profile's extras (extras.hpp): a recording rebuilt from the file's channels and extras.
#include "extras.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "document.hpp"
#include "json_text.hpp"
#include "hand_hierarchy.hpp"
#include "profile.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/version.hpp"

namespace inputanim {

std::optional<float> floatFromJson(const nlohmann::json& value) {
    if (value.is_number()) return float(value.get<double>());
    if (!value.is_string()) return std::nullopt;
    const std::string text = value.get<std::string>();
    if (text == "inf") return std::numeric_limits<float>::infinity();
    if (text == "-inf") return -std::numeric_limits<float>::infinity();
    if (text.rfind("nan:0x", 0) != 0 || text.size() < 7 || text.size() > 14) return std::nullopt;
    std::uint32_t bits = 0;
    const char* end = text.data() + text.size();
    if (const auto [at, error] = std::from_chars(text.data() + 6, end, bits, 16); error != std::errc() || at != end)
        return std::nullopt;
    const float nan = floatFromBits(bits);
    if (!std::isnan(nan)) return std::nullopt;  // the bits of a number are no NaN payload
    return nan;
}

namespace {

// An integer within [least, most] (a JSON number with no fraction), or nullopt.
std::optional<std::int64_t> integerFromJson(const nlohmann::json& value, std::int64_t least, std::int64_t most) {
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        return v <= std::uint64_t(most) && std::int64_t(v) >= least ? std::optional<std::int64_t>(std::int64_t(v))
                                                                    : std::nullopt;
    }
    if (!value.is_number_integer()) return std::nullopt;
    const auto v = value.get<std::int64_t>();
    return v >= least && v <= most ? std::optional<std::int64_t>(v) : std::nullopt;
}

using JsonIn = nlohmann::json;  // as read (keys in file order)

Result<Curve> curveFromKeys(const JsonIn& entry, const std::string& where) {
    Curve curve;
    auto fail = [&](const std::string& what) { return Error::malformed(where + ": " + what); };
    // tinygltf 2.7 writes an empty array as null: that is a curve without keys.
    if (!entry["keys"].is_array() && !entry["keys"].is_null()) return fail("expected an array of keys");
    for (auto [name, mode] :
         {std::pair{"preWrapMode", &curve.preWrapMode}, std::pair{"postWrapMode", &curve.postWrapMode}})
        if (entry.contains(name)) {
            const auto value = integerFromJson(entry[name], INT32_MIN, INT32_MAX);
            if (!value) return fail(std::string(name) + " is not an Int32");
            *mode = std::int32_t(*value);
        }
    for (const JsonIn& k : entry["keys"]) {
        const auto weightedMode =
            k.is_array() && k.size() == 7 ? integerFromJson(k[6], INT32_MIN, INT32_MAX) : std::nullopt;
        if (!weightedMode) return fail("expected keys of 7 values, the last an Int32");
        float f[6];
        for (int i = 0; i < 6; ++i) {
            auto v = floatFromJson(k[i]);
            if (!v) return fail("a key holds something other than a number, \"inf\", \"-inf\" or \"nan:0x...\"");
            f[i] = *v;
        }
        curve.keys.push_back(Key{f[0], f[1], f[2], f[3], f[4], f[5], std::int32_t(*weightedMode)});
    }
    return curve;
}

// The world tracks of a hierarchical hand (docs/gltf-profile.md): its joints' local channels composed at the knots
// they share. None when the hand has no such channels.
Result<std::optional<HandWorld>> hierarchicalHand(const GltfDocument& doc, Hand hand) {
    HandLocals locals;
    const std::vector<float>* grid = nullptr;  // the first joint's knots
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        const int node = doc.findNode(jointNodeName(hand, joint));
        const ChannelData* t = node < 0 ? nullptr : doc.channel(node, "translation");
        const ChannelData* r = node < 0 ? nullptr : doc.channel(node, "rotation");
        if (!t && !r) continue;
        if (!t || !r || t->track().times != r->track().times || (grid && t->track().times != *grid) ||
            t->track().interpolation != Interpolation::Linear || r->track().interpolation != Interpolation::Linear)
            return Error::malformed(
                "extras.inputanim: a hierarchical hand's joints must each have LINEAR translation and "
                "rotation channels at the "
                "same knots (" +
                jointNodeName(hand, joint) + " does not)");
        locals.times[indexOf(joint)] = t->track().times;
        if (!grid) grid = &locals.times[indexOf(joint)];
        locals.translation[indexOf(joint)] = t->track().values;
        locals.rotation[indexOf(joint)] = r->track().values;
    }
    if (!grid) return std::optional<HandWorld>{};
    return std::optional<HandWorld>(composeHand(locals));
}

// A curve whose keys sit on (some of) the knots of its track (its channel's, or its hierarchical hand's world
// track) with MRTK's linear encoding.
Result<Curve> curveFromTrack(const Track* source, const CurvePlace& place, const JsonIn* entry,
                             const std::string& where) {
    Curve curve;
    if (!source) return curve;  // no channel: no keys
    const Track& track = *source;
    // Runs [first, count] of the knots that are keys, in order and apart (so that the keys are at most the
    // channel's knots, whatever the file claims); without "knots", every knot is.
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    if (entry && entry->contains("knots")) {
        std::size_t end = 0;
        for (const JsonIn& run : (*entry)["knots"]) {
            if (!run.is_array() || run.size() != 2 || !run[0].is_number_unsigned() || !run[1].is_number_unsigned())
                return Error::malformed(where + ": knots must be [first, count] pairs of non-negative integers");
            const auto first = run[0].get<std::size_t>(), count = run[1].get<std::size_t>();
            if (first > track.times.size() || count > track.times.size() - first)
                return Error{
                    {}, {}, where + ": knots run past the channel's " + std::to_string(track.times.size()) + " keys"};
            if (first < end || count == 0)
                return Error::malformed(where + ": knot runs must be non-empty, in order and must not overlap");
            runs.emplace_back(first, count);
            end = first + count;
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
        curve.keys.appendLinearKeys(count, [&, first = first](std::size_t i) {
            return std::pair{track.times[first + i], place.sign * values[(first + i) * stride]};
        });
    if (entry && entry->contains("values")) {  // recorded values that the channel had to change
        std::size_t k = 0;
        for (const JsonIn& run : (*entry)["values"]) {
            const auto value = run.is_array() && run.size() == 2 ? floatFromJson(run[1]) : std::nullopt;
            const std::size_t count = value && run[0].is_number_unsigned() ? run[0].get<std::size_t>() : 0;
            if (!value || count > curve.keys.size() - k)
                return Error::malformed(where + ": values must be [count, value] runs covering the keys");
            for (std::size_t end = k + count; k < end; ++k) curve.keys.setValue(k, *value);
        }
        if (k != curve.keys.size())
            return Error{
                {},
                {},
                where + ": values cover " + std::to_string(k) + " of " + std::to_string(curve.keys.size()) + " keys"};
    }
    if (entry && entry->contains("fix"))  // recorded values that the track gives back off by a rounding, one by one
        for (const JsonIn& fix : (*entry)["fix"]) {
            const auto value = fix.is_array() && fix.size() == 2 ? floatFromJson(fix[1]) : std::nullopt;
            if (!value || !fix[0].is_number_unsigned() || fix[0].get<std::size_t>() >= curve.keys.size())
                return Error::malformed(where + ": fix must be [key index, value] pairs within the curve's keys");
            curve.keys.setValue(fix[0].get<std::size_t>(), *value);
        }
    return curve;
}

}  // namespace

Result<Recording> recordingFromExtras(GltfDocument& doc, const nlohmann::json& extras) {
    const std::string where = "extras.inputanim";
    Recording recording;
    try {
        const JsonIn& source = extras.at("source");
        const auto encoding =
            encodingFromNames(source.at("version").get<std::string>(), source.at("layout").get<std::string>());
        if (!encoding)
            return Error{
                doc.path(), {}, where + ".source: expected version 1.0 with layout full, or 1.1 with compact or full"};
        recording.encoding = *encoding;
        const JsonIn& flags = extras.at("flags");
        std::optional<std::int64_t> flag[3];
        for (int i = 0; i < 3; ++i)
            flag[i] =
                flags.is_array() && flags.size() == 3 ? integerFromJson(flags[std::size_t(i)], 0, 255) : std::nullopt;
        if (!flag[0] || !flag[1] || !flag[2])
            return Error{doc.path(), {}, where + ".flags: expected three bytes (0 to 255)"};
        recording.hasCameraPose = std::uint8_t(*flag[0]), recording.hasHandData = std::uint8_t(*flag[1]),
        recording.hasEyeGaze = std::uint8_t(*flag[2]);
        if (extras.contains("markers"))
            for (const JsonIn& m : extras["markers"]) {
                auto time = floatFromJson(m.at("time"));
                if (!time) return Error{doc.path(), {}, where + ": a marker time is not a number"};
                recording.markers.push_back({*time, m.at("name").get<std::string>()});
            }
        // The track each curve's keys sit on: its node's channel, or its hierarchical hand's world track.
        std::array<const Track*, kCurveCount> tracks{};
        std::array<ChannelData*, kCurveCount> channels{};  // the channel whose track it is
        std::array<Track*, kCurveCount> handTracks{};  // or the hierarchical hand's, which this function owns
        for (std::size_t i = 0; i < kCurveCount; ++i) {
            const CurvePlace place = placeOf(i);
            const int node = doc.findNode(place.node);
            channels[i] = node < 0 ? nullptr : doc.channel(node, place.path);
            tracks[i] = channels[i] ? &channels[i]->track() : nullptr;
        }
        std::array<std::optional<HandWorld>, 2> hands;
        if (extras.contains("rig"))
            for (Hand hand : kHands) {
                auto world = hierarchicalHand(doc, hand);
                if (!world) return Error{doc.path(), {}, world.error().message};
                if (!(hands[int(hand)] = std::move(*world))) continue;
                for (Joint joint : kJoints)
                    for (int c = 0; c < kPoseCurveCount && joint != Joint::None; ++c) {
                        const std::size_t i = jointCurve(hand, joint, c);
                        handTracks[i] = c < kRotationX ? &hands[int(hand)]->position[indexOf(joint)]
                                                       : &hands[int(hand)]->rotation[indexOf(joint)];
                        tracks[i] = handTracks[i];
                        channels[i] = nullptr;
                    }
            }
        // A track is freed once its last curve is read from it, so that the curves after it reuse its memory
        // (a large file's tracks and keys are never all in memory at once: fresh memory costs as much as copying).
        std::array<bool, kCurveCount> lastReader{};
        for (std::size_t i = 0; i < kCurveCount; ++i)
            lastReader[i] =
                tracks[i] && std::find(tracks.begin() + std::ptrdiff_t(i) + 1, tracks.end(), tracks[i]) == tracks.end();
        const JsonIn empty = JsonIn::object();
        const JsonIn& curves = extras.contains("curves") ? extras["curves"] : empty;
        for (std::size_t i = 0; i < kCurveCount; ++i) {
            if (!recording.sectionPresent(sectionOf(i))) continue;
            const std::string name = curveName(i);
            const JsonIn* entry = curves.contains(name) ? &curves[name] : nullptr;
            auto curve = entry && entry->contains("keys")
                             ? curveFromKeys(*entry, where + ".curves." + name)
                             : curveFromTrack(tracks[i], placeOf(i), entry, where + ".curves." + name);
            if (!curve) return Error{doc.path(), {}, curve.error().message};
            recording.curves[i] = std::move(*curve);
            if (!lastReader[i]) continue;
            if (channels[i]) channels[i]->data.reset();  // freed unless another channel shares its sampler
            if (handTracks[i]) *handTracks[i] = Track{};
        }
    } catch (const JsonIn::exception& e) {
        return Error{
            doc.path(),
            {},
            where + " is malformed: a member is missing or of another type than its schema's (docs/gltf-profile.md)"};
    }
    return recording;
}

}  // namespace inputanim
