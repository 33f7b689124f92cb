#include "hand_hierarchy.hpp"

#include <algorithm>
#include <map>

#include "hand_solve.hpp"
#include "inputanim/core/aside.hpp"
#include "inputanim/core/coordinates.hpp"

namespace inputanim {
namespace {

using hand::Deviation;
using hand::forEachJoint;
using hand::Local;
using hand::parentIndex;
using hand::Pose;

// The locals of every joint at one knot, and which components are keys there (the bits of solveLocal).
struct Knot {
    std::array<Local, kJointCount> local{};
    std::array<std::uint8_t, kJointCount> keys{};
};

// A span between two knots of the grid.
struct Between {
    float a, b;
};

// One grid of knots for the whole hand.
class Builder {
public:
    Builder(const Recording& recording, Hand hand, const TrackOptions& options, KnotBudget& budget)
        : recording_(recording), hand_(hand), options_(options), budget_(budget), targets_(recording, hand) {}

    Result<HandHierarchy> build() {
        // The grid: every knot of each joint's LINEAR track within tolerance (keys, unrolled wraps, densified
        // Hermite and weighted spans), shared by the whole hand.
        auto own = hand::ownKnots(recording_, hand_, options_, budget_);
        if (!own) return own.error();
        for (Joint joint : kJoints)
            for (std::size_t i = 0; i < (*own)[indexOf(joint)].times.size(); ++i)
                knots_[(*own)[indexOf(joint)].times[i]].keys[indexOf(joint)] |= (*own)[indexOf(joint)].keys[i];
        HandHierarchy h;
        if (knots_.empty()) return h;  // no joint of the hand has keys
        for (auto& [time, knot] : knots_) fill(time, knot);
        // Between knots: where glTF's playback of the skeleton strays from MRTK's of each joint, add the middle.
        std::vector<Between> spans;
        for (auto it = knots_.begin(); std::next(it) != knots_.end(); ++it)
            spans.push_back({it->first, std::next(it)->first});
        Deviation kept;
        const auto refined = hand::refine(
            std::move(spans), options_, hand::addedKnotsAllowed(recording_, hand_, options_, budget_), kept,
            [&](const Between& span) { return deviationBetween(span.a, span.b); },
            [&](const Between& span, float middle) {
                fill(middle, knots_[middle]);
                return std::pair{Between{span.a, middle}, Between{middle, span.b}};
            });
        if (!refined) return refined.error();
        h.maxPositionError = kept.position, h.maxRotationError = kept.rotation;
        budget_.spend(knots_.size());
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint);
            for (const auto& [time, knot] : knots_) {
                h.locals.times[j].push_back(time);
                h.locals.translation[j].insert(h.locals.translation[j].end(), knot.local[j].t.begin(),
                                               knot.local[j].t.end());
                h.locals.rotation[j].insert(h.locals.rotation[j].end(), knot.local[j].r.begin(), knot.local[j].r.end());
            }
        });
        h.world = composeHand(h.locals);
        markKeys(h);
        return h;
    }

private:
    // The locals of every joint at a knot, each solved under its parent's pose as composition gives it there.
    void fill(float time, Knot& knot) const {
        std::array<Pose, kJointCount> poses;
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint), p = parentIndex(joint);
            const Pose parent = p >= 0 ? poses[p] : Pose{};
            knot.local[j] = hand::solveLocal(parent, targets_.at(joint, time), knot.keys[j]);
            poses[j] = hand::compose(parent, knot.local[j].t.data(), knot.local[j].r.data());
        });
    }

    // How far glTF's playback of the skeleton (LINEAR translations, slerped rotations, matrices composed) strays
    // from MRTK's playback of each joint, at the sample points inside [a, b].
    Deviation deviationBetween(float a, float b) const {
        const Knot& ka = knots_.at(a);
        const Knot& kb = knots_.at(b);
        Deviation worst;
        for (double s : hand::kSamples) {
            const double time = double(a) + s * (double(b) - double(a));
            std::array<Pose, kJointCount> poses;
            forEachJoint([&](Joint joint) {
                const int j = indexOf(joint), p = parentIndex(joint);
                poses[j] = hand::played(p >= 0 ? poses[p] : Pose{}, ka.local[j], kb.local[j], s);
                worst.include(poses[j], targets_.at(joint, time));
            });
        }
        return worst;
    }

    // Which knots are each component's keys, and whether composition gives back its recorded values there.
    void markKeys(HandHierarchy& h) const {
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint);
            for (int kind = 0; kind < 2; ++kind) {
                Track& track = kind == 0 ? h.world.position[j] : h.world.rotation[j];
                const int n = track.components;
                track.keyKnots.assign(n, {});
                track.valuesChanged.assign(n, false);
                for (int c = 0; c < n; ++c) {
                    const Curve& curve =
                        recording_.curves[jointCurve(hand_, joint, (kind == 0 ? kPositionX : kRotationX) + c)];
                    const float sign = kind == 0 ? kGltfPositionSigns[c] : kGltfRotationSigns[c];
                    std::vector<std::uint32_t> knots;
                    for (std::size_t k = 0; k < curve.keys.size(); ++k) {
                        const float time = curve.keys.time(k);
                        const auto at = std::lower_bound(track.times.begin(), track.times.end(), time);
                        if (at == track.times.end() || *at != time)
                            continue;  // before 0: the curve's extras hold it verbatim
                        const auto knot = std::uint32_t(at - track.times.begin());
                        knots.push_back(knot);
                        track.valuesChanged[c] =
                            track.valuesChanged[c] ||
                            floatBits(track.values[knot * n + c] * sign) != floatBits(curve.keys.value(k));
                    }
                    track.keyKnots[c] = KeyKnots(std::move(knots));
                }
            }
        });
    }

    const Recording& recording_;
    Hand hand_;
    TrackOptions options_;
    KnotBudget& budget_;
    hand::Targets targets_;
    std::map<float, Knot> knots_;
};

}  // namespace

