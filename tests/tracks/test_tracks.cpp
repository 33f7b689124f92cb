// The track engine against the evaluator: exact where the data allows, within tolerance elsewhere.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "support/dense_deviation.hpp"
#include "support/edge_cases.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/tracks/track_builder.hpp"
#include "tracks/curve_pieces.hpp"
#include "tracks/linear_key_copy.hpp"
#include "tracks/slerp_bound.hpp"

using namespace inputanim;

namespace {
struct Built {
    Track track;
    double error;
};

Built build(const Recording& r, std::size_t first, TrackKind kind, const TrackOptions& options) {
    const int n = kind == TrackKind::Rotation ? 4 : 3;
    const Curve* curves[4];
    for (int c = 0; c < n; ++c) curves[c] = &r.curves[first + c];
    auto track = buildTrack({curves, std::size_t(n)}, kind, options);
    if (!track) FAIL(track.error().message);
    const double error = dense::deviation(*track, {curves, std::size_t(n)}, kind);
    return {std::move(track).value(), error};
}

void checkWellFormed(const Track& t, TrackKind kind) {
    for (std::size_t k = 0; k < t.times.size(); ++k) {
        REQUIRE(t.times[k] >= 0);
        if (k > 0) REQUIRE(t.times[k] > t.times[k - 1]);
    }
    for (float v : t.values) REQUIRE(std::isfinite(v));
    if (kind == TrackKind::Rotation && t.interpolation != Interpolation::CubicSpline)  // players normalise cubic ones
        for (std::size_t k = 0; k < t.times.size(); ++k) {
            double n2 = 0;
            for (int c = 0; c < 4; ++c) n2 += double(t.values[k * 4 + c]) * t.values[k * 4 + c];
            REQUIRE(std::abs(std::sqrt(n2) - 1) < 0.0077);  // the Khronos validator's limit
        }
    if (t.interpolation == Interpolation::CubicSpline) REQUIRE(t.times.size() >= 2);
}
}  // namespace

TEST_CASE("every edge case builds well-formed tracks that play back within tolerance") {
    for (const auto& [name, recording, exact] : edge_cases::all()) {
        for (bool linearOnly : {false, true}) {
            TrackOptions options;
            options.duration = std::max(0.0, timeRange(recording).end);
            options.linearOnly = linearOnly;
            for (std::size_t first = 0; first < kGazeFirst;
                 first += (first == kCameraFirst ? kLeftHandFirst : kPoseCurveCount)) {
                if (!recording.sectionPresent(sectionOf(first))) continue;
                for (TrackKind kind : {TrackKind::Vector, TrackKind::Rotation}) {
                    const std::size_t at = first + (kind == TrackKind::Rotation ? 3 : 0);
                    bool any = false;
                    for (int c = 0; c < (kind == TrackKind::Rotation ? 4 : 3); ++c)
                        any |= !recording.curves[at + c].keys.empty();
                    if (!any) continue;
                    INFO(name << " " << curveName(at) << (linearOnly ? " linear-only" : ""));
                    const Built b = build(recording, at, kind, options);
                    checkWellFormed(b.track, kind);
                    if (linearOnly) CHECK(b.track.interpolation != Interpolation::CubicSpline);
                    if (kind == TrackKind::Rotation) {
                        CHECK(b.error <= options.tolerances.rotation);
                    } else {
                        // Exact data stays exact (Float32 rounding only); fitted data stays within tolerance.
                        CHECK(b.error <= (exact && !linearOnly ? 1e-5 : options.tolerances.position));
                    }
                }
            }
        }
    }
}

