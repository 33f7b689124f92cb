#include "inputanim/edit/edit.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "inputanim/core/playback.hpp"

namespace inputanim {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// A double as float32, beyond float32's range an infinity (where a conversion would be undefined).
float narrow(double value) {
    constexpr double kMax = std::numeric_limits<float>::max();
    return value > kMax ? kInfinity : value < -kMax ? -kInfinity : float(value);
}

Error beyondFloat32(const char* what, std::size_t index) {
    return Error{{}, {}, std::string(what) + " beyond float32's range", ErrorKind::NotRepresentable}.of(curveName(index));
}

bool loops(std::int32_t wrapMode) { return wrapMode == kWrapLoop || wrapMode == kWrapPingPong; }

// Keys appended in time order, each later than the one before in float32, or an error naming the curve.
class CurveBuilder {
public:
    CurveBuilder(const Curve& source, std::size_t index) : index_(index) {
        curve_.preWrapMode = source.preWrapMode;
        curve_.postWrapMode = source.postWrapMode;
    }
    Status add(Key key, double time, EditReport& report) {
        key.time = narrow(time);
        if (std::isfinite(time) && !std::isfinite(key.time)) return beyondFloat32("a key time", index_);
        if (double(key.time) != time) ++report.timesRounded;
        if (!curve_.keys.empty() && !(key.time > curve_.keys.time(curve_.keys.size() - 1)))
            return Error{{}, {}, "two keys would share the float32 time " + std::to_string(key.time) + " s", ErrorKind::NotRepresentable}.of(
                curveName(index_));
        curve_.keys.push_back(key);
        return Success{};
    }
    Curve take() { return std::move(curve_); }

private:
    Curve curve_;
    std::size_t index_;
};

// The key that holds, at `at`, the value MRTK plays there and the shape of the segment it cuts: a Boolean its state;
// a straight segment a key in MRTK's linear encoding; a Hermite one the slope there; a stepped one (or a clamped end)
// infinite tangents, which hold the value until the next key.
Key cutKey(const Curve& curve, std::size_t index, double at, EditReport& report) {
    if (isBooleanCurve(index)) return Key{0, booleanAt(curve, at) ? 1.0f : 0.0f};
    const ValueSlope played = evaluateWithSlope(curve, at);
    const float value = narrow(played.value);
    const KeyList& keys = curve.keys;
    const std::size_t later = keys.firstLaterThan(at);
    const bool inside = later > 0 && later < keys.size();
    if (keys.compact()) return Key{0, value};
    if (!inside) return Key{0, value, kInfinity, kInfinity, 0, 0, kWeightedNone};
    switch (segmentShape(keys[later - 1], keys[later])) {
        case SegmentShape::Linear: return Key{0, value};
        case SegmentShape::Stepped: return Key{0, value, kInfinity, kInfinity, 0, 0, kWeightedNone};
        case SegmentShape::Weighted:
            report.messages.push_back(Finding::ofCurve(Severity::Warning, "weighted-cut", curveName(index), later - 1,
                                                       "a weighted segment is cut: the part kept is played as a Hermite segment through "
                                                       "the cut's value and slope"));
            [[fallthrough]];
        case SegmentShape::Hermite: break;
    }
    const float slope = narrow(played.slope);
    return Key{0, value, slope, slope, 1.0f / 3, 1.0f / 3, kWeightedNone};
}

Result<Curve> trimCurve(const Curve& curve, std::size_t index, const TrimOptions& options, EditReport& report) {
    const KeyList& keys = curve.keys;
    if (keys.empty()) return curve;
    const double first = keys.time(0), last = keys.time(keys.size() - 1);
    if ((options.start < first && loops(curve.preWrapMode)) || (options.end > last && loops(curve.postWrapMode)))
        return Error{{}, {}, "loops outside its keys: a cut there has no one value", ErrorKind::NotRepresentable}.of(curveName(index));
    const double offset = options.keepTime ? 0 : options.start;
    std::size_t from = keys.firstLaterThan(options.start);
    if (from > 0 && double(keys.time(from - 1)) == options.start) --from;
    const std::size_t to = keys.firstLaterThan(options.end);  // keys [from, to) are kept
    CurveBuilder out(curve, index);
    if (from == to || double(keys.time(from)) != options.start) {
        if (auto s = out.add(cutKey(curve, index, options.start, report), options.start - offset, report); !s) return s.error();
        ++report.keysAdded;
    }
    for (std::size_t k = from; k < to; ++k)
        if (auto s = out.add(keys[k], double(keys.time(k)) - offset, report); !s) return s.error();
    report.keysKept += to - from;
    if (from == to || double(keys.time(to - 1)) != options.end) {
        if (auto s = out.add(cutKey(curve, index, options.end, report), options.end - offset, report); !s) return s.error();
        ++report.keysAdded;
    }
    return out.take();
}

// Every key's time mapped by `time`, its tangents multiplied by `slopeScale`.
template <class MapTime>
Result<Recording> mapTimes(const Recording& recording, MapTime time, double slopeScale, EditReport& report) {
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        const Curve& curve = recording.curves[index];
        CurveBuilder built(curve, index);
        for (std::size_t k = 0; k < curve.keys.size(); ++k) {
            Key key = curve.keys[k];
            if (slopeScale != 1) {
                const bool finite = std::isfinite(key.inTangent) && std::isfinite(key.outTangent);
                key.inTangent = narrow(key.inTangent * slopeScale), key.outTangent = narrow(key.outTangent * slopeScale);
                if (finite && !(std::isfinite(key.inTangent) && std::isfinite(key.outTangent))) return beyondFloat32("a tangent", index);
            }
            if (auto s = built.add(key, time(double(key.time)), report); !s) return s.error();
        }
        report.keysKept += curve.keys.size();
        out.curves[index] = built.take();
    }
    for (Marker& marker : out.markers) marker.time = narrow(time(double(marker.time)));
    report.markersKept = out.markers.size();
    return out;
}

