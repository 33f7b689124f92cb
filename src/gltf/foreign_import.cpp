// glTF files from other tools: the hands hand_rig.cpp finds, sampled as glTF plays them (every key time and a
// grid between), turned to MRTK's joint frames and fitted with keys within tolerance; joints the rig lacks are
// derived from the ones it has; camera and gaze by their nodes.
#include "foreign_import.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "hand_rig.hpp"
#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {
namespace {

// Grid samples allowed per key time, beyond a fixed allowance: memory follows what the file holds, even
// when a few keys span a huge time.
constexpr double kGridSamplesPerKey = 64;
constexpr double kGridAllowance = 200'000;

// The times at which to evaluate motion: every key time that affects it, and a uniform grid between, at
// `rate` or coarser where the keys are too few for that span (then `coarsened` is set).
std::vector<float> sampleTimes(std::vector<float> keyTimes, double rate, bool& coarsened) {
    if (keyTimes.size() < 2) return keyTimes.empty() ? std::vector<float>{0.0f} : keyTimes;
    const double first = keyTimes.front(), last = keyTimes.back();
    const double limit = kGridAllowance + kGridSamplesPerKey * double(keyTimes.size());
    if ((last - first) * rate > limit) {
        rate = limit / (last - first);
        coarsened = true;
    }
    const std::size_t count = std::size_t((last - first) * rate);
    keyTimes.reserve(keyTimes.size() + count + 1);
    const std::size_t keys = keyTimes.size();
    for (std::size_t i = 0; i < count; ++i) keyTimes.push_back(float(first + double(i) / rate));
    std::inplace_merge(keyTimes.begin(), keyTimes.begin() + std::ptrdiff_t(keys), keyTimes.end());  // both sorted
    keyTimes.erase(std::unique(keyTimes.begin(), keyTimes.end()), keyTimes.end());
    return keyTimes;
}

// A glTF camera looks down -Z and MRTK's head down +Z: half a turn about Y.
const Matrix3 kCameraViewTurn = {-1, 0, 0, 0, 1, 0, 0, 0, -1};
const Matrix3 kNoTurn = {1, 0, 0, 0, 1, 0, 0, 0, 1};

// The world matrices of the node sampled last, at its times: a child sampled at the same times (joints of a
// chain, in a rig whose bones are nested) composes its own transform with them instead of walking up to the root.
struct WorldCache {
    int node = -1, unscaled = -1;
    std::vector<float> times;
    std::vector<std::array<double, 16>> world;
};

// World poses at the times, in Unity coordinates, each rotation the node's axes turned by `turn`, quaternions kept
// in one hemisphere. `unscaled`: see GltfDocument::Player::worldAt.
void samplePoses(const GltfDocument& doc, int node, const std::vector<float>& times, const Matrix3& turn, int unscaled,
                 SampledVector& position, SampledVector& rotation, WorldCache& cache) {
    GltfDocument::Player player(doc);
    const bool fromParent = doc.parentOf(node) >= 0 && doc.parentOf(node) == cache.node && cache.unscaled == unscaled && cache.times == times;
    std::vector<std::array<double, 16>> world(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
        world[i] = fromParent ? player.worldFromParent(node, times[i], cache.world[i], unscaled) : player.worldAt(node, times[i], unscaled);
    cache = {node, unscaled, times, std::move(world)};

    position = {times, {}};
    rotation = {times, {}};
    position.values.reserve(times.size());
    rotation.values.reserve(times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
        const auto& m = cache.world[i];
        const auto q = mrtkRotation(m, turn);
        std::array<double, 4> unity = {q[0] * kGltfRotationSigns[0], q[1] * kGltfRotationSigns[1], q[2] * kGltfRotationSigns[2],
                                       q[3] * kGltfRotationSigns[3]};
        if (!rotation.values.empty() && dot(rotation.values.back(), unity) < 0)
            for (double& c : unity) c = -c;
        position.values.push_back({m[12] * kGltfPositionSigns[0], m[13] * kGltfPositionSigns[1], m[14] * kGltfPositionSigns[2], 0});
        rotation.values.push_back(unity);
    }
}

// Keys fitted to motion fed sample by sample, replacing the curves' keys.
StreamedReduction keyStream(Curve* curves, int components, bool isRotation, double tolerance, KeyFit fit) {
    for (int c = 0; c < components; ++c) curves[c].keys.clear();
    // Fit to 90% of the tolerance: the check is at samples, and Float32 rounding comes on top.
    return StreamedReduction(curves, components, isRotation, 0.9 * tolerance, fit);
}

void fitInto(const SampledVector& samples, int components, bool isRotation, double tolerance, KeyFit fit, Curve* curves) {
    StreamedReduction stream = keyStream(curves, components, isRotation, tolerance, fit);
    for (std::size_t i = 0; i < samples.times.size(); ++i) stream.add(samples.times[i], samples.values[i]);
    stream.finish();
}

// A hand whose joints move without turning: at each time, every joint's position, and the frames the hand's
// positions give then (mrtkFramesAt, as at the reference pose), fitted as they come: memory follows the keys.
void fitFramesFromPositions(const GltfDocument& doc, Hand hand, const HandRig& rig, const std::vector<float>& times, double positionTolerance,
                            double rotationTolerance, KeyFit fit, Recording& r) {
    std::vector<std::pair<Joint, int>> present;
    std::vector<StreamedReduction> streams;
    for (Joint joint : kJoints)
        if (const int node = rig.nodes[indexOf(joint)]; node >= 0 && joint != Joint::None) {
            present.emplace_back(joint, node);
            streams.push_back(keyStream(&r.curves[jointCurve(hand, joint, kPositionX)], 3, false, positionTolerance, fit));
            streams.push_back(keyStream(&r.curves[jointCurve(hand, joint, kRotationX)], 4, true, rotationTolerance, fit));
        }
    GltfDocument::Player player(doc);
    std::optional<HandPose> frames;
    for (float t : times) {
        HandPositions at;
        for (const auto& [joint, node] : present) {
            const auto world = player.worldAt(node, t, rig.stateNode);
            at.set(joint, {world[12] * kGltfPositionSigns[0], world[13] * kGltfPositionSigns[1], world[14] * kGltfPositionSigns[2]});
        }
        // Where the knuckles meet (a degenerate instant), the frames before hold.
        if (auto now = mrtkFramesAt(hand, at)) frames = now;
        for (std::size_t k = 0; k < present.size(); ++k) {
            const glm::dvec3 p = at[present[k].first];
            streams[2 * k].add(t, {p.x, p.y, p.z, 0});
            streams[2 * k + 1].add(t, frames ? (*frames)[indexOf(present[k].first)].rotation : Quaternion{0, 0, 0, 1});
        }
    }
    for (auto& stream : streams) stream.finish();
}

// A Boolean from a channel component: keys where the state (value > 0.5) changes, at the exact crossing
// of 0.5 for interpolated channels.
void booleanFromChannel(const ChannelData& channel, Curve& curve) {
    const Track& track = channel.track();
    const int n = track.components;
    bool state = track.values[0] > 0.5f;
    curve.keys = {Key{std::min(0.0f, track.times[0]), state ? 1.0f : 0.0f}};
    for (std::size_t k = 1; k < track.times.size(); ++k) {
        const float v = track.values[k * n];
        if ((v > 0.5f) == state) continue;
        double t = track.times[k];
        if (track.interpolation != Interpolation::Step) {
            const double v0 = track.values[(k - 1) * n], t0 = track.times[k - 1];
            t = t0 + (0.5 - v0) / (double(v) - v0) * (t - t0);
        }
        state = !state;
        curve.keys.push_back(Key{float(t), state ? 1.0f : 0.0f});
    }
}

// ---- joints the rig lacks, derived over time from the fitted joints it has (the rules of hand_rig.cpp's rest pose) ----

struct Fitter {
    Recording& recording;
    Hand hand;
    double positionTolerance, rotationTolerance;
    KeyFit fit;

    bool has(Joint joint) const { return !recording.curves[jointCurve(hand, joint, kPositionX)].keys.empty(); }

    JointPose poseAt(Joint joint, double t) const {
        JointPose pose;
        for (int c = 0; c < 3; ++c) pose.position[c] = evaluate(recording.curves[jointCurve(hand, joint, kPositionX + c)], t);
        for (int c = 0; c < 4; ++c) pose.rotation[c] = evaluate(recording.curves[jointCurve(hand, joint, kRotationX + c)], t);
        normalize(pose.rotation);
        return pose;
    }

    // Every key time of the sources' curves.
    std::vector<float> timesOf(std::initializer_list<Joint> sources) const {
        std::vector<float> times;
        for (Joint source : sources)
            for (int c = 0; c < kPoseCurveCount; ++c)
                for (const Key& key : recording.curves[jointCurve(hand, source, c)].keys) times.push_back(key.time);
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        return times;
    }

    template <class PoseAt>
    void derive(Joint joint, std::initializer_list<Joint> sources, const PoseAt& poseAt) {
        SampledVector position, rotation;
        for (float t : timesOf(sources)) {
            const JointPose pose = poseAt(double(t));
            Quaternion q = pose.rotation;
            if (!rotation.values.empty() && dot(rotation.values.back(), q) < 0)
                for (double& c : q) c = -c;
            position.times.push_back(t), rotation.times.push_back(t);
            position.values.push_back({pose.position[0], pose.position[1], pose.position[2], 0});
            rotation.values.push_back(q);
        }
        fitInto(position, 3, false, positionTolerance, fit, &recording.curves[jointCurve(hand, joint, kPositionX)]);
        fitInto(rotation, 4, true, rotationTolerance, fit, &recording.curves[jointCurve(hand, joint, kRotationX)]);
    }
};

Vector3 lerp3(const Vector3& a, const Vector3& b, double s) { return {a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s}; }

// The frame whose +Z points from `from` to `to` and whose +X is as near `reference`'s as is perpendicular.
Quaternion frameTowards(const Vector3& from, const Vector3& to, const Quaternion& reference) {
    const Vector3 x = rotate(reference, {1, 0, 0}), z = {to[0] - from[0], to[1] - from[1], to[2] - from[2]};
    const Vector3 y = {z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]};  // Z x X
    return lookRotation(z, y);
}

// Tips lie along the distal joint's +Z (in the rest pose: the distal bone continued), metacarpals on the
// wrist-to-knuckle line, the palm halfway along the middle metacarpal with the wrist's rotation. Each derived joint
// is named in a note.
void deriveMissingJoints(Fitter& f, const HandRig& rig, std::vector<Finding>& notes) {
    std::vector<std::string> derived;
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        const Joint tip = chain.back(), distal = chain[chain.size() - 2], before = chain[chain.size() - 3];
        if (rig.nodes[indexOf(tip)] < 0 && f.has(distal) && f.has(before)) {
            f.derive(tip, {distal, before}, [&](double t) {  // along the distal joint's +Z, 0.8 of the bone before
                const JointPose d = f.poseAt(distal, t), b = f.poseAt(before, t);
                const Vector3 bone = {d.position[0] - b.position[0], d.position[1] - b.position[1], d.position[2] - b.position[2]};
                const double length = 0.8 * std::sqrt(bone[0] * bone[0] + bone[1] * bone[1] + bone[2] * bone[2]);
                const Vector3 z = rotate(d.rotation, {0, 0, 1});
                return JointPose{{d.position[0] + length * z[0], d.position[1] + length * z[1], d.position[2] + length * z[2]}, d.rotation};
            });
            derived.push_back(std::string(jointName(tip)));
        }
        const Joint metacarpal = chain[0], knuckle = chain[1];
        if (rig.nodes[indexOf(metacarpal)] < 0 && f.has(Joint::Wrist) && f.has(knuckle)) {
            const double along = finger == Finger::Thumb ? 0.45 : 0.22;
            f.derive(metacarpal, {Joint::Wrist, knuckle}, [&](double t) {
                const JointPose w = f.poseAt(Joint::Wrist, t), k = f.poseAt(knuckle, t);
                const Vector3 at = lerp3(w.position, k.position, along);
                return JointPose{at, frameTowards(at, k.position, k.rotation)};
            });
            derived.push_back(std::string(jointName(metacarpal)));
        }
    }
    if (rig.nodes[indexOf(Joint::Palm)] < 0 && f.has(Joint::Wrist) && f.has(Joint::MiddleMetacarpal) && f.has(Joint::MiddleKnuckle)) {
        f.derive(Joint::Palm, {Joint::Wrist, Joint::MiddleMetacarpal, Joint::MiddleKnuckle}, [&](double t) {
            return JointPose{lerp3(f.poseAt(Joint::MiddleMetacarpal, t).position, f.poseAt(Joint::MiddleKnuckle, t).position, 0.5),
                             f.poseAt(Joint::Wrist, t).rotation};
        });
        derived.push_back("Palm");
    }
    if (derived.empty()) return;
    std::string list;
    for (const auto& name : derived) list += (list.empty() ? "" : ", ") + name;
    notes.push_back(Finding::note("joints-derived", std::string(handName(f.hand)) + " hand: derived from the joints the rig has: " + list));
}

