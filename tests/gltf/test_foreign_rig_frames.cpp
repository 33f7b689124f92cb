// Hand rigs of other tools -> recording: MRTK's joint frames from each ecosystem's rig (Blender's per-bone axes,
// mirrored armatures, frames carried on the joints), joints derived where a rig lacks them, and rigs refused.
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

namespace {

// A rig of `hand` in a convention's names and bone axes, under a turned and moved root, whose index finger curls
// at its knuckle by 0, 40 and 80 degrees at 0, 1 and 2 s (about its own X: towards the palm).
struct CurlingRig {
    ForeignModel m;
    std::map<Joint, int> nodes;
    int knuckle = -1;
    glm::dquat knuckleRest;  // the knuckle's local rest rotation
    glm::dvec3 curlAxis;  // MRTK's X in the node's axes

    CurlingRig(Hand hand, const Namer& name, const glm::dquat& nodeAxes, glm::dvec3 rootScale = glm::dvec3(1),
               const Roll& roll = {}) {
        const int root =
            m.node("Armature", -1, glm::dvec3(0.1, 1.2, 0.3), glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 1, 0)));
        if (rootScale != glm::dvec3(1))
            m.model.nodes[std::size_t(root)].scale = {rootScale.x, rootScale.y, rootScale.z};
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
                if (std::string(ecosystem.label)
                        .starts_with("Meta")) {  // Meta's extra nodes: the trapezium and the forearm
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
                for (const auto& note : report.notes)
                    kept |= note.message.find("its rotations are kept") != std::string::npos;
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
                        CHECK(glm::distance(mirrored(unityPosition(*r, hand, joint, t)), rig.positionAt(joint, t)) <
                              2e-4);
                }
                // The curl moves the index tip (or its derived stand-in) by centimetres.
                CHECK(glm::distance(unityPosition(*r, hand, Joint::IndexTip, 0),
                                    unityPosition(*r, hand, Joint::IndexTip, 2)) > 0.05);
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
    for (const auto& note : report.notes)
        swapped |= note.message.find("with their axes swapped; its rotations are kept") != std::string::npos;
    CHECK(swapped);
    CurlingRig plain(Hand::Left, kMrtk3Names, axes::kMrtk);
    auto expected = importGltf(plain.m.glb(), "plain.glb");
    REQUIRE(expected.ok());
    for (double t : {0.0, 1.0, 2.0})
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            INFO("t = " << t << ", " << jointName(joint));
            const glm::dquat a = unityRotation(*r, Hand::Left, joint, t),
                             b = unityRotation(*expected, Hand::Left, joint, t);
            CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(a, b))))) < 0.01);
        }
}

