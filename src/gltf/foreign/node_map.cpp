// The node map: names of a foreign file's nodes given their MRTK meaning by the user (schema in docs/cli.md).
#include <nlohmann/json.hpp>

#include "inputanim/gltf/import_options.hpp"
#include "json_limits.hpp"

namespace inputanim {

Result<NodeMap> parseNodeMap(std::span<const std::uint8_t> bytes, const std::string& source) {
    if (auto at = tooDeepAt(bytes)) return Error{source, *at, "JSON nested too deeply", ErrorKind::Refused};
    const auto json = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return Error{source,
                     {},
                     "expected a JSON object (the node map's schema is in docs/cli.md)",
                     ErrorKind::Malformed,
                     Reason::NodeMapInvalid};
    NodeMap map;
    try {
        if (json.contains("joints"))
            for (const auto& [node, target] : json["joints"].items()) map.joints[node] = target.get<std::string>();
        map.camera = json.value("camera", "");
        if (json.contains("gaze")) {
            map.gazeOrigin = json["gaze"].value("origin", "");
            map.gazeDirection = json["gaze"].value("direction", "");
        }
        if (json.contains("booleans"))
            for (const auto& [name, node] : json["booleans"].items()) map.booleans[name] = node.get<std::string>();
    } catch (const nlohmann::json::exception& e) {
        return Error{source,
                     {},
                     "a value that is not a string where the node map expects one",
                     ErrorKind::Malformed,
                     Reason::NodeMapInvalid};
    }
    return map;
}

}  // namespace inputanim
