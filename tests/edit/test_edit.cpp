// Edits against values worked by hand (the arithmetic in comments) and against the recording as MRTK plays it.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "inputanim/core/playback.hpp"
#include "inputanim/edit/edit.hpp"
#include "support/edge_cases.hpp"
#include "support/fixtures.hpp"
#include "edit/edit_cases.hpp"

using namespace inputanim;
using namespace edit_cases;

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
    // Keys (0, 0) and (2, 4), flat tangents: v(t) = 4 (3s^2 - 2s^3), s = t / 2. At t = 1: v = 2, slope = 4 (6s - 6s^2)
    // / 2 = 3. The kept part [1, 2] is the Hermite (0, 2, slope 3) -> (1, 4, slope 0): at its 0.5 (t = 1.5, s = 0.75)
    // both give 4 (3 * 0.5625 - 2 * 0.421875) = 3.375.
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
    const Recording r =
        withCurve(kCameraX, {Key{0, 1, 0, kInf, 0, 0, kWeightedNone}, Key{2, 5, 0, 0, 0, 0, kWeightedNone}});
    auto trimmed = trimRecording(r, {1, 3});
    REQUIRE(trimmed.ok());
    const Curve& c = trimmed->curves[kCameraX];
    CHECK(evaluate(c, 0) == 1);
    CHECK(evaluate(c, 0.99) == 1);
    CHECK(evaluate(c, 1) == 5);
    CHECK(evaluate(c, 2) == 5);
    // Keys only after the range's start: the curve holds its first value until its first key, as before.
    auto early =
        trimRecording(withCurve(kCameraX, {Key{2, 7, 3, 3, 1.0f / 3, 1.0f / 3, kWeightedNone}, Key{3, 9}}), {1, 3});
    REQUIRE(early.ok());
    CHECK(evaluate(early->curves[kCameraX], 0.5) == 7);
}

TEST_CASE("trim keeps the markers inside, moved, drops the others with a note, and refuses what it cannot cut") {
    Recording r = withCurve(kCameraX, {Key{0, 0}, Key{4, 4}});
    // Kept: 1.5 s and the markers exactly at either end of 1-3 s (at 0.5, 0 and 2 s of the result).
    r.markers = {{0.5f, "before"}, {1, "start"}, {1.5f, "press"}, {3, "end"}, {3.5f, "after"}};
    EditReport report;
    auto trimmed = trimRecording(r, {1, 3}, &report);
    REQUIRE(trimmed.ok());
    REQUIRE(trimmed->markers.size() == 3);
    CHECK(trimmed->markers[0].time == 0);
    CHECK(trimmed->markers[1].time == 0.5f);
    CHECK(trimmed->markers[1].name == "press");
    CHECK(trimmed->markers[2].time == 2);
    CHECK(trimmed->markers[2].name == "end");
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
            const FrameSample a = sampleFrame(c.recording, t, Coordinates::Unity),
                              b = sampleFrame(*trimmed, t - start, Coordinates::Unity);
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

    // 0.1f + 0.25 = 0.35000000149 lies between float32s (0.34999999404 is nearest): one time rounded; 0.5 and 1 + 0.25
    // are exact. A merged part moved by the same offset counts the same.
    const Recording tenth = withCurve(kCameraX, {Key{0.1f, 1}, Key{0.5f, 2}, Key{1, 3}});
    EditReport rounded, merged;
    CHECK(shiftRecording(tenth, 0.25, &rounded)->curves[kCameraX].keys.time(0) == 0.35f);
    CHECK(rounded.timesRounded == 1);
    REQUIRE(mergeRecordings(Recording{}, {{MergePart::Camera, &tenth, 0.25}}, &merged).ok());
    CHECK(merged.timesRounded == 1);

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
                CHECK(std::fabs(double(u) - t) <=
                      2 * double(std::nextafter(std::fabs(t) + 0.5f, kInf) - (std::fabs(t) + 0.5f)));
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
        auto same = mergeRecordings(
            r, {{MergePart::Camera, &r}, {MergePart::Left, &r}, {MergePart::Right, &r}, {MergePart::Gaze, &r}});
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
