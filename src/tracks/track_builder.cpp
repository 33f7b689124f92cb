// The general path of the curve engine: knots at every event, pieces fitted span by span within tolerance.
#include "inputanim/tracks/track_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "curve_pieces.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/tracks/portable_knots.hpp"
#include "linear_key_copy.hpp"
#include "slerp_bound.hpp"

namespace inputanim {

namespace {

constexpr int kMaxComponents = 4;
constexpr int kMaxSplitDepth = 24;
using Values = std::array<double, kMaxComponents>;

double squaredDistance(const Values& a, const Values& b) {
    return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]) +
           (a[3] - b[3]) * (a[3] - b[3]);
}

float nextUp(float t) { return std::nextafter(t, std::numeric_limits<float>::infinity()); }
float nextDown(float t) { return std::nextafter(t, -std::numeric_limits<float>::infinity()); }

class TrackBuilder {
public:
    TrackBuilder(std::span<const Curve* const> curves, TrackKind kind, const TrackOptions& options)
        : curves_(curves), kind_(kind), options_(options), n_(int(curves.size())) {
        for (const Curve* curve : curves) {
            referenceCursors_.emplace_back(*curve);
            pieceCursors_.emplace_back(*curve);
        }
        if (kind == TrackKind::Rotation)
            slerpLimits_ = {safeSlerpCos(options.tolerances.rotation), safeLengthOff(options.tolerances.rotation)};
    }

    Result<Track> build() {
        if (n_ < 1 || n_ > kMaxComponents) return Error::malformed("a track has 1 to 4 components");
        double duration = options_.duration;
        for (int c = 0; c < n_; ++c) {
            if (!options_.curvesChecked)
                if (auto problem = invalidKey(*curves_[c]))
                    return Error::malformed("component " + std::to_string(c) + ": " + *problem);
            if (!curves_[c]->keys.empty()) duration = std::max(duration, double(curves_[c]->keys.back().time));
        }
        const bool linearKeys = options_.copyLinearKeys && !options_.mrtkPlayback && holdsLinearKeys(curves_);
        RefusedRotation refused;  // a rotation's knots and values there, when copyLinearKeys refuses it
        if (linearKeys)
            if (auto track = copyLinearKeys(curves_, kind_, slerpLimits_, &refused, options_.holdFromZero))
                return finished(std::move(*track));
        std::vector<float> knots = std::move(refused.times);
        for (int c = 0; c < n_ && refused.values.empty(); ++c) {
            const std::size_t before = knots.size();
            if (auto s = collectEvents(*curves_[c], duration, options_.maxEvents, knots); !s)
                return Error::refused("component " + std::to_string(c) + ": " + s.error().message, s.error().reason);
            // Each component's events are nearly always in order already: merged rather than sorted again.
            const auto mid = knots.begin() + std::ptrdiff_t(before);
            if (!std::is_sorted(mid, knots.end())) std::sort(mid, knots.end());
            std::inplace_merge(knots.begin(), mid, knots.end());
        }
        knots.erase(std::unique(knots.begin(), knots.end()), knots.end());

        track_.components = n_;
        track_.valuesChanged.assign(n_, false);
        // Knots at every event, and more where fitting splits: reserved for the events (no copy as they grow).
        track_.times.reserve(knots.size());
        track_.values.reserve(knots.size() * n_);
        track_.interpolation = chooseInterpolation(knots);
        if (!knots.empty()) emitKnot(knots[0], referenceAt(knots[0]), Values{}, true);
        const bool copyRotationIntervals = linearKeys && kind_ == TrackKind::Rotation;
        for (std::size_t i = 0; i + 1 < knots.size(); ++i) {
            if (copyRotationIntervals &&
                copyLinearRotationInterval(knots[i + 1],
                                           refused.values.empty() ? referenceAt(knots[i + 1]) : refused.values[i + 1]))
                continue;
            if (auto s = emitInterval(knots[i], knots[i + 1]); !s) return s.error();
        }
        if (copiedIntervals_) {  // the bound copyLinearKeys gives, over the copied intervals
            const double alpha = std::acos(std::min(1.0, smallestCopiedCos_));
            const double slerpBound = slerpDeviationBound(alpha) + unnormalisedSlerpPart(alpha, worstCopiedLengthOff_);
            track_.maxError = std::max(track_.maxError, slerpBound + chordDegrees(std::sqrt(worstCopiedRounding2_)));
        }
        if (track_.interpolation == Interpolation::Step) portableSteps(track_);
        mapKeysToKnots();
        return finished(std::move(track_));
    }

private:
    Track finished(Track track) const {
        if (options_.holdFromZero) holdFromZero(track);  // nothing to do where the track starts at 0 already
        if (kind_ == TrackKind::Rotation && !options_.mrtkPlayback && track.interpolation != Interpolation::CubicSpline)
            unitRotationKnots(track);
        return track;
    }

