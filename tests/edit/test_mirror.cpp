// mirror against values worked by hand and against the recording as MRTK plays it: positions reflected about a
// plane, rotations and tangents negated as the axes turn, the hands swapped.
#include <catch2/catch.hpp>

#include <cmath>

#include "edit/edit_cases.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/edit/edit.hpp"
#include "support/fixtures.hpp"
#include "support/hand_frames.hpp"

using namespace inputanim;
using namespace edit_cases;

TEST_CASE("mirror reflects x about the plane, negates rotations' y and z, and swaps the hands") {
    // camera.PositionX 1.5 with slope 2, plane x = 0.5: 2 * 0.5 - 1.5 = -0.5, slope -2. camera.RotationY 0.25 -> -0.25.
    const std::size_t rotationY = cameraCurve(kRotationX + 1), rotationW = cameraCurve(kRotationX + 3);
    Recording r = withCurve(kCameraX, {Key{0, 1.5f, 2, 2, 1.0f / 3, 1.0f / 3, kWeightedNone}});
    r.encoding = kEncoding10;  // full keys: the tangent is written
    r.curves[rotationY].keys = KeyList({Key{0, 0.25f}});
    r.curves[rotationW].keys = KeyList({Key{0, 0.75f}});
    const std::size_t leftWristX = jointCurve(Hand::Left, Joint::Wrist, kPositionX),
                      rightWristX = jointCurve(Hand::Right, Joint::Wrist, kPositionX);
    r.curves[leftWristX].keys = KeyList({Key{1, 0.25f}});
    r.curves[kLeftTracked].keys = KeyList({Key{0, 1}});
    EditReport report;
    auto m = mirrorRecording(r, {MirrorPlane{0.5}}, &report);
    REQUIRE(m.ok());
    CHECK(m->curves[kCameraX].keys[0].value == -0.5f);
    CHECK(m->curves[kCameraX].keys[0].outTangent == -2);
    CHECK(m->curves[rotationY].keys[0].value == -0.25f);
    CHECK(m->curves[rotationW].keys[0].value == 0.75f);
    CHECK(m->curves[leftWristX].keys.empty());
    CHECK(timesValues(m->curves[rightWristX]) == Pairs{{1, 0.75f}});  // 2 * 0.5 - 0.25
    CHECK(m->curves[kLeftTracked].keys.empty());
    CHECK(timesValues(m->curves[booleanCurve(BooleanCurve::TrackedRight)]) == Pairs{{0, 1}});
    CHECK(report.messages.empty());  // the plane was given
    CHECK(fixtures::bytesOf(mirrorRecording(*m, {MirrorPlane{0.5}}).value()) == fixtures::bytesOf(r));
}

TEST_CASE("mirror negates both tangents of a key, so a Hermite segment plays reflected all along") {
    // camera.PositionX keys at 0 s (value 1, out slope 2, in slope 5) and 1 s (value 0, in slope -3, out slope 7);
    // plane x = 0: every value and slope is negated, the in-slope and the out-slope each on their own.
    Recording r = withCurve(kCameraX, {Key{0, 1.0f, 5, 2, 1.0f / 3, 1.0f / 3, kWeightedNone},
                                       Key{1, 0.0f, -3, 7, 1.0f / 3, 1.0f / 3, kWeightedNone}});
    r.encoding = kEncoding10;
    auto m = mirrorRecording(r, {MirrorPlane{0}});
    REQUIRE(m.ok());
    const KeyList& keys = m->curves[kCameraX].keys;
    CHECK((std::vector<float>{keys[0].inTangent, keys[0].outTangent, keys[1].inTangent, keys[1].outTangent}) ==
          std::vector<float>{-5, -2, 3, -7});
    // Between the keys MRTK's Hermite uses key 0's out-slope and key 1's in-slope: at 0.5 s, h00 = h01 = 0.5,
    // h10 = 0.125, h11 = -0.125: 0.5 * 1 + 0.125 * 2 + 0.5 * 0 - 0.125 * -3 = 1.125 before, -1.125 mirrored.
    CHECK(evaluate(r.curves[kCameraX], 0.5) == Approx(1.125).margin(1e-6));
    for (double t = 0; t <= 1; t += 0.125)
        CHECK(evaluate(m->curves[kCameraX], t) == Approx(-evaluate(r.curves[kCameraX], t)).margin(1e-6));
}

