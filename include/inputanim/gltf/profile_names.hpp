// The glTF profile's names and state encoding (docs/gltf-profile.md): the one definition that the export, the
// import and the validation use, and that the profile table (report.hpp, profileTableJson) gives the front ends in
// other languages (the Blender add-on, the three.js loader, the viewer).
#pragma once

#include <string_view>

#include "inputanim/core/joints.hpp"

namespace inputanim::profile {

inline constexpr std::string_view kAnimation = "InputAnimation";  // the animation the export writes
inline constexpr std::string_view kCamera = "Camera";  // the head pose
inline constexpr std::string_view kCameraView = "Camera_View";  // Camera's child holding the glTF camera
inline constexpr std::string_view kGaze = "Gaze";  // the eye gaze's origin
inline constexpr std::string_view kGazeDirection = "Gaze_Direction";  // Gaze's child: the direction as its offset
inline constexpr std::string_view kHandPrefix = "Hand_";  // + "Left" or "Right": a hand's root; + "_" + joint: a joint
inline constexpr std::string_view kPinchingSuffix = "_Pinching";  // hand + it: the node keyed with the pinch state
inline constexpr std::string_view kMeshSuffix = "_Mesh";  // hand + it: the node of the skinned hand mesh
// Metres above the floor of a standing user's eyes: where front ends put the head of a recording they author and the
// floor under a recorded head.
inline constexpr double kStandingEyeHeight = 1.6;

// A state (tracked on the hand's root, pinching on its _Pinching node) is keyed as the node's scale, all three
// components, with STEP interpolation: 1 on, 0 off. Readers take a value as MRTK does (booleanOn: above 0.5).
inline constexpr std::string_view kStatePath = "scale";
inline constexpr std::string_view kStateInterpolation = "STEP";
inline constexpr float kStateOn = 1, kStateOff = 0;

}  // namespace inputanim::profile
