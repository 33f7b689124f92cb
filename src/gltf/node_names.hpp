// Which MRTK joint, side or section a node's name means, in the naming conventions of the main ecosystems
// (internal to the glTF layer; used by the foreign importer).
#pragma once

#include <string>
#include <vector>

namespace inputanim {

enum class Side { Unknown, Left, Right };

// Lower-case words of a node name, split at '.', '_', '-', spaces, digits-to-letters and camelCase
// boundaries: "Hand.Left.Joint.IndexTip" -> hand left joint index tip.
std::vector<std::string> words(const std::string& name);

Side sideOfWords(const std::vector<std::string>& words);

// A name without side, decoration and convention words: "XR_HAND_JOINT_INDEX_TIP_EXT" -> "indextip",
// "index-finger-phalanx-proximal" -> "indexproximal", "Hand_Left_IndexKnuckle" -> "indexknuckle".
std::string jointKey(const std::vector<std::string>& words);

// The MRTK joint (file index) a key names, -1 for none.
int jointFromKey(const std::string& key);

}  // namespace inputanim
