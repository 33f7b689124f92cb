// glTF -> Recording: files of this tool from their extras, others by their node names (foreign_import).
#include "inputanim/gltf/import.hpp"

#include <cstdio>
#include <cstring>
#include <optional>

#include "document.hpp"
#include "extras.hpp"
#include "foreign_import.hpp"
#include "inputanim/core/utf8.hpp"
#include "inputanim/tracks/linear_fit.hpp"

namespace inputanim {

namespace {

// A pose (every key of every pose at one time) played for `hold` seconds from 0: MRTK stops at the last key, so a
// recording whose keys are all at 0 shows nothing.
void holdPose(Recording& r, double hold, std::vector<Finding>& notes) {
    std::optional<float> at;
    for (const CurveGroup& group : curveGroups())
        for (int c = 0; c < group.count; ++c)
            for (const Key& key : r.curves[group.first + std::size_t(c)].keys) {
                if (at && *at != key.time) return;  // motion: nothing to do
                at = key.time;
            }
    if (!at || !(hold > 0)) return;
    for (const CurveGroup& group : curveGroups())
        for (int c = 0; c < group.count; ++c) {
            KeyList& keys = r.curves[group.first + std::size_t(c)].keys;
            if (keys.empty()) continue;
            const float value = keys.value(0);
            keys = {Key{0, value}, Key{float(hold), value}};
        }
    char text[160];
    std::snprintf(
        text, sizeof text,
        "a single pose (every key at %.6g s): held from 0 to %.6g s so that MRTK shows it (it stops at the last key)",
        double(*at), hold);
    notes.push_back(Finding::note("pose-held", text));
}

// An archive's damage (GltfDocument::archiveDamage) refuses it unless accepted; accepted, or rewritten by another
// tool since, a warning: read as it is.
Result<std::optional<Finding>> archiveDamage(const GltfDocument& doc, const ImportOptions& options) {
    std::optional<Finding> damage = doc.archiveDamage();
    if (!damage) return damage;
    if (damage->severity == Severity::Error && !options.acceptDamaged)
        return Error{doc.path(), {}, damage->message, ErrorKind::Malformed, Reason::ArchiveDamaged};
    return std::optional<Finding>(
        Finding::ofFile(Severity::Warning, damage->code, "", damage->message + "; read as it is"));
}

Result<Recording> recordingOf(GltfDocument& doc, const ImportOptions& options, ImportReport* report) {
    Reported<ImportReport> r(report);
    r->notes = doc.notes();
    r->animations = doc.animations();
    r->animation = doc.selectedAnimation();
    r->bufferFiles = doc.bufferFiles();
    r->extensionsUsed = doc.extensionsUsed();
    r->provenance = doc.provenance();
    if (auto damage = archiveDamage(doc, options); !damage) return damage.error();
    else if (damage->has_value()) r->notes.push_back(**damage);
    const nlohmann::json& extras = doc.inputanimExtras();
    if (const std::string why = unreadableExtras(extras); !why.empty())
        return Error{doc.path(), {}, why, ErrorKind::Refused};
    Result<Recording> recording = Error{};
    if (isOwnExtras(extras)) {
        r->ownFile = true;
        recording = recordingFromExtras(doc, extras);
    } else {
        recording = importForeign(doc, options, *r);  // fitted for the requested encoding
    }
    if (recording) holdPose(*recording, options.hold, r->notes);
    if (!recording || !options.encoding || *options.encoding == recording->encoding) return recording;
    LinearFitReport fit;
    auto converted = convertFitting(std::move(*recording), *options.encoding, {options.tolerances}, &fit);
    if (!converted) return converted.error().from(doc.path());
    if (!fit.fitted.empty()) r->notes.push_back(Finding::note("keys-fitted", fitSummary(fit)));
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

Result<Recording> importGltf(std::span<const std::uint8_t> bytes, const std::string& path, const ImportOptions& options,
                             ImportReport* report) {
    return imported(parseGltf(bytes, path, options.allowExternalPaths, options.animation), options, report);
}

Result<Recording> importGltf(FileBytes&& bytes, const std::string& path, const ImportOptions& options,
                             ImportReport* report) {
    return imported(parseGltf(std::move(bytes), path, options.allowExternalPaths, options.animation), options, report);
}

}  // namespace inputanim
