#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <limits>
#include <vector>

#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/playback.hpp"

using namespace inputanim;

namespace {

// WebXR's pose of an MRTK joint pose, by the specification's frames written out here independently of the library:
// Unity -> WebXR negates z; a rotation (x, y, z, w) becomes (-x, -y, z, w).
XrPose webXrOf(const JointPose& unity) {
    const auto& p = unity.position;
    const auto& q = unity.rotation;
    return {{p[0], p[1], -p[2]}, {-q[0], -q[1], q[2], q[3]}};
}

std::array<XrPose, kWebXrJointCount> webXrHand(const HandPose& hand) {
    std::array<XrPose, kWebXrJointCount> joints;
    for (int i = 0; i < kWebXrJointCount; ++i) joints[i] = webXrOf(hand[indexOf(webXrJointsAsMrtk()[i])]);
    return joints;
}

HandPose sampleHand(Hand hand, double pinch, const Vector3& wrist = {0.1, 1.2, 0.4}) {
    HandShape shape;
    shape.pinch = pinch;
    return poseHand(hand, shape, JointPose{wrist, {0, 0, 0, 1}});
}

XrFrame frameAt(double time, const std::optional<HandPose>& left = {}) {
    XrFrame frame;
    frame.time = time;
    frame.viewer = {{0, 1.6, 0}, {0, 0, 0, 1}};
    if (left) frame.hands[int(Hand::Left)] = webXrHand(*left);
    return frame;
}

double distance(const Vector3& a, const Vector3& b) { return length3({a[0] - b[0], a[1] - b[1], a[2] - b[2]}); }

}  // namespace

TEST_CASE("WebXR's joints name MRTK's in the specification's order") {
    CHECK(webXrJointNames()[0] == "wrist");
    CHECK(webXrJointNames()[4] == "thumb-tip");
    CHECK(webXrJointNames()[6] == "index-finger-phalanx-proximal");
    CHECK(webXrJointNames()[24] == "pinky-finger-tip");
    CHECK(webXrJointsAsMrtk()[0] == Joint::Wrist);
    CHECK(webXrJointsAsMrtk()[1] == Joint::ThumbMetacarpalJoint);
    CHECK(webXrJointsAsMrtk()[4] == Joint::ThumbTip);
    CHECK(webXrJointsAsMrtk()[6] == Joint::IndexKnuckle);
    CHECK(webXrJointsAsMrtk()[7] == Joint::IndexMiddleJoint);
    CHECK(webXrJointsAsMrtk()[24] == Joint::PinkyTip);
}

TEST_CASE("a WebXR frame becomes MRTK's camera, gaze and hand where the specification's axes say") {
    // The user turned 90 degrees to the left (about +Y) from where the session began, 1.6 m above the floor.
    const double s = std::sqrt(0.5);
    XrFrame frame = frameAt(0);
    frame.viewer = {{0.5, 1.6, -2}, {0, s, 0, s}};
    const HandPose hand = sampleHand(Hand::Left, 0);
    frame.hands[int(Hand::Left)] = webXrHand(hand);

    // The specification: a joint's -Z points along its bone, away from the wrist (checked on the test's own WebXR
    // hand, so that the map back is checked against the specification and not against itself).
    const auto& joints = *frame.hands[int(Hand::Left)];
    for (int i : {1, 2, 5, 6, 7, 8, 11, 16, 21}) {
        const XrPose& a = joints[i];
        const XrPose& b = joints[i + 1];
        Vector3 along = {b.position[0] - a.position[0], b.position[1] - a.position[1], b.position[2] - a.position[2]};
        along = {along[0] / length3(along), along[1] / length3(along), along[2] / length3(along)};
        const Vector3 minusZ = rotate(a.orientation, {0, 0, -1});
        CHECK(dot3(along, minusZ) == Approx(1).margin(1e-9));
    }

    WebXrTake take;
    REQUIRE(take.add(frame).value());
    frame.time = 0.5;
    REQUIRE(take.add(frame).value());
    const Recording r = take.finish().value();
    CHECK(r.encoding.minor == 1);
    CHECK(r.encoding.layout == Layout::Compact);
    const FrameSample f = sampleFrame(r, 0.25, Coordinates::Unity);
    CHECK(distance(f.camera.position, {0.5, 1.6, 2}) < 1e-6);  // WebXR's -Z (ahead) is Unity's +Z
    const Vector3 forward = rotate(f.camera.rotation, {0, 0, 1});  // the user looks along WebXR's -X: Unity's -X
    CHECK(forward[0] == Approx(-1).margin(1e-6));
    CHECK(f.gazeOrigin == f.camera.position);
    CHECK(f.gazeDirection[0] == Approx(-1).margin(1e-6));
    CHECK(f.tracked == std::array<bool, 2>{true, false});
    for (Joint joint : kJoints) {
        if (joint == Joint::None || joint == Joint::Palm) continue;
        INFO(jointName(joint));
        CHECK(distance(f.joints[0][indexOf(joint)].position, hand[indexOf(joint)].position) < 1e-6);
        CHECK(rotationAngle(f.joints[0][indexOf(joint)].rotation, hand[indexOf(joint)].rotation) < 1e-4);
    }
    // MRTK's palm: halfway along the middle metacarpal, with the wrist's rotation.
    const auto& mid = hand[indexOf(Joint::MiddleMetacarpal)].position;
    const auto& knuckle = hand[indexOf(Joint::MiddleKnuckle)].position;
    CHECK(distance(f.joints[0][indexOf(Joint::Palm)].position,
                   {(mid[0] + knuckle[0]) / 2, (mid[1] + knuckle[1]) / 2, (mid[2] + knuckle[2]) / 2}) < 1e-6);
    CHECK(rotationAngle(f.joints[0][indexOf(Joint::Palm)].rotation, hand[indexOf(Joint::Wrist)].rotation) < 1e-4);
}

