#include "inputanim/tracks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "quaternion.hpp"

namespace inputanim {

const char* interpolationName(Interpolation interpolation) {
    switch (interpolation) {
        case Interpolation::Step: return "STEP";
        case Interpolation::Linear: return "LINEAR";
        case Interpolation::CubicSpline: return "CUBICSPLINE";
    }
    return "?";
}

namespace {

constexpr int kMaxComponents = 4;
constexpr int kMaxSplitDepth = 24;
constexpr int kErrorSamples = 9;  // interior points per span where the fit is measured
using Values = std::array<double, kMaxComponents>;

float nextUp(float t) { return std::nextafter(t, std::numeric_limits<float>::infinity()); }
float nextDown(float t) { return std::nextafter(t, -std::numeric_limits<float>::infinity()); }

// +1 where wrapped time runs forward at `time`, -1 in the mirrored half of a PingPong period.
int wrapDirection(const Curve& curve, double time) {
    const double first = curve.keys.front().time, last = curve.keys.back().time, length = last - first;
    const std::int32_t mode = time < first ? curve.preWrapMode : time > last ? curve.postWrapMode : kWrapClampForever;
    if (mode != kWrapPingPong || !(length > 0)) return 1;
    double phase = std::fmod(time - first, 2 * length);
    if (phase < 0) phase += 2 * length;
    return phase > length ? -1 : 1;
}

// One component over one interval between adjacent knots: a single Unity segment (maybe wrapped or
// mirrored) or a constant. Intervals never contain a key time, so this is smooth inside.
struct Piece {
    bool constant = true;
    double hold = 0;
    Key left, right;
    SegmentShape shape = SegmentShape::Linear;
    double anchorReal = 0, anchorMapped = 0;
    int direction = 1;

