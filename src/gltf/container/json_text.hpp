// JSON text written as tinygltf 2.7 wrote this tool's files through nlohmann's dump() (internal to the glTF layer):
// compact; integers in full; doubles shortest (Grisu2), "0.0" for zero, "null" when not finite; strings of
// printable ASCII as they are, anything else escaped by nlohmann (which refuses invalid UTF-8). Written straight
// into one string: building nlohmann's tree first costs a hundred instructions and more per byte of output.
#pragma once

#include <array>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace inputanim {

template <class T>
void appendNumber(std::string& out, T value) {
    char text[64];
    if constexpr (std::is_floating_point_v<T>) {
        if (!std::isfinite(value)) {
            out += "null";
            return;
        }
        out.append(text, nlohmann::detail::to_chars(text, text + sizeof text, double(value)));
    } else {
        out.append(text, std::to_chars(text, text + sizeof text, value).ptr);
    }
}

template <class T>
void appendNumbers(std::string& out, const std::vector<T>& values) {
    out += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        appendNumber(out, values[i]);
    }
    out += ']';
}

// The bytes a JSON string holds as they are, without an escape: printable ASCII but the quote and the backslash.
inline constexpr auto kPlainJsonStringByte = [] {
    std::array<bool, 256> plain{};
    for (int c = 0x20; c < 0x80; ++c) plain[std::size_t(c)] = c != '"' && c != '\\';
    return plain;
}();

// `text` (valid UTF-8) as a JSON string.
inline void appendString(std::string& out, std::string_view text) {
    for (unsigned char c : text)
        if (!kPlainJsonStringByte[c]) {
            out += nlohmann::json(std::string(text)).dump();
            return;
        }
    out += '"';
    out += text;
    out += '"';
}

// Compact JSON text (valid, as this file's functions write it) printed as nlohmann's dump(1) prints the same
// document: one member or element per line, indented one space per level, ": " after a name; empty objects and
// arrays stay "{}" and "[]". Strings and numbers are copied as they are (dump would print them the same).
std::string prettyJson(std::string_view compact);

// One JSON object's members, written in the order they are given (callers give them by name, as nlohmann's objects
// sort them). An object left without members prints as null, as tinygltf's (which start as null) do.
class JsonObject {
public:
    explicit JsonObject(std::string& out) : out_(out), start_(out.size()) { out_ += '{'; }
    std::string& member(std::string_view name) {
        if (!empty_) out_ += ',';
        empty_ = false;
        appendString(out_, name);
        out_ += ':';
        return out_;
    }
    template <class T>
    void number(std::string_view name, T value) {
        appendNumber(member(name), value);
    }
    template <class T>
    void numbers(std::string_view name, const std::vector<T>& values) {  // left out when empty
        if (!values.empty()) appendNumbers(member(name), values);
    }
    void string(std::string_view name, std::string_view value) { appendString(member(name), value); }
    void close(bool emptyAsObject = false) {
        if (empty_ && !emptyAsObject) out_.replace(start_, 1, "null");
        else out_ += '}';
    }

private:
    std::string& out_;
    std::size_t start_;
    bool empty_ = true;
};

}  // namespace inputanim
