// HandGrid::PerJoint: a grid per joint, built parents first. A joint's grid holds its own knots and every knot of its
// parent's grid, where the parent's playback turns; then the middle of each span where the joint's playback strays
// from MRTK's, as in the shared grid. Its locals are the relative transforms under its parent as glTF plays the parent
// there, rounded to Float32: nothing composes them back to the recording's bits (no way back), so no key is landed.
#include <algorithm>
#include <cmath>
#include <limits>

#include "hand_hierarchy.hpp"
#include "hand_solve.hpp"

namespace inputanim {
namespace {

using hand::Deviation;
using hand::Local;
using hand::parentIndex;
using hand::Pose;

struct JointGrid {
    std::vector<float> times;  // increasing
    std::vector<Local> locals;
    std::vector<hand::PlayedSpan> spans;  // between knots k and k + 1, once the grid is done
};

constexpr std::size_t kSampleCount = std::size(hand::kSamples);
using Samples = std::array<double, kSampleCount>;

// The knots a joint's translations keep (indices into its grid): the first, the last, and each one where a line
// from the knot kept before can no longer pass within `slack` of every knot between them, in each component. One
// pass: the slopes such a line may have narrow knot by knot.
std::vector<std::size_t> thinned(const JointGrid& grid, double slack) {
    const auto& t = grid.times;
    const auto value = [&](std::size_t k, int c) { return double(grid.locals[k].t[std::size_t(c)]); };
    std::vector<std::size_t> kept{0};
    std::array<double, 3> low{}, high{};
    const auto reset = [&] { low.fill(-INFINITY), high.fill(INFINITY); };
    reset();
    for (std::size_t anchor = 0, b = 1; b < t.size();) {
        const double span = double(t[b]) - t[anchor];
        bool fits = true;
        for (int c = 0; c < 3; ++c) {
            const double slope = (value(b, c) - value(anchor, c)) / span;
            fits = fits && slope >= low[std::size_t(c)] && slope <= high[std::size_t(c)];
        }
        if (!fits) {  // b - 1 > anchor: with no knot between, any line fits
            kept.push_back(anchor = b - 1);
            reset();
            continue;
        }
        for (int c = 0; c < 3; ++c) {  // b is between the anchor and the knots after it
            low[std::size_t(c)] = std::max(low[std::size_t(c)], (value(b, c) - slack - value(anchor, c)) / span);
            high[std::size_t(c)] = std::min(high[std::size_t(c)], (value(b, c) + slack - value(anchor, c)) / span);
        }
        ++b;
    }
    if (kept.back() + 1 != t.size()) kept.push_back(t.size() - 1);
    return kept;
}

// How far the kept knots' translations, played LINEAR, pass from every knot's (metres): the two lines meet at the
// grid's knots, so the largest distance is at one of them.
double thinningError(const JointGrid& grid, const std::vector<std::size_t>& kept) {
    double worst = 0;
    for (std::size_t i = 0; i + 1 < kept.size(); ++i)
        for (std::size_t k = kept[i] + 1; k < kept[i + 1]; ++k) {
            const double s =
                (double(grid.times[k]) - grid.times[kept[i]]) / (double(grid.times[kept[i + 1]]) - grid.times[kept[i]]);
            double d2 = 0;
            for (std::size_t c = 0; c < 3; ++c) {
                const double a = grid.locals[kept[i]].t[c], b = grid.locals[kept[i + 1]].t[c];
                d2 += (a + s * (b - a) - grid.locals[k].t[c]) * (a + s * (b - a) - grid.locals[k].t[c]);
            }
            worst = std::max(worst, std::sqrt(d2));
        }
    return worst;
}

class JointGridsBuilder {
public:
    JointGridsBuilder(const Recording& recording, Hand hand, const TrackOptions& options, KnotBudget& budget)
        : recording_(recording), hand_(hand), options_(options), budget_(budget), targets_(recording, hand) {}

