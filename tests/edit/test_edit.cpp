// Edits against values worked by hand (the arithmetic in comments) and against the recording as MRTK plays it.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "inputanim/core/playback.hpp"
#include "inputanim/edit/edit.hpp"
#include "support/edge_cases.hpp"
#include "support/fixtures.hpp"
#include "support/hand_frames.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
const std::size_t kCameraX = kCameraFirst;  // camera.PositionX, a float curve
const std::size_t kLeftTracked = booleanCurve(BooleanCurve::TrackedLeft);

Recording withCurve(std::size_t index, std::initializer_list<Key> keys) {
    Recording r;
    r.encoding = Encoding{1, Layout::Compact};
    r.curves[index].keys = KeyList(keys);
    return r;
}

std::vector<std::pair<float, float>> timesValues(const Curve& curve) {
    std::vector<std::pair<float, float>> out;
    for (const Key& key : curve.keys) out.emplace_back(key.time, key.value);
    return out;
}

using Pairs = std::vector<std::pair<float, float>>;

// The curve a mirror takes from: the other hand's (its joints and Booleans), else the same.
std::size_t mirroredIndexForTest(std::size_t index) {
    if (index >= kLeftHandFirst && index < kRightHandFirst) return index + (kRightHandFirst - kLeftHandFirst);
    if (index >= kRightHandFirst && index < kGazeFirst) return index - (kRightHandFirst - kLeftHandFirst);
    if (isBooleanCurve(index)) return kBooleanFirst + ((index - kBooleanFirst) ^ 1);  // TrackedLeft <-> TrackedRight, ...
    return index;
}

}  // namespace

TEST_CASE("trim keeps the keys inside, cuts straight segments at their value and starts at 0") {
    // Keys (0, 0), (1, 10), (2, 20), (3, 40); keep [0.5, 2.5]: the cut at 0.5 lies on 0 -> 10 (value 5), at 2.5 on
    // 20 -> 40 (value 30); the kept keys at 1 and 2 move to 0.5 and 1.5.
    const Recording r = withCurve(kCameraX, {Key{0, 0}, Key{1, 10}, Key{2, 20}, Key{3, 40}});
    EditReport report;
    auto trimmed = trimRecording(r, {0.5, 2.5}, &report);
    REQUIRE(trimmed.ok());
    CHECK(timesValues(trimmed->curves[kCameraX]) == Pairs{{0, 5}, {0.5f, 10}, {1.5f, 20}, {2, 30}});
    CHECK(trimmed->curves[kCameraX].keys.compact());  // still MRTK's linear keys: 1.1 compact holds them
    CHECK(report.keysKept == 2);
    CHECK(report.keysAdded == 2);
    CHECK(playbackDuration(*trimmed) == 2);

    auto kept = trimRecording(r, {0.5, 2.5, true});
    REQUIRE(kept.ok());
    CHECK(timesValues(kept->curves[kCameraX]) == Pairs{{0.5f, 5}, {1, 10}, {2, 20}, {2.5f, 30}});
}

TEST_CASE("trim keeps a Boolean's state at each cut and adds no key where one already is") {
    // Tracked from 0, untracked at 1.2, tracked again at 2.8; keep [1, 2]: tracked at 1, untracked at 2.
    const Recording r = withCurve(kLeftTracked, {Key{0, 1}, Key{1.2f, 0}, Key{2.8f, 1}});
    auto trimmed = trimRecording(r, {1, 2});
    REQUIRE(trimmed.ok());
    CHECK(timesValues(trimmed->curves[kLeftTracked]) == Pairs{{0, 1}, {float(1.2f - 1.0), 0}, {1, 0}});
    // A cut on a key keeps that key, bit for bit, as the boundary.
    auto onKey = trimRecording(r, {1.2f, 2.8f});
    REQUIRE(onKey.ok());
    CHECK(onKey->curves[kLeftTracked].keys.size() == 2);
}