Status validMarkers(const Recording& recording) {
    for (const Marker& marker : recording.markers)
        if (!std::isfinite(marker.time)) return Error{{}, {}, "marker \"" + marker.name + "\" has no finite time", ErrorKind::Usage};
    if (auto problem = invalidMarkerName(recording)) return Error{{}, {}, *problem, ErrorKind::Usage};
    return Success{};
}

}  // namespace

Result<double> editTime(const Recording& recording, const std::string& secondsOrMarker) {
    const char* text = secondsOrMarker.c_str();
    char* end = nullptr;
    errno = 0;
    const double seconds = std::strtod(text, &end);
    if (!secondsOrMarker.empty() && end == text + secondsOrMarker.size() && errno == 0 && std::isfinite(seconds)) return seconds;
    std::string names;
    for (const Marker& marker : recording.markers) {
        if (marker.name == secondsOrMarker) return double(marker.time);
        names += (names.empty() ? "" : ", ") + marker.name;
    }
    return Error{{},
                 {},
                 "\"" + secondsOrMarker + "\" is neither seconds nor a marker's name (markers: " + (names.empty() ? "none" : names) + ")",
                 ErrorKind::Usage};
}

Result<Recording> trimRecording(const Recording& recording, const TrimOptions& options, EditReport* report) {
    EditReport local;
    EditReport& r = report ? *report : local;
    if (!(std::isfinite(options.start) && std::isfinite(options.end) && options.start < options.end))
        return Error{{}, {}, "the range to keep must run from an earlier to a later time", ErrorKind::Usage};
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        auto trimmed = trimCurve(recording.curves[index], index, options, r);
        if (!trimmed) return trimmed.error();
        out.curves[index] = std::move(*trimmed);
    }
    out.markers.clear();
    std::string dropped;
    for (const Marker& marker : recording.markers) {
        if (marker.time >= options.start && marker.time <= options.end) {
            out.markers.push_back({narrow(double(marker.time) - (options.keepTime ? 0 : options.start)), marker.name});
            continue;
        }
        dropped += (dropped.empty() ? "" : ", ") + marker.name;
        ++r.markersDropped;
    }
    r.markersKept = out.markers.size();
    if (r.markersDropped)
        r.messages.push_back(Finding::note("markers-dropped", std::to_string(r.markersDropped) + " markers outside the range dropped: " + dropped));
    return out;
}

