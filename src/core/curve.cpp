#include "inputanim/core/curve.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "inputanim/core/lanes.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {

bool isCompactKey(const Key& key) {
    return floatBits(key.inTangent) == 0 && floatBits(key.outTangent) == 0 && floatBits(key.inWeight) == 0 &&
           floatBits(key.outWeight) == 0 && key.weightedMode == kWeightedBoth;
}

bool operator==(const KeyList& a, const KeyList& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const Key x = a[i], y = b[i];
        if (std::memcmp(&x, &y, sizeof(Key)) != 0) return false;  // bit for bit: NaN payloads and -0 count
    }
    return true;
}
namespace {

constexpr double kDefaultWeight = 1.0 / 3.0;

struct Weights {
    double out;  // w1, on the left key's out side
    double in;  // w2, on the right key's in side
};

Weights effectiveWeights(const Key& left, const Key& right) {
    return {(left.weightedMode & kWeightedOut) ? double(left.outWeight) : kDefaultWeight,
            (right.weightedMode & kWeightedIn) ? double(right.inWeight) : kDefaultWeight};
}

// A flagged weight equal to the Float32 of 1/3 is Unity's default weight, i.e. plain Hermite.
bool isDefaultWeight(double w) { return w == kDefaultWeight || w == double(float(kDefaultWeight)); }

// X(u) = a u^3 + b u^2 + c u: normalised time of the Bezier with time control points 0, w1, 1 - w2, 1.
struct TimeCubic {
    double a, b, c;
    double at(double u) const { return ((a * u + b) * u + c) * u; }
    double slope(double u) const { return (3 * a * u + 2 * b) * u + c; }
};

// Smallest u in [0, 1] with X(u) = s. X(0) = 0 <= s <= 1 = X(1), so a root exists; splitting [0, 1] at
// the critical points of X gives monotone pieces, and the first piece that brackets s is bisected.
double solveBezierTime(const TimeCubic& x, double s) {
    double cuts[4] = {0, 1, 1, 1};
    int count = 1;
    const double qa = 3 * x.a, qb = 2 * x.b, qc = x.c;  // X'(u) = qa u^2 + qb u + qc
    if (qa != 0) {
        const double disc = qb * qb - 4 * qa * qc;
        if (disc > 0) {
            const double r = std::sqrt(disc);
            double r1 = (-qb - r) / (2 * qa), r2 = (-qb + r) / (2 * qa);
            if (r1 > r2) std::swap(r1, r2);
            if (r1 > 0 && r1 < 1) cuts[count++] = r1;
            if (r2 > 0 && r2 < 1) cuts[count++] = r2;
        }
    } else if (qb != 0) {
        const double r = -qc / qb;
        if (r > 0 && r < 1) cuts[count++] = r;
    }
    cuts[count++] = 1;
    for (int i = 0; i + 1 < count; ++i) {
        double lo = cuts[i], hi = cuts[i + 1];
        const double flo = x.at(lo) - s, fhi = x.at(hi) - s;
        if (flo == 0) return lo;
        if ((flo < 0) == (fhi < 0) && fhi != 0) continue;
        const bool rising = flo < 0;
        for (int iteration = 0; iteration < 200; ++iteration) {
            const double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) break;
            ((x.at(mid) - s < 0) == rising ? lo : hi) = mid;
        }
        return 0.5 * (lo + hi);
    }
    return 1;  // unreachable for finite weights: X(1) - s >= 0 always closes the bracket
}

ValueSlope bezier(double v0, double v1, double m0, double m1, Weights w, double s, double d) {
    const TimeCubic x{3 * w.out + 3 * w.in - 2, 3 - 6 * w.out - 3 * w.in, 3 * w.out};
    const double u = solveBezierTime(x, s);
    const double p0 = v0, p1 = v0 + w.out * m0, p2 = v1 - w.in * m1, p3 = v1;
    const double iu = 1 - u;
    const double value = iu * iu * iu * p0 + 3 * u * iu * iu * p1 + 3 * u * u * iu * p2 + u * u * u * p3;
    const double dYdu = 3 * (iu * iu * (p1 - p0) + 2 * u * iu * (p2 - p1) + u * u * (p3 - p2));
    const double dXdu = x.slope(u);
    return {value, dXdu != 0 ? dYdu / dXdu / d : 0.0};
}

bool nearlyEqual(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

}  // namespace

