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
            for (std::size_t first = 0; first < kGazeFirst; first += (first == kCameraFirst ? kLeftHandFirst : kPoseCurveCount)) {
                if (!recording.sectionPresent(sectionOf(first))) continue;
                for (TrackKind kind : {TrackKind::Vector, TrackKind::Rotation}) {
                    const std::size_t at = first + (kind == TrackKind::Rotation ? 3 : 0);
                    bool any = false;
                    for (int c = 0; c < (kind == TrackKind::Rotation ? 4 : 3); ++c) any |= !recording.curves[at + c].keys.empty();
                    if (!any) continue;
                    INFO(name << " " << curveName(at) << (linearOnly ? " linear-only" : ""));
                    const Built b = build(recording, at, kind, options);
                    checkWellFormed(b.track, kind);
                    if (linearOnly) CHECK(b.track.interpolation != Interpolation::CubicSpline);
                    if (kind == TrackKind::Rotation) {
                        CHECK(b.error <= options.rotationTolerance);
                    } else {
                        // Exact data stays exact (Float32 rounding only); fitted data stays within tolerance.
                        CHECK(b.error <= (exact && !linearOnly ? 1e-5 : options.positionTolerance));
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
    CHECK(build(find("hermite"), kCameraFirst, TrackKind::Vector, options).track.interpolation == Interpolation::CubicSpline);
    CHECK(build(find("hermite"), cameraCurve(3), TrackKind::Rotation, options).track.interpolation == Interpolation::CubicSpline);
    CHECK(build(find("stepped"), kCameraFirst, TrackKind::Vector, options).track.interpolation == Interpolation::Step);
    CHECK(build(find("camera-only"), kCameraFirst, TrackKind::Vector, options).track.interpolation == Interpolation::Linear);

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
    CHECK_THAT(refused.error().message,
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
// The edge cases, generated recordings, and MRTK's None joint recorded as -0s (played as the identity, +0s).
std::vector<std::pair<std::string, Recording>> copyCases() {
    std::vector<std::pair<std::string, Recording>> recordings;
    for (auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    recordings.emplace_back("generated", generateRecording({}).value());
    recordings.emplace_back("generated unreduced", generateRecording({.reduceKeys = false}).value());
    Recording negativeZeros;
    for (int c = 3; c < 7; ++c) negativeZeros.curves[jointCurve(Hand::Left, Joint::None, c)].keys = {Key{0, -0.0f}, Key{1, -0.0f}};
    recordings.emplace_back("negative zeros", negativeZeros);
    return recordings;
}

// Every track of a recording: its first curve and its kind.
std::vector<std::pair<std::size_t, TrackKind>> everyTrack() {
    std::vector<std::pair<std::size_t, TrackKind>> tracks = {{cameraCurve(0), TrackKind::Vector},
                                                             {cameraCurve(3), TrackKind::Rotation},
                                                             {gazeCurve(0), TrackKind::Vector},
                                                             {gazeCurve(3), TrackKind::Vector}};
    for (Hand hand : {Hand::Left, Hand::Right})
        for (int joint = 0; joint < kJointCount; ++joint)
            tracks.insert(tracks.end(),
                          {{jointCurve(hand, Joint(joint), 0), TrackKind::Vector}, {jointCurve(hand, Joint(joint), 3), TrackKind::Rotation}});
    return tracks;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);  // empty: no data()
}
}  // namespace

TEST_CASE("copying MRTK's linear keys, whole tracks or intervals, gives exactly the general path's track") {
    std::size_t copied = 0, merged = 0, copiedInPart = 0;
    for (const auto& [name, recording] : copyCases()) {
        TrackOptions fast;
        fast.duration = std::max(0.0, timeRange(recording).end);
        TrackOptions general = fast;
        general.copyLinearKeys = false;
        for (const auto& [first, kind] : everyTrack()) {
            const bool rotation = kind == TrackKind::Rotation;
            const int n = rotation ? 4 : 3;
            const Curve* curves[4];
            for (int c = 0; c < n; ++c) curves[c] = &recording.curves[first + c];
            auto a = buildTrack({curves, std::size_t(n)}, kind, fast);
            auto b = buildTrack({curves, std::size_t(n)}, kind, general);
            INFO(name << " " << curveName(first));
            REQUIRE(a.ok() == b.ok());
            if (!a) continue;
            copied += a->copiesKeys;
            for (int c = 1; c < n; ++c) merged += a->copiesKeys && curves[c]->keys.size() != curves[0]->keys.size();
            // Rotations of MRTK's keys that are not copied whole have their close intervals copied, the rest fitted.
            bool compactKeys = true;
            for (int c = 0; c < n; ++c) compactKeys = compactKeys && curves[c]->keys.compact() && !curves[c]->keys.empty();
            copiedInPart += rotation && compactKeys && !a->copiesKeys;
            CHECK(a->interpolation == b->interpolation);
            CHECK(a->times == b->times);
            CHECK(sameBits(a->values, b->values));  // zeros' signs too
            CHECK(a->keyKnots == b->keyKnots);
            CHECK(a->valuesChanged == b->valuesChanged);
        }
    }
    CHECK(copied > 100);  // the comparison covers the fast paths, not only the fallback
    CHECK(merged > 0);  // including components keyed at different times
    CHECK(copiedInPart > 10);  // and rotations copied between fitted intervals
}

TEST_CASE("a track built to start at 0 is the track with holdFromZero applied, copied keys included") {
    std::size_t copiedAfterZero = 0, fittedAfterZero = 0;
    for (const auto& [name, recording] : copyCases()) {
        TrackOptions options;
        options.duration = std::max(0.0, timeRange(recording).end);
        for (bool copy : {true, false}) {
            options.copyLinearKeys = copy;
            for (const auto& [first, kind] : everyTrack()) {
                const int n = kind == TrackKind::Rotation ? 4 : 3;
                const Curve* curves[4];
                for (int c = 0; c < n; ++c) curves[c] = &recording.curves[first + c];
                TrackOptions holding = options;
                holding.holdFromZero = true;
                auto a = buildTrack({curves, std::size_t(n)}, kind, options);
                auto b = buildTrack({curves, std::size_t(n)}, kind, holding);
                INFO(name << " " << curveName(first) << (copy ? " copied" : " general path"));
                REQUIRE(a.ok() == b.ok());
                if (!a || a->times.empty()) continue;
                (a->copiesKeys ? copiedAfterZero : fittedAfterZero) += a->times[0] > 0;
                holdFromZero(*a);
                CHECK(a->interpolation == b->interpolation);
                CHECK(a->times == b->times);
                CHECK(sameBits(a->values, b->values));
                CHECK(sameBits(a->inTangents, b->inTangents));
                CHECK(sameBits(a->outTangents, b->outTangents));
                CHECK(a->keyKnots == b->keyKnots);
                CHECK(a->valuesChanged == b->valuesChanged);
                CHECK(a->maxError == b->maxError);
                CHECK(a->copiesKeys == b->copiesKeys);
            }
        }
    }
    CHECK(copiedAfterZero > 10);  // the copy's own knot at 0
    CHECK(fittedAfterZero > 10);  // holdFromZero after the general path
}

TEST_CASE("a rotation that copying refuses hands the general path its events and its values there, bit for bit") {
    // What the general path would otherwise find again: the union of the key times (its events for such keys) and
    // each curve's value there, for components keyed at the same times and, with every other key of the first
    // component left out, at different ones.
    std::size_t refusedAligned = 0, refusedMerged = 0;
    const Recording recording = generateRecording({.duration = 60}).value();
    const double duration = std::max(0.0, timeRange(recording).end);
    auto check = [&](std::span<const Curve* const> curves) {
        RefusedRotation refused;
        if (copyLinearKeys(curves, TrackKind::Rotation, SlerpLimits{safeSlerpCos(0.01), safeLengthOff(0.01)}, &refused)) return;
        std::vector<float> events;
        for (const Curve* curve : curves) REQUIRE(collectEvents(*curve, duration, 1'000'000, events).ok());
        std::sort(events.begin(), events.end());
        events.erase(std::unique(events.begin(), events.end()), events.end());
        REQUIRE(refused.times == events);
        REQUIRE(refused.values.size() == events.size());
        for (std::size_t k = 0; k < events.size(); ++k)
            for (int c = 0; c < 4; ++c) {
                const double expected = evaluate(*curves[c], events[k]);
                CHECK(std::memcmp(&refused.values[k][c], &expected, sizeof expected) == 0);
            }
        (curves[1]->keys.size() == curves[0]->keys.size() ? refusedAligned : refusedMerged)++;
    };
    for (Hand hand : {Hand::Left, Hand::Right})
        for (int joint = 0; joint < kJointCount; ++joint) {
            const Curve* curves[4];
            for (int c = 0; c < 4; ++c) curves[c] = &recording.curves[jointCurve(hand, Joint(joint), 3 + c)];
            if (!holdsLinearKeys(curves) || curves[0]->keys.size() < 3) continue;
            INFO(curveName(jointCurve(hand, Joint(joint), 3)));
            check(curves);
            Curve thinned;
            const KeyList& keys = curves[0]->keys;
            for (std::size_t k = 0; k < keys.size(); ++k)
                if (k % 2 == 0 || k + 1 == keys.size()) thinned.keys.push_back(keys.time(k), keys.value(k));
            curves[0] = &thinned;
            check(curves);
        }
    CHECK(refusedAligned > 0);
    CHECK(refusedMerged > 0);
}

TEST_CASE("MRTK's linear keys build the same track held as time and value or in full") {
    // -0.0 weights are zero weights to the evaluator, but not the compact encoding: the list holds them in full,
    // so the evaluator's general path plays the same keys that the compact one plays from times and values.
    auto inFull = [](const Curve& curve) {
        Curve full = curve;
        if (!curve.keys.compact()) return full;
        for (std::size_t k = 0; k < full.keys.size(); ++k) full.keys.update(k, [](Key& key) { key.inWeight = key.outWeight = -0.0f; });
        return full;
    };
    std::vector<std::pair<std::string, Recording>> recordings;
    for (auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    recordings.emplace_back("generated", generateRecording({}).value());
    Recording invalid;
    invalid.curves[cameraCurve(0)].keys = {Key{0, 1}, Key{0.5f, 2}, Key{0.5f, 3}};
    invalid.curves[cameraCurve(1)].keys = {Key{0, 1}, Key{0.5f, std::numeric_limits<float>::infinity()}};
    recordings.emplace_back("invalid", invalid);
    std::size_t compared = 0;
    for (const auto& [name, recording] : recordings) {
        TrackOptions options;
        options.duration = std::max(0.0, timeRange(recording).end);
        for (bool copy : {true, false}) {
            options.copyLinearKeys = copy;
            for (std::size_t first = 0; first + 4 <= recording.curves.size(); first += 3) {
                for (TrackKind kind : {TrackKind::Vector, TrackKind::Rotation}) {
                    const int n = kind == TrackKind::Rotation ? 4 : 3;
                    const Curve* compact[4];
                    std::array<Curve, 4> full;
                    bool anyCompactKeys = false;
                    for (int c = 0; c < n; ++c) {
                        compact[c] = &recording.curves[first + c];
                        anyCompactKeys |= compact[c]->keys.compact() && !compact[c]->keys.empty();
                        full[c] = inFull(*compact[c]);
                    }
                    if (!anyCompactKeys) continue;
                    const Curve* fullCurves[4] = {&full[0], &full[1], &full[2], &full[3]};
                    auto a = buildTrack({compact, std::size_t(n)}, kind, options);
                    auto b = buildTrack({fullCurves, std::size_t(n)}, kind, options);
                    INFO(name << " " << curveName(first) << (copy ? " copied" : " general"));
                    REQUIRE(a.ok() == b.ok());
                    ++compared;
                    if (!a) {
                        CHECK(a.error().message == b.error().message);
                        continue;
                    }
                    CHECK(a->interpolation == b->interpolation);
                    CHECK(a->times == b->times);
                    CHECK(a->values == b->values);
                    CHECK(a->keyKnots == b->keyKnots);
                    CHECK(a->maxError == b->maxError);
                }
            }
        }
    }
    CHECK(compared > 1000);
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
            if (curved && rng() % 3 == 0) key.inTangent = float(u(rng) - 0.5), key.outTangent = float(u(rng) - 0.5), key.weightedMode = kWeightedNone;
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
        const double tolerance = kind == TrackKind::Rotation ? options.rotationTolerance : options.positionTolerance;
        INFO("trial " << trial << " interpolation " << interpolationName(track->interpolation) << " knots " << track->times.size());
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
            CHECK(b.track.maxError <= options.rotationTolerance);
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
            worst = std::max(worst, std::abs(std::atan2(s * nb * std::sin(alpha), (1 - s) * na + s * nb * std::cos(alpha)) - s * alpha));
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
