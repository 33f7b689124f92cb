// A recording as IWER's capture (iwer_capture.hpp), against values worked by hand: the viewer and the joints in WebXR's
// axes, joints relative to the target ray, a hand present exactly while tracked, pinch as button 0, times in ms.
#include <catch2/catch.hpp>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "inputanim/capture/iwer_capture.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"

using namespace inputanim;
using Json = nlohmann::json;

namespace {

void hold(Recording& r, std::size_t curve, float value, float end = 2) {
    r.curves[curve].keys = {Key{0, value}, Key{end, value}};
}

// The head at (1, 2, 3) unturned; the left wrist at (0.1, 1.2, 0.3) turned 90 degrees about Unity's +Y (its +Z along
// the hand now points to +X), the index tip 0.1 m along it; tracked until 1 s, pinching from 0.5 s; markers.
Recording fixture() {
    Recording r;
    r.encoding = Encoding{1, Layout::Compact};
    hold(r, cameraCurve(0), 1);
    hold(r, cameraCurve(1), 2);
    hold(r, cameraCurve(2), 3);
    hold(r, cameraCurve(6), 1);
    const float s = float(std::sqrt(0.5));
    for (Joint joint : kJoints) {
        const float x = joint == Joint::IndexTip ? 0.2f : 0.1f;
        hold(r, jointCurve(Hand::Left, joint, 0), x);
        hold(r, jointCurve(Hand::Left, joint, 1), 1.2f);
        hold(r, jointCurve(Hand::Left, joint, 2), 0.3f);
        hold(r, jointCurve(Hand::Left, joint, 4), s);
        hold(r, jointCurve(Hand::Left, joint, 6), s);
    }
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}, Key{1, 0}};
    r.curves[booleanCurve(BooleanCurve::PinchingLeft)].keys = {Key{0, 0}, Key{0.5f, 1}};
    r.markers = {{0.25f, "press"}, {1.5f, "done \"now\""}};
    return r;
}

Json capture(const Recording& r, const IwerOptions& options = {}, IwerReport* report = nullptr) {
    std::string text;
    auto written = writeIwerCapture(
        r, options,
        [&](std::span<const std::uint8_t> piece) {
            text.append(reinterpret_cast<const char*>(piece.data()), piece.size());
            return Status(Success{});
        },
        report);
    REQUIRE(written.ok());
    return Json::parse(text);
}

// The frame at `ms`, and the left hand's input in it (null when absent).
const Json& frameAt(const Json& c, double ms) {
    for (const auto& f : c["frames"])
        if (std::abs(f[0].get<double>() - ms) < 1e-6) return f;
    FAIL("no frame at " << ms << " ms");
    return c;
}

}  // namespace

TEST_CASE("an IWER capture: the viewer and the joints in WebXR's axes, relative to the target ray") {
    IwerReport report;
    const Json c = capture(fixture(), {}, &report);
    REQUIRE(c["schema"].size() == 2);
    const Json& left = c["schema"][0][1];
    CHECK((c["schema"][0][0] == 0 && left["handedness"] == "left" && left["hasHand"] == true));
    CHECK((left["jointSequence"].size() == 25 && left["jointSequence"][9] == "index-finger-tip"));
    CHECK((left["hasGamepad"] == true && left["numButtons"] == 1 && left["numAxes"] == 0));

    const Json& first = frameAt(c, 0);
    CHECK(first[1] == 1);  // the head: (1, 2, 3) in Unity is (1, 2, -3) in WebXR
    CHECK(first[2] == 2);
    CHECK(first[3] == -3);
    CHECK((first[4] == 0 && first[5] == 0 && first[6] == 0 && first[7] == 1));
    REQUIRE(first.size() == 9);  // the viewer, and the left hand
    const Json& hand = first[8];
    CHECK(hand[0] == 0);
    // The target ray is the wrist: (0.1, 1.2, -0.3), turned -90 degrees about WebXR's +Y: (0, -sqrt 1/2, 0, sqrt 1/2).
    CHECK((hand[1] == 0.1 && hand[2] == 1.2 && hand[3] == -0.3));
    CHECK((hand[4] == 0 && hand[6] == 0));
    CHECK(hand[5].get<double>() == Approx(-std::sqrt(0.5)).margin(1e-6));
    const Json& joints = hand[8];
    REQUIRE(joints.size() == 200);
    // The wrist relative to itself: at the origin, unturned; radius 0.01.
    for (int k = 0; k < 6; ++k) CHECK(joints[k] == 0);
    CHECK((joints[6] == 1 && joints[7] == 0.01));
    // The index tip, 0.1 m along the hand: along the wrist's -Z (WebXR's direction of the fingers), unturned; 0.008.
    const int tip = 9 * 8;
    CHECK((joints[tip] == 0 && joints[tip + 1] == 0 && joints[tip + 2].get<double>() == Approx(-0.1).margin(1e-6)));
    CHECK((joints[tip + 6] == 1 && joints[tip + 7] == 0.008));
    CHECK(hand[9] == Json::parse("[[0,0,0]]"));  // not pinching at 0 s
    CHECK(report.frames == c["frames"].size());
    CHECK(report.maxPositionError < 1e-6);  // nothing moves: only the 1e-6 rounding
}

