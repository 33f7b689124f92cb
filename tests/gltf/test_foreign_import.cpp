// glTF files from other tools -> recording: joints found by the names of the main ecosystems, the side by name or
// shape, MRTK's joint frames from each rig's geometry, world poses as glTF plays them; and what is refused.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/quaternion.hpp>

#include "inputanim/analysis/diff.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "support/fixtures.hpp"
#include "support/foreign_gltf.hpp"
#include "support/hand_frames.hpp"
#include "support/rig_names.hpp"

using namespace inputanim;
using namespace hand_frames;
using namespace rig_names;

TEST_CASE("the 2019 prototype's names and Tracking/Pinching nodes") {
    ForeignModel m;
    const int tip = m.node("Hand.Left.Joint.IndexTip", -1);
    m.channel(tip, "translation", {0, 2}, {0.1f, 1, 0.3f, 0.2f, 1, 0.3f});
    addRestHand(m, Hand::Left, [](Joint j) { return "Hand.Left.Joint." + std::string(jointName(j)); }, -1, {Joint::IndexTip});
    const int tracking = m.node("Hand.Left.Tracking", -1);
    m.channel(tracking, "translation", {0, 0.5f, 1.5f}, {0, 0, 0, 1, 0, 0, 0, 0, 0}, "STEP");
    const int pinching = m.node("Hand.Left.Pinching", -1);
    m.channel(pinching, "translation", {0, 1}, {0, 0, 0, 1, 0, 0});  // LINEAR: crosses 0.5 at 0.5 s
    ImportReport report;
    auto r = importGltf(m.glb(), "prototype.glb", {}, &report);
    REQUIRE(r.ok());
    CHECK(report.jointsFound == 26);
    CHECK(evaluate(r->curves[jointCurve(Hand::Left, Joint::IndexTip, 0)], 1.0) == Approx(-0.15));
    const auto& tracked = r->curves[booleanCurve(BooleanCurve::TrackedLeft)].keys;
    REQUIRE(tracked.size() == 3);
    CHECK(tracked[1].time == 0.5f);
    CHECK(tracked[1].value == 1.0f);
    CHECK(tracked[2].time == 1.5f);
    const auto& pinch = r->curves[booleanCurve(BooleanCurve::PinchingLeft)].keys;
    REQUIRE(pinch.size() == 2);
    CHECK(pinch[1].time == Approx(0.5f));
    CHECK(r->curves[jointCurve(Hand::Right, Joint::IndexTip, 0)].keys.empty());
}

