#include "foreign_import.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <set>

#include "inputanim/core/coordinates.hpp"
#include "node_names.hpp"
#include "inputanim/tracks/key_reduction.hpp"

namespace inputanim {
namespace {

struct HandNodes {
    std::array<int, kJointCount> joints;
    int tracked = -1, pinching = -1;       // Boolean carriers (scale.x, or translation.x for the prototype)
    const char* trackedPath = "scale";
    const char* pinchingPath = "scale";
    HandNodes() { joints.fill(-1); }
};

struct Found {
    std::array<HandNodes, 2> hands;
    HandNodes unsided;  // joints whose name and ancestors say no side (WebXR names)
    int camera = -1;
    bool cameraFromGltfCamera = false;
    int gazeOrigin = -1, gazeDirection = -1;
    int unsidedHand = -1;  // which hand the unsided joints became
};

Side sideOf(const GltfDocument& doc, int node) {
    for (int n = node; n != -1; n = doc.parentOf(n)) {
        const Side side = sideOfWords(words(doc.model().nodes[n].name));
        if (side != Side::Unknown) return side;
    }
    return Side::Unknown;
}

Result<Found> findNodes(const GltfDocument& doc, const NodeMap& map) {
    Found found;
    const auto& nodes = doc.model().nodes;
    auto byName = [&](const std::string& name) { return name.empty() ? -1 : doc.findNode(name); };
    for (const auto& [nodeName, target] : map.joints) {
        const int node = doc.findNode(nodeName);
        const auto dot = target.find('.');
        const int joint = dot == std::string::npos ? -1 : jointFromKey(jointKey(words(target.substr(dot + 1))));
        const std::string side = target.substr(0, dot);
        if (node < 0 || joint < 0 || (side != "left" && side != "right"))
            return Error{{}, {}, "--map: joint entry \"" + nodeName + "\": \"" + target + "\" does not name an existing node and a joint like left.IndexTip"};
        found.hands[side == "left" ? 0 : 1].joints[joint] = node;
    }
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const auto ws = words(nodes[n].name);
        const std::string key = jointKey(ws);
        const Side side = sideOf(doc, int(n));
        {
            HandNodes& hand = side == Side::Unknown ? found.unsided : found.hands[side == Side::Left ? 0 : 1];
            const int joint = jointFromKey(key);
            if (joint >= 0 && hand.joints[joint] < 0) hand.joints[joint] = int(n);
            const bool handWord = std::find(ws.begin(), ws.end(), "hand") != ws.end();
            if (key.empty() && handWord && hand.tracked < 0) hand.tracked = int(n);  // "Hand_Left": profile scale
            if (key == "tracking" && handWord) hand.tracked = int(n), hand.trackedPath = "translation";  // 2019 prototype
            if (key == "pinching" && hand.pinching < 0) {
                hand.pinching = int(n);
                hand.pinchingPath = handWord && nodes[n].name.find('.') != std::string::npos ? "translation" : "scale";
            }
        }
        if (found.camera < 0 && key == "camera") found.camera = int(n);
        if (key == "gaze" && found.gazeOrigin < 0) found.gazeOrigin = int(n);
        if (key == "gazedirection" && found.gazeDirection < 0) found.gazeDirection = int(n);
    }
    if (found.camera < 0)
        for (std::size_t n = 0; n < nodes.size() && found.camera < 0; ++n)
            if (nodes[n].camera >= 0) found.camera = int(n), found.cameraFromGltfCamera = true;
    if (int n = byName(map.camera); n >= 0) found.camera = n, found.cameraFromGltfCamera = false;
    if (int n = byName(map.gazeOrigin); n >= 0) found.gazeOrigin = n;
    if (int n = byName(map.gazeDirection); n >= 0) found.gazeDirection = n;
    // Joints with no side become the right hand (MRTK's default hand), or the left when the right is taken.
    auto anyJoint = [](const HandNodes& h) { return std::any_of(h.joints.begin(), h.joints.end(), [](int n) { return n >= 0; }); };
    if (anyJoint(found.unsided)) {
        const int target = !anyJoint(found.hands[1]) ? 1 : !anyJoint(found.hands[0]) ? 0 : -1;
        if (target >= 0) {
            found.hands[target] = found.unsided;
            found.unsidedHand = target;
        }
    }
    for (int b = 0; b < kBooleanCount; ++b)
        if (auto it = map.booleans.find(std::string(booleanName(BooleanCurve(b)))); it != map.booleans.end())
            (b < 2 ? found.hands[b].tracked : found.hands[b - 2].pinching) = doc.findNode(it->second);
    return found;
}

struct WorldPose {
    glm::dvec3 position;
    glm::dquat rotation;
};

WorldPose decompose(const std::array<double, 16>& m) {
    const glm::dmat4 world = glm::make_mat4(m.data());
    glm::dmat3 basis(world);
    for (int c = 0; c < 3; ++c) {
        const double length = glm::length(basis[c]);
        if (length > 0) basis[c] /= length;  // remove scale
    }
    return {glm::dvec3(world[3]), glm::normalize(glm::quat_cast(basis))};
}

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
const glm::dquat kCameraViewTurn(0, 0, 1, 0);
// Blender's glTF round trip turns every bone a quarter turn about X (its bones run along +Y); this undoes it.
const glm::dquat kBlenderBoneTurn(0.70710678118654752, 0.70710678118654752, 0, 0);

// The world matrices of the node sampled last, at its times: a child sampled at the same times (joints of
// a chain, in a rig whose bones are nested) composes its own transform with them instead of walking up to
// the root again.
struct WorldCache {
    int node = -1, unscaled = -1;
    std::vector<float> times;
    std::vector<std::array<double, 16>> world;
};

// World poses at the times, in Unity coordinates, each rotation turned by `turn` in its own frame,
// quaternions kept in one hemisphere. `unscaled`: see GltfDocument::Player::worldAt.
void samplePoses(const GltfDocument& doc, int node, const std::vector<float>& times, const glm::dquat& turn, int unscaled,
                 SampledVector& position, SampledVector& rotation, WorldCache& cache) {
    GltfDocument::Player player(doc);
    // node is -1 for a section the file lacks but the format needs (1.0 always has a camera): the identity.
    const bool fromParent = node >= 0 && doc.parentOf(node) >= 0 && doc.parentOf(node) == cache.node && cache.unscaled == unscaled &&
                            cache.times == times;
    std::vector<std::array<double, 16>> world(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
        world[i] = fromParent ? player.worldFromParent(node, times[i], cache.world[i], unscaled) : player.worldAt(node, times[i], unscaled);
    cache = {node, unscaled, times, std::move(world)};

    position = {times, {}};
    rotation = {times, {}};
    position.values.reserve(times.size());
    rotation.values.reserve(times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
        const WorldPose pose = decompose(cache.world[i]);
        glm::dquat q = pose.rotation * turn;
        std::array<double, 4> unity = {q.x * kGltfRotationSigns[0], q.y * kGltfRotationSigns[1], q.z * kGltfRotationSigns[2],
                                       q.w * kGltfRotationSigns[3]};
        if (!rotation.values.empty()) {
            const auto& p = rotation.values.back();
            if (p[0] * unity[0] + p[1] * unity[1] + p[2] * unity[2] + p[3] * unity[3] < 0)
                for (double& c : unity) c = -c;
        }
        position.values.push_back({pose.position.x * kGltfPositionSigns[0], pose.position.y * kGltfPositionSigns[1],
                                   pose.position.z * kGltfPositionSigns[2], 0});
        rotation.values.push_back(unity);
    }
}

// Linear keys (MRTK's encoding), or Hermite keys for encodings that hold tangents.
enum class KeyFit { Linear, Hermite };

void fitInto(const SampledVector& samples, int components, bool isRotation, double tolerance, KeyFit fit, Curve* curves) {
    // Fit to 90% of the tolerance: the check is at samples, and Float32 rounding comes on top.
    const auto slopes = fit == KeyFit::Hermite ? sampleSlopes(samples) : std::vector<std::array<double, 4>>{};
    const auto kept = reduceSamples(samples, components, isRotation, 0.9 * tolerance, fit == KeyFit::Hermite ? &slopes : nullptr);
    for (int c = 0; c < components; ++c) {
        curves[c].keys.clear();
        curves[c].keys.reserve(kept.size());
        for (std::size_t i : kept) {
            const float value = float(samples.values[i][c]);
            if (fit == KeyFit::Linear) {
                curves[c].keys.push_back(Key{samples.times[i], value});
            } else {
                const float slope = float(slopes[i][c]);
                curves[c].keys.push_back(Key{samples.times[i], value, slope, slope, 1.0f / 3, 1.0f / 3, kWeightedNone});
            }
        }
    }
}

// A Boolean from a channel component: keys where the state (value > 0.5) changes, at the exact crossing
// of 0.5 for interpolated channels.
void booleanFromChannel(const ChannelData& channel, Curve& curve) {
    const Track& track = channel.track;
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

void derivePalm(Recording& r, Hand hand, const SampledVector wristSamples[2], const SampledVector middle[2], ImportReport& report,
                const std::string& side, double positionTolerance, double rotationTolerance, KeyFit fit) {
    if (wristSamples[0].times.empty() || middle[0].times.empty()) return;
    SampledVector position, rotation;
    // Both were sampled at their own times; evaluate the knuckle's fitted curves at the wrist's times.
    for (std::size_t i = 0; i < wristSamples[0].times.size(); ++i) {
        const float t = wristSamples[0].times[i];
        std::array<double, 4> p{};
        for (int c = 0; c < 3; ++c)
            p[c] = 0.5 * (wristSamples[0].values[i][c] + evaluate(r.curves[jointCurve(hand, Joint::MiddleKnuckle, c)], t));
        position.times.push_back(t);
        position.values.push_back(p);
    }
    rotation = wristSamples[1];
    fitInto(position, 3, false, positionTolerance, fit, &r.curves[jointCurve(hand, Joint::Palm, kPositionX)]);
    fitInto(rotation, 4, true, rotationTolerance, fit, &r.curves[jointCurve(hand, Joint::Palm, kRotationX)]);
    report.notes.push_back(side + " Palm derived: midway between Wrist and MiddleKnuckle, oriented like the Wrist");
}

}  // namespace

Result<Recording> importForeign(const GltfDocument& doc, const ImportOptions& options, ImportReport& report) {
    auto found = findNodes(doc, options.map);
    if (!found) return Error{doc.path(), {}, found.error().message};
    Recording r;
    r.encoding = options.encoding.value_or(Encoding{1, Layout::Compact});
    const KeyFit fit = r.encoding.layout == Layout::Full ? KeyFit::Hermite : KeyFit::Linear;
    r.hasCameraPose = found->camera >= 0;
    r.hasEyeGaze = found->gazeOrigin >= 0 && found->gazeDirection >= 0;
    r.hasHandData = 0;
    for (const auto& hand : found->hands)
        for (int node : hand.joints) r.hasHandData |= node >= 0;
    const bool anything = r.hasCameraPose || r.hasHandData || r.hasEyeGaze;
    if (anything && r.encoding.minor == 0) {
        // 1.0 always holds a camera and hands (empty curves where absent) and never gaze.
        if (r.hasEyeGaze) report.notes.push_back("format 1.0 cannot hold eye gaze: the gaze nodes are left out");
        r.hasCameraPose = r.hasHandData = 1;
        r.hasEyeGaze = 0;
    }
    if (!anything) {
        std::string names;
        const auto& nodes = doc.model().nodes;
        for (std::size_t n = 0; n < nodes.size() && n < 40; ++n) names += (n ? ", " : "") + (nodes[n].name.empty() ? "(unnamed)" : nodes[n].name);
        if (nodes.size() > 40) names += ", ... (" + std::to_string(nodes.size()) + " nodes)";
        return Error{doc.path(), {}, "no hand joint, camera or gaze node recognised; nodes: " + (names.empty() ? "none" : names) +
                                         " (name them as the README lists, or give --map)"};
    }
    if (found->unsidedHand >= 0)
        report.notes.push_back(std::string("joint names say no Left or Right: taken as the ") +
                               (found->unsidedHand == 1 ? "right" : "left") + " hand (--map chooses otherwise)");
    const double posTol = options.positionTolerance, rotTol = options.rotationTolerance;
    bool coarsened = false;
    WorldCache cache;
    const bool writtenByBlender = doc.model().asset.generator.rfind("Khronos glTF Blender I/O", 0) == 0;
    std::set<int> skinJoints;
    for (const auto& skin : doc.model().skins) skinJoints.insert(skin.joints.begin(), skin.joints.end());
    if (writtenByBlender && !skinJoints.empty())
        report.notes.push_back("written by Blender: bones turned back a quarter turn about X to MRTK's joint axes");
    if (r.hasCameraPose) {
        SampledVector position, rotation;
        samplePoses(doc, found->camera, sampleTimes(doc.keyTimesAffecting(found->camera), options.sampleRate, coarsened),
                    found->cameraFromGltfCamera ? kCameraViewTurn : glm::dquat(1, 0, 0, 0), -1, position, rotation, cache);
        fitInto(position, 3, false, posTol, fit, &r.curves[cameraCurve(0)]);
        fitInto(rotation, 4, true, rotTol, fit, &r.curves[cameraCurve(3)]);
    }
    for (Hand hand : {Hand::Left, Hand::Right}) {
        const HandNodes& nodes = found->hands[int(hand)];
        const std::string side = hand == Hand::Left ? "left" : "right";
        SampledVector wrist[2], middle[2];
        float firstKey = std::numeric_limits<float>::infinity(), lastKey = -firstKey;
        bool anyJoint = false;
        for (int joint = 0; joint < kJointCount; ++joint) {
            const int node = nodes.joints[joint];
            if (node < 0) continue;
            anyJoint = true;
            ++report.jointsFound;
            const auto keyTimes = doc.keyTimesAffecting(node);
            if (!keyTimes.empty()) firstKey = std::min(firstKey, keyTimes.front()), lastKey = std::max(lastKey, keyTimes.back());
            SampledVector position, rotation;
            const bool blenderBone = writtenByBlender && skinJoints.count(node);
            samplePoses(doc, node, sampleTimes(keyTimes, options.sampleRate, coarsened), blenderBone ? kBlenderBoneTurn : glm::dquat(1, 0, 0, 0),
                        nodes.tracked, position, rotation, cache);
            fitInto(position, 3, false, posTol, fit, &r.curves[jointCurve(hand, Joint(joint), kPositionX)]);
            fitInto(rotation, 4, true, rotTol, fit, &r.curves[jointCurve(hand, Joint(joint), kRotationX)]);
            if (Joint(joint) == Joint::Wrist) wrist[0] = std::move(position), wrist[1] = std::move(rotation);
            if (Joint(joint) == Joint::MiddleKnuckle) middle[0] = std::move(position), middle[1] = std::move(rotation);
        }
        if (nodes.joints[indexOf(Joint::Palm)] < 0 && anyJoint)
            derivePalm(r, hand, wrist, middle, report, side, posTol, rotTol, fit);
        Curve& tracked = r.curves[booleanCurve(trackedCurve(hand))];
        Curve& pinching = r.curves[booleanCurve(pinchingCurve(hand))];
        const ChannelData* trackedChannel = nodes.tracked < 0 ? nullptr : doc.channel(nodes.tracked, nodes.trackedPath);
        const ChannelData* pinchingChannel = nodes.pinching < 0 ? nullptr : doc.channel(nodes.pinching, nodes.pinchingPath);
        if (trackedChannel) {
            booleanFromChannel(*trackedChannel, tracked);
        } else if (anyJoint && firstKey <= lastKey) {
            tracked.keys = {Key{0, firstKey <= 0 ? 1.0f : 0.0f}};
            if (firstKey > 0) tracked.keys.push_back(Key{firstKey, 1});
            if (lastKey > firstKey) tracked.keys.push_back(Key{lastKey, 0});
            report.notes.push_back(side + " hand: no tracked channel; tracked while its joints are animated");
        } else {
            tracked.keys = {Key{0, anyJoint ? 1.0f : 0.0f}};
        }
        if (pinchingChannel) booleanFromChannel(*pinchingChannel, pinching);
        else pinching.keys = {Key{0, 0}};
    }
    if (r.hasEyeGaze) {
        SampledVector origin, direction, unusedRotation;
        std::vector<float> times = doc.keyTimesAffecting(found->gazeDirection);
        times = sampleTimes(times, options.sampleRate, coarsened);
        samplePoses(doc, found->gazeOrigin, times, glm::dquat(1, 0, 0, 0), -1, origin, unusedRotation, cache);
        samplePoses(doc, found->gazeDirection, times, glm::dquat(1, 0, 0, 0), -1, direction, unusedRotation, cache);
        for (std::size_t i = 0; i < times.size(); ++i)
            for (int c = 0; c < 3; ++c) direction.values[i][c] -= origin.values[i][c];
        fitInto(origin, 3, false, posTol, fit, &r.curves[gazeCurve(0)]);
        fitInto(direction, 3, false, posTol, fit, &r.curves[gazeCurve(3)]);
    }
    if (coarsened)
        report.notes.push_back("few keys over a long time span: motion between keys was sampled more coarsely than " +
                               std::to_string(int(options.sampleRate)) + " Hz");
    return r;
}

}  // namespace inputanim
