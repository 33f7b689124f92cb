#include "hand_rig.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <set>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/hand_model.hpp"
#include "node_names.hpp"
#include "rig_geometry.hpp"

namespace inputanim {
namespace {

using namespace rig;

std::string seconds(double t) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f s", t);
    return text;
}

std::string nameOf(const GltfDocument& doc, int node) {
    const std::string& name = doc.model().nodes[std::size_t(node)].name;
    return name.empty() ? "node " + std::to_string(node) : name;
}

struct Bucket {  // joints of one side (or of none) as found by name
    std::array<int, kJointCount> nodes;
    std::array<bool, kJointCount> trapezium{};
    int handNode = -1;
    Bucket() { nodes.fill(-1); }
    bool any() const {
        return std::any_of(nodes.begin() + 1, nodes.end(), [](int n) { return n >= 0; });
    }
};

std::string jointsListed(const Bucket& bucket, bool present) {
    std::string text;
    for (Joint joint : kJoints)
        if (joint != Joint::None && (bucket.nodes[indexOf(joint)] >= 0) == present)
            text += (text.empty() ? "" : ", ") + std::string(jointName(joint));
    return text.empty() ? "none" : text;
}

// A hand needs its wrist and the last joint (tip or distal) of four fingers: with less, MRTK's hand would have
// joints at the origin.
std::optional<std::string> tooLittle(const Bucket& bucket) {
    int fingers = 0;
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        fingers += bucket.nodes[indexOf(chain.back())] >= 0 || bucket.nodes[indexOf(chain[chain.size() - 2])] >= 0;
    }
    if (bucket.nodes[indexOf(Joint::Wrist)] >= 0 && fingers >= 4) return std::nullopt;
    return "recognised " + jointsListed(bucket, true) +
           "; a hand needs the Wrist and the tip (or distal joint) of four fingers, missing " +
           jointsListed(bucket, false);
}

// The pose whose geometry tells a hand's side and its frames: the rest pose (the nodes' own transforms) or, where
// that pose is no hand (rigs whose transforms all live in the animation), the pose at the hand's first key time.
struct ReferencePose {
    HandPositions positions;  // completed
    std::array<std::array<double, 16>, kJointCount> world{};  // each joint node's world matrix
    std::optional<PalmAxes> axes;
    std::optional<float> keyTime;  // when not the rest pose
};

ReferencePose referencePose(const GltfDocument& doc, const Bucket& bucket, int stateNode) {
    auto at = [&](std::optional<float> time) {
        ReferencePose pose;
        pose.keyTime = time;
        GltfDocument::Player player(doc);
        for (Joint joint : kJoints)
            if (const int node = bucket.nodes[indexOf(joint)]; node >= 0 && joint != Joint::None) {
                auto& world = pose.world[indexOf(joint)];
                world = time ? player.worldAt(node, *time, stateNode) : doc.restWorldOf(node, stateNode);
                pose.positions.set(joint, fromGlm(mirrored(translationOf(world))));
            }
        completeHand(pose.positions);
        pose.axes = palmAxes(pose.positions);
        return pose;
    };
    ReferencePose rest = at(std::nullopt);
    if (rest.axes && plausible(*rest.axes)) return rest;
    std::optional<float> first;
    for (int node : bucket.nodes)
        if (const auto times = node < 0 ? std::vector<float>{} : doc.keyTimesAffecting(node); !times.empty())
            first = std::min(first.value_or(times.front()), times.front());
    if (!first) return rest;
    ReferencePose keyed = at(first);
    return keyed.axes && plausible(*keyed.axes) ? keyed : rest;
}

// "its 25 joints all lie at one point (0, 0, 0 m) at rest and at its first key": why no palm can be told, or nullopt.
std::optional<std::string> collapsed(const ReferencePose& pose, const Bucket& bucket) {
    std::optional<glm::dvec3> first;
    std::size_t count = 0;
    for (Joint joint : kJoints) {
        if (bucket.nodes[indexOf(joint)] < 0 || joint == Joint::None) continue;
        const glm::dvec3 p = toGlm(pose.positions[joint]);
        if (first && glm::distance(*first, p) > 1e-6) return std::nullopt;
        if (!first) first = p;
        ++count;
    }
    if (!first) return std::nullopt;
    char text[160];
    std::snprintf(text, sizeof text, "its %zu joint%s at one point (%.4g, %.4g, %.4g m)%s: its bones have no length",
                  count, count == 1 ? " lies" : "s all lie", first->x + 0.0, first->y + 0.0, first->z + 0.0,
                  pose.keyTime ? " at rest and at its first key" : "");
    return std::string(text);
}

}  // namespace

