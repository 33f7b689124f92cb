// sampleTrack against values worked by hand from the glTF 2.0 specification's appendix C (interpolation):
// STEP, LINEAR, slerp along the shorter arc, CUBICSPLINE with tangents scaled by the interval's length.
#include <catch2/catch.hpp>
#include <cmath>

#include "inputanim/tracks/track.hpp"

using namespace inputanim;

namespace {
Track scalarTrack(Interpolation interpolation, std::vector<float> times, std::vector<float> values) {
    Track t;
    t.interpolation = interpolation;
    t.components = 1;
    t.times = std::move(times);
    t.values = std::move(values);
    return t;
}

double at(const Track& track, double time, TrackKind kind = TrackKind::Vector) {
    double out[4] = {};
    sampleTrack(track, kind, time, out);
    return out[0];
}
}  // namespace

TEST_CASE("STEP and LINEAR vectors, clamped outside the knots: a table worked by hand") {
    const Track step = scalarTrack(Interpolation::Step, {0, 1, 3}, {0, 10, 20});
    const Track linear = scalarTrack(Interpolation::Linear, {0, 1, 3}, {0, 10, 20});
    struct Row {
        double time, step, linear;
    };
    const Row rows[] = {
        {-1, 0, 0},  // before the first knot: clamped
        {0, 0, 0},  // on a knot: its value
        {0.25, 0, 2.5},  // 0 + (10 - 0) * 0.25
        {1, 10, 10},     {2, 10, 15},  // s = (2 - 1) / (3 - 1) = 0.5: 10 + 10 * 0.5
        {2.9, 10, 19.5},  // s = 0.95: 10 + 10 * 0.95
        {3, 20, 20},     {7, 20, 20},  // after the last knot: clamped
    };
    for (const Row& row : rows) {
        INFO("t = " << row.time);
        CHECK(at(step, row.time) == Approx(row.step).margin(1e-12));
        CHECK(at(linear, row.time) == Approx(row.linear).margin(1e-12));
    }
}

TEST_CASE("LINEAR rotations are slerp along the shorter arc") {
    // From the identity to 90 degrees about Z over 2 s, the end key written on the far hemisphere (-q): at 0.5 s,
    // s = 0.25 of the shorter arc is 22.5 degrees about Z, (0, 0, sin 11.25deg, cos 11.25deg).
    Track t;
    t.components = 4;
    t.times = {0, 2};
    const float h = float(std::sqrt(0.5));
    t.values = {0, 0, 0, 1, 0, 0, -h, -h};
    double q[4];
    sampleTrack(t, TrackKind::Rotation, 0.5, q);
    CHECK(q[0] == Approx(0).margin(1e-7));
    CHECK(q[1] == Approx(0).margin(1e-7));
    CHECK(q[2] == Approx(0.19509032).margin(1e-7));
    CHECK(q[3] == Approx(0.98078528).margin(1e-7));
    // On the end knot: its value (players normalise, the hemisphere is the file's).
    sampleTrack(t, TrackKind::Rotation, 2, q);
    CHECK(q[2] == Approx(-h).margin(1e-7));
}

TEST_CASE("CUBICSPLINE: the Hermite basis with tangents times the interval's length, rotations normalised") {
    // One interval from t = 1 to 3 (d = 2), p0 = 0, p1 = 1, out-tangent of the first knot b0 = 0.5 /s, in-tangent
    // of the second a1 = 1 /s, so m0 = d b0 = 1 and m1 = d a1 = 2. At s:
    //   p(s) = (2s^3 - 3s^2 + 1) p0 + (s^3 - 2s^2 + s) m0 + (-2s^3 + 3s^2) p1 + (s^3 - s^2) m1
    // s = 0.5 (t = 2):    0 + 0.125 * 1 + 0.5 * 1 - 0.125 * 2 = 0.375 (unscaled tangents would give 0.4375)
    // s = 0.25 (t = 1.5): 0 + 0.140625 + 0.15625 - 0.046875 * 2 = 0.203125 (unscaled: 0.1796875)
    // s = 0.75 (t = 2.5): 0 + 0.046875 + 0.84375 - 0.140625 * 2 = 0.609375
    Track t = scalarTrack(Interpolation::CubicSpline, {1, 3}, {0, 1});
    t.inTangents = {0, 1};
    t.outTangents = {0.5, 0};
    CHECK(at(t, 2) == Approx(0.375).margin(1e-12));
    CHECK(at(t, 1.5) == Approx(0.203125).margin(1e-12));
    CHECK(at(t, 2.5) == Approx(0.609375).margin(1e-12));
    CHECK(at(t, 0) == 0);  // clamped
    CHECK(at(t, 3) == 1);

    // Rotations: with zero tangents the midpoint is (a + b) / 2 = (0, 0, 0.5, 0.5), normalised to 90 degrees' half.
    Track r;
    r.interpolation = Interpolation::CubicSpline;
    r.components = 4;
    r.times = {0, 1};
    r.values = {0, 0, 0, 1, 0, 0, 1, 0};
    r.inTangents.assign(8, 0);
    r.outTangents.assign(8, 0);
    double q[4];
    sampleTrack(r, TrackKind::Rotation, 0.5, q);
    CHECK(q[2] == Approx(std::sqrt(0.5)).margin(1e-12));
    CHECK(q[3] == Approx(std::sqrt(0.5)).margin(1e-12));
}

TEST_CASE("playing at increasing times with a hint gives what a search gives") {
    const Track linear = scalarTrack(Interpolation::Linear, {0, 1, 3, 3.5, 8}, {0, 10, 20, -4, 6});
    std::size_t hint = 0;
    for (double time = -0.5; time < 9; time += 0.0625) {
        double hinted[4], searched[4];
        sampleTrack(linear, TrackKind::Vector, time, hinted, &hint);
        sampleTrack(linear, TrackKind::Vector, time, searched);
        REQUIRE(hinted[0] == searched[0]);
    }
}