TEST_CASE("trim cuts a Hermite segment through its value and slope, so the part kept plays the same") {
    // Keys (0, 0) and (2, 4), flat tangents: v(t) = 4 (3s^2 - 2s^3), s = t / 2. At t = 1: v = 2, slope = 4 (6s - 6s^2) / 2
    // = 3. The kept part [1, 2] is the Hermite (0, 2, slope 3) -> (1, 4, slope 0): at its 0.5 (t = 1.5, s = 0.75) both
    // give 4 (3 * 0.5625 - 2 * 0.421875) = 3.375.
    const Key a{0, 0, 0, 0, 1.0f / 3, 1.0f / 3, kWeightedNone}, b{2, 4, 0, 0, 1.0f / 3, 1.0f / 3, kWeightedNone};
    const Recording r = withCurve(kCameraX, {a, b});
    auto trimmed = trimRecording(r, {1, 2});
    REQUIRE(trimmed.ok());
    const Curve& c = trimmed->curves[kCameraX];
    REQUIRE(c.keys.size() == 2);
    CHECK(c.keys[0].value == 2);
    CHECK(c.keys[0].outTangent == 3);
    CHECK(evaluate(c, 0.5) == Approx(3.375).margin(1e-6));
    CHECK(evaluate(r.curves[kCameraX], 1.5) == Approx(3.375).margin(1e-6));
}

TEST_CASE("trim holds a stepped segment's value, and before a curve's first key its clamped value") {
    // Stepped from (0, 1) to (2, 5): 1 until 2. Keep [1, 3]: 1 from 0 to 1, then 5.
    const Recording r = withCurve(kCameraX, {Key{0, 1, 0, kInf, 0, 0, kWeightedNone}, Key{2, 5, 0, 0, 0, 0, kWeightedNone}});
    auto trimmed = trimRecording(r, {1, 3});
    REQUIRE(trimmed.ok());
    const Curve& c = trimmed->curves[kCameraX];
    CHECK(evaluate(c, 0) == 1);
    CHECK(evaluate(c, 0.99) == 1);
    CHECK(evaluate(c, 1) == 5);
    CHECK(evaluate(c, 2) == 5);
    // Keys only after the range's start: the curve holds its first value until its first key, as before.
    auto early = trimRecording(withCurve(kCameraX, {Key{2, 7, 3, 3, 1.0f / 3, 1.0f / 3, kWeightedNone}, Key{3, 9}}), {1, 3});
    REQUIRE(early.ok());
    CHECK(evaluate(early->curves[kCameraX], 0.5) == 7);
}

TEST_CASE("trim keeps the markers inside, moved, drops the others with a note, and refuses what it cannot cut") {
    Recording r = withCurve(kCameraX, {Key{0, 0}, Key{4, 4}});
    r.markers = {{0.5f, "before"}, {1.5f, "press"}, {3.5f, "after"}};
    EditReport report;
    auto trimmed = trimRecording(r, {1, 3}, &report);
    REQUIRE(trimmed.ok());
    REQUIRE(trimmed->markers.size() == 1);
    CHECK(trimmed->markers[0].time == 0.5f);
    CHECK(trimmed->markers[0].name == "press");
    CHECK(report.markersDropped == 2);
    REQUIRE(report.messages.size() == 1);
    CHECK(report.messages[0].code == "markers-dropped");

    CHECK(trimRecording(r, {3, 1}).error().kind == ErrorKind::Usage);
    Recording looping = withCurve(kCameraX, {Key{0, 0}, Key{1, 1}});
    looping.curves[kCameraX].postWrapMode = kWrapLoop;
    auto refused = trimRecording(looping, {0.5, 2});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().curve == "camera.PositionX");
}

