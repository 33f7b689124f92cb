// mirror: the other hand's version of a recording, reflected through a vertical plane.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "edit_keys.hpp"
#include "inputanim/core/playback.hpp"

namespace inputanim {
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
        return c == std::size_t(kGazeOriginX)      ? Reflection::AboutPlane
               : c == std::size_t(kGazeDirectionX) ? Reflection::Negate
                                                   : Reflection::None;
    }
    const std::size_t c = (index - (index < kBooleanFirst     ? kCameraFirst
                                    : index < kRightHandFirst ? kLeftHandFirst
                                                              : kRightHandFirst)) %
                          kPoseCurveCount;
    if (c == std::size_t(kPositionX)) return Reflection::AboutPlane;
    return c == std::size_t(kRotationX + 1) || c == std::size_t(kRotationX + 2) ? Reflection::Negate : Reflection::None;
}

Result<Curve> reflected(const Curve& curve, std::size_t index, Reflection reflection, double plane,
                        EditReport& report) {
    if (reflection == Reflection::None) return curve;
    Curve out = curve;
    for (std::size_t k = 0; k < curve.keys.size(); ++k)
        out.keys.update(k, [&](Key& key) {
            const double value = reflection == Reflection::Negate ? -double(key.value) : 2 * plane - double(key.value);
            key.value = narrow(value);
            if (double(key.value) != value) ++report.valuesRounded;
            if (key.inTangent != 0)
                key.inTangent = -key.inTangent;  // a zero stays as it is: MRTK's linear keys stay so
            if (key.outTangent != 0) key.outTangent = -key.outTangent;
        });
    for (std::size_t k = 0; k < curve.keys.size(); ++k)
        if (std::isfinite(curve.keys.value(k)) && !std::isfinite(out.keys.value(k)))
            return beyondFloat32("a mirrored value", index);
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

Status mixPair(const Recording& source, std::size_t fromX, std::size_t fromZ, std::size_t toX, std::size_t toZ,
               const PairMap& map, Recording& out, EditReport& report) {
    const Curve& cx = source.curves[fromX];
    const Curve& cz = source.curves[fromZ];
    if (cx.keys.empty() && cz.keys.empty()) return Success{};
    for (const auto& [curve, index] : {std::pair{&cx, toX}, std::pair{&cz, toZ}})
        if (!curve->keys.compact() || loops(curve->preWrapMode) || loops(curve->postWrapMode))
            return Error{
                {},
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
            if (std::isfinite(value) && !std::isfinite(narrowed))
                return beyondFloat32("a mirrored value", row == 0 ? toX : toZ);
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
    for (std::size_t index = kBooleanFirst; index < kLeftHandFirst; ++index)
        out.curves[index] = recording.curves[mirroredIndex(index)];
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
            if (auto s = mixPair(recording, from + 1, from + 3, g.first + 1, g.first + 3, rotationYW, out, r); !s)
                return s.error();
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
    Reported<EditReport> r(report);
    if (auto s = playable(recording); !s) return s.error();
    const bool head = hasHeadMotion(recording);
    const MirrorPlane plane = options.plane.value_or(sagittalPlane(recording));
    const double length = std::hypot(plane.normalX, plane.normalZ);
    if (!(std::isfinite(plane.x) && std::isfinite(plane.z) && std::fabs(length - 1) < 1e-9))
        return Error::usage("the mirror's plane needs a finite point and a unit normal");
    if (!options.plane) {
        char text[200];
        std::snprintf(text, sizeof text, "mirrored through the %s: through x %.4f, z %.4f m, normal (%.4f, 0, %.4f)",
                      head ? "head's sagittal plane" : "plane x = 0 (no head motion)", plane.x, plane.z, plane.normalX,
                      plane.normalZ);
        r->messages.push_back(Finding::note("mirror-plane", text));
    }
    if (plane.normalZ != 0) {
        auto mixed = mirrorMixing(recording, plane, *r);
        if (mixed) r->markersKept = mixed->markers.size();
        return mixed;
    }
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        auto curve = reflected(recording.curves[mirroredIndex(index)], index, reflectionOf(index), plane.x, *r);
        if (!curve) return curve.error();
        out.curves[index] = std::move(*curve);
        r->keysKept += out.curves[index].keys.size();
    }
    r->markersKept = out.markers.size();
    return out;
}

}  // namespace inputanim
