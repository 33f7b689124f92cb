// Rebase: an edit read back from a DCC tool, put onto the recording it was made from.
#include <catch2/catch.hpp>

#include <algorithm>

#include "support/fixtures.hpp"
#include "inputanim/analysis/rebase.hpp"
#include "inputanim/analysis/synthetic.hpp"

using namespace inputanim;

namespace {

// A generated two-second recording whose right hand was never tracked (no keys, as MRTK 2.5 writes it).
Recording leftHandOnly() {
    SyntheticOptions options;
    options.duration = 2;
    options.encoding = {1, Layout::Compact};
    Recording r = generateRecording(options).value();
    for (Joint joint : kJoints)
        for (int c = 0; c < kPoseCurveCount; ++c) r.curves[jointCurve(Hand::Right, joint, c)].keys.clear();
    r.curves[booleanCurve(BooleanCurve::TrackedRight)].keys = {Key{0, 0}};
    r.curves[booleanCurve(BooleanCurve::PinchingRight)].keys = {Key{0, 0}};
    return r;
}

// What a DCC tool's round trip does to an unedited pose: every value moved by a few ulps (a zero stays zero: MRTK
// plays a gaze direction of (0, 0, 0) as none, and any other as a unit vector).
void jitter(Curve& curve, float by) {
    for (std::size_t k = 0; k < curve.keys.size(); ++k)
        if (curve.keys.value(k) != 0) curve.keys.setValue(k, curve.keys.value(k) + by);
}

bool has(const RebaseReport& report, const std::string& name) {
    return std::find(report.edited.begin(), report.edited.end(), name) != report.edited.end();
}

}  // namespace

TEST_CASE("an unedited round trip gives back the base byte for byte, gaining no keys for a never-tracked hand") {
    const Recording base = leftHandOnly();
    Recording edited = base;
    for (std::size_t c = 0; c < kCurveCount; ++c)
        if (sectionOf(c) != Section::Booleans) jitter(edited.curves[c], 2e-5f);  // 0.02 mm, a few ulps of a quaternion
    // A DCC tool keys every bone: the never-tracked hand comes back with constant keys.
    for (Joint joint : kJoints)
        for (int c = 0; c < kPoseCurveCount; ++c)
            edited.curves[jointCurve(Hand::Right, joint, c)].keys = {Key{0, 0.5f}, Key{2, 0.5f}};
    edited.markers.clear();
    RebaseReport report;
    auto merged = rebase(base, edited, {}, &report);
    REQUIRE(merged.ok());
    CHECK(report.edited.empty());
    CHECK(fixtures::bytesOf(*merged) == fixtures::bytesOf(base));  // markers too: the base's
}

TEST_CASE("an edited joint takes the edit's keys, every other pose keeps the base's") {
    const Recording base = leftHandOnly();
    Recording edited = base;
    Curve& tipX = edited.curves[jointCurve(Hand::Left, Joint::IndexTip, kPositionX)];
    REQUIRE(tipX.keys.size() > 2);
    tipX.keys.setValue(tipX.keys.size() / 2, tipX.keys.value(tipX.keys.size() / 2) + 0.01f);  // 1 cm at one key
    jitter(edited.curves[jointCurve(Hand::Left, Joint::Wrist, kPositionX + 1)], 1e-5f);
    RebaseReport report;
    auto merged = rebase(base, edited, {}, &report);
    REQUIRE(merged.ok());
    CHECK(report.edited == std::vector<std::string>{"left.IndexTip"});
    for (std::size_t c = 0; c < kCurveCount; ++c) {
        INFO(curveName(c));
        const bool fromEdit = c >= jointCurve(Hand::Left, Joint::IndexTip, 0) &&
                              c < jointCurve(Hand::Left, Joint::IndexTip, 0) + kPoseCurveCount;
        const Curve& expected = fromEdit ? edited.curves[c] : base.curves[c];
        REQUIRE(merged->curves[c].keys.size() == expected.keys.size());
        for (std::size_t k = 0; k < expected.keys.size(); ++k)
            CHECK(merged->curves[c].keys.value(k) == expected.keys.value(k));
    }
}

TEST_CASE("a hand the edit starts tracking takes its joints; a moved switch takes the state") {
    const Recording base = leftHandOnly();
    Recording edited = base;
    edited.curves[booleanCurve(BooleanCurve::TrackedRight)].keys = {Key{0, 0}, Key{0.5f, 1}};
    for (int c = 0; c < kPoseCurveCount; ++c)
        edited.curves[jointCurve(Hand::Right, Joint::Wrist, c)].keys = {Key{0.5f, 0.25f}, Key{1.5f, 0.3f}};
    Curve& pinch = edited.curves[booleanCurve(BooleanCurve::PinchingLeft)];
    REQUIRE(pinch.keys.size() > 1);
    pinch.keys.setTime(1, pinch.keys.time(1) + 0.2f);  // beyond 1/24 s
    RebaseReport report;
    auto merged = rebase(base, edited, {}, &report);
    REQUIRE(merged.ok());
    CHECK(has(report, "TrackedRight"));
    CHECK(has(report, "PinchingLeft"));
    CHECK(has(report, "right.Wrist"));
    CHECK(merged->curves[jointCurve(Hand::Right, Joint::Wrist, kPositionX)].keys.size() == 2);
    CHECK(merged->curves[booleanCurve(BooleanCurve::PinchingLeft)].keys.time(1) == pinch.keys.time(1));
}

TEST_CASE("an edit in another encoding is refused with what to do") {
    const Recording base = leftHandOnly();
    Recording edited = base;
    edited.encoding = {1, Layout::Full};
    auto merged = rebase(base, edited);
    REQUIRE_FALSE(merged.ok());
    CHECK_THAT(merged.error().message, Catch::Contains("read the edit back in the base's encoding"));
}