    ValueSlope at(double t) const {
        if (constant) return {hold, 0};
        if (shape == SegmentShape::Stepped) return {double(left.value), 0};
        const double mapped = std::clamp(anchorMapped + direction * (t - anchorReal), double(left.time), double(right.time));
        ValueSlope v = evaluateSegment(left, right, mapped);
        // evaluateSegment gives the right key's value at its time; inside the piece the limit is what counts.
        if (mapped >= right.time) v.value = evaluateSegment(left, right, std::nextafter(double(right.time), -1e300)).value;
        v.slope *= direction;
        return v;
    }
};

Piece constantPiece(double value) {
    Piece piece;
    piece.hold = value;
    return piece;
}

Piece makePiece(const Curve& curve, CurveCursor& cursor, double ta, double tb) {
    const auto& keys = curve.keys;
    if (keys.empty()) return {};
    if (keys.size() == 1) return constantPiece(keys[0].value);
    const double middle = 0.5 * (ta + tb);
    const double wrapped = wrapTime(curve, middle);
    if (!(wrapped > keys.front().time)) return constantPiece(keys.front().value);
    if (wrapped >= keys.back().time) return constantPiece(keys.back().value);
    const std::size_t k = cursor.segment(wrapped);
    Piece piece;
    piece.constant = false;
    piece.left = keys[k];
    piece.right = keys[k + 1];
    piece.shape = segmentShape(piece.left, piece.right);
    piece.anchorReal = middle;
    piece.anchorMapped = wrapped;
    piece.direction = wrapDirection(curve, middle);
    return piece;
}

// Key times of one curve as played over [0, duration]: clamped keys as they are, wrapped keys repeated
// (Loop) or mirrored (PingPong) period after period.
Status collectEvents(const Curve& curve, double duration, std::size_t maxKnots, std::vector<float>& events) {
    const auto& keys = curve.keys;
    if (keys.empty()) return Success{};
    const double first = keys.front().time, last = keys.back().time, length = last - first;
    bool beforeZero = false;
    for (const Key& key : keys) {
        if (key.time < 0) beforeZero = true;
        else if (key.time <= duration) events.push_back(key.time);
    }
    auto wraps = [&](std::int32_t mode) { return length > 0 && (mode == kWrapLoop || mode == kWrapPingPong); };
    auto unroll = [&](std::int32_t mode, double from, double to, int step) -> Status {
        const double periods = std::ceil((to - from) / length);
        if (periods * double(keys.size()) > double(maxKnots))
            return Error{{}, {}, "unrolling its wrap mode over the recording would need about " +
                                     std::to_string(periods * double(keys.size())) + " knots"};
        for (long p = step; std::abs(double(p)) <= periods; p += step) {
            const bool mirrored = mode == kWrapPingPong && (p % 2 != 0);
            for (const Key& key : keys) {
                const double offset = mirrored ? last - key.time : key.time - first;
                const double t = first + double(p) * length + offset;
                if (t >= 0 && t <= duration) events.push_back(float(t));
            }
        }
        return Success{};
    };
    if (wraps(curve.postWrapMode) && last < duration)
        if (auto s = unroll(curve.postWrapMode, last, duration, 1); !s) return s;
    if (wraps(curve.preWrapMode) && first > 0) {
        if (auto s = unroll(curve.preWrapMode, 0, first, -1); !s) return s;
        beforeZero = true;
    }
    if (wraps(curve.postWrapMode) && last < duration) events.push_back(float(duration));
    if (beforeZero) events.push_back(0.0f);
    return Success{};
}

// Largest rotation error (degrees) between slerp and nlerp of two unit quaternions `alpha` radians apart
// (in quaternion space): nlerp's angle from the first is atan2(s sin a, 1 - s + s cos a), slerp's is s a.
double nlerpSlerpGap(double alpha) {
    double worst = 0;
    for (int i = 1; i < 64; ++i) {
        const double s = i / 64.0;
        worst = std::max(worst, std::abs(std::atan2(s * std::sin(alpha), 1 - s + s * std::cos(alpha)) - s * alpha));
    }
    return 2 * worst * kRadiansToDegrees;
}

// Largest rotation difference (degrees) between slerp and MRTK's nlerp of two quaternions `alpha` radians
// apart, each up to 0.001 off unit length.
double slerpDeviationBound(double alpha) { return nlerpSlerpGap(alpha) + alpha * 0.001 * kRadiansToDegrees; }

// The quaternion-space angle below which slerp and nlerp agree within half of `tolerance` degrees.
double safeSlerpAngle(double tolerance) {
    double lo = 0, hi = 1;
    auto ok = [&](double alpha) { return slerpDeviationBound(alpha) <= 0.5 * tolerance; };
    for (int i = 0; i < 40; ++i) {
        const double mid = 0.5 * (lo + hi);
        (ok(mid) ? lo : hi) = mid;
    }
    return lo;
}

// cos(safeSlerpAngle(tolerance)), remembered for the last tolerance: every rotation track of a file uses
// the same one, and the bisection costs thousands of atan2 calls.
double safeSlerpCos(double tolerance) {
    thread_local double lastTolerance = -1, lastCos = 2;
    if (tolerance != lastTolerance) lastCos = std::cos(safeSlerpAngle(tolerance)), lastTolerance = tolerance;
    return lastCos;
}

class TrackBuilder {
public:
    TrackBuilder(std::span<const Curve* const> curves, TrackKind kind, const TrackOptions& options)
        : curves_(curves), kind_(kind), options_(options), n_(int(curves.size())) {
        for (const Curve* curve : curves) {
            referenceCursors_.emplace_back(*curve);
            pieceCursors_.emplace_back(*curve);
        }
        if (kind == TrackKind::Rotation) safeSlerpCos_ = safeSlerpCos(options.rotationTolerance);
    }