TEST_CASE("an IWER capture: a hand present while tracked, pinch as button 0, switches 0.1 ms early, markers in ms") {
    const Json c = capture(fixture());
    std::vector<double> times;
    for (const auto& f : c["frames"]) times.push_back(f[0]);
    // Key times 0, 0.5, 1 and 2 s, and 0.1 ms before each Boolean key after 0.
    CHECK(times == std::vector<double>{0, 499.9, 500, 999.9, 1000, 2000});
    CHECK(frameAt(c, 499.9)[8][9] == Json::parse("[[0,0,0]]"));
    CHECK(frameAt(c, 500)[8][9] == Json::parse("[[1,1,1]]"));
    CHECK(frameAt(c, 999.9).size() == 9);  // tracked
    CHECK(frameAt(c, 1000).size() == 8);  // not: the input is absent
    CHECK(frameAt(c, 2000).size() == 8);
    CHECK(c["markers"] == Json::parse(R"([{"time": 250, "name": "press"}, {"time": 1500, "name": "done \"now\""}])"));
}

TEST_CASE("an IWER capture at a rate: a frame every 1/rate s, the switches kept, and a limit") {
    IwerOptions options;
    options.rate = 4;
    const Json c = capture(fixture(), options);
    std::vector<double> times;
    for (const auto& f : c["frames"]) times.push_back(f[0]);
    CHECK(times == std::vector<double>{0, 250, 499.9, 500, 750, 999.9, 1000, 1250, 1500, 1750, 2000});

    Recording longOne = fixture();
    hold(longOne, cameraCurve(0), 1, 1e6f);
    options.rate = 1000;
    auto refused = writeIwerCapture(longOne, options, [](auto) { return Status(Success{}); });
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::GridTooLarge);
}

TEST_CASE("an IWER capture measures how far IWER's interpolation plays from MRTK's") {
    // The wrist turns 90 degrees about Y over 2 s while the index tip, 0.1 m along the hand at both keys, moves in a
    // straight line (MRTK interpolates each curve on its own): halfway, MRTK plays the tip at 0.1 sqrt(1/2) m from the
    // wrist, IWER (the tip's pose relative to the turning ray, unchanged) at 0.1 m, 0.1 (1 - sqrt(1/2)) m apart.
    Recording r = fixture();
    const float s = float(std::sqrt(0.5));
    for (Joint joint : kJoints) {
        r.curves[jointCurve(Hand::Left, joint, 0)].keys = {Key{0, 0.1f}, Key{2, 0.1f}};
        r.curves[jointCurve(Hand::Left, joint, 2)].keys = {Key{0, 0.3f}, Key{2, 0.3f}};
        r.curves[jointCurve(Hand::Left, joint, 4)].keys = {Key{0, 0}, Key{2, s}};
        r.curves[jointCurve(Hand::Left, joint, 6)].keys = {Key{0, 1}, Key{2, s}};
    }
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 0)].keys = {Key{0, 0.1f}, Key{2, 0.2f}};
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 2)].keys = {Key{0, 0.4f}, Key{2, 0.3f}};
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}};
    r.curves[booleanCurve(BooleanCurve::PinchingLeft)].keys = {};
    IwerReport report;
    capture(r, {}, &report);  // frames at 0 and 2 s only
    CHECK(report.maxPositionError == Approx(0.1 * (1 - std::sqrt(0.5))).margin(2e-6));
    IwerOptions options;
    options.rate = 90;  // frames 11 ms apart: the arc and the chord part by far less
    capture(r, options, &report);
    CHECK(report.maxPositionError < 1e-5);
    CHECK(report.maxPositionError > 0);
}

