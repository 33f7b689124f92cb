// The diff options of front ends that speak JSON (readDiffOptions, the loader's recording.diff()): each name lands
// in its field, null keeps the default, and what the library cannot compare over is refused, by name, before any
// sampling. The window is checked against hand-worked spans: B's camera x is A's plus a 4 mm bump at 1.5 s (from 1
// to 2 s), beyond 1 mm where |t - 1.5| < 0.375, so at 10 Hz the samples 1.2-1.8 s.
#include <catch2/catch.hpp>

#include <limits>

#include "inputanim/analysis/diff.hpp"
#include "inputanim/report.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

TEST_CASE("diff options: each JSON name sets its field, null keeps the default", "[diff-options]") {
    auto options = readDiffOptions(R"({"rate": 10, "start": 1.25, "end": null, "offset": -0.5,
        "positionTolerance": 0.002, "rotationTolerance": 1, "switchTolerance": 0})");
    REQUIRE(options.ok());
    CHECK(options->rate == 10);
    CHECK(options->start == 1.25);
    CHECK_FALSE(options->end.has_value());
    CHECK(options->offset == -0.5);
    CHECK(options->positionTolerance == 0.002);
    CHECK(options->rotationTolerance == 1);
    CHECK(options->switchTolerance == 0);
    auto defaults = readDiffOptions("{}");
    REQUIRE(defaults.ok());
    CHECK(defaults->rate == DiffOptions{}.rate);
    CHECK_FALSE(defaults->start.has_value());
}

TEST_CASE("diff options: what cannot be compared over is refused, naming the option", "[diff-options]") {
    const auto refused = [](const char* json) {
        auto options = readDiffOptions(json);
        REQUIRE_FALSE(options.ok());
        CHECK(options.error().kind == ErrorKind::Usage);
        return options.error().message;
    };
    CHECK_THAT(refused(R"({"ofset": 1})"), Catch::Contains("'ofset' is not one (rate, start, end, offset,"));
    CHECK_THAT(refused(R"({"offset": "soon"})"), Catch::Contains("'offset' takes a finite number"));
    CHECK_THAT(refused(R"({"start": "NaN"})"), Catch::Contains("'start' takes a finite number"));
    CHECK_THAT(refused(R"([1, 2])"), Catch::Contains("expected a JSON object"));
    CHECK_THAT(refused(R"({"start": 2, "end": 1})"), Catch::Contains("not a finite interval"));
    CHECK_THAT(refused(R"({"positionTolerance": 0})"), Catch::Contains("tolerances"));
    CHECK_THAT(refused(R"({"switchTolerance": -0.1})"), Catch::Contains("tolerances"));
    // The library refuses the same without JSON: a start that is not finite never reaches the sampler.
    DiffOptions infinite;
    infinite.start = std::numeric_limits<double>::infinity();
    const Recording a = fixtures::cameraX({Key{0, 0}, Key{3, 0}});
    auto report = diffRecordings(a, a, infinite);
    REQUIRE_FALSE(report.ok());
    CHECK(report.error().reason == Reason::WindowInvalid);
}

TEST_CASE("diff options: the window read from JSON is the window compared", "[diff-options]") {
    const Recording a = fixtures::cameraX({Key{0, 0}, Key{3, 0}});
    const Recording b = fixtures::cameraX({Key{0, 0}, Key{1, 0}, Key{1.5f, 0.004f}, Key{2, 0}, Key{3, 0}});
    // From 1.5 s on: the bump's second half, 1.5-1.8 s; to 1.3 s: its first two samples, 1.2-1.3 s.
    auto late = diffRecordings(a, b, readDiffOptions(R"({"rate": 10, "start": 1.5})").value());
    auto early = diffRecordings(a, b, readDiffOptions(R"({"rate": 10, "end": 1.3})").value());
    REQUIRE(late.ok());
    REQUIRE(early.ok());
    CHECK(late->start == 1.5);
    CHECK(late->end == 3);
    REQUIRE(late->differs.size() == 1);
    CHECK(late->differs[0].start == Approx(1.5));
    CHECK(late->differs[0].end == Approx(1.8));
    CHECK(late->differs[0].worst == Approx(1.5));
    REQUIRE(early->differs.size() == 1);
    CHECK(early->differs[0].start == Approx(1.2));
    CHECK(early->differs[0].end == Approx(1.3));
}