    Result<HandHierarchy> build() {
        auto own = hand::ownKnots(recording_, hand_, options_, budget_);
        if (!own) return own.error();
        float first = std::numeric_limits<float>::infinity();
        for (const hand::OwnKnots& knots : *own)
            if (!knots.times.empty()) first = std::min(first, knots.times.front());
        HandHierarchy h;
        if (first == std::numeric_limits<float>::infinity()) return h;  // no joint of the hand has keys
        const std::size_t maxAdded = hand::addedKnotsAllowed(recording_, hand_, options_, budget_);
        std::size_t largest = 0;
        for (Joint joint : kJoints) {
            if (joint == Joint::None) continue;
            if (auto built = buildJoint(joint, (*own)[indexOf(joint)], first, maxAdded, h); !built)
                return built.error();
            largest = std::max(largest, grids_[indexOf(joint)].times.size());
        }
        budget_.spend(largest);
        flatten(h);
        return h;
    }

private:
    // The grids as channels: rotations at every knot, translations at the knots thinned within 1% of the position
    // tolerance (a rigid bone's offset keeps two); what that moves each joint, its own and its ancestors', is added to
    // the largest deviation.
    void flatten(HandHierarchy& h) {
        const double allowed = 0.01 * options_.tolerances.position;
        std::array<double, kJointCount> moved{};  // by thinning, the joint's and its ancestors'
        double most = 0;
        hand::forEachJoint([&](Joint joint) {
            const int j = indexOf(joint), p = parentIndex(joint);
            const JointGrid& grid = grids_[j];
            const auto kept = thinned(grid, allowed / std::sqrt(3.0));
            most = std::max(most, moved[j] = thinningError(grid, kept) + (p >= 0 ? moved[p] : 0));
            for (std::size_t k : kept) {
                h.locals.translationTimes[j].push_back(grid.times[k]);
                h.locals.translation[j].insert(h.locals.translation[j].end(), grid.locals[k].t.begin(),
                                               grid.locals[k].t.end());
            }
            for (const Local& local : grid.locals)
                h.locals.rotation[j].insert(h.locals.rotation[j].end(), local.r.begin(), local.r.end());
            h.locals.times[j] = grid.times;
        });
        h.maxPositionError += most;
    }

    struct Span {
        float a, b;
        Local la, lb;
    };

    // The joint's grid: its own knots and its parent's (`first` when both have none), solved, then refined.
    Status buildJoint(Joint joint, const hand::OwnKnots& own, float first, std::size_t maxAdded, HandHierarchy& h) {
        const int j = indexOf(joint), p = parentIndex(joint);
        JointGrid& grid = grids_[j];
        const std::vector<float> none;
        const std::vector<float>& inherited = p >= 0 ? grids_[p].times : none;
        std::set_union(own.times.begin(), own.times.end(), inherited.begin(), inherited.end(),
                       std::back_inserter(grid.times));
        if (grid.times.empty()) grid.times.push_back(first);
        grid.locals.reserve(grid.times.size());
        for (float time : grid.times) grid.locals.push_back(solveAt(joint, p, time));
        std::vector<Span> spans;
        for (std::size_t k = 0; k + 1 < grid.times.size(); ++k)
            spans.push_back({grid.times[k], grid.times[k + 1], grid.locals[k], grid.locals[k + 1]});
        std::vector<std::pair<float, Local>> added;
        Deviation kept;
        const auto refined = hand::refine(
            std::move(spans), options_, maxAdded, kept,
            [&](const Span& span) { return deviationBetween(joint, p, span); },
            [&](const Span& span, float middle) {
                const Local local = solveAt(joint, p, middle);
                added.emplace_back(middle, local);
                return std::pair{Span{span.a, middle, span.la, local}, Span{middle, span.b, local, span.lb}};
            });
        if (!refined) return refined.error();
        h.maxPositionError = std::max(h.maxPositionError, kept.position);
        h.maxRotationError = std::max(h.maxRotationError, kept.rotation);
        insert(grid, std::move(added));
        grid.spans.reserve(grid.times.size());
        for (std::size_t k = 0; k + 1 < grid.times.size(); ++k)
            grid.spans.emplace_back(grid.locals[k], grid.locals[k + 1]);
        return Success{};
    }

    Local solveAt(Joint joint, int parent, float time) const {
        return hand::solveLocal(poseAt(parent, time), targets_.at(joint, time), 0);
    }

