// The few formulas every layer shares, written once: angle units, the cubic Hermite segment, 3-vector and
// quaternion helpers (x, y, z, w order, double precision).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numbers>

namespace inputanim {

// ---- angles ----------------------------------------------------------------------------------------

// A float's bits and back (what std::bit_cast does; emscripten's libc++ has no bit_cast).
inline std::uint32_t floatBits(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}
inline float floatFromBits(std::uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// std::nextafter(x, -infinity), inline: the library call costs as much as evaluating a straight segment.
inline double nextBelow(double x) {
    if (std::isnan(x) || x == -std::numeric_limits<double>::infinity()) return x;
    if (x == 0) return -std::numeric_limits<double>::denorm_min();
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    bits = x > 0 ? bits - 1 : bits + 1;  // the magnitude one step down (positive) or up (negative)
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

inline constexpr double kPi = std::numbers::pi;
inline constexpr double kRadiansToDegrees = 180 / kPi;
inline constexpr double degrees(double radians) { return radians * kRadiansToDegrees; }
inline constexpr double radians(double degrees) { return degrees / kRadiansToDegrees; }

// ---- cubic Hermite -----------------------------------------------------------------------------------

// The cubic through v0 (at s = 0) and v1 (at s = 1) with end derivatives m0 and m1 (per unit of s): Unity's
// Hermite segment and glTF's CUBICSPLINE are both this, with m = tangent x segment duration.
struct HermiteValue {
    double value;
    double derivative;  // d/ds
};
inline HermiteValue hermite(double v0, double m0, double v1, double m1, double s) {
    const double s2 = s * s, s3 = s2 * s;
    return {(2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * v1 + (s3 - s2) * m1,
            (6 * s2 - 6 * s) * v0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * v1 + (3 * s2 - 2 * s) * m1};
}

// ---- 3-vectors ----------------------------------------------------------------------------------------

using Vector3 = std::array<double, 3>;

inline double dot3(const Vector3& a, const Vector3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline double length3(const Vector3& a) { return std::sqrt(dot3(a, a)); }
inline Vector3 cross3(const Vector3& a, const Vector3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline Vector3 plus3(const Vector3& a, const Vector3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline Vector3 minus3(const Vector3& a, const Vector3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Vector3 scaled3(double s, const Vector3& a) { return {s * a[0], s * a[1], s * a[2]}; }

// ---- quaternions ---------------------------------------------------------------------------------------

using Quaternion = std::array<double, 4>;  // x, y, z, w

inline double dot(const Quaternion& a, const Quaternion& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}
inline double norm(const Quaternion& q) { return std::sqrt(dot(q, q)); }

// How far from unit length a rotation written for glTF's STEP and LINEAR may be: players use such knots as they are
// (three.js and Babylon.js build matrices from them, which a length of 1 - e scales by 1 - 2e), so anything beyond
// Float32 rounding of a unit quaternion (about 1.2e-7) is normalised.
inline constexpr double kUnitLengthSlack = 1e-6;

// Scales q to unit length; false (q unchanged) when it is (almost) zero.
inline bool normalize(Quaternion& q) {
    const double n = norm(q);
    if (!(n > 1e-12)) return false;
    for (double& c : q) c /= n;
    return true;
}

// Squared distance between unit quaternions a and +-b (the nearer sign): a monotone stand-in for the angle.
inline double rotationChord2(const Quaternion& a, const Quaternion& b) {
    const double sign = dot(a, b) < 0 ? -1 : 1;
    double d2 = 0;
    for (int c = 0; c < 4; ++c) d2 += (a[c] - sign * b[c]) * (a[c] - sign * b[c]);
    return d2;
}

// Degrees between the rotations of unit quaternions `chord` apart (Euclidean distance, the nearer sign).
inline double chordDegrees(double chord) { return degrees(4 * std::asin(std::min(1.0, chord / 2))); }

// Degrees between the rotations of unit quaternions a and b (either sign). Uses the chord, which stays
// accurate for tiny angles where acos of the dot product does not.
inline double rotationAngle(const Quaternion& a, const Quaternion& b) {
    return chordDegrees(std::sqrt(rotationChord2(a, b)));
}

// A slerp's ends, normalised, b on a's side (the shorter arc), and the angle between them: 0 (a lerp) when nearly
// equal.
struct SlerpEnds {
    Quaternion a, b;
    double theta = 0, sinTheta = 0;
    SlerpEnds(Quaternion from, Quaternion to) : a(from), b(to) {
        normalize(a);
        normalize(b);
        double cosine = dot(a, b);
        if (cosine < 0) {
            for (double& c : b) c = -c;
            cosine = -cosine;
        }
        if (cosine < 0.9999999) theta = std::acos(std::min(1.0, cosine)), sinTheta = std::sin(theta);
    }
    // The weights of a and b at s in [0, 1].
    std::array<double, 2> weights(double s) const {
        if (theta == 0) return {1 - s, s};
        return {std::sin((1 - s) * theta) / sinTheta, std::sin(s * theta) / sinTheta};
    }
};

// glTF LINEAR rotation: slerp along the shorter arc, as three.js plays it.
inline Quaternion slerp(Quaternion a, Quaternion b, double s) {
    const SlerpEnds ends(a, b);
    const auto [wa, wb] = ends.weights(s);
    Quaternion r{};
    for (int c = 0; c < 4; ++c) r[c] = wa * ends.a[c] + wb * ends.b[c];
    normalize(r);
    return r;
}

// The Hamilton product a b: the rotation b, then a.
inline Quaternion multiply(const Quaternion& a, const Quaternion& b) {
    return {
        a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
        a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

// MRTK's playback of a rotation between two keys: each component interpolated on its own, not normalised.
inline Quaternion lerp(const Quaternion& a, const Quaternion& b, double s) {
    Quaternion r{};
    for (int c = 0; c < 4; ++c) r[c] = a[c] + (b[c] - a[c]) * s;
    return r;
}

}  // namespace inputanim