    Values referenceAt(double t) {
        Values v{};
        for (int c = 0; c < n_; ++c) v[c] = referenceCursors_[c].value(t);
        return v;
    }

    std::array<Piece, kMaxComponents> piecesOf(double ta, double tb) {
        std::array<Piece, kMaxComponents> pieces{};
        for (int c = 0; c < n_; ++c) pieces[c] = makePiece(*curves_[c], pieceCursors_[c], ta, tb);
        return pieces;
    }

    Interpolation chooseInterpolation(const std::vector<float>& knots) {
        if (options_.mrtkPlayback) return Interpolation::Linear;
        // Compact keys (MRTK's linear encoding) make Linear segments wherever a segment has length, and an
        // interval between knots lies inside one that has: neither smooth nor stepped pieces, so LINEAR.
        if (std::all_of(curves_.begin(), curves_.end(), [](const Curve* curve) { return curve->keys.compact(); }))
            return Interpolation::Linear;
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
        if (kind_ == TrackKind::Rotation) {
            lastRawNorm_ = norm(values);
            keepUnit(values, lastRawNorm_, atEvent);
        }
        track_.times.push_back(t);
        for (int c = 0; c < n_; ++c) track_.values.push_back(float(values[c]));
        if (cubic())
            for (int c = 0; c < n_; ++c) {
                track_.inTangents.push_back(float(inSlopes[c]));
                track_.outTangents.push_back(0.0f);  // set when the next span starts
            }
        lastEmitted_ = values;
    }

    // STEP and LINEAR rotation knots must be unit quaternions (players use them as they are): recorded ones are
    // close, zero or far-off ones are replaced. CUBICSPLINE knots stay as they are, because their tangents belong
    // to them and players normalise after interpolating; only a zero one is replaced. Only a change at a key's
    // knot loses information (extras keep it); added knots are free to be normalised.
    void keepUnit(Values& q, double length, bool atEvent) {
        if (options_.mrtkPlayback) return;
        if (cubic() ? length > 1e-12 : std::abs(length - 1) <= 0.005) return;
        if (!normalize(q)) q = track_.times.empty() ? Values{0, 0, 0, 1} : lastEmitted_;
        if (atEvent) track_.valuesChanged.assign(n_, true);
    }

    bool cubic() const { return track_.interpolation == Interpolation::CubicSpline; }

