// A human hand with MRTK's joint frames: the frames MRTK gives joints at given positions, a natural open hand,
// and a hand posed by curling fingers and moving the thumb. Unity's space throughout: left-handed, +Y up, metres.
//
// MRTK's joint frames, as its recordings show them (docs/gltf-profile.md): +Z points along the bone to the next
// joint of the finger (a tip continues its distal bone; Wrist and Palm point to the middle finger's knuckle),
// +Y out of the back of the hand, +X completes the frame (towards the thumb on a left hand, away from it on a
// right one). The thumb is turned a quarter about its bones: its +Y points to the thumb's side of the hand (its
// nail faces out). The Palm has the Wrist's rotation and sits halfway along the middle metacarpal.
#pragma once

#include <array>

#include "inputanim/core/joints.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {

struct JointPose {
    Vector3 position{};
    Quaternion rotation{0, 0, 0, 1};  // x, y, z, w
};
using HandPose = std::array<JointPose, kJointCount>;  // by indexOf(Joint); None stays at the origin

// The rotation whose +Z is `forward` and whose +Y is as close to `up` as is perpendicular to it.
Quaternion lookRotation(const Vector3& forward, const Vector3& up);
Vector3 rotate(const Quaternion& q, const Vector3& v);

// MRTK's frames for joints at these positions: +Z to the next joint (nextJoint), +Y towards `backOfHand` made
// perpendicular to the bone. `backOfHand` is per finger, so that a bent finger's frames follow its bend: the
// direction out of the back of that finger's first bone (for the thumb, the thumb's side of the hand). Positions of
// joints that are not there (zero vectors of None) are ignored.
HandPose withMrtkRotations(const std::array<Vector3, kJointCount>& positions, const std::array<Vector3, 5>& fingerBacks,
                           const Vector3& palmBack);

// How a hand is held: each finger's curl (0 open, 1 a loose fist) and the thumb's reach towards the index tip
// (0 resting beside the hand, 1 its tip on the index tip: a pinch).
struct HandShape {
    std::array<double, 5> curl{};  // by Finger; the thumb's entry bends its joints
    double pinch = 0;  // 1: thumb and index tips meet (overrides the index and thumb curls)
};

// The hand in `shape`, its wrist at `wrist` (position and rotation in world space).
HandPose poseHand(Hand hand, const HandShape& shape, const JointPose& wrist);

// A natural open hand in the wrist's frame (the wrist at the origin, unrotated): the rest pose of skeletons.
HandPose restHand(Hand hand);

// The length of each joint's bone to its next joint in the rest hand (0 for tips and None), metres.
double restBoneLength(Joint joint);

}  // namespace inputanim
