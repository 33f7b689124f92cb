// HandGrid::PerJoint: a grid per joint, built parents first. A joint's grid holds its own knots (solved so that
// composition under its parent, as glTF plays the parent there, lands on its keys) and every knot of its parent's
// grid, where the parent's playback turns; then the middle of each span where the joint's playback strays from
// MRTK's, as in the shared grid.
#include <algorithm>
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
        hand::forEachJoint([&](Joint joint) {
            const int j = indexOf(joint);
            for (const Local& local : grids_[j].locals) {
                h.locals.translation[j].insert(h.locals.translation[j].end(), local.t.begin(), local.t.end());
                h.locals.rotation[j].insert(h.locals.rotation[j].end(), local.r.begin(), local.r.end());
            }
            h.locals.times[j] = std::move(grids_[j].times);
        });
        return h;
    }

private:
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
        for (std::size_t k = 0, o = 0; k < grid.times.size(); ++k) {
            while (o < own.times.size() && own.times[o] < grid.times[k]) ++o;
            const std::uint8_t keys = o < own.times.size() && own.times[o] == grid.times[k] ? own.keys[o] : 0;
            grid.locals.push_back(solveAt(joint, p, grid.times[k], keys));
        }
        std::vector<Span> spans;
        for (std::size_t k = 0; k + 1 < grid.times.size(); ++k)
            spans.push_back({grid.times[k], grid.times[k + 1], grid.locals[k], grid.locals[k + 1]});
        std::vector<std::pair<float, Local>> added;
        while (!spans.empty()) {
            const Span span = spans.back();
            spans.pop_back();
            const float middle = float(0.5 * (double(span.a) + double(span.b)));
            if (middle <= span.a || middle >= span.b) continue;  // adjacent Float32 times: no time between them
            const Deviation deviation = deviationBetween(joint, p, span);
            if (!hand::strays(deviation, options_)) {
                h.maxPositionError = std::max(h.maxPositionError, deviation.position);
                h.maxRotationError = std::max(h.maxRotationError, deviation.rotation);
                continue;
            }
            if (added.size() >= maxAdded) return hand::tooManyKnots(maxAdded);
            const Local local = solveAt(joint, p, middle, 0);
            added.emplace_back(middle, local);
            spans.push_back({span.a, middle, span.la, local});
            spans.push_back({middle, span.b, local, span.lb});
        }
        insert(grid, std::move(added));
        grid.spans.reserve(grid.times.size());
        for (std::size_t k = 0; k + 1 < grid.times.size(); ++k)
            grid.spans.emplace_back(grid.locals[k], grid.locals[k + 1]);
        return Success{};
    }

    Local solveAt(Joint joint, int parent, float time, std::uint8_t keys) const {
        return hand::solveLocal(poseAt(parent, time), targets_.at(joint, time), keys);
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
