// When two recordings differ: the spans of diffRecordings, against hand-worked times.
#include <catch2/catch.hpp>

#include "inputanim/analysis/diff.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

namespace {

using fixtures::cameraX;

}  // namespace

TEST_CASE("diff says when two recordings differ beyond the tolerance") {
    // B's camera x has two linear bumps over A's constant 0: 4 mm at 1.5 s (from 1 to 2 s) and 2 mm at 2.5 s (from
    // 2.25 to 2.75 s). Beyond 1 mm: |t - 1.5| < 0.375 and |t - 2.5| < 0.125, so on a 10 Hz grid the samples
    // 1.2-1.8 s and 2.4-2.6 s; joined when a step apart or less, they stay two spans (1.8 to 2.4 is six steps).
    const Recording a = cameraX({Key{0, 0}, Key{3, 0}});
    const Recording b = cameraX({Key{0, 0}, Key{1, 0}, Key{1.5f, 0.004f}, Key{2, 0}, Key{2.25f, 0}, Key{2.5f, 0.002f},
                                 Key{2.75f, 0}, Key{3, 0}});
    DiffOptions options;
    options.rate = 10;
    auto report = diffRecordings(a, b, options);
    REQUIRE(report.ok());
    REQUIRE(report->poses.size() == 1);
    const auto& spans = report->poses[0].differs;
    REQUIRE(spans.size() == 2);
    CHECK(spans[0].start == Approx(1.2));
    CHECK(spans[0].end == Approx(1.8));
    CHECK(spans[1].start == Approx(2.4));
    CHECK(spans[1].end == Approx(2.6));
    REQUIRE(report->differs.size() == 2);
    options.positionTolerance = 0.003;  // only the first bump's 1.4-1.6 s (|t - 1.5| < 0.125)
    report = diffRecordings(a, b, options);
    REQUIRE(report->differs.size() == 1);
    CHECK(report->differs[0].start == Approx(1.4));
    CHECK(report->differs[0].end == Approx(1.6));
    CHECK(diffRecordings(a, a, options)->differs.empty());
}

TEST_CASE("diff names each span's worst moment and pose") {
    // The bumps above, 4 mm at 1.5 s and 2 mm at 2.5 s: 4 and 2 tolerances of 1 mm at their peaks.
    Recording a = cameraX({Key{0, 0}, Key{3, 0}});
    Recording b = cameraX({Key{0, 0}, Key{1, 0}, Key{1.5f, 0.004f}, Key{2, 0}, Key{2.25f, 0}, Key{2.5f, 0.002f},
                           Key{2.75f, 0}, Key{3, 0}});
    DiffOptions options;
    options.rate = 10;
    auto report = diffRecordings(a, b, options);
    REQUIRE(report->differs.size() == 2);
    CHECK(report->differs[0].worst == Approx(1.5));
    CHECK(report->differs[0].pose == "camera");
    CHECK(report->differs[0].excess == Approx(4).epsilon(1e-6));
    CHECK(report->differs[1].worst == Approx(2.5));
    CHECK(report->differs[1].excess == Approx(2).epsilon(1e-6));
    CHECK_FALSE(withinTolerances(*report, options));

    // B's gaze origin also moves, 6 mm at 1.9 s (from 1.5 to 2.3 s): beyond 1 mm where |t - 1.9| < 1/3, the samples
    // 1.6-2.2 s. They join the camera's 1.2-1.8 s into one span of 1.2-2.2 s, whose worst moment is the gaze's.
    a.hasEyeGaze = b.hasEyeGaze = 1;
    a.curves[gazeCurve(kGazeOriginX)].keys = KeyList({Key{0, 0}, Key{3, 0}});
    b.curves[gazeCurve(kGazeOriginX)].keys = KeyList({Key{0, 0}, Key{1.5f, 0}, Key{1.9f, 0.006f}, Key{2.3f, 0}});
    report = diffRecordings(a, b, options);
    REQUIRE(report->differs.size() == 2);
    CHECK(report->differs[0].start == Approx(1.2));
    CHECK(report->differs[0].end == Approx(2.2));
    CHECK(report->differs[0].worst == Approx(1.9));
    CHECK(report->differs[0].pose == "gaze.Origin");
    CHECK(report->differs[0].excess == Approx(6).epsilon(1e-6));
    CHECK(report->differs[1].pose == "camera");
    CHECK(withinTolerances(*diffRecordings(a, a, options), options));
}

TEST_CASE("diff compares the second recording an offset later, and says every time in the first's") {
    // A's camera x ramps from 0 at 0 s to 2 m at 2 s, and its left hand is tracked from 1 s; B is A half a second
    // later (its ramp from 0.5 to 2.5 s, tracked from 1.5 s). Compared as they are, the ramp is 0.5 m apart and the
    // switch 0.5 s; at an offset of 0.5 s they match: over A's 0-2 s (B's 0.5-2.5 s), switches at A's 1 s in both.
    Recording a = cameraX({Key{0, 0, 1, 1, 0, 0, kWeightedNone}, Key{2, 2, 1, 1, 0, 0, kWeightedNone}});
    Recording b = cameraX({Key{0.5f, 0, 1, 1, 0, 0, kWeightedNone}, Key{2.5f, 2, 1, 1, 0, 0, kWeightedNone}});
    const std::size_t tracked = booleanCurve(BooleanCurve::TrackedLeft);
    a.curves[tracked].keys = KeyList({Key{0, 0}, Key{1, 1}});
    b.curves[tracked].keys = KeyList({Key{0, 0}, Key{1.5f, 1}});
    DiffOptions options;
    options.rate = 10;
    auto plain = diffRecordings(a, b, options);
    REQUIRE(plain.ok());
    CHECK(plain->maxPosition == Approx(0.5).epsilon(1e-6));
    CHECK(plain->maxSwitchShift == Approx(0.5));

    options.offset = 0.5;
    auto shifted = diffRecordings(a, b, options);
    REQUIRE(shifted.ok());
    CHECK(shifted->start == 0);
    CHECK(shifted->end == 2);
    CHECK(shifted->maxPosition < 1e-6);
    const BooleanDiff& left = shifted->booleans[std::size_t(BooleanCurve::TrackedLeft)];
    REQUIRE(left.switchesB.size() == 1);
    CHECK(left.switchesA[0] == 1);
    CHECK(left.switchesB[0] == 1);
    CHECK(withinTolerances(*shifted, options));

    options.offset = std::numeric_limits<double>::quiet_NaN();
    auto refused = diffRecordings(a, b, options);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::WindowInvalid);
}
