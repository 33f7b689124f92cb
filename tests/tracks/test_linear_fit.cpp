// Linear keys for MRTK's 1.1 layout, fitted to curves with tangents: checked against Unity's evaluator on a dense
// grid, with MRTK's linear playback of the fitted keys written out here (not the library's).
#include <catch2/catch.hpp>
#include <numbers>

#include <algorithm>
#include <cmath>
#include <limits>

#include "support/edge_cases.hpp"
#include "support/fixtures.hpp"
#include "inputanim/tracks/linear_fit.hpp"

using namespace inputanim;

namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

// MRTK's playback of compact keys: a straight line between keys, the first and last value held outside.
double linearAt(const Curve& curve, double t) {
    const auto& keys = curve.keys;
    if (keys.empty()) return 0;
    if (t <= keys.time(0)) return keys.value(0);
    for (std::size_t k = 1; k < keys.size(); ++k)
        if (t < keys.time(k)) {
            const double t0 = keys.time(k - 1), t1 = keys.time(k), v0 = keys.value(k - 1), v1 = keys.value(k);
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
        }
    return keys.value(keys.size() - 1);
}

// The largest distance (metres) or angle (degrees, both normalised) between the original group, as Unity plays it,
// and the fitted one, as MRTK plays it, at `samples` Float32 times over [0, end] (MRTK's clock is Float32).
double denseDeviation(const Recording& original, const Recording& fitted, const CurveGroup& group, double end,
                      int samples = 20000) {
    double worst = 0;
    for (int i = 0; i <= samples; ++i) {
        const double t = float(end * i / samples);
        double a[4] = {}, b[4] = {}, aa = 0, bb = 0, ab = 0, d2 = 0;
        for (int c = 0; c < group.count; ++c) {
            a[c] = evaluate(original.curves[group.first + c], t);
            b[c] = linearAt(fitted.curves[group.first + c], t);
            aa += a[c] * a[c], bb += b[c] * b[c], ab += a[c] * b[c], d2 += (a[c] - b[c]) * (a[c] - b[c]);
        }
        if (!group.rotation) worst = std::max(worst, std::sqrt(d2));
        else if (aa > 0 && bb > 0)
            worst = std::max(worst,
                             2 * std::acos(std::min(1.0, std::abs(ab) / std::sqrt(aa * bb))) * 180 / std::numbers::pi);
    }
    return worst;
}

Recording withCurve(std::size_t index, Curve curve) {
    Recording r;
    r.encoding = kEncoding10;
    r.curves[index] = std::move(curve);
    return r;
}

const CurveGroup& groupOf(std::size_t first) {
    return *std::find_if(curveGroups().begin(), curveGroups().end(),
                         [&](const CurveGroup& g) { return g.first == first; });
}

bool wasFitted(const LinearFitReport& report, const CurveGroup& group) {
    return std::find(report.fitted.begin(), report.fitted.end(), groupName(group)) != report.fitted.end();
}

}  // namespace

TEST_CASE("smoothstep: linear keys within 0.1 mm, as many as its curvature needs") {
    // One Hermite segment from (0 s, 0 m) to (1 s, 1 m), flat at both ends: f = 3t^2 - 2t^3, f'' = 6 - 12t. A chord
    // of length h deviates by at most h^2/8 |f''|: near the ends (|f''| ~ 6) h <= sqrt(8 * 0.9e-4 / 6) = 0.011 s, so
    // bisection reaches 1/128 s there, and near the middle (f'' ~ 0) it stops far sooner: between 64 and 128 chords.
    const std::size_t x = cameraCurve(kPositionX);
    const Recording original =
        withCurve(x, Curve{kWrapClampForever,
                           kWrapClampForever,
                           {Key{0, 0, 0, 0, 0, 0, kWeightedNone}, Key{1, 1, 0, 0, 0, 0, kWeightedNone}}});
    Recording fitted = original;
    auto report = fitLinearKeys(fitted);
    REQUIRE(report.ok());
    CHECK(report->fitted == std::vector<std::string>{"camera.Position"});
    const KeyList& keys = fitted.curves[x].keys;
    CHECK(keys.compact());
    CHECK(keys.size() > 64);
    CHECK(keys.size() <= 129);
    CHECK(keys.time(0) == 0.0f);
    CHECK(keys.value(keys.size() - 1) == 1.0f);
    const double measured = denseDeviation(original, fitted, groupOf(x), 1);
    CHECK(measured <= 1e-4);
    CHECK(report->maxPositionError >= 0.999 * measured);  // the report is no smaller than what is measured here
    CHECK(report->maxRotationError == 0);
}