TEST_CASE("a WebXR-style hand converts with the right joints, its side told by its shape, and a derived palm") {
    // WebXR's 25 joints (no palm) with names that say no side: a left hand's rest pose, moving up 0.1 m/s.
    ForeignModel m;
    const int armature = m.node("Armature", -1);
    const std::vector<Joint> joints = {Joint::Wrist,
                                       Joint::ThumbMetacarpalJoint,
                                       Joint::ThumbProximalJoint,
                                       Joint::ThumbDistalJoint,
                                       Joint::ThumbTip,
                                       Joint::IndexMetacarpal,
                                       Joint::IndexKnuckle,
                                       Joint::IndexMiddleJoint,
                                       Joint::IndexDistalJoint,
                                       Joint::IndexTip,
                                       Joint::MiddleMetacarpal,
                                       Joint::MiddleKnuckle,
                                       Joint::MiddleMiddleJoint,
                                       Joint::MiddleDistalJoint,
                                       Joint::MiddleTip,
                                       Joint::RingMetacarpal,
                                       Joint::RingKnuckle,
                                       Joint::RingMiddleJoint,
                                       Joint::RingDistalJoint,
                                       Joint::RingTip,
                                       Joint::PinkyMetacarpal,
                                       Joint::PinkyKnuckle,
                                       Joint::PinkyMiddleJoint,
                                       Joint::PinkyDistalJoint,
                                       Joint::PinkyTip};
    for (Joint joint : joints) {
        const int node = m.node(kWebXrNames(Hand::Left, joint), armature, restPosition(Hand::Left, joint));
        std::vector<float> translations;
        for (float t : {0.0f, 1.0f, 2.0f}) {
            const glm::dvec3 p = restPosition(Hand::Left, joint, glm::dvec3(0, 1 + 0.1 * t, 0.3));
            translations.insert(translations.end(), {float(p.x), float(p.y), float(p.z)});
        }
        m.channel(node, "translation", {0, 1, 2}, translations);
    }
    ImportReport report;
    auto r = importGltf(m.glb(), "webxr.glb", {}, &report);
    if (!r) FAIL(r.error().describe());
    CHECK_FALSE(report.ownFile);
    CHECK(report.jointsFound == 25);
    CHECK(r->encoding == Encoding{1, Layout::Compact});
    CHECK(r->hasHandData == 1);
    CHECK(r->hasCameraPose == 0);
    CHECK(r->curves[jointCurve(Hand::Right, Joint::Wrist, 0)].keys.empty());  // a left hand, by its shape
    for (double t : {0.0, 0.5, 1.7}) {
        const glm::dvec3 offset(0, 1 + 0.1 * t, 0.3);
        CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint::IndexTip, t)), restPosition(Hand::Left, Joint::IndexTip, offset)) < 1e-4);
        CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint::Wrist, t)), restPosition(Hand::Left, Joint::Wrist, offset)) < 1e-4);
        // The palm: halfway along the middle metacarpal, as MRTK places it.
        const glm::dvec3 palm =
            0.5 * (restPosition(Hand::Left, Joint::MiddleMetacarpal, offset) + restPosition(Hand::Left, Joint::MiddleKnuckle, offset));
        CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint::Palm, t)), palm) < 1e-4);
    }
    CHECK(r->curves[jointCurve(Hand::Left, Joint::None, 0)].keys.empty());  // None: no WebXR joint
    CHECK(r->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys.size() == 2);  // linear motion: its end keys
    bool sideNote = false, palmNote = false;
    for (const auto& note : report.notes) {
        sideNote |= note.message.find("the left hand, told by its shape") != std::string::npos;
        palmNote |= note.message.find("derived from the joints the rig has: Palm") != std::string::npos;
    }
    CHECK(sideNote);
    CHECK(palmNote);
    const auto& tracked = r->curves[booleanCurve(BooleanCurve::TrackedLeft)].keys;  // tracked while animated: 0 to 2 s
    REQUIRE(tracked.size() == 2);
    CHECK(tracked[0].value == 1.0f);
    CHECK(tracked[1].time == 2.0f);

    ImportOptions right;  // --side overrides the shape
    right.side = Hand::Right;
    auto forced = importGltf(m.glb(), "webxr.glb", right);
    REQUIRE(forced.ok());
    CHECK(forced->curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.empty());
    CHECK_FALSE(forced->curves[jointCurve(Hand::Right, Joint::Wrist, 0)].keys.empty());
}

