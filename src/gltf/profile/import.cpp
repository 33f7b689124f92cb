// glTF -> Recording: files of this tool from their extras, others by their node names (foreign_import).
#include "inputanim/gltf/import.hpp"

#include <cstring>

#include "document.hpp"
#include "extras.hpp"
#include "foreign_import.hpp"
#include "inputanim/tracks/linear_fit.hpp"

namespace inputanim {

namespace {

Result<Recording> recordingOf(GltfDocument& doc, const ImportOptions& options, ImportReport* report) {
    ImportReport local;
    ImportReport& r = report ? *report : local;
    r.notes = doc.notes();
    r.animations = doc.animations();
    r.animation = doc.selectedAnimation();
    r.bufferFiles = doc.bufferFiles();
    const nlohmann::json& extras = doc.inputanimExtras();
    Result<Recording> recording = Error{};
    if (isOwnExtras(extras)) {
        r.ownFile = true;
        recording = recordingFromExtras(doc, extras);
    } else {
        recording = importForeign(doc, options, r);  // fitted for the requested encoding
    }
    if (!recording || !options.encoding || *options.encoding == recording->encoding) return recording;
    LinearFitReport fit;
    auto converted = convertFitting(std::move(*recording), *options.encoding, {options.positionTolerance, options.rotationTolerance}, &fit);
    if (!converted) return converted.error().from(doc.path());
    if (!fit.fitted.empty()) r.notes.push_back(Finding::note("keys-fitted", fitSummary(fit)));
    return converted;
}

}  // namespace

Result<Recording> importGltf(ParsedGltf&& gltf, const ImportOptions& options, ImportReport* report) {
    ParsedGltf parsed = std::move(gltf);  // the import takes the document's data: it is not read again
    return recordingOf(parsed.document(), options, report);
}

namespace {

Result<Recording> imported(Result<ParsedGltf> parsed, const ImportOptions& options, ImportReport* report) {
    if (!parsed) return parsed.error();
    return importGltf(std::move(*parsed), options, report);
}

}  // namespace

Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path, const ImportOptions& options, ImportReport* report) {
    return imported(parseGltf(bytes, path, options.allowExternalPaths, options.animation), options, report);
}

Result<Recording> importGltf(FileBytes&& bytes, const std::string& path, const ImportOptions& options, ImportReport* report) {
    return imported(parseGltf(std::move(bytes), path, options.allowExternalPaths, options.animation), options, report);
}

}  // namespace inputanim
