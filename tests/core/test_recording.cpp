// A recording's time range, which the export's duration and the checker's end come from; how it holds its curves.
#include <catch2/catch.hpp>
#include <limits>
#include <vector>

#include "inputanim/core/recording.hpp"

using namespace inputanim;

TEST_CASE("the time range spans every finite key and marker time, whatever the keys' order and form") {
    Recording r;
    CHECK(timeRange(r).start == 0);
    CHECK(timeRange(r).end == 0);  // nothing recorded: an empty range

    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    r.curves[0].keys = {Key{0.5f, 1}, Key{nan, 2}, Key{0.25f, 3}};  // compact, out of order
    r.curves[7].keys = {Key{-inf, 0}, Key{1.75f, 0, 1.0f, 1.0f}, Key{inf, 0}};  // full keys
    CHECK(timeRange(r).start == 0.25);
    CHECK(timeRange(r).end == 1.75);

    r.markers.push_back({-0.5f, "before"});
    r.markers.push_back({nan, "nowhere"});
    CHECK(timeRange(r).start == -0.5);
    CHECK(timeRange(r).end == 1.75);

    r.curves[3].keys = {Key{0.375f, 0}, Key{1.0f, 2}, Key{2.5f, 1}};  // in order: its first and last keys count
    CHECK(timeRange(r).end == 2.5);
    r.curves[4].keys = {Key{-1.0f, 0}, Key{3.0f, nan}};  // in order, a value NaN: its times still count
    CHECK(timeRange(r).start == -1.0);
    CHECK(timeRange(r).end == 3.0);

    // What the pass says of each curve: valid as it is only for MRTK's linear keys, finite and increasing (or none).
    r.curves[5].keys = {Key{0, 1}, Key{1.0f, 0, 1.0f, 1.0f}};  // full keys in order: their tangents are not looked at
    std::vector<bool> valid;
    timeRange(r, &valid);
    REQUIRE(valid.size() == r.curves.size());
    CHECK_FALSE(valid[0]);  // out of order
    CHECK(valid[3]);
    CHECK_FALSE(valid[4]);  // a NaN value
    CHECK_FALSE(valid[5]);
    CHECK_FALSE(valid[7]);
    CHECK(valid[8]);  // no keys
    for (std::size_t c = 0; c < r.curves.size(); ++c)
        CHECK(valid[c] == (!invalidKey(r.curves[c]) && r.curves[c].keys.compact()));
}

TEST_CASE("a recording keeps its curves on the heap, so that frames holding one stay small, and copies whole") {
    // Inline curves made a Recording 38 KB: each frame that held one faulted in fresh stack pages.
    STATIC_REQUIRE(sizeof(Recording) < 256);
    Recording recording;
    REQUIRE(recording.curves.size() == kCurveCount);
    recording.curves[kCurveCount - 1].keys.push_back(1.0f, 2.0f);
    const Recording copy = recording;
    REQUIRE(copy.curves.size() == kCurveCount);
    CHECK(copy.curves[kCurveCount - 1].keys.size() == 1);
    CHECK(copy.curves[kCurveCount - 1].keys.value(0) == 2.0f);
}

TEST_CASE("1.1 without a camera is refused for 1.0, whose camera curves MRTK always plays; without hands it is not") {
    Recording handsOnly;
    handsOnly.encoding = Encoding{1, Layout::Compact};
    handsOnly.hasCameraPose = 0;
    handsOnly.hasHandData = 1;
    handsOnly.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}};
    auto refused = convertEncoding(handsOnly, kEncoding10);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::NotRepresentable);
    CHECK_THAT(refused.error().message,
               Catch::Contains("it has no camera pose, and MRTK plays 1.0's camera curves always"));
    Recording cameraOnly;
    cameraOnly.encoding = Encoding{1, Layout::Compact};
    cameraOnly.hasCameraPose = 1;
    cameraOnly.hasHandData = 0;
    cameraOnly.curves[cameraCurve(0)].keys = {Key{0, 1}, Key{1, 2}};
    auto converted = convertEncoding(cameraOnly, kEncoding10);
    REQUIRE(converted.ok());
    CHECK(converted->curves[booleanCurve(BooleanCurve::TrackedLeft)].keys.empty());  // MRTK: untracked
}

TEST_CASE("playable: the first key or marker MRTK could not play, named") {
    Recording r;
    r.curves[cameraCurve(2)].keys = {Key{0, 1}, Key{0.5f, 2}, Key{0.5f, 3}};
    auto repeated = playable(r);
    REQUIRE_FALSE(repeated.ok());
    CHECK(repeated.error().curve == "camera.PositionZ");
    CHECK(repeated.error().message == "key 2 is not later than key 1");
    r.curves[cameraCurve(2)].keys = {Key{0, 1, std::numeric_limits<float>::quiet_NaN(), 0, 0, 0, kWeightedNone}};
    CHECK(playable(r).error().message == "key 0 has a NaN tangent or a non-finite weight");
    r.curves[cameraCurve(2)].keys = {
        Key{0, 1, std::numeric_limits<float>::infinity(), 0, 0, 0, kWeightedNone}};  // a step: fine
    CHECK(playable(r).ok());
    r.markers = {{0.5f, "a"}, {std::numeric_limits<float>::infinity(), "b"}};
    CHECK(playable(r).error().curve == "markers");
    CHECK_THAT(playable(r).error().message, Catch::Contains("marker 1 has no finite time"));
}