TEST_CASE("trim of every edge case plays as the original over the kept range") {
    for (const auto& c : edge_cases::all()) {
        const double end = playbackDuration(c.recording);
        if (end <= 0.2) continue;
        INFO(c.name);
        auto trimmed = trimRecording(c.recording, {0.1, end * 0.6});
        if (!trimmed) {
            CHECK(trimmed.error().kind == ErrorKind::NotRepresentable);  // a looping curve cut outside its keys
            continue;
        }
        const double start = double(0.1f);  // cuts are at Float32 times, as keys are
        for (double t = start; t <= end * 0.6; t += 0.0371) {
            const FrameSample a = sampleFrame(c.recording, t, Coordinates::Unity), b = sampleFrame(*trimmed, t - start, Coordinates::Unity);
            CHECK(a.tracked == b.tracked);
            CHECK(a.pinching == b.pinching);
            for (int i = 0; i < 3; ++i) CHECK(b.camera.position[i] == Approx(a.camera.position[i]).margin(1e-4));
        }
    }
}

TEST_CASE("shift there and back gives back the same bytes where float32 holds every time, else within rounding") {
    // Times on a 1/64 s grid below 8 s, shifted by 0.5 s: every sum is a float32, so the way back is exact.
    Recording grid = withCurve(kCameraX, {Key{0, 1}, Key{0.015625f, 2}, Key{1.5f, 3}, Key{7.984375f, 4}});
    grid.markers = {{0.25f, "mark"}};
    EditReport there;
    auto shifted = shiftRecording(grid, 0.5, &there);
    REQUIRE(shifted.ok());
    CHECK(there.timesRounded == 0);
    CHECK(shifted->curves[kCameraX].keys.time(3) == 8.484375f);
    CHECK(shifted->markers[0].time == 0.75f);
    CHECK(fixtures::bytesOf(shiftRecording(*shifted, -0.5).value()) == fixtures::bytesOf(grid));

    // Recorded times (0.1 s, ...) are not on such a grid: each comes back within one float32 step, and the report
    // says how many were rounded.
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        EditReport report;
        auto back = shiftRecording(shiftRecording(c.recording, 0.5, &report).value(), -0.5);
        REQUIRE(back.ok());
        for (std::size_t index = 0; index < kCurveCount; ++index)
            for (std::size_t k = 0; k < c.recording.curves[index].keys.size(); ++k) {
                const float t = c.recording.curves[index].keys.time(k), u = back->curves[index].keys.time(k);
                CHECK(std::fabs(double(u) - t) <= 2 * double(std::nextafter(std::fabs(t) + 0.5f, kInf) - (std::fabs(t) + 0.5f)));
            }
    }
}

TEST_CASE("retime by 2 then 0.5 gives back the same bytes") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        EditReport report;
        auto fast = retimeRecording(c.recording, 2, &report);  // halving and doubling a float32 is exact
        REQUIRE(fast.ok());
        CHECK(report.timesRounded == 0);
        auto slow = retimeRecording(*fast, 0.5);
        REQUIRE(slow.ok());
        CHECK(fixtures::bytesOf(*slow) == fixtures::bytesOf(c.recording));
    }
}

TEST_CASE("retime scales times and slopes: the same curve in time") {
    // (0, 0, slope 3) -> (2, 6, slope 3) at speed 2: (0, 0, slope 6) -> (1, 6, slope 6); the value at 0.5 is the
    // original's at 1.
    const Key a{0, 0, 3, 3, 1.0f / 3, 1.0f / 3, kWeightedNone}, b{2, 6, 3, 3, 1.0f / 3, 1.0f / 3, kWeightedNone};
    Recording r = withCurve(kCameraX, {a, b});
    r.markers = {{1, "middle"}};
    auto fast = retimeRecording(r, 2);
    REQUIRE(fast.ok());
    const Curve& c = fast->curves[kCameraX];
    CHECK(c.keys[1].time == 1);
    CHECK(c.keys[0].outTangent == 6);
    CHECK(evaluate(c, 0.5) == Approx(evaluate(r.curves[kCameraX], 1)));
    CHECK(fast->markers[0].time == 0.5f);
    auto speed = speedForDuration(r, 4);
    REQUIRE(speed.ok());
    CHECK(*speed == 0.5);
    CHECK(retimeRecording(r, 0).error().kind == ErrorKind::Usage);
}

