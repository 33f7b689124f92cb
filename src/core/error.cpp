#include "inputanim/core/error.hpp"

#include <cstdio>

#include "inputanim/core/utf8.hpp"

namespace inputanim {

int exitStatusFor(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::Usage: return 1;
        case ErrorKind::Malformed:
        case ErrorKind::Refused:
        case ErrorKind::InputFailed: return 2;
        case ErrorKind::NotRepresentable: return 3;
        case ErrorKind::OutputFailed: return 4;
    }
    return 2;
}

std::string_view errorKindName(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::Malformed: return "malformed";
        case ErrorKind::Refused: return "refused";
        case ErrorKind::NotRepresentable: return "not-representable";
        case ErrorKind::InputFailed: return "input-failed";
        case ErrorKind::OutputFailed: return "output-failed";
        case ErrorKind::Usage: return "usage";
    }
    return "malformed";
}

std::string_view reasonName(Reason reason) {
    switch (reason) {
        case Reason::Unspecified: return "unspecified";
        case Reason::OutputExists: return "output-exists";
        case Reason::OutputIsInput: return "output-is-input";
        case Reason::OutsideFolder: return "outside-folder";
        case Reason::Prerelease2019: return "prerelease-2019";
        case Reason::MarkupPage: return "markup-page";
        case Reason::NodesUnrecognised: return "nodes-unrecognised";
        case Reason::SideUnknown: return "side-unknown";
        case Reason::SideOfTwoHands: return "side-of-two-hands";
        case Reason::NodeMapInvalid: return "node-map-invalid";
        case Reason::AnimationMissing: return "animation-missing";
        case Reason::WindowInvalid: return "window-invalid";
        case Reason::GridTooLarge: return "grid-too-large";
        case Reason::FitBudget: return "fit-budget";
        case Reason::GeneratorTooLong: return "generator-too-long";
        case Reason::MirrorNeedsLinearKeys: return "mirror-needs-linear-keys";
        case Reason::ExtensionUnsupported: return "extension-unsupported";
        case Reason::ArchiveDamaged: return "archive-damaged";
        case Reason::BinaryOptionsNotBinary: return "binary-options-not-binary";
        case Reason::OutOfMemory: return "out-of-memory";
    }
    return "unspecified";
}

std::string Error::describe() const {
    std::string line;
    if (!source.empty()) line += printable(shortened(source, kLongestShownName)) + ": ";
    if (offset) line += "byte " + std::to_string(*offset) + ": ";
    if (!pointer.empty()) line += printable(shortened(pointer, kLongestShownName)) + ": ";
    if (!curve.empty()) line += "curve " + printable(shortened(curve, kLongestShownName)) + ": ";
    return line + printable(message);
}

std::optional<Error> readExactly(const ByteSource& from, std::span<std::uint8_t> into, const std::string& source,
                                 std::uint64_t at) {
    for (std::size_t done = 0; done < into.size();) {
        auto got = from(into.subspan(done));
        if (!got) return got.error();
        if (*got == 0) return Error{source, at + done, "file shrank while being read", ErrorKind::InputFailed};
        done += *got;
    }
    return std::nullopt;
}

namespace {

unsigned codePoint(const unsigned char* s, std::size_t length) {
    if (length == 2) return (s[0] & 0x1fu) << 6 | (s[1] & 0x3fu);
    if (length == 3) return (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu);
    return (s[0] & 0x07u) << 18 | (s[1] & 0x3fu) << 12 | (s[2] & 0x3fu) << 6 | (s[3] & 0x3fu);
}

// Characters that change how text around them is shown: bidirectional marks, embeddings, overrides and isolates
// (U+202E shows "exe.txt" as "txt.exe"), line and paragraph separators, and the noncharacters XML forbids.
bool isFormatControl(unsigned cp) {
    return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfffe || cp == 0xffff;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    auto escape = [&](unsigned char c) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", c);
        out += hex;
    };
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = s[i];
        if (c == '\n') out += "\\n", ++i;
        else if (c == '\t') out += "\\t", ++i;
        else if (c == '\r') out += "\\r", ++i;
        else if (c < 0x20 || c == 0x7f) escape(c), ++i;
        else if (c < 0x80) out += char(c), ++i;
        else {
            // A well-formed UTF-8 sequence is kept unless it encodes a C1 control character (U+0080..U+009F).
            const std::size_t length = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
            bool valid = length > 0 && i + length <= text.size();
            for (std::size_t k = 1; valid && k < length; ++k) valid = (s[i + k] & 0xc0) == 0x80;
            if (valid && length == 3) {
                const unsigned cp = (c & 0x0f) << 12 | (s[i + 1] & 0x3f) << 6 | (s[i + 2] & 0x3f);
                valid = cp >= 0x800 && !(cp >= 0xd800 && cp <= 0xdfff);
            }
            if (valid && length == 4) {
                const unsigned cp =
                    (c & 0x07) << 18 | (s[i + 1] & 0x3f) << 12 | (s[i + 2] & 0x3f) << 6 | (s[i + 3] & 0x3f);
                valid = cp >= 0x10000 && cp <= 0x10ffff;
            }
            if (valid && length == 2 && c == 0xc2 && s[i + 1] < 0xa0) valid = false;  // C1 controls
            if (!valid) {
                escape(c), ++i;
                continue;
            }
            if (const unsigned cp = codePoint(s + i, length); isFormatControl(cp)) {  // would reorder or break the line
                char code[12];
                std::snprintf(code, sizeof code, "\\u%04x", cp);
                out += code;
                i += length;
                continue;
            }
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

}  // namespace inputanim