Result<Recording> shiftRecording(const Recording& recording, double seconds, EditReport* report) {
    EditReport local;
    if (!std::isfinite(seconds)) return Error{{}, {}, "a shift must be a finite number of seconds", ErrorKind::Usage};
    return mapTimes(
        recording, [seconds](double t) { return t + seconds; }, 1, report ? *report : local);
}

Result<Recording> retimeRecording(const Recording& recording, double speed, EditReport* report) {
    EditReport local;
    if (!(std::isfinite(speed) && speed > 0)) return Error{{}, {}, "a speed must be a finite number above 0", ErrorKind::Usage};
    return mapTimes(
        recording, [speed](double t) { return t / speed; }, speed, report ? *report : local);
}

Result<double> speedForDuration(const Recording& recording, double seconds) {
    const double duration = playbackDuration(recording);
    if (!(duration > 0)) return Error{{}, {}, "the recording has no duration to stretch (no key after 0 s)", ErrorKind::Usage};
    if (!(std::isfinite(seconds) && seconds > 0)) return Error{{}, {}, "a duration must be a finite number of seconds above 0", ErrorKind::Usage};
    return duration / seconds;
}

namespace {

// The curves of a part: [first, first + count), and for a hand its two Booleans.
std::vector<std::size_t> curvesOf(MergePart part) {
    std::vector<std::size_t> curves;
    auto range = [&](std::size_t first, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) curves.push_back(first + i);
    };
    switch (part) {
        case MergePart::Camera: range(kCameraFirst, kPoseCurveCount); break;
        case MergePart::Left:
        case MergePart::Right: {
            const Hand hand = part == MergePart::Left ? Hand::Left : Hand::Right;
            range(hand == Hand::Left ? kLeftHandFirst : kRightHandFirst, std::size_t(kJointCount) * kPoseCurveCount);
            curves.push_back(booleanCurve(trackedCurve(hand)));
            curves.push_back(booleanCurve(pinchingCurve(hand)));
            break;
        }
        case MergePart::Gaze: range(kGazeFirst, kGazeCurveCount); break;
    }
    return curves;
}

// The part's section flag (1.1's HasCameraPose, HasEyeGaze) becomes the source's; HasHandData is set when the
// source has hands (it covers both).
void takeFlag(Recording& out, const Recording& source, MergePart part) {
    switch (part) {
        case MergePart::Camera: out.hasCameraPose = source.hasCameraPose; break;
        case MergePart::Gaze: out.hasEyeGaze = source.hasEyeGaze; break;
        case MergePart::Left:
        case MergePart::Right: out.hasHandData = out.hasHandData || source.hasHandData; break;
    }
}

}  // namespace

Result<Recording> mergeRecordings(const Recording& base, const std::vector<MergeSource>& sources, EditReport* report) {
    EditReport local;
    EditReport& r = report ? *report : local;
    Recording out = base;
    for (const MergeSource& source : sources) {
        const Recording* from = source.recording;
        Recording shifted;
        if (source.offset != 0) {
            EditReport shift;
            auto moved = shiftRecording(*from, source.offset, &shift);
            if (!moved) return moved.error();
            r.timesRounded += shift.timesRounded;
            shifted = std::move(*moved);
            from = &shifted;
        }
        for (std::size_t index : curvesOf(source.part)) {
            out.curves[index] = from->curves[index];
            r.keysKept += from->curves[index].keys.size();
        }
        takeFlag(out, *from, source.part);
    }
    if (out.encoding.minor == 0 && out.hasEyeGaze) {
        out.encoding = Encoding{1, Layout::Compact};
        r.messages.push_back(Finding::note("gaze-needs-1.1", "format version 1.0 has no eye gaze: the result is 1.1"));
    }
    r.markersKept = out.markers.size();
    return out;
}

