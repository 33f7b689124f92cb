// A hand found in a glTF file that inputanim did not write (internal to the glTF layer): which node is which
// MRTK joint, which side it is (by name, else by its shape), and the turn from each joint node's own axes to
// MRTK's joint frame, measured once in the rig's rest pose. The foreign importer samples these nodes.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "document.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/hand_frames.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/joints.hpp"
#include "inputanim/gltf/import_options.hpp"

namespace inputanim {

using Matrix3 = std::array<double, 9>;  // column-major

struct HandRig {
    std::array<int, kJointCount> nodes;  // the node of each joint, -1 where the file has none
    std::array<Matrix3, kJointCount>
        turn{};  // node axes -> MRTK frame (the node's inverse reference basis x MRTK's frame there)
    // The joints move but never turn (translation channels only, as point-cloud exports write them): their frames
    // come from their positions at every sample, not from their nodes' axes.
    bool framesFromPositions = false;
    int stateNode = -1;  // a node whose scale (or prototype translation.x) carries the tracked state
    const char* statePath = "scale";
    int pinchingNode = -1;
    const char* pinchingPath = "scale";
    HandRig() { nodes.fill(-1); }
    bool any() const;
};

struct RigsFound {
    std::array<std::optional<HandRig>, 2> hands;  // by int(Hand)
    int camera = -1;
    bool cameraFromGltfCamera = false;
    int gazeOrigin = -1, gazeDirection = -1;
    std::vector<Finding> notes;  // how sides were decided, what was derived, conventions read
};

// Finds the hands (refusing one with too little to play: fewer than the wrist and four fingers' last joints, with
// what was found and what is missing), their sides, and their turns to MRTK's frames; the camera and the gaze.
Result<RigsFound> findRigs(const GltfDocument& doc, const ImportOptions& options);

// Applies a 3x3 turn to the linear part of a world matrix and makes the result a rotation (x, y, z, w): +Z kept,
// X made perpendicular, Y completing a proper frame. Handles rigs scaled or mirrored (negative scale); none when the
// node is scaled to nothing along +Z (it has no orientation there).
std::optional<std::array<double, 4>> mrtkRotation(const std::array<double, 16>& world, const Matrix3& turn);

}  // namespace inputanim