bool HandRig::any() const {
    return std::any_of(nodes.begin() + 1, nodes.end(), [](int n) { return n >= 0; });
}

std::optional<std::array<double, 4>> mrtkRotation(const std::array<double, 16>& world, const Matrix3& turn) {
    const dmat3 m = linearOf(world) * glm::make_mat3(turn.data());
    if (!(glm::length(m[2]) > 1e-12)) return std::nullopt;
    const dvec3 z = glm::normalize(m[2]);
    dvec3 x = m[0] - glm::dot(m[0], z) * z;
    x = glm::length(x) > 1e-12 ? glm::normalize(x)
                               : glm::normalize(glm::cross(std::abs(z.y) < 0.9 ? dvec3(0, 1, 0) : dvec3(1, 0, 0), z));
    const glm::dquat q = glm::normalize(glm::quat_cast(dmat3(x, glm::cross(z, x), z)));
    return std::array<double, 4>{q.x, q.y, q.z, q.w};
}

namespace {

// Finds the rigs in phases: the node map, then names (joints, hands, states, camera, gaze) into buckets by side,
// hand nodes, joints whose names say no side, each hand's frames, and the camera and gaze.
class RigFinder {
public:
    RigFinder(const GltfDocument& doc, const ImportOptions& options)
        : doc_(doc), options_(options), nodes_(doc.model().nodes) {}

    Result<RigsFound> find() {
        if (auto s = mapJoints(); !s) return s.error();
        classifyByName();
        takeHandNodes();
        if (auto s = placeSidelessJoints(); !s) return s.error();
        for (Hand hand : kHands)
            if (buckets_[int(hand)].any())
                if (auto s = measureHand(hand); !s) return s.error();
        if (numbering_ != Numbering::Meta)
            found_.notes.push_back(Finding::note(
                "numbering",
                "numbered joint names read as " + std::string(numberingName(numbering_)) + " numbers them"));
        findCameraAndGaze();
        return std::move(found_);
    }

private:
    // The node map first: its entries replace what names would find.
    Status mapJoints() {
        for (const auto& [nodeName, target] : options_.map.joints) {
            const int node = doc_.findNode(nodeName);
            const auto dot = target.find('.');
            const auto joint = dot == std::string::npos ? std::nullopt : jointNamed(target.substr(dot + 1));
            const std::string side = target.substr(0, dot);
            if (node < 0 || !joint || (side != "left" && side != "right"))
                return Error::usage("the node map's joint entry \"" + nodeName + "\": \"" + target +
                                        "\" does not name an existing node and a joint like left.IndexTip",
                                    Reason::NodeMapInvalid);
            buckets_[side == "left" ? 0 : 1].nodes[indexOf(*joint)] = node;
            mapped_.insert(node);
        }
        for (int b = 0; b < 2; ++b)
            for (Joint joint : kJoints) mappedJoint_[b][indexOf(joint)] = buckets_[b].nodes[indexOf(joint)] >= 0;
        return Success{};
    }

    // Every node by its name, into the bucket of its side: its own name's, else its nearest ancestor's.
    void classifyByName() {
        std::vector<std::string> names;
        for (const auto& node : nodes_) names.push_back(node.name);
        numbering_ = numberingOf(names);
        for (const auto& skin : doc_.model().skins) skinJoints_.insert(skin.joints.begin(), skin.joints.end());
        std::vector<Side> sides(nodes_.size(), Side::Unknown);
        for (int n : doc_.parentsFirst()) {  // parents come first
            sides[n] = sideOfName(nodes_[n].name);
            if (sides[n] == Side::Unknown && doc_.parentOf(n) >= 0) sides[n] = sides[doc_.parentOf(n)];
            if (!mapped_.count(n)) classify(n, sides[n] == Side::Left ? 0 : sides[n] == Side::Right ? 1 : 2);
        }
    }

