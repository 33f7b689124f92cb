// glTF -> Recording: files of this tool from their extras, others by their node names (foreign_import).
#include "inputanim/gltf/import.hpp"

#include <cstring>

#include "document.hpp"
#include "extras.hpp"
#include "foreign_import.hpp"
#include "inputanim/tracks/linear_fit.hpp"

namespace inputanim {

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

}  // namespace inputanim