    void setOutSlopes(const Values& slopes) {
        if (!cubic()) return;
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

    // An interval of MRTK's linear keys whose ends are within slerpLimits_'s length error of unit length and close:
    // slerp provably stays within half the tolerance of MRTK's nlerp, so fitting would emit its end knot as it
    // is, as copyLinearKeys does for whole tracks. Intervals that fail the test are fitted.
    bool copyLinearRotationInterval(float tb, const Values& end) {
        constexpr double kMargin = 1e-9;  // so that fitting's slightly different view of the ends could not split
        // The ends as evaluated, not as written: a start knot that keepUnit normalised hides a far-off recorded
        // length, which the slerp bound does not cover (copyLinearKeys' knots are never normalised).
        const double off = slerpLimits_.lengthOff - kMargin;
        if (std::abs(lastRawNorm_ - 1) > off || std::abs(norm(end) - 1) > off) return false;
        Values a{}, b{};  // the knots as written (the last one from lastEmitted_: reading it back stalls on its stores)
        for (int c = 0; c < n_; ++c) a[c] = float(lastEmitted_[c]), b[c] = float(end[c]);
        const double cosine = unitDot(a, b);
        if (cosine < slerpLimits_.cos + kMargin) return false;
        smallestCopiedCos_ = std::min(smallestCopiedCos_, cosine);
        worstCopiedLengthOff_ = std::max({worstCopiedLengthOff_, std::abs(norm(a) - 1), std::abs(norm(b) - 1)});
        worstCopiedRounding2_ =
            std::max({worstCopiedRounding2_, squaredDistance(lastRaw_, a), squaredDistance(end, b)});
        ++copiedIntervals_;
        emitKnot(tb, end, Values{}, true);
        return true;
    }

    Status emitInterval(float ta, float tb) {
        const auto pieces = piecesOf(ta, tb);
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
            emitKnot(start, valuesOf(pieces, n_, start, &slopes), Values{});
        }
        setOutSlopes(slopes);
        const Values endReference = referenceAt(tb);
        const Values endLimit = valuesOf(pieces, n_, tb);
        const bool jumpAtEnd = differs(endLimit, endReference) && nextDown(tb) > start;
        const float end = jumpAtEnd ? nextDown(tb) : tb;
        if (auto s = fitSpan(pieces, start, end, 0, jumpAtEnd ? nullptr : &endReference); !s) return s;
        if (jumpAtEnd) {
            setOutSlopes(Values{});
            emitKnot(tb, endReference, Values{}, true);
        }
        return Success{};
    }

    // Emits the knots of (start, end], splitting until the playback is within tolerance of Unity's.
    Status fitSpan(const std::array<Piece, kMaxComponents>& pieces, float start, float end, int depth,
                   const Values* endValues) {
        Values endSlopes{};  // only CUBICSPLINE knots have tangents
        const Values endValue = endValues ? *endValues : valuesOf(pieces, n_, end, cubic() ? &endSlopes : nullptr);
        if (endValues && cubic()) valuesOf(pieces, n_, end, &endSlopes);
        const auto [deviation, atKnots] = spanDeviation(pieces, start, end, endValue, endSlopes);
        const float middle = float(0.5 * (double(start) + double(end)));
        // Splitting reduces the interpolation's part of the deviation, not the knots' own Float32 rounding.
        const bool splitHelps = deviation - atKnots > 0.1 * tolerance();
        if (deviation > tolerance() && splitHelps && depth < kMaxSplitDepth && middle > start && middle < end) {
            if (++addedKnots_ > options_.maxKnots)
                return Error::refused("fitting within the tolerances needs more than the " +
                                          std::to_string(options_.maxKnots) + " knots its keys allow",
                                      Reason::FitBudget);
            if (auto s = fitSpan(pieces, start, middle, depth + 1, nullptr); !s) return s;
            if (cubic()) {
                Values slopes{};
                valuesOf(pieces, n_, middle, &slopes);
                setOutSlopes(slopes);
            }
            return fitSpan(pieces, middle, end, depth + 1, endValues);
        }
        track_.maxError = std::max(track_.maxError, deviation);
        emitKnot(end, endValue, endSlopes, endValues != nullptr);
        return Success{};
    }

    // Fits aim 10% inside the tolerance, so that Float32 rounding of added knots stays inside it too.
    double tolerance() const {
        return 0.9 * (kind_ == TrackKind::Rotation ? options_.tolerances.rotation : options_.tolerances.position);
    }