TEST_CASE("a hierarchical rig converts to the right world poses") {
    // Left index finger as a chain: wrist -> metacarpal -> knuckle -> middle -> distal -> tip, each 3 cm
    // along its parent's +Z, each bending about X. Knuckle uses CUBICSPLINE, the others LINEAR.
    ForeignModel m;
    const int root = m.node("Armature.L", -1, glm::dvec3(0.1, 1.2, 0.3));
    const char* chain[] = {"Wrist", "IndexMetacarpal", "IndexProximal", "IndexIntermediate", "IndexDistal", "IndexTip"};
    std::vector<int> nodes;
    int parent = root;
    const std::vector<float> times{0, 0.5, 1.0};
    auto bend = [](int j, double t) { return glm::radians(10.0 * j * t + 5.0 * j * t * t); };
    for (int j = 0; j < 6; ++j) {
        parent = m.node(std::string("Bone_") + chain[j] + "_L", parent, j == 0 ? glm::dvec3(0) : glm::dvec3(0, 0, 0.03));
        nodes.push_back(parent);
        std::vector<float> out;
        const bool cubic = j == 2;
        for (float t : times) {
            const glm::dquat q = glm::angleAxis(bend(j, t), glm::dvec3(1, 0, 0));
            // Tangent of the bend: d/dt of the quaternion (half-angle derivative about X).
            const double rate = glm::radians(10.0 * j + 10.0 * j * t) / 2;
            const glm::dquat dq(-std::sin(bend(j, t) / 2) * rate, std::cos(bend(j, t) / 2) * rate, 0, 0);
            if (cubic) out.insert(out.end(), {float(dq.x), float(dq.y), float(dq.z), float(dq.w)});
            out.insert(out.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
            if (cubic) out.insert(out.end(), {float(dq.x), float(dq.y), float(dq.z), float(dq.w)});
        }
        m.channel(parent, "rotation", times, out, cubic ? "CUBICSPLINE" : "LINEAR");
    }
    // The other fingers, static under the wrist, so that the rig is a hand (their places matter little here).
    addRestHand(m, Hand::Left, [](Joint j) { return "Bone_" + std::string(jointName(j)) + "_L"; }, nodes[0],
                {Joint::Wrist, Joint::IndexMetacarpal, Joint::IndexKnuckle, Joint::IndexMiddleJoint, Joint::IndexDistalJoint, Joint::IndexTip});
    auto r = importGltf(m.glb(), "rig.glb");
    if (!r) FAIL(r.error().describe());
    // Expected world positions, composed independently by glTF's rules: at the keys, and between them (LINEAR:
    // slerp about one axis turns the angle linearly; CUBICSPLINE: the Hermite basis on the quaternion's components
    // with tangents times the interval's length, normalised), against the fitted keys (0.1 mm).
    auto localRotation = [&](int j, double t) {
        const std::size_t k = t < 0.5 ? 0 : 1;
        const double t0 = times[k], t1 = times[k + 1], d = t1 - t0, s = (t - t0) / d;
        if (j != 2) return glm::angleAxis(bend(j, t0) + s * (bend(j, t1) - bend(j, t0)), glm::dvec3(1, 0, 0));
        auto keyAndTangent = [&](double tk) {
            const double rate = glm::radians(10.0 * j + 10.0 * j * tk) / 2;
            return std::pair{glm::angleAxis(bend(j, tk), glm::dvec3(1, 0, 0)),
                             glm::dquat(-std::sin(bend(j, tk) / 2) * rate, std::cos(bend(j, tk) / 2) * rate, 0, 0)};
        };
        const auto [p0, m0] = keyAndTangent(t0);
        const auto [p1, m1] = keyAndTangent(t1);
        const double s2 = s * s, s3 = s2 * s;
        const glm::dquat q = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * d * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * d * m1;
        return glm::normalize(q);
    };
    for (double t : {0.0, 0.2, 0.5, 0.7, 0.85, 1.0}) {
        glm::dmat4 world = glm::translate(glm::dmat4(1), glm::dvec3(0.1, 1.2, 0.3));
        for (int j = 0; j < 6; ++j) {
            if (j > 0) world = world * glm::translate(glm::dmat4(1), glm::dvec3(0, 0, 0.03));
            world = world * glm::mat4_cast(localRotation(j, std::min(t, 0.999999)));
            const int mrtk[] = {1, 7, 8, 9, 10, 11};
            INFO("joint " << chain[j] << " at t=" << t);
            CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint(mrtk[j]), t)), glm::dvec3(world[3])) < 1e-4);
        }
    }

    // For encodings that hold tangents, Hermite keys follow the same motion with fewer keys.
    ImportOptions hermiteOptions;
    hermiteOptions.encoding = Encoding{1, Layout::Full};
    auto hermite = importGltf(m.glb(), "rig.glb", hermiteOptions);
    REQUIRE(hermite.ok());
    CHECK(hermite->encoding == Encoding{1, Layout::Full});
    const auto& linearKeys = r->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys;
    const auto& hermiteKeys = hermite->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys;
    CHECK(hermiteKeys.size() < linearKeys.size());
    CHECK(hermiteKeys[1].weightedMode == kWeightedNone);
    const DiffReport fitted = diffRecordings(*r, *hermite).value();
    CHECK(fitted.maxPosition < 2e-4);  // both within 0.1 mm of the evaluated motion
    CHECK(fitted.maxRotation < 0.02);
    CHECK(fixtures::bytesOf(*hermite).size() > 0);  // 1.1 full holds it
}