TEST_CASE("the cheapest exact sampler is chosen") {
    const auto cases = edge_cases::all();
    auto find = [&](const std::string& name) -> const Recording& {
        for (const auto& c : cases)
            if (c.name == name) return c.recording;
        throw std::runtime_error(name);
    };
    TrackOptions options;
    options.duration = 3;
    CHECK(build(find("hermite"), kCameraFirst, TrackKind::Vector, options).track.interpolation ==
          Interpolation::CubicSpline);
    CHECK(build(find("hermite"), cameraCurve(3), TrackKind::Rotation, options).track.interpolation ==
          Interpolation::CubicSpline);
    CHECK(build(find("stepped"), kCameraFirst, TrackKind::Vector, options).track.interpolation == Interpolation::Step);
    CHECK(build(find("camera-only"), kCameraFirst, TrackKind::Vector, options).track.interpolation ==
          Interpolation::Linear);

    SECTION("unaligned components merge into the union of their key times, keeping each key's knot") {
        const Recording& r = find("unaligned");
        const Built b = build(r, kCameraFirst, TrackKind::Vector, options);
        std::vector<float> all;
        for (int c = 0; c < 3; ++c)
            for (const Key& k : r.curves[cameraCurve(c)].keys) all.push_back(k.time);
        std::sort(all.begin(), all.end());
        all.erase(std::unique(all.begin(), all.end()), all.end());
        CHECK(b.track.times == all);
        for (int c = 0; c < 3; ++c) {
            const auto& keys = r.curves[cameraCurve(c)].keys;
            REQUIRE(b.track.keyKnots[c].size() == keys.size());
            for (std::size_t k = 0; k < keys.size(); ++k)
                CHECK(b.track.values[b.track.keyKnots[c][k] * 3 + c] == keys[k].value);  // original values, bit for bit
        }
    }
    SECTION("a stepped segment inside a smooth track gets a knot one Float32 step before the next key") {
        const Recording& r = find("stepped");
        const auto& keys = r.curves[jointCurve(Hand::Left, Joint::Wrist, 0)].keys;
        const Built b = build(r, jointCurve(Hand::Left, Joint::Wrist, 0), TrackKind::Vector, options);
        const float before = std::nextafter(keys[5].time, 0.0f);
        auto it = std::find(b.track.times.begin(), b.track.times.end(), before);
        REQUIRE(it != b.track.times.end());
        CHECK(b.track.values[(it - b.track.times.begin()) * 3] == keys[4].value);
    }
    SECTION("linear rotations get extra knots only where slerp and MRTK's nlerp differ") {
        Recording r;
        const float s = float(std::sin(0.5)), c = float(std::cos(0.5));  // 0 to 60 degrees about Y in one segment
        r.curves[cameraCurve(4)].keys = {Key{0, 0}, Key{1, s}};
        r.curves[cameraCurve(6)].keys = {Key{0, 1}, Key{1, c}};
        const Built b = build(r, cameraCurve(3), TrackKind::Rotation, options);
        CHECK(b.track.times.size() > 2);
        CHECK(b.error <= 0.01);
        Recording small;
        small.curves[cameraCurve(4)].keys = {Key{0, 0}, Key{1, float(std::sin(0.01))}};
        small.curves[cameraCurve(6)].keys = {Key{0, 1}, Key{1, float(std::cos(0.01))}};
        CHECK(build(small, cameraCurve(3), TrackKind::Rotation, options).track.times.size() == 2);
    }
}

TEST_CASE("looping curves are unrolled over the recording") {
    Curve loop;
    loop.preWrapMode = loop.postWrapMode = kWrapLoop;
    loop.keys = {Key{0, 0}, Key{0.5f, 1}, Key{1, 0}};
    const Curve* curves[3] = {&loop, &loop, &loop};
    TrackOptions options;
    options.duration = 10;
    auto track = buildTrack(curves, TrackKind::Vector, options);
    REQUIRE(track.ok());
    CHECK(track->times.back() == 10.0f);
    CHECK(track->times.size() == 21);
    CHECK(dense::deviation(*track, curves, TrackKind::Vector) < 1e-6);

    options.maxEvents = 1000;
    options.duration = 1e6;  // a million periods
    auto refused = buildTrack(curves, TrackKind::Vector, options);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(
        refused.error().message,
        Catch::Contains("unrolling its wrap mode over the recording would need about 3e+06 knots, more than the 1000"));
    CHECK(refused.error().kind == ErrorKind::Refused);
}

TEST_CASE("invalid curves are refused with the component and key") {
    Curve bad;
    bad.keys = {Key{0, 1}, Key{0, 2}};
    Curve fine;
    const Curve* curves[3] = {&fine, &bad, &fine};
    auto refused = buildTrack(curves, TrackKind::Vector, {});
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message, Catch::StartsWith("component 1: key 1 is not later than key 0"));
    bad.keys = {Key{0, std::numeric_limits<float>::quiet_NaN()}};
    CHECK_FALSE(buildTrack(curves, TrackKind::Vector, {}).ok());
}

