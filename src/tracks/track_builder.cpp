// The general path of the curve engine: knots at every event, pieces fitted span by span within tolerance.
#include "inputanim/tracks/track_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "curve_pieces.hpp"
#include "inputanim/core/math.hpp"
#include "linear_key_copy.hpp"
#include "slerp_bound.hpp"

namespace inputanim {

namespace {

constexpr int kMaxComponents = 4;
constexpr int kMaxSplitDepth = 24;
constexpr int kErrorSamples = 9;  // interior points per span where the fit is measured
using Values = std::array<double, kMaxComponents>;

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
            if (auto track = copyLinearKeys(curves_, kind_, safeSlerpCos_)) return std::move(*track);
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
                for (int c = 0; c < n_; ++c) fitted[c] = hermite(a[c], d * slopeA[c], b[c], d * slopeB[c], s).value;
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

}  // namespace inputanim
