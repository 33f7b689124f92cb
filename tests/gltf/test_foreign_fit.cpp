// A foreign file's cubic and slerped motion fitted with MRTK's linear keys; and a zigzag of corners fitted for 1.0: the
// deviation the import reports bounds the one measured here, against a cubic Hermite and a normalised cubic written in
// this test, at 256 times per key interval, not at the importer's samples.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "inputanim/core/math.hpp"
#include "inputanim/gltf/import.hpp"
#include "support/foreign_gltf.hpp"

using namespace inputanim;

namespace {

// glTF's CUBICSPLINE between keys k and k + 1 (spec, Appendix C): values and tangents [in, value, out] per key.
double cubicAt(const std::vector<float>& times, const std::vector<float>& data, int components, int component,
               double t) {
    std::size_t k = 0;
    while (k + 2 < times.size() && t >= times[k + 1]) ++k;
    const double t0 = times[k], t1 = times[k + 1], d = t1 - t0, s = std::clamp((t - t0) / d, 0.0, 1.0);
    auto at = [&](std::size_t key, int part) {
        return double(data[(key * 3 + std::size_t(part)) * std::size_t(components) + std::size_t(component)]);
    };
    const double v0 = at(k, 1), b0 = at(k, 2), v1 = at(k + 1, 1), a1 = at(k + 1, 0);
    const double s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * d * b0 + (-2 * s3 + 3 * s2) * v1 + (s3 - s2) * d * a1;
}

// Keys every `step` seconds from 0, their values from `value(k, c)` and tangents from `tangent(k, c)`.
template <class Value, class Tangent>
std::vector<float> cubicKeys(std::size_t keys, int components, const Value& value, const Tangent& tangent) {
    std::vector<float> data;
    for (std::size_t k = 0; k < keys; ++k)
        for (int part = 0; part < 3; ++part)
            for (int c = 0; c < components; ++c) data.push_back(part == 1 ? value(k, c) : tangent(k, c));
    return data;
}

struct Measured {
    double position = 0, rotation = 0;
};

// The camera's keys as MRTK plays them against the cubic motion, 256 times per key interval (Float32 times, as MRTK
// plays). Unity's positions mirror X, its rotations Y and Z.
Measured measureCamera(const Recording& r, const std::vector<float>& times, const std::vector<float>* translation,
                       const std::vector<float>* rotation) {
    Measured m;
    for (std::size_t k = 0; k + 1 < times.size(); ++k)
        for (int i = 0; i <= 256; ++i) {
            const double t = float(times[k] + (times[k + 1] - times[k]) * i / 256.0);
            if (translation) {
                double d2 = 0;
                for (int c = 0; c < 3; ++c) {
                    const double expected = (c == 0 ? -1 : 1) * cubicAt(times, *translation, 3, c, t);
                    d2 += std::pow(expected - evaluate(r.curves[cameraCurve(c)], t), 2);
                }
                m.position = std::max(m.position, std::sqrt(d2));
            }
            if (rotation) {
                Quaternion expected{}, played{};
                for (int c = 0; c < 4; ++c) {
                    expected[c] = (c == 1 || c == 2 ? -1 : 1) * cubicAt(times, *rotation, 4, c, t);
                    played[c] = evaluate(r.curves[cameraCurve(3 + c)], t);
                }
                if (normalize(expected) && normalize(played))
                    m.rotation = std::max(m.rotation, rotationAngle(expected, played));
            }
        }
    return m;
}

std::vector<float> keyTimes(std::size_t keys, double step, double first = 0) {
    std::vector<float> times;
    for (std::size_t k = 0; k < keys; ++k) times.push_back(float(first + double(k) * step));
    return times;
}

// A node named Camera with one CUBICSPLINE channel, imported: the recording and the import's report.
std::pair<Recording, ImportReport> importCamera(const char* path, const char* channel, const std::vector<float>& times,
                                                const std::vector<float>& output) {
    ForeignModel m;
    m.channel(m.node("Camera", -1), channel, times, output, "CUBICSPLINE");
    ImportReport report;
    auto r = importGltf(m.glb(), path, {}, &report);
    REQUIRE(r.ok());
    return {std::move(*r), report};
}

}  // namespace

