// The JSON edit request (readEditRequest) read into the same edits the CLI's verbs make, and applyEdit deciding
// what a request leaves unsaid: a trim without an end runs to the recording's end (1 s here, its last key), a
// duration is the speed that gives it, a marker's name is its time. Expected values worked by hand on the fixture.
#include <catch2/catch.hpp>

#include "inputanim/core/playback.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/report.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

namespace {

Recording applied(const Recording& recording, const std::string& request) {
    auto steps = readEditRequest(request);
    REQUIRE(steps.ok());
    Recording edited = recording;
    for (const auto& step : *steps) edited = applyEdit(edited, step).value();
    return edited;
}

}  // namespace

TEST_CASE("edit request: each JSON edit does what the CLI's verb does", "[edit-request]") {
    const Recording r = fixtures::small(Encoding{1, Layout::Compact});
    REQUIRE(playbackDuration(r) == 1.0);
    // trim from the marker "pinch" (0.5 s) to the end, unsaid: 0.5 s remain, and the camera's key at 1 s is at 0.5 s.
    const Recording trimmed = applied(r, R"({"edits": [{"trim": {"start": "pinch"}}]})");
    CHECK(playbackDuration(trimmed) == 0.5);
    CHECK(trimmed.curves[cameraCurve(0)].keys.back().time == 0.5f);
    CHECK(trimmed.curves[cameraCurve(0)].keys.back().value == 0.125f);
    // A JSON number is the same time as the CLI's text: 0.25 to 0.75 s, kept at their times.
    const Recording kept = applied(r, R"({"edits": [{"trim": {"start": 0.25, "end": 0.75, "keepTime": true}}]})");
    CHECK(kept.curves[cameraCurve(0)].keys.front().time == 0.25f);
    CHECK(kept.curves[cameraCurve(0)].keys.back().time == 0.75f);
    // duration 4 s of a 1 s recording: a quarter of the speed, every key 4 times later; then shift by 1 s.
    const Recording slow = applied(r, R"({"edits": [{"duration": 4}, {"shift": 1}]})");
    CHECK(playbackDuration(slow) == 5.0);
    CHECK(slow.curves[cameraCurve(0)].keys[1].time == 3.0f);  // 0.5 s * 4 + 1
    CHECK(slow.markers[0].time == 3.0f);
    // retime 2: twice as fast.
    CHECK(playbackDuration(applied(r, R"({"edits": [{"retime": 2}]})")) == 0.5);
    // markers: renamed, removed and added, in that order.
    const Recording marked = applied(
        r,
        R"({"edits": [{"markers": {"remove": ["pinch"], "rename": [["r\u00e9l\u00e2che", "up"]], "add": [{"time": 0.25, "name": "down"}]}}]})");
    REQUIRE(marked.markers.size() == 2);
    CHECK(marked.markers[0].name == "down");
    CHECK(marked.markers[1].name == "up");
    CHECK(marked.markers[1].time == 0.75f);
    // mirror: the left hand's keys become the right hand's.
    const Recording mirrored = applied(r, R"({"edits": [{"mirror": true}]})");
    CHECK(mirrored.curves[jointCurve(Hand::Right, Joint::IndexTip, 1)].keys.size() == 2);
    CHECK(mirrored.curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys.empty());
}

TEST_CASE("edit request: what is not an edit is refused, naming it", "[edit-request]") {
    auto place = [](const std::string& request) {
        auto steps = readEditRequest(request);
        REQUIRE_FALSE(steps.ok());
        CHECK(steps.error().kind == ErrorKind::Usage);
        return steps.error().pointer;
    };
    CHECK(place(R"({"edits": [{"shift": 1}, {"cut": 1}]})") == "/edits/1");
    CHECK(place(R"({"edits": [{"trim": {"keepTime": "yes"}}]})") == "/edits/0");
    CHECK(place(R"({"edits": [{"shift": 1, "retime": 2}]})") == "/edits/0");
    CHECK(place(R"({"edits": [{"markers": {"add": [{"time": "1"}]}}]})") == "/edits/0");
    CHECK(place(R"({"edits": [{"markers": {"add": [{"time": 1e39, "name": "far"}]}}]})") == "/edits/0");
    CHECK(place(R"([1, 2])").empty());
    std::string many = R"({"edits": [)";
    for (std::size_t i = 0; i <= kMaxEditsPerRequest; ++i) many += std::string(i ? "," : "") + R"({"shift": 0})";
    CHECK(readEditRequest(many + "]}").error().message.find("more than the 100") != std::string::npos);
    CHECK(readEditRequest(R"({"edits": []})").value().empty());
}

TEST_CASE("edit request: a marker is read as a markers file reads it", "[edit-request]") {
    // One rule for {"time", "name"} (markerFromJson), shared with `convert --markers`: the time as its Float32.
    const auto marker = markerFromJson(nlohmann::json::parse(R"({"time": 0.1, "name": "tap"})"));
    REQUIRE(marker);
    CHECK(marker->time == 0.1f);
    CHECK(marker->name == "tap");
    for (const char* bad : {R"({"time": 1e39, "name": "x"})", R"({"time": "1", "name": "x"})", R"({"time": 1})",
                            R"({"name": "x"})", R"([0.5, "x"])"})
        CHECK_FALSE(markerFromJson(nlohmann::json::parse(bad)));
}