TEST_CASE("a few keys over a huge time span are sampled more coarsely, not without bound") {
    ForeignModel m;  // found by fuzzing: a 120 Hz grid over 1e9 s asked for gigabytes
    const int wrist = m.node("Hand_Left_Wrist", -1);
    m.channel(wrist, "translation", {0, 1e9f}, {0, 1, 0, 1, 1, 0});
    addRestHand(m, Hand::Left, [](Joint j) { return profileName(Hand::Left, j); }, -1, {Joint::Wrist});
    ImportReport report;
    auto r = importGltf(m.glb(), "sparse.glb", {}, &report);
    REQUIRE(r.ok());
    bool noted = false;
    for (const auto& note : report.notes) noted |= note.message.find("sampled more coarsely") != std::string::npos;
    CHECK(noted);
    // A straight line: a key per reduction window at most (window ends are kept), far fewer than samples.
    CHECK(r->curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.size() <= 200'000 / 2048 + 2);
}

TEST_CASE("files with nothing recognisable list the node names found") {
    ForeignModel m;
    m.node("Cube", -1);
    m.node("Light", -1);
    auto r = importGltf(m.glb(), "scene.glb");
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error().describe(), Catch::Contains("scene.glb: no hand joint, camera or gaze node recognised; nodes: Cube, Light"));
}

TEST_CASE("a mapping file overrides names") {
    ForeignModel m;
    const int head = m.node("HMD", -1);
    m.channel(head, "translation", {0, 1}, {0, 1.6f, 0, 0.1f, 1.6f, 0});
    const int finger = m.node("thing42", -1);
    m.channel(finger, "translation", {0, 1}, {0, 1, 0.3f, 0, 1.1f, 0.3f});
    // A hand whose own IndexTip the map replaces with thing42 (no second hand appears).
    addRestHand(
        m, Hand::Left, [](Joint j) { return profileName(Hand::Left, j); }, -1);
    const std::string json = R"({"camera": "HMD", "joints": {"thing42": "left.IndexTip"}})";
    auto map = parseNodeMap({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, "map.json");
    REQUIRE(map.ok());
    ImportOptions options;
    options.map = *map;
    auto r = importGltf(m.glb(), "mapped.glb", options);
    REQUIRE(r.ok());
    CHECK(r->hasCameraPose == 1);
    CHECK(evaluate(r->curves[cameraCurve(0)], 1.0) == Approx(-0.1));  // X mirrored into Unity space
    CHECK(evaluate(r->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)], 0.5) == Approx(1.05));
    CHECK(r->curves[jointCurve(Hand::Right, Joint::IndexTip, 1)].keys.empty());
}

// ---- rigs of the main ecosystems, built in code: names, sides, bone axes ----

namespace {

// A rig of `hand` in a convention's names and bone axes, under a turned and moved root, whose index finger curls
// at its knuckle by 0, 40 and 80 degrees at 0, 1 and 2 s (about its own X: towards the palm).
struct CurlingRig {
    ForeignModel m;
    std::map<Joint, int> nodes;
    int knuckle = -1;
    glm::dquat knuckleRest;  // the knuckle's local rest rotation
    glm::dvec3 curlAxis;  // MRTK's X in the node's axes

    CurlingRig(Hand hand, const Namer& name, const glm::dquat& nodeAxes, glm::dvec3 rootScale = glm::dvec3(1), const Roll& roll = {}) {
        const int root = m.node("Armature", -1, glm::dvec3(0.1, 1.2, 0.3), glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0)));
        if (rootScale != glm::dvec3(1)) m.model.nodes[std::size_t(root)].scale = {rootScale.x, rootScale.y, rootScale.z};
        nodes = addRig(
            m, restHand(hand), [&](Joint j) { return name(hand, j); }, root, nodeAxes, absentIn(name, hand), roll);
        knuckle = nodes.at(Joint::IndexKnuckle);
        const auto& r = m.model.nodes[std::size_t(knuckle)].rotation;
        knuckleRest = glm::dquat(r[3], r[0], r[1], r[2]);
        curlAxis = glm::inverse(rollOf(roll, Joint::IndexKnuckle) * nodeAxes) * glm::dvec3(1, 0, 0);
        std::vector<float> keys;
        for (double t : {0.0, 1.0, 2.0}) {
            const glm::dquat q = knuckleAt(t);
            keys.insert(keys.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
        }
        m.channel(knuckle, "rotation", {0, 1, 2}, keys);
    }
    glm::dquat knuckleAt(double t) const { return knuckleRest * glm::angleAxis(glm::radians(40.0 * t), curlAxis); }
    glm::dvec3 positionAt(Joint joint, double t) const {  // glTF space
        return glm::dvec3(worldOf(m.model, nodes.at(joint), {{knuckle, NodeTrs{.rotation = knuckleAt(t)}}})[3]);
    }
};

