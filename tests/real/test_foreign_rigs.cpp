// The third-party hand rigs of ../shared/samples/foreign (read in place, never copied): a WebXR hand whose joint
// names say no side, and a Godot XR Tools rig with 35 one-key animations. Positions are checked against the rig
// evaluated here from its own nodes and animation values; joint frames against MRTK's convention, and against the
// real recording's own frames where only positions are given.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "inputanim/gltf/import.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/mrtk/binary_format.hpp"
#include "support/foreign_gltf.hpp"
#include "support/hand_frames.hpp"

using namespace inputanim;
using namespace hand_frames;

namespace {

const std::filesystem::path kForeign = std::filesystem::path(INPUTANIM_SHARED_DIR) / "samples" / "foreign";

tinygltf::Model loaded(const std::filesystem::path& path) {
    tinygltf::TinyGLTF loader;
    tinygltf::Model model;
    std::string error, warning;
    const bool ok = path.extension() == ".glb" ? loader.LoadBinaryFromFile(&model, &error, &warning, path.string())
                                               : loader.LoadASCIIFromFile(&model, &error, &warning, path.string());
    if (!ok) FAIL("tinygltf: " << error);
    return model;
}

Recording imported(const std::filesystem::path& path, const ImportOptions& options, ImportReport& report) {
    auto bytes = readFile(path.string());
    REQUIRE(bytes.ok());
    auto r = importGltf(*bytes, path.string(), options, &report);
    if (!r) FAIL(r.error().describe());
    return std::move(r).value();
}

int nodeNamed(const tinygltf::Model& model, const std::string& name) {
    for (std::size_t n = 0; n < model.nodes.size(); ++n)
        if (model.nodes[n].name == name) return int(n);
    FAIL("no node " << name);
    return -1;
}

// The values an animation holds at its (only) key time, node by node.
std::map<int, NodeTrs> poseOf(const tinygltf::Model& model, const tinygltf::Animation& animation) {
    std::map<int, NodeTrs> pose;
    for (const auto& channel : animation.channels) {
        const auto& accessor = model.accessors[std::size_t(animation.samplers[std::size_t(channel.sampler)].output)];
        const auto& view = model.bufferViews[std::size_t(accessor.bufferView)];
        REQUIRE(accessor.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT);
        const auto* f = reinterpret_cast<const float*>(model.buffers[std::size_t(view.buffer)].data.data() +
                                                       view.byteOffset + accessor.byteOffset);
        NodeTrs& trs = pose[channel.target_node];
        if (channel.target_path == "translation") trs.translation = glm::dvec3(f[0], f[1], f[2]);
        if (channel.target_path == "scale") trs.scale = glm::dvec3(f[0], f[1], f[2]);
        if (channel.target_path == "rotation") trs.rotation = glm::dquat(f[3], f[0], f[1], f[2]);
    }
    return pose;
}

// Each joint's node in the recording's hand is where the rig's node is (glTF space, metres).
double largestPositionError(const Recording& r, Hand hand, const tinygltf::Model& model,
                            const std::map<Joint, std::string>& names, const std::map<int, NodeTrs>& pose, double t) {
    double largest = 0;
    for (const auto& [joint, name] : names)
        largest = std::max(largest, glm::distance(mirrored(unityPosition(r, hand, joint, t)),
                                                  glm::dvec3(worldOf(model, nodeNamed(model, name), pose)[3])));
    return largest;
}

}  // namespace

