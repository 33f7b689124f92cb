#include "inputanim/core/bytes.hpp"

#include <cstring>

namespace inputanim {

std::size_t bytesHash(const std::uint8_t* bytes, std::size_t size) {
    std::uint64_t h = 0x9E3779B97F4A7C15u ^ size;
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        h = (h ^ word) * 0xFF51AFD7ED558CCDu;
        h ^= h >> 32;
    }
    for (; i < size; ++i) h = (h ^ bytes[i]) * 0x100000001B3u;
    return std::size_t(h ^ (h >> 29));
}

bool sameBytes(const std::uint8_t* a, const std::uint8_t* b, std::size_t size) {
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        std::uint64_t x, y;
        std::memcpy(&x, a + i, 8), std::memcpy(&y, b + i, 8);
        if (x != y) return false;
    }
    return size == i || std::memcmp(a + i, b + i, size - i) == 0;
}

}  // namespace inputanim