bool HandLocals::empty() const {
    return std::all_of(times.begin(), times.end(), [](const auto& t) { return t.empty(); });
}

HandWorld composeHand(const HandLocals& locals) {
    HandWorld world;
    const auto grid = std::find_if(locals.times.begin(), locals.times.end(), [](const auto& t) { return !t.empty(); });
    if (grid == locals.times.end()) return world;
    const std::size_t n = grid->size();
    forEachJoint([&](Joint joint) {
        const int j = indexOf(joint);
        if (locals.times[j].size() != n || locals.translation[j].size() != n * 3 || locals.rotation[j].size() != n * 4)
            return;
        for (int kind = 0; kind < 2; ++kind) {
            Track& track = kind == 0 ? world.position[j] : world.rotation[j];
            track.components = kind == 0 ? 3 : 4;
            track.times = *grid;
            track.values.resize(n * std::size_t(track.components));
        }
    });
    std::array<Pose, kJointCount> poses;
    for (std::size_t k = 0; k < n; ++k)
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint), p = parentIndex(joint);
            if (world.position[j].times.empty()) return;
            const Pose parent = p >= 0 && !world.position[p].times.empty() ? poses[p] : Pose{};
            poses[j] = hand::compose(parent, &locals.translation[j][k * 3], &locals.rotation[j][k * 4]);
            const double q[4] = {poses[j].q.x, poses[j].q.y, poses[j].q.z, poses[j].q.w};
            for (int c = 0; c < 3; ++c) world.position[j].values[k * 3 + c] = float(poses[j].p[c]);
            for (int c = 0; c < 4; ++c) world.rotation[j].values[k * 4 + c] = float(q[c]);
        });
    return world;
}

Result<HandHierarchy> buildHandHierarchy(const Recording& recording, Hand hand, const TrackOptions& options,
                                         KnotBudget& budget, HandGrid grid) {
    if (grid == HandGrid::PerJoint) return buildJointGrids(recording, hand, options, budget);
    return Builder(recording, hand, options, budget).build();
}

HandHierarchyAhead::HandHierarchyAhead(const Recording& recording, Hand hand, const TrackOptions& options,
                                       const KnotBudget& budget, HandGrid grid)
    : recording_(recording), hand_(hand), options_(options), grid_(grid), budget_(budget), start_(budget.left()) {
    built_ = startAside([this] { return buildHandHierarchy(recording_, hand_, options_, budget_, grid_); });
}

// A build from a larger budget that spent no more than `budget` holds met each of its limits within `budget` too
// (a track's knots and events, the knots the grid adds), so the build from `budget` is the same.
Result<HandHierarchy> HandHierarchyAhead::take(KnotBudget& budget) {
    if (built_) {
        auto ahead = built_->get();
        built_.reset();
        const std::size_t spent = start_ - budget_.left();
        if (ahead && spent <= budget.left()) {
            budget.spend(spent);
            return ahead;
        }
    }
    return buildHandHierarchy(recording_, hand_, options_, budget, grid_);
}

}  // namespace inputanim
