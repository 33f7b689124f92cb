// The reading options of front ends that speak JSON (report.hpp, readLoadOptions): the CLI's --animation, --side,
// --map, --hold, --prerelease-2019 and --accept-damaged under the names kReadingOptionNames lists.
#include "inputanim/gltf/import_options.hpp"
#include "inputanim/report.hpp"

#include <algorithm>
#include <cstdio>
#include <span>
#include <string>

namespace inputanim {
namespace {

std::string decimal(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

std::string wrongValue(const std::string& name) {
    return "reading options: '" + name + "' takes " +
           (name == "animation" ? std::string("a name or an index")
            : name == "side"    ? std::string("\"left\" or \"right\"")
            : name == "map"     ? std::string("a node map's JSON object")
            : name == "hold"    ? "seconds, " + decimal(kHoldLeast) + " to " + decimal(kHoldMost)
                                : std::string("true or false")) +
           ", or null for its default";
}

// Sets the option `name` from `value` (not null); false when the value is not one the option takes.
Result<bool> setReadingOption(LoadOptions& options, const std::string& name, const nlohmann::json& value) {
    if (name == "animation" && (value.is_string() || value.is_number_unsigned())) {
        options.gltf.animation = value.is_string() ? value.get<std::string>() : std::to_string(value.get<unsigned>());
    } else if (name == "side" && (value == "left" || value == "right")) {
        options.gltf.side = value == "left" ? Hand::Left : Hand::Right;
    } else if (name == "hold" && value.is_number() && value.get<double>() >= kHoldLeast &&
               value.get<double>() <= kHoldMost) {
        options.gltf.hold = value.get<double>();
    } else if (name == "prerelease2019" && value.is_boolean()) {
        options.binary.acceptPrerelease2019 = value.get<bool>();
    } else if (name == "acceptDamaged" && value.is_boolean()) {
        options.gltf.acceptDamaged = value.get<bool>();
    } else if (name == "map" && value.is_object()) {
        const std::string text = value.dump();
        auto map = parseNodeMap(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "map");
        if (!map) return map.error();
        options.gltf.map = std::move(*map);
    } else {
        return false;
    }
    return true;
}

}  // namespace

Result<LoadOptions> readLoadOptions(std::string_view text) {
    std::string names;
    for (std::string_view name : kReadingOptionNames) names.append(names.empty() ? "" : ", ").append(name);
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object()) return Error::usage("reading options: expected a JSON object of " + names);
    LoadOptions options;
    for (const auto& [name, value] : json.items()) {
        if (std::find(kReadingOptionNames.begin(), kReadingOptionNames.end(), name) == kReadingOptionNames.end())
            return Error::usage("reading options: '" + name + "' is not one (" + names + ")");
        if (value.is_null()) continue;  // the default
        auto set = setReadingOption(options, name, value);
        if (!set) return set.error();
        if (!*set) return Error::usage(wrongValue(name));
    }
    return options;
}

}  // namespace inputanim
