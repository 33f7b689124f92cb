#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "support/fixtures.hpp"
#include "inputanim/analysis/check.hpp"

using namespace inputanim;

namespace {
const Finding* find(const std::vector<Finding>& findings, const std::string& code) {
    for (const Finding& f : findings)
        if (f.code == code) return &f;
    return nullptr;
}

// Joint IndexTip of the left hand with a unit rotation about Y at the given angles (degrees).
void setRotation(Recording& r, const std::vector<std::pair<float, double>>& timeAngle) {
    for (int c = 0; c < 4; ++c) r.curves[jointCurve(Hand::Left, Joint::IndexTip, 3 + c)].keys.clear();
    for (auto [t, degrees] : timeAngle) {
        const double half = degrees * 3.14159265358979 / 360;
        const float q[4] = {0, float(std::sin(half)), 0, float(std::cos(half))};
        for (int c = 0; c < 4; ++c)
            r.curves[jointCurve(Hand::Left, Joint::IndexTip, 3 + c)].keys.push_back(Key{t, q[c]});
    }
}

Recording base() {
    Recording r;
    r.encoding = {1, Layout::Compact};
    setRotation(r, {{0, 0}, {1, 10}, {2, 20}});
    r.curves[booleanCurve(trackedCurve(Hand::Left))].keys.push_back(Key{0, 1});  // the hand shows
    return r;
}
}  // namespace

TEST_CASE("a clean recording has no findings") { CHECK(checkRecording(base()).empty()); }

TEST_CASE("time problems are errors or warnings by curve and key") {
    Recording r = base();
    auto& keys = r.curves[cameraCurve(1)].keys;
    keys = {Key{0, 1}, Key{0.5f, 1}, Key{0.5f, 2}, Key{0.25f, 3}};
    auto findings = checkRecording(r);
    const Finding* duplicate = find(findings, "duplicate-time");
    REQUIRE(duplicate);
    CHECK(duplicate->severity == Severity::Error);
    CHECK(duplicate->curve == "camera.PositionY");
    CHECK(duplicate->key == 2u);
    CHECK_THAT(duplicate->message, Catch::Contains("2 key(s)"));

    keys = {Key{0, 1}, Key{0.5f, 1}, Key{0.25f, 3}};
    findings = checkRecording(r);
    REQUIRE(find(findings, "decreasing-time"));

    keys = {Key{-0.1f, 1}, Key{0.5f, 1}};
    findings = checkRecording(r);
    REQUIRE(find(findings, "negative-time"));
    CHECK(find(findings, "negative-time")->severity == Severity::Warning);
    r.encoding = {0, Layout::Full};
    r.hasEyeGaze = 0;
    CHECK(find(checkRecording(r), "negative-time")->severity == Severity::Note);  // 1.0 lead-in key

    keys = {Key{0, std::numeric_limits<float>::quiet_NaN()}};
    REQUIRE(find(checkRecording(r), "non-finite"));
}

TEST_CASE("quaternion problems") {
    Recording r = base();
    setRotation(r, {{0, 0}, {1, 10}, {2, 200}});  // 200 degrees is the far hemisphere from 10
    auto findings = checkRecording(r);
    REQUIRE(find(findings, "hemisphere-flip"));
    CHECK(find(findings, "hemisphere-flip")->curve == "left.IndexTip.Rotation");

    r = base();
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 6)].keys.setValue(1, 0.5f);  // |q| ~ 0.51
    REQUIRE(find(checkRecording(r), "non-unit-quaternion"));

    r = base();
    for (int c = 0; c < 4; ++c)
        for (std::size_t k = 0; k < r.curves[jointCurve(Hand::Left, Joint::IndexTip, 3 + c)].keys.size(); ++k)
            r.curves[jointCurve(Hand::Left, Joint::IndexTip, 3 + c)].keys.setValue(k, 0);
    CHECK(find(checkRecording(r), "zero-quaternion")->severity == Severity::Warning);

    r = base();
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 6)].keys.resize(1);
    findings = checkRecording(r);
    const Finding* defect = find(findings, "rotation-w-single-key");
    REQUIRE(defect);
    CHECK(defect->curve == "left.IndexTip.RotationW");
    CHECK_FALSE(find(findings, "non-unit-quaternion"));  // not repeated as another problem
}

TEST_CASE("lost tail and unaligned components") {
    Recording r = base();
    r.curves[cameraCurve(0)].keys = {Key{0, 1}, Key{0.5f, 2}};
    r.curves[cameraCurve(1)].keys = {Key{0, 1}, Key{0.7f, 2}};
    auto findings = checkRecording(r);
    const Finding* tail = find(findings, "lost-tail");
    REQUIRE(tail);
    CHECK(tail->curve == "camera.PositionX");
    CHECK_THAT(tail->message, Catch::Contains("1.5 s before"));
    const Finding* unaligned = find(findings, "unaligned-components");
    REQUIRE(unaligned);
    CHECK(unaligned->curve == "camera.Position");
}

