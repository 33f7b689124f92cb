#include "hand_hierarchy.hpp"

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "inputanim/core/aside.hpp"
#include "inputanim/tracks/curve_tracks.hpp"
#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {
namespace {

using glm::dquat;
using glm::dvec3;

// A pose as composition gives it: the quaternion is not normalised, so that recorded magnitudes come back.
struct Pose {
    dvec3 p{0};
    dquat q{1, 0, 0, 0};
};

dquat unit(const dquat& q) {
    const double n = glm::length(q);
    return n > 1e-12 && std::isfinite(n) ? q / n : dquat(1, 0, 0, 0);
}

// The child's pose from its parent's and its local transform: positions as glTF composes matrices (the parent's
// rotation normalised), quaternions multiplied as they are.
Pose compose(const Pose& parent, const float* t, const float* r) {
    return {parent.p + unit(parent.q) * dvec3(t[0], t[1], t[2]), parent.q * dquat(r[3], r[0], r[1], r[2])};
}

// The joints in an order where each parent comes first (MRTK's order is such), None left out.
template <class F>
void forEachJoint(F f) {
    for (Joint joint : kJoints)
        if (joint != Joint::None) f(joint);
}

int parentIndex(Joint joint) {
    static const auto parents = [] {
        std::array<int, kJointCount> index{};
        for (Joint j : kJoints) index[indexOf(j)] = parentJoint(j) ? indexOf(*parentJoint(j)) : -1;
        return index;
    }();
    return parents[indexOf(joint)];
}

// ---- building ---------------------------------------------------------------------------------------

// A joint's recorded world pose at a time, in glTF space: the Float32 values MRTK plays (its keys' values at key
// times), and the pose that composition aims at (a far-from-unit or zero rotation normalised).
struct Target {
    float p[3], q[4];
    Pose pose;
};

// The locals of every joint at one knot, and which components are keys there (bit c: component c of position,
// bit 3 + c of rotation).
struct Knot {
    std::array<std::array<float, 3>, kJointCount> t{};
    std::array<std::array<float, 4>, kJointCount> r{};
    std::array<std::uint8_t, kJointCount> keys{};
};

// The nearby Float32 values to try for a local transform whose composition misses a key by a rounding: every
// combination of up to `range` steps down or up per component, smallest first.
std::vector<std::array<int, 4>> nudges(int components, int range) {
    std::vector<std::array<int, 4>> all;
    const int width = 2 * range + 1;
    const int count = int(std::pow(width, components));
    for (int i = 1; i < count; ++i) {
        std::array<int, 4> steps{};
        for (int c = 0, rest = i; c < components; ++c, rest /= width) steps[c] = rest % width - range;
        all.push_back(steps);
    }
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
        auto size = [](const auto& s) { return std::abs(s[0]) + std::abs(s[1]) + std::abs(s[2]) + std::abs(s[3]); };
        return size(a) < size(b);
    });
    return all;
}

float stepped(float value, int steps) {
    const float toward = steps > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
    for (int i = 0; i < std::abs(steps); ++i) value = std::nextafter(value, toward);
    return value;
}

class Builder {
public:
    Builder(const Recording& recording, Hand hand, const TrackOptions& options, KnotBudget& budget)
        : recording_(recording), hand_(hand), options_(options), budget_(budget) {
        for (std::size_t i = jointCurve(hand, Joint::None, 0);
             i < jointCurve(hand, Joint::None, 0) + kJointCount * kPoseCurveCount; ++i)
            cursors_.emplace_back(recording.curves[i]);
    }

