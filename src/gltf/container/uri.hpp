// URIs of glTF buffers (internal to the glTF layer): RFC 3986 percent-encoding and RFC 4648 base64, strict both
// ways, so that a name means one file and nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace inputanim {

// Percent-encodes all but RFC 3986 unreserved characters, so any file name is a valid relative URI.
std::string uriEncode(const std::string& name);
// Decodes %XX escapes; nullopt when a '%' is not followed by two hex digits (an invalid escape is refused,
// never passed on as written).
std::optional<std::string> uriDecode(const std::string& uri);

std::string base64Encode(std::span<const std::uint8_t> bytes);
// Standard alphabet with '=' padding; nullopt on any other character or a malformed end.
std::optional<std::vector<std::uint8_t>> base64Decode(std::string_view text);

// A data URI's payload: "data:[<media type>][;base64],<data>". Nullopt when `uri` is not a data URI or its
// payload does not decode.
bool isDataUri(const std::string& uri);
std::optional<std::vector<std::uint8_t>> dataUriBytes(const std::string& uri);

}  // namespace inputanim