    Result<Track> build() {
        if (n_ < 1 || n_ > kMaxComponents) return Error{{}, {}, "a track has 1 to 4 components"};
        double duration = options_.duration;
        for (int c = 0; c < n_; ++c) {
            if (auto problem = invalidKey(*curves_[c])) return Error{{}, {}, "component " + std::to_string(c) + ": " + *problem};
            if (!curves_[c]->keys.empty()) duration = std::max(duration, double(curves_[c]->keys.back().time));
        }
        if (options_.copyLinearKeys)
            if (auto track = copyLinearKeys()) return std::move(*track);
        std::vector<float> knots;
        for (int c = 0; c < n_; ++c)
            if (auto s = collectEvents(*curves_[c], duration, options_.maxKnots, knots); !s)
                return Error{{}, {}, "component " + std::to_string(c) + ": " + s.error().message};
        std::sort(knots.begin(), knots.end());
        knots.erase(std::unique(knots.begin(), knots.end()), knots.end());

        track_.components = n_;
        track_.valuesChanged.assign(n_, false);
        track_.interpolation = chooseInterpolation(knots);
        if (!knots.empty()) emitKnot(knots[0], referenceAt(knots[0]), Values{}, true);
        for (std::size_t i = 0; i + 1 < knots.size(); ++i) {
            if (auto s = emitInterval(knots[i], knots[i + 1]); !s) return s.error();
        }
        mapKeysToKnots();
        return std::move(track_);
    }

private:
    // The common case, MRTK's linear keys at the same times in every component (clamped, from t >= 0, and
    // for rotations close enough that slerp matches nlerp), is a LINEAR track holding the keys as they are:
    // the same knots and values that the general path below emits for it, in one pass. Nullopt otherwise.
    std::optional<Track> copyLinearKeys() const {
        bool aligned = true;
        for (int c = 0; c < n_; ++c) {
            const Curve& curve = *curves_[c];
            const std::size_t n = curve.keys.size();
            const bool wraps = n > 1 && (curve.preWrapMode == kWrapLoop || curve.preWrapMode == kWrapPingPong ||
                                         curve.postWrapMode == kWrapLoop || curve.postWrapMode == kWrapPingPong);
            if (n == 0 || !(curve.keys.time(0) >= 0) || wraps) return std::nullopt;
            // Compact keys (zero weights) at increasing times, which build() checked, are Linear segments.
            if (!curve.keys.compact())
                for (std::size_t k = 1; k < n; ++k)
                    if (segmentShape(curve.keys[k - 1], curve.keys[k]) != SegmentShape::Linear) return std::nullopt;
            aligned = aligned && n == curves_[0]->keys.size();
            for (std::size_t k = 0; aligned && k < n; ++k) aligned = curve.keys.time(k) == curves_[0]->keys.time(k);
        }
        if (!aligned) return mergeLinearKeys();
        const auto& keys0 = curves_[0]->keys;
        const std::size_t count = keys0.size();
        Track track;
        track.interpolation = Interpolation::Linear;
        track.components = n_;
        track.times.resize(count);
        track.values.resize(count * n_);
        track.keyKnots.assign(n_, std::vector<std::uint32_t>(count));
        for (auto& knots : track.keyKnots)
            for (std::size_t k = 0; k < count; ++k) knots[k] = std::uint32_t(k);
        track.copiesKeys = true;
        if (kind_ == TrackKind::Rotation && allZero()) {
            // MRTK records the None joint's rotation as (0, 0, 0, 0): the general path plays it as the identity
            // at every knot and keeps the recorded zeros in extras (valuesChanged).
            for (std::size_t k = 0; k < count; ++k) {
                track.times[k] = keys0.time(k);
                track.values[k * n_ + 3] = 1;
            }
            track.valuesChanged.assign(n_, true);
            return track;
        }
        for (std::size_t k = 0; k < count; ++k) {
            track.times[k] = keys0.time(k);
            for (int c = 0; c < n_; ++c) track.values[k * n_ + c] = curves_[c]->keys.value(k);
        }
        if (kind_ == TrackKind::Rotation && !slerpMatchesNlerpAlong(track, 0)) return std::nullopt;
        track.valuesChanged.assign(n_, false);
        return track;
    }

    // Linear keys at different times per component: knots at every component's key times, each component
    // evaluated there (as the general path does), so each stays exactly piecewise linear. Rotations must
    // keep slerp close to nlerp between every pair of knots, with a margin so that the general path's
    // slightly different interval ends could not decide otherwise; else nullopt.
    std::optional<Track> mergeLinearKeys() const {
        Track track;
        track.interpolation = Interpolation::Linear;
        track.components = n_;
        for (int c = 0; c < n_; ++c) {
            const auto& keys = curves_[c]->keys;
            const std::size_t before = track.times.size();
            for (std::size_t k = 0; k < keys.size(); ++k) track.times.push_back(keys.time(k));
            std::inplace_merge(track.times.begin(), track.times.begin() + std::ptrdiff_t(before), track.times.end());
        }
        track.times.erase(std::unique(track.times.begin(), track.times.end()), track.times.end());
        const std::size_t count = track.times.size();
        track.values.resize(count * n_);
        for (int c = 0; c < n_; ++c) {
            CurveCursor cursor(*curves_[c]);
            for (std::size_t k = 0; k < count; ++k) track.values[k * n_ + c] = float(cursor.evaluate(track.times[k]).value);
        }
        if (kind_ == TrackKind::Rotation && !slerpMatchesNlerpAlong(track, 1e-9)) return std::nullopt;
        track.keyKnots.assign(n_, {});
        for (int c = 0; c < n_; ++c) {
            const auto& keys = curves_[c]->keys;
            std::size_t knot = 0;
            for (std::size_t k = 0; k < keys.size(); ++k) {
                while (track.times[knot] < keys.time(k)) ++knot;
                track.keyKnots[c].push_back(std::uint32_t(knot));
            }
        }
        track.valuesChanged.assign(n_, false);
        track.copiesKeys = true;
        return track;
    }