// A pose (every key of every pose at one time) played for `hold` seconds from 0: MRTK stops at the last key, so a
// recording whose keys are all at 0 shows nothing.
void holdPose(Recording& r, double hold, std::vector<Finding>& notes) {
    std::optional<float> at;
    for (const CurveGroup& group : curveGroups())
        for (int c = 0; c < group.count; ++c)
            for (const Key& key : r.curves[group.first + std::size_t(c)].keys) {
                if (at && *at != key.time) return;  // motion: nothing to do
                at = key.time;
            }
    if (!at || !(hold > 0)) return;
    for (const CurveGroup& group : curveGroups())
        for (int c = 0; c < group.count; ++c) {
            KeyList& keys = r.curves[group.first + std::size_t(c)].keys;
            if (keys.empty()) continue;
            const float value = keys.value(0);
            keys = {Key{0, value}, Key{float(hold), value}};
        }
    char text[160];
    std::snprintf(text, sizeof text, "a single pose (every key at %.6g s): held from 0 to %.6g s so that MRTK shows it (it stops at the last key)",
                  double(*at), hold);
    notes.push_back(Finding::note("pose-held", text));
}

}  // namespace

Result<Recording> importForeign(const GltfDocument& doc, const ImportOptions& options, ImportReport& report) {
    auto rigs = findRigs(doc, options);
    if (!rigs) return rigs.error().from(doc.path());
    report.notes.insert(report.notes.end(), rigs->notes.begin(), rigs->notes.end());
    Recording r;
    r.encoding = options.encoding.value_or(kEncoding11Compact);
    const KeyFit fit = r.encoding.layout == Layout::Full ? KeyFit::Hermite : KeyFit::Linear;
    r.hasCameraPose = rigs->camera >= 0;
    r.hasHandData = rigs->hands[0] || rigs->hands[1];
    r.hasEyeGaze = rigs->gazeOrigin >= 0 && rigs->gazeDirection >= 0;
    if (!r.hasCameraPose && !r.hasHandData && !r.hasEyeGaze) {
        std::string names;
        const auto& nodes = doc.model().nodes;
        for (std::size_t n = 0; n < nodes.size() && n < 40; ++n) names += (n ? ", " : "") + (nodes[n].name.empty() ? "(unnamed)" : nodes[n].name);
        if (nodes.size() > 40) names += ", ... (" + std::to_string(nodes.size()) + " nodes)";
        return Error{doc.path(), {}, "no hand joint, camera or gaze node recognised; nodes: " + (names.empty() ? "none" : names) +
                                         " (docs/gltf-profile.md lists the names read)", ErrorKind::Malformed, Reason::NodesUnrecognised};
    }
    if (doc.animations().size() > 1) {
        std::string others;
        for (std::size_t a = 0; a < doc.animations().size(); ++a)
            if (int(a) != doc.selectedAnimation() && others.size() < 200) others += (others.empty() ? "'" : ", '") + doc.animations()[a].name + "'";
        report.notes.push_back(Finding::note("animation-read", "read animation '" + doc.animations()[std::size_t(doc.selectedAnimation())].name + "' of " +
                                                                   std::to_string(doc.animations().size()) + " (the others: " + others +
                                                                   (others.size() >= 200 ? ", ...)" : ")")));
    }
    const double posTol = options.positionTolerance, rotTol = options.rotationTolerance;
    bool coarsened = false;
    WorldCache cache;
    if (r.hasCameraPose) {
        SampledVector position, rotation;
        samplePoses(doc, rigs->camera, sampleTimes(doc.keyTimesAffecting(rigs->camera), options.sampleRate, coarsened),
                    rigs->cameraFromGltfCamera ? kCameraViewTurn : kNoTurn, -1, position, rotation, cache);
        fitInto(position, 3, false, posTol, fit, &r.curves[cameraCurve(kPositionX)]);
        fitInto(rotation, 4, true, rotTol, fit, &r.curves[cameraCurve(kRotationX)]);
    }
    for (Hand hand : kHands) {
        if (!r.hasHandData) break;
        const auto& rig = rigs->hands[int(hand)];
        Curve& tracked = r.curves[booleanCurve(trackedCurve(hand))];
        Curve& pinching = r.curves[booleanCurve(pinchingCurve(hand))];
        if (!rig) {
            tracked.keys = {Key{0, 0}};
            pinching.keys = {Key{0, 0}};
            continue;
        }
        float firstKey = std::numeric_limits<float>::infinity(), lastKey = -firstKey;
        std::vector<float> handKeyTimes;  // of every joint, for frames from positions
        for (Joint joint : kJoints) {
            const int node = rig->nodes[indexOf(joint)];
            if (node < 0) continue;
            const bool none = joint == Joint::None;  // MRTK records it without meaning (this profile keeps it): read as it is
            const auto keyTimes = doc.keyTimesAffecting(node);
            if (!none) {
                ++report.jointsFound;
                if (!keyTimes.empty()) firstKey = std::min(firstKey, keyTimes.front()), lastKey = std::max(lastKey, keyTimes.back());
                if (rig->framesFromPositions) {
                    handKeyTimes.insert(handKeyTimes.end(), keyTimes.begin(), keyTimes.end());
                    continue;
                }
            }
            SampledVector position, rotation;
            samplePoses(doc, node, sampleTimes(keyTimes, options.sampleRate, coarsened), none ? kNoTurn : rig->turn[indexOf(joint)],
                        rig->stateNode, position, rotation, cache);
            fitInto(position, 3, false, posTol, fit, &r.curves[jointCurve(hand, joint, kPositionX)]);
            fitInto(rotation, 4, true, rotTol, fit, &r.curves[jointCurve(hand, joint, kRotationX)]);
        }
        if (rig->framesFromPositions) {
            std::sort(handKeyTimes.begin(), handKeyTimes.end());
            handKeyTimes.erase(std::unique(handKeyTimes.begin(), handKeyTimes.end()), handKeyTimes.end());
            fitFramesFromPositions(doc, hand, *rig, sampleTimes(handKeyTimes, options.sampleRate, coarsened), posTol, rotTol, fit, r);
        }
        Fitter fitter{r, hand, posTol, rotTol, fit};
        deriveMissingJoints(fitter, *rig, report.notes);
        const ChannelData* trackedChannel = rig->stateNode < 0 ? nullptr : doc.channel(rig->stateNode, rig->statePath);
        const ChannelData* pinchingChannel = rig->pinchingNode < 0 ? nullptr : doc.channel(rig->pinchingNode, rig->pinchingPath);
        if (trackedChannel) {
            booleanFromChannel(*trackedChannel, tracked);
        } else if (firstKey < lastKey) {
            tracked.keys = {Key{0, firstKey <= 0 ? 1.0f : 0.0f}};
            if (firstKey > 0) tracked.keys.push_back(Key{firstKey, 1});
            if (lastKey > firstKey) tracked.keys.push_back(Key{lastKey, 0});
            report.notes.push_back(Finding::note("tracked-while-animated", std::string(handName(hand)) + " hand: no tracked channel; tracked while its joints are animated"));
        } else {
            tracked.keys = {Key{0, 1}};  // a pose (no keys, or keys at one time that glTF holds from 0): tracked throughout
        }
        if (pinchingChannel) booleanFromChannel(*pinchingChannel, pinching);
        else pinching.keys = {Key{0, 0}};
    }
    if (r.hasEyeGaze) {
        SampledVector origin, direction, unusedRotation;
        const std::vector<float> times = sampleTimes(doc.keyTimesAffecting(rigs->gazeDirection), options.sampleRate, coarsened);
        samplePoses(doc, rigs->gazeOrigin, times, kNoTurn, -1, origin, unusedRotation, cache);
        samplePoses(doc, rigs->gazeDirection, times, kNoTurn, -1, direction, unusedRotation, cache);
        for (std::size_t i = 0; i < times.size(); ++i)
            for (int c = 0; c < 3; ++c) direction.values[i][c] -= origin.values[i][c];
        fitInto(origin, 3, false, posTol, fit, &r.curves[gazeCurve(kGazeOriginX)]);
        fitInto(direction, 3, false, posTol, fit, &r.curves[gazeCurve(kGazeDirectionX)]);
    }
    holdPose(r, options.hold, report.notes);
    if (coarsened)
        report.notes.push_back(Finding::note("grid-coarsened", "few keys over a long time span: motion between keys was sampled more coarsely than " +
                                                                   std::to_string(int(options.sampleRate)) + " Hz"));
    if (r.encoding.minor == 0) {
        // 1.0 always holds a camera and hands (empty curves where absent, as MRTK 2.5 writes them) and never gaze.
        if (r.hasEyeGaze) report.notes.push_back(Finding::note("gaze-left-out", "format 1.0 cannot hold eye gaze: the gaze nodes are left out"));
        for (std::size_t i = kGazeFirst; i < kCurveCount; ++i) r.curves[i].keys.clear();
        r.hasCameraPose = r.hasHandData = 1;
        r.hasEyeGaze = 0;
    }
    return r;
}

}  // namespace inputanim