namespace {

bool hasHeadMotion(const Recording& recording) {
    for (int c = 0; c < kPoseCurveCount; ++c)
        if (!recording.curves[cameraCurve(c)].keys.empty()) return true;
    return false;
}

// How a curve changes in the mirror: its values (and tangents) negated, or reflected about x = plane, or neither.
enum class Reflection { None, Negate, AboutPlane };

Reflection reflectionOf(std::size_t index) {
    if (isBooleanCurve(index)) return Reflection::None;
    if (index >= kGazeFirst) {
        const std::size_t c = index - kGazeFirst;
        return c == std::size_t(kGazeOriginX) ? Reflection::AboutPlane : c == std::size_t(kGazeDirectionX) ? Reflection::Negate : Reflection::None;
    }
    const std::size_t c = (index - (index < kBooleanFirst     ? kCameraFirst
                                    : index < kRightHandFirst ? kLeftHandFirst
                                                              : kRightHandFirst)) %
                          kPoseCurveCount;
    if (c == std::size_t(kPositionX)) return Reflection::AboutPlane;
    return c == std::size_t(kRotationX + 1) || c == std::size_t(kRotationX + 2) ? Reflection::Negate : Reflection::None;
}

Result<Curve> reflected(const Curve& curve, std::size_t index, Reflection reflection, double plane, EditReport& report) {
    if (reflection == Reflection::None) return curve;
    Curve out = curve;
    for (std::size_t k = 0; k < curve.keys.size(); ++k)
        out.keys.update(k, [&](Key& key) {
            const double value = reflection == Reflection::Negate ? -double(key.value) : 2 * plane - double(key.value);
            key.value = narrow(value);
            if (double(key.value) != value) ++report.valuesRounded;
            if (key.inTangent != 0) key.inTangent = -key.inTangent;  // a zero stays as it is: MRTK's linear keys stay so
            if (key.outTangent != 0) key.outTangent = -key.outTangent;
        });
    for (std::size_t k = 0; k < curve.keys.size(); ++k)
        if (std::isfinite(curve.keys.value(k)) && !std::isfinite(out.keys.value(k))) return beyondFloat32("a mirrored value", index);
    return out;
}

// The curve that takes index's place in the mirror: a hand's from the other hand, a Boolean from the other hand's.
std::size_t mirroredIndex(std::size_t index) {
    if (index >= kLeftHandFirst && index < kRightHandFirst) return index - kLeftHandFirst + kRightHandFirst;
    if (index >= kRightHandFirst && index < kGazeFirst) return index - kRightHandFirst + kLeftHandFirst;
    for (Hand hand : kHands) {
        const Hand other = hand == Hand::Left ? Hand::Right : Hand::Left;
        if (index == booleanCurve(trackedCurve(hand))) return booleanCurve(trackedCurve(other));
        if (index == booleanCurve(pinchingCurve(hand))) return booleanCurve(pinchingCurve(other));
    }
    return index;
}

// [x'; z'] = a [x; z] + b for a curve pair, at the union of their key times: exact for MRTK's linear keys (a mix of
// straight segments is straight between the union's times).
struct PairMap {
    double a[2][2];
    double b[2];
};

Status mixPair(const Recording& source, std::size_t fromX, std::size_t fromZ, std::size_t toX, std::size_t toZ, const PairMap& map, Recording& out,
               EditReport& report) {
    const Curve& cx = source.curves[fromX];
    const Curve& cz = source.curves[fromZ];
    if (cx.keys.empty() && cz.keys.empty()) return Success{};
    for (const auto& [curve, index] : {std::pair{&cx, toX}, std::pair{&cz, toZ}})
        if (!curve->keys.compact() || loops(curve->preWrapMode) || loops(curve->postWrapMode))
            return Error{{},
                         {},
                         "keys other than MRTK's linear ones cannot be mirrored through a plane that is not of constant x",
                         ErrorKind::NotRepresentable,
                         Reason::MirrorNeedsLinearKeys}
                .of(curveName(index));
    std::vector<float> times;
    cx.keys.forEachTimeValue([&](float t, float) { times.push_back(t); });
    cz.keys.forEachTimeValue([&](float t, float) { times.push_back(t); });
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    CurveBuilder x(cx, toX), z(cz, toZ);
    for (float t : times) {
        const double vx = evaluate(cx, t), vz = evaluate(cz, t);
        for (int row = 0; row < 2; ++row) {
            const double value = map.a[row][0] * vx + map.a[row][1] * vz + map.b[row];
            const float narrowed = narrow(value);
            if (std::isfinite(value) && !std::isfinite(narrowed)) return beyondFloat32("a mirrored value", row == 0 ? toX : toZ);
            if (auto s = (row == 0 ? x : z).add(Key{0, narrowed}, t, report); !s) return s;
        }
    }
    report.keysAdded += 2 * times.size() - cx.keys.size() - cz.keys.size();
    out.curves[toX] = x.take();
    out.curves[toZ] = z.take();
    return Success{};
}

// Through a plane not of constant x, n = (nx, 0, nz): positions p - 2 (n.(p - point)) n, directions likewise through
// the origin; a rotation R becomes M R Mx (M the plane's reflection, Mx local x's), the quaternion
// (nx x + nz z, -nx y - nz w, nz x - nx z, nx w - nz y): x with z and y with w mixed (mixPair).
Result<Recording> mirrorMixing(const Recording& recording, const MirrorPlane& p, EditReport& r) {
    Recording out = recording;
    for (std::size_t index = kBooleanFirst; index < kLeftHandFirst; ++index) out.curves[index] = recording.curves[mirroredIndex(index)];
    const double nx = p.normalX, nz = p.normalZ, offset = 2 * (nx * p.x + nz * p.z);
    const PairMap reflect{{{1 - 2 * nx * nx, -2 * nx * nz}, {-2 * nx * nz, 1 - 2 * nz * nz}}, {0, 0}};
    PairMap point = reflect;
    point.b[0] = offset * nx, point.b[1] = offset * nz;
    const PairMap rotationXZ{{{nx, nz}, {nz, -nx}}, {0, 0}};
    const PairMap rotationYW{{{-nx, -nz}, {-nz, nx}}, {0, 0}};
    for (const CurveGroup& g : curveGroups()) {
        const std::size_t from = mirroredIndex(g.first);
        for (int c = 0; c < g.count; ++c) out.curves[g.first + c] = Curve{};
        const PairMap& map = g.rotation ? rotationXZ : g.first == gazeCurve(kGazeDirectionX) ? reflect : point;
        if (auto s = mixPair(recording, from, from + 2, g.first, g.first + 2, map, out, r); !s) return s.error();
        if (g.rotation) {
            if (auto s = mixPair(recording, from + 1, from + 3, g.first + 1, g.first + 3, rotationYW, out, r); !s) return s.error();
        } else {
            out.curves[g.first + 1] = recording.curves[from + 1];
        }
    }
    std::size_t keys = 0;  // mixed keys count as kept, those the union of times added as added
    for (const Curve& curve : out.curves) keys += curve.keys.size();
    r.keysKept = keys - std::min(keys, r.keysAdded);
    return out;
}

}  // namespace

