#include "inputanim/analysis/diff.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {
namespace {

bool hasKeys(const Recording& r, std::size_t first, int count) {
    if (!r.sectionPresent(sectionOf(first))) return false;
    for (int c = 0; c < count; ++c)
        if (!r.curves[first + c].keys.empty()) return true;
    return false;
}

std::vector<double> switches(const Curve& curve, double start, double end) {
    std::vector<double> times;
    for (std::size_t k = 1; k < curve.keys.size(); ++k) {
        const double t = curve.keys[k].time;
        if (booleanOn(curve.keys[k].value) != booleanOn(curve.keys[k - 1].value) && t > start && t <= end)
            times.push_back(t);
    }
    return times;
}

// Runs of consecutive samples beyond a tolerance of one pose: sample i is the i-th of the compared times; `excess`
// is how many tolerances apart the pose is there.
class Spans {
public:
    explicit Spans(std::string pose) : pose_(std::move(pose)) {}
    void sample(double t, bool beyond, double excess) {
        if (beyond && !open_) spans_.push_back({{t, t}, t, pose_, excess});
        if (beyond) {
            DiffSpan& span = spans_.back();
            span.end = t;
            if (excess > span.excess) span.worst = t, span.excess = excess;
        }
        open_ = beyond;
    }
    void skip() { open_ = false; }  // a time not compared ends a run
    std::vector<DiffSpan> take() { return std::move(spans_); }

private:
    std::string pose_;
    std::vector<DiffSpan> spans_;
    bool open_ = false;
};

// Spans of all poses in time order, those at most `step` apart joined (keeping the worst moment of the two).
std::vector<DiffSpan> merged(const std::vector<PoseDiff>& poses, double step) {
    std::vector<DiffSpan> all;
    for (const PoseDiff& p : poses) all.insert(all.end(), p.differs.begin(), p.differs.end());
    std::stable_sort(all.begin(), all.end(), [](const DiffSpan& a, const DiffSpan& b) { return a.start < b.start; });
    std::vector<DiffSpan> out;
    for (const DiffSpan& s : all) {
        if (out.empty() || s.start > out.back().end + step * 1.5) {
            out.push_back(s);
            continue;
        }
        DiffSpan& last = out.back();
        const double start = last.start, end = std::max(last.end, s.end);
        if (s.excess > last.excess) last = s;
        last.start = start, last.end = end;
    }
    return out;
}

class Differ {
public:
    Differ(const Recording& a, const Recording& b, const DiffOptions& options) : a_(a), b_(b), options_(options) {
        const TimeRange ra = timeRange(a), rb = timeRange(b);
        report_.start = options.start.value_or(std::max({0.0, ra.start, rb.start - options.offset}));
        report_.end = options.end.value_or(std::min(ra.end, rb.end - options.offset));
        if (report_.end < report_.start) report_.end = report_.start;
    }

    Result<DiffReport> run() {
        auto times = timeGrid(report_.start, report_.end, options_.rate);
        if (!times) return times.error();
        times_ = std::move(*times);
        comparePose("camera", kCameraFirst, std::nullopt);
        for (Hand hand : kHands)
            for (Joint joint : kJoints)
                comparePose(std::string(handName(hand)) + "." + std::string(jointName(joint)),
                            jointCurve(hand, joint, kPositionX), hand);
        compareVector("gaze.Origin", gazeCurve(kGazeOriginX), false);
        compareVector("gaze.Direction", gazeCurve(kGazeDirectionX), true);
        if (a_.hasHandData && b_.hasHandData)
            for (int i = 0; i < kBooleanCount; ++i)
                compareBoolean(std::string(booleanName(BooleanCurve(i))), booleanCurve(BooleanCurve(i)));
        report_.differs = merged(report_.poses, 1 / options_.rate);
        return std::move(report_);
    }

private:
    // Both have it, or it is listed as present in one only. Returns whether to compare.
    bool presence(const std::string& name, bool inA, bool inB) {
        if (inA && !inB) report_.onlyInA.push_back(name);
        if (inB && !inA) report_.onlyInB.push_back(name);
        return inA && inB;
    }

    void comparePose(const std::string& name, std::size_t first, std::optional<Hand> hand) {
        if (!presence(name, hasKeys(a_, first, 7), hasKeys(b_, first, 7))) return;
        PoseDiff diff{name};
        Spans spans(name);
        std::size_t rotations = 0;
        for (double t : times_) {
            // An untracked hand shows nothing, so its joints are compared only where both track it.
            const std::size_t tracked = hand ? booleanCurve(trackedCurve(*hand)) : 0;
            if (hand && !(booleanAt(a_.curves[tracked], t) && booleanAt(b_.curves[tracked], t + options_.offset))) {
                spans.skip();
                continue;
            }
            const PoseSample pa = samplePose(a_, first, t, Coordinates::Unity),
                             pb = samplePose(b_, first, t + options_.offset, Coordinates::Unity);
            double d2 = 0;
            for (int c = 0; c < 3; ++c) d2 += std::pow(pa.position[c] - pb.position[c], 2);
            const double dp = std::sqrt(d2);
            diff.maxPosition = std::max(diff.maxPosition, dp);
            diff.meanPosition += dp;
            ++diff.samples;
            double dr = 0;
            if (pa.rotationDefined && pb.rotationDefined) {
                dr = rotationAngle(pa.rotation, pb.rotation);
                diff.maxRotation = std::max(diff.maxRotation, dr);
                diff.meanRotation += dr;
                ++rotations;
            }
            spans.sample(t, dp > options_.positionTolerance || dr > options_.rotationTolerance,
                         std::max(dp / options_.positionTolerance, dr / options_.rotationTolerance));
        }
        if (diff.samples) diff.meanPosition /= double(diff.samples);
        if (rotations) diff.meanRotation /= double(rotations);
        diff.differs = spans.take();
        add(std::move(diff));
    }

