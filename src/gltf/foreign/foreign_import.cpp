// glTF files from other tools: the hands hand_rig.cpp finds, sampled as glTF plays them (every key time and a
// grid between), turned to MRTK's joint frames and fitted with keys within tolerance; joints the rig lacks are
// derived from the ones it has; camera and gaze by their nodes.
#include "foreign_import.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "foreign_fit.hpp"
#include "foreign_sampling.hpp"
#include "hand_rig.hpp"
#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {
namespace {

// A Boolean from a channel component: keys where the state (value > 0.5) changes, at the exact crossing
// of 0.5 for interpolated channels.
void booleanFromChannel(const ChannelData& channel, Curve& curve) {
    const Track& track = channel.track();
    const int n = track.components;
    bool state = booleanOn(track.values[0]);
    curve.keys = {Key{std::min(0.0f, track.times[0]), state ? 1.0f : 0.0f}};
    for (std::size_t k = 1; k < track.times.size(); ++k) {
        const float v = track.values[k * n];
        if (booleanOn(v) == state) continue;
        double t = track.times[k];
        if (track.interpolation != Interpolation::Step) {
            const double v0 = track.values[(k - 1) * n], t0 = track.times[k - 1];
            t = t0 + (0.5 - v0) / (double(v) - v0) * (t - t0);
        }
        state = !state;
        curve.keys.push_back(Key{float(t), state ? 1.0f : 0.0f});
    }
}

// ---- joints the rig lacks, derived over time from the fitted joints it has (the rules of hand_rig.cpp's rest pose)
// ----

struct Fitter {
    Recording& recording;
    Hand hand;
    Tolerances tolerances;
    KeyFit fit;

    bool has(Joint joint) const { return !recording.curves[jointCurve(hand, joint, kPositionX)].keys.empty(); }

    JointPose poseAt(Joint joint, double t) const {
        JointPose pose;
        for (int c = 0; c < 3; ++c)
            pose.position[c] = evaluate(recording.curves[jointCurve(hand, joint, kPositionX + c)], t);
        for (int c = 0; c < 4; ++c)
            pose.rotation[c] = evaluate(recording.curves[jointCurve(hand, joint, kRotationX + c)], t);
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
        fitInto(position, 3, false, tolerances.position, fit, &recording.curves[jointCurve(hand, joint, kPositionX)]);
        fitInto(rotation, 4, true, tolerances.rotation, fit, &recording.curves[jointCurve(hand, joint, kRotationX)]);
    }
};

Vector3 lerp3(const Vector3& a, const Vector3& b, double s) {
    return {a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s};
}

// The frame whose +Z points from `from` to `to` and whose +X is as near `reference`'s as is perpendicular.
Quaternion frameTowards(const Vector3& from, const Vector3& to, const Quaternion& reference) {
    const Vector3 x = rotate(reference, {1, 0, 0}), z = minus3(to, from);
    return lookRotation(z, cross3(z, x));  // +Y: Z x X
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
                const double length = 0.8 * length3(minus3(d.position, b.position));
                const Vector3 z = rotate(d.rotation, {0, 0, 1});
                return JointPose{plus3(d.position, scaled3(length, z)), d.rotation};
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
    if (rig.nodes[indexOf(Joint::Palm)] < 0 && f.has(Joint::Wrist) && f.has(Joint::MiddleMetacarpal) &&
        f.has(Joint::MiddleKnuckle)) {
        f.derive(Joint::Palm, {Joint::Wrist, Joint::MiddleMetacarpal, Joint::MiddleKnuckle}, [&](double t) {
            return JointPose{
                lerp3(f.poseAt(Joint::MiddleMetacarpal, t).position, f.poseAt(Joint::MiddleKnuckle, t).position, 0.5),
                f.poseAt(Joint::Wrist, t).rotation};
        });
        derived.push_back("Palm");
    }
    if (derived.empty()) return;
    std::string list;
    for (const auto& name : derived) list += (list.empty() ? "" : ", ") + name;
    notes.push_back(Finding::note(
        "joints-derived", std::string(handName(f.hand)) + " hand: derived from the joints the rig has: " + list));
}

// What no recognised node leaves to read: the nodes there are, for the user to name.
Error nothingRecognised(const GltfDocument& doc) {
    std::string names;
    const auto& nodes = doc.model().nodes;
    for (std::size_t n = 0; n < nodes.size() && n < 40; ++n)
        names += (n ? ", " : "") + (nodes[n].name.empty() ? "(unnamed)" : nodes[n].name);
    if (nodes.size() > 40) names += ", ... (" + std::to_string(nodes.size()) + " nodes)";
    return Error{doc.path(),
                 {},
                 "no hand joint, camera or gaze node recognised; nodes: " + (names.empty() ? "none" : names) +
                     " (docs/gltf-profile.md lists the names read)",
                 ErrorKind::Malformed,
                 Reason::NodesUnrecognised};
}

Finding animationNote(const GltfDocument& doc) {
    std::string others;
    for (std::size_t a = 0; a < doc.animations().size(); ++a)
        if (int(a) != doc.selectedAnimation() && others.size() < 200)
            others += (others.empty() ? "'" : ", '") + doc.animations()[a].name + "'";
    return Finding::note("animation-read", "read animation '" +
                                               doc.animations()[std::size_t(doc.selectedAnimation())].name + "' of " +
                                               std::to_string(doc.animations().size()) + " (the others: " + others +
                                               (others.size() >= 200 ? ", ...)" : ")"));
}

// Whether some channel of the animation read is CUBICSPLINE: its motion is smooth between keys, which Hermite keys
// (a full layout's) follow with fewer keys. Sampled LINEAR motion (Blender's export) has corners at every key, where
// linear keys are exact and Hermite keys round off.
bool smoothMotion(const GltfDocument& doc) {
    return std::any_of(doc.channels().begin(), doc.channels().end(),
                       [](const ChannelData& c) { return c.track().interpolation == Interpolation::CubicSpline; });
}

// One import: the camera, each hand's joints and states, and gaze, sampled within one budget and fitted.
class ForeignReader {
public:
    ForeignReader(const GltfDocument& doc, const ImportOptions& options, ImportReport& report, const RigsFound& rigs)
        : doc_(doc), options_(options), report_(report), rigs_(rigs), budget_(doc) {
        r_.encoding = options.encoding.value_or(kEncoding11Compact);
        fit_ = r_.encoding.layout == Layout::Full && smoothMotion(doc) ? KeyFit::Hermite : KeyFit::Linear;
        r_.hasCameraPose = rigs.camera >= 0;
        r_.hasHandData = rigs.hands[0] || rigs.hands[1];
        r_.hasEyeGaze = rigs.gazeOrigin >= 0 && rigs.gazeDirection >= 0;
    }

