// Streamed key reduction keeps exactly the keys that reducing all the samples at once keeps.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "inputanim/tracks/streamed_reduction.hpp"

using namespace inputanim;

TEST_CASE("streamed reduction keeps the keys of reducing all samples at once, across windows") {
    // A wobbly rotation over 3.5 windows, with jittered times, its sign flipped now and then as a recorder might.
    std::mt19937 random(7);
    std::uniform_real_distribution<double> jitter(-0.002, 0.002);
    SampledVector samples;
    const std::size_t count = kReductionWindow * 7 / 2;
    for (std::size_t i = 0; i < count; ++i) {
        const double t = double(i) / 120 + (i ? jitter(random) : 0);
        const double angle = std::sin(t * 1.3) + 0.2 * std::sin(t * 7.1);
        Quaternion q{std::sin(angle / 2) * 0.6, std::sin(angle / 2) * 0.8, 0, std::cos(angle / 2)};
        if (i > 0 && dot(samples.values.back(), q) < 0)
            q = {-q[0], -q[1], -q[2], -q[3]};  // one hemisphere, as add() keeps it
        samples.times.push_back(float(t));
        samples.values.push_back(q);
    }
    for (KeyFit fit : {KeyFit::Linear, KeyFit::Hermite}) {
        INFO((fit == KeyFit::Linear ? "linear" : "Hermite"));
        const auto slopes = sampleSlopes(samples);
        const auto kept = reduceSamples(samples, 4, true, 0.5, fit == KeyFit::Hermite ? &slopes : nullptr);
        std::array<Curve, 4> curves;
        StreamedReduction stream(curves.data(), 4, true, 0.5, fit);
        for (std::size_t i = 0; i < count; ++i) {
            auto value = samples.values[i];
            if (i % 5 == 3) value = {-value[0], -value[1], -value[2], -value[3]};  // the stream puts it back
            stream.add(samples.times[i], value);
        }
        stream.finish();
        REQUIRE(curves[0].keys.size() == kept.size());
        CHECK(kept.size() > 20);  // a real reduction, with keys inside windows
        CHECK(kept.size() < count / 5);
        for (std::size_t k = 0; k < kept.size(); ++k)
            for (int c = 0; c < 4; ++c) {
                const Key& key = curves[std::size_t(c)].keys[k];
                CHECK(key.time == samples.times[kept[k]]);
                CHECK(key.value == float(samples.values[kept[k]][std::size_t(c)]));
                if (fit == KeyFit::Hermite) CHECK(key.inTangent == float(slopes[kept[k]][std::size_t(c)]));
            }
    }
}