    // The knot at the span's start as it was written, and the one at its end as it will be (Float32, rotations
    // kept unit as keepUnit will), with the tangents a player will use.
    using SpanKnots = KnotInterval;
    SpanKnots knotsOf(float end, const Values& endValue, const Values& endSlopes) const {
        SpanKnots k;
        const std::size_t last = track_.times.size() - 1;
        for (int c = 0; c < n_; ++c) k.a[c] = track_.values[last * n_ + c];
        Values b = endValue;
        if (kind_ == TrackKind::Rotation && !cubic() && !options_.mrtkPlayback && std::abs(norm(b) - 1) > 0.005)
            normalize(b);
        for (int c = 0; c < n_; ++c) k.b[c] = float(b[c]);
        if (cubic())
            for (int c = 0; c < n_; ++c) k.outA[c] = track_.outTangents[last * n_ + c], k.inB[c] = float(endSlopes[c]);
        (void)end;
        return k;
    }

    // The playback of the span's knots at fraction s, as sampleTrack plays it.
    Values played(const SpanKnots& k, double d, double s) const {
        return playInterval(k, track_.interpolation, kind_, n_, d, s, options_.mrtkPlayback);
    }

    double distance(Values reference, Values fitted) const {
        if (kind_ == TrackKind::Rotation) {
            if (!normalize(reference) || !normalize(fitted)) return 0;  // a zero rotation plays as nothing to compare
            return rotationAngle(reference, fitted);
        }
        double d2 = 0;
        for (int c = 0; c < n_; ++c) d2 += (reference[c] - fitted[c]) * (reference[c] - fitted[c]);
        return std::sqrt(d2);
    }

    // The largest deviation of the span's playback from Unity's (metres or degrees) over (start, end), an upper
    // bound where it can be had in closed form: linear pieces under LINEAR are either lines (vectors: the
    // deviation of two lines is largest at an end) or nlerp against slerp on one great circle (rotations:
    // slerpNlerpGap), plus the Float32 rounding of the knots. Elsewhere (curved pieces, CUBICSPLINE) the error is
    // sampled at 16 points and each of the two largest is refined by golden-section search to its local maximum.
    struct Deviation {
        double worst;  // over the span
        double atKnots;  // at its ends: the knots' Float32 rounding, which no split improves
    };
    Deviation spanDeviation(const std::array<Piece, kMaxComponents>& pieces, float start, float end,
                            const Values& endValue, const Values& endSlopes) const {
        const SpanKnots knots = knotsOf(end, endValue, endSlopes);
        const double d = double(end) - double(start);
        bool linearPieces = track_.interpolation == Interpolation::Linear;
        for (int c = 0; c < n_ && linearPieces; ++c)
            linearPieces = pieces[c].constant || pieces[c].shape == SegmentShape::Stepped ||
                           pieces[c].shape == SegmentShape::Linear;
        if (linearPieces) {
            // The line the pieces follow inside the span, through two interior points: at the ends a piece can be
            // clamped to its segment when an event's time rounded to the knot's Float32 before it.
            const Values quarter = valuesOf(pieces, n_, double(start) + 0.25 * d),
                         threeQuarters = valuesOf(pieces, n_, double(start) + 0.75 * d);
            Values a{}, b{};
            for (int c = 0; c < n_; ++c)
                a[c] = 1.5 * quarter[c] - 0.5 * threeQuarters[c], b[c] = 1.5 * threeQuarters[c] - 0.5 * quarter[c];
            const double rounding = std::max(distance(a, knots.a), distance(b, knots.b));
            if (kind_ == TrackKind::Vector) return {rounding, rounding};  // two lines are farthest apart at an end
            if (!options_.mrtkPlayback && dot(a, b) > 0 && norm(a) > 1e-6 && norm(b) > 1e-6) {
                const double alpha = std::acos(std::min(1.0, dot(a, b) / (norm(a) * norm(b))));
                return {slerpNlerpGap(alpha, norm(a), norm(b)) + 1.01 * rounding + threeJsExtra(knots), rounding};
            }
        }
        auto deviationAt = [&](double s) {
            return distance(valuesOf(pieces, n_, double(start) + s * d), played(knots, d, s));
        };
        constexpr int kSamples = 16;
        std::array<double, kSamples + 1> errors{};
        for (int i = 0; i <= kSamples; ++i) errors[i] = deviationAt(double(i) / kSamples);
        double worst = std::max(errors[0], errors[kSamples]);  // the knots themselves: rounding
        for (int pass = 0; pass < 2; ++pass) {
            const auto peak = std::max_element(errors.begin() + 1, errors.end() - 1) - errors.begin();
            if (errors[peak] <= 0) break;
            double lo = double(peak - 1) / kSamples, hi = double(peak + 1) / kSamples;
            constexpr double kGolden = 0.6180339887498949;
            double x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo), f1 = deviationAt(x1),
                   f2 = deviationAt(x2);
            for (int i = 0; i < 24; ++i) {
                if (f1 > f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - kGolden * (hi - lo), f1 = deviationAt(x1);
                else lo = x1, x1 = x2, f1 = f2, x2 = lo + kGolden * (hi - lo), f2 = deviationAt(x2);
            }
            worst = std::max({worst, errors[peak], f1, f2});
            errors[peak] = 0;
        }
        return {worst + threeJsExtra(knots), std::max(errors[0], errors[kSamples])};
    }

