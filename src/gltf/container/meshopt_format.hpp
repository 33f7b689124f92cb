// The constants of EXT_meshopt_compression's bitstreams (Appendix A), shared by its decoders and encoders (internal to
// the glTF layer).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace inputanim::meshopt {

inline constexpr std::uint8_t kAttributesHeader = 0xa0;  // version 0, the only one the extension allows
inline constexpr std::uint8_t kTrianglesHeader = 0xe0;  // | version (0 or 1)
inline constexpr std::uint8_t kIndicesHeader = 0xd0;  // | version (0 or 1)
inline constexpr std::size_t kGroupSize = 16;  // deltas of one byte of 16 consecutive elements
inline constexpr std::size_t kTailSize = 32;  // the baseline element at the stream's end, padded to at least this
inline constexpr std::size_t kMaxBlockSize = 256;  // elements per attribute block

// Elements per attribute block: as many as fit in 8 KiB, a multiple of 16, at most 256.
inline constexpr std::size_t attributeBlockSize(std::size_t stride) {
    return std::min((8192 / stride) & ~(kGroupSize - 1), kMaxBlockSize);
}

}  // namespace inputanim::meshopt
