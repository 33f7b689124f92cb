// The hand as MRTK names it: the two sides, the 27 joints of MRTK's TrackedHandJoint in file order, the
// fingers as chains of joints, and the hand's Boolean states. Every other layer names joints through this.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace inputanim {

enum class Hand { Left = 0, Right = 1 };
inline constexpr std::array<Hand, 2> kHands = {Hand::Left, Hand::Right};
std::string_view handName(Hand hand);  // "left", "right" (curve names, JSON)
std::string_view sideName(Hand hand);  // "Left", "Right" (glTF node names)
inline constexpr Hand otherHand(Hand hand) { return hand == Hand::Left ? Hand::Right : Hand::Left; }

// MRTK's TrackedHandJoint, in file order; the enumerators carry MRTK's own names.
enum class Joint : int {
    None,
    Wrist,
    Palm,
    ThumbMetacarpalJoint,
    ThumbProximalJoint,
    ThumbDistalJoint,
    ThumbTip,
    IndexMetacarpal,
    IndexKnuckle,
    IndexMiddleJoint,
    IndexDistalJoint,
    IndexTip,
    MiddleMetacarpal,
    MiddleKnuckle,
    MiddleMiddleJoint,
    MiddleDistalJoint,
    MiddleTip,
    RingMetacarpal,
    RingKnuckle,
    RingMiddleJoint,
    RingDistalJoint,
    RingTip,
    PinkyMetacarpal,
    PinkyKnuckle,
    PinkyMiddleJoint,
    PinkyDistalJoint,
    PinkyTip,
};
inline constexpr int kJointCount = 27;

// Every joint in file order, for range-for loops.
inline constexpr std::array<Joint, kJointCount> kJoints = [] {
    std::array<Joint, kJointCount> joints{};
    for (int j = 0; j < kJointCount; ++j) joints[j] = Joint(j);
    return joints;
}();

inline constexpr int indexOf(Joint joint) { return static_cast<int>(joint); }
std::string_view jointName(Joint joint);  // "None", "Wrist", ..., "PinkyTip"
std::optional<Joint> jointFromName(std::string_view name);  // MRTK's exact name

enum class Finger { Thumb, Index, Middle, Ring, Pinky };
inline constexpr std::array<Finger, 5> kFingers = {Finger::Thumb, Finger::Index, Finger::Middle, Finger::Ring,
                                                   Finger::Pinky};
std::string_view fingerName(Finger finger);  // "Thumb", "Index", ...

// A finger's joints from its base to its tip: 4 for the thumb (metacarpal, proximal, distal, tip), 5 for the
// others (metacarpal, knuckle, middle, distal, tip).
std::span<const Joint> fingerJoints(Finger finger);
std::optional<Finger> fingerOf(Joint joint);  // none for None, Wrist, Palm
bool isTip(Joint joint);

// MRTK's joint frames: each joint's +Z points along the bone towards the next joint of its finger (the tip
// continues its distal bone; Wrist and Palm point towards the middle finger's knuckle), +Y out of the back of
// the hand. `nextJoint` is that next joint, none for tips and None.
std::optional<Joint> nextJoint(Joint joint);
// The joint a skeleton hangs this one from: Wrist is the root (None: none); Palm and the metacarpals hang
// from the Wrist; every other joint from the one before it in its finger.
std::optional<Joint> parentJoint(Joint joint);

// The hand's Boolean curves, in file order.
enum class BooleanCurve { TrackedLeft = 0, TrackedRight = 1, PinchingLeft = 2, PinchingRight = 3 };
inline constexpr int kBooleanCount = 4;
inline constexpr BooleanCurve trackedCurve(Hand hand) { return BooleanCurve(int(hand)); }
inline constexpr BooleanCurve pinchingCurve(Hand hand) { return BooleanCurve(2 + int(hand)); }
std::string_view booleanName(BooleanCurve which);  // "TrackedLeft", ...
// MRTK's reading of a Boolean curve's value (InputAnimation.cs): on above one half.
inline constexpr float kBooleanThreshold = 0.5f;
inline constexpr bool booleanOn(float value) { return value > kBooleanThreshold; }

}  // namespace inputanim