    // Joint j's pose as glTF plays its grid (and its ancestors') at `time`: composed at a knot or outside the grid,
    // played between knots. The identity for no joint (-1).
    Pose poseAt(int j, double time) const {
        if (j < 0) return Pose{};
        const Pose parent = poseAt(parentIndex(kJoints[std::size_t(j)]), time);
        const JointGrid& grid = grids_[j];
        const auto after = std::upper_bound(grid.times.begin(), grid.times.end(), time);
        const auto k = std::size_t(after - grid.times.begin());
        if (k == 0 || k == grid.times.size() || double(grid.times[k - 1]) == time) {
            const Local& at = grid.locals[k == 0 ? 0 : k - 1];
            return hand::compose(parent, at.t.data(), at.r.data());
        }
        const double a = grid.times[k - 1], b = grid.times[k];
        return grid.spans[k - 1].at({parent.p, hand::unit(parent.q)}, (time - a) / (b - a));
    }

    // How far the joint's playback strays from MRTK's at the sample points of a span of its grid.
    Deviation deviationBetween(Joint joint, int parent, const Span& span) const {
        Samples times;
        for (std::size_t i = 0; i < times.size(); ++i)
            times[i] = double(span.a) + hand::kSamples[i] * (double(span.b) - double(span.a));
        std::array<Pose, kSampleCount> above;
        playedAt(parent, times, above);
        Deviation worst;
        const hand::PlayedSpan played(span.la, span.lb);
        for (std::size_t i = 0; i < times.size(); ++i)
            worst.include(played.at(above[i], hand::kSamples[i]), targets_.at(joint, times[i]));
        return worst;
    }

    // Joint j's poses as poseAt gives them at increasing times, their rotations unit ones, the span found once for
    // times within one.
    void playedAt(int j, const Samples& times, std::array<Pose, kSampleCount>& poses) const {
        if (j < 0) return poses.fill(Pose{});
        playedAt(parentIndex(kJoints[std::size_t(j)]), times, poses);
        const JointGrid& grid = grids_[j];
        std::size_t k = 0;  // the first knot after the time
        for (std::size_t i = 0; i < times.size(); ++i) {
            if (k == 0 || k == grid.times.size() || grid.times[k] <= times[i])
                k = std::size_t(std::upper_bound(grid.times.begin(), grid.times.end(), times[i]) - grid.times.begin());
            if (k == 0 || k == grid.times.size() || double(grid.times[k - 1]) == times[i]) {
                const Local& at = grid.locals[k == 0 ? 0 : k - 1];
                poses[i] = hand::compose(poses[i], at.t.data(), at.r.data());
                poses[i].q = hand::unit(poses[i].q);
                continue;
            }
            const double a = grid.times[k - 1], b = grid.times[k];
            poses[i] = grid.spans[k - 1].at(poses[i], (times[i] - a) / (b - a));
        }
    }

    // The knots added, merged into the grid in time order.
    static void insert(JointGrid& grid, std::vector<std::pair<float, Local>> added) {
        if (added.empty()) return;
        std::sort(added.begin(), added.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        JointGrid merged;
        merged.times.reserve(grid.times.size() + added.size());
        merged.locals.reserve(merged.times.capacity());
        std::size_t k = 0;
        for (auto& [time, local] : added) {
            for (; k < grid.times.size() && grid.times[k] < time; ++k)
                merged.times.push_back(grid.times[k]), merged.locals.push_back(grid.locals[k]);
            merged.times.push_back(time), merged.locals.push_back(local);
        }
        for (; k < grid.times.size(); ++k)
            merged.times.push_back(grid.times[k]), merged.locals.push_back(grid.locals[k]);
        grid = std::move(merged);
    }

    const Recording& recording_;
    Hand hand_;
    TrackOptions options_;
    KnotBudget& budget_;
    hand::Targets targets_;
    std::array<JointGrid, kJointCount> grids_;
};

}  // namespace

Result<HandHierarchy> buildJointGrids(const Recording& recording, Hand hand, const TrackOptions& options,
                                      KnotBudget& budget) {
    return JointGridsBuilder(recording, hand, options, budget).build();
}

}  // namespace inputanim
