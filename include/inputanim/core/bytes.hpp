// Hashing and comparing runs of bytes eight at a time (std::hash of a string and std::memcmp take one to four
// bytes a step in WebAssembly).
#pragma once

#include <cstddef>
#include <cstdint>

namespace inputanim {

// A hash of `size` bytes from `bytes` (null when size is 0), the same for the same bytes in any build.
std::size_t bytesHash(const std::uint8_t* bytes, std::size_t size);
// Whether `size` bytes at a and at b are equal (either may be null when size is 0).
bool sameBytes(const std::uint8_t* a, const std::uint8_t* b, std::size_t size);

}  // namespace inputanim
