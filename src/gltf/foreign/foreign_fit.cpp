// Fitting keys to a foreign file's motion until they play within tolerance of it between the samples too.
#include "foreign_fit.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "foreign_sampling.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {
namespace {

// Keys are fitted within kFitAt of the tolerance at the samples, and intervals beyond kRefineAt between them are
// sampled more: the margin between the two is what denser samples can win, so that refining converges.
constexpr double kFitAt = 0.75, kRefineAt = 0.9;
constexpr std::array<double, 3> kProbeFractions = {0.25, 0.5, 0.75};
constexpr std::size_t kPeakSearches = 4;  // intervals per target searched for their peak
// Probe times evaluated in one batch (a world matrix and two values each, about 30 MB): a joint's batch composes
// with its parent's when they are the same times, which every file but a very long one probes in one batch.
constexpr std::size_t kProbesAtOnce = std::size_t(1) << 17;
constexpr int kGoldenSteps = 30;
// Refinement stops before the samples grow beyond this many times their first count (and the allowance).
constexpr std::size_t kRefinedSamplesPerSample = 8, kRefinedSampleAllowance = 4096;

using Values = std::vector<Probe>;

// A target's keys as MRTK plays them, fastest at increasing times (a cursor per curve).
class Played {
public:
    explicit Played(const FitTarget& target) : target_(target) {
        for (int c = 0; c < target.components; ++c) cursors_.emplace_back(target.curves[c]);
    }

    // Metres or degrees between the motion and the keys at `time` (a rotation normalised, as Unity does; one
    // without orientation on either side: 0).
    double deviation(Probe source, double time) {
        std::array<double, 4> keys{};
        for (std::size_t c = 0; c < cursors_.size(); ++c) keys[c] = cursors_[c].value(time);
        if (!source) return 0;
        if (target_.rotation) return normalize(keys) && normalize(*source) ? rotationAngle(*source, keys) : 0;
        double d2 = 0;
        for (std::size_t c = 0; c < 3; ++c) d2 += ((*source)[c] - keys[c]) * ((*source)[c] - keys[c]);
        return std::sqrt(d2);
    }

private:
    const FitTarget& target_;
    std::vector<CurveCursor> cursors_;
};

// Per target and interval between samples, the largest deviation at the probes and where it was.
struct Probed {
    std::vector<std::vector<double>> worst;  // [target][interval]
    std::vector<std::vector<double>> at;  // [target][interval]: the fraction of the interval
    std::vector<double> atSamples;  // [target]: at the samples themselves (the keys' Float32 rounding)
};

Probed probe(Motion& motion, const std::vector<float>& times, const std::vector<SampledVector>& samples,
             std::span<const FitTarget> targets) {
    const std::size_t intervals = times.size() - 1;
    Probed p{std::vector<std::vector<double>>(targets.size(), std::vector<double>(intervals, 0)),
             std::vector<std::vector<double>>(targets.size(), std::vector<double>(intervals, 0.5)),
             std::vector<double>(targets.size(), 0)};
    for (std::size_t k = 0; k < targets.size(); ++k) {
        Played played(targets[k]);
        for (std::size_t i = 0; i < times.size(); ++i)
            p.atSamples[k] = std::max(p.atSamples[k], played.deviation(samples[k].values[i], times[i]));
    }
    std::vector<double> at;  // every probe's time, interval by interval
    at.reserve(intervals * kProbeFractions.size());
    for (std::size_t i = 0; i < intervals; ++i)
        for (double fraction : kProbeFractions)
            at.push_back(double(times[i]) + fraction * (double(times[i + 1]) - double(times[i])));
    std::vector<Played> played(targets.begin(), targets.end());
    Values values;
    std::vector<double> batch;
    for (std::size_t begin = 0; begin < at.size(); begin += kProbesAtOnce) {
        batch.assign(at.begin() + std::ptrdiff_t(begin),
                     at.begin() + std::ptrdiff_t(std::min(at.size(), begin + kProbesAtOnce)));
        motion.atTimes(batch, targets.size(), values);
        for (std::size_t k = 0; k < targets.size(); ++k)
            for (std::size_t j = 0; j < batch.size(); ++j) {
                const std::size_t i = (begin + j) / kProbeFractions.size();
                if (const double d = played[k].deviation(values[j * targets.size() + k], batch[j]); d > p.worst[k][i])
                    p.worst[k][i] = d, p.at[k][i] = kProbeFractions[(begin + j) % kProbeFractions.size()];
            }
    }
    return p;
}

// The peak of one target's deviation near fraction `at` of the interval (golden-section search), at least `known`.
double peakNear(Motion& motion, const FitTarget& target, std::size_t k, double ta, double tb, double at, double known) {
    Values values;
    Played played(target);
    auto f = [&](double s) {
        const double t = ta + s * (tb - ta);
        motion.at(t, values);
        return played.deviation(values[k], t);
    };
    constexpr double kGolden = 0.6180339887498949;
    double lo = std::max(0.0, at - 0.25), hi = std::min(1.0, at + 0.25);
    double x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo), f1 = f(x1), f2 = f(x2),
           best = std::max({known, f1, f2});
    for (int step = 0; step < kGoldenSteps; ++step) {
        if (f1 > f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - kGolden * (hi - lo), f1 = f(x1);
        else lo = x1, x1 = x2, f1 = f2, x2 = lo + kGolden * (hi - lo), f2 = f(x2);
        best = std::max({best, f1, f2});
    }
    return best;
}

// The largest deviation of each target: the probes, and the worst intervals searched for their peaks.
MeasuredFit measure(Motion& motion, const std::vector<float>& times, const Probed& p,
                    std::span<const FitTarget> targets) {
    MeasuredFit m;
    for (std::size_t k = 0; k < targets.size(); ++k) {
        const auto& worst = p.worst[k];
        std::vector<std::size_t> order(worst.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        const std::size_t searched = std::min(kPeakSearches, order.size());
        std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(searched), order.end(),
                          [&](std::size_t a, std::size_t b) { return worst[a] > worst[b]; });
        double largest = p.atSamples[k];
        for (std::size_t j = 0; j < searched; ++j) {
            const std::size_t i = order[j];
            largest = std::max(largest, peakNear(motion, targets[k], k, times[i], times[i + 1], p.at[k][i], worst[i]));
        }
        (targets[k].rotation ? m.rotation : m.position) =
            std::max(targets[k].rotation ? m.rotation : m.position, largest);
        m.beyond |= largest > targets[k].tolerance;
    }
    return m;
}

// The probes of the intervals where some target plays beyond kRefineAt of its tolerance (the peak between probes is
// a little higher), as new sample times.
std::vector<float> refinedTimes(const std::vector<float>& times, const Probed& p, std::span<const FitTarget> targets) {
    std::vector<float> added;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        bool beyond = false;
        for (std::size_t k = 0; k < targets.size(); ++k) beyond |= p.worst[k][i] > kRefineAt * targets[k].tolerance;
        if (!beyond) continue;
        for (double fraction : kProbeFractions) {
            const float t = float(double(times[i]) + fraction * (double(times[i + 1]) - double(times[i])));
            if (t > times[i] && t < times[i + 1] && (added.empty() || added.back() < t)) added.push_back(t);
        }
    }
    return added;
}

}  // namespace