namespace {

Result<Recording> readText(const std::string& text) {
    return readIwerCapture(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "take.json");
}

// IWER's own ActionRecorder writes timestamps from the page's clock, a grip before the hand, and [pressed, touched,
// value] buttons: two frames 100 ms apart of a right hand whose target ray is at (0, 1, 0) unturned, every joint
// 0.1 m ahead of it (WebXR's -Z), pinching in the second.
std::string iwerRecorded() {
    std::string joints;
    for (int i = 0; i < 25; ++i) joints += std::string(i ? "," : "") + "0,0,-0.1,0,0,0,1,0.01";
    std::string names;
    for (auto name : webXrJointNames()) names += (names.empty() ? "\"" : ",\"") + std::string(name) + "\"";
    auto frame = [&](double ms, int pressed) {
        return "[" + std::to_string(ms) + ",0,1.6,0,0,0,0,1,[0,0,1,0,0,0,0,1,[0,1,0,0,0,0,1],[" + joints + "],[[" +
               std::to_string(pressed) + "," + std::to_string(pressed) + "," + std::to_string(pressed) + "]]]]";
    };
    return R"({"schema":[[0,{"handedness":"right","targetRayMode":"tracked-pointer","profiles":["oculus-hand"],)"
           R"("hasGrip":true,"hasHand":true,"jointSequence":[)" +
           names + R"(],"hasGamepad":true,"mapping":"xr-standard","numButtons":1,"numAxes":0}]],"frames":[)" +
           frame(5230.5, 0) + "," + frame(5330.5, 1) + "]}";
}

}  // namespace

TEST_CASE("an IWER capture read back: IWER's own recording, its joints composed with the target ray") {
    const std::string text = iwerRecorded();
    REQUIRE(isIwerCapture(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())));
    auto r = readText(text);
    REQUIRE(r.ok());
    const FrameSample first = sampleFrame(*r, 0, Coordinates::Unity);  // the first frame is the take's 0 s
    CHECK(first.tracked[int(Hand::Right)]);
    CHECK_FALSE(first.tracked[int(Hand::Left)]);
    CHECK_FALSE(first.pinching[int(Hand::Right)]);
    // The ray at (0, 1, 0) and the joint 0.1 m along its -Z: (0, 1, -0.1) in WebXR, (0, 1, 0.1) in Unity.
    const auto& tip = first.joints[int(Hand::Right)][indexOf(Joint::IndexTip)].position;
    CHECK(tip[0] == Approx(0).margin(1e-6));
    CHECK(tip[1] == Approx(1).margin(1e-6));
    CHECK(tip[2] == Approx(0.1).margin(1e-6));
    CHECK(first.camera.position[1] == Approx(1.6).margin(1e-6));
    CHECK(sampleFrame(*r, 0.11, Coordinates::Unity).pinching[int(Hand::Right)]);  // the select button, as recorded
}

