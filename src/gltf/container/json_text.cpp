#include "json_text.hpp"

namespace inputanim {

std::string prettyJson(std::string_view compact) {
    std::string out;
    out.reserve(compact.size() + compact.size() / 4);
    std::size_t depth = 0;
    auto newline = [&] {
        out += '\n';
        out.append(depth, ' ');
    };
    for (std::size_t i = 0; i < compact.size(); ++i) {
        const char c = compact[i];
        switch (c) {
            case '"': {  // the whole string, escapes included
                std::size_t end = i + 1;
                while (end < compact.size() && compact[end] != '"') end += compact[end] == '\\' ? 2 : 1;
                out.append(compact.substr(i, end + 1 - i));  // substr clamps at the end
                i = end;
                break;
            }
            case '{':
            case '[':
                out += c;
                if (i + 1 < compact.size() && (compact[i + 1] == '}' || compact[i + 1] == ']')) {
                    out += compact[++i];
                } else {
                    ++depth;
                    newline();
                }
                break;
            case '}':
            case ']':
                --depth;
                newline();
                out += c;
                break;
            case ',':
                out += ',';
                newline();
                break;
            case ':': out += ": "; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace inputanim