TEST_CASE("a mirrored armature (negative scale) is the other hand, with proper joint frames") {
    // A left hand's rig under a root scaled by -1 in X: the world holds a right hand, and every node's frame is
    // mirrored.
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
    CHECK_THAT(
        notes,
        Catch::Contains(
            "right hand: derived from the joints the rig has: ThumbTip, IndexTip, MiddleTip, RingTip, PinkyTip, Palm"));
    CHECK_THAT(notes, Catch::Contains("'DEF-hand.R' taken as the wrist"));
    CHECK_THAT(notes, Catch::Contains("numbered joint names read as Rigify numbers them"));
    // A derived tip lies along its distal joint's +Z (the rig's own bone axis), 0.8 of the bone before away.
    const glm::dvec3 distal = unityPosition(*r, Hand::Right, Joint::MiddleDistalJoint, 1);
    const glm::dvec3 before = unityPosition(*r, Hand::Right, Joint::MiddleMiddleJoint, 1);
    const glm::dvec3 tip = unityPosition(*r, Hand::Right, Joint::MiddleTip, 1);
    CHECK(degreesBetween(tip - distal,
                         unityRotation(*r, Hand::Right, Joint::MiddleDistalJoint, 1) * glm::dvec3(0, 0, 1)) < 0.1);
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
    CHECK_THAT(
        message,
        Catch::StartsWith(
            "few.glb: the left hand is not enough to play: recognised Wrist, Palm, IndexTip, MiddleTip, RingTip; "
            "a hand needs the Wrist and the tip (or distal joint) of four fingers, missing "));
    CHECK_THAT(message, Catch::Contains("ThumbTip"));
    CHECK_THAT(message, Catch::Contains("PinkyTip"));
    CHECK_THAT(message,
               Catch::Contains("A node map names them, for example {\"joints\": {\"Hand_Rig\": \"left.Wrist\"}}"));
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
    CHECK(collapsed.error().reason == Reason::NodesUnrecognised);  // front ends point to the node map
    CHECK_THAT(collapsed.error().describe(),
               Catch::Contains("point.glb: the hand's joint names say no side, and its shape cannot tell one: its 25 "
                               "joints all lie at one point (0, 0, 0 m): its bones have no length, so its nodes make "
                               "no hand MRTK can play"));
    ForeignModel single;  // one side-less joint, as a rig whose "hand" is a single node
    single.node(kWebXrNames(Hand::Left, Joint::Wrist), -1);
    auto one = importGltf(single.glb(), "one.glb");
    REQUIRE_FALSE(one.ok());
    CHECK(one.error().reason == Reason::NodesUnrecognised);
    CHECK_THAT(one.error().message, Catch::Contains("its 1 joint lies at one point (0, 0, 0 m)"));
    ForeignModel sided;  // the same with a side in every name: the side is told, the palm is not
    for (Joint joint : kJoints)
        if (!kMrtk3Names(Hand::Left, joint).empty()) sided.node(kMrtk3Names(Hand::Left, joint), -1);
    auto noPalm = importGltf(sided.glb(), "point.glb");
    REQUIRE_FALSE(noPalm.ok());
    CHECK(noPalm.error().reason == Reason::NodesUnrecognised);  // front ends point to the node map
    CHECK_THAT(noPalm.error().message,
               Catch::Contains("its bones have no length, so its nodes make no hand MRTK can play"));
    auto board = importGltf(flat.glb(), "board.glb");
    REQUIRE_FALSE(board.ok());
    CHECK(board.error().kind == ErrorKind::Usage);
    CHECK_THAT(
        board.error().describe(),
        Catch::EndsWith(
            "board.glb: the hand's joint names say no side (wrist, ...) and its rest pose is too flat to tell which"));
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
    CHECK_THAT(refused.error().describe(),
               Catch::Contains("hand.glb: format 1.0 cannot hold this file: it has no camera pose"));
    options.encoding = Encoding{1, Layout::Compact};
    auto r = importGltf(rig.m.glb(), "hand.glb", options);
    REQUIRE(r.ok());
    CHECK(r->hasCameraPose == 0);
    CHECK(r->hasHandData == 1);
}

TEST_CASE(
    "a rig whose joints carry MRTK's frames, axes swapped alike or not, keeps their roll, even without a rest pose") {
    // Every transform in the animation (the nodes' own are identities), each joint rolled 20 degrees about its
    // bone from the frames positions would give: the roll is the rig's, and kept.
    for (const auto& [nodeAxes, note] :
         {std::pair{axes::kMrtk, std::string("right hand: its joint axes are MRTK's; its rotations are kept")},
          std::pair{axes::kBlender,
                    std::string(
                        "right hand: its joint axes are MRTK's with their axes swapped alike; its rotations are kept")},
          std::pair{
              axes::kMeta,
              std::string(
                  "right hand: its joint axes are MRTK's with their axes swapped alike; its rotations are kept")}}) {
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
                const glm::dvec3 p =
                    glm::dvec3(-pose.position[0], pose.position[1], pose.position[2]) + glm::dvec3(0, 1 + 0.1 * t, 0.3);
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
        CHECK_THAT(
            notes,
            Catch::Contains("right hand: its rest pose holds no hand; joint axes measured at its first key (0.000 s)"));
        CHECK_THAT(notes, Catch::Contains(note));
        for (const auto& [joint, frame] : frames) {
            const glm::dquat back = unityRotation(*r, Hand::Right, joint, 0.5);
            const glm::dquat expected =
                gltfRotation({frame.x, frame.y, frame.z, frame.w});  // the map is its own inverse
            CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(back, expected))))) < 0.02);
        }
    }
}

TEST_CASE(
    "a joint scaled to nothing holds the nearest orientation, and a None node scaled to nothing reads as identity") {
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
    const glm::dquat before = unityRotation(*r, Hand::Right, Joint::IndexTip, 0.25),
                     after = unityRotation(*r, Hand::Right, Joint::IndexTip, 0.75);
    CHECK(glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(before, after))))) < 0.02);
}