TEST_CASE("a shift that puts two keys at one float32 time is refused, naming the curve") {
    // 0.1f and the next float (7.45e-9 later) both round to one float near 1000 (spacing 6.1e-5).
    const float next = std::nextafter(0.1f, 1.0f);
    auto refused = shiftRecording(withCurve(kCameraX, {Key{0.1f, 0}, Key{next, 1}}), 1000);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::NotRepresentable);
    CHECK(refused.error().curve == "camera.PositionX");
}

TEST_CASE("times are seconds or marker names; marker edits keep time order") {
    Recording r = withCurve(kCameraX, {Key{0, 0}, Key{4, 4}});
    r.markers = {{1, "start"}, {3, "end"}};
    CHECK(editTime(r, "1.25").value() == 1.25);
    CHECK(editTime(r, "end").value() == 3);
    CHECK(editTime(r, "middle").error().kind == ErrorKind::Usage);

    MarkerEdits edits;
    edits.remove = {"end"};
    edits.rename = {{"start", "press"}};
    edits.add = {{0.5f, "ready"}, {2, "release"}};
    auto edited = editMarkers(r, edits);
    REQUIRE(edited.ok());
    REQUIRE(edited->markers.size() == 3);
    CHECK(edited->markers[0].name == "ready");
    CHECK(edited->markers[1].name == "press");
    CHECK(edited->markers[2].name == "release");
    CHECK(fixtures::bytesOf(Recording(*edited)).size() > 0);
    MarkerEdits missing;
    missing.remove = {"nothing"};
    CHECK(editMarkers(r, missing).error().kind == ErrorKind::Usage);
    MarkerEdits notFinite;
    notFinite.add = {{kInf, "never"}};
    CHECK(editMarkers(r, notFinite).error().kind == ErrorKind::Usage);
}

TEST_CASE("merge takes each part from its source; a recording merged with itself part by part is the same bytes") {
    for (const auto& c : edge_cases::all()) {
        INFO(c.name);
        const Recording& r = c.recording;
        auto same = mergeRecordings(r, {{MergePart::Camera, &r}, {MergePart::Left, &r}, {MergePart::Right, &r}, {MergePart::Gaze, &r}});
        REQUIRE(same.ok());
        CHECK(fixtures::bytesOf(*same) == fixtures::bytesOf(r));
    }
    // The left hand of one take under the camera of another, moved 0.5 s later.
    const Recording head = withCurve(kCameraX, {Key{0, 1}, Key{2, 3}});
    Recording hands = withCurve(jointCurve(Hand::Left, Joint::Wrist, kPositionX), {Key{0, 5}, Key{1, 6}});
    hands.curves[kLeftTracked].keys = KeyList({Key{0, 1}});
    hands.curves[kCameraX].keys = KeyList({Key{0, 9}});
    hands.markers = {{0.25f, "theirs"}};
    EditReport report;
    auto merged = mergeRecordings(head, {{MergePart::Left, &hands, 0.5}}, &report);
    REQUIRE(merged.ok());
    CHECK(timesValues(merged->curves[kCameraX]) == Pairs{{0, 1}, {2, 3}});  // the base's camera
    CHECK(timesValues(merged->curves[jointCurve(Hand::Left, Joint::Wrist, kPositionX)]) == Pairs{{0.5f, 5}, {1.5f, 6}});
    CHECK(timesValues(merged->curves[kLeftTracked]) == Pairs{{0.5f, 1}});
    CHECK(merged->markers.empty());  // the base's markers
    CHECK(report.keysKept == 3);

    // Gaze into a 1.0 recording: 1.0 cannot hold it, so the result is 1.1, with a note.
    Recording old = head;
    old.encoding = kEncoding10;
    Recording gaze = withCurve(gazeCurve(kGazeOriginX), {Key{0, 1}});
    gaze.hasEyeGaze = 1;
    EditReport upgraded;
    auto withGaze = mergeRecordings(old, {{MergePart::Gaze, &gaze}}, &upgraded);
    REQUIRE(withGaze.ok());
    CHECK(withGaze->encoding == Encoding{1, Layout::Compact});
    CHECK(withGaze->hasEyeGaze == 1);
    REQUIRE(upgraded.messages.size() == 1);
    CHECK(upgraded.messages[0].code == "gaze-needs-1.1");
}