struct Ecosystem {
    const char* label;
    Namer name;
    glm::dquat nodeAxes;
    std::size_t joints;  // the joints it names
};

}  // namespace

TEST_CASE("hand rigs of the main ecosystems import as the right hand with MRTK's joint frames") {
    const std::vector<Ecosystem> ecosystems = {
        {"MRTK3/OpenXR names, MRTK's axes", kMrtk3Names, axes::kMrtk, 26},
        {"WebXR names (no side), -Z along bones", kWebXrNames, axes::kWebXr, 25},
        {"Meta/Oculus names, +X along bones", kMetaNames, axes::kMeta, 22},
        {"Rigify names, Blender's +Y bones", kRigifyNames, axes::kBlender, 20},
        {"Mixamo names, Blender's +Y bones", kMixamoNames, axes::kBlender, 21},
    };
    // Rolls about each bone that no swap of axes explains, as artists leave them: frames from the rig's geometry.
    const Roll artistRoll = [](Joint joint) { return indexOf(joint) % 2 ? 20.0 : 70.0; };
    for (const auto& ecosystem : ecosystems)
        for (Hand hand : kHands)
            for (const bool rolled : {false, true}) {
                INFO(ecosystem.label << ", " << handName(hand) << " hand" << (rolled ? ", rolled by an artist" : ""));
                CurlingRig rig(hand, ecosystem.name, ecosystem.nodeAxes, glm::dvec3(1), rolled ? artistRoll : Roll{});
                if (std::string(ecosystem.label).starts_with("Meta")) {  // Meta's extra nodes: the trapezium and the forearm
                    const std::string side = hand == Hand::Left ? "b_l_" : "b_r_";
                    const int wrist = rig.nodes.at(Joint::Wrist);
                    rig.m.node(side + "thumb0", wrist,
                               0.5 * glm::dvec3(glm::inverse(worldOf(rig.m.model, wrist, {})) *
                                                glm::dvec4(rig.positionAt(Joint::ThumbMetacarpalJoint, 0), 1)));
                    rig.m.node(side + "forearm_stub", wrist, glm::dvec3(0, 0, -0.05));
                }
                ImportReport report;
                auto r = importGltf(rig.m.glb(), "rig.glb", {}, &report);
                if (!r) FAIL(r.error().describe());
                CHECK(report.jointsFound == ecosystem.joints);
                bool kept = false;
                for (const auto& note : report.notes) kept |= note.message.find("its rotations are kept") != std::string::npos;
                CHECK(kept == !rolled);
                CHECK(r->curves[jointCurve(otherHand(hand), Joint::Wrist, 0)].keys.empty());
                for (double t : {0.0, 0.5, 1.0, 1.5, 2.0}) {
                    INFO("t = " << t);
                    const FrameErrors errors = frameErrors(*r, hand, t);
                    INFO("worst +Z: " << errors.worst);
                    CHECK(errors.forward < 2.0);
                    CHECK(errors.wristForward < 2.0);
                    CHECK(errors.up < 10.0);
                    for (const auto& [joint, node] : rig.nodes)
                        CHECK(glm::distance(mirrored(unityPosition(*r, hand, joint, t)), rig.positionAt(joint, t)) < 2e-4);
                }
                // The curl moves the index tip (or its derived stand-in) by centimetres.
                CHECK(glm::distance(unityPosition(*r, hand, Joint::IndexTip, 0), unityPosition(*r, hand, Joint::IndexTip, 2)) > 0.05);
            }
}

