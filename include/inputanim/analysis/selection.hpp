// What a user picks to sample or plot: sections and single joints, by the names used everywhere, in any case
// ("camera", "left", "right", "gaze", "left.IndexTip", "RIGHT.wrist").
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/joints.hpp"

namespace inputanim {

struct Selection {
    bool camera = false;
    std::array<bool, 2> hands{};  // whole hands, by int(Hand)
    bool gaze = false;
    std::vector<std::pair<Hand, Joint>> joints;  // single joints, in the order named
    bool empty() const { return !camera && !hands[0] && !hands[1] && !gaze && joints.empty(); }
};

// A usage error (ErrorKind::Usage) names the first unknown item and what is accepted.
Result<Selection> parseSelection(const std::vector<std::string>& items);

}  // namespace inputanim
