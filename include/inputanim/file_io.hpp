// Whole-file reads and crash-safe writes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "inputanim/error.hpp"

namespace inputanim {

Result<std::vector<std::uint8_t>> readFile(const std::string& path);

// A path's extension in lower case, with its dot (".glb"); empty when it has none.
std::string lowercaseExtension(const std::string& path);

// Writes to a temporary file in the same folder, flushes it to disk and renames it over `path`, so an
// interrupted or failing run leaves either the old file or the complete new one, never a partial file.
Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);
// The same for a file made of several pieces, written in order (no need to join them in memory first).
Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces);

}  // namespace inputanim
