// Encodings: their names, and which recordings each can hold.
#include "inputanim/core/encoding.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "inputanim/core/recording.hpp"

namespace inputanim {

std::string_view versionName(Encoding encoding) { return encoding.minor == 0 ? "1.0" : "1.1"; }
std::string_view layoutName(Layout layout) { return layout == Layout::Compact ? "compact" : "full"; }

std::string_view describe(Encoding encoding) {
    if (encoding.minor == 0) return "1.0";
    return encoding.layout == Layout::Compact ? "1.1 compact" : "1.1 full";
}

std::optional<Encoding> encodingFromNames(std::string_view version, std::string_view layout) {
    if (version == "1.0" && layout == "full") return kEncoding10;
    if (version == "1.1" && layout == "compact") return kEncoding11Compact;
    if (version == "1.1" && layout == "full") return kEncoding11Full;
    return std::nullopt;
}

namespace {

// Which curves an encoding stores: 1.0 all but gaze, 1.1 the sections whose flags are set.
bool stores(const Recording& recording, std::size_t index) {
    if (!holdsEyeGaze(recording.encoding)) return index < kVersion10CurveCount;
    return recording.sectionPresent(sectionOf(index));
}

bool sectionEmpty(const Recording& recording, std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last; ++i)
        if (!recording.curves[i].keys.empty()) return false;
    return true;
}

}  // namespace

namespace {
// The first key whose time or value is NaN or infinite (a check of the whole list first: nearly every one is fine).
std::optional<std::size_t> firstNonFiniteKey(const KeyList& keys) {
    if (keys.finiteAndIncreasing()) return std::nullopt;
    for (std::size_t k = 0; k < keys.size(); ++k)
        if (!std::isfinite(keys.time(k)) || !std::isfinite(keys.value(k))) return k;
    return std::nullopt;
}
}  // namespace

std::optional<std::string> unrepresentable(const Recording& recording) {
    const Encoding encoding = recording.encoding;
    if (encoding.minor != 0 && encoding.minor != 1)
        return "format version 1." + std::to_string(encoding.minor) + " is not supported";
    if (encoding.minor == 0 && encoding.layout != Layout::Full) return "format 1.0 has only the full key layout";
    if (!holdsEyeGaze(encoding) && recording.hasEyeGaze && !sectionEmpty(recording, kGazeFirst, kCurveCount))
        return "format 1.0 cannot hold eye gaze (curve gaze.OriginX and the other gaze curves)";
    if (auto problem = invalidMarkerName(recording)) return problem;
    for (std::size_t i = 0; i < kCurveCount; ++i) {
        const Curve& curve = recording.curves[i];
        if (!stores(recording, i)) {
            if (!curve.keys.empty())
                return "curve " + curveName(i) + " has keys but its section is not stored (section flag false)";
            continue;
        }
        if (curve.keys.size() > std::size_t(std::numeric_limits<std::int32_t>::max()))
            return "curve " + curveName(i) + " has more keys than an Int32 count can hold";
        if (auto k = firstNonFiniteKey(curve.keys))
            return "curve " + curveName(i) + " key " + std::to_string(*k) +
                   " holds a time or value that is not finite, which MRTK cannot play";
        const bool needsCompact = isBooleanCurve(i) || encoding.layout == Layout::Compact;
        if (!needsCompact || curve.keys.compact()) continue;
        for (std::size_t k = 0; k < curve.keys.size(); ++k)
            if (!isCompactKey(curve.keys[k]))
                return "curve " + curveName(i) + " key " + std::to_string(k) + " (time " +
                       std::to_string(curve.keys[k].time) + ") has tangents, weights or a weighted mode other than " +
                       "MRTK's linear encoding (0, 0, 0, 0, Both); " +
                       (isBooleanCurve(i)
                            ? std::string("Boolean keys store only time and value")
                            : std::string("1.1 compact stores only time and value (use 1.1 full or 1.0)"));
    }
    return std::nullopt;
}

Result<Recording> convertEncoding(Recording recording, Encoding target) {
    const Encoding source = recording.encoding;
    Recording converted = std::move(recording);
    converted.encoding = target;
    if (source.minor == 0 && target.minor == 1) {
        converted.hasCameraPose = 1;
        converted.hasHandData = 1;
        converted.hasEyeGaze = 0;
    }
    if (source.minor == 1 && target.minor == 0 && !converted.hasCameraPose)
        return Error::notRepresentable("cannot convert " + std::string(describe(source)) + " to " +
                                       std::string(describe(target)) + ": " + std::string(kNoCameraIn10));
    if (source.minor == 1 && target.minor == 0) {
        // 1.0 always holds a camera and hands: absent hands become empty curves, as MRTK 2.5 writes them (untracked).
        converted.hasCameraPose = converted.hasHandData = 1;
        if (sectionEmpty(converted, kGazeFirst, kCurveCount)) converted.hasEyeGaze = 0;
    }
    if (auto reason = unrepresentable(converted))
        return Error::notRepresentable("cannot convert " + std::string(describe(source)) + " to " +
                                       std::string(describe(target)) + " without loss: " + *reason);
    return converted;
}

}  // namespace inputanim