    // Rotation knots copied from keys: each within 0.001 of unit length (so keepUnit leaves it alone) and
    // slerp provably within tolerance of nlerp between neighbours, `margin` inside both limits. Sets the
    // track's maxError to that bound; false sends the track to the general path.
    bool slerpMatchesNlerpAlong(Track& track, double margin) const {
        double smallestDot = 1;
        for (std::size_t k = 0; k < track.times.size(); ++k) {
            Values b{};
            for (int c = 0; c < n_; ++c) b[c] = track.values[k * n_ + c];
            const double norm = std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3]);
            if (std::abs(norm - 1) > 0.001 - margin) return false;
            if (k == 0) continue;
            Values a{};
            for (int c = 0; c < n_; ++c) a[c] = track.values[(k - 1) * n_ + c];
            const double dot = unitDot(a, b);
            if (dot < safeSlerpCos_ + margin) return false;
            smallestDot = std::min(smallestDot, dot);
        }
        if (track.times.size() > 1) track.maxError = slerpDeviationBound(std::acos(std::min(1.0, smallestDot)));
        return true;
    }

    bool allZero() const {
        for (int c = 0; c < n_; ++c)
            for (std::size_t k = 0; k < curves_[c]->keys.size(); ++k)
                if (curves_[c]->keys.value(k) != 0) return false;
        return true;
    }

    Values referenceAt(double t) {
        Values v{};
        for (int c = 0; c < n_; ++c) v[c] = referenceCursors_[c].evaluate(t).value;
        return v;
    }

    std::array<Piece, kMaxComponents> piecesOf(double ta, double tb) {
        std::array<Piece, kMaxComponents> pieces{};
        for (int c = 0; c < n_; ++c) pieces[c] = makePiece(*curves_[c], pieceCursors_[c], ta, tb);
        return pieces;
    }

    Interpolation chooseInterpolation(const std::vector<float>& knots) {
        bool smooth = false, stepped = false, stepExact = true;
        for (std::size_t i = 0; i + 1 < knots.size(); ++i) {
            const auto pieces = piecesOf(knots[i], knots[i + 1]);
            const Values start = referenceAt(knots[i]);
            for (int c = 0; c < n_; ++c) {
                const Piece& p = pieces[c];
                if (p.constant || p.shape == SegmentShape::Stepped) {
                    stepped |= !p.constant;
                    if (p.at(knots[i]).value != start[c]) stepExact = false;  // STEP holds the knot's value
                } else {
                    stepExact = false;
                    smooth |= p.shape == SegmentShape::Hermite || p.shape == SegmentShape::Weighted;
                }
            }
        }
        if (stepped && stepExact) return Interpolation::Step;
        if (smooth && !options_.linearOnly) return Interpolation::CubicSpline;
        return Interpolation::Linear;
    }

    // `atEvent`: the knot is at a key time (or a wrap seam) rather than added inside an interval.
    void emitKnot(float t, Values values, const Values& inSlopes, bool atEvent = false) {
        lastRaw_ = values;
        if (kind_ == TrackKind::Rotation) keepUnit(values, atEvent);
        track_.times.push_back(t);
        for (int c = 0; c < n_; ++c) track_.values.push_back(float(values[c]));
        if (track_.interpolation == Interpolation::CubicSpline)
            for (int c = 0; c < n_; ++c) {
                track_.inTangents.push_back(float(inSlopes[c]));
                track_.outTangents.push_back(0.0f);  // set when the next span starts
            }
        lastEmitted_ = values;
    }

