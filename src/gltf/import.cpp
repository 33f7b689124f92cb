// glTF -> Recording: files of this tool from their extras, others by their node names (foreign_import).
#include "inputanim/gltf/import.hpp"

#include <cstring>

#include "document.hpp"
#include "extras.hpp"
#include "foreign_import.hpp"
#include "buffers.hpp"
#include "glb.hpp"
#include "json_limits.hpp"
#include "inputanim/tracks/linear_fit.hpp"

namespace inputanim {

GltfForm gltfFormOf(std::span<const std::uint8_t> bytes) {
    if (isGlb(bytes)) return GltfForm::Glb;
    if (hasByteOrderMark(bytes)) bytes = bytes.subspan(3);
    for (std::uint8_t b : bytes) {
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
        return b == '{' ? GltfForm::Json : GltfForm::None;
    }
    return GltfForm::None;
}

std::vector<std::string> bufferFilesNamed(std::span<const std::uint8_t> bytes, const std::string& path) {
    std::span<const std::uint8_t> text = bytes;
    if (isGlb(bytes)) {
        auto chunks = readGlb(bytes, path);
        if (!chunks) return {};
        text = chunks->json;
    }
    if (tooDeepAt(text)) return {};
    const auto json = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    return json.is_object() ? externalBufferFiles(json, path) : std::vector<std::string>{};
}

namespace {

Result<Recording> recordingOf(Result<GltfDocument> doc, const std::string& path, const ImportOptions& options, ImportReport* report) {
    ImportReport local;
    ImportReport& r = report ? *report : local;
    if (!doc) return doc.error();
    r.notes = doc->notes();
    r.animations = doc->animations();
    r.animation = doc->selectedAnimation();
    r.bufferFiles = doc->bufferFiles();
    const nlohmann::json& extras = doc->inputanimExtras();
    Result<Recording> recording = Error{};
    if (isOwnExtras(extras)) {
        r.ownFile = true;
        recording = recordingFromExtras(*doc, extras);
    } else {
        recording = importForeign(*doc, options, r);  // fitted for the requested encoding
    }
    if (!recording || !options.encoding || *options.encoding == recording->encoding) return recording;
    LinearFitReport fit;
    auto converted = convertFitting(std::move(*recording), *options.encoding, {options.positionTolerance, options.rotationTolerance}, &fit);
    if (!converted) return converted.error().from(path);
    if (!fit.fitted.empty()) r.notes.push_back(Finding::note("keys-fitted", fitSummary(fit)));
    return converted;
}

}  // namespace

Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path, const ImportOptions& options,
                             ImportReport* report) {
    return recordingOf(GltfDocument::load(bytes, path, options.allowExternalPaths, options.animation), path, options, report);
}

Result<Recording> importGltf(FileBytes&& bytes, const std::string& path, const ImportOptions& options, ImportReport* report) {
    FileBytes file = std::move(bytes);
    auto doc = GltfDocument::load(file, path, options.allowExternalPaths, options.animation);
    FileBytes().swap(file);  // the document holds what it needs
    return recordingOf(std::move(doc), path, options, report);
}

Result<NodeMap> parseNodeMap(std::span<const std::uint8_t> bytes, const std::string& source) {
    if (auto at = tooDeepAt(bytes)) return Error{source, *at, "JSON nested too deeply", ErrorKind::Refused};
    const auto json = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return Error{source, {}, "expected a JSON object (the node map's schema is in docs/cli.md)", ErrorKind::Malformed, Reason::NodeMapInvalid};
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
        return Error{source, {}, "a value that is not a string where the node map expects one", ErrorKind::Malformed, Reason::NodeMapInvalid};
    }
    return map;
}

}  // namespace inputanim