    void classify(int n, int b) {
        const NodeMeaning meaning = meaningOf(nodes_[n].name, numbering_);
        Bucket& bucket = buckets_[b];
        switch (meaning.role) {
            case NodeRole::Joint: {
                const int j = indexOf(*meaning.joint);
                if (b < 2 && mappedJoint_[b][j]) break;
                int& slot = bucket.nodes[j];
                // Prefer a real metacarpal to Meta's trapezium, and a skin's joint to another node of the same name.
                const bool better = slot < 0 || (bucket.trapezium[j] && !meaning.trapezium) ||
                                    (!skinJoints_.count(slot) && skinJoints_.count(n));
                if (better) slot = n, bucket.trapezium[j] = meaning.trapezium;
                break;
            }
            case NodeRole::Hand:
                if (bucket.handNode < 0) bucket.handNode = n;
                break;
            case NodeRole::Tracking:  // MRTK's 2019 prototype: translation.x
                if (b < 2) stateNodes_[b] = n, statePaths_[b] = "translation";
                break;
            case NodeRole::Pinching:
                if (b < 2 && pinchingNodes_[b] < 0)
                    pinchingNodes_[b] = n,
                    pinchingPaths_[b] = nodes_[n].name.find('.') != std::string::npos ? "translation" : "scale";
                break;
            case NodeRole::Camera:
                if (found_.camera < 0) found_.camera = n;
                break;
            case NodeRole::Gaze:
                if (found_.gazeOrigin < 0) found_.gazeOrigin = n;
                break;
            case NodeRole::GazeDirection:
                if (found_.gazeDirection < 0) found_.gazeDirection = n;
                break;
            case NodeRole::None: break;
        }
    }

    // A node named as the hand is the wrist of rigs that have none (Rigify's hand.L, Mixamo's LeftHand), else the
    // node whose scale carries the tracked state (this profile's Hand_Left).
    void takeHandNodes() {
        for (int b = 0; b < 3; ++b) {
            Bucket& bucket = buckets_[b];
            if (bucket.handNode < 0) continue;
            if (bucket.nodes[indexOf(Joint::Wrist)] < 0 && bucket.any()) {
                bucket.nodes[indexOf(Joint::Wrist)] = bucket.handNode;
                found_.notes.push_back(
                    Finding::note("wrist-taken", "'" + nameOf(doc_, bucket.handNode) + "' taken as the wrist"));
            } else if (b < 2 && stateNodes_[b] < 0) {
                stateNodes_[b] = bucket.handNode;
            }
        }
    }

    // Joints whose names (and ancestors) say no side: the side asked for, else the hand's shape.
    Status placeSidelessJoints() {
        const std::optional<Hand> forced = options_.side;
        if (!buckets_[2].any()) return forced ? swapToSideAsked(*forced) : Success{};
        std::optional<Hand> side = forced;
        std::string how = "as asked";
        if (!side) {
            const ReferencePose pose = referencePose(doc_, buckets_[2], -1);
            if (auto why = collapsed(pose, buckets_[2]))
                return Error{doc_.path(),
                             {},
                             "the hand's joint names say no side, and its shape cannot tell one: " + *why +
                                 ", so its nodes make no hand MRTK can play (where other nodes carry the hand's "
                                 "joints, name them in a node map, with the side)",
                             ErrorKind::Malformed,
                             Reason::NodesUnrecognised};
            const double evidence = pose.axes ? leftEvidence(pose.positions, *pose.axes) : 0;
            if (std::abs(evidence) < 0.02)
                return Error{doc_.path(),
                             {},
                             "the hand's joint names say no side (" +
                                 nameOf(doc_, *std::find_if(buckets_[2].nodes.begin() + 1, buckets_[2].nodes.end(),
                                                            [](int n) { return n >= 0; })) +
                                 ", ...) and its rest pose is too flat to tell which",
                             ErrorKind::Usage,
                             Reason::SideUnknown};
            side = evidence > 0 ? Hand::Left : Hand::Right;
            how = "told by its shape: the fingers curl and the thumb sits towards the palm on the " +
                  std::string(handName(*side)) + " hand's side";
        }
        if (buckets_[int(*side)].any()) side = otherHand(*side), how += " (the other side's name was taken)";
        if (buckets_[int(*side)].any()) {
            found_.notes.push_back(Finding::note(
                "sideless-joints-left-out", "joints without a side in their names are left out: both hands are named"));
        } else {
            buckets_[int(*side)] = buckets_[2];
            found_.notes.push_back(Finding::note(
                forced ? "side-given" : "side-by-shape",
                "joint names say no Left or Right: the " + std::string(handName(*side)) + " hand, " + how));
        }
        return Success{};
    }

