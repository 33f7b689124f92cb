#include "uri.hpp"

#include <cctype>
#include <cstdio>

namespace inputanim {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

constexpr const char* kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

std::string uriEncode(const std::string& name) {
    std::string out;
    for (unsigned char c : name) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += char(c);
        } else {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", c);
            out += escaped;
        }
    }
    return out;
}

std::optional<std::string> uriDecode(const std::string& uri) {
    std::string out;
    out.reserve(uri.size());
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] != '%') {
            out += uri[i];
            continue;
        }
        const int hi = i + 2 < uri.size() ? hexValue(uri[i + 1]) : -1,
                  lo = i + 2 < uri.size() ? hexValue(uri[i + 2]) : -1;
        if (hi < 0 || lo < 0) return std::nullopt;
        out += char(hi * 16 + lo);
        i += 2;
    }
    return out;
}

std::string base64Encode(std::span<const std::uint8_t> bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t chunk = std::uint32_t(bytes[i]) << 16 |
                                    (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                                    (i + 2 < bytes.size() ? bytes[i + 2] : 0);
        out += kBase64[chunk >> 18 & 63];
        out += kBase64[chunk >> 12 & 63];
        out += i + 1 < bytes.size() ? kBase64[chunk >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? kBase64[chunk & 63] : '=';
    }
    return out;
}

std::optional<std::vector<std::uint8_t>> base64Decode(std::string_view text) {
    if (text.size() % 4 != 0) return std::nullopt;
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        int v[4];
        int padding = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + k];
            const bool last = i + 4 == text.size();
            if (c == '=' && last && k >= 2 && (k == 3 || text[i + 3] == '=')) {
                v[k] = 0;
                ++padding;
                continue;
            }
            v[k] = base64Value(c);
            if (v[k] < 0 || padding > 0) return std::nullopt;
        }
        const std::uint32_t chunk =
            std::uint32_t(v[0]) << 18 | std::uint32_t(v[1]) << 12 | std::uint32_t(v[2]) << 6 | std::uint32_t(v[3]);
        out.push_back(std::uint8_t(chunk >> 16));
        if (padding < 2) out.push_back(std::uint8_t(chunk >> 8));
        if (padding < 1) out.push_back(std::uint8_t(chunk));
    }
    return out;
}

bool isDataUri(const std::string& uri) { return uri.rfind("data:", 0) == 0; }

std::optional<std::vector<std::uint8_t>> dataUriBytes(const std::string& uri) {
    if (!isDataUri(uri)) return std::nullopt;
    const auto comma = uri.find(',');
    if (comma == std::string::npos) return std::nullopt;
    const std::string_view header(uri.data() + 5, comma - 5), payload(uri.data() + comma + 1, uri.size() - comma - 1);
    if (header.size() >= 7 && header.substr(header.size() - 7) == ";base64") return base64Decode(payload);
    auto decoded = uriDecode(std::string(payload));
    if (!decoded) return std::nullopt;
    return std::vector<std::uint8_t>(decoded->begin(), decoded->end());
}

}  // namespace inputanim
