#include "inputanim/core/utf8.hpp"

namespace inputanim {

std::string shortened(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return std::string(text);
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;  // not inside a character
    return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string listed(const std::vector<std::string>& items, std::size_t most) {
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < most; ++i) text += (i ? ", " : "") + shortened(items[i]);
    if (items.size() > most) text += " and " + std::to_string(items.size() - most) + " more";
    return text;
}

}  // namespace inputanim