SegmentShape segmentShape(const Key& left, const Key& right) {
    const double d = double(right.time) - double(left.time);
    if (!(d > 0) || std::isinf(left.outTangent) || std::isinf(right.inTangent)) return SegmentShape::Stepped;
    const Weights w = effectiveWeights(left, right);
    if (w.out == 0 && w.in == 0) return SegmentShape::Linear;
    if (!isDefaultWeight(w.out) || !isDefaultWeight(w.in)) return SegmentShape::Weighted;
    const double chord = (double(right.value) - double(left.value)) / d;
    if (nearlyEqual(left.outTangent, chord) && nearlyEqual(right.inTangent, chord)) return SegmentShape::Linear;
    return SegmentShape::Hermite;
}

ValueSlope evaluateSegment(const Key& left, const Key& right, double time) {
    const double t0 = left.time, d = double(right.time) - t0;
    const double v0 = left.value, v1 = right.value;
    if (!(d > 0)) return {v0, 0};  // zero length: the left value
    if (std::isinf(left.outTangent) || std::isinf(right.inTangent)) return {time >= right.time ? v1 : v0, 0};
    const Weights w = effectiveWeights(left, right);
    // Zero weights put both inner control points on the end keys: value is exactly linear in time.
    if (w.out == 0 && w.in == 0) return evaluateStraightSegment(t0, v0, right.time, v1, time);
    const double s = std::max(0.0, (time - t0) / d);  // at the left key every shape gives exactly v0
    if (s >= 1) {
        // The right key itself belongs to the next segment: its value, whatever the Bezier's first root is.
        return {v1, double(right.inTangent)};
    }
    const double m0 = double(left.outTangent) * d, m1 = double(right.inTangent) * d;
    if (isDefaultWeight(w.out) && isDefaultWeight(w.in)) {
        const HermiteValue h = hermite(v0, m0, v1, m1, s);
        return {h.value, h.derivative / d};
    }
    return bezier(v0, v1, m0, m1, w, s, d);
}

SplitSegment splitWeightedSegment(const Key& left, const Key& right, float at) {
    const double t0 = left.time, d = double(right.time) - t0, v0 = left.value, v1 = right.value;
    const Weights w = effectiveWeights(left, right);
    const TimeCubic x{3 * w.out + 3 * w.in - 2, 3 - 6 * w.out - 3 * w.in, 3 * w.out};
    const double u = solveBezierTime(x, (double(at) - t0) / d);
    struct Point {
        double x, v;  // normalised time, value
    };
    auto lerp = [u](Point a, Point b) { return Point{a.x + (b.x - a.x) * u, a.v + (b.v - a.v) * u}; };
    const Point p0{0, v0}, p1{w.out, v0 + w.out * double(left.outTangent) * d},
        p2{1 - w.in, v1 - w.in * double(right.inTangent) * d}, p3{1, v1};
    const Point q0 = lerp(p0, p1), q1 = lerp(p1, p2), q2 = lerp(p2, p3), r0 = lerp(q0, q1), r1 = lerp(q1, q2),
                cut = lerp(r0, r1);
    const ValueSlope played = evaluateSegment(left, right, at);
    // A handle's slope in value per second; a handle of no length (at an end) has the curve's slope there.
    auto slope = [&](Point a, Point b, double fallback) {
        return b.x != a.x ? (b.v - a.v) / ((b.x - a.x) * d) : fallback;
    };
    SplitSegment out{left, Key{at, float(cut.v)}, right};
    out.left.outWeight = float(q0.x / cut.x);
    out.left.weightedMode |= kWeightedOut;
    out.cut.inTangent = float(slope(r0, cut, played.slope));
    out.cut.inWeight = float((cut.x - r0.x) / cut.x);
    out.cut.outTangent = float(slope(cut, r1, played.slope));
    out.cut.outWeight = float((r1.x - cut.x) / (1 - cut.x));
    out.cut.weightedMode = kWeightedBoth;
    out.right.inWeight = float((1 - q2.x) / (1 - cut.x));
    out.right.weightedMode |= kWeightedIn;
    return out;
}

double wrapTime(const Curve& curve, double time) {
    if (curve.keys.empty()) return time;
    const double first = curve.keys.front().time, last = curve.keys.back().time;
    std::int32_t mode;
    if (time < first) mode = curve.preWrapMode;
    else if (time > last) mode = curve.postWrapMode;
    else return time;
    const double length = last - first;
    if (!(length > 0) || !std::isfinite(time)) return time;
    if (mode == kWrapLoop) {
        double phase = std::fmod(time - first, length);
        if (phase < 0) phase += length;
        if (phase >= length) phase = 0;
        return first + phase;
    }
    if (mode == kWrapPingPong) {
        double phase = std::fmod(time - first, 2 * length);
        if (phase < 0) phase += 2 * length;
        return first + length - std::abs(phase - length);
    }
    return time;  // every other mode clamps, which the caller does
}

