// Quaternion helpers shared by the track engine, key reduction and diff (internal). x, y, z, w order.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

namespace inputanim {

using Quaternion = std::array<double, 4>;

inline constexpr double kRadiansToDegrees = 57.29577951308232;

// Scales q to unit length; false (q unchanged) when it is (almost) zero.
inline bool normalize(Quaternion& q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(n > 1e-12)) return false;
    for (double& c : q) c /= n;
    return true;
}

// Degrees between the rotations of unit quaternions a and b (either sign). Uses the chord, which stays
// accurate for tiny angles where acos of the dot product does not.
// Squared distance between unit quaternions a and +-b (the nearer sign): a monotone stand-in for the angle.
inline double rotationChord2(const Quaternion& a, const Quaternion& b) {
    const double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const double sign = dot < 0 ? -1 : 1;
    double d2 = 0;
    for (int c = 0; c < 4; ++c) d2 += (a[c] - sign * b[c]) * (a[c] - sign * b[c]);
    return d2;
}

inline double rotationAngle(const Quaternion& a, const Quaternion& b) {
    return 4 * std::asin(std::min(1.0, std::sqrt(rotationChord2(a, b)) / 2)) * kRadiansToDegrees;
}

// glTF LINEAR rotation: slerp along the shorter arc, as three.js plays it.
inline Quaternion slerp(Quaternion a, Quaternion b, double s) {
    normalize(a);
    normalize(b);
    double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (dot < 0) {
        for (double& c : b) c = -c;
        dot = -dot;
    }
    double wa = 1 - s, wb = s;
    if (dot < 0.9999999) {
        const double theta = std::acos(std::min(1.0, dot)), sinTheta = std::sin(theta);
        wa = std::sin((1 - s) * theta) / sinTheta;
        wb = std::sin(s * theta) / sinTheta;
    }
    Quaternion r{};
    for (int c = 0; c < 4; ++c) r[c] = wa * a[c] + wb * b[c];
    normalize(r);
    return r;
}

}  // namespace inputanim
