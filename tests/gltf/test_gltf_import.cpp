// glTF -> recording: our own files byte for byte; foreign files by names and world poses.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <sstream>

#include "support/edge_cases.hpp"
#include "support/foreign_gltf.hpp"
#include "support/fixtures.hpp"
#include "inputanim/analysis/diff.hpp"
#include "inputanim/gltf/export.hpp"
#include "inputanim/gltf/import.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {

Recording roundTrip(const Recording& r, const ExportOptions& options = {}) {
    auto glb = exportGlb(r, options);
    if (!glb) FAIL(glb.error().message);
    ImportReport report;
    auto back = importGltf(*glb, "roundtrip.glb", {}, &report);
    if (!back) FAIL(back.error().describe());
    CHECK(report.ownFile);
    return std::move(back).value();
}

std::array<double, 3> jointPosition(const Recording& r, Hand hand, int joint, double t) {
    return {evaluate(r.curves[jointCurve(hand, Joint(joint), 0)], t), evaluate(r.curves[jointCurve(hand, Joint(joint), 1)], t),
            evaluate(r.curves[jointCurve(hand, Joint(joint), 2)], t)};
}

double distance(std::array<double, 3> a, glm::dvec3 gltf) {  // a in Unity space, b in glTF space
    return std::sqrt(std::pow(a[0] + gltf.x, 2) + std::pow(a[1] - gltf.y, 2) + std::pow(a[2] - gltf.z, 2));
}

}  // namespace

TEST_CASE("binary -> glTF -> binary is byte-identical for every edge case and sample") {
    std::vector<std::pair<std::string, Recording>> recordings;
    for (const auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    for (Encoding encoding : {Encoding{0, Layout::Full}, Encoding{1, Layout::Compact}, Encoding{1, Layout::Full}}) {
        SyntheticOptions options;
        options.encoding = encoding;
        options.duration = 2;
        recordings.emplace_back("generated " + std::string(describe(encoding)), generateRecording(options).value());
    }
    for (const auto& [name, recording] : recordings)
        for (bool linearOnly : {false, true}) {
            INFO(name << (linearOnly ? " --linear-only" : ""));
            ExportOptions options;
            options.linearOnly = linearOnly;
            CHECK(fixtures::bytesOf(roundTrip(recording, options)) == fixtures::bytesOf(recording));
        }
}

TEST_CASE("glTF -> binary -> glTF keeps every channel") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        auto first = exportGlb(c.recording, {});
        REQUIRE(first.ok());
        auto back = importGltf(*first, "a.glb");
        REQUIRE(back.ok());
        auto second = exportGlb(*back, {});
        REQUIRE(second.ok());
        CHECK(*second == *first);
    }
}

