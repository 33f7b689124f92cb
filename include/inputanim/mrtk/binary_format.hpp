// The MRTK input animation binary format (versions 1.0 and 1.1, compact and full key layouts), as real files
// use it (docs/format.md). Knows nothing about glTF.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

inline constexpr std::uint64_t kMagic = 0x6a8faf6e0f9e42c6ULL;
inline constexpr std::size_t kHeaderSize = 16;
inline constexpr std::size_t kCurveHeaderSize = 12;  // preWrapMode, postWrapMode, key count (Int32 each)
inline constexpr std::size_t kFullKeySize = 28;  // time, value, in/out tangent, in/out weight, weightedMode
inline constexpr std::size_t kCompactKeySize = 8;  // time, value (1.1 compact float keys, every Boolean key)

struct ReadOptions {
    // Accept the header-less mid-2019 prerelease files: the 1.0 body without magic and version, with
    // times rebased so that the earliest key is at 0. Off by default: such files are not the format.
    bool acceptPrerelease2019 = false;
};

// True when the bytes start with the MRTK magic number (used to tell binary input from glTF).
bool hasMagic(std::span<const std::uint8_t> bytes);

// Parses a whole file. For 1.1, both key layouts are tried and the one that consumes the file exactly
// with sane values wins; Recording::encoding says which. `source` names the file in error messages.
// With an `owner` that keeps `bytes` alive, compact keys are not copied: the recording's key lists read them
// where they are (KeyList::borrowed), so that it takes no memory beyond the file's.
Result<Recording> readRecording(std::span<const std::uint8_t> bytes, const std::string& source,
                                const ReadOptions& options = {}, std::shared_ptr<const void> owner = {});
// The same for a file of `size` bytes read from `from` as the reading goes: the same recording and the same errors.
// A 1.0 file (and a 2019 prerelease one) is read through a window of `window` bytes (wider only for a longer marker
// name), so that its bytes are never whole in memory beside the recording (its 28-byte keys are mostly held as 8);
// a 1.1 file is read whole after its header, and its compact keys are borrowed from that block.
inline constexpr std::size_t kReadWindow = 8u << 20;
Result<Recording> readRecording(std::uint64_t size, const ByteSource& from, const std::string& source,
                                const ReadOptions& options = {}, std::size_t window = kReadWindow);

// Fails (NotRepresentable) when the data cannot be held by recording.encoding (see unrepresentable and
// convertEncoding in recording.hpp): what writing would fail with, asked before anything is written.
Status checkWritable(const Recording& recording);

// Serialises in recording.encoding. Fails as checkWritable does.
Result<std::vector<std::uint8_t>> writeRecording(const Recording& recording);

// The same bytes handed to `write` in order, as they are made: compact keys straight from the recording, the rest
// (headers, full keys, markers) through a buffer of about a megabyte, so that no copy of the file is ever whole in
// memory. Fails before writing anything when the encoding cannot hold the data; else with `write`'s first failure.
Status encodeRecording(const Recording& recording, const ByteSink& write);

}  // namespace inputanim