void Motion::atTimes(const std::vector<double>& times, std::size_t targets, std::vector<Probe>& values) {
    values.clear();
    values.reserve(times.size() * targets);
    Values one;
    for (double t : times) {
        at(t, one);
        values.insert(values.end(), one.begin(), one.begin() + std::ptrdiff_t(targets));
    }
}

void MeasuredFit::add(const MeasuredFit& other) {
    position = std::max(position, other.position);
    rotation = std::max(rotation, other.rotation);
    beyond |= other.beyond;
}

namespace {

// Keys of `fit` fitted to the samples at `times`, refined where they play beyond the tolerances (fitMeasured).
Status fitRounds(Motion& motion, std::vector<float> times, std::span<const FitTarget> targets, KeyFit fit,
                 MeasuredFit& measured) {
    std::vector<SampledVector> samples;
    if (auto s = motion.sample(times, samples); !s) return s;
    const std::size_t limit = kRefinedSamplesPerSample * times.size() + kRefinedSampleAllowance;
    for (int round = 0;; ++round) {
        for (std::size_t k = 0; k < targets.size(); ++k)
            fitInto(samples[k], targets[k].components, targets[k].rotation, kFitAt / kFitInto * targets[k].tolerance,
                    fit, targets[k].curves);
        if (times.size() < 2) return Success{};  // a pose: its keys are its samples
        const Probed p = probe(motion, times, samples, targets);
        std::vector<float> added = round + 1 < kFitRounds ? refinedTimes(times, p, targets) : std::vector<float>{};
        if (added.empty() || times.size() + added.size() > limit) {
            measured.add(measure(motion, times, p, targets));
            return Success{};
        }
        std::vector<float> next = times;
        next.insert(next.end(), added.begin(), added.end());
        std::inplace_merge(next.begin(), next.begin() + std::ptrdiff_t(times.size()), next.end());
        std::vector<SampledVector> more;
        if (auto s = motion.sample(next, more); !s) {
            if (s.error().reason != Reason::FitBudget) return s;
            measured.add(measure(motion, times, p, targets));  // beyond the sampling budget: the keys fitted last stay
            return Success{};
        }
        times = std::move(next);
        samples = std::move(more);
    }
}

// The largest deviation measured, in tolerances of the targets it concerns.
double excess(const MeasuredFit& m, std::span<const FitTarget> targets) {
    double most = 0;
    for (const FitTarget& target : targets)
        most = std::max(most, (target.rotation ? m.rotation : m.position) / target.tolerance);
    return most;
}

}  // namespace

Status fitMeasured(Motion& motion, std::vector<float> times, std::span<const FitTarget> targets, KeyFit fit,
                   MeasuredFit& measured) {
    MeasuredFit first;
    if (auto s = fitRounds(motion, fit == KeyFit::Hermite ? times : std::move(times), targets, fit, first); !s)
        return s;
    if (!first.beyond || fit != KeyFit::Hermite) return measured.add(first), Success{};
    // Hermite keys beyond the tolerances (a corner their smooth tangents round off): linear keys, which a full
    // layout holds as well, when they play closer.
    std::vector<Curve> hermite;
    for (const FitTarget& target : targets)
        hermite.insert(hermite.end(), target.curves, target.curves + target.components);
    MeasuredFit linear;
    if (auto s = fitRounds(motion, std::move(times), targets, KeyFit::Linear, linear); !s) return s;
    if (linear.beyond && excess(linear, targets) >= excess(first, targets)) {
        auto kept = hermite.begin();
        for (const FitTarget& target : targets)
            for (int c = 0; c < target.components; ++c) target.curves[c] = std::move(*kept++);
        return measured.add(first), Success{};
    }
    measured.add(linear);
    return Success{};
}

}  // namespace inputanim