TEST_CASE("the 2019 prototype's names and Tracking/Pinching nodes") {
    ForeignModel m;
    const int tip = m.node("Hand.Left.Joint.IndexTip", -1);
    m.channel(tip, "translation", {0, 2}, {0.1f, 1, 0.3f, 0.2f, 1, 0.3f});
    const int tracking = m.node("Hand.Left.Tracking", -1);
    m.channel(tracking, "translation", {0, 0.5f, 1.5f}, {0, 0, 0, 1, 0, 0, 0, 0, 0}, "STEP");
    const int pinching = m.node("Hand.Left.Pinching", -1);
    m.channel(pinching, "translation", {0, 1}, {0, 0, 0, 1, 0, 0});  // LINEAR: crosses 0.5 at 0.5 s
    ImportReport report;
    auto r = importGltf(m.glb(), "prototype.glb", {}, &report);
    REQUIRE(r.ok());
    CHECK(report.jointsFound == 1);
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

TEST_CASE("an explicit encoding converts on import, or explains why it cannot") {
    const Recording hermite = edge_cases::all()[0].recording;
    auto glb = exportGlb(hermite, {});
    REQUIRE(glb.ok());
    ImportOptions options;
    options.encoding = Encoding{1, Layout::Full};
    auto full = importGltf(*glb, "h.glb", options);
    REQUIRE(full.ok());
    CHECK(full->encoding == Encoding{1, Layout::Full});
    options.encoding = Encoding{1, Layout::Compact};
    auto compact = importGltf(*glb, "h.glb", options);
    REQUIRE_FALSE(compact.ok());
    CHECK_THAT(compact.error().describe(), Catch::StartsWith("h.glb: "));
}

TEST_CASE("a WebXR-style hand converts with the right joints and a derived palm") {
    ForeignModel m;
    const int armature = m.node("Armature", -1);
    const char* names[] = {"wrist", "thumb-metacarpal", "thumb-phalanx-proximal", "thumb-phalanx-distal", "thumb-tip"};
    const char* fingerParts[] = {"metacarpal", "phalanx-proximal", "phalanx-intermediate", "phalanx-distal", "tip"};
    const char* fingers[] = {"index-finger", "middle-finger", "ring-finger", "pinky-finger"};
    std::vector<std::string> jointNames(names, names + 5);
    for (const char* f : fingers)
        for (const char* part : fingerParts) jointNames.push_back(std::string(f) + "-" + part);
    REQUIRE(jointNames.size() == 25);
    // Joint j sits at (0.01 j, 1 + 0.1 t, 0.3) and turns about Y by 20 t degrees.
    for (std::size_t j = 0; j < jointNames.size(); ++j) {
        const int node = m.node(jointNames[j], armature);
        std::vector<float> times{0, 1, 2}, translations, rotations;
        for (float t : times) {
            translations.insert(translations.end(), {0.01f * j, 1 + 0.1f * t, 0.3f});
            const glm::dquat q = glm::angleAxis(glm::radians(20.0 * t), glm::dvec3(0, 1, 0));
            rotations.insert(rotations.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
        }
        m.channel(node, "translation", times, translations);
        m.channel(node, "rotation", times, rotations);
    }
    ImportReport report;
    auto r = importGltf(m.glb(), "webxr.glb", {}, &report);
    REQUIRE(r.ok());
    CHECK_FALSE(report.ownFile);
    CHECK(report.jointsFound == 25);
    CHECK(r->encoding == Encoding{1, Layout::Compact});
    CHECK(r->hasHandData == 1);
    CHECK(r->hasCameraPose == 0);
    // WebXR index m - 2 = MRTK joint m: index-finger-tip (WebXR 9) is IndexTip (11); wrist is Wrist (1).
    for (double t : {0.0, 0.5, 1.7}) {
        CHECK(distance(jointPosition(*r, Hand::Right, 11, t), glm::dvec3(0.09, 1 + 0.1 * t, 0.3)) < 1e-4);
        CHECK(distance(jointPosition(*r, Hand::Right, 1, t), glm::dvec3(0.0, 1 + 0.1 * t, 0.3)) < 1e-4);
        // Palm: midway between the wrist (WebXR 0) and the middle knuckle (WebXR 11 -> MRTK 13).
        CHECK(distance(jointPosition(*r, Hand::Right, 2, t), glm::dvec3(0.055, 1 + 0.1 * t, 0.3)) < 1e-4);
    }
    CHECK(r->curves[jointCurve(Hand::Right, Joint::None, 0)].keys.empty());  // None: no WebXR joint
    CHECK(r->curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.empty());
    // Linear motion needs no more than its end keys.
    CHECK(r->curves[jointCurve(Hand::Right, Joint::IndexTip, 1)].keys.size() == 2);
    bool palmNote = false;
    for (const auto& note : report.notes) palmNote |= note.find("Palm derived") != std::string::npos;
    CHECK(palmNote);
    // Tracked while animated: from 0 to 2 s.
    const auto& tracked = r->curves[booleanCurve(BooleanCurve::TrackedRight)].keys;
    REQUIRE(tracked.size() == 2);
    CHECK(tracked[0].value == 1.0f);
    CHECK(tracked[1].time == 2.0f);
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
    auto r = importGltf(m.glb(), "rig.glb");
    if (!r) FAIL(r.error().describe());
    // Expected world positions, composed independently with the glTF rules at the keys (where LINEAR
    // slerp and CUBICSPLINE both hit the key values exactly).
    for (float t : times) {
        glm::dmat4 world = glm::translate(glm::dmat4(1), glm::dvec3(0.1, 1.2, 0.3));
        for (int j = 0; j < 6; ++j) {
            if (j > 0) world = world * glm::translate(glm::dmat4(1), glm::dvec3(0, 0, 0.03));
            world = world * glm::mat4_cast(glm::angleAxis(bend(j, t), glm::dvec3(1, 0, 0)));
            const int mrtk[] = {1, 7, 8, 9, 10, 11};
            INFO("joint " << chain[j] << " at t=" << t);
            CHECK(distance(jointPosition(*r, Hand::Left, mrtk[j], t), glm::dvec3(world[3])) < 1e-4);
        }
    }
    // Between keys the fitted keys follow the evaluated motion within tolerance: compare with a
    // re-export played back by the same glTF rules.
    auto again = exportGlb(*r, {});
    REQUIRE(again.ok());
    auto reread = importGltf(*again, "again.glb");
    REQUIRE(reread.ok());
    const DiffReport diff = diffRecordings(*r, *reread).value();
    CHECK(diff.maxPosition < 1e-6);

    // For encodings that hold tangents, Hermite keys follow the same motion with fewer keys.
    ImportOptions hermiteOptions;
    hermiteOptions.encoding = Encoding{0, Layout::Full};
    auto hermite = importGltf(m.glb(), "rig.glb", hermiteOptions);
    REQUIRE(hermite.ok());
    CHECK(hermite->encoding == Encoding{0, Layout::Full});
    const auto& linearKeys = r->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys;
    const auto& hermiteKeys = hermite->curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys;
    CHECK(hermiteKeys.size() < linearKeys.size());
    CHECK(hermiteKeys[1].weightedMode == kWeightedNone);
    const DiffReport fitted = diffRecordings(*r, *hermite).value();
    CHECK(fitted.maxPosition < 2e-4);  // both within 0.1 mm of the evaluated motion
    CHECK(fitted.maxRotation < 0.02);
    CHECK(fixtures::bytesOf(*hermite).size() > 0);  // 1.0 holds it
}

TEST_CASE("a few keys over a huge time span are sampled more coarsely, not without bound") {
    ForeignModel m;  // found by fuzzing: a 120 Hz grid over 1e9 s asked for gigabytes
    const int wrist = m.node("Hand_Left_Wrist", -1);
    m.channel(wrist, "translation", {0, 1e9f}, {0, 1, 0, 1, 1, 0});
    ImportReport report;
    auto r = importGltf(m.glb(), "sparse.glb", {}, &report);
    REQUIRE(r.ok());
    bool noted = false;
    for (const auto& note : report.notes) noted |= note.find("sampled more coarsely") != std::string::npos;
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
}

TEST_CASE("unsafe buffer URIs are refused") {
    for (const std::string uri : {"/etc/passwd", "../secret.bin", "file:///etc/passwd", "http://example.com/a.bin", "sub/%2E%2E/%2E%2E/x.bin"}) {
        const std::string json = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":")" + uri + R"("}]})";
        auto r = importGltf({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()}, "evil.gltf");
        INFO(uri);
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(r.error().describe(), Catch::StartsWith("evil.gltf: /buffers/0/uri: "));
    }
}