    // Gaze's origin, or its direction as MRTK plays it (unit length).
    void compareVector(const std::string& name, std::size_t first, bool direction) {
        if (!presence(name, hasKeys(a_, first, 3), hasKeys(b_, first, 3))) return;
        PoseDiff diff{name};
        Spans spans(name);
        for (double t : times_) {
            std::array<double, 3> originA, directionA, originB, directionB;
            sampleGaze(a_, t, Coordinates::Unity, originA, directionA);
            sampleGaze(b_, t + options_.offset, Coordinates::Unity, originB, directionB);
            const auto& va = direction ? directionA : originA;
            const auto& vb = direction ? directionB : originB;
            double d2 = 0;
            for (int c = 0; c < 3; ++c) d2 += (va[c] - vb[c]) * (va[c] - vb[c]);
            diff.maxPosition = std::max(diff.maxPosition, std::sqrt(d2));
            diff.meanPosition += std::sqrt(d2);
            ++diff.samples;
            spans.sample(t, std::sqrt(d2) > options_.positionTolerance, std::sqrt(d2) / options_.positionTolerance);
        }
        if (diff.samples) diff.meanPosition /= double(diff.samples);
        diff.differs = spans.take();
        add(std::move(diff));
    }

    void add(PoseDiff diff) {
        report_.maxPosition = std::max(report_.maxPosition, diff.maxPosition);
        report_.maxRotation = std::max(report_.maxRotation, diff.maxRotation);
        report_.poses.push_back(std::move(diff));
    }

    void compareBoolean(const std::string& name, std::size_t index) {
        const double offset = options_.offset;
        BooleanDiff diff{name, switches(a_.curves[index], report_.start, report_.end),
                         switches(b_.curves[index], report_.start + offset, report_.end + offset)};
        for (double& t : diff.switchesB) t -= offset;
        diff.countsDiffer = diff.switchesA.size() != diff.switchesB.size();
        for (std::size_t i = 0; i < std::min(diff.switchesA.size(), diff.switchesB.size()); ++i)
            diff.maxShift = std::max(diff.maxShift, std::abs(diff.switchesA[i] - diff.switchesB[i]));
        // The states at the start must agree too: a difference there is a switch that one of them lacks.
        if (booleanAt(a_.curves[index], report_.start) != booleanAt(b_.curves[index], report_.start + offset))
            diff.countsDiffer = true;
        report_.maxSwitchShift = std::max(report_.maxSwitchShift, diff.maxShift);
        report_.switchCountsDiffer |= diff.countsDiffer;
        report_.booleans.push_back(std::move(diff));
    }

    const Recording& a_;
    const Recording& b_;
    const DiffOptions& options_;
    std::vector<double> times_;
    DiffReport report_;
};

}  // namespace

bool withinTolerances(const DiffReport& report, const DiffOptions& options) {
    return report.maxPosition <= options.positionTolerance && report.maxRotation <= options.rotationTolerance &&
           report.maxSwitchShift <= options.switchTolerance && !report.switchCountsDiffer && report.onlyInA.empty() &&
           report.onlyInB.empty();
}

Status checkDiffOptions(const DiffOptions& options) {
    const auto finite = [](std::optional<double> t) { return !t || std::isfinite(*t); };
    if (!std::isfinite(options.offset))
        return Error::usage("the offset is not a finite number of seconds", Reason::WindowInvalid);
    if (!finite(options.start) || !finite(options.end) ||
        (options.start && options.end && *options.end < *options.start))
        return Error::usage("the times compared are not a finite interval (a start, then an end not before it)",
                            Reason::WindowInvalid);
    if (!(options.positionTolerance > 0) || !(options.rotationTolerance > 0) || !(options.switchTolerance >= 0) ||
        !std::isfinite(options.positionTolerance + options.rotationTolerance + options.switchTolerance))
        return Error::usage(
            "the tolerances are finite: position (metres) and rotation (degrees) above 0, switches "
            "(seconds) 0 or more");
    return Success{};
}

Result<DiffReport> diffRecordings(const Recording& a, const Recording& b, const DiffOptions& options) {
    if (auto checked = checkDiffOptions(options); !checked) return checked.error();
    return Differ(a, b, options).run();
}

}  // namespace inputanim
