// Joint node names in the conventions of the main ecosystems, for hand rigs built in code (tests of foreign import).
#pragma once

#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include "inputanim/core/joints.hpp"

namespace rig_names {

using namespace inputanim;

// A convention's node name for a joint of a hand, "" where the convention has no such node.
using Namer = std::function<std::string(Hand, Joint)>;

inline int segmentOf(Joint joint) {  // 0 metacarpal ... 4 tip, as fingerJoints lists them (the thumb has no 2)
    const auto chain = fingerJoints(*fingerOf(joint));
    const int at = int(std::find(chain.begin(), chain.end(), joint) - chain.begin());
    return chain.size() == 4 && at > 1 ? at + 1 : at;
}
inline int thumbNumber(int segment) {
    return segment == 0 ? 1 : segment == 1 ? 2 : segment;
}  // Meta, Rigify, Mixamo: 1 is the metacarpal

inline const Namer kMrtk3Names = [](Hand hand, Joint joint) -> std::string {  // L_IndexProximal (OpenXR's joint names)
    static const char* fingers[] = {"Thumb", "Index", "Middle", "Ring", "Little"};
    static const char* segments[] = {"Metacarpal", "Proximal", "Intermediate", "Distal", "Tip"};
    const std::string side = hand == Hand::Left ? "L_" : "R_";
    if (!fingerOf(joint)) return side + std::string(jointName(joint));
    return side + fingers[int(*fingerOf(joint))] + segments[segmentOf(joint)];
};
inline const Namer kWebXrNames = [](Hand, Joint joint) -> std::string {  // index-finger-phalanx-proximal: no side
    static const char* fingers[] = {"thumb", "index-finger", "middle-finger", "ring-finger", "pinky-finger"};
    static const char* segments[] = {"metacarpal", "phalanx-proximal", "phalanx-intermediate", "phalanx-distal", "tip"};
    if (joint == Joint::Wrist) return "wrist";
    if (!fingerOf(joint)) return "";
    return std::string(fingers[int(*fingerOf(joint))]) + "-" + segments[segmentOf(joint)];
};
inline const Namer kMetaNames = [](Hand hand, Joint joint) -> std::string {  // b_l_index1; tips b_l_index_null; no palm
    static const char* fingers[] = {"thumb", "index", "middle", "ring", "pinky"};
    const std::string side = hand == Hand::Left ? "b_l_" : "b_r_";
    if (joint == Joint::Wrist) return side + "wrist";
    if (!fingerOf(joint)) return "";
    const Finger finger = *fingerOf(joint);
    const int segment = segmentOf(joint);
    if (segment == 4) return side + fingers[int(finger)] + "_null";
    if (finger == Finger::Thumb) return side + "thumb" + std::to_string(thumbNumber(segment));
    if (segment == 0) return finger == Finger::Pinky ? side + "pinky0" : "";  // only the pinky has a metacarpal
    return side + fingers[int(finger)] + std::to_string(segment);
};
inline const Namer kRigifyNames = [](Hand hand,
                                     Joint joint) -> std::string {  // DEF-f_index.01.L, DEF-palm.01.L; no tips
    static const char* fingers[] = {"thumb", "f_index", "f_middle", "f_ring", "f_pinky"};
    const std::string side = hand == Hand::Left ? ".L" : ".R";
    if (joint == Joint::Wrist) return "DEF-hand" + side;
    if (!fingerOf(joint) || isTip(joint)) return "";
    const Finger finger = *fingerOf(joint);
    const int segment = segmentOf(joint);
    if (finger == Finger::Thumb) return "DEF-thumb.0" + std::to_string(thumbNumber(segment)) + side;
    if (segment == 0) return "DEF-palm.0" + std::to_string(int(finger)) + side;
    return "DEF-" + std::string(fingers[int(finger)]) + ".0" + std::to_string(segment) + side;
};
inline const Namer kMixamoNames = [](Hand hand,
                                     Joint joint) -> std::string {  // mixamorig:LeftHandIndex1; no metacarpals
    static const char* fingers[] = {"Thumb", "Index", "Middle", "Ring", "Pinky"};
    const std::string side = hand == Hand::Left ? "mixamorig:LeftHand" : "mixamorig:RightHand";
    if (joint == Joint::Wrist) return side;
    if (!fingerOf(joint)) return "";
    const Finger finger = *fingerOf(joint);
    const int segment = segmentOf(joint);
    if (finger == Finger::Thumb) return side + "Thumb" + std::to_string(thumbNumber(segment));
    return segment == 0 ? "" : side + fingers[int(finger)] + std::to_string(segment);
};

inline std::set<Joint> absentIn(const Namer& name, Hand hand) {
    std::set<Joint> absent;
    for (Joint joint : kJoints)
        if (joint != Joint::None && name(hand, joint).empty()) absent.insert(joint);
    return absent;
}

}  // namespace rig_names
