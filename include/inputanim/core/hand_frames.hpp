// MRTK's joint frames from joint positions alone: the frames MRTK gives a hand whose joints are at given places
// (hand_model.hpp says what they are), with the joints a rig lacks placed as its bones imply. Unity's space.
#pragma once

#include <array>
#include <optional>

#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/joints.hpp"

namespace inputanim {

// Joint positions of one hand at one time, `known` where given.
struct HandPositions {
    std::array<Vector3, kJointCount> at{};
    std::array<bool, kJointCount> known{};
    bool has(Joint j) const { return known[indexOf(j)]; }
    const Vector3& operator[](Joint j) const { return at[indexOf(j)]; }
    void set(Joint j, const Vector3& v) { at[indexOf(j)] = v, known[indexOf(j)] = true; }
};

// Places the joints a hand lacks: tips continue their distal bone by 0.8 of its length, metacarpals sit a fifth of
// the way from the wrist to their knuckle (the thumb's 0.45), joints between known neighbours halfway, the palm
// halfway along the middle metacarpal.
void completeHand(HandPositions& h);

// From the wrist towards the fingers (to the middle knuckle, else the nearest one), and across the knuckles from the
// little finger to the index; none without a wrist and knuckles.
struct PalmAxes {
    Vector3 along, across;
};
std::optional<PalmAxes> palmAxes(const HandPositions& h);
// A palm of a hand's size: at least 1 cm long and 5 mm across.
bool plausible(const PalmAxes& axes);

// MRTK's frames for a hand at these positions (completed as completeHand does), or none when the knuckles are
// missing or together so that the palm cannot be told.
std::optional<HandPose> mrtkFramesAt(Hand hand, HandPositions positions);

}  // namespace inputanim