TEST_CASE(
    "a cubic camera turn at 20 Hz is fitted within tolerance between its keys, and the deviation reported bounds it") {
    const auto times = keyTimes(30, 0.05);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> noise(-1, 1);
    // A quick turn about Y with tangents of 8 per second on every component, and a position moving 1 m/s with noisy
    // tangents.
    const auto rotation = cubicKeys(
        times.size(), 4,
        [](std::size_t k, int c) {
            return c == 1 ? float(std::sin(0.05 * double(k))) : c == 3 ? float(std::cos(0.05 * double(k))) : 0.0f;
        },
        [&](std::size_t, int) { return 8 * noise(random); });
    const auto translation = cubicKeys(
        times.size(), 3, [](std::size_t k, int c) { return c == 0 ? float(0.05 * double(k)) : 0.0f; },
        [&](std::size_t, int) { return 1 + noise(random); });
    ForeignModel m;
    const int camera = m.node("Camera", -1);
    m.channel(camera, "translation", times, translation, "CUBICSPLINE");
    m.channel(camera, "rotation", times, rotation, "CUBICSPLINE");
    ImportReport report;
    auto r = importGltf(m.glb(), "turn.glb", {}, &report);
    REQUIRE(r.ok());
    const Measured measured = measureCamera(*r, times, &translation, &rotation);
    CHECK(measured.position > 0);
    CHECK(measured.position <= 1e-4);
    CHECK(measured.rotation <= 0.01);
    CHECK(report.maxPositionError >= measured.position);
    CHECK(report.maxRotationError >= measured.rotation);
    CHECK_FALSE(report.beyondTolerance);
}

TEST_CASE("keys a microsecond apart with tangents of 1e5: the deviation reported bounds the one played") {
    const auto times = keyTimes(50, 1e-6, 1.0);
    const auto translation = cubicKeys(
        times.size(), 3, [](std::size_t k, int c) { return c == 1 ? float(0.001 * double(k % 2)) : 0.0f; },
        [](std::size_t k, int c) { return c == 1 ? (k % 2 ? 1e5f : -1e5f) : 0.0f; });
    const auto [r, report] = importCamera("spiky.glb", "translation", times, translation);
    const Measured measured = measureCamera(r, times, &translation, nullptr);
    CHECK(measured.position > 0);
    CHECK(report.maxPositionError >= measured.position);
    CHECK(report.beyondTolerance == (report.maxPositionError > 1e-4));
}

TEST_CASE(
    "tangents of 1e6 on a rotation: refined until within tolerance, and the deviation reported bounds the one played") {
    const auto times = keyTimes(10, 0.05);
    const auto rotation = cubicKeys(
        times.size(), 4, [](std::size_t, int c) { return c == 3 ? 1.0f : 0.0f; },
        [](std::size_t k, int c) { return c == 1 ? (k % 2 ? 1e6f : -1e6f) : 0.0f; });
    const auto [r, report] = importCamera("whip.glb", "rotation", times, rotation);
    const Measured measured = measureCamera(r, times, nullptr, &rotation);
    CHECK(measured.rotation > 0.001);
    CHECK(report.maxRotationError >= measured.rotation);
    CHECK(report.beyondTolerance == (report.maxRotationError > 0.01));
}