TEST_CASE("an IWER capture read back plays as the recording it was written from, within the tolerances") {
    Recording source = fixture();
    std::string text;
    REQUIRE(writeIwerCapture(source, {}, [&](std::span<const std::uint8_t> piece) {
                text.append(reinterpret_cast<const char*>(piece.data()), piece.size());
                return Status(Success{});
            }).ok());
    auto back = readText(text);
    REQUIRE(back.ok());
    for (double t : {0.0, 0.3, 0.6, 0.99}) {
        const FrameSample a = sampleFrame(source, t, Coordinates::Unity), b = sampleFrame(*back, t, Coordinates::Unity);
        INFO(t);
        CHECK((a.tracked == b.tracked && a.pinching == b.pinching));
        for (int i = 0; i < kWebXrJointCount; ++i) {
            const Joint joint = webXrJointsAsMrtk()[i];
            const auto &p = a.joints[0][indexOf(joint)].position, &q = b.joints[0][indexOf(joint)].position;
            CHECK(std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) < kDefaultPositionTolerance);
        }
    }
    CHECK_FALSE(sampleFrame(*back, 1.5, Coordinates::Unity).tracked[0]);
    REQUIRE(back->markers.size() == 2);
    CHECK((back->markers[1].time == 1.5f && back->markers[1].name == "done \"now\""));
}

TEST_CASE("an IWER capture that is not one is refused by the place") {
    CHECK_FALSE(isIwerCapture(std::span(reinterpret_cast<const std::uint8_t*>("{\"asset\":{}}"), 12)));
    const std::string good = iwerRecorded();
    auto pointerOf = [](const std::string& text) {
        auto r = readText(text);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == ErrorKind::Malformed);
        return r.error().pointer;
    };
    std::string noName = good;
    noName.replace(noName.find("\"wrist\""), 7, "\"elbow\"");
    CHECK(pointerOf(noName) == "/schema");
    std::string shortFrame = good;
    const std::string viewer = "5330.500000,0,1.6,0,0,0,0,1,";
    shortFrame.replace(shortFrame.find(viewer), viewer.size(), "5330.500000,0,1.6,");  // a viewer of 2 numbers
    CHECK(pointerOf(shortFrame).starts_with("/frames/1"));
    CHECK(pointerOf(R"({"schema":[],"frames":[]})").empty());  // no frame: said, with no place to point at
    CHECK(pointerOf(R"({"schema":[[0,{"hasHand":true,"handedness":"up"}]],"frames":[]})") == "/schema");
}

TEST_CASE("an IWER capture's schema flags of another type are false, not a failure") {
    std::string text = iwerRecorded();
    text.replace(text.find("\"hasGamepad\":true"), 17, "\"hasGamepad\":\"left\"");
    REQUIRE(readText(text).ok());  // a hand without a select button
    text.replace(text.find("\"hasHand\":true"), 14, "\"hasHand\":1");
    auto r = readText(text);  // a controller: read, with no hand tracked
    REQUIRE(r.ok());
    CHECK_FALSE(sampleFrame(*r, 0, Coordinates::Unity).tracked[int(Hand::Right)]);
}

TEST_CASE("an IWER capture holds numbers up to Float32's range in full, and refuses what lies beyond it") {
    Recording r = fixture();
    hold(r, cameraCurve(0), 3e37f);  // 38 digits before the point: all of them written
    std::string text;
    auto sink = [&](std::span<const std::uint8_t> piece) {
        text.append(reinterpret_cast<const char*>(piece.data()), piece.size());
        return Status(Success{});
    };
    REQUIRE(writeIwerCapture(r, {}, sink).ok());
    auto back = readText(text);
    REQUIRE(back.ok());
    CHECK(sampleFrame(*back, 0, Coordinates::Unity).camera.position[0] == Approx(3e37).epsilon(1e-6));
    // The index tip 6e38 from the wrist: relative to the target ray, beyond Float32's range.
    hold(r, jointCurve(Hand::Left, Joint::Wrist, 0), -3e38f);
    hold(r, jointCurve(Hand::Left, Joint::IndexTip, 0), 3e38f);
    text.clear();
    auto refused = writeIwerCapture(r, {}, sink);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::NotRepresentable);
    CHECK(refused.error().message.find("Float32") != std::string::npos);
}
