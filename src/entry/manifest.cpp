// A batch's manifest: written as JSON and CSV, read back from the JSON, each entry checked against its files.
// nlohmann's parser and destructor do not recurse, so a deeply nested file needs no limit before parsing.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "inputanim/archive.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/core/version.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {
namespace {

using OrderedJson = nlohmann::ordered_json;

std::string csvField(const std::string& text) {  // quoted when it holds a comma, a quote or a line break
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

// A path that stays in the manifest's folder on every system: relative, without a root ("/x" on Windows, "C:x") or
// a ".." part.
bool insideFolder(const std::string& path) {
    const auto native = nativePath(path);
    if (path.empty() || native.has_root_path()) return false;
    return std::none_of(native.begin(), native.end(), [](const auto& part) { return part == ".."; });
}

Result<ManifestEntry> entryOf(const OrderedJson& item, const std::string& path, std::size_t i) {
    const std::string pointer = "/files/" + std::to_string(i);
    try {
        ManifestEntry e;
        e.source = item.at("source").get<std::string>();
        e.sourceBytes = item.at("sourceBytes").get<std::uint64_t>();
        e.sourceSha256 = item.at("sourceSha256").get<std::string>();
        e.archive = item.at("archive").get<std::string>();
        e.archiveBytes = item.at("archiveBytes").get<std::uint64_t>();
        e.archiveSha256 = item.at("archiveSha256").get<std::string>();
        e.positionError = item.at("deviation").at("position").get<double>();
        e.rotationError = item.at("deviation").at("rotation").get<double>();
        if (!insideFolder(e.archive))
            return Error::inJson(path, pointer, "archive: expected a path relative to the manifest's folder");
        return e;
    } catch (const OrderedJson::exception& error) {
        return Error::inJson(path, pointer, std::string("not an entry of inputanim.manifest/1: ") + error.what());
    }
}

}  // namespace

std::string manifestJson(const std::vector<ManifestEntry>& entries) {
    OrderedJson files = OrderedJson::array();
    for (const ManifestEntry& e : entries)
        files.push_back({{"source", e.source},
                         {"sourceBytes", e.sourceBytes},
                         {"sourceSha256", e.sourceSha256},
                         {"archive", e.archive},
                         {"archiveBytes", e.archiveBytes},
                         {"archiveSha256", e.archiveSha256},
                         {"deviation", {{"position", e.positionError}, {"rotation", e.rotationError}}}});
    const OrderedJson json = {
        {"schema", "inputanim.manifest/1"}, {"tool", std::string("inputanim ") + INPUTANIM_VERSION}, {"files", files}};
    return json.dump(1) + "\n";
}

std::string manifestCsv(const std::vector<ManifestEntry>& entries) {
    std::string csv =
        "source,source_bytes,source_sha256,archive,archive_bytes,archive_sha256,position_m,rotation_deg\n";
    for (const ManifestEntry& e : entries)
        csv += csvField(e.source) + "," + std::to_string(e.sourceBytes) + "," + e.sourceSha256 + "," +
               csvField(e.archive) + "," + std::to_string(e.archiveBytes) + "," + e.archiveSha256 + "," +
               OrderedJson(e.positionError).dump() + "," + OrderedJson(e.rotationError).dump() + "\n";
    return csv;
}

Result<std::vector<ManifestEntry>> readManifest(std::span<const std::uint8_t> bytes, const std::string& path) {
    const OrderedJson json = OrderedJson::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (!json.is_object() || json.value("schema", "") != "inputanim.manifest/1" || !json.contains("files") ||
        !json["files"].is_array())
        return Error{path, {}, "not a manifest of inputanim (schema inputanim.manifest/1)"};
    std::vector<ManifestEntry> entries;
    for (std::size_t i = 0; i < json["files"].size(); ++i) {
        auto entry = entryOf(json["files"][i], path, i);
        if (!entry) return entry.error();
        entries.push_back(std::move(*entry));
    }
    return entries;
}

std::vector<ManifestEntry> mergeManifests(std::vector<ManifestEntry> previous, std::vector<ManifestEntry> added) {
    std::map<std::string, ManifestEntry> byArchive;
    for (auto* list : {&previous, &added})
        for (ManifestEntry& e : *list) byArchive.insert_or_assign(e.archive, std::move(e));
    std::vector<ManifestEntry> merged;
    for (auto& [archive, e] : byArchive) merged.push_back(std::move(e));
    return merged;
}

Result<EntryCheck> checkManifestEntry(const ManifestEntry& entry, const std::string& manifestFolder) {
    const std::string file = utf8Path(nativePath(manifestFolder) / nativePath(entry.archive));
    auto bytes = readFile(file);
    if (!bytes) return bytes.error();
    EntryCheck check;
    check.archiveMatches = bytes->size() == entry.archiveBytes && sha256Hex(*bytes) == entry.archiveSha256;
    if (lowercaseExtension(file) == ".bin") return check;
    auto rebuilt = verifyArchive(*bytes, file);
    if (!rebuilt) return rebuilt.error();
    check.rebuiltMatches = rebuilt->rebuiltBytes == entry.sourceBytes && rebuilt->rebuiltSha256 == entry.sourceSha256;
    return check;
}

}  // namespace inputanim
