// Copying MRTK's linear keys into tracks (tracks/linear_key_copy.hpp): exactly the general path's track, whole or
// by interval, held from zero, refusals handed back bit for bit, and either way of holding the keys.
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
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
// The edge cases, generated recordings, and MRTK's None joint recorded as -0s (played as the identity, +0s).
std::vector<std::pair<std::string, Recording>> copyCases() {
    std::vector<std::pair<std::string, Recording>> recordings;
    for (auto& c : edge_cases::all()) recordings.emplace_back(c.name, c.recording);
    recordings.emplace_back("generated", generateRecording({}).value());
    recordings.emplace_back("generated unreduced", generateRecording({.reduceKeys = false}).value());
    Recording negativeZeros;
    for (int c = 3; c < 7; ++c)
        negativeZeros.curves[jointCurve(Hand::Left, Joint::None, c)].keys = {Key{0, -0.0f}, Key{1, -0.0f}};
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
            tracks.insert(tracks.end(), {{jointCurve(hand, Joint(joint), 0), TrackKind::Vector},
                                         {jointCurve(hand, Joint(joint), 3), TrackKind::Rotation}});
    return tracks;
}

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);  // empty: no data()
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
            for (int c = 0; c < n; ++c)
                compactKeys = compactKeys && curves[c]->keys.compact() && !curves[c]->keys.empty();
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
        if (copyLinearKeys(curves, TrackKind::Rotation, SlerpLimits{safeSlerpCos(0.01), safeLengthOff(0.01)}, &refused))
            return;
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
        for (std::size_t k = 0; k < full.keys.size(); ++k)
            full.keys.update(k, [](Key& key) { key.inWeight = key.outWeight = -0.0f; });
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

TEST_CASE("a rotation is copied exactly up to its limits, with the bound its smallest cosine and longest key give") {
    // Three keys turned about Z to 0, `at` and 2 `step`s of radians (quaternion-space angles half that), scaled to
    // `length`, the middle one to `middle`: limits cos(0.05) and 0.001 from unit length. The bound, worked by hand:
    // the widest angle between neighbours (their cosine over their lengths) and the length furthest from 1.
    const SlerpLimits limits{std::cos(0.05), 0.001};
    auto rotation = [](double step, double at, float length, float middle) {
        std::array<Curve, 4> curves;
        for (int k = 0; k < 3; ++k) {
            const double half = 0.5 * step * (k == 1 ? at : k), scale = k == 1 ? middle : length;
            const double q[4] = {0, 0, std::sin(half) * scale, std::cos(half) * scale};
            for (int c = 0; c < 4; ++c) curves[c].keys.push_back(float(k), float(q[c]));
        }
        return curves;
    };
    auto copied = [&](const std::array<Curve, 4>& curves) {
        const Curve* pointers[4] = {&curves[0], &curves[1], &curves[2], &curves[3]};
        return copyLinearKeys(pointers, TrackKind::Rotation, limits, nullptr, false);
    };
    struct Case {
        double step, at;
        float length, middle;
        bool copies;
    };
    for (const Case& c :
         {Case{0.099, 1, 1, 1, true}, Case{0.101, 1, 1, 1, false}, Case{0.07, 1.4, 1, 1, true},
          Case{0.072, 1.4, 1, 1, false}, Case{0.07, 0.6, 1, 1, true}, Case{0.072, 0.6, 1, 1, false},
          Case{0.05, 1, 1.0009f, 1, true}, Case{0.05, 1, 1.0011f, 1, false}, Case{0.05, 1, 1, 0.9991f, true},
          Case{0.05, 1, 1, 0.9989f, false}, Case{0.07, 1.3, 0.9995f, 1.0004f, true}}) {
        INFO("step " << c.step << " at " << c.at << ", lengths " << c.length << " and " << c.middle);
        const auto curves = rotation(c.step, c.at, c.length, c.middle);
        const auto track = copied(curves);
        REQUIRE(track.has_value() == c.copies);
        if (!track) continue;
        double smallest = 1, furthest = 0;
        for (int k = 0; k < 3; ++k) {
            double a = 0, b = 0, ab = 0;
            for (int i = 0; i < 4; ++i) {
                const double x = curves[i].keys.value(k), y = curves[i].keys.value(std::min(k + 1, 2));
                a += x * x, b += y * y, ab += x * y;
            }
            furthest = std::max(furthest, std::abs(std::sqrt(a) - 1));
            if (k < 2) smallest = std::min(smallest, ab / std::sqrt(a * b));
        }
        const double alpha = std::acos(smallest);
        CHECK(alpha == Approx(0.5 * c.step * std::max(c.at, 2 - c.at)).epsilon(1e-6));
        CHECK(track->maxError ==
              Approx(slerpDeviationBound(alpha) + unnormalisedSlerpPart(alpha, furthest)).epsilon(1e-9));
    }
}

TEST_CASE("a rotation's components keyed at different times are merged, wherever one key's time differs") {
    // Four compact curves of seven keys each (two keys a step where there are lanes, the last one alone), one key of
    // one component a little later than the others': the track is the union of the times, eight knots.
    for (std::size_t at = 0; at < 7; ++at)
        for (int moved = 1; moved < 4; ++moved) {
            CAPTURE(at, moved);
            std::array<Curve, 4> curves;
            for (std::size_t k = 0; k < 7; ++k) {
                const double half = 0.01 * double(k);
                const float q[4] = {0, 0, float(std::sin(half)), float(std::cos(half))};
                for (int c = 0; c < 4; ++c)
                    curves[c].keys.push_back(float(k) * 0.1f + (c == moved && k == at ? 0.01f : 0.0f), q[c]);
            }
            const Curve* pointers[4] = {&curves[0], &curves[1], &curves[2], &curves[3]};
            const auto track =
                copyLinearKeys(pointers, TrackKind::Rotation, SlerpLimits{std::cos(0.05), 0.001}, nullptr, false);
            REQUIRE(track);
            CHECK(track->times.size() == 8);
        }
}
