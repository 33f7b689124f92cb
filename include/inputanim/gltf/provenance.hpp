// Where a glTF written by this tool came from, recorded in it as KHR_xmp_json_ld metadata, so that an archive can
// be checked against its source years later (docs/archival.md).
#pragma once

#include <cstdint>
#include <string>

namespace inputanim {

struct Provenance {
    std::string sourceName;  // the source file's name, without its folder
    std::uint64_t sourceBytes = 0;
    std::string sourceSha256;  // 64 lowercase hexadecimal digits
    std::string sourceFormat;  // "MRTK input animation 1.1 compact"
    std::string tool;  // "inputanim 0.1.0"
    std::string date;  // ISO 8601 UTC; empty unless asked for (deterministic output)
    std::string bufferSha256;  // the archive's own buffer (set by the export): a changed byte anywhere in it is found
};

}  // namespace inputanim
