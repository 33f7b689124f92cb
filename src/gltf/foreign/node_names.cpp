#include "node_names.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace inputanim {
namespace {

// Lower-case words of a name, split at separators, at camelCase and acronym boundaries and between letters and
// digits: "mixamorig:LeftHandIndex1" -> mixamorig left hand index 1, "XRHand_IndexTip" -> xr hand index tip.
std::vector<std::string> words(const std::string& name) {
    std::vector<std::string> out;
    std::string word;
    auto flush = [&] {
        if (!word.empty()) out.push_back(word);
        word.clear();
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (!std::isalnum(c)) {
            flush();
            continue;
        }
        const auto previous = i > 0 ? static_cast<unsigned char>(name[i - 1]) : 0;
        const auto next = i + 1 < name.size() ? static_cast<unsigned char>(name[i + 1]) : 0;
        const bool camel =
            std::isupper(c) && (std::islower(previous) || (std::isupper(previous) && std::islower(next)));
        const bool digits = !word.empty() && (bool(std::isdigit(c)) != bool(std::isdigit(previous)));
        if (camel || digits) flush();
        word += char(std::tolower(c));
    }
    flush();
    return out;
}

bool isNumber(const std::string& word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Side sideOfWord(const std::string& w) {
    if (w == "left" || w == "l" || w == "lt" || w == "lft" || w == "lh") return Side::Left;
    if (w == "right" || w == "r" || w == "rt" || w == "rgt" || w == "rh") return Side::Right;
    return Side::Unknown;
}

std::optional<Finger> fingerOfWord(const std::string& w) {
    if (w == "thumb") return Finger::Thumb;
    if (w == "index" || w == "pointer") return Finger::Index;
    if (w == "middle") return Finger::Middle;
    if (w == "ring") return Finger::Ring;
    if (w == "pinky" || w == "pinkie" || w == "little") return Finger::Pinky;
    return std::nullopt;
}

// Segments of a finger, base to tip: 0 metacarpal, 1 proximal (a knuckle), 2 intermediate, 3 distal, 4 tip.
std::optional<int> segmentOfWord(const std::string& w) {
    if (w == "metacarpal" || w == "metacarpals" || w == "meta" || w == "mc" || w == "cmc") return 0;
    if (w == "proximal" || w == "prox" || w == "knuckle" || w == "mcp") return 1;
    if (w == "intermediate" || w == "inter" || w == "mid" || w == "pip") return 2;
    if (w == "distal" || w == "dist" || w == "dip") return 3;
    if (w == "tip" || w == "end" || w == "null" || w == "nail" || w == "top") return 4;
    return std::nullopt;
}

// The segment a convention's number means.
std::optional<int> segmentOfNumber(Numbering numbering, Finger finger, int number, bool& trapezium) {
    const bool thumb = finger == Finger::Thumb;
    switch (numbering) {
        case Numbering::Meta:
            if (thumb && number == 0) return trapezium = true, std::optional<int>(0);
            if (thumb) return number >= 1 && number <= 3 ? std::optional<int>(number == 1 ? 0 : number) : std::nullopt;
            return number >= 0 && number <= 3 ? std::optional<int>(number) : std::nullopt;
        case Numbering::Rigify:
            if (thumb) return number >= 1 && number <= 3 ? std::optional<int>(number == 1 ? 0 : number) : std::nullopt;
            return number >= 1 && number <= 3 ? std::optional<int>(number) : std::nullopt;
        case Numbering::Mixamo:
            if (thumb) return number >= 1 && number <= 4 ? std::optional<int>(number == 1 ? 0 : number) : std::nullopt;
            return number >= 1 && number <= 4 ? std::optional<int>(number) : std::nullopt;
    }
    return std::nullopt;
}

std::optional<Joint> jointOf(Finger finger, int segment) {
    const auto chain = fingerJoints(finger);
    if (finger == Finger::Thumb) {  // the thumb has no intermediate: its proximal and distal are the MCP and IP
        static constexpr int thumbIndex[] = {0, 1, 1, 2, 3};
        return chain[thumbIndex[segment]];
    }
    return chain[std::size_t(segment)];
}

const std::set<std::string> kIgnored = {"joint",  "bone",     "finger",   "phalanx", "xr",   "ext",     "def",
                                        "org",    "mch",      "b",        "f",       "jnt",  "bn",      "mixamorig",
                                        "marker", "armature", "skeleton", "rig",     "ctrl", "control", "grp"};

}  // namespace

std::string_view numberingName(Numbering numbering) {
    switch (numbering) {
        case Numbering::Meta: return "Meta/Oculus";
        case Numbering::Rigify: return "Rigify";
        case Numbering::Mixamo: return "Mixamo";
    }
    return "?";
}

Numbering numberingOf(const std::vector<std::string>& names) {
    bool rigify = false, mixamo = false;
    for (const auto& name : names) {
        const auto ws = words(name);
        for (std::size_t i = 0; i < ws.size(); ++i) {
            if (ws[i] == "mixamorig") mixamo = true;
            if (i + 1 < ws.size() && ws[i] == "f" && fingerOfWord(ws[i + 1])) rigify = true;
            if (i + 1 < ws.size() && ws[i] == "palm" && isNumber(ws[i + 1])) rigify = true;
            if (isNumber(ws[i]) && ws[i].size() == 2 && ws[i][0] == '0' && i > 0 && fingerOfWord(ws[i - 1]))
                rigify = true;
            if (ws[i] == "4" && i > 0 && fingerOfWord(ws[i - 1])) mixamo = true;
        }
    }
    return rigify ? Numbering::Rigify : mixamo ? Numbering::Mixamo : Numbering::Meta;
}

Side sideOfName(const std::string& name) {
    for (const auto& w : words(name))
        if (const Side side = sideOfWord(w); side != Side::Unknown) return side;
    return Side::Unknown;
}

NodeMeaning meaningOf(const std::string& name, Numbering numbering) {
    const auto ws = words(name);
    NodeMeaning meaning;
    std::optional<Finger> finger;
    std::optional<int> segment, number;
    bool hand = false, wrist = false, palm = false, none = false;
    std::vector<std::string> rest;  // words that mean nothing here
    for (const auto& w : ws) {
        if (const Side side = sideOfWord(w); side != Side::Unknown) {
            meaning.side = side;
            hand |= w == "lh" || w == "rh";
        } else if (auto f = fingerOfWord(w); f && !finger) {
            finger = f;
        } else if (auto s = w == "middle" ? std::optional<int>(2) : segmentOfWord(w); s && !segment) {
            segment = s;  // "middle" after a finger is MRTK's middle joint
        } else if (isNumber(w) && !number && w.size() <= 2) {
            number = std::stoi(w);
        } else if (w == "hand") {
            hand = true;
        } else if (w == "wrist" || w == "wristroot") {
            wrist = true;
        } else if (w == "root" && hand) {
            wrist = true;  // Meta's Hand_WristRoot reads as hand, wrist, root
        } else if (w == "palm") {
            palm = true;
        } else if (w == "none") {
            none = true;
        } else if (!kIgnored.count(w)) {
            rest.push_back(w);
        }
    }
    auto only = [&](std::initializer_list<const char*> expected) {
        if (rest.size() != expected.size()) return false;
        std::size_t i = 0;
        for (const char* e : expected)
            if (rest[i++] != e) return false;
        return true;
    };
    if (!rest.empty()) {  // the special nodes of this profile and of MRTK's 2019 prototype
        if (only({"camera"}) && !finger) meaning.role = NodeRole::Camera;
        else if (only({"gaze"}) && !finger) meaning.role = NodeRole::Gaze;
        else if (only({"gaze", "direction"}) && !finger) meaning.role = NodeRole::GazeDirection;
        else if (only({"tracking"}) && hand) meaning.role = NodeRole::Tracking;
        else if (only({"pinching"})) meaning.role = NodeRole::Pinching;
        else if (only({"forearm", "stub"}) || only({"forearm"})) meaning.role = NodeRole::None;
        return meaning;  // words the conventions do not use: not a joint
    }
    if (finger) {
        bool trapezium = false;
        if (!segment && number) segment = segmentOfNumber(numbering, *finger, *number, trapezium);
        if (!segment) return meaning;
        meaning.role = NodeRole::Joint;
        meaning.joint = jointOf(*finger, *segment);
        meaning.trapezium = trapezium;
        return meaning;
    }
    if (palm && number && numbering == Numbering::Rigify && *number >= 1 && *number <= 4) {  // Rigify's palm.0N
        meaning.role = NodeRole::Joint;
        meaning.joint = fingerJoints(Finger(*number)).front();
        return meaning;
    }
    if (wrist || palm || none) {
        meaning.role = NodeRole::Joint;
        meaning.joint = wrist ? Joint::Wrist : palm ? Joint::Palm : Joint::None;
    } else if (hand && !number) {
        meaning.role = NodeRole::Hand;  // this profile's tracked node, or a rig's hand bone (then the wrist)
    }
    return meaning;
}

std::optional<Joint> jointNamed(const std::string& name) {
    for (Numbering numbering : {Numbering::Meta, Numbering::Rigify}) {
        const NodeMeaning meaning = meaningOf(name, numbering);
        if (meaning.role == NodeRole::Joint) return meaning.joint;
    }
    return std::nullopt;
}

}  // namespace inputanim
