// Writing the profile's extras (extras.hpp): each curve's original keys beside its channel, and the recording's.
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

// Written as nlohmann wrote them, objects' members sorted by name (json_text.hpp): the bytes files have always had.

void appendFloat(std::string& out, float value) {
    if (std::isfinite(value)) return appendNumber(out, double(value));
    if (std::isinf(value)) {
        out += value > 0 ? "\"inf\"" : "\"-inf\"";
        return;
    }
    char text[20];
    std::snprintf(text, sizeof text, "\"nan:0x%08x\"", floatBits(value));
    out += text;
}

namespace {

// A JSON array of pairs [a, b], or null when there are none (as tinygltf 2.7 wrote empty arrays).
class PairList {
public:
    template <class A, class B>
    void add(A a, B b) {
        text_ += count_++ ? ",[" : "[[";
        appendNumber(text_, a);
        text_ += ',';
        if constexpr (std::is_same_v<B, float>) appendFloat(text_, b);
        else appendNumber(text_, b);
        text_ += ']';
    }
    std::size_t size() const { return count_; }
    std::string text() const { return count_ ? text_ + ']' : "null"; }

private:
    std::string text_;
    std::size_t count_ = 0;
};

std::string fullKeys(const Curve& curve) {
    std::string out;
    JsonObject o(out);
    std::string& keys = o.member("keys");
    if (curve.keys.empty()) keys += "null";
    for (std::size_t k = 0; k < curve.keys.size(); ++k) {
        const Key key = curve.keys[k];
        keys += k ? ",[" : "[[";
        for (float f : {key.time, key.value, key.inTangent, key.outTangent, key.inWeight, key.outWeight})
            appendFloat(keys, f), keys += ',';
        appendNumber(keys, key.weightedMode);
        keys += k + 1 == curve.keys.size() ? "]]" : "]";
    }
    o.number("postWrapMode", curve.postWrapMode);
    o.number("preWrapMode", curve.preWrapMode);
    o.close();
    return out;
}

bool defaultWraps(const Curve& curve) {
    return curve.preWrapMode == kWrapClampForever && curve.postWrapMode == kWrapClampForever;
}

// The end of the run of consecutive knots from i: they increase, so knots[j] - knots[i] == j - i exactly when
// each one from i to j follows the one before. Found by doubling the step, then halving it (runs are long).
std::size_t consecutiveRunEnd(const KeyKnots& knots, std::size_t i) {
    if (knots.isRun()) return knots.size();
    auto consecutive = [&](std::size_t j) { return j < knots.size() && knots[j] - knots[i] == j - i; };
    std::size_t j = i + 1, step = 1;  // knots i..j-1 are consecutive
    while (consecutive(j + step - 1)) j += step, step *= 2;
    for (step /= 2; step > 0; step /= 2)
        if (consecutive(j + step - 1)) j += step;
    return j;
}

// Original values as runs [count, value] of bitwise-equal values: a constant takes one run.
PairList valueRuns(const Curve& curve) {
    PairList runs;
    const auto& keys = curve.keys;
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t j = i + 1;
        while (j < keys.size() && floatBits(keys.value(j)) == floatBits(keys.value(i))) ++j;
        runs.add(j - i, keys.value(i));
        i = j;
    }
    return runs;
}

}  // namespace

std::optional<std::string> curveExtrasFor(const Curve& curve, const Track& track, int component, float sign) {
    const auto& knots = track.keyKnots[component];
    bool plain = !curve.keys.empty() && defaultWraps(curve) && knots.size() == curve.keys.size();
    // Every key is MRTK's linear encoding, and at t >= 0: the keys increase, so when the first one is. A key's time
    // equals its knot's, bit for bit, but for a first key at 0 of the other sign than the track's (-0 == +0: the
    // track merged it with another curve's): the track would give back the other zero.
    plain = plain && curve.keys.compact() && curve.keys.time(0) >= 0 &&
            floatBits(curve.keys.time(0)) == floatBits(track.times[knots[0]]);
    if (!plain) return fullKeys(curve);
    std::string out;
    JsonObject o(out);
    // Values the track does not give back (quaternions normalised, compositions off by a rounding) are kept:
    // all of them as runs, or those that differ one by one, whichever is shorter.
    std::optional<PairList> fixes, values;
    if (track.valuesChanged[component]) {
        fixes.emplace();
        const std::size_t n = std::size_t(track.components);
        for (std::size_t k = 0; k < knots.size(); ++k)
            if (floatBits(track.values[knots[k] * n + std::size_t(component)] * sign) != floatBits(curve.keys.value(k)))
                fixes->add(k, curve.keys.value(k));
        values = valueRuns(curve);
        if (fixes->size() < values->size()) values.reset();
        else fixes.reset();
    }
    if (fixes && fixes->size() > 0) o.member("fix") += fixes->text();
    if (knots.size() != track.times.size()) {  // some knots were added
        PairList runs;
        for (std::size_t i = 0; i < knots.size();) {
            const std::size_t j = consecutiveRunEnd(knots, i);
            runs.add(knots[i], j - i);
            i = j;
        }
        o.member("knots") += runs.text();
    }
    if (values) o.member("values") += values->text();
    o.close();
    if (out == "null") return std::nullopt;
    return out;
}

