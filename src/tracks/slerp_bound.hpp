// How far glTF's slerp can stray from MRTK's component-wise interpolation of a rotation (internal to the
// track engine). Both move along the great circle through the two keys; they differ in speed along it.
#pragma once

#include <array>
#include <cmath>

#include "inputanim/core/math.hpp"

namespace inputanim {

// Largest rotation difference (degrees) between slerp and MRTK's nlerp between two quaternions whose unit
// directions are `alpha` radians apart (in quaternion space) and whose lengths are na and nb, over the whole
// interval: the exact maximum of | atan2(s nb sin a, (1 - s) na + s nb cos a) - s a |, doubled.
double slerpNlerpGap(double alpha, double na = 1, double nb = 1);

// How far three.js's slerp (Quaternion.slerpFlat, which takes its ends as they are: a slerp by the angle of their raw
// dot product where that is below kThreeNlerpDot, else an nlerp) can stray from the slerp of the ends normalised, in
// degrees, for ends `alpha` radians apart in quaternion space with lengths na and nb. Where three.js slerps: the
// rotation's degrees times the larger length error (measured at most 0.64 times that, over every angle and lengths
// within 0.005 of 1); where it nlerps, slerpNlerpGap (the same for unit ends).
inline constexpr double kThreeNlerpDot = 0.9995;
double unnormalisedSlerpGap(double alpha, double na, double nb);
// Its slerp part alone, for ends that are the keys MRTK plays (where three.js nlerps them it plays what MRTK does).
inline double unnormalisedSlerpPart(double alpha, double lengthOff) { return degrees(2 * alpha) * lengthOff; }

// An upper bound of slerpNlerpGap for every pair of keys at most `alpha` apart whose lengths are within
// 0.001 of 1.
double slerpDeviationBound(double alpha);

// cos of the quaternion-space angle below which slerp and nlerp of near-unit keys (within 0.001) agree
// within half of `tolerance` degrees. Remembered for the last tolerance: every rotation track of a file uses
// the same one.
double safeSlerpCos(double tolerance);

// The length error (at most 0.001) up to which keys within safeSlerpCos of each other are copied as they are:
// three.js's slerp of them then stays within 0.4 of `tolerance` degrees of the slerp of them normalised.
double safeLengthOff(double tolerance);

// The cosine of the angle between two quaternions within 0.001 of unit length; -2 for others. Signed: ends
// in opposite hemispheres make nlerp pass near zero, far from slerp.
inline double unitDot(const Quaternion& a, const Quaternion& b) {
    const double na = norm(a), nb = norm(b);
    if (std::abs(na - 1) > 0.001 || std::abs(nb - 1) > 0.001) return -2;
    return dot(a, b) / (na * nb);
}

}  // namespace inputanim