TEST_CASE("pinching begins under 2 cm between thumb and index tips and ends beyond 5 cm") {
    // The thumb tip's distance from the index tip, frame by frame, and MRTK's state (its hysteresis) after each.
    const std::vector<std::pair<double, bool>> table = {{0.06, false},  {0.03, false},  {0.019, true}, {0.04, true},
                                                        {0.0499, true}, {0.051, false}, {0.03, false}, {0.01, true}};
    WebXrTake take;
    HandPose hand = sampleHand(Hand::Left, 0);
    const Vector3 index = hand[indexOf(Joint::IndexTip)].position;
    for (std::size_t i = 0; i < table.size(); ++i) {
        hand[indexOf(Joint::ThumbTip)].position = {index[0], index[1] - table[i].first, index[2]};
        REQUIRE(take.add(frameAt(0.1 * double(i), hand)).value());
    }
    const Recording r = take.finish().value();
    for (std::size_t i = 0; i < table.size(); ++i) {
        INFO("frame " << i << ", tips " << table[i].first << " m apart");
        CHECK(sampleFrame(r, 0.1 * double(i) + 0.01, Coordinates::Unity).pinching[0] == table[i].second);
    }
}

TEST_CASE("a hand lost and found again keeps its last pose before the gap and its first after it") {
    WebXrTake take;
    // The hand moves steadily right 1 cm a frame, is lost for frames 10-14 and comes back where it would have been.
    for (int i = 0; i < 20; ++i) {
        const bool present = i < 10 || i >= 15;
        const auto hand = present ? std::optional(sampleHand(Hand::Left, 0, {0.01 * i, 1.2, 0.4})) : std::nullopt;
        REQUIRE(take.add(frameAt(i / 10.0, hand)).value());
    }
    const Recording r = take.finish().value();
    std::vector<float> times;
    for (const Key& key : r.curves[jointCurve(Hand::Left, Joint::Wrist, kPositionX)].keys) times.push_back(key.time);
    // A steady line is two keys; the gap ends the first run and begins the second.
    CHECK(times == std::vector<float>{0.0f, 0.9f, 1.5f, 1.9f});
    CHECK(sampleFrame(r, 0.95, Coordinates::Unity).tracked[0]);
    CHECK_FALSE(sampleFrame(r, 1.05, Coordinates::Unity).tracked[0]);
    CHECK_FALSE(sampleFrame(r, 1.45, Coordinates::Unity).tracked[0]);
    CHECK(sampleFrame(r, 1.5, Coordinates::Unity).tracked[0]);
    CHECK_FALSE(sampleFrame(r, 1.0, Coordinates::Unity).tracked[1]);  // the right hand never came
}

TEST_CASE("a take refuses what cannot be recorded and skips frames out of order") {
    WebXrTake take;
    CHECK(take.finish().error().kind == ErrorKind::Usage);  // no frame
    XrFrame frame = frameAt(1.0);
    CHECK(take.add(frame).value());
    frame.time = 1.0;
    CHECK_FALSE(take.add(frame).value());  // not after the last: skipped
    frame.time = 0.5;
    CHECK_FALSE(take.add(frame).value());
    frame.time = 2;
    frame.viewer.position[1] = std::nan("");
    CHECK(take.add(frame).error().kind == ErrorKind::Usage);
    frame.viewer.position[1] = 1.6;
    frame.time = -1;
    CHECK(take.add(frame).error().kind == ErrorKind::Usage);
    CHECK(take.marker(std::numeric_limits<double>::infinity(), "x").error().kind == ErrorKind::Usage);
    CHECK(take.marker(0.5, "\xff").error().kind == ErrorKind::Usage);
    CHECK(take.marker(0.7, "b"));
    CHECK(take.marker(0.2, "a"));
    CHECK(take.frames() == 1);
    const Recording r = take.finish().value();
    REQUIRE(r.markers.size() == 2);
    CHECK(r.markers[0].name == "a");  // in time order
    CHECK(take.frames() == 0);  // the take begins again
}

