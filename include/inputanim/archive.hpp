// Archives: a glTF this tool wrote from an MRTK recording records where it came from (Provenance, as KHR_xmp_json_ld
// metadata), and can be checked against that record, and against the original, years later: the recording rebuilt
// from it, in its source's format, must be the same bytes (docs/archival.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "inputanim/core/encoding.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/gltf/provenance.hpp"

namespace inputanim {

// What an archive of `source` (the bytes of the MRTK recording at `path`, of `encoding`) records of it; no date.
Provenance provenanceOf(std::span<const std::uint8_t> source, const std::string& path, Encoding encoding);

struct ArchiveCheck {
    std::optional<Provenance> recorded;  // what the archive says of its source (none: written without a record)
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
// when given, `original`'s bytes. A file that does not load is an error; one that differs is a result.
Result<ArchiveCheck> verifyArchive(std::span<const std::uint8_t> archive, const std::string& path,
                                   std::optional<std::span<const std::uint8_t>> original = std::nullopt);

}  // namespace inputanim