// Unity: +Y up, +Z forward, so forward (fx, fz) has right (fz, -fx).
MirrorPlane sagittalPlane(const Recording& recording) {
    if (!hasHeadMotion(recording)) return {};
    const double duration = playbackDuration(recording);
    double x = 0, z = 0, rightX = 0, rightZ = 0;
    for (int k = 0; k <= 200; ++k) {
        const PoseSample head = samplePose(recording, kCameraFirst, duration * k / 200, Coordinates::Unity);
        x += head.position[0] / 201, z += head.position[2] / 201;
        const auto& [qx, qy, qz, qw] = head.rotation;  // forward = q * (0, 0, 1)
        const double fx = 2 * (qx * qz + qw * qy), fz = 1 - 2 * (qx * qx + qy * qy);
        if (const double n = std::hypot(fx, fz); head.rotationDefined && n > 1e-6) rightX += fz / n, rightZ -= fx / n;
    }
    const double n = std::hypot(rightX, rightZ);
    if (n < 1e-6 || std::fabs(rightZ / n) < 1.745e-3) return {x, z, 1, 0};  // no heading, or within 0.1 degrees of +-Z
    return {x, z, rightX / n, rightZ / n};
}

Result<Recording> mirrorRecording(const Recording& recording, const MirrorOptions& options, EditReport* report) {
    EditReport local;
    EditReport& r = report ? *report : local;
    const bool head = hasHeadMotion(recording);
    const MirrorPlane plane = options.plane.value_or(sagittalPlane(recording));
    const double length = std::hypot(plane.normalX, plane.normalZ);
    if (!(std::isfinite(plane.x) && std::isfinite(plane.z) && std::fabs(length - 1) < 1e-9))
        return Error{{}, {}, "the mirror's plane needs a finite point and a unit normal", ErrorKind::Usage};
    if (!options.plane) {
        char text[200];
        std::snprintf(text, sizeof text, "mirrored through the %s: through x %.4f, z %.4f m, normal (%.4f, 0, %.4f)",
                      head ? "head's sagittal plane" : "plane x = 0 (no head motion)", plane.x, plane.z, plane.normalX, plane.normalZ);
        r.messages.push_back(Finding::note("mirror-plane", text));
    }
    if (plane.normalZ != 0) {
        auto mixed = mirrorMixing(recording, plane, r);
        if (mixed) r.markersKept = mixed->markers.size();
        return mixed;
    }
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        auto curve = reflected(recording.curves[mirroredIndex(index)], index, reflectionOf(index), plane.x, r);
        if (!curve) return curve.error();
        out.curves[index] = std::move(*curve);
        r.keysKept += out.curves[index].keys.size();
    }
    r.markersKept = out.markers.size();
    return out;
}