    // glTF rotations must be unit quaternions: recorded ones are close; zero or far-off ones are replaced.
    // Only a change at a key's knot loses information; added knots are free to be normalised.
    void keepUnit(Values& q, bool atEvent) {
        const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (std::abs(n - 1) <= 0.005) return;
        if (!normalize(q)) q = track_.times.empty() ? Values{0, 0, 0, 1} : lastEmitted_;
        if (atEvent) track_.valuesChanged.assign(n_, true);
    }

    void setOutSlopes(const Values& slopes) {
        if (track_.interpolation != Interpolation::CubicSpline) return;
        const std::size_t base = track_.outTangents.size() - n_;
        for (int c = 0; c < n_; ++c) track_.outTangents[base + c] = float(slopes[c]);
    }

    static Values valuesOf(const std::array<Piece, kMaxComponents>& pieces, int n, double t, Values* slopes = nullptr) {
        Values v{};
        for (int c = 0; c < n; ++c) {
            const ValueSlope vs = pieces[c].at(t);
            v[c] = vs.value;
            if (slopes) (*slopes)[c] = vs.slope;
        }
        return v;
    }

    bool differs(const Values& a, const Values& b) const {
        for (int c = 0; c < n_; ++c)
            if (std::abs(a[c] - b[c]) > 1e-7 * std::max(1.0, std::abs(b[c]))) return true;
        return false;
    }

    Status emitInterval(float ta, float tb) {
        const auto pieces = piecesOf(ta, tb);
        bool exact = true;      // the chosen interpolation reproduces every piece without measuring
        bool allLinear = true;  // every piece is a straight line (or constant): nlerp between the ends
        for (int c = 0; c < n_; ++c) {
            const Piece& p = pieces[c];
            if (p.constant || p.shape == SegmentShape::Stepped) continue;
            if (p.shape == SegmentShape::Weighted) exact = false;
            if (p.shape == SegmentShape::Hermite && track_.interpolation != Interpolation::CubicSpline) exact = false;
            allLinear &= p.shape == SegmentShape::Linear;
        }
        if (kind_ == TrackKind::Rotation && track_.interpolation == Interpolation::Linear)
            exact = exact && allLinear && slerpMatchesNlerp(valuesOf(pieces, n_, ta), valuesOf(pieces, n_, tb));
        if (track_.interpolation == Interpolation::Step) {
            emitKnot(tb, referenceAt(tb), Values{}, true);
            return Success{};
        }
        // Jumps at either end (steps, Loop seams) get a knot one Float32 step inside the interval.
        float start = ta;
        Values slopes{};
        const Values startValues = valuesOf(pieces, n_, ta, &slopes);
        if (differs(startValues, lastRaw_) && nextUp(ta) < tb) {
            start = nextUp(ta);
            emitKnot(start, valuesOf(pieces, n_, start), Values{});
        }
        valuesOf(pieces, n_, start, &slopes);
        setOutSlopes(slopes);
        const Values endReference = referenceAt(tb);
        const Values endLimit = valuesOf(pieces, n_, tb);
        const bool jumpAtEnd = differs(endLimit, endReference) && nextDown(tb) > start;
        const float end = jumpAtEnd ? nextDown(tb) : tb;
        if (auto s = fitSpan(pieces, start, end, exact, 0, jumpAtEnd ? nullptr : &endReference); !s) return s;
        if (jumpAtEnd) {
            setOutSlopes(Values{});
            emitKnot(tb, endReference, Values{}, true);
        }
        return Success{};
    }

    // Emits the knots of (start, end], splitting until the interpolation is within tolerance.
    Status fitSpan(const std::array<Piece, kMaxComponents>& pieces, float start, float end, bool exact, int depth,
                   const Values* endValues) {
        if (!exact) {
            const double error = spanError(pieces, start, end);
            const float middle = float(0.5 * (double(start) + double(end)));
            if (error > tolerance() && depth < kMaxSplitDepth && middle > start && middle < end) {
                if (track_.times.size() > options_.maxKnots)
                    return Error{{}, {}, "fitting needs more than " + std::to_string(options_.maxKnots) + " knots"};
                if (auto s = fitSpan(pieces, start, middle, false, depth + 1, nullptr); !s) return s;
                Values slopes{};
                valuesOf(pieces, n_, middle, &slopes);
                setOutSlopes(slopes);
                return fitSpan(pieces, middle, end, false, depth + 1, endValues);
            }
            track_.maxError = std::max(track_.maxError, error);
        }
        Values slopes{};
        const Values limit = valuesOf(pieces, n_, end, &slopes);
        emitKnot(end, endValues ? *endValues : limit, slopes, endValues != nullptr);
        return Success{};
    }

