#include "inputanim/analysis/rebase.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "inputanim/analysis/diff.hpp"

namespace inputanim {
namespace {

struct PoseCurves {
    std::size_t first;
    int count;
    std::optional<Hand> hand;  // a joint's
};

// The curves of each pose diff names.
std::map<std::string, PoseCurves> poseCurves() {
    std::map<std::string, PoseCurves> poses;
    poses["camera"] = {cameraCurve(kPositionX), kPoseCurveCount, std::nullopt};
    for (Hand hand : kHands)
        for (Joint joint : kJoints)
            poses[std::string(handName(hand)) + "." + std::string(jointName(joint))] = {
                jointCurve(hand, joint, kPositionX), kPoseCurveCount, hand};
    poses["gaze.Origin"] = {gazeCurve(kGazeOriginX), 3, std::nullopt};
    poses["gaze.Direction"] = {gazeCurve(kGazeDirectionX), 3, std::nullopt};
    return poses;
}

// Whether a pose moves at all: its curves' values stay within `tolerance` of their first ones.
bool moves(const Recording& r, const PoseCurves& pose, double tolerance) {
    for (int c = 0; c < pose.count; ++c) {
        const Curve& curve = r.curves[pose.first + std::size_t(c)];
        for (std::size_t k = 1; k < curve.keys.size(); ++k)
            if (std::abs(curve.keys.value(k) - curve.keys.value(0)) > tolerance) return true;
    }
    return false;
}

}  // namespace

Result<Recording> rebase(const Recording& base, const Recording& edited, const RebaseOptions& options,
                         RebaseReport* report) {
    if (base.encoding != edited.encoding)
        return Error::malformed("the edit holds " + std::string(describe(edited.encoding)) + ", the base " +
                                std::string(describe(base.encoding)) + ": read the edit back in the base's encoding");
    auto diff = diffRecordings(base, edited);
    if (!diff) return diff.error();
    Recording result = base;
    std::vector<std::string> taken;
    auto take = [&](const std::string& name, std::size_t first, int count) {
        for (int c = 0; c < count; ++c) result.curves[first + std::size_t(c)] = edited.curves[first + std::size_t(c)];
        taken.push_back(name);
    };
    std::array<bool, 2> trackingEdited{};
    for (const BooleanDiff& b : diff->booleans) {
        if (!b.countsDiffer && b.maxShift <= options.switchTolerance) continue;
        for (int i = 0; i < kBooleanCount; ++i)
            if (booleanName(BooleanCurve(i)) == b.name) {
                take(b.name, booleanCurve(BooleanCurve(i)), 1);
                for (Hand hand : kHands)
                    if (BooleanCurve(i) == trackedCurve(hand)) trackingEdited[std::size_t(hand)] = true;
            }
    }
    const auto poses = poseCurves();
    for (const PoseDiff& p : diff->poses)
        if (p.maxPosition > options.positionTolerance || p.maxRotation > options.rotationTolerance)
            take(p.name, poses.at(p.name).first, poses.at(p.name).count);
    // What only the edit has keys for: a joint of a hand whose tracking the edit changed, a camera or gaze it moves.
    for (const std::string& name : diff->onlyInB) {
        const PoseCurves& pose = poses.at(name);
        const bool wanted =
            pose.hand ? trackingEdited[std::size_t(int(*pose.hand))] : moves(edited, pose, options.positionTolerance);
        if (wanted && result.sectionPresent(sectionOf(pose.first))) take(name, pose.first, pose.count);
    }
    if (report) report->edited = std::move(taken);
    return result;
}

}  // namespace inputanim