namespace {

// A camera turning about Y by +-25 degrees at alternate keys, 120 keys a second: a corner at every key, as Blender's
// export samples an edit made key by key. Rotations [x, y, z, w] per key, or as CUBICSPLINE data with chord tangents
// (the same corners: [in, value, out] per key).
constexpr double kZigzagStep = 1.0 / 120, kZigzagDegrees = 25;
double zigzagAngle(std::size_t k) { return (k % 2 ? 1 : -1) * radians(kZigzagDegrees); }
double swayAngle(std::size_t k) { return radians(60 * std::sin(0.3 * double(k))); }  // smooth, no corner
using Angle = double (*)(std::size_t key);
std::vector<float> zigzagRotations(std::size_t keys, bool cubic, Angle angle = zigzagAngle) {
    auto component = [](double angle, int c) {
        return c == 1 ? float(std::sin(angle / 2)) : c == 3 ? float(std::cos(angle / 2)) : 0.0f;
    };
    auto chord = [&](std::size_t a, std::size_t b, int c) {
        return float((double(component(angle(b), c)) - component(angle(a), c)) / kZigzagStep);
    };
    std::vector<float> data;
    for (std::size_t k = 0; k < keys; ++k)
        for (int part = cubic ? 0 : 1; part < (cubic ? 3 : 2); ++part)
            for (int c = 0; c < 4; ++c)
                data.push_back(part == 1   ? component(angle(k), c)
                               : part == 0 ? (k > 0 ? chord(k - 1, k, c) : 0.0f)
                                           : (k + 1 < keys ? chord(k, k + 1, c) : 0.0f));
    return data;
}

// The zigzag imported for format 1.0 (a full layout, as the Blender add-on asks when it exports onto a 1.0 original).
std::pair<Recording, ImportReport> importZigzag(std::size_t keys, const char* interpolation,
                                                Encoding encoding = kEncoding10, Angle angle = zigzagAngle) {
    ForeignModel m;
    m.channel(m.node("Camera", -1), "rotation", keyTimes(keys, kZigzagStep),
              zigzagRotations(keys, std::string(interpolation) == "CUBICSPLINE", angle), interpolation);
    ImportOptions options;
    options.encoding = encoding;
    ImportReport report;
    auto r = importGltf(m.glb(), "zigzag.glb", options, &report);
    REQUIRE(r.ok());
    return {std::move(*r), report};
}

}  // namespace

TEST_CASE("a LINEAR zigzag imported for 1.0 plays within tolerance of glTF's slerp, in about as many keys as linear") {
    const std::size_t keys = 240;
    const auto [r, report] = importZigzag(keys, "LINEAR");
    const auto times = keyTimes(keys, kZigzagStep);
    double worst = 0;  // slerp between two turns about one axis: the angle moves linearly
    for (std::size_t k = 0; k + 1 < keys; ++k)
        for (int i = 0; i <= 64; ++i) {
            const double t = float(times[k] + (times[k + 1] - times[k]) * i / 64.0);
            const double s = (t - times[k]) / (double(times[k + 1]) - times[k]);
            const double angle = zigzagAngle(k) + s * (zigzagAngle(k + 1) - zigzagAngle(k));
            Quaternion expected{0, -std::sin(angle / 2), 0, std::cos(angle / 2)}, played{};  // Unity's Y mirrored
            for (int c = 0; c < 4; ++c) played[c] = evaluate(r.curves[cameraCurve(3 + c)], t);
            REQUIRE(normalize(played));
            worst = std::max(worst, rotationAngle(expected, played));
        }
    CHECK(worst <= 0.01);
    CHECK(report.maxRotationError >= worst);
    CHECK_FALSE(report.beyondTolerance);
    CHECK(r.curves[cameraCurve(4)].keys.size() <= 6 * keys);  // a 50-degree slerp takes about 5 linear keys
}

TEST_CASE("a CUBICSPLINE zigzag imported for 1.0: Hermite keys that round its corners give way to closer ones") {
    const std::size_t keys = 240;
    const auto [r, report] = importZigzag(keys, "CUBICSPLINE");
    const auto rotation = zigzagRotations(keys, true);
    const Measured measured = measureCamera(r, keyTimes(keys, kZigzagStep), nullptr, &rotation);
    CHECK(measured.rotation <= 0.01);
    CHECK(report.maxRotationError >= measured.rotation);
    CHECK_FALSE(report.beyondTolerance);
}

TEST_CASE("a smooth turn sampled LINEAR (Blender's export) imported for 1.0 takes no more keys than for 1.1") {
    const auto [full, fullReport] = importZigzag(600, "LINEAR", kEncoding10, swayAngle);
    const auto [compact, compactReport] = importZigzag(600, "LINEAR", kEncoding11Compact, swayAngle);
    CHECK_FALSE(fullReport.beyondTolerance);
    CHECK(full.curves[cameraCurve(4)].keys.size() <= compact.curves[cameraCurve(4)].keys.size());
}