std::optional<std::string> emptyCurveExtrasFor(const Curve& curve) {
    if (defaultWraps(curve)) return std::nullopt;
    return fullKeys(curve);
}

std::optional<std::string> booleanExtrasFor(const Curve& curve, const std::vector<std::size_t>& keyKnots,
                                            std::size_t knots) {
    bool plain = defaultWraps(curve) && keyKnots.size() == curve.keys.size();
    for (std::size_t k = 0; k < curve.keys.size() && plain; ++k) {
        const Key& key = curve.keys[k];
        plain = std::isfinite(key.time) && key.time >= 0 && (floatBits(key.value) == 0 || key.value == 1.0f) &&
                isCompactKey(key) && (k == 0 || key.time > curve.keys[k - 1].time);
    }
    if (!plain) return fullKeys(curve);
    if (knots == keyKnots.size()) return std::nullopt;  // every knot is a key
    PairList runs;
    for (std::size_t i = 0, j = 1; i < keyKnots.size(); i = j++) {
        while (j < keyKnots.size() && keyKnots[j] == keyKnots[j - 1] + 1) ++j;
        runs.add(keyKnots[i], j - i);
    }
    return "{\"knots\":" + runs.text() + "}";
}

std::string extrasText(const Recording& recording, double duration, bool hierarchyRig,
                       const std::vector<std::pair<std::string, std::string>>& curves) {
    std::string out = "{\"inputanim\":";
    JsonObject o(out);
    // By name; of two entries for one curve, the later one (as a map assigned in turn keeps it). Their indices are
    // sorted, not the strings.
    std::vector<std::uint32_t> byName(curves.size());
    std::iota(byName.begin(), byName.end(), 0u);
    std::stable_sort(byName.begin(), byName.end(),
                     [&curves](std::uint32_t a, std::uint32_t b) { return curves[a].first < curves[b].first; });
    if (!curves.empty()) {
        std::string& text = o.member("curves");
        text += '{';
        for (std::size_t i = 0; i < byName.size(); ++i) {
            const auto& [name, extras] = curves[byName[i]];
            if (i + 1 < byName.size() && curves[byName[i + 1]].first == name) continue;
            if (text.back() != '{') text += ',';  // after an earlier entry, which ends in '}'
            appendString(text, name);
            text += ':';
            text += extras;
        }
        text += '}';
    }
    o.number("duration", duration);
    std::string& flags = o.member("flags");
    flags += '[';
    appendNumber(flags, recording.hasCameraPose), flags += ',';
    appendNumber(flags, recording.hasHandData), flags += ',';
    appendNumber(flags, recording.hasEyeGaze), flags += ']';
    o.string("generator", std::string("inputanim ") + INPUTANIM_VERSION);
    if (!recording.markers.empty()) {
        std::string& markers = o.member("markers");
        for (std::size_t i = 0; i < recording.markers.size(); ++i) {
            markers += i ? ',' : '[';
            JsonObject marker(markers);
            marker.string("name", recording.markers[i].name);
            appendFloat(marker.member("time"), recording.markers[i].time);
            marker.close();
        }
        markers += ']';
    }
    if (hierarchyRig) o.string("rig", "hierarchy");
    o.string("schema", kExtrasSchema);
    JsonObject source(o.member("source"));
    source.string("layout", layoutName(recording.encoding.layout));
    source.string("version", versionName(recording.encoding));
    source.close();
    o.close();
    out += '}';
    return out;
}

}  // namespace inputanim