    // Fits aim 10% inside the tolerance: errors are measured at samples, and Float32 rounding comes on top.
    // True when slerp between the ends provably stays within tolerance of MRTK's nlerp (close, unit-ish ends).
    bool slerpMatchesNlerp(const Values& a, const Values& b) const { return unitDot(a, b) >= safeSlerpCos_; }

    // The cosine of the angle between two quaternions within 0.001 of unit length; -2 for others. Signed:
    // ends in opposite hemispheres make nlerp pass near zero, far from slerp.
    static double unitDot(const Values& a, const Values& b) {
        const double na = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]);
        const double nb = std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3]);
        if (std::abs(na - 1) > 0.001 || std::abs(nb - 1) > 0.001) return -2;
        return (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) / (na * nb);
    }

    double tolerance() const {
        return 0.9 * (kind_ == TrackKind::Rotation ? options_.rotationTolerance : options_.positionTolerance);
    }

    // Largest deviation between the interpolation of the span's ends and the pieces, at interior samples.
    double spanError(const std::array<Piece, kMaxComponents>& pieces, double start, double end) const {
        Values slopeA{}, slopeB{};
        const Values a = valuesOf(pieces, n_, start, &slopeA);
        const Values b = valuesOf(pieces, n_, end, &slopeB);
        const double d = end - start;
        double worst = 0;
        for (int i = 1; i <= kErrorSamples; ++i) {
            const double s = double(i) / (kErrorSamples + 1);
            Values reference = valuesOf(pieces, n_, start + s * d);
            Values fitted{};
            if (track_.interpolation == Interpolation::CubicSpline) {
                const double s2 = s * s, s3 = s2 * s;
                for (int c = 0; c < n_; ++c)
                    fitted[c] = (2 * s3 - 3 * s2 + 1) * a[c] + d * (s3 - 2 * s2 + s) * slopeA[c] +
                                (-2 * s3 + 3 * s2) * b[c] + d * (s3 - s2) * slopeB[c];
            } else if (kind_ == TrackKind::Rotation) {
                fitted = slerp(a, b, s);
            } else {
                for (int c = 0; c < n_; ++c) fitted[c] = a[c] + (b[c] - a[c]) * s;
            }
            if (kind_ == TrackKind::Rotation) {
                if (!normalize(reference) || !normalize(fitted)) continue;
                worst = std::max(worst, rotationAngle(reference, fitted));
            } else {
                double d2 = 0;
                for (int c = 0; c < n_; ++c) d2 += (reference[c] - fitted[c]) * (reference[c] - fitted[c]);
                worst = std::max(worst, std::sqrt(d2));
            }
        }
        return worst;
    }

    void mapKeysToKnots() {
        track_.keyKnots.assign(n_, {});
        const auto& times = track_.times;
        for (int c = 0; c < n_; ++c) {
            std::size_t knot = 0;  // keys and knots both increase: one merge walk
            for (const Key& key : curves_[c]->keys) {
                while (knot < times.size() && times[knot] < key.time) ++knot;
                if (knot < times.size() && times[knot] == key.time) track_.keyKnots[c].push_back(std::uint32_t(knot));
            }
        }
    }

    std::span<const Curve* const> curves_;
    std::vector<CurveCursor> referenceCursors_, pieceCursors_;
    double safeSlerpCos_ = 2;  // cos of the angle below which LINEAR rotations need no check (2: never)
    TrackKind kind_;
    const TrackOptions& options_;
    int n_;
    Track track_;
    Values lastRaw_{};      // the last knot's values as evaluated
    Values lastEmitted_{};  // and as written (rotations kept unit)
};

}  // namespace

Result<Track> buildTrack(std::span<const Curve* const> components, TrackKind kind, const TrackOptions& options) {
    return TrackBuilder(components, kind, options).build();
}