std::size_t segmentIndex(const KeyList& keys, double time) {
    const std::size_t upper = keys.firstLaterThan(time);
    // Clamp so that unsorted or NaN times (invalid data) still give a valid segment.
    return std::clamp<std::size_t>(upper == 0 ? 0 : upper - 1, 0, keys.size() - 2);
}

namespace {

// AnimationCurve.Evaluate, with the segment holding a wrapped time inside the keys found by `findSegment` (a
// search, or a cursor's remembered position).
template <class FindSegment>
ValueSlope evaluateCurve(const Curve& curve, double time, FindSegment findSegment) {
    const auto& keys = curve.keys;
    if (keys.empty()) return {0, 0};
    if (keys.size() == 1) return {keys[0].value, 0};
    time = wrapTime(curve, time);
    if (!(time > keys.front().time)) return {keys.front().value, 0};
    if (time >= keys.back().time) return {keys.back().value, 0};
    const std::size_t k = findSegment(time);
    if (keys.compact() && keys.time(k) < keys.time(k + 1))  // MRTK's linear encoding, read as time and value only
        return evaluateStraightSegment(keys.time(k), keys.value(k), keys.time(k + 1), keys.value(k + 1), time);
    return evaluateSegment(keys[k], keys[k + 1], time);
}

}  // namespace

ValueSlope evaluateWithSlope(const Curve& curve, double time) {
    return evaluateCurve(curve, time, [&curve](double wrapped) { return segmentIndex(curve.keys, wrapped); });
}

namespace {

constexpr std::uint32_t kExponent = 0x7f800000;  // a float is finite when these bits are not all ones
constexpr std::size_t kKeyBytes = 8;  // a compact key: its time, then its value

// Compact keys (time, then value, little-endian) from `from` to `n`, after a key at `previous`, one by one: each read
// once, as one 8-byte word.
INPUTANIM_OWN_FUNCTION bool compactKeysOkFrom(const std::uint8_t* bytes, std::size_t from, std::size_t n,
                                              float previous) {
    unsigned ok = 1;
    for (std::size_t i = from; i < n; ++i) {
        std::uint64_t word;
        std::memcpy(&word, bytes + i * kKeyBytes, sizeof word);
        const auto time = std::uint32_t(word), value = std::uint32_t(word >> 32);
        float t;
        std::memcpy(&t, &time, sizeof t);
        ok &= unsigned((time & kExponent) != kExponent) & unsigned((value & kExponent) != kExponent) &
              unsigned(t > previous);
        previous = t;
    }
    return ok != 0;
}

// Four keys a step where there are lanes, the rest one by one.
INPUTANIM_OWN_FUNCTION bool compactKeysOk(const std::uint8_t* bytes, std::size_t n) {
    constexpr float kBefore = -std::numeric_limits<float>::infinity();
    std::size_t i = 0;
    float last = kBefore;  // the time of key i - 1
#if INPUTANIM_LANES
    const Words4 exponent = {kExponent, kExponent, kExponent, kExponent};
    Floats4 previous = {kBefore, kBefore, kBefore, kBefore};  // its last lane: the time before the next four keys
    Lanes4 bad = {0, 0, 0, 0};
    for (; i + 4 <= n; i += 4) {
        const auto a = loadLanes<Words4>(bytes + i * kKeyBytes), b = loadLanes<Words4>(bytes + (i + 2) * kKeyBytes);
        bad |= Lanes4((a & exponent) == exponent) | Lanes4((b & exponent) == exponent);
        const Floats4 times = __builtin_shufflevector(Floats4(a), Floats4(b), 0, 2, 4, 6);
        bad |= ~Lanes4(times > __builtin_shufflevector(previous, times, 3, 4, 5, 6));
        previous = times;
    }
    if ((bad[0] | bad[1] | bad[2] | bad[3]) != 0) return false;
    last = previous[3];
#endif
    return compactKeysOkFrom(bytes, i, n, last);
}

}  // namespace

bool KeyList::finiteAndIncreasing() const {
    if (!borrowed_) return checkKeys();
    signed char answer = borrowedCheck_.answer.load(std::memory_order_relaxed);
    if (answer < 0) borrowedCheck_.answer.store(answer = checkKeys() ? 1 : 0, std::memory_order_relaxed);
    return answer == 1;
}

bool KeyList::checkKeys() const {
    const std::size_t n = size();
    if (n == 0) return true;
    if (!full_) return compactKeysOk(compactBytes(), n);
    // Bitwise &, not &&: no branch per key.
    unsigned ok = unsigned(std::isfinite(keys_[0].time)) & unsigned(std::isfinite(keys_[0].value));
    for (std::size_t i = 1; i < n; ++i)
        ok &= unsigned(std::isfinite(keys_[i].time)) & unsigned(std::isfinite(keys_[i].value)) &
              unsigned(keys_[i].time > keys_[i - 1].time);
    return ok != 0;
}