    Result<Recording> read() {
        if (!r_.hasCameraPose && !r_.hasHandData && !r_.hasEyeGaze) return nothingRecognised(doc_);
        if (doc_.animations().size() > 1) report_.notes.push_back(animationNote(doc_));
        if (r_.hasCameraPose)
            if (auto s =
                    readPose(rigs_.camera, rigs_.cameraFromGltfCamera ? kCameraViewTurn : kNoTurn, -1, kCameraFirst);
                !s)
                return s.error();
        for (Hand hand : kHands)
            if (r_.hasHandData)
                if (auto s = readHand(hand); !s) return s.error();
        if (r_.hasEyeGaze)
            if (auto s = readGaze(); !s) return s.error();
        if (auto s = finish(); !s) return s.error();
        return std::move(r_);
    }

private:
    std::vector<float> timesFor(const std::vector<float>& keyTimes) {
        return sampleTimes(keyTimes, options_.sampleRate, coarsened_);
    }

    // A node's world pose into the 7 curves from `first`.
    Status readPose(int node, const Matrix3& turn, int unscaled, std::size_t first,
                    const std::vector<float>* keyTimes = nullptr) {
        PoseMotion motion(doc_, node, turn, unscaled, cache_, probes_, budget_);
        const FitTarget targets[] = {{&r_.curves[first + kPositionX], 3, false, options_.tolerances.position},
                                     {&r_.curves[first + kRotationX], 4, true, options_.tolerances.rotation}};
        return fitMeasured(motion, timesFor(keyTimes ? *keyTimes : doc_.keyTimesAffecting(node)), targets, fit_,
                           measured_);
    }

    Status readHand(Hand hand) {
        const auto& rig = rigs_.hands[int(hand)];
        if (!rig) {
            r_.curves[booleanCurve(trackedCurve(hand))].keys = {Key{0, 0}};
            r_.curves[booleanCurve(pinchingCurve(hand))].keys = {Key{0, 0}};
            return Success{};
        }
        float firstKey = std::numeric_limits<float>::infinity(), lastKey = -firstKey;
        std::vector<float> handKeyTimes;  // of every joint, for frames from positions
        for (Joint joint : kJoints) {
            const int node = rig->nodes[indexOf(joint)];
            if (node < 0) continue;
            const bool none =
                joint == Joint::None;  // MRTK records it without meaning (this profile keeps it): read as it is
            const auto keyTimes = doc_.keyTimesAffecting(node);
            if (!none) {
                ++report_.jointsFound;
                if (!keyTimes.empty())
                    firstKey = std::min(firstKey, keyTimes.front()), lastKey = std::max(lastKey, keyTimes.back());
                if (rig->framesFromPositions) {
                    handKeyTimes.insert(handKeyTimes.end(), keyTimes.begin(), keyTimes.end());
                    continue;
                }
            }
            if (auto s = readPose(node, none ? kNoTurn : rig->turn[indexOf(joint)], rig->stateNode,
                                  jointCurve(hand, joint, 0), &keyTimes);
                !s)
                return s;
        }
        if (rig->framesFromPositions) {
            std::sort(handKeyTimes.begin(), handKeyTimes.end());
            handKeyTimes.erase(std::unique(handKeyTimes.begin(), handKeyTimes.end()), handKeyTimes.end());
            if (auto s = fitFramesFromPositions(doc_, hand, *rig, timesFor(handKeyTimes), options_.tolerances, fit_, r_,
                                                budget_);
                !s)
                return s;
        }
        Fitter fitter{r_, hand, options_.tolerances, fit_};
        deriveMissingJoints(fitter, *rig, report_.notes);
        readStates(hand, *rig, firstKey, lastKey);
        return Success{};
    }

