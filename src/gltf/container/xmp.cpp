#include "xmp.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

constexpr const char* kNamespace = "urn:inputanim:archive:1#";

std::string textAt(const Json& packet, const char* key) {
    return packet.contains(key) && packet[key].is_string() ? packet[key].get<std::string>() : std::string();
}

// The member at the end of a path of object keys, or null where the path leaves the objects.
const Json& memberAt(const Json& from, std::initializer_list<const char*> keys) {
    static const Json null;
    const Json* at = &from;
    for (const char* key : keys) {
        if (!at->is_object() || !at->contains(key)) return null;
        at = &(*at)[key];
    }
    return *at;
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

std::string provenanceGenerator(const Json& root) {
    const Json& generator = memberAt(root, {"asset", "generator"});
    return generator.is_string() ? generator.get<std::string>() : std::string();
}

Result<std::optional<Provenance>> provenanceIn(const Json& root, const std::string& path) {
    const Json& reference = memberAt(root, {"asset", "extensions", kXmpExtension});
    if (reference.is_null()) return std::optional<Provenance>();
    const Json& packets = memberAt(root, {"extensions", kXmpExtension, "packets"});
    const Json& index = memberAt(reference, {"packet"});
    if (!index.is_number_unsigned() || !packets.is_array() || index.get<std::uint64_t>() >= packets.size())
        return Error::inJson(path, "/asset/extensions/" + std::string(kXmpExtension) + "/packet",
                             "the asset's metadata packet " + (index.is_null() ? std::string("(none)") : index.dump()) +
                                 " names none of the file's " +
                                 std::to_string(packets.is_array() ? packets.size() : 0) + " KHR_xmp_json_ld packets");
    const Json& packet = packets[index.get<std::size_t>()];
    if (!packet.is_object() || textAt(packet, "inputanim:sourceSha256").empty()) return std::optional<Provenance>();
    Provenance p;
    p.sourceName = textAt(packet, "dc:source");
    p.sourceFormat = textAt(packet, "dc:format");
    p.sourceSha256 = textAt(packet, "inputanim:sourceSha256");
    p.tool = textAt(packet, "xmp:CreatorTool");
    p.date = textAt(packet, "xmp:CreateDate");
    p.bufferSha256 = textAt(packet, "inputanim:bufferSha256");
    const Json& bytes = packet.value("inputanim:sourceBytes", Json());
    if (bytes.is_number_unsigned()) p.sourceBytes = bytes.get<std::uint64_t>();
    return std::optional<Provenance>(std::move(p));
}

}  // namespace inputanim