TEST_CASE("the WebXR generic left hand: a left hand by its shape, 25 joints, MRTK's joint frames") {
    const auto path = kForeign / "webxr-generic-hand-left.glb";
    if (!std::filesystem::exists(path)) {
        WARN("skipped: " << path.string() << " not found");
        return;
    }
    ImportReport report;
    const Recording r = imported(path, {}, report);
    CHECK(report.jointsFound == 25);
    CHECK(r.curves[jointCurve(Hand::Right, Joint::Wrist, 0)].keys.empty());
    CHECK_FALSE(r.curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.empty());
    std::string notes;
    for (const auto& note : report.notes) notes += note.message + "\n";
    CHECK_THAT(notes, Catch::Contains("joint names say no Left or Right: the left hand, told by its shape"));
    CHECK_THAT(notes, Catch::Contains("derived from the joints the rig has: Palm"));

    const FrameErrors errors = frameErrors(r, Hand::Left, 0);
    INFO("worst +Z: " << errors.worst);
    CHECK(errors.forward < 2.0);
    CHECK(errors.wristForward < 2.0);
    CHECK(errors.up < 10.0);
    const std::map<Joint, std::string> names = {{Joint::Wrist, "wrist"},
                                                {Joint::ThumbMetacarpalJoint, "thumb-metacarpal"},
                                                {Joint::ThumbProximalJoint, "thumb-phalanx-proximal"},
                                                {Joint::ThumbTip, "thumb-tip"},
                                                {Joint::IndexKnuckle, "index-finger-phalanx-proximal"},
                                                {Joint::MiddleTip, "middle-finger-tip"},
                                                {Joint::RingDistalJoint, "ring-finger-phalanx-distal"},
                                                {Joint::PinkyMetacarpal, "pinky-finger-metacarpal"}};
    const tinygltf::Model model = loaded(path);
    CHECK(largestPositionError(r, Hand::Left, model, names, {}, 0) < 1e-4);

    ImportOptions right;  // --side right: the same joints as a right hand
    right.side = Hand::Right;
    ImportReport forcedReport;
    const Recording forced = imported(path, right, forcedReport);
    CHECK(forced.curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys.empty());
    CHECK(largestPositionError(forced, Hand::Right, model, names, {}, 0) < 1e-4);
}

TEST_CASE("the Godot XR Tools left hand: 35 poses to choose from, each with MRTK's joint frames") {
    const auto path = kForeign / "godot-animations_hand_l.gltf";
    if (!std::filesystem::exists(path)) {
        WARN("skipped: " << path.string() << " not found");
        return;
    }
    const tinygltf::Model model = loaded(path);
    std::map<Joint, std::string> names;
    for (Finger finger : kFingers) {
        const char* godot[] = {"Thumb", "Index", "Middle", "Ring", "Little"};
        const auto chain = fingerJoints(finger);
        const std::vector<std::string> parts =
            finger == Finger::Thumb
                ? std::vector<std::string>{"Metacarpal", "Proximal", "Distal", "Tip"}
                : std::vector<std::string>{"Metacarpal", "Proximal", "Intermediate", "Distal", "Tip"};
        for (std::size_t i = 0; i < chain.size(); ++i)
            names[chain[i]] = std::string(godot[int(finger)]) + "_" + parts[i] + "_L";
    }
    names[Joint::Wrist] = "Wrist_L";
    names[Joint::Palm] = "Palm_L";

    std::map<std::string, glm::dvec3> indexTips;
    for (const std::string animation : {"Cup", "Default pose", "Peace", "34"}) {
        INFO("--animation " << animation);
        ImportOptions options;
        options.animation = animation;
        ImportReport report;
        const Recording r = imported(path, options, report);
        CHECK(report.animations.size() == 35);
        CHECK(report.jointsFound == 26);
        CHECK(r.curves[jointCurve(Hand::Right, Joint::Wrist, 0)].keys.empty());
        const auto& chosen = model.animations[std::size_t(report.animation)];
        CHECK((chosen.name == animation || std::to_string(report.animation) == animation));
        // One key at 1/24 s, which glTF holds from 0: the pose is tracked from the start.
        CHECK(evaluate(r.curves[booleanCurve(BooleanCurve::TrackedLeft)], 0) == 1.0);
        const FrameErrors errors = frameErrors(r, Hand::Left, 0);
        INFO("worst +Z: " << errors.worst);
        CHECK(errors.forward < 2.0);
        if (animation == "Default pose")
            CHECK(errors.wristForward < 2.0);  // the rest pose; others bend the metacarpals
        CHECK(errors.up < 10.0);
        CHECK(largestPositionError(r, Hand::Left, model, names, poseOf(model, chosen), 0) < 1e-4);
        indexTips[chosen.name] = unityPosition(r, Hand::Left, Joint::IndexTip, 0);
    }
    CHECK(glm::distance(indexTips["Cup"], indexTips["Peace"]) > 0.02);  // another animation, another pose
    CHECK(glm::distance(indexTips["Default pose"], indexTips["Thumb"]) > 0.02);
}

