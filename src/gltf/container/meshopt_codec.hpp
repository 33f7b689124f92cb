// EXT_meshopt_compression's bitstreams, written from the extension's specification (Appendix A and B): decoders for
// its three modes and four filters, and encoders for the two lossless forms this library writes (attributes and index
// sequences, no filter), which give the same bytes as meshoptimizer's encoders (internal to the glTF layer).
// Decoders read only `in` and write only `out`, and return false on a stream that is malformed or not of that size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "inputanim/core/default_init.hpp"

namespace inputanim::meshopt {

enum class Mode { Attributes, Triangles, Indices };
enum class Filter { None, Octahedral, Quaternion, Exponential };

// The largest factor by which a valid stream of a mode expands (attributes: a 2-bit header per 16 bytes; triangles:
// one byte per three indices; indices: one byte per index), so that a claimed size is checked before it is allocated.
inline constexpr std::size_t kMaxExpansion = 64;

// `count` elements of `stride` bytes (a multiple of 4, at most 256) into `out` (count * stride bytes).
bool decodeAttributes(std::span<std::uint8_t> out, std::size_t count, std::size_t stride,
                      std::span<const std::uint8_t> in);
// `count` indices (a multiple of 3 for triangles) of `indexSize` bytes (2 or 4).
bool decodeTriangles(std::span<std::uint8_t> out, std::size_t count, std::size_t indexSize,
                     std::span<const std::uint8_t> in);
bool decodeIndices(std::span<std::uint8_t> out, std::size_t count, std::size_t indexSize,
                   std::span<const std::uint8_t> in);
// A filter applied in place to decoded attributes; false when `stride` does not suit it.
bool unfilter(Filter filter, std::span<std::uint8_t> data, std::size_t count, std::size_t stride);

// Appends the attribute stream of `count` elements of `stride` bytes (a multiple of 4, at most 256).
void encodeAttributes(ByteBuffer& out, std::span<const std::uint8_t> in, std::size_t count, std::size_t stride);
// Appends the index sequence stream of `count` indices of `indexSize` bytes (2 or 4).
void encodeIndices(ByteBuffer& out, std::span<const std::uint8_t> in, std::size_t count, std::size_t indexSize);

}  // namespace inputanim::meshopt
