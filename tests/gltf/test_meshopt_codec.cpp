// EXT_meshopt_compression's codec against streams worked by hand from the specification's Appendix A, and its
// decoders on every truncation and on flipped bytes of valid streams (no read or write out of bounds: the sanitizer
// build runs these). meshoptimizer itself checks the codec in tests/meshopt/.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "gltf/container/meshopt_codec.hpp"

using namespace inputanim;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes encodedAttributes(const Bytes& in, std::size_t stride) {
    ByteBuffer out;
    meshopt::encodeAttributes(out, in, in.size() / stride, stride);
    return Bytes(out.begin(), out.end());
}

Bytes withTail(Bytes stream, const Bytes& first) {  // the baseline element, padded to 32 bytes
    stream.resize(stream.size() + 32 - first.size(), 0);
    stream.insert(stream.end(), first.begin(), first.end());
    return stream;
}

}  // namespace

TEST_CASE("meshopt attributes: one element is its baseline, and its deltas are zero groups") {
    const Bytes expected = withTail({0xa0, 0, 0, 0, 0}, {1, 2, 3, 4});
    CHECK(encodedAttributes({1, 2, 3, 4}, 4) == expected);
    Bytes out(4);
    REQUIRE(meshopt::decodeAttributes(out, 1, 4, expected));
    CHECK(out == Bytes{1, 2, 3, 4});
}

TEST_CASE("meshopt attributes: small deltas pack at 2 bits, first value in the high bits, zigzag signs") {
    // Byte 0 goes 0 -> 1 (zigzag 2), byte 3 goes 0 -> 255 (a delta of -1, zigzag 1); bytes 1 and 2 stay 0.
    const Bytes in{0, 0, 0, 0, 1, 0, 0, 255};
    const Bytes expected = withTail({0xa0, 0x01, 0x20, 0, 0, 0, 0x00, 0x00, 0x01, 0x10, 0, 0, 0}, {0, 0, 0, 0});
    CHECK(encodedAttributes(in, 4) == expected);
    Bytes out(8);
    REQUIRE(meshopt::decodeAttributes(out, 2, 4, expected));
    CHECK(out == in);
}

TEST_CASE("meshopt attributes: a value of all ones escapes to a byte after the group") {
    // Deltas 0, 3 and 8 (zigzag 6 and 16): at 2 bits both escape (4 + 2 bytes), at 4 bits one does (8 + 1).
    const Bytes in{0, 0, 0, 0, 3, 0, 0, 0, 11, 0, 0, 0};
    const Bytes expected = withTail({0xa0, 0x01, 0x3c, 0, 0, 0, 0x06, 0x10, 0x00, 0x00, 0x00}, {0, 0, 0, 0});
    CHECK(encodedAttributes(in, 4) == expected);
    Bytes out(12);
    REQUIRE(meshopt::decodeAttributes(out, 3, 4, expected));
    CHECK(out == in);
}

TEST_CASE("meshopt indices: deltas as zigzag varints with the baseline in the low bit, a 4-byte tail") {
    ByteBuffer out;
    const std::uint16_t indices[] = {0, 1, 2, 200};
    meshopt::encodeIndices(out, {reinterpret_cast<const std::uint8_t*>(indices), sizeof indices}, 4, 2);
    // 200 - 2 reaches 30: baseline 1 (still 0), delta 200, zigzag 400, with the baseline bit 801 = 0xa1 0x06.
    CHECK(Bytes(out.begin(), out.end()) == Bytes{0xd1, 0x00, 0x04, 0x04, 0xa1, 0x06, 0, 0, 0, 0});
    Bytes decoded(8);
    REQUIRE(meshopt::decodeIndices(decoded, 4, 2, out));
    CHECK(std::memcmp(decoded.data(), indices, 8) == 0);
}