std::optional<std::string> invalidKey(const Curve& curve) {
    const auto& keys = curve.keys;
    const bool compact = keys.compact();  // tangents and weights are zero: only times and values can be wrong
    if (compact && keys.finiteAndIncreasing()) return std::nullopt;  // the usual case; the loop below names a problem
    for (std::size_t k = 0; k < keys.size(); ++k) {
        if (!std::isfinite(keys.time(k)) || !std::isfinite(keys.value(k)))
            return "key " + std::to_string(k) + " has a non-finite time or value";
        if (!compact) {
            const Key key = keys[k];
            if (std::isnan(key.inTangent) || std::isnan(key.outTangent) || !std::isfinite(key.inWeight) ||
                !std::isfinite(key.outWeight))
                return "key " + std::to_string(k) + " has a NaN tangent or a non-finite weight";
        }
        if (k > 0 && !(keys.time(k) > keys.time(k - 1)))
            return "key " + std::to_string(k) + " is not later than key " + std::to_string(k - 1);
    }
    return std::nullopt;
}

double evaluate(const Curve& curve, double time) { return evaluateWithSlope(curve, time).value; }

std::size_t CurveCursor::segment(double time) {
    const auto& keys = curve_->keys;
    std::size_t k = std::min(segment_, keys.size() - 2);
    // A few steps forward cover the usual case; anything else is a binary search.
    for (int step = 0; step < 4 && k + 2 < keys.size() && double(keys.time(k + 1)) <= time; ++step) ++k;
    if (!(double(keys.time(k)) <= time && (time < double(keys.time(k + 1)) || k + 2 == keys.size())))
        k = search(k, time);
    return segment_ = k;
}

std::size_t CurveCursor::search(std::size_t from, double time) const {
    const auto& keys = curve_->keys;
    if (!(double(keys.time(from)) <= time)) return segmentIndex(keys, time);  // behind: from the start
    // Forward in doubling steps from a key not later than `time`, then by halves between the last two probes: the
    // first probes lie next to where the cursor was, which a walk at increasing times keeps in cache.
    std::size_t earlier = from, later = from + 1, step = 1;  // keys.time(earlier) <= time
    while (later < keys.size() && double(keys.time(later)) <= time) earlier = later, step *= 2, later = earlier + step;
    later = std::min(later, keys.size());  // the first key later than `time` is in (earlier, later]
    while (later - earlier > 1) {
        const std::size_t middle = earlier + (later - earlier) / 2;
        (double(keys.time(middle)) <= time ? earlier : later) = middle;
    }
    return std::min(earlier, keys.size() - 2);
}

std::optional<CurveCursor::StraightSegment> CurveCursor::straightSegment(double time) {
    // Compact keys and a time strictly inside them (nearly every call): no wrapping, no clamping, a straight
    // segment, read from the (time, value) pairs directly.
    const std::span<const std::uint8_t> bytes = curve_->keys.timeValueBytes();
    const std::size_t count = bytes.size() / 8;
    auto timeValueAt = [&bytes](std::size_t i) {
        std::array<float, 2> tv;
        std::memcpy(tv.data(), bytes.data() + i * 8, 8);
        return tv;
    };
    if (count < 2 || !(time > double(timeValueAt(0)[0]) && time < double(timeValueAt(count - 1)[0])))
        return std::nullopt;
    std::size_t k = std::min(segment_, count - 2);
    // The last key is later than `time`, so these steps stop at the last segment.
    for (int step = 0; step < 4 && double(timeValueAt(k + 1)[0]) <= time; ++step) ++k;
    if (!(double(timeValueAt(k)[0]) <= time && time < double(timeValueAt(k + 1)[0]))) k = search(k, time);
    segment_ = k;
    const auto left = timeValueAt(k), right = timeValueAt(k + 1);
    if (!(left[0] < right[0])) return std::nullopt;  // invalid keys: the general path
    return StraightSegment{left[0], left[1], right[0], right[1]};
}

ValueSlope CurveCursor::evaluate(double time) {
    if (const auto s = straightSegment(time)) return evaluateStraightSegment(s->t0, s->v0, s->t1, s->v1, time);
    return evaluateCurve(*curve_, time, [this](double wrapped) { return segment(wrapped); });
}

double CurveCursor::value(double time) {
    if (const auto s = straightSegment(time)) return straightSegmentValue(s->t0, s->v0, s->t1, s->v1, time);
    return evaluateCurve(*curve_, time, [this](double wrapped) { return segment(wrapped); }).value;
}

}  // namespace inputanim
