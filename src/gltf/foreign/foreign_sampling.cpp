// Sampling a foreign glTF's motion within a budget, and fitting keys to it as it comes.
#include "foreign_sampling.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/hand_model.hpp"

namespace inputanim {
namespace {

// Grid samples allowed per key time, beyond a fixed allowance: memory follows what the file holds, even
// when a few keys span a huge time (about 200 bytes per sample of the node being read).
constexpr double kGridSamplesPerKey = 8;
constexpr double kGridAllowance = 20'000;
// Transforms composed (a sample times the ancestors walked for it), in all: a fixed allowance and so many per key of
// the file, so that a deep chain keyed at times of its own is refused before the work rather than after minutes.
constexpr double kTransformAllowance = 2'000'000;
constexpr double kTransformsPerKey = 64;

// A world matrix whose pose keys can hold: every element finite, the position within Float32's range.
bool holdsFinitePose(const std::array<double, 16>& m) {
    return std::all_of(m.begin(), m.end(), [](double v) { return std::isfinite(v); }) &&
           std::all_of(m.begin() + 12, m.begin() + 15, [](double v) { return std::isfinite(float(v)); });
}

Error notFinite(const GltfDocument& doc, int node, double time) {
    return Error{doc.path(),
                 {},
                 "'" + doc.model().nodes[std::size_t(node)].name + "' has no finite pose at " + std::to_string(time) +
                     " s: a transform of it or of a node above it overflows (beyond Float32's range)"}
        .at("/nodes/" + std::to_string(node));
}

// A world matrix's translation in Unity's axes (x, y, z, 0).
std::array<double, 4> unityPosition(const std::array<double, 16>& m) {
    return {m[12] * kGltfPositionSigns[0], m[13] * kGltfPositionSigns[1], m[14] * kGltfPositionSigns[2], 0};
}

std::array<double, 4> unityRotation(const std::array<double, 4>& q) {
    return {q[0] * kGltfRotationSigns[0], q[1] * kGltfRotationSigns[1], q[2] * kGltfRotationSigns[2],
            q[3] * kGltfRotationSigns[3]};
}

// Unity's rotations of MRTK's frames, each on the same hemisphere as the one before; where a node is scaled to
// nothing (no orientation), the nearest orientation before it holds, or the first after it, or identity.
std::vector<std::array<double, 4>> heldRotations(const std::vector<std::optional<std::array<double, 4>>>& turned) {
    const auto first = std::find_if(turned.begin(), turned.end(), [](const auto& q) { return q.has_value(); });
    std::array<double, 4> held = first == turned.end() ? std::array<double, 4>{0, 0, 0, 1} : **first;
    std::vector<std::array<double, 4>> out;
    out.reserve(turned.size());
    for (const auto& q : turned) {
        if (q) held = *q;
        std::array<double, 4> unity = unityRotation(held);
        if (!out.empty() && dot(out.back(), unity) < 0)
            for (double& c : unity) c = -c;
        out.push_back(unity);
    }
    return out;
}

}  // namespace

SamplingBudget::SamplingBudget(const GltfDocument& doc) : doc_(doc) {
    double keys = 0;
    for (const ChannelData& channel : doc.channels()) keys += double(channel.track().times.size());
    left_ = total_ = kTransformAllowance + kTransformsPerKey * keys;
}

Status SamplingBudget::spend(int node, std::size_t samples, bool fromParent) {
    double depth = 1;
    for (int n = doc_.parentOf(node); n >= 0 && !fromParent; n = doc_.parentOf(n)) ++depth;
    if (const double cost = double(samples) * depth; cost <= left_) {
        left_ -= cost;
        return Success{};
    }
    return Error{
        doc_.path(),
        {},
        "reading '" + doc_.model().nodes[std::size_t(node)].name + "' at " + std::to_string(samples) +
            " times through " + std::to_string(int(depth)) + " levels of nodes would take more than the " +
            std::to_string(std::llround(total_)) +
            " transforms this file's keys allow: its nodes are keyed at too many distinct times for their depth",
        ErrorKind::Refused,
        Reason::FitBudget}
        .at("/nodes/" + std::to_string(node));
}

std::vector<float> sampleTimes(std::vector<float> keyTimes, double rate, bool& coarsened) {
    if (keyTimes.size() < 2) return keyTimes.empty() ? std::vector<float>{0.0f} : keyTimes;
    const double first = keyTimes.front(), last = keyTimes.back();
    const double limit = kGridAllowance + kGridSamplesPerKey * double(keyTimes.size());
    if ((last - first) * rate > limit) {
        rate = limit / (last - first);
        coarsened = true;
    }
    const std::size_t count = std::size_t((last - first) * rate);
    keyTimes.reserve(keyTimes.size() + count + 1);
    const std::size_t keys = keyTimes.size();
    for (std::size_t i = 0; i < count; ++i) keyTimes.push_back(float(first + double(i) / rate));
    std::inplace_merge(keyTimes.begin(), keyTimes.begin() + std::ptrdiff_t(keys), keyTimes.end());  // both sorted
    keyTimes.erase(std::unique(keyTimes.begin(), keyTimes.end()), keyTimes.end());
    return keyTimes;
}

Status samplePoses(const GltfDocument& doc, int node, const std::vector<float>& times, const Matrix3& turn,
                   int unscaled, SampledVector& position, SampledVector& rotation, WorldCache& cache,
                   SamplingBudget& budget) {
    GltfDocument::Player player(doc);
    const bool fromParent = doc.parentOf(node) >= 0 && doc.parentOf(node) == cache.node && cache.unscaled == unscaled &&
                            cache.times == times;
    if (auto s = budget.spend(node, times.size(), fromParent); !s) return s;
    std::vector<std::array<double, 16>> world(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
        world[i] = fromParent ? player.worldFromParent(node, times[i], cache.world[i], unscaled)
                              : player.worldAt(node, times[i], unscaled);
    cache = {node, unscaled, times, std::move(world)};

    position = {times, {}};
    rotation = {times, {}};
    position.values.reserve(times.size());
    std::vector<std::optional<std::array<double, 4>>> turned(times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
        const auto& m = cache.world[i];
        if (!holdsFinitePose(m)) return notFinite(doc, node, times[i]);
        position.values.push_back(unityPosition(m));
        turned[i] = mrtkRotation(m, turn);
    }
    rotation.values = heldRotations(turned);
    return Success{};
}

Status PoseMotion::sample(const std::vector<float>& times, std::vector<SampledVector>& samples) {
    samples.resize(2);
    return samplePoses(doc_, node_, times, turn_, unscaled_, samples[0], samples[1], cache_, budget_);
}

void PoseMotion::poseOf(const std::array<double, 16>& m, Probe* values) const {
    values[0] = values[1] = std::nullopt;
    if (!holdsFinitePose(m)) return;
    values[0] = unityPosition(m);
    if (auto q = mrtkRotation(m, turn_)) values[1] = unityRotation(*q);
}

void PoseMotion::at(double time, std::vector<Probe>& values) {
    values.resize(2);
    poseOf(player_.worldAt(node_, time, unscaled_), values.data());
}

void PoseMotion::atTimes(const std::vector<double>& times, std::size_t targets, std::vector<Probe>& values) {
    const int parent = doc_.parentOf(node_);
    const bool fromParent =
        parent >= 0 && probes_.node == parent && probes_.unscaled == unscaled_ && probes_.times == times;
    std::vector<std::array<double, 16>>& world = probes_.next;
    world.resize(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
        world[i] = fromParent ? player_.worldFromParent(node_, times[i], probes_.world[i], unscaled_)
                              : player_.worldAt(node_, times[i], unscaled_);
    values.assign(times.size() * targets, std::nullopt);
    for (std::size_t i = 0; i < times.size(); ++i) poseOf(world[i], &values[i * targets]);
    std::swap(probes_.world, probes_.next);
    probes_.node = node_;
    probes_.unscaled = unscaled_;
    probes_.times.assign(times.begin(), times.end());
}

Status GazeMotion::sample(const std::vector<float>& times, std::vector<SampledVector>& samples) {
    std::vector<SampledVector> origin, direction;
    if (auto s = origin_.sample(times, origin); !s) return s;
    if (auto s = direction_.sample(times, direction); !s) return s;
    for (std::size_t i = 0; i < times.size(); ++i)
        for (int c = 0; c < 3; ++c) direction[0].values[i][c] -= origin[0].values[i][c];
    samples = {std::move(origin[0]), std::move(direction[0])};
    return Success{};
}

void GazeMotion::at(double time, std::vector<Probe>& values) {
    std::vector<Probe> direction;
    origin_.at(time, values);
    direction_.at(time, direction);
    values.resize(2);
    values[1] = direction[0];
    if (!values[0] || !values[1]) return values.assign(2, std::nullopt);
    for (int c = 0; c < 3; ++c) (*values[1])[c] -= (*values[0])[c];
}

namespace {

// Keys fitted to motion fed sample by sample, replacing the curves' keys.
StreamedReduction keyStream(Curve* curves, int components, bool isRotation, double tolerance, KeyFit fit) {
    for (int c = 0; c < components; ++c) curves[c].keys.clear();
    // Fit to 90% of the tolerance: the check is at samples, and Float32 rounding comes on top.
    return StreamedReduction(curves, components, isRotation, kFitInto * tolerance, fit);
}

}  // namespace

void fitInto(const SampledVector& samples, int components, bool isRotation, double tolerance, KeyFit fit,
             Curve* curves) {
    StreamedReduction stream = keyStream(curves, components, isRotation, tolerance, fit);
    for (std::size_t i = 0; i < samples.times.size(); ++i) stream.add(samples.times[i], samples.values[i]);
    stream.finish();
}

Status fitFramesFromPositions(const GltfDocument& doc, Hand hand, const HandRig& rig, const std::vector<float>& times,
                              const Tolerances& tolerances, KeyFit fit, Recording& r, SamplingBudget& budget) {
    std::vector<std::pair<Joint, int>> present;
    std::vector<StreamedReduction> streams;
    for (Joint joint : kJoints)
        if (const int node = rig.nodes[indexOf(joint)]; node >= 0 && joint != Joint::None) {
            present.emplace_back(joint, node);
            streams.push_back(
                keyStream(&r.curves[jointCurve(hand, joint, kPositionX)], 3, false, tolerances.position, fit));
            streams.push_back(
                keyStream(&r.curves[jointCurve(hand, joint, kRotationX)], 4, true, tolerances.rotation, fit));
        }
    for (const auto& [joint, node] : present)
        if (auto s = budget.spend(node, times.size(), false); !s) return s;
    GltfDocument::Player player(doc);
    std::optional<HandPose> frames;
    for (float t : times) {
        HandPositions at;
        for (const auto& [joint, node] : present) {
            const auto world = player.worldAt(node, t, rig.stateNode);
            if (!holdsFinitePose(world)) return notFinite(doc, node, t);
            const auto p = unityPosition(world);
            at.set(joint, {p[0], p[1], p[2]});
        }
        // Where the knuckles meet (a degenerate instant), the frames before hold.
        if (auto now = mrtkFramesAt(hand, at)) frames = now;
        for (std::size_t k = 0; k < present.size(); ++k) {
            const Vector3& p = at[present[k].first];
            streams[2 * k].add(t, {p[0], p[1], p[2], 0});
            streams[2 * k + 1].add(t, frames ? (*frames)[indexOf(present[k].first)].rotation : Quaternion{0, 0, 0, 1});
        }
    }
    for (auto& stream : streams) stream.finish();
    return Success{};
}

}  // namespace inputanim