TEST_CASE("joint curves may end where their hand stops being tracked") {
    Recording r = base();
    r.curves[cameraCurve(0)].keys = {Key{0, 1}, Key{3, 2}};
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}, Key{2, 0}};  // untracked from 2 s
    CHECK_FALSE(find(checkRecording(r), "lost-tail"));
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 1}};  // tracked to the end (3 s)
    REQUIRE(find(checkRecording(r), "lost-tail"));
    CHECK_THAT(find(checkRecording(r), "lost-tail")->curve, Catch::StartsWith("left.IndexTip.Rotation"));
}

TEST_CASE("sections that are absent are not checked") {
    Recording r = base();
    r.hasHandData = 0;
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 6)].keys.resize(1);
    CHECK(checkRecording(r).empty());
}

TEST_CASE("a note when the eye gaze is the head's forward ray at every key") {
    // The head at (0, 1.6, 0) turning from straight ahead to 90 degrees about +Y (forward +Z, then +X).
    Recording r = base();
    r.encoding = {1, Layout::Compact};
    r.hasEyeGaze = 1;
    const double s = std::sqrt(0.5);
    const float turns[2][4] = {{0, 0, 0, 1}, {0, float(s), 0, float(s)}};
    const float origin[3] = {0, 1.6f, 0};
    for (int k = 0; k < 2; ++k) {
        for (int c = 0; c < 3; ++c) r.curves[cameraCurve(c)].keys.push_back(Key{float(k), origin[c]});
        for (int c = 0; c < 4; ++c) r.curves[cameraCurve(3 + c)].keys.push_back(Key{float(k), turns[k][c]});
    }
    const float directions[2][3] = {{0, 0, 1}, {1, 0, 0}};  // by hand: +Z turned 90 degrees about +Y is +X
    for (int k = 0; k < 2; ++k)
        for (int c = 0; c < 3; ++c) {
            r.curves[gazeCurve(kGazeOriginX + c)].keys.push_back(Key{float(k), origin[c]});
            r.curves[gazeCurve(kGazeDirectionX + c)].keys.push_back(Key{float(k), directions[k][c]});
        }
    const auto findings = checkRecording(r);
    const Finding* note = find(findings, "gaze-from-head");
    REQUIRE(note);
    CHECK(note->severity == Severity::Note);
    CHECK(note->curve == "gaze");
    r.curves[gazeCurve(kGazeDirectionX)].keys.set(1, Key{1, 0.99f});  // 8 degrees off at the second key
    r.curves[gazeCurve(kGazeDirectionX + 2)].keys.set(1, Key{1, 0.14f});
    CHECK_FALSE(find(checkRecording(r), "gaze-from-head"));
    r.curves[gazeCurve(kGazeDirectionX)].keys.set(1, Key{1, 1});
    r.curves[gazeCurve(kGazeDirectionX + 2)].keys.set(1, Key{1, 0});
    r.curves[gazeCurve(kGazeOriginX)].keys.set(0, Key{0, 0.01f});  // the eyes 1 cm aside
    CHECK_FALSE(find(checkRecording(r), "gaze-from-head"));
}

TEST_CASE("check: a recording whose hands are never tracked is warned of", "[check]") {
    // The hands section stored, keys (a head), neither tracked curve ever on: MRTK shows no hands.
    Recording r = base();
    r.encoding = {1, Layout::Compact};
    r.hasCameraPose = r.hasHandData = 1;
    r.curves[cameraCurve(1)].keys.push_back(Key{0, 1.6f});
    r.curves[booleanCurve(trackedCurve(Hand::Left))].keys.set(0, Key{0, 0});
    const auto findings = checkRecording(r);
    const Finding* warning = find(findings, "no-hand-tracked");
    REQUIRE(warning);
    CHECK(warning->severity == Severity::Warning);
    CHECK(warning->curve == "booleans");
    // A hand tracked once (above one half, as MRTK reads it) is enough; so is having no hands section at all.
    r.curves[booleanCurve(trackedCurve(Hand::Right))].keys.push_back(Key{0.5f, 0.75f});
    CHECK_FALSE(find(checkRecording(r), "no-hand-tracked"));
    r.curves[booleanCurve(trackedCurve(Hand::Right))].keys.set(0, Key{0.5f, 0.5f});
    CHECK(find(checkRecording(r), "no-hand-tracked"));
    r.hasHandData = 0;
    r.curves[booleanCurve(trackedCurve(Hand::Left))].keys.clear();
    r.curves[booleanCurve(trackedCurve(Hand::Right))].keys.clear();
    CHECK_FALSE(find(checkRecording(r), "no-hand-tracked"));
}
