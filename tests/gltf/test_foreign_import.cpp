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
    addRestHand(m, Hand::Left, [](Joint j) { return "Hand.Left.Joint." + std::string(jointName(j)); }, -1,
                {Joint::IndexTip});
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
        CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint::IndexTip, t)),
                            restPosition(Hand::Left, Joint::IndexTip, offset)) < 1e-4);
        CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint::Wrist, t)),
                            restPosition(Hand::Left, Joint::Wrist, offset)) < 1e-4);
        // The palm: halfway along the middle metacarpal, as MRTK places it.
        const glm::dvec3 palm = 0.5 * (restPosition(Hand::Left, Joint::MiddleMetacarpal, offset) +
                                       restPosition(Hand::Left, Joint::MiddleKnuckle, offset));
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
        parent =
            m.node(std::string("Bone_") + chain[j] + "_L", parent, j == 0 ? glm::dvec3(0) : glm::dvec3(0, 0, 0.03));
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
                {Joint::Wrist, Joint::IndexMetacarpal, Joint::IndexKnuckle, Joint::IndexMiddleJoint,
                 Joint::IndexDistalJoint, Joint::IndexTip});
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
        const glm::dquat q =
            (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * d * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * d * m1;
        return glm::normalize(q);
    };
    for (double t : {0.0, 0.2, 0.5, 0.7, 0.85, 1.0}) {
        glm::dmat4 world = glm::translate(glm::dmat4(1), glm::dvec3(0.1, 1.2, 0.3));
        for (int j = 0; j < 6; ++j) {
            if (j > 0) world = world * glm::translate(glm::dmat4(1), glm::dvec3(0, 0, 0.03));
            world = world * glm::mat4_cast(localRotation(j, std::min(t, 0.999999)));
            const int mrtk[] = {1, 7, 8, 9, 10, 11};
            INFO("joint " << chain[j] << " at t=" << t);
            CHECK(glm::distance(mirrored(unityPosition(*r, Hand::Left, Joint(mrtk[j]), t)), glm::dvec3(world[3])) <
                  1e-4);
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
    CHECK_THAT(r.error().describe(),
               Catch::Contains("scene.glb: no hand joint, camera or gaze node recognised; nodes: Cube, Light"));
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
