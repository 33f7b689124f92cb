#include "node_names.hpp"

#include <cctype>
#include <map>
#include <set>

namespace inputanim {

std::vector<std::string> words(const std::string& name) {
    std::vector<std::string> out;
    std::string word;
    auto flush = [&] {
        if (!word.empty()) out.push_back(word);
        word.clear();
    };
    for (std::size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (!std::isalnum(c)) {
            flush();
            continue;
        }
        const bool upper = std::isupper(c);
        const bool previousLower = i > 0 && std::islower(static_cast<unsigned char>(name[i - 1]));
        if (upper && previousLower) flush();
        word += char(std::tolower(c));
    }
    flush();
    return out;
}

Side sideOfWords(const std::vector<std::string>& ws) {
    for (const auto& w : ws) {
        if (w == "left" || w == "l") return Side::Left;
        if (w == "right" || w == "r") return Side::Right;
    }
    return Side::Unknown;
}

std::string jointKey(const std::vector<std::string>& ws) {
    static const std::set<std::string> ignored = {"left", "right", "l", "r", "hand", "joint", "bone", "xr", "ext", "finger", "phalanx"};
    std::string key;
    for (const auto& w : ws)
        if (!ignored.count(w)) key += w == "little" ? "pinky" : w;
    return key;
}

// Accepted keys for each MRTK joint: this profile, the 2019 prototype, OpenXR/MRTK3 and WebXR spellings.
int jointFromKey(const std::string& key) {
    static const std::map<std::string, int> table = [] {
        std::map<std::string, int> t{{"none", 0}, {"wrist", 1}, {"palm", 2}, {"thumbmetacarpal", 3}, {"thumbproximal", 4},
                                     {"thumbdistal", 5}, {"thumbtip", 6}};
        const char* fingers[] = {"index", "middle", "ring", "pinky"};
        for (int f = 0; f < 4; ++f) {
            const std::string name = fingers[f];
            const int base = 7 + 5 * f;
            t[name + "metacarpal"] = base;
            t[name + "knuckle"] = t[name + "proximal"] = base + 1;
            t[name + "middle"] = t[name + "intermediate"] = base + 2;
            t[name + "distal"] = base + 3;
            t[name + "tip"] = base + 4;
        }
        return t;
    }();
    auto it = table.find(key);
    return it == table.end() ? -1 : it->second;
}

}  // namespace inputanim