TEST_CASE("a step becomes a key one Float32 step before the jump: exact at every Float32 time") {
    const std::size_t y = jointCurve(Hand::Left, Joint::IndexTip, kPositionX + 1);
    const Recording original = withCurve(
        y, Curve{kWrapClampForever,
                 kWrapClampForever,
                 {Key{0, 0.25f, 0, kInfinity, 0, 0, kWeightedNone}, Key{1, 0.75f, kInfinity, 0, 0, 0, kWeightedNone}}});
    Recording fitted = original;
    REQUIRE(fitLinearKeys(fitted).ok());
    const KeyList& keys = fitted.curves[y].keys;
    REQUIRE(keys.size() == 3);
    CHECK(keys[0].time == 0.0f);
    CHECK(keys[0].value == 0.25f);
    CHECK(keys[1].time == std::nextafter(1.0f, 0.0f));
    CHECK(keys[1].value == 0.25f);
    CHECK(keys[2].time == 1.0f);
    CHECK(keys[2].value == 0.75f);
    for (float t : {0.0f, 0.5f, std::nextafter(1.0f, 0.0f), 1.0f, 2.0f})
        CHECK(linearAt(fitted.curves[y], t) == evaluate(original.curves[y], t));
}

TEST_CASE("groups of linear keys keep them bit for bit; a Loop is played into keys that then clamp") {
    Recording original = fixtures::small(kEncoding10);  // linear keys everywhere
    const std::size_t rx = cameraCurve(kRotationX);
    // The camera's rotation loops a Hermite wobble of 0.5 s over the recording's 1 s.
    for (int c = 0; c < 4; ++c) {
        Curve& curve = original.curves[rx + c];
        curve = edge_cases::makeCurve(edge_cases::uniformTimes(0, 0.5, 10), 0.2, 3 + c, edge_cases::KeyStyle::Hermite);
        curve.preWrapMode = curve.postWrapMode = kWrapLoop;
    }
    Recording fitted = original;
    auto report = fitLinearKeys(fitted);
    REQUIRE(report.ok());
    CHECK(report->fitted == std::vector<std::string>{"camera.Rotation"});
    for (std::size_t i = 0; i < kCurveCount; ++i) {
        if (i >= rx && i < rx + 4) continue;
        CHECK(fitted.curves[i].keys == original.curves[i].keys);
    }
    for (int c = 0; c < 4; ++c) {
        const Curve& curve = fitted.curves[rx + c];
        CHECK(curve.preWrapMode == kWrapClampForever);
        CHECK(curve.postWrapMode == kWrapClampForever);
        CHECK(curve.keys.back().time == 1.0f);  // the recording's end: the loop played to it
    }
    const double measured = denseDeviation(original, fitted, groupOf(rx), 1);
    CHECK(measured <= 0.01);
    CHECK(report->maxRotationError >= 0.999 * measured);
    auto converted = convertEncoding(fitted, kEncoding11Compact);
    CHECK(converted.ok());  // the compact layout holds every key now
}

TEST_CASE("every edge case with tangents fits within the tolerances, as MRTK plays the keys") {
    for (const auto& c : edge_cases::all()) {
        if (!needsLinearFit(c.recording)) continue;
        INFO(c.name);
        Recording fitted = c.recording;
        auto report = fitLinearKeys(fitted);
        REQUIRE(report.ok());
        CHECK_FALSE(needsLinearFit(fitted));
        CHECK(playbackDuration(fitted) == playbackDuration(c.recording));
        for (const CurveGroup& group : curveGroups())  // groups not fitted keep their keys, and so do the Booleans
            for (int k = 0; k < group.count && !wasFitted(*report, group); ++k)
                CHECK(fitted.curves[group.first + k].keys == c.recording.curves[group.first + k].keys);
        for (int b = 0; b < kBooleanCount; ++b)
            CHECK(fitted.curves[kBooleanFirst + b].keys == c.recording.curves[kBooleanFirst + b].keys);
        const double end = playbackDuration(c.recording);
        double position = 0, rotation = 0;
        for (const CurveGroup& group : curveGroups()) {
            if (!wasFitted(*report, group)) continue;
            const double d = denseDeviation(c.recording, fitted, group, end, 3000);
            (group.rotation ? rotation : position) = std::max(group.rotation ? rotation : position, d);
        }
        CHECK(position <= 1e-4);
        CHECK(rotation <= 0.01);
        CHECK(report->maxPositionError >= 0.99 * position);
        CHECK(report->maxRotationError >= 0.99 * rotation);
    }
}

TEST_CASE("convertFitting: lossless where it can be, fitted only for the compact layout") {
    const Recording hermite = edge_cases::all()[0].recording;  // 1.0, Hermite keys
    LinearFitReport report;
    auto full = convertFitting(hermite, kEncoding11Full, {}, &report);
    REQUIRE(full.ok());
    CHECK(report.fitted.empty());
    CHECK(fixtures::bytesOf(*convertEncoding(*full, kEncoding10)) == fixtures::bytesOf(hermite));
    auto compact = convertFitting(hermite, kEncoding11Compact, {}, &report);
    REQUIRE(compact.ok());
    CHECK(compact->encoding == kEncoding11Compact);
    CHECK(report.fitted.size() == 2 + 2 * 2 * 26);  // the camera's two groups and every joint but None, both hands
    CHECK_THAT(fitSummary(report), Catch::Contains("fitted with linear keys, largest deviation"));
}