Result<Recording> editMarkers(const Recording& recording, const MarkerEdits& edits, EditReport* report) {
    EditReport local;
    EditReport& r = report ? *report : local;
    Recording out = recording;
    auto named = [&out](const std::string& name) {
        return std::find_if(out.markers.begin(), out.markers.end(), [&](const Marker& m) { return m.name == name; });
    };
    if (edits.replace) out.markers = *edits.replace;
    for (const std::string& name : edits.remove) {
        if (named(name) == out.markers.end()) return Error{{}, {}, "no marker is named \"" + name + "\"", ErrorKind::Usage};
        r.markersDropped += std::size_t(std::erase_if(out.markers, [&](const Marker& m) { return m.name == name; }));
    }
    for (const auto& [from, to] : edits.rename) {
        if (named(from) == out.markers.end()) return Error{{}, {}, "no marker is named \"" + from + "\"", ErrorKind::Usage};
        for (Marker& m : out.markers)
            if (m.name == from) m.name = to;
    }
    out.markers.insert(out.markers.end(), edits.add.begin(), edits.add.end());
    std::stable_sort(out.markers.begin(), out.markers.end(), [](const Marker& a, const Marker& b) { return a.time < b.time; });
    if (auto s = validMarkers(out); !s) return s.error();
    r.markersKept = out.markers.size();
    return out;
}

float markerTime(double seconds) { return narrow(seconds); }

}  // namespace inputanim