TEST_CASE("a mirrored left hand is a right hand by MRTK's axes, and mirroring twice gives back the recording") {
    SyntheticOptions options;
    options.duration = 3;
    const Recording r = generateRecording(options).value();
    const MirrorPlane head = sagittalPlane(r), diagonal{0.2, 0.1, 0.6, 0.8};
    for (const MirrorPlane& plane : {head, diagonal}) {
        INFO("plane normal (" << plane.normalX << ", " << plane.normalZ << ")");
        EditReport report;
        auto m = mirrorRecording(r, {plane}, &report);
        REQUIRE(m.ok());
        const glm::dvec3 n{plane.normalX, 0, plane.normalZ}, point{plane.x, 0, plane.z};
        for (double t : {0.5, 1.5, 2.5}) {
            const auto left = hand_frames::frameErrors(r, Hand::Left, t),
                       right = hand_frames::frameErrors(*m, Hand::Right, t);
            CHECK(right.forward == Approx(left.forward).margin(1e-3));
            CHECK(right.up == Approx(left.up).margin(1e-3));
            CHECK(right.up <
                  20);  // +Y out of the back of the right hand it now is (the generator's hands: within 8 degrees)
            const glm::dvec3 was = hand_frames::unityPosition(r, Hand::Left, Joint::IndexTip, t),
                             is = hand_frames::unityPosition(*m, Hand::Right, Joint::IndexTip, t);
            const glm::dvec3 expected = was - 2 * glm::dot(was - point, n) * n;
            for (int i = 0; i < 3; ++i) CHECK(is[i] == Approx(expected[i]).margin(1e-6));
        }
        auto twice = mirrorRecording(*m, {plane});
        REQUIRE(twice.ok());
        for (double t = 0; t <= 3; t += 0.05) {
            const FrameSample a = sampleFrame(r, t, Coordinates::Unity), b = sampleFrame(*twice, t, Coordinates::Unity);
            CHECK(a.tracked == b.tracked);
            for (int i = 0; i < 3; ++i) {
                CHECK(b.joints[0][indexOf(Joint::IndexTip)].position[i] ==
                      Approx(a.joints[0][indexOf(Joint::IndexTip)].position[i]).margin(1e-5));
                CHECK(b.camera.position[i] == Approx(a.camera.position[i]).margin(1e-5));
            }
        }
    }
    const MirrorPlane back = sagittalPlane(mirrorRecording(r).value());  // the mirror's head gives the same plane back
    CHECK(back.x == Approx(head.x).margin(1e-6));
    CHECK(back.z == Approx(head.z).margin(1e-6));
    CHECK(std::fabs(back.normalX * head.normalX + back.normalZ * head.normalZ) == Approx(1).margin(1e-9));
    auto m = mirrorRecording(r, {MirrorPlane{}});
    for (std::size_t index = 0; index < kCurveCount; ++index)  // MRTK's linear keys stay linear: 1.1 compact holds them
        CHECK(m->curves[index].keys.compact() == r.curves[mirroredIndexForTest(index)].keys.compact());
    CHECK(fixtures::bytesOf(mirrorRecording(*m, {MirrorPlane{}}).value()) == fixtures::bytesOf(r));
}

TEST_CASE("mirror's default plane is across the head's heading") {
    // The head at (1, 1.6, 2) facing +X (a quarter turn about +Y: q = (0, sin 45, 0, cos 45)): its right is -Z, so
    // the plane is z = 2. The left wrist at (1.5, 1.2, 2.3) with no rotation becomes the right wrist at
    // (1.5, 1.2, 1.7); its rotation M R Mx = diag(1, 1, -1) diag(-1, 1, 1) = a half turn about +Y: q = (0, +-1, 0, 0).
    const float h = float(std::sqrt(0.5));
    Recording r = withCurve(kCameraX, {Key{0, 1}});
    for (auto [c, v] : {std::pair{1, 1.6f}, {2, 2.0f}, {3, 0.0f}, {4, h}, {5, 0.0f}, {6, h}})
        r.curves[cameraCurve(c)].keys = KeyList({Key{0, v}});
    const std::size_t wrist = jointCurve(Hand::Left, Joint::Wrist, 0);
    for (auto [c, v] : {std::pair{0, 1.5f}, {1, 1.2f}, {2, 2.3f}, {3, 0.0f}, {4, 0.0f}, {5, 0.0f}, {6, 1.0f}})
        r.curves[wrist + c].keys = KeyList({Key{0, v}});
    const MirrorPlane plane = sagittalPlane(r);
    CHECK(plane.x == Approx(1));
    CHECK(plane.z == Approx(2));
    CHECK(plane.normalX == Approx(0).margin(1e-7));
    CHECK(std::fabs(plane.normalZ) == Approx(1));
    EditReport report;
    auto m = mirrorRecording(r, {}, &report);
    REQUIRE(m.ok());
    REQUIRE(report.messages.size() == 1);
    CHECK(report.messages[0].code == "mirror-plane");
    const std::size_t right = jointCurve(Hand::Right, Joint::Wrist, 0);
    const std::vector<float> expected{1.5f, 1.2f, 1.7f, 0, 1, 0, 0};
    for (int c = 0; c < 7; ++c) {
        INFO("component " << c);
        REQUIRE(m->curves[right + c].keys.size() == 1);
        CHECK(std::fabs(m->curves[right + c].keys.value(0)) == Approx(expected[c]).margin(1e-6));
    }
    CHECK(m->curves[wrist].keys.empty());
}

TEST_CASE("mirror through a plane not of constant x mixes x and z, and refuses keys other than MRTK's linear ones") {
    // Plane through the origin with normal (0.6, 0, 0.8): the point (1, 2, 0) has n.p = 0.6 and becomes
    // p - 2 * 0.6 * n = (1 - 0.72, 2, -0.96) = (0.28, 2, -0.96).
    Recording r = withCurve(kCameraX, {Key{0, 1}});
    r.curves[cameraCurve(1)].keys = KeyList({Key{0, 2}});
    auto m = mirrorRecording(r, {MirrorPlane{0, 0, 0.6, 0.8}});
    REQUIRE(m.ok());
    CHECK(m->curves[kCameraX].keys.value(0) == Approx(0.28));
    CHECK(m->curves[cameraCurve(1)].keys.value(0) == 2);
    CHECK(m->curves[cameraCurve(2)].keys.value(0) == Approx(-0.96));
    const Recording hermite = withCurve(kCameraX, {Key{0, 1, 2, 2, 1.0f / 3, 1.0f / 3, kWeightedNone}, Key{1, 3}});
    auto refused = mirrorRecording(hermite, {MirrorPlane{0, 0, 0.6, 0.8}});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::MirrorNeedsLinearKeys);
    CHECK(mirrorRecording(hermite, {MirrorPlane{0, 0, 1, 0}}).ok());  // a plane of constant x keeps any key
}
