#include "slerp_bound.hpp"

#include <algorithm>
#include <cmath>

namespace inputanim {

double unnormalisedSlerpGap(double alpha, double na, double nb) {
    if (na * nb * std::cos(alpha) >= kThreeNlerpDot) return slerpNlerpGap(alpha, na, nb);
    return unnormalisedSlerpPart(alpha, std::max(std::abs(na - 1), std::abs(nb - 1)));
}

double slerpNlerpGap(double alpha, double na, double nb) {
    if (!(alpha > 0) || !(na > 0) || !(nb > 0)) return 0;
    const double sinA = std::sin(alpha), cosA = std::cos(alpha);
    auto gap = [&](double s) { return std::abs(std::atan2(s * nb * sinA, (1 - s) * na + s * nb * cosA) - s * alpha); };
    // The gap's derivative is zero where |(1 - s) a + s b|^2 = na nb sin(a) / a: a quadratic in s.
    const double a2 = na * na, b2 = nb * nb, ab = na * nb * cosA, target = na * nb * sinA / alpha;
    const double qa = a2 - 2 * ab + b2, qb = 2 * (ab - a2), qc = a2 - target;
    double worst = 0;
    bool interior = false;  // a critical point inside (0, 1): the gap's largest value is at one
    auto consider = [&](double s) {
        if (s > 0 && s < 1) worst = std::max(worst, gap(s)), interior = true;
    };
    if (std::abs(qa) > 1e-300) {
        const double disc = qb * qb - 4 * qa * qc;
        if (disc >= 0) {
            const double r = std::sqrt(disc);
            consider((-qb - r) / (2 * qa));
            consider((-qb + r) / (2 * qa));
        }
    } else if (qb != 0) {
        consider(-qc / qb);
    }
    // The gap is zero at both ends, so it has a critical point inside; when rounding near a double root lost
    // it, a few grid points instead.
    if (!interior)
        for (int i = 1; i < 16; ++i) consider(i / 16.0);
    return degrees(2 * worst);
}

double slerpDeviationBound(double alpha) {
    // The gap grows with the angle and with the length ratio; its largest at lengths 0.999 and 1.001.
    return std::max(slerpNlerpGap(alpha, 0.999, 1.001), slerpNlerpGap(alpha, 1.001, 0.999));
}

namespace {
// The quaternion-space angle below which slerp and nlerp agree within half of `tolerance` degrees.
double safeSlerpAngle(double tolerance) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 50; ++i) {
        const double mid = 0.5 * (lo + hi);
        (slerpDeviationBound(mid) <= 0.5 * tolerance ? lo : hi) = mid;
    }
    return lo;
}
}  // namespace

double safeLengthOff(double tolerance) {
    const double alpha = std::acos(std::min(1.0, safeSlerpCos(tolerance)));
    return alpha > 0 ? std::min(0.001, 0.4 * tolerance / degrees(2 * alpha)) : 0.001;
}

double safeSlerpCos(double tolerance) {
    thread_local double lastTolerance = -1, lastCos = 2;
    if (tolerance != lastTolerance) lastCos = std::cos(safeSlerpAngle(tolerance)), lastTolerance = tolerance;
    return lastCos;
}

}  // namespace inputanim