TEST_CASE("joint frames found from positions alone are MRTK's, as the real recording holds them") {
    // The real recording's left hand as a cloud of moving points (translation channels only, as point-cloud
    // exports write them): the importer finds each joint's frame from the positions, and the recording's own
    // rotations tell how close that comes to what MRTK recorded.
    const auto bytes = readFile(
        (std::filesystem::path(INPUTANIM_SHARED_DIR) / "samples" / "real" / "handrecorder-2021-v1.0.bin").string());
    REQUIRE(bytes.ok());
    const Recording real = readRecording(*bytes, "real.bin").value();
    std::vector<float> times;
    for (double t = 1.0; t < 9.0; t += 0.5)
        if (sampleFrame(real, t, Coordinates::Gltf).tracked[0]) times.push_back(float(t));
    REQUIRE(times.size() > 8);
    ForeignModel m;
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        std::vector<float> translations;
        for (float t : times) {
            const auto p = sampleFrame(real, t, Coordinates::Gltf).joints[0][std::size_t(indexOf(joint))].position;
            translations.insert(translations.end(), {float(p[0]), float(p[1]), float(p[2])});
        }
        m.channel(m.node("L_" + std::string(jointName(joint)), -1), "translation", times, translations);
    }
    ImportReport report;
    auto r = importGltf(m.glb(), "points.glb", {}, &report);
    if (!r) FAIL(r.error().describe());
    std::string notes;
    for (const auto& note : report.notes) notes += note.message + "\n";
    CHECK_THAT(notes, Catch::Contains("left hand: its joints move without turning; joint axes follow their positions"));
    // MRTK's pinch pose puts the index tip off its distal bone's line (by up to 110 degrees) and turns the thumb:
    // poses within half a second of a pinch are not compared.
    auto nearPinch = [&](double t) {
        for (double near = t - 0.5; near <= t + 0.5; near += 0.05)
            if (sampleFrame(real, near, Coordinates::Unity).pinching[0]) return true;
        return false;
    };
    double forward = 0, thumbAndWristUp = 0, fingerUp = 0;
    std::size_t compared = 0;
    for (float t : times) {
        if (nearPinch(t)) continue;
        ++compared;
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            const glm::dquat ours = unityRotation(*r, Hand::Left, joint, t),
                             theirs = unityRotation(real, Hand::Left, joint, t);
            forward = std::max(forward, degreesBetween(ours * glm::dvec3(0, 0, 1), theirs * glm::dvec3(0, 0, 1)));
            double& up = fingerOf(joint) && fingerOf(joint) != Finger::Thumb ? fingerUp : thumbAndWristUp;
            up = std::max(up, degreesBetween(ours * glm::dvec3(0, 1, 0), theirs * glm::dvec3(0, 1, 0)));
        }
    }
    CHECK(compared >= 8);
    CHECK(forward < 3.0);  // the wrist's +Z leans 2.4 degrees off its middle knuckle in the recording
    CHECK(thumbAndWristUp < 4.0);  // the thumb's +Y to the thumb's side; the wrist's and palm's out of the back
    CHECK(fingerUp < 35.0);  // the recording rolls finger joints 3 to 31 degrees off any one flexion axis
}
