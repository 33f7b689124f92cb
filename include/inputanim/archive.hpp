// Archives: a glTF this tool wrote from an MRTK recording records where it came from (Provenance, as KHR_xmp_json_ld
// metadata), and can be checked against that record, and against the original, years later: the recording rebuilt
// from it, in its source's format, must be the same bytes (docs/archival.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/encoding.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/sha256.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

// What an archive of `source` (the bytes of the MRTK recording at `path`, of `encoding`) records of it; no date.
Provenance provenanceOf(std::span<const std::uint8_t> source, const std::string& path, Encoding encoding);
// The same, all but the hash (sourceSha256 left empty), of a source of `bytes` bytes.
Provenance unhashedProvenanceOf(std::uint64_t bytes, const std::string& path, Encoding encoding);

// A file's size and SHA-256 (64 lowercase hexadecimal digits), read in pieces: never whole in memory.
struct FileDigest {
    std::uint64_t bytes = 0;
    std::string sha256;
};
Result<FileDigest> digestFile(const std::string& path);

// A ByteSource whose bytes are hashed as they pass (to a reader that takes them as it comes); drained() reads what
// is left of it, in pieces, and gives the digest of every byte it passed.
class DigestingSource {
public:
    explicit DigestingSource(ByteSource from) : from_(std::move(from)) {}
    Result<std::size_t> operator()(std::span<std::uint8_t> into);
    Result<FileDigest> drained();

private:
    ByteSource from_;
    Sha256 hash_;
    std::uint64_t bytes_ = 0;
};

struct ArchiveCheck {
    std::optional<Provenance> recorded;  // what the archive says of its source (none: written without a record)
    // It holds extras.inputanim, the way back to its source's bytes; without them it plays the recording as another
    // tool's glTF would, and what is rebuilt from it cannot be those bytes.
    bool wayBack = true;
    std::uint64_t rebuiltBytes = 0;  // the recording rebuilt from the archive, in its source's format
    std::string rebuiltSha256;
    std::optional<bool> matchesRecorded;  // its bytes' length and hash against the record, when there is one
    std::optional<bool> bufferIntact;  // the archive's buffer against the hash the record holds of it
    std::optional<std::uint64_t> originalBytes;  // the original, when given
    std::string originalSha256;
    std::optional<bool> matchesOriginal;
    bool identical() const {
        return matchesRecorded.value_or(true) && matchesOriginal.value_or(true) && bufferIntact.value_or(true) &&
               (matchesRecorded || matchesOriginal);
    }
};

// Rebuilds the recording from the archive's bytes (`path` names it) and compares it with the record it holds and,
// when given, the original's size and hash (digestFile reads it in pieces). A file that does not load is an error
// (a damaged buffer too, unless `acceptDamaged`: then bufferIntact says so); one that differs is a result.
Result<ArchiveCheck> verifyArchive(std::span<const std::uint8_t> archive, const std::string& path,
                                   std::optional<FileDigest> original = std::nullopt);
inline Result<ArchiveCheck> verifyArchive(std::span<const std::uint8_t> archive, const std::string& path,
                                          std::span<const std::uint8_t> original) {
    return verifyArchive(archive, path, FileDigest{original.size(), sha256Hex(original)});
}

// A batch conversion's record of what it wrote (convert --out-dir writes it as manifest.json and manifest.csv
// beside its outputs), so that a whole folder can be checked again later (docs/archival.md).
struct ManifestEntry {
    std::string source;  // as the batch was given it
    std::uint64_t sourceBytes = 0;
    std::string sourceSha256;
    std::string archive;  // relative to the manifest's folder
    std::uint64_t archiveBytes = 0;
    std::string archiveSha256;
    double positionError = 0, rotationError = 0;  // metres and degrees: how far the archive plays from the source
};
inline constexpr const char* kManifestName = "manifest";  // manifest.json and manifest.csv

std::string manifestJson(const std::vector<ManifestEntry>& entries);  // schema inputanim.manifest/1
std::string manifestCsv(const std::vector<ManifestEntry>& entries);  // a header line, then a line per entry
Result<std::vector<ManifestEntry>> readManifest(std::span<const std::uint8_t> json, const std::string& path);
// The entries of both, one per archive (an archive in both: `added`'s), in the order of their archives' paths.
std::vector<ManifestEntry> mergeManifests(std::vector<ManifestEntry> previous, std::vector<ManifestEntry> added);

// One entry against the files: the archive's bytes against the manifest's record of them and, for an archive of an
// MRTK recording (a glTF), the recording rebuilt from it against the source's record.
struct EntryCheck {
    bool archiveMatches = false;
    std::optional<bool> rebuiltMatches;  // none for a binary archive (its bytes are the whole record)
    bool wayBack = true;  // as ArchiveCheck's: false for a glTF written without extras.inputanim
    bool identical() const { return archiveMatches && rebuiltMatches.value_or(true); }
};
Result<EntryCheck> checkManifestEntry(const ManifestEntry& entry, const std::string& manifestFolder);

}  // namespace inputanim
