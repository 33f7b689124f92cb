// A batch's manifest: written as JSON and CSV, read back from the JSON, each entry checked against its files.
// nlohmann's parser and destructor do not recurse, so a deeply nested file needs no limit before parsing.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "inputanim/archive.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/core/version.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/load.hpp"

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

// A name a manifest may hold: no control character (NUL, line breaks, escape sequences), which would make the name
// checked differ from the name shown, or stop a reader at a NUL.
bool printableName(const std::string& name) {
    return std::none_of(name.begin(), name.end(), [](char c) { return (unsigned char)c < 0x20 || c == 0x7f; });
}

// The entry's member `key` when it is of the kind `is` tests, else why not, in the manifest's words.
template <typename T>
Status readMember(const OrderedJson& item, const char* key, bool (OrderedJson::*is)() const noexcept, const char* kind,
                  T& into, const std::string& path, const std::string& pointer) {
    if (!item.is_object() || !item.contains(key) || !(item[key].*is)())
        return Error::inJson(path, pointer + "/" + key, std::string("expected ") + kind);
    into = item[key].get<T>();
    return Success{};
}

Result<ManifestEntry> entryOf(const OrderedJson& item, const std::string& path, std::size_t i) {
    const std::string pointer = "/files/" + std::to_string(i);
    ManifestEntry e;
    const OrderedJson& deviation = item.is_object() ? item.value("deviation", OrderedJson()) : OrderedJson();
    for (Status s :
         {readMember(item, "source", &OrderedJson::is_string, "a string", e.source, path, pointer),
          readMember(item, "sourceBytes", &OrderedJson::is_number_unsigned, "a byte count", e.sourceBytes, path,
                     pointer),
          readMember(item, "sourceSha256", &OrderedJson::is_string, "a string", e.sourceSha256, path, pointer),
          readMember(item, "archive", &OrderedJson::is_string, "a string", e.archive, path, pointer),
          readMember(item, "archiveBytes", &OrderedJson::is_number_unsigned, "a byte count", e.archiveBytes, path,
                     pointer),
          readMember(item, "archiveSha256", &OrderedJson::is_string, "a string", e.archiveSha256, path, pointer),
          readMember(deviation, "position", &OrderedJson::is_number, "a number", e.positionError, path,
                     pointer + "/deviation"),
          readMember(deviation, "rotation", &OrderedJson::is_number, "a number", e.rotationError, path,
                     pointer + "/deviation")})
        if (!s) return s.error();
    if (!printableName(e.archive) || !printableName(e.source))
        return Error::inJson(path, pointer, "a name holds a control character (NUL, a line break, an escape)");
    if (!insideFolder(e.archive))
        return Error::inJson(path, pointer, "archive: expected a path relative to the manifest's folder");
    return e;
}

// The entry's archive, read only where its real path stays in the manifest's folder: no symbolic link leads out.
Result<FileBytes> readInside(const std::string& file, const std::string& folder) {
    std::error_code fileError, folderError;  // a file that cannot be resolved: readFile says why
    const auto real = std::filesystem::canonical(nativePath(file), fileError);
    const auto root = std::filesystem::canonical(nativePath(folder.empty() ? "." : folder), folderError);
    if (!fileError && !folderError && !pathInside(real, root))
        return Error{file,
                     {},
                     "leads to " + utf8Path(real) + ", outside the manifest's folder (a symbolic link?)",
                     ErrorKind::Refused,
                     Reason::OutsideFolder};
    return readFile(file);
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
    if (const auto nul = std::find(bytes.begin(), bytes.end(), std::uint8_t(0)); nul != bytes.end())
        return Error{path, std::uint64_t(nul - bytes.begin()), "a NUL byte: a manifest is JSON text"};
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
    auto bytes = readInside(file, manifestFolder);
    if (!bytes) return bytes.error();
    EntryCheck check;
    check.archiveMatches = bytes->size() == entry.archiveBytes && sha256Hex(*bytes) == entry.archiveSha256;
    if (detectInput(*bytes) == InputKind::MrtkBinary) return check;  // a copy of a recording, told by its content
    auto rebuilt = verifyArchive(*bytes, file);
    if (!rebuilt) return rebuilt.error();
    check.rebuiltMatches = rebuilt->rebuiltBytes == entry.sourceBytes && rebuilt->rebuiltSha256 == entry.sourceSha256;
    check.wayBack = rebuilt->wayBack;
    return check;
}

}  // namespace inputanim