    Result<HandHierarchy> build() {
        // The grid: every knot of each joint's LINEAR track within tolerance (keys, unrolled wraps, densified
        // Hermite and weighted spans), shared by the whole hand.
        TrackOptions linear = options_;
        linear.linearOnly = true;
        std::array<Track, kJointCount> flat[2];
        bool failed = false;
        Error error;
        forEachJoint([&](Joint joint) {
            for (int kind = 0; kind < 2 && !failed; ++kind) {
                const std::size_t first = jointCurve(hand_, joint, kind == 0 ? kPositionX : kRotationX);
                auto track = trackOfCurves(recording_, first, kind == 0 ? TrackKind::Vector : TrackKind::Rotation,
                                           linear, &budget_);
                if (!track) failed = true, error = track.error();
                else if (*track) flat[kind][indexOf(joint)] = std::move(**track);
            }
        });
        if (failed) return error;
        for (int kind = 0; kind < 2; ++kind)
            forEachJoint([&](Joint joint) {
                const Track& track = flat[kind][indexOf(joint)];
                for (int c = 0; c < track.components; ++c)
                    for (std::uint32_t k : track.keyKnots[c])
                        knots_[track.times[k]].keys[indexOf(joint)] |= std::uint8_t(1 << (kind * 3 + c));
                for (float t : track.times) knots_[t];
            });
        HandHierarchy h;
        if (knots_.empty()) return h;  // no joint of the hand has keys
        for (auto& [time, knot] : knots_) fill(time, knot);
        // Between knots: where glTF's playback of the skeleton strays from MRTK's of each joint, add the middle.
        std::vector<std::pair<float, float>> spans;
        // Each knot added composes and checks the whole hand: a quarter of a channel's allowance per key.
        const auto curves = handCurves();
        std::size_t keys = 0;
        for (const Curve* curve : curves) keys += curve->keys.size();
        const std::size_t maxAdded = std::min(budget_.limit(options_, curves).maxKnots,
                                              KnotBudget::kTrackAllowance + KnotBudget::kPerKey / 4 * keys);
        std::size_t added = 0;
        for (auto it = knots_.begin(); std::next(it) != knots_.end(); ++it)
            spans.emplace_back(it->first, std::next(it)->first);
        while (!spans.empty()) {
            const auto [a, b] = spans.back();
            spans.pop_back();
            const float middle = float(0.5 * (double(a) + double(b)));
            if (middle <= a || middle >= b) continue;  // adjacent Float32 times (a stepped key): no time between them
            const Deviation deviation = deviationBetween(a, b);
            const bool strays = deviation.position > 0.9 * options_.tolerances.position ||
                                deviation.rotation > 0.9 * options_.tolerances.rotation;
            if (!strays) {
                h.maxPositionError = std::max(h.maxPositionError, deviation.position);
                h.maxRotationError = std::max(h.maxRotationError, deviation.rotation);
                continue;
            }
            if (++added > maxAdded)
                return Error::refused("the hierarchical rig needs more than the " + std::to_string(maxAdded) +
                                          " knots the hand's keys allow",
                                      Reason::FitBudget);
            fill(middle, knots_[middle]);
            spans.emplace_back(a, middle);
            spans.emplace_back(middle, b);
        }
        budget_.spend(knots_.size());
        for (const auto& [time, knot] : knots_) h.locals.times.push_back(time);
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint);
            for (const auto& [time, knot] : knots_) {
                h.locals.translation[j].insert(h.locals.translation[j].end(), knot.t[j].begin(), knot.t[j].end());
                h.locals.rotation[j].insert(h.locals.rotation[j].end(), knot.r[j].begin(), knot.r[j].end());
            }
        });
        h.world = composeHand(h.locals);
        markKeys(h);
        return h;
    }