TEST_CASE("a rig whose bones each swap MRTK's axes their own way (Blender's importer) keeps its rotations exactly") {
    // Blender turns each bone's +Y toward its child and keeps the nearest of its axes: quarter turns about the bone
    // that differ from bone to bone.
    const Roll quarterTurns = [](Joint joint) { return 90.0 * (indexOf(joint) % 4); };
    CurlingRig rig(Hand::Left, kMrtk3Names, axes::kBlender, glm::dvec3(1), quarterTurns);
    ImportReport report;
    auto r = importGltf(rig.m.glb(), "blender.glb", {}, &report);
    if (!r) FAIL(r.error().describe());
    bool swapped = false;
    for (const auto& note : report.notes) swapped |= note.message.find("with their axes swapped; its rotations are kept") != std::string::npos;
    CHECK(swapped);
    CurlingRig plain(Hand::Left, kMrtk3Names, axes::kMrtk);
    auto expected = importGltf(plain.m.glb(), "plain.glb");
    REQUIRE(expected.ok());
    for (double t : {0.0, 1.0, 2.0})
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            INFO("t = " << t << ", " << jointName(joint));
            const glm::dquat a = unityRotation(*r, Hand::Left, joint, t), b = unityRotation(*expected, Hand::Left, joint, t);
            CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(a, b))))) < 0.01);
        }
}

TEST_CASE("a mirrored armature (negative scale) is the other hand, with proper joint frames") {
    // A left hand's rig under a root scaled by -1 in X: the world holds a right hand, and every node's frame is mirrored.
    CurlingRig rig(Hand::Left, kWebXrNames, axes::kBlender, glm::dvec3(-1, 1, 1));
    ImportReport report;
    auto r = importGltf(rig.m.glb(), "mirrored.glb", {}, &report);
    if (!r) FAIL(r.error().describe());
    CHECK(r->curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.empty());
    for (double t : {0.0, 1.0, 2.0}) {
        const FrameErrors errors = frameErrors(*r, Hand::Right, t);
        INFO("t = " << t << ", worst +Z: " << errors.worst);
        CHECK(errors.forward < 2.0);
        CHECK(errors.wristForward < 2.0);
        CHECK(errors.up < 10.0);
        for (const auto& [joint, node] : rig.nodes)
            CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Right, joint, t)), rig.positionAt(joint, t)) < 2e-4);
        for (Joint joint : kJoints)  // proper rotations: unit quaternions, not reflections
            if (joint != Joint::None) CHECK(glm::length(unityRotation(*r, Hand::Right, joint, t)) == Approx(1.0));
    }
}

TEST_CASE("joints a rig lacks are derived, and named in a note") {
    CurlingRig rig(Hand::Right, kRigifyNames, axes::kBlender);  // no tips, no palm
    ImportReport report;
    auto r = importGltf(rig.m.glb(), "rigify.glb", {}, &report);
    REQUIRE(r.ok());
    std::string notes;
    for (const auto& note : report.notes) notes += note.message + "\n";
    CHECK_THAT(notes, Catch::Contains("right hand: derived from the joints the rig has: ThumbTip, IndexTip, MiddleTip, RingTip, PinkyTip, Palm"));
    CHECK_THAT(notes, Catch::Contains("'DEF-hand.R' taken as the wrist"));
    CHECK_THAT(notes, Catch::Contains("numbered joint names read as Rigify numbers them"));
    // A derived tip lies along its distal joint's +Z (the rig's own bone axis), 0.8 of the bone before away.
    const glm::dvec3 distal = unityPosition(*r, Hand::Right, Joint::MiddleDistalJoint, 1);
    const glm::dvec3 before = unityPosition(*r, Hand::Right, Joint::MiddleMiddleJoint, 1);
    const glm::dvec3 tip = unityPosition(*r, Hand::Right, Joint::MiddleTip, 1);
    CHECK(degreesBetween(tip - distal, unityRotation(*r, Hand::Right, Joint::MiddleDistalJoint, 1) * glm::dvec3(0, 0, 1)) < 0.1);
    CHECK(glm::distance(tip, distal) == Approx(0.8 * glm::distance(distal, before)).epsilon(1e-3));
}