    // One hand named by its side, taken as the side asked for.
    Status swapToSideAsked(Hand forced) {
        const bool left = buckets_[0].any(), right = buckets_[1].any();
        if (left && right)
            return Error{
                {}, {}, "a side was given, but this file names both hands", ErrorKind::Usage, Reason::SideOfTwoHands};
        if ((left || right) && (left ? Hand::Left : Hand::Right) != forced) {
            std::swap(buckets_[0], buckets_[1]);
            std::swap(stateNodes_[0], stateNodes_[1]), std::swap(pinchingNodes_[0], pinchingNodes_[1]);
            found_.notes.push_back(
                Finding::note("side-given", "the hand named " + std::string(left ? "left" : "right") +
                                                " is taken as the " + std::string(handName(forced)) + ", as asked"));
        }
        return Success{};
    }

    Error notEnough(Hand hand, const Bucket& bucket, const std::string& problem) const {
        std::string unknown;  // nodes the names did not place, for the example
        for (std::size_t n = 0; n < nodes_.size() && unknown.empty(); ++n)
            if (std::find(bucket.nodes.begin(), bucket.nodes.end(), int(n)) == bucket.nodes.end() &&
                !nodes_[n].name.empty() && !nodes_[n].children.empty())
                unknown = nodes_[n].name;
        return Error{doc_.path(),
                     {},
                     "the " + std::string(handName(hand)) + " hand is not enough to play: " + problem +
                         ". A node map names them, for example {\"joints\": {\"" +
                         (unknown.empty() ? "NodeName" : unknown) + "\": \"" + std::string(handName(hand)) +
                         ".Wrist\"}}",
                     ErrorKind::Malformed,
                     Reason::NodesUnrecognised};
    }

    // The hand's turns from its nodes' axes to MRTK's frames, measured in its reference pose.
    Status measureHand(Hand hand) {
        const Bucket& bucket = buckets_[int(hand)];
        if (auto problem = tooLittle(bucket)) return notEnough(hand, bucket, *problem);
        const ReferencePose reference = referencePose(doc_, bucket, stateNodes_[int(hand)]);
        const auto frames = mrtkFramesAt(hand, reference.positions);
        if (!frames) {
            const auto why = collapsed(reference, bucket);
            return Error{doc_.path(),
                         {},
                         "the " + std::string(handName(hand)) +
                             " hand's palm cannot be told: " + (why ? *why : "its knuckles are missing or together") +
                             ", so its nodes make no hand MRTK can play (where other nodes carry the hand's joints, "
                             "name them in a node map)",
                         ErrorKind::Malformed,
                         Reason::NodesUnrecognised};
        }
        if (reference.keyTime)
            found_.notes.push_back(Finding::note(
                "axes-at-first-key", std::string(handName(hand)) +
                                         " hand: its rest pose holds no hand; joint axes measured at its first key (" +
                                         seconds(*reference.keyTime) + ")"));
        HandRig rig;
        rig.nodes = bucket.nodes;
        rig.stateNode = stateNodes_[int(hand)], rig.statePath = statePaths_[int(hand)];
        rig.pinchingNode = pinchingNodes_[int(hand)], rig.pinchingPath = pinchingPaths_[int(hand)];
        bool turns = false, moves = false;
        std::vector<std::pair<dmat3, dmat3>> axesAndFrames;  // each joint node's axes, and MRTK's frame (glTF space)
        for (Joint joint : kJoints) {
            const int node = bucket.nodes[indexOf(joint)];
            if (node < 0 || joint == Joint::None) continue;
            const dmat3 mrtk = mirrored(toMatrix((*frames)[indexOf(joint)].rotation));
            const dmat3 axes = linearOf(reference.world[indexOf(joint)]);
            const dmat3 turn = glm::inverse(axes) * mrtk;
            std::copy(glm::value_ptr(turn), glm::value_ptr(turn) + 9, rig.turn[indexOf(joint)].begin());
            axesAndFrames.emplace_back(axes, mrtk);
            turns |= doc_.channel(node, "rotation") != nullptr;
            moves |= doc_.channel(node, "translation") != nullptr;
        }
        if (turns) keepAxesIfMrtks(hand, axesAndFrames, rig);
        rig.framesFromPositions = moves && !turns;
        if (rig.framesFromPositions)
            found_.notes.push_back(
                Finding::note("axes-from-positions",
                              std::string(handName(hand)) +
                                  " hand: its joints move without turning; joint axes follow their positions"));
        found_.hands[int(hand)] = rig;
        return Success{};
    }