private:
    // Every curve of the hand's joints.
    std::vector<const Curve*> handCurves() const {
        std::vector<const Curve*> curves;
        forEachJoint([&](Joint joint) {
            for (int c = 0; c < kPoseCurveCount; ++c) curves.push_back(&recording_.curves[jointCurve(hand_, joint, c)]);
        });
        return curves;
    }

    Target target(Joint joint, double time) const {
        Target target;
        CurveCursor* curves = &cursors_[std::size_t(indexOf(joint)) * kPoseCurveCount];
        for (int c = 0; c < 3; ++c) target.p[c] = float(curves[kPositionX + c].value(time)) * kGltfPositionSigns[c];
        for (int c = 0; c < 4; ++c) target.q[c] = float(curves[kRotationX + c].value(time)) * kGltfRotationSigns[c];
        const dquat q(target.q[3], target.q[0], target.q[1], target.q[2]);
        target.pose = {dvec3(target.p[0], target.p[1], target.p[2]),
                       std::abs(glm::length(q) - 1) <= kUnitLengthSlack ? q : unit(q)};
        return target;
    }

    // The locals of every joint at a knot: the exact relative transform rounded to Float32, then moved so that its
    // composition gives back each key's Float32 value (land), and nudged by a rounding step where it still misses.
    void fill(float time, Knot& knot) const {
        static const auto positionNudges = nudges(3, 1), rotationNudges = nudges(4, 2);
        std::array<Pose, kJointCount> poses;
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint), p = parentIndex(joint);
            const Pose parent = p >= 0 ? poses[p] : Pose{};
            const std::uint8_t keys = knot.keys[j];
            Target aim = target(joint, time);
            // Between keys MRTK's components are a lerp, normalised when played: a knot there holds the unit
            // rotation, as players rotate children by the quaternion as it is (three.js scales them by its norm).
            if (!(keys >> 3 & 15)) aim.pose.q = unit(aim.pose.q);
            // world position = parent.p + R t, world rotation = Q r: both linear in the locals.
            const glm::dmat3 rotation = glm::mat3_cast(unit(parent.q));
            const dquat& pq = parent.q;
            const double left[4][4] = {{pq.w, -pq.z, pq.y, pq.x},
                                       {pq.z, pq.w, -pq.x, pq.y},
                                       {-pq.y, pq.x, pq.w, pq.z},
                                       {-pq.x, -pq.y, -pq.z, pq.w}};
            double positionMap[4][4] = {};
            for (int row = 0; row < 3; ++row)
                for (int col = 0; col < 3; ++col) positionMap[row][col] = rotation[col][row];
            const dvec3 lp = glm::inverse(unit(parent.q)) * (aim.pose.p - parent.p);
            const dquat lq = glm::conjugate(parent.q) * aim.pose.q / glm::dot(parent.q, parent.q);
            std::array<float, 4> t = {float(lp.x), float(lp.y), float(lp.z), 0};
            std::array<float, 4> r = {float(lq.x), float(lq.y), float(lq.z), float(lq.w)};
            const double origin[4] = {parent.p.x, parent.p.y, parent.p.z, 0};
            const double none[4] = {0, 0, 0, 0};
            land(t, 3, positionMap, origin, aim.p, keys & 7, 4, positionNudges);
            land(r, 4, left, none, aim.q, keys >> 3 & 15, 0, rotationNudges);
            std::copy_n(t.begin(), 3, knot.t[j].begin());
            knot.r[j] = r;
            poses[j] = compose(parent, knot.t[j].data(), knot.r[j].data());
        });
    }

    // Moves `local` (n components) so that map x local + origin rounds to `target` in the components of `needed`:
    // the residual of the tightest component is spread over the local components whose steps are fine enough to
    // place it (least norm), a few times; then single rounding steps around what is left are tried.
    static void land(std::array<float, 4>& local, int n, const double (&map)[4][4], const double (&origin)[4],
                     const float* target, unsigned needed, int spreads, const std::vector<std::array<int, 4>>& steps) {
        auto world = [&](const std::array<float, 4>& l, int c) {
            double w = origin[c];
            for (int i = 0; i < n; ++i) w += map[c][i] * l[i];
            return w;
        };
        auto hits = [&](const std::array<float, 4>& l) {
            for (int c = 0; c < n; ++c)
                if ((needed >> c & 1) && float(world(l, c)) != target[c]) return false;
            return true;
        };
        auto ulp = [](float x) {
            return double(std::nextafter(std::abs(x), std::numeric_limits<float>::infinity())) - std::abs(x);
        };
        for (int round = 0; round < spreads && !hits(local); ++round)
            for (int c = 0; c < n; ++c) {
                if (!(needed >> c & 1)) continue;
                const double residual = double(target[c]) - world(local, c), window = ulp(target[c]);
                if (std::abs(residual) < 0.25 * window) continue;
                double norm = 0;
                bool fine[4] = {};
                for (int i = 0; i < n; ++i)
                    if ((fine[i] = ulp(local[i]) * std::abs(map[c][i]) < 0.25 * window ||
                                   std::abs(residual) > ulp(local[i]) * std::abs(map[c][i])))
                        norm += map[c][i] * map[c][i];
                if (norm < 1e-12) continue;
                for (int i = 0; i < n; ++i)
                    if (fine[i]) local[i] = float(local[i] + residual * map[c][i] / norm);
            }
        if (hits(local)) return;
        for (const auto& step : steps) {
            std::array<float, 4> candidate = local;
            for (int i = 0; i < n; ++i) candidate[i] = stepped(local[i], step[i]);
            if (hits(candidate)) {
                local = candidate;
                return;
            }
        }
    }

    struct Deviation {
        double position = 0, rotation = 0;  // metres, degrees
    };

    // How far glTF's playback of the skeleton (LINEAR translations, slerped rotations, matrices composed) strays
    // from MRTK's playback of each joint, at seven points inside [a, b].
    Deviation deviationBetween(float a, float b) const {
        const Knot& ka = knots_.at(a);
        const Knot& kb = knots_.at(b);
        Deviation worst;
        for (double s : {0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95}) {
            const double time = double(a) + s * (double(b) - double(a));
            std::array<Pose, kJointCount> poses;
            forEachJoint([&](Joint joint) {
                const int j = indexOf(joint), p = parentIndex(joint);
                const Pose parent = p >= 0 ? poses[p] : Pose{};
                dvec3 t;
                for (int c = 0; c < 3; ++c) t[c] = ka.t[j][c] + s * (double(kb.t[j][c]) - ka.t[j][c]);
                const Quaternion local = slerp({ka.r[j][0], ka.r[j][1], ka.r[j][2], ka.r[j][3]},
                                               {kb.r[j][0], kb.r[j][1], kb.r[j][2], kb.r[j][3]}, s);
                const Pose played{parent.p + parent.q * t,
                                  unit(parent.q * dquat(local[3], local[0], local[1], local[2]))};
                poses[j] = played;
                const Target aim = target(joint, time);
                const dquat wanted = unit(aim.pose.q);
                worst.position = std::max(worst.position, glm::distance(played.p, aim.pose.p));
                worst.rotation =
                    std::max(worst.rotation, rotationAngle({played.q.x, played.q.y, played.q.z, played.q.w},
                                                           {wanted.x, wanted.y, wanted.z, wanted.w}));
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
    mutable std::vector<CurveCursor>
        cursors_;  // per curve of the hand's joints: evaluation near the last time is cheap
    std::map<float, Knot> knots_;
};

}  // namespace

HandWorld composeHand(const HandLocals& locals) {
    HandWorld world;
    const std::size_t n = locals.times.size();
    forEachJoint([&](Joint joint) {
        const int j = indexOf(joint);
        if (locals.translation[j].size() != n * 3 || locals.rotation[j].size() != n * 4) return;
        for (int kind = 0; kind < 2; ++kind) {
            Track& track = kind == 0 ? world.position[j] : world.rotation[j];
            track.components = kind == 0 ? 3 : 4;
            track.times = locals.times;
            track.values.resize(n * std::size_t(track.components));
        }
    });
    std::array<Pose, kJointCount> poses;
    for (std::size_t k = 0; k < n; ++k)
        forEachJoint([&](Joint joint) {
            const int j = indexOf(joint), p = parentIndex(joint);
            if (world.position[j].times.empty()) return;
            const Pose parent = p >= 0 && !world.position[p].times.empty() ? poses[p] : Pose{};
            poses[j] = compose(parent, &locals.translation[j][k * 3], &locals.rotation[j][k * 4]);
            const double q[4] = {poses[j].q.x, poses[j].q.y, poses[j].q.z, poses[j].q.w};
            for (int c = 0; c < 3; ++c) world.position[j].values[k * 3 + c] = float(poses[j].p[c]);
            for (int c = 0; c < 4; ++c) world.rotation[j].values[k * 4 + c] = float(q[c]);
        });
    return world;
}

Result<HandHierarchy> buildHandHierarchy(const Recording& recording, Hand hand, const TrackOptions& options,
                                         KnotBudget& budget) {
    return Builder(recording, hand, options, budget).build();
}

HandHierarchyAhead::HandHierarchyAhead(const Recording& recording, Hand hand, const TrackOptions& options,
                                       const KnotBudget& budget)
    : recording_(recording), hand_(hand), options_(options), budget_(budget), start_(budget.left()) {
    built_ = startAside([this] { return buildHandHierarchy(recording_, hand_, options_, budget_); });
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
    return buildHandHierarchy(recording_, hand_, options_, budget);
}

}  // namespace inputanim