TEST_CASE("meshopt filters: exponential, quaternion and octahedral as the specification decodes them") {
    std::int32_t exp[2] = {std::int32_t((std::uint32_t(0xfe) << 24) | 6), std::int32_t((3u << 24) | 0xfffffd)};
    REQUIRE(meshopt::unfilter(meshopt::Filter::Exponential, {reinterpret_cast<std::uint8_t*>(exp), 8}, 2, 4));
    float values[2];
    std::memcpy(values, exp, 8);
    CHECK(values[0] == 1.5f);  // 6 * 2^-2
    CHECK(values[1] == -24.0f);  // -3 * 2^3
    // The identity quaternion: w (index 3) left out, x = y = z = 0, and 1.0 at K = 16 (32767 with the index bits).
    std::int16_t quat[4] = {0, 0, 0, std::int16_t(32767 & ~3 | 3)};
    REQUIRE(meshopt::unfilter(meshopt::Filter::Quaternion, {reinterpret_cast<std::uint8_t*>(quat), 8}, 1, 8));
    CHECK((quat[0] == 0 && quat[1] == 0 && quat[2] == 0 && quat[3] == 32767));
    // (x, y, z, w) = (0.8, 0.36, 0.48, 0), largest x (index 0): the three after it in cyclic order, y, z, w, are stored
    // as c * sqrt(2) * 32767 (16682, 22243, 0) with one = 32767; x comes back as sqrt(1 - y^2 - z^2 - w^2). By hand:
    // 0.8, 0.36, 0.48 and 0 times 32767 are 26214, 11796, 15728 and 0, within one unit of rounding.
    std::int16_t turned[4] = {16682, 22243, 0, std::int16_t(32767 & ~3 | 0)};
    REQUIRE(meshopt::unfilter(meshopt::Filter::Quaternion, {reinterpret_cast<std::uint8_t*>(turned), 8}, 1, 8));
    const int expected[4] = {26214, 11796, 15728, 0};
    for (int i = 0; i < 4; ++i) CHECK(std::abs(turned[i] - expected[i]) <= 1);
    // +z at K = 8: x = y = 0, one = 127.
    std::int8_t oct[4] = {0, 0, 127, 42};
    REQUIRE(meshopt::unfilter(meshopt::Filter::Octahedral, {reinterpret_cast<std::uint8_t*>(oct), 4}, 1, 4));
    CHECK((oct[0] == 0 && oct[1] == 0 && oct[2] == 127 && oct[3] == 42));
    CHECK_FALSE(meshopt::unfilter(meshopt::Filter::Quaternion, {reinterpret_cast<std::uint8_t*>(oct), 4}, 1, 4));
}

TEST_CASE("meshopt decoders refuse truncated and changed streams without reading outside them") {
    std::mt19937 random(7);
    Bytes data(40 * 12);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = std::uint8_t(i % 12 < 6 ? i / 12 : random());
    const Bytes stream = encodedAttributes(data, 12);
    Bytes out(data.size());
    REQUIRE(meshopt::decodeAttributes(out, 40, 12, stream));
    CHECK(out == data);
    for (std::size_t n = 0; n < stream.size(); ++n) {
        const Bytes cut(stream.begin(), stream.begin() + std::ptrdiff_t(n));
        CHECK_FALSE(meshopt::decodeAttributes(out, 40, 12, cut));
    }
    for (int trial = 0; trial < 2000; ++trial) {  // decoding may succeed or fail, but stays in bounds
        Bytes changed = stream;
        changed[random() % changed.size()] ^= std::uint8_t(1u << (random() % 8));
        (void)meshopt::decodeAttributes(out, 40, 12, changed);
        Bytes indices(60 * 2);
        (void)meshopt::decodeTriangles(indices, 60, 2, changed);
        (void)meshopt::decodeIndices(indices, 60, 2, changed);
    }
    CHECK_FALSE(meshopt::decodeAttributes(out, 40, 6, stream));  // not a multiple of 4
}