namespace {
// Random curves of every shape (MRTK's linear keys, Hermite, weighted), wrap mode and key alignment.
std::array<Curve, 4> randomCurves(std::mt19937& rng, int components) {
    std::uniform_real_distribution<double> u(0, 1);
    const std::int32_t modes[] = {kWrapClampForever, kWrapLoop, kWrapPingPong};
    const std::int32_t shared = modes[rng() % 3];
    const bool aligned = rng() % 2, curved = rng() % 2;
    const double start = u(rng) * 0.5, span = 0.2 + u(rng);
    const int count = 2 + int(rng() % 5);
    std::array<Curve, 4> curves;
    for (int c = 0; c < components; ++c) {
        const int n = aligned ? count : 2 + int(rng() % 5);
        const double first = aligned ? start : u(rng) * 0.5, length = aligned ? span : 0.2 + u(rng);
        for (int k = 0; k < n; ++k) {
            Key key{float(first + length * k / (n - 1)), float(c == 3 ? 0.5 + 0.5 * u(rng) : u(rng) - 0.5)};
            if (curved && rng() % 3 == 0)
                key.inTangent = float(u(rng) - 0.5), key.outTangent = float(u(rng) - 0.5),
                key.weightedMode = kWeightedNone;
            curves[c].keys.push_back(key);
        }
        curves[c].preWrapMode = rng() % 2 ? shared : modes[rng() % 3];
        curves[c].postWrapMode = rng() % 2 ? shared : modes[rng() % 3];
    }
    return curves;
}
}  // namespace

TEST_CASE("the reported deviation is never below a dense evaluation, and within tolerance") {
    // Slerp and MRTK's nlerp differ most near a quarter and three quarters of an interval, and curved or weighted
    // segments anywhere: the builder's maximum must still be an upper bound of what a player shows.
    std::mt19937 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        const TrackKind kind = trial % 2 ? TrackKind::Rotation : TrackKind::Vector;
        const int n = kind == TrackKind::Rotation ? 4 : 3;
        const auto curves = randomCurves(rng, n);
        const Curve* pointers[4] = {&curves[0], &curves[1], &curves[2], &curves[3]};
        TrackOptions options;
        options.duration = 3;
        options.linearOnly = trial % 4 == 1;
        auto track = buildTrack({pointers, std::size_t(n)}, kind, options);
        REQUIRE(track.ok());
        // Many samples per interval, within a budget for tracks of thousands of knots (unrolled loops).
        const int perInterval = int(std::clamp<std::size_t>(40000 / track->times.size(), 16, 256));
        const double measured = dense::deviation(*track, {pointers, std::size_t(n)}, kind, perInterval);
        const double tolerance =
            kind == TrackKind::Rotation ? options.tolerances.rotation : options.tolerances.position;
        INFO("trial " << trial << " interpolation " << interpolationName(track->interpolation) << " knots "
                      << track->times.size());
        CHECK(measured <= track->maxError * (1 + 1e-9) + 1e-12);
        CHECK(track->maxError <= tolerance);
    }
}

TEST_CASE("MRTK 2.6/2.7's single RotationW key: fitted within tolerance, reported honestly") {
    Recording r = generateRecording({}).value();
    for (Hand hand : kHands)
        for (Joint joint : kJoints)
            r.curves[jointCurve(hand, joint, kRotationX + 3)].keys.resize(
                std::min<std::size_t>(1, r.curves[jointCurve(hand, joint, kRotationX + 3)].keys.size()));
    TrackOptions options;
    options.duration = timeRange(r).end;
    double worst = 0;
    for (Hand hand : kHands)
        for (Joint joint : kJoints) {
            if (r.curves[jointCurve(hand, joint, kRotationX)].keys.empty()) continue;
            const Built b = build(r, jointCurve(hand, joint, kRotationX), TrackKind::Rotation, options);
            CHECK(b.error <= b.track.maxError * (1 + 1e-9) + 1e-12);
            CHECK(b.track.maxError <= options.tolerances.rotation);
            worst = std::max(worst, b.track.maxError);
        }
    CHECK(worst > 0.001);  // the defect is there to fit
}

TEST_CASE("the slerp/nlerp gap is the largest difference over the whole interval") {
    // Against a dense search of | atan2(s nb sin a, (1 - s) na + s nb cos a) - s a |, doubled, in degrees.
    auto dense = [](double alpha, double na, double nb) {
        double worst = 0;
        for (int i = 1; i < 200000; ++i) {
            const double s = i / 200000.0;
            worst = std::max(
                worst,
                std::abs(std::atan2(s * nb * std::sin(alpha), (1 - s) * na + s * nb * std::cos(alpha)) - s * alpha));
        }
        return 2 * worst * 180 / 3.141592653589793;
    };
    for (double alpha : {1e-4, 0.01, 0.2, 1.0, 2.0, 3.0})
        for (auto [na, nb] : {std::pair{1.0, 1.0}, {0.999, 1.001}, {1.001, 0.999}, {0.5, 2.0}}) {
            INFO("alpha " << alpha << ", lengths " << na << " and " << nb);
            const double expected = dense(alpha, na, nb);
            CHECK(slerpNlerpGap(alpha, na, nb) >= expected * (1 - 1e-9));
            CHECK(slerpNlerpGap(alpha, na, nb) <= expected * (1 + 1e-6) + 1e-15);
        }
    CHECK(slerpNlerpGap(0) == 0);
}
