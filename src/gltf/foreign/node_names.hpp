// What a node's name means in the naming conventions of the main ecosystems (internal to the glTF layer; used by
// the foreign importer): MRTK, OpenXR and MRTK3 (IndexProximal, XR_HAND_JOINT_INDEX_TIP_EXT), WebXR
// (index-finger-phalanx-proximal), Meta/Oculus (b_l_index1, b_r_thumb0, b_l_index_null, Hand_Index1), Godot XR
// Tools (Index_Proximal_L), Blender's Rigify (hand.L, f_index.01.L, thumb.01.L, palm.01.L, DEF-/ORG- prefixes),
// Mixamo (LeftHandIndex1) and this profile (Hand_Left_IndexKnuckle). Matching ignores case and separators.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "inputanim/core/joints.hpp"

namespace inputanim {

enum class Side { Unknown, Left, Right };

// How a convention numbers finger segments; chosen once per file from all its names.
enum class Numbering {
    Meta,  // thumb 1 metacarpal, 2 proximal, 3 distal (0 the trapezium); fingers 1 knuckle, 2 middle, 3 distal; 0
           // metacarpal
    Rigify,  // thumb 01 metacarpal, 02 proximal, 03 distal; fingers 01 knuckle, 02 middle, 03 distal; palm.0N
             // metacarpals
    Mixamo,  // thumb 1 metacarpal ... 4 tip; fingers 1 knuckle, 2 middle, 3 distal, 4 tip
};
Numbering numberingOf(const std::vector<std::string>& names);
std::string_view numberingName(Numbering numbering);  // "Meta/Oculus", "Rigify", "Mixamo"

enum class NodeRole { None, Joint, Hand, Tracking, Pinching, Camera, Gaze, GazeDirection };

struct NodeMeaning {
    NodeRole role = NodeRole::None;
    Side side = Side::Unknown;  // from the name alone; the ancestors may say more
    std::optional<Joint> joint;  // role Joint
    bool trapezium = false;  // Meta's thumb0: a metacarpal only where the file has no thumb1
};
NodeMeaning meaningOf(const std::string& name, Numbering numbering);

// The side a name says ("LeftHand", "hand.R", "b_l_wrist"), for a node's ancestors.
Side sideOfName(const std::string& name);

// A joint spelled as --map targets spell it: "IndexTip", "index-finger-tip", "Index_Proximal" (no side).
std::optional<Joint> jointNamed(const std::string& name);

}  // namespace inputanim
