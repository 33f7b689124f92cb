#include "hand_solve.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/tracks/curve_tracks.hpp"

namespace inputanim::hand {
namespace {

using glm::dquat;
using glm::dvec3;

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

// Moves `local` (n components) so that map x local + origin rounds to `target` in the components of `needed`:
// the residual of the tightest component is spread over the local components whose steps are fine enough to
// place it (least norm), a few times; then single rounding steps around what is left are tried.
void land(std::array<float, 4>& local, int n, const double (&map)[4][4], const double (&origin)[4], const float* target,
          unsigned needed, int spreads, const std::vector<std::array<int, 4>>& steps) {
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

// Every curve of the hand's joints but None's.
std::vector<const Curve*> handCurves(const Recording& recording, Hand hand) {
    std::vector<const Curve*> curves;
    forEachJoint([&](Joint joint) {
        for (int c = 0; c < kPoseCurveCount; ++c) curves.push_back(&recording.curves[jointCurve(hand, joint, c)]);
    });
    return curves;
}

}  // namespace

dquat unit(const dquat& q) {
    const double n = glm::length(q);
    return n > 1e-12 && std::isfinite(n) ? q / n : dquat(1, 0, 0, 0);
}

Pose compose(const Pose& parent, const float* t, const float* r) {
    return {parent.p + unit(parent.q) * dvec3(t[0], t[1], t[2]), parent.q * dquat(r[3], r[0], r[1], r[2])};
}

Pose played(const Pose& parent, const Local& a, const Local& b, double s) {
    dvec3 t;
    for (int c = 0; c < 3; ++c) t[c] = a.t[c] + s * (double(b.t[c]) - a.t[c]);
    const Quaternion local = slerp({a.r[0], a.r[1], a.r[2], a.r[3]}, {b.r[0], b.r[1], b.r[2], b.r[3]}, s);
    return {parent.p + parent.q * t, unit(parent.q * dquat(local[3], local[0], local[1], local[2]))};
}

PlayedSpan::PlayedSpan(const Local& a, const Local& b)
    : ta_(a.t[0], a.t[1], a.t[2]),
      tb_(b.t[0], b.t[1], b.t[2]),
      ends_({a.r[0], a.r[1], a.r[2], a.r[3]}, {b.r[0], b.r[1], b.r[2], b.r[3]}) {}

Pose PlayedSpan::at(const Pose& parent, double s) const {
    const dvec3 t = ta_ + s * (tb_ - ta_);
    const auto [wa, wb] = ends_.weights(s);
    const dquat slerped(wa * ends_.a[3] + wb * ends_.b[3], wa * ends_.a[0] + wb * ends_.b[0],
                        wa * ends_.a[1] + wb * ends_.b[1], wa * ends_.a[2] + wb * ends_.b[2]);
    const dquat q = parent.q * slerped;  // the slerp's length normalised with the product's
    const double n = glm::length(q);
    return {parent.p + parent.q * t, n > 1e-12 && std::isfinite(n) ? q * (1 / n) : dquat(1, 0, 0, 0)};
}

int parentIndex(Joint joint) {
    static const auto parents = [] {
        std::array<int, kJointCount> index{};
        for (Joint j : kJoints) index[indexOf(j)] = parentJoint(j) ? indexOf(*parentJoint(j)) : -1;
        return index;
    }();
    return parents[indexOf(joint)];
}

Targets::Targets(const Recording& recording, Hand hand) {
    const std::size_t first = jointCurve(hand, Joint::None, 0);
    for (std::size_t i = first; i < first + kJointCount * kPoseCurveCount; ++i)
        cursors_.emplace_back(recording.curves[i]);
}

Target Targets::at(Joint joint, double time) const {
    Target target;
    CurveCursor* curves = &cursors_[std::size_t(indexOf(joint)) * kPoseCurveCount];
    for (int c = 0; c < 3; ++c) target.p[c] = float(curves[kPositionX + c].value(time)) * kGltfPositionSigns[c];
    for (int c = 0; c < 4; ++c) target.q[c] = float(curves[kRotationX + c].value(time)) * kGltfRotationSigns[c];
    const dquat q(target.q[3], target.q[0], target.q[1], target.q[2]);
    target.pose = {dvec3(target.p[0], target.p[1], target.p[2]),
                   std::abs(glm::length(q) - 1) <= kUnitLengthSlack ? q : unit(q)};
    return target;
}

Local solveLocal(const Pose& parent, Target aim, std::uint8_t keys) {
    static const auto positionNudges = nudges(3, 1), rotationNudges = nudges(4, 2);
    // Between keys MRTK's components are a lerp, normalised when played: a knot there holds the unit rotation, as
    // players rotate children by the quaternion as it is (three.js scales them by its norm).
    if (!(keys >> 3 & 15)) aim.pose.q = unit(aim.pose.q);
    // world position = parent.p + R t, world rotation = Q r: both linear in the locals.
    const glm::dmat3 rotation = glm::mat3_cast(unit(parent.q));
    const dquat& pq = parent.q;
    const double left[4][4] = {
        {pq.w, -pq.z, pq.y, pq.x}, {pq.z, pq.w, -pq.x, pq.y}, {-pq.y, pq.x, pq.w, pq.z}, {-pq.x, -pq.y, -pq.z, pq.w}};
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
    return {{t[0], t[1], t[2]}, r};
}

void Deviation::include(const Pose& played, const Target& aim) {
    const dquat wanted = unit(aim.pose.q);
    position = std::max(position, glm::distance(played.p, aim.pose.p));
    rotation = std::max(rotation, rotationAngle({played.q.x, played.q.y, played.q.z, played.q.w},
                                                {wanted.x, wanted.y, wanted.z, wanted.w}));
}

bool strays(const Deviation& deviation, const TrackOptions& options) {
    return deviation.position > 0.9 * options.tolerances.position ||
           deviation.rotation > 0.9 * options.tolerances.rotation;
}

Error tooManyKnots(std::size_t allowed) {
    return Error::refused(
        "the hierarchical rig needs more than " + std::to_string(allowed) + " knots the hand's keys allow",
        Reason::FitBudget);
}

Result<std::array<OwnKnots, kJointCount>> ownKnots(const Recording& recording, Hand hand, const TrackOptions& options,
                                                   KnotBudget& budget) {
    TrackOptions linear = options;
    linear.linearOnly = true;
    std::array<OwnKnots, kJointCount> own;
    std::array<Track, kJointCount> flat[2];
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        for (int kind = 0; kind < 2; ++kind) {
            const std::size_t first = jointCurve(hand, joint, kind == 0 ? kPositionX : kRotationX);
            auto track =
                trackOfCurves(recording, first, kind == 0 ? TrackKind::Vector : TrackKind::Rotation, linear, &budget);
            if (!track) return track.error();
            if (*track) flat[kind][indexOf(joint)] = std::move(**track);
        }
    }
    for (Joint joint : kJoints) {
        const int j = indexOf(joint);
        OwnKnots& knots = own[std::size_t(j)];
        std::merge(flat[0][j].times.begin(), flat[0][j].times.end(), flat[1][j].times.begin(), flat[1][j].times.end(),
                   std::back_inserter(knots.times));
        knots.times.erase(std::unique(knots.times.begin(), knots.times.end()), knots.times.end());
        knots.keys.assign(knots.times.size(), 0);
        for (int kind = 0; kind < 2; ++kind) {
            const Track& track = flat[kind][j];
            for (int c = 0; c < track.components; ++c)
                for (std::uint32_t k : track.keyKnots[c]) {
                    const auto at = std::lower_bound(knots.times.begin(), knots.times.end(), track.times[k]);
                    knots.keys[std::size_t(at - knots.times.begin())] |= std::uint8_t(1 << (kind * 3 + c));
                }
        }
    }
    return own;
}

// Each knot added composes and checks the whole hand: a quarter of a channel's allowance per key.
std::size_t addedKnotsAllowed(const Recording& recording, Hand hand, const TrackOptions& options,
                              const KnotBudget& budget) {
    const auto curves = handCurves(recording, hand);
    std::size_t keys = 0;
    for (const Curve* curve : curves) keys += curve->keys.size();
    return std::min(budget.limit(options, curves).maxKnots,
                    KnotBudget::kTrackAllowance + KnotBudget::kPerKey / 4 * keys);
}

}  // namespace inputanim::hand