    // Tracked and pinching: from their channels, else tracked while the joints are animated (a pose: throughout).
    void readStates(Hand hand, const HandRig& rig, float firstKey, float lastKey) {
        Curve& tracked = r_.curves[booleanCurve(trackedCurve(hand))];
        Curve& pinching = r_.curves[booleanCurve(pinchingCurve(hand))];
        const ChannelData* trackedChannel = rig.stateNode < 0 ? nullptr : doc_.channel(rig.stateNode, rig.statePath);
        const ChannelData* pinchingChannel =
            rig.pinchingNode < 0 ? nullptr : doc_.channel(rig.pinchingNode, rig.pinchingPath);
        if (trackedChannel) {
            booleanFromChannel(*trackedChannel, tracked);
        } else if (firstKey < lastKey) {
            tracked.keys = {Key{0, firstKey <= 0 ? 1.0f : 0.0f}};
            if (firstKey > 0) tracked.keys.push_back(Key{firstKey, 1});
            if (lastKey > firstKey) tracked.keys.push_back(Key{lastKey, 0});
            report_.notes.push_back(Finding::note(
                "tracked-while-animated",
                std::string(handName(hand)) + " hand: no tracked channel; tracked while its joints are animated"));
        } else {
            tracked.keys = {
                Key{0, 1}};  // a pose (no keys, or keys at one time that glTF holds from 0): tracked throughout
        }
        if (pinchingChannel) booleanFromChannel(*pinchingChannel, pinching);
        else pinching.keys = {Key{0, 0}};
    }

    Status readGaze() {
        GazeMotion motion(doc_, rigs_.gazeOrigin, rigs_.gazeDirection, cache_, probes_, budget_);
        const FitTarget targets[] = {{&r_.curves[gazeCurve(kGazeOriginX)], 3, false, options_.tolerances.position},
                                     {&r_.curves[gazeCurve(kGazeDirectionX)], 3, false, options_.tolerances.position}};
        return fitMeasured(motion, timesFor(doc_.keyTimesAffecting(rigs_.gazeDirection)), targets, fit_, measured_);
    }

    Status finish() {
        reportDeviation();
        if (coarsened_)
            report_.notes.push_back(
                Finding::note("grid-coarsened",
                              "few keys over a long time span: motion between keys was sampled more coarsely than " +
                                  std::to_string(int(options_.sampleRate)) + " Hz"));
        if (r_.encoding.minor != 0) return Success{};
        // 1.0 always holds a camera and hands (empty hand curves where absent, as MRTK 2.5 writes them) and never gaze;
        // MRTK plays its camera curves always, so a file without a camera cannot be one.
        if (!r_.hasCameraPose)
            return Error{doc_.path(),
                         {},
                         "format 1.0 cannot hold this file: " + std::string(kNoCameraIn10),
                         ErrorKind::NotRepresentable};
        if (r_.hasEyeGaze)
            report_.notes.push_back(
                Finding::note("gaze-left-out", "format 1.0 cannot hold eye gaze: the gaze nodes are left out"));
        for (std::size_t i = kGazeFirst; i < kCurveCount; ++i) r_.curves[i].keys.clear();
        r_.hasCameraPose = r_.hasHandData = 1;
        r_.hasEyeGaze = 0;
        return Success{};
    }

    // The fit's deviation from the file's motion: in the report, and in a note (a warning beyond the tolerances).
    void reportDeviation() {
        report_.maxPositionError = measured_.position;
        report_.maxRotationError = measured_.rotation;
        report_.beyondTolerance = measured_.beyond;
        char text[240];
        std::snprintf(text, sizeof text,
                      "keys fitted to the file's motion: largest deviation %.3g mm and %.3g degrees, measured between "
                      "the samples against "
                      "glTF's playback (tolerance %.3g mm and %.3g degrees)",
                      measured_.position * 1000, measured_.rotation, options_.tolerances.position * 1000,
                      options_.tolerances.rotation);
        report_.notes.push_back(measured_.beyond ? Finding::ofFile(Severity::Warning, "fit-beyond-tolerance", {}, text)
                                                 : Finding::note("motion-fitted", text));
    }

    const GltfDocument& doc_;
    const ImportOptions& options_;
    ImportReport& report_;
    const RigsFound& rigs_;
    SamplingBudget budget_;
    WorldCache cache_;
    ProbeCache probes_;
    Recording r_;
    KeyFit fit_ = KeyFit::Linear;
    MeasuredFit measured_;
    bool coarsened_ = false;
};

}  // namespace

Result<Recording> importForeign(const GltfDocument& doc, const ImportOptions& options, ImportReport& report) {
    auto rigs = findRigs(doc, options);
    if (!rigs) return rigs.error().from(doc.path());
    report.notes.insert(report.notes.end(), rigs->notes.begin(), rigs->notes.end());
    return ForeignReader(doc, options, report, *rigs).read();
}

}  // namespace inputanim
