#include "xmp.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

constexpr const char* kNamespace = "urn:inputanim:archive:1#";

std::string textAt(const Json& packet, const char* key) {
    return packet.contains(key) && packet[key].is_string() ? packet[key].get<std::string>() : std::string();
}

}  // namespace

std::string xmpPacket(const Provenance& p) {
    Json packet = {{"@context",
                    {{"dc", "http://purl.org/dc/elements/1.1/"},
                     {"xmp", "http://ns.adobe.com/xap/1.0/"},
                     {"inputanim", kNamespace}}},
                   {"dc:source", p.sourceName},
                   {"dc:format", p.sourceFormat},
                   {"inputanim:sourceBytes", p.sourceBytes},
                   {"inputanim:sourceSha256", p.sourceSha256},
                   {"xmp:CreatorTool", p.tool}};
    if (!p.date.empty()) packet["xmp:CreateDate"] = p.date;
    if (!p.bufferSha256.empty()) packet["inputanim:bufferSha256"] = p.bufferSha256;
    return packet.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::optional<Provenance> provenanceIn(const Json& rootExtensions) {
    if (!rootExtensions.is_object() || !rootExtensions.contains(kXmpExtension)) return std::nullopt;
    const Json& xmp = rootExtensions[kXmpExtension];
    if (!xmp.is_object() || !xmp.contains("packets") || !xmp["packets"].is_array()) return std::nullopt;
    for (const Json& packet : xmp["packets"]) {
        if (!packet.is_object() || textAt(packet, "inputanim:sourceSha256").empty()) continue;
        Provenance p;
        p.sourceName = textAt(packet, "dc:source");
        p.sourceFormat = textAt(packet, "dc:format");
        p.sourceSha256 = textAt(packet, "inputanim:sourceSha256");
        p.tool = textAt(packet, "xmp:CreatorTool");
        p.date = textAt(packet, "xmp:CreateDate");
        p.bufferSha256 = textAt(packet, "inputanim:bufferSha256");
        const Json& bytes = packet.value("inputanim:sourceBytes", Json());
        if (bytes.is_number_unsigned()) p.sourceBytes = bytes.get<std::uint64_t>();
        return p;
    }
    return std::nullopt;
}

}  // namespace inputanim