TEST_CASE("a rig with too little to play is refused, saying what was found, what is missing and how to map it") {
    ForeignModel m;  // a wrist, a palm and three fingertips, plus a node the names do not explain
    const int root = m.node("Hand_Rig", -1);
    for (Joint joint : {Joint::Wrist, Joint::Palm, Joint::IndexTip, Joint::MiddleTip, Joint::RingTip})
        m.node(kMrtk3Names(Hand::Left, joint), root, restPosition(Hand::Left, joint));
    const int mystery = m.node("bone.017", root);
    m.node("bone.018", mystery);
    auto r = importGltf(m.glb(), "few.glb");
    REQUIRE_FALSE(r.ok());
    const std::string message = r.error().describe();
    CHECK_THAT(message, Catch::StartsWith("few.glb: the left hand is not enough to play: recognised Wrist, Palm, IndexTip, MiddleTip, RingTip; "
                                          "a hand needs the Wrist and the tip (or distal joint) of four fingers, missing "));
    CHECK_THAT(message, Catch::Contains("ThumbTip"));
    CHECK_THAT(message, Catch::Contains("PinkyTip"));
    CHECK_THAT(message, Catch::Contains("A node map names them, for example {\"joints\": {\"Hand_Rig\": \"left.Wrist\"}}"));
    CHECK(r.error().reason == Reason::NodesUnrecognised);  // the CLI adds its --map, the viewer its own words

    ForeignModel flat;  // side-less names on a hand flat as a board: no side to tell
    for (Joint joint : kJoints)
        if (!kWebXrNames(Hand::Left, joint).empty()) {
            glm::dvec3 p = restPosition(Hand::Left, joint);
            flat.node(kWebXrNames(Hand::Left, joint), -1, glm::dvec3(p.x, 0, p.z));
        }
    ForeignModel point;  // side-less names, every joint at one point: neither names nor shape tell anything
    for (Joint joint : kJoints)
        if (!kWebXrNames(Hand::Left, joint).empty()) point.node(kWebXrNames(Hand::Left, joint), -1);
    auto collapsed = importGltf(point.glb(), "point.glb");
    REQUIRE_FALSE(collapsed.ok());
    CHECK_THAT(collapsed.error().describe(),
               Catch::EndsWith("point.glb: the hand's joint names say no side, and its shape cannot tell one: its 25 joints "
                               "all lie at one point (0, 0, 0 m): its bones have no length"));
    ForeignModel sided;  // the same with a side in every name: the side is told, the palm is not
    for (Joint joint : kJoints)
        if (!kMrtk3Names(Hand::Left, joint).empty()) sided.node(kMrtk3Names(Hand::Left, joint), -1);
    auto noPalm = importGltf(sided.glb(), "point.glb");
    REQUIRE_FALSE(noPalm.ok());
    CHECK(noPalm.error().reason == Reason::NodesUnrecognised);  // front ends point to the node map
    CHECK_THAT(noPalm.error().message, Catch::Contains("its bones have no length, so its nodes make no hand MRTK can play"));
    auto board = importGltf(flat.glb(), "board.glb");
    REQUIRE_FALSE(board.ok());
    CHECK(board.error().kind == ErrorKind::Usage);
    CHECK_THAT(board.error().describe(),
               Catch::EndsWith("board.glb: the hand's joint names say no side (wrist, ...) and its rest pose is too flat to tell which"));
    CHECK(board.error().reason == Reason::SideUnknown);
    ImportOptions left;
    left.side = Hand::Left;
    CHECK(importGltf(flat.glb(), "board.glb", left).ok());
}

TEST_CASE("hand-only input is refused for 1.0, whose camera curves MRTK always plays") {
    CurlingRig rig(Hand::Left, kMrtk3Names, axes::kMrtk);
    ImportOptions options;
    options.encoding = Encoding{0, Layout::Full};
    auto refused = importGltf(rig.m.glb(), "hand.glb", options);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::NotRepresentable);
    CHECK_THAT(refused.error().describe(), Catch::Contains("hand.glb: format 1.0 cannot hold this file: it has no camera pose"));
    options.encoding = Encoding{1, Layout::Compact};
    auto r = importGltf(rig.m.glb(), "hand.glb", options);
    REQUIRE(r.ok());
    CHECK(r->hasCameraPose == 0);
    CHECK(r->hasHandData == 1);
}

