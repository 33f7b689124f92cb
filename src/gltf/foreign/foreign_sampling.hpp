// Motion of a foreign glTF's nodes as glTF plays it, sampled (every key time and a grid between) within a budget that
// grows with the file's keys, and fitted with keys as it comes (internal to the glTF layer).
#pragma once

#include <array>
#include <vector>

#include "document.hpp"
#include "foreign_fit.hpp"
#include "hand_rig.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {

// The sampling work left: a fixed allowance of transforms composed (a sample times the ancestors walked for it) and
// so many per key of the file, spent node by node before the work, so that a deep chain keyed at times of its own is
// refused at once rather than after minutes.
class SamplingBudget {
public:
    explicit SamplingBudget(const GltfDocument& doc);
    // Sampling `node` at `samples` times, from its parent's cached world poses or by walking to the root; refused
    // (Reason::FitBudget) without spending anything when the budget left is too small.
    Status spend(int node, std::size_t samples, bool fromParent);

private:
    const GltfDocument& doc_;
    double left_ = 0, total_ = 0;
};

// The times at which to evaluate motion: every key time that affects it, and a uniform grid between, at `rate` or
// coarser where the keys are too few for that span (then `coarsened` is set).
std::vector<float> sampleTimes(std::vector<float> keyTimes, double rate, bool& coarsened);

// A glTF camera looks down -Z and MRTK's head down +Z: half a turn about Y.
inline const Matrix3 kCameraViewTurn = {-1, 0, 0, 0, 1, 0, 0, 0, -1};
inline const Matrix3 kNoTurn = {1, 0, 0, 0, 1, 0, 0, 0, 1};

// The world matrices of the node sampled last, at its times: a child sampled at the same times (joints of a chain, in
// a rig whose bones are nested) composes its own transform with them instead of walking up to the root.
struct WorldCache {
    int node = -1, unscaled = -1;
    std::vector<float> times;
    std::vector<std::array<double, 16>> world;
};

// World poses at the times, in Unity coordinates, each rotation the node's axes turned by `turn`, quaternions kept in
// one hemisphere. `unscaled`: see GltfDocument::Player::worldAt. Refused beyond the budget, or where a pose is not
// finite (a scale that overflows), naming the node.
Status samplePoses(const GltfDocument& doc, int node, const std::vector<float>& times, const Matrix3& turn,
                   int unscaled, SampledVector& position, SampledVector& rotation, WorldCache& cache,
                   SamplingBudget& budget);

// The world matrices of the node probed last, at its probe times (WorldCache's counterpart for fitMeasured's probes),
// and the buffer the next batch is composed into: batches reuse their memory.
struct ProbeCache {
    int node = -1, unscaled = -1;
    std::vector<double> times;
    std::vector<std::array<double, 16>> world, next;
};

// A node's world pose as samplePoses gives it, for fitMeasured: targets position, then rotation. Probes of a
// joint at its parent's probe times compose with the parent's world matrices, as samples do.
class PoseMotion final : public Motion {
public:
    PoseMotion(const GltfDocument& doc, int node, const Matrix3& turn, int unscaled, WorldCache& cache,
               ProbeCache& probes, SamplingBudget& budget)
        : doc_(doc),
          player_(doc),
          node_(node),
          turn_(turn),
          unscaled_(unscaled),
          cache_(cache),
          probes_(probes),
          budget_(budget) {}
    Status sample(const std::vector<float>& times, std::vector<SampledVector>& samples) override;
    void at(double time, std::vector<Probe>& values) override;
    void atTimes(const std::vector<double>& times, std::size_t targets, std::vector<Probe>& values) override;

private:
    void poseOf(const std::array<double, 16>& world, Probe* values) const;  // position, rotation
    const GltfDocument& doc_;
    GltfDocument::Player player_;
    int node_;
    const Matrix3& turn_;
    int unscaled_;
    WorldCache& cache_;
    ProbeCache& probes_;
    SamplingBudget& budget_;
};

// Eye gaze: the origin node's position, and the direction node's position from it (targets origin, direction).
class GazeMotion final : public Motion {
public:
    GazeMotion(const GltfDocument& doc, int origin, int direction, WorldCache& cache, ProbeCache& probes,
               SamplingBudget& budget)
        : origin_(doc, origin, kNoTurn, -1, cache, probes, budget),
          direction_(doc, direction, kNoTurn, -1, cache, probes, budget) {}
    Status sample(const std::vector<float>& times, std::vector<SampledVector>& samples) override;
    void at(double time, std::vector<Probe>& values) override;

private:
    PoseMotion origin_, direction_;
};

// Keys fitted to the samples (within kFitInto of `tolerance`), replacing the curves' keys.
inline constexpr double kFitInto = 0.9;
void fitInto(const SampledVector& samples, int components, bool isRotation, double tolerance, KeyFit fit,
             Curve* curves);

// A hand whose joints move without turning: at each time, every joint's position, and the frames the hand's positions
// give then (mrtkFramesAt, as at the reference pose), fitted as they come: memory follows the keys.
Status fitFramesFromPositions(const GltfDocument& doc, Hand hand, const HandRig& rig, const std::vector<float>& times,
                              const Tolerances& tolerances, KeyFit fit, Recording& r, SamplingBudget& budget);

}  // namespace inputanim