    // A rig whose joint axes are MRTK's, or MRTK's with axes swapped the same way for every joint (as Blender
    // turns bones to +Y), keeps its own roll about each bone, which positions do not tell.
    void keepAxesIfMrtks(Hand hand, const std::vector<std::pair<dmat3, dmat3>>& axesAndFrames, HandRig& rig) {
        const auto swaps = axisSwaps(axesAndFrames);
        if (!swaps) return;
        std::size_t i = 0;
        bool same = true;
        for (Joint joint : kJoints)
            if (rig.nodes[indexOf(joint)] >= 0 && joint != Joint::None) {
                const dmat3& swap = (*swaps)[i++];
                same = same && swap == (*swaps)[0];
                std::copy(glm::value_ptr(swap), glm::value_ptr(swap) + 9, rig.turn[indexOf(joint)].begin());
            }
        found_.notes.push_back(Finding::note("axes-kept", std::string(handName(hand)) +
                                                              " hand: its joint axes are MRTK's" +
                                                              (same && (*swaps)[0] == dmat3(1) ? ""
                                                               : same ? " with their axes swapped alike"
                                                                      : " with their axes swapped") +
                                                              "; its rotations are kept"));
    }

    // The camera: named, else the first node holding a glTF camera; the node map overrides names.
    void findCameraAndGaze() {
        if (found_.camera < 0)
            for (std::size_t n = 0; n < nodes_.size() && found_.camera < 0; ++n)
                if (nodes_[n].camera >= 0) found_.camera = int(n), found_.cameraFromGltfCamera = true;
        auto byName = [&](const std::string& name) { return name.empty() ? -1 : doc_.findNode(name); };
        if (int n = byName(options_.map.camera); n >= 0) found_.camera = n, found_.cameraFromGltfCamera = false;
        if (int n = byName(options_.map.gazeOrigin); n >= 0) found_.gazeOrigin = n;
        if (int n = byName(options_.map.gazeDirection); n >= 0) found_.gazeDirection = n;
        for (int b = 0; b < kBooleanCount; ++b)
            if (auto it = options_.map.booleans.find(std::string(booleanName(BooleanCurve(b))));
                it != options_.map.booleans.end()) {
                auto& rig = found_.hands[b % 2];
                if (!rig) continue;
                (b < 2 ? rig->stateNode : rig->pinchingNode) = doc_.findNode(it->second);
                (b < 2 ? rig->statePath : rig->pinchingPath) = "scale";
            }
    }

    const GltfDocument& doc_;
    const ImportOptions& options_;
    const std::vector<tinygltf::Node>& nodes_;
    RigsFound found_;
    Numbering numbering_{};
    std::set<int> skinJoints_, mapped_;
    std::array<Bucket, 3> buckets_;  // left, right, no side
    std::array<std::array<bool, kJointCount>, 3> mappedJoint_{};
    std::array<int, 2> stateNodes_{-1, -1}, pinchingNodes_{-1, -1};
    std::array<const char*, 2> statePaths_{"scale", "scale"}, pinchingPaths_{"scale", "scale"};
};

}  // namespace

Result<RigsFound> findRigs(const GltfDocument& doc, const ImportOptions& options) {
    return RigFinder(doc, options).find();
}

}  // namespace inputanim