namespace {
// Plays knot interval k of a track (times[k] <= time <= times[k + 1]) as glTF does.
void sampleInterval(const Track& track, TrackKind kind, std::size_t k, double time, double* out) {
    const int n = track.components;
    auto valueAt = [&](std::size_t i, int c) { return double(track.values[i * n + c]); };
    const double d = double(track.times[k + 1]) - track.times[k], s = (time - track.times[k]) / d;
    Values result{};
    if (track.interpolation == Interpolation::Step) {
        for (int c = 0; c < n; ++c) result[c] = valueAt(k, c);
    } else if (track.interpolation == Interpolation::CubicSpline) {
        const double s2 = s * s, s3 = s2 * s;
        for (int c = 0; c < n; ++c)
            result[c] = (2 * s3 - 3 * s2 + 1) * valueAt(k, c) + d * (s3 - 2 * s2 + s) * track.outTangents[k * n + c] +
                        (-2 * s3 + 3 * s2) * valueAt(k + 1, c) + d * (s3 - s2) * track.inTangents[(k + 1) * n + c];
        if (kind == TrackKind::Rotation) normalize(result);
    } else if (kind == TrackKind::Rotation) {
        result = slerp({valueAt(k, 0), valueAt(k, 1), valueAt(k, 2), valueAt(k, 3)},
                       {valueAt(k + 1, 0), valueAt(k + 1, 1), valueAt(k + 1, 2), valueAt(k + 1, 3)}, s);
    } else {
        for (int c = 0; c < n; ++c) result[c] = valueAt(k, c) + (valueAt(k + 1, c) - valueAt(k, c)) * s;
    }
    for (int c = 0; c < n; ++c) out[c] = result[c];
}
}  // namespace

void sampleTrack(const Track& track, TrackKind kind, double time, double* out, std::size_t* hint) {
    const auto& times = track.times;
    if (times.empty()) return;
    // k: the first knot later than `time` (upper_bound), found near the hint when times increase.
    std::size_t k = hint ? std::min(*hint, times.size()) : 0;
    const bool hintHolds = hint && (k == 0 || double(times[k - 1]) <= time);
    if (hintHolds) {
        for (int step = 0; step < 4 && k < times.size() && !(time < double(times[k])); ++step) ++k;
    }
    if (!hintHolds || (k < times.size() && !(time < double(times[k]))))
        k = std::size_t(std::upper_bound(times.begin(), times.end(), time) - times.begin());
    if (hint) *hint = k;
    if (k > 0 && double(times[k - 1]) == time && k < times.size()) {  // exactly on a knot: its value
        Values v{};
        for (int c = 0; c < track.components; ++c) v[c] = track.values[(k - 1) * track.components + c];
        if (kind == TrackKind::Rotation) normalize(v);
        for (int c = 0; c < track.components; ++c) out[c] = v[c];
        return;
    }
    if (k == 0 || k == times.size()) {  // clamped outside the knots
        const std::size_t at = k == 0 ? 0 : k - 1;
        for (int c = 0; c < track.components; ++c) out[c] = track.values[at * track.components + c];
        return;
    }
    sampleInterval(track, kind, k - 1, time, out);
}

double measureTrackError(const Track& track, std::span<const Curve* const> components, TrackKind kind) {
    const int n = track.components;
    std::vector<CurveCursor> cursors;
    for (const Curve* curve : components) cursors.emplace_back(*curve);
    double worst = 0;
    auto measure = [&](std::size_t k, double t) {
        Values played{}, reference{};
        if (k + 1 < track.times.size()) sampleInterval(track, kind, k, t, played.data());
        else for (int c = 0; c < n; ++c) played[c] = track.values[k * n + c];
        for (int c = 0; c < n; ++c) reference[c] = cursors[c].evaluate(t).value;
        if (kind == TrackKind::Rotation) {
            if (normalize(reference) && normalize(played)) worst = std::max(worst, rotationAngle(reference, played));
            return;
        }
        double d2 = 0;
        for (int c = 0; c < n; ++c) d2 += (played[c] - reference[c]) * (played[c] - reference[c]);
        worst = std::max(worst, std::sqrt(d2));
    };
    const auto& times = track.times;
    for (std::size_t k = 0; k < times.size(); ++k) {
        measure(k, times[k]);
        // No Float32 time lies inside a one-step interval (a jump), so nothing there is ever played.
        if (k + 1 == times.size() || nextUp(times[k]) == times[k + 1]) continue;
        const double d = double(times[k + 1]) - times[k];
        for (double s : {0.25, 0.5, 0.75}) measure(k, times[k] + s * d);
    }
    return worst;
}

}  // namespace inputanim