TEST_CASE("a frame's numbers are read in the documented layout") {
    std::vector<double> values(kTakeFrameValues, 0.0);
    values[0] = 0.25;  // time
    values[1 + 6] = 1;  // viewer orientation w
    const std::size_t right = 8 + 1 + kWebXrJointCount * 7;  // the right hand's presence (by hand: 1 + 7 + left's)
    values[right] = 1;
    values[right + 1 + 3 * 7 + 2] = -0.5;  // joint 3 (thumb-phalanx-distal): position z
    const XrFrame frame = takeFrameFrom(values).value();
    CHECK(frame.time == 0.25);
    CHECK(frame.viewer.orientation[3] == 1);
    CHECK(kTakeViewerAt == 1);
    CHECK(takeHandAt(Hand::Right) == right);
    CHECK(kTakeFrameValues == 360);
    CHECK_FALSE(frame.hands[0].has_value());
    REQUIRE(frame.hands[1].has_value());
    CHECK((*frame.hands[1])[3].position[2] == -0.5);
    values[right] = 0.5;
    CHECK(takeFrameFrom(values).error().kind == ErrorKind::Usage);
    values[right] = 1;
    values[5] = std::nan("");
    CHECK(takeFrameFrom(values).error().kind == ErrorKind::Usage);
    CHECK(takeFrameFrom(std::span<const double>(values.data(), 10)).error().kind == ErrorKind::Usage);
}

TEST_CASE("the reduced gaze direction plays within the rotation tolerance, in degrees") {
    // The head sways 2 degrees about +Y on a sine, at 90 Hz: a reduction with the direction's tolerance in the wrong
    // unit (0.01 read as radians, 0.57 degrees) drops keys until it plays up to half a degree off.
    WebXrTake take;  // rotation tolerance 0.01 degrees
    std::vector<double> yaws;
    for (int i = 0; i <= 180; ++i) {
        const double t = i / 90.0, yaw = 2 * std::numbers::pi / 180 * std::sin(2 * std::numbers::pi * t / 2);
        XrFrame frame = frameAt(t);
        frame.viewer.orientation = {0, std::sin(yaw / 2), 0, std::cos(yaw / 2)};
        REQUIRE(take.add(frame).value());
        yaws.push_back(yaw);
    }
    const Recording r = take.finish().value();
    double worst = 0;
    for (std::size_t i = 0; i < yaws.size(); ++i) {
        const FrameSample f = sampleFrame(r, i / 90.0, Coordinates::Unity);
        // WebXR's forward is -Z; turned by yaw about +Y it is (-sin yaw, 0, -cos yaw), which is Unity's z negated.
        const Vector3 expected = {-std::sin(yaws[i]), 0, std::cos(yaws[i])};
        const double cosine = std::clamp(dot3(f.gazeDirection, expected) / length3(f.gazeDirection), -1.0, 1.0);
        worst = std::max(worst, std::acos(cosine) * 180 / std::numbers::pi);
    }
    CHECK(worst < 0.0101);
}

TEST_CASE("a frame's own gaze ray is the take's, in Unity's axes; not finite, refused") {
    WebXrTake take;
    XrFrame frame = frameAt(0);
    frame.gaze = XrRay{{0.1, 1.5, -0.2}, {0, 0.6, -0.8}};  // WebXR: looking ahead (-Z) and up
    REQUIRE(take.add(frame).value());
    frame.time = 0.5;
    REQUIRE(take.add(frame).value());
    const FrameSample f = sampleFrame(take.finish().value(), 0.25, Coordinates::Unity);
    CHECK(distance({f.gazeOrigin[0], f.gazeOrigin[1], f.gazeOrigin[2]}, {0.1, 1.5, 0.2}) < 1e-6);
    CHECK(distance({f.gazeDirection[0], f.gazeDirection[1], f.gazeDirection[2]}, {0, 0.6, 0.8}) < 1e-6);
    frame.time = 1;
    frame.gaze->direction[1] = std::numeric_limits<double>::quiet_NaN();
    CHECK(take.add(frame).error().kind == ErrorKind::Usage);
}