    // What three.js adds to the slerp `played` measures, for LINEAR rotation knots off unit length.
    double threeJsExtra(const SpanKnots& k) const {
        if (kind_ != TrackKind::Rotation || options_.mrtkPlayback || track_.interpolation != Interpolation::Linear)
            return 0;
        const double na = norm(k.a), nb = norm(k.b);
        if (!(na > 1e-6 && nb > 1e-6)) return 0;
        return unnormalisedSlerpGap(std::acos(std::min(1.0, std::abs(dot(k.a, k.b)) / (na * nb))), na, nb);
    }

    void mapKeysToKnots() {
        track_.keyKnots.assign(n_, {});
        const auto& times = track_.times;
        for (int c = 0; c < n_; ++c) {
            // Keys and knots both increase: one merge walk, into room for every key (most have a knot).
            std::vector<std::uint32_t> keyKnots(curves_[c]->keys.size());
            std::uint32_t* out = keyKnots.data();
            std::size_t knot = 0;
            curves_[c]->keys.forEachTimeValue([&](float time, float) {
                while (knot < times.size() && times[knot] < time) ++knot;
                if (knot < times.size() && times[knot] == time) *out++ = std::uint32_t(knot);
            });
            keyKnots.resize(std::size_t(out - keyKnots.data()));
            track_.keyKnots[c] = KeyKnots(std::move(keyKnots));
        }
    }

    std::span<const Curve* const> curves_;
    std::vector<CurveCursor> referenceCursors_, pieceCursors_;
    SlerpLimits slerpLimits_;  // how close LINEAR rotation keys must be to need no check (cos 2: never)
    TrackKind kind_;
    const TrackOptions& options_;
    int n_;
    Track track_;
    std::size_t addedKnots_ = 0;  // by fitting, between events
    std::size_t copiedIntervals_ = 0;  // copyLinearRotationInterval's count, smallest cosine and largest rounding
    double smallestCopiedCos_ = 1, worstCopiedRounding2_ = 0;  // the rounding squared (its root taken once)
    double worstCopiedLengthOff_ = 0;  // the largest length error of a copied knot (three.js slerps them as they are)
    Values lastRaw_{};  // the last knot's values as evaluated
    double lastRawNorm_ = 0;  // and their length (rotations)
    Values lastEmitted_{};  // and as written (rotations kept unit), before the conversion to Float32
};

}  // namespace

KnotBudget::KnotBudget(const Recording& recording) : left_(kRecordingAllowance) {
    for (const Curve& curve : recording.curves) left_ += kPerKey * curve.keys.size();
}

TrackOptions KnotBudget::limit(TrackOptions options, std::span<const Curve* const> curves) const {
    std::size_t keys = 0;
    for (const Curve* curve : curves) keys += curve->keys.size();
    options.maxKnots = std::min({options.maxKnots, kTrackAllowance + kPerKey * keys, left_});
    options.maxEvents = std::min(options.maxEvents, left_);
    return options;
}

Result<Track> buildTrack(std::span<const Curve* const> components, TrackKind kind, const TrackOptions& options) {
    return TrackBuilder(components, kind, options).build();
}

}  // namespace inputanim