TEST_CASE("a rig whose joints carry MRTK's frames, axes swapped alike or not, keeps their roll, even without a rest pose") {
    // Every transform in the animation (the nodes' own are identities), each joint rolled 20 degrees about its
    // bone from the frames positions would give: the roll is the rig's, and kept.
    for (const auto& [nodeAxes, note] :
         {std::pair{axes::kMrtk, std::string("right hand: its joint axes are MRTK's; its rotations are kept")},
          std::pair{axes::kBlender, std::string("right hand: its joint axes are MRTK's with their axes swapped alike; its rotations are kept")},
          std::pair{axes::kMeta, std::string("right hand: its joint axes are MRTK's with their axes swapped alike; its rotations are kept")}}) {
        INFO(note);
        ForeignModel m;
        const HandPose rest = restHand(Hand::Right);
        const glm::dquat roll = glm::angleAxis(glm::radians(20.0), glm::dvec3(0, 0, 1));
        std::map<Joint, glm::dquat> frames;  // glTF space
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            const auto& pose = rest[std::size_t(indexOf(joint))];
            frames[joint] = gltfRotation(pose.rotation) * roll;
            std::vector<float> translations, quaternions;
            for (double t : {0.0, 1.0}) {
                const glm::dvec3 p = glm::dvec3(-pose.position[0], pose.position[1], pose.position[2]) + glm::dvec3(0, 1 + 0.1 * t, 0.3);
                translations.insert(translations.end(), {float(p.x), float(p.y), float(p.z)});
                const glm::dquat q = frames[joint] * nodeAxes;
                quaternions.insert(quaternions.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
            }
            const int node = m.node(kMrtk3Names(Hand::Right, joint), -1);
            m.channel(node, "translation", {0, 1}, translations);
            m.channel(node, "rotation", {0, 1}, quaternions);
        }
        ImportReport report;
        auto r = importGltf(m.glb(), "keyed.glb", {}, &report);
        if (!r) FAIL(r.error().describe());
        std::string notes;
        for (const auto& n : report.notes) notes += n.message + "\n";
        CHECK_THAT(notes, Catch::Contains("right hand: its rest pose holds no hand; joint axes measured at its first key (0.000 s)"));
        CHECK_THAT(notes, Catch::Contains(note));
        for (const auto& [joint, frame] : frames) {
            const glm::dquat back = unityRotation(*r, Hand::Right, joint, 0.5);
            const glm::dquat expected = gltfRotation({frame.x, frame.y, frame.z, frame.w});  // the map is its own inverse
            CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(back, expected))))) < 0.02);
        }
    }
}

TEST_CASE("a joint scaled to nothing holds the nearest orientation, and a None node scaled to nothing reads as identity") {
    // Blender writes the None joint of this profile's names with scale 0 (and the hand's other joints while
    // untracked): such a node has no orientation, so its rotation keys must stay finite.
    ForeignModel m;
    const auto nodes = addRig(
        m, restHand(Hand::Right), [](Joint j) { return profileName(Hand::Right, j); }, -1, axes::kMrtk);
    const int none = m.node(profileName(Hand::Right, Joint::None), -1);
    m.model.nodes[std::size_t(none)].scale = {0, 0, 0};
    m.channel(none, "rotation", {0, 1}, {0, 0, 0, 1, 0, 0, 0, 1});
    const int tip = nodes.at(Joint::IndexTip);
    m.channel(tip, "scale", {0, 0.5, 1}, {0, 0, 0, 1, 1, 1, 1, 1, 1}, "STEP");  // nothing until 0.5 s
    auto r = importGltf(m.glb(), "scaled.glb");
    if (!r) FAIL(r.error().describe());
    for (const Curve& curve : r->curves)
        for (const Key& key : curve.keys) REQUIRE((std::isfinite(key.time) && std::isfinite(key.value)));
    const glm::dquat noneRotation = unityRotation(*r, Hand::Right, Joint::None, 0.5);
    CHECK(std::abs(std::abs(noneRotation.w) - 1) < 1e-6);
    const glm::dquat before = unityRotation(*r, Hand::Right, Joint::IndexTip, 0.25), after = unityRotation(*r, Hand::Right, Joint::IndexTip, 0.75);
    CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(before, after))))) < 0.02);
}
