#include "inputanim/analysis/selection.hpp"

#include <algorithm>
#include <cctype>

namespace inputanim {
namespace {

std::string lower(std::string text) {
    for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::optional<Joint> jointNamed(const std::string& name) {
    for (Joint joint : kJoints)
        if (lower(std::string(jointName(joint))) == lower(name)) return joint;
    return std::nullopt;
}

}  // namespace

Result<Selection> parseSelection(const std::vector<std::string>& items) {
    Selection selection;
    for (const std::string& item : items) {
        const std::string name = lower(item);
        const auto dot = name.find('.');
        const std::string head = name.substr(0, dot);
        const int hand = head == "left" ? 0 : head == "right" ? 1 : -1;
        if (name == "camera") {
            selection.camera = true;
        } else if (name == "gaze") {
            selection.gaze = true;
        } else if (hand >= 0 && dot == std::string::npos) {
            selection.hands[hand] = true;
        } else if (hand >= 0) {
            const auto joint = jointNamed(item.substr(dot + 1));
            if (!joint)
                return Error::usage("unknown joint in '" + item +
                                    "' (joints: Wrist, Palm, ThumbTip, IndexKnuckle, IndexTip, ..., PinkyTip)");
            selection.joints.emplace_back(Hand(hand), *joint);
        } else {
            return Error::usage("unknown selection '" + item +
                                "' (expected camera, left, right, gaze or a joint such as left.IndexTip)");
        }
    }
    return selection;
}

}  // namespace inputanim
