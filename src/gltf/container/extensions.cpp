#include "extensions.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

// Name prefixes of extensions that change only a part of the file the conversion does not read, and that part.
constexpr std::array<std::pair<const char*, const char*>, 10> kIgnoredParts{{
    {"KHR_draco_mesh_compression", "mesh geometry"},
    {"KHR_mesh_quantization", "mesh vertex attributes"},
    {"EXT_mesh_gpu_instancing", "mesh instances"},
    {"KHR_materials_", "materials"},
    {"KHR_texture_", "textures"},
    {"EXT_texture_", "textures"},
    {"MSFT_texture_", "textures"},
    {"KHR_lights_", "lights"},
    {"EXT_lights_", "lights"},
    {"KHR_xmp", "metadata"},
}};

// What a required extension the library cannot do without changes that the conversion reads ("" when unknown).
std::string whatItChanges(const std::string& extension) {
    if (extension == "KHR_meshopt_compression") return "compressed buffer views";
    if (extension == "KHR_animation_pointer") return "properties animated through pointers";
    if (extension == "KHR_node_visibility") return "node visibility";
    return "";
}

std::vector<std::string> namesAt(const Json& json, const char* key) {
    std::vector<std::string> names;
    if (!json.contains(key) || !json[key].is_array()) return names;
    for (const Json& name : json[key])
        if (name.is_string()) names.push_back(name.get<std::string>());
    return names;
}

}  // namespace

std::string ignoredPartOf(const std::string& extension) {
    for (const auto& [prefix, part] : kIgnoredParts)
        if (extension.rfind(prefix, 0) == 0) return part;
    return "";
}

Result<std::vector<std::string>> checkExtensions(const Json& json, const std::string& path,
                                                 std::vector<Finding>& notes) {
    std::vector<std::string> used = namesAt(json, "extensionsUsed");
    const std::vector<std::string> required = namesAt(json, "extensionsRequired");
    for (std::size_t i = 0; i < required.size(); ++i) {
        const std::string& name = required[i];
        if (name == "EXT_meshopt_compression") {  // read: decompressViews
            notes.push_back(Finding::note(
                "extension-clients",
                "requires EXT_meshopt_compression: three.js (with MeshoptDecoder), Babylon.js, Filament, "
                "glTF-Transform and gltfpack read it; Blender 3.4 and Assimp 5.2 read the plain file a conversion "
                "without compression writes"));
            continue;
        }
        const std::string part = ignoredPartOf(name), changes = whatItChanges(name);
        if (part.empty())
            return Error{path,
                         {},
                         "requires the glTF extension " + shortened(name) +
                             (changes.empty() ? ", which this library does not know"
                                              : " (" + changes + "), which this library does not read") +
                             ": a loader must not read the file without it",
                         ErrorKind::Refused,
                         Reason::ExtensionUnsupported}
                .at("/extensionsRequired/" + std::to_string(i));
        notes.push_back(Finding::note("extension-ignored", "requires " + shortened(name) + ", which changes only " +
                                                               part + ": the conversion does not read them"));
        if (std::find(used.begin(), used.end(), name) == used.end()) used.push_back(name);
    }
    return used;
}

}  // namespace inputanim
