// trim at the times a user reads, and through weighted segments: the kept part plays as the source did, measured
// against a Bezier evaluated here (Unity's weighted segment: time and value cubic in one parameter), not the library's.
#include <catch2/catch.hpp>
#include <cmath>

#include "inputanim/edit/edit.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;

namespace {

Recording cameraXFull(std::initializer_list<Key> keys) { return fixtures::cameraX(keys, Layout::Full); }

// The value of the weighted segment from a to b at `time`: the parameter found by bisection on the time cubic.
double bezierAt(const Key& a, const Key& b, double time) {
    const double d = double(b.time) - a.time, w0 = a.outWeight, w1 = b.inWeight;
    const double y1 = a.value + w0 * a.outTangent * d, y2 = b.value - w1 * b.inTangent * d;
    auto timeAt = [&](double u) {
        return a.time + d * (3 * u * (1 - u) * (1 - u) * w0 + 3 * u * u * (1 - u) * (1 - w1) + u * u * u);
    };
    double lo = 0, hi = 1;
    for (int i = 0; i < 100; ++i) (timeAt(0.5 * (lo + hi)) < time ? lo : hi) = 0.5 * (lo + hi);
    const double u = 0.5 * (lo + hi);
    return (1 - u) * (1 - u) * (1 - u) * a.value + 3 * u * (1 - u) * (1 - u) * y1 + 3 * u * u * (1 - u) * y2 +
           u * u * u * b.value;
}

// The largest difference between the trimmed curve and the source's segment over the kept range.
double worstOver(const Recording& trimmed, const Key& a, const Key& b, double start, double end, double offset) {
    double worst = 0;
    for (int i = 0; i <= 2000; ++i) {
        const double t = start + (end - start) * i / 2000;
        worst = std::max(worst, std::abs(evaluate(trimmed.curves[kCameraFirst], t - offset) - bezierAt(a, b, t)));
    }
    return worst;
}

}  // namespace

TEST_CASE("a trim inside a weighted segment splits it: the part kept plays as the segment did") {
    // Strong weights: a Hermite segment through the cut's value and slope would be off by centimetres.
    const Key a{0, 0, 4, 4, 0.9f, 0.9f, kWeightedBoth}, b{2, 1, -3, -3, 0.05f, 0.05f, kWeightedBoth};
    const Recording source = cameraXFull({a, b});
    for (auto [start, end] : {std::pair{0.0, 1.3}, std::pair{0.7, 2.0}, std::pair{0.4, 1.6}}) {
        INFO(start << " to " << end);
        EditReport report;
        auto trimmed = trimRecording(source, {start, end}, &report);
        REQUIRE(trimmed.ok());
        CHECK(worstOver(*trimmed, a, b, double(float(start)), double(float(end)), double(float(start))) < 2e-6);
        for (const Finding& m : report.messages) CHECK(m.code != "weighted-cut");
        auto kept = trimRecording(source, {start, end, true});  // --keep-time: the same at the source's times
        REQUIRE(kept.ok());
        CHECK(worstOver(*kept, a, b, double(float(start)), double(float(end)), 0) < 2e-6);
    }
}

TEST_CASE("cuts in two weighted segments around one key: the key takes both parts' weights") {
    const Key a{0, 0, 4, 4, 0.9f, 0.9f, kWeightedBoth}, b{1, 1, -3, -3, 0.05f, 0.8f, kWeightedBoth},
        c{2, 0, 2, 2, 0.7f, 0.1f, kWeightedBoth};
    auto trimmed = trimRecording(cameraXFull({a, b, c}), {0.4, 1.7});
    REQUIRE(trimmed.ok());
    CHECK(worstOver(*trimmed, a, b, double(0.4f), 1.0, double(0.4f)) < 2e-6);
    CHECK(worstOver(*trimmed, b, c, 1.0, double(1.7f), double(0.4f)) < 2e-6);
}

TEST_CASE("a cut at the time a key is shown at cuts at that key") {
    const float at = 1.3f;  // info shows 1.300 s; the user types 1.3, which is not this Float32
    const Recording source = cameraXFull({Key{0, 0}, Key{at, 1}, Key{2, 0}});
    EditReport report;
    auto trimmed = trimRecording(source, {0, 1.3}, &report);
    REQUIRE(trimmed.ok());
    const KeyList& keys = trimmed->curves[kCameraFirst].keys;
    REQUIRE(keys.size() == 2);
    CHECK(keys.time(1) == at);
    CHECK(keys.value(1) == 1.0f);
    CHECK(report.keysAdded == 0);
    auto late = trimRecording(source, {1.3, 2}, &report);
    REQUIRE(late.ok());
    CHECK(late->curves[kCameraFirst].keys.size() == 2);
    CHECK(late->curves[kCameraFirst].keys.value(0) == 1.0f);
}
