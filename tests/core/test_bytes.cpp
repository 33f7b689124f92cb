// Byte runs compared and hashed eight at a time: every length around the word size, a difference at every place.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "inputanim/core/bytes.hpp"

using namespace inputanim;

namespace {
// Bytes 1, 2, 3, ... from an odd offset of a larger buffer (not aligned to a word).
std::vector<std::uint8_t> counting(std::size_t size) {
    std::vector<std::uint8_t> bytes(size + 1);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i);
    return bytes;
}
}  // namespace

TEST_CASE("byte runs are the same exactly when no byte differs, in the words and in the rest") {
    CHECK(sameBytes(nullptr, nullptr, 0));
    for (std::size_t size = 1; size <= 20; ++size) {
        const auto a = counting(size);
        auto b = counting(size);
        CHECK(sameBytes(a.data() + 1, b.data() + 1, size));
        for (std::size_t i = 0; i < size; ++i) {
            b[1 + i] ^= 0x80;
            CHECK_FALSE(sameBytes(a.data() + 1, b.data() + 1, size));
            b[1 + i] ^= 0x80;
        }
    }
}

TEST_CASE("a byte run's hash follows its bytes: equal for equal runs anywhere, changed by any one byte") {
    const auto a = counting(20);
    std::vector<std::uint8_t> copy(a.begin() + 1, a.end());  // the same bytes, at another address and alignment
    CHECK(bytesHash(nullptr, 0) == bytesHash(copy.data(), 0));
    for (std::size_t size = 1; size <= 20; ++size) {
        const std::size_t hash = bytesHash(a.data() + 1, size);
        CHECK(bytesHash(copy.data(), size) == hash);
        CHECK(bytesHash(a.data() + 1, size - 1) != hash);  // the length counts
        for (std::size_t i = 0; i < size; ++i) {
            copy[i] ^= 1;
            CHECK(bytesHash(copy.data(), size) != hash);
            copy[i] ^= 1;
        }
    }
}
