// The geometry of a foreign hand rig's joints (internal to the foreign rigs' room): Unity <-> glTF frames, which
// hand a pose looks like, and the swaps of axes that take a rig's joint axes to MRTK's.
#pragma once

#include <array>
#include <glm/glm.hpp>
#include <optional>
#include <utility>
#include <vector>

#include "inputanim/core/hand_frames.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim::rig {

using glm::dmat3;
using glm::dvec3;

// Unity <-> glTF for positions and frames: mirror X (its own inverse).
dvec3 mirrored(const dvec3& v);
dmat3 mirrored(const dmat3& m);

// Between the core's vectors and glm's; a column-major 4x4's translation and linear part; a quaternion's matrix.
dvec3 toGlm(const Vector3& v);
Vector3 fromGlm(const dvec3& v);
dvec3 translationOf(const std::array<double, 16>& m);
dmat3 linearOf(const std::array<double, 16>& m);
dmat3 toMatrix(const Quaternion& q);

// Evidence of a left hand (> 0) or a right one (< 0), in hand lengths: fingers curl and the thumb sits towards the
// palm, and the palm's side is (across x along) on a left hand and the opposite on a right one (Unity space).
double leftEvidence(const HandPositions& h, const PalmAxes& axes);

// Each joint's swap of axes (columns: MRTK's X, Y, Z in the node's axes) when the rig's joint axes (first) are
// MRTK's frames (second) up to such swaps: one swap for every joint, its roll within 40 degrees of the geometry's
// (an artist's roll is kept), or a swap per joint (as Blender's importer turns each bone's +Y toward its child),
// then within 10 degrees. Mirrored nodes never qualify.
std::optional<std::vector<dmat3>> axisSwaps(const std::vector<std::pair<dmat3, dmat3>>& axesAndFrames);

}  // namespace inputanim::rig