TEST_CASE("mirror reflects x about the plane, negates rotations' y and z, and swaps the hands") {
    // camera.PositionX 1.5 with slope 2, plane x = 0.5: 2 * 0.5 - 1.5 = -0.5, slope -2. camera.RotationY 0.25 -> -0.25.
    const std::size_t rotationY = cameraCurve(kRotationX + 1), rotationW = cameraCurve(kRotationX + 3);
    Recording r = withCurve(kCameraX, {Key{0, 1.5f, 2, 2, 1.0f / 3, 1.0f / 3, kWeightedNone}});
    r.encoding = kEncoding10;  // full keys: the tangent is written
    r.curves[rotationY].keys = KeyList({Key{0, 0.25f}});
    r.curves[rotationW].keys = KeyList({Key{0, 0.75f}});
    const std::size_t leftWristX = jointCurve(Hand::Left, Joint::Wrist, kPositionX), rightWristX = jointCurve(Hand::Right, Joint::Wrist, kPositionX);
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
            const auto left = hand_frames::frameErrors(r, Hand::Left, t), right = hand_frames::frameErrors(*m, Hand::Right, t);
            CHECK(right.forward == Approx(left.forward).margin(1e-3));
            CHECK(right.up == Approx(left.up).margin(1e-3));
            CHECK(right.up < 20);  // +Y out of the back of the right hand it now is (the generator's hands: within 8 degrees)
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
                CHECK(b.joints[0][indexOf(Joint::IndexTip)].position[i] == Approx(a.joints[0][indexOf(Joint::IndexTip)].position[i]).margin(1e-5));
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
    for (auto [c, v] : {std::pair{1, 1.6f}, {2, 2.0f}, {3, 0.0f}, {4, h}, {5, 0.0f}, {6, h}}) r.curves[cameraCurve(c)].keys = KeyList({Key{0, v}});
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

TEST_CASE("edits that would leave float32's range are refused, naming the curve") {
    const Recording r = withCurve(kCameraX, {Key{0, 1}, Key{1, 2}});
    auto far = shiftRecording(r, 1e39);
    REQUIRE_FALSE(far.ok());
    CHECK(far.error().kind == ErrorKind::NotRepresentable);
    CHECK(far.error().curve == "camera.PositionX");
    CHECK(mirrorRecording(r, {MirrorPlane{1e39}}).error().curve == "camera.PositionX");
    Recording sloped = withCurve(kCameraX, {Key{0, 0, 1e30f, 1e30f, 1.0f / 3, 1.0f / 3, kWeightedNone}, Key{1, 1}});
    CHECK(retimeRecording(sloped, 1e10).error().kind == ErrorKind::NotRepresentable);
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

TEST_CASE("a marker time beyond float32's range becomes an infinity, which editMarkers refuses") {
    constexpr float kMax = std::numeric_limits<float>::max();
    CHECK(markerTime(1.5) == 1.5f);
    CHECK(markerTime(double(kMax)) == kMax);
    CHECK(markerTime(1e300) == kInf);
    CHECK(markerTime(-1e300) == -kInf);
    const Recording recording = withCurve(kCameraX, {{0, 1}, {1, 2}});
    MarkerEdits edits;
    edits.add.push_back({markerTime(1e300), "far"});
    auto refused = editMarkers(recording, edits);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().describe().find("\"far\" has no finite time") != std::string::npos);
}
