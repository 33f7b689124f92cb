// The EXT_meshopt_compression codec against meshoptimizer (Debian's libmeshoptimizer-dev), an independent
// implementation by the extension's author: the same bytes from both encoders, each decoder reading the other's
// streams, and the filters within the one unit the specification allows.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <meshoptimizer.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "gltf/container/meshopt_codec.hpp"

using namespace inputanim;
using Bytes = std::vector<std::uint8_t>;

namespace {

// Element data as glTF animations hold it: smooth float curves (times, positions, quaternions), and noise.
Bytes elements(std::size_t count, std::size_t stride, int kind, std::mt19937& random) {
    Bytes data(count * stride);
    std::uniform_real_distribution<float> jitter(-1e-3f, 1e-3f);
    for (std::size_t i = 0; i < count; ++i)
        for (std::size_t c = 0; c < stride / 4; ++c) {
            float value = kind == 0 ? float(i) / 60.0f : std::sin(float(i) * 0.01f * float(c + 1)) + jitter(random);
            if (kind == 2) value = float(random());
            std::memcpy(&data[i * stride + c * 4], &value, 4);
        }
    return data;
}

}  // namespace

TEST_CASE("attribute streams: the same bytes as meshoptimizer's encoder, and each decodes the other's") {
    std::mt19937 random(1);
    for (std::size_t stride : {4, 8, 12, 16, 28, 64, 256})
        for (std::size_t count : {0, 1, 15, 16, 17, 255, 256, 257, 1000, 5000})
            for (int kind = 0; kind < 3; ++kind) {
                CAPTURE(stride, count, kind);
                const Bytes data = elements(count, stride, kind, random);
                Bytes theirs(meshopt_encodeVertexBufferBound(count, stride));
                theirs.resize(meshopt_encodeVertexBuffer(theirs.data(), theirs.size(), data.data(), count, stride));
                ByteBuffer ours;
                meshopt::encodeAttributes(ours, data, count, stride);
                REQUIRE(Bytes(ours.begin(), ours.end()) == theirs);
                Bytes decoded(data.size());
                REQUIRE(meshopt::decodeAttributes(decoded, count, stride, theirs));
                CHECK(decoded == data);
            }
}

TEST_CASE("index sequences: the same bytes as meshoptimizer's; its triangle streams decode as it decodes them") {
    std::mt19937 random(2);
    std::vector<unsigned> grid;  // a 40 x 40 grid of quads, and the same triangles shuffled
    for (unsigned y = 0; y < 40; ++y)
        for (unsigned x = 0; x < 40; ++x) {
            const unsigned v = y * 41 + x;
            grid.insert(grid.end(), {v, v + 1, v + 41, v + 1, v + 42, v + 41});
        }
    std::vector<unsigned> shuffled = grid;
    for (std::size_t t = shuffled.size() / 3; t > 1; --t)
        std::swap_ranges(&shuffled[(t - 1) * 3], &shuffled[t * 3], &shuffled[(random() % t) * 3]);
    for (const auto* indices : {&grid, &shuffled})
        for (std::size_t size : {2, 4}) {
            CAPTURE(size, indices == &grid);
            const std::size_t n = indices->size();
            Bytes packed(n * size);
            for (std::size_t i = 0; i < n; ++i)
                size == 2 ? (void)(reinterpret_cast<std::uint16_t*>(packed.data())[i] = std::uint16_t((*indices)[i]))
                          : (void)(reinterpret_cast<std::uint32_t*>(packed.data())[i] = (*indices)[i]);
            meshopt_encodeIndexVersion(1);  // the version the extension names (0.18 writes 0 unless asked)
            Bytes sequence(meshopt_encodeIndexSequenceBound(n, 41 * 41));
            sequence.resize(meshopt_encodeIndexSequence(sequence.data(), sequence.size(), indices->data(), n));
            ByteBuffer ours;
            meshopt::encodeIndices(ours, packed, n, size);
            REQUIRE(Bytes(ours.begin(), ours.end()) == sequence);
            Bytes decoded(packed.size());
            REQUIRE(meshopt::decodeIndices(decoded, n, size, sequence));
            CHECK(decoded == packed);
            for (int version : {0, 1}) {
                meshopt_encodeIndexVersion(version);
                Bytes triangles(meshopt_encodeIndexBufferBound(n, 41 * 41));
                triangles.resize(meshopt_encodeIndexBuffer(triangles.data(), triangles.size(), indices->data(), n));
                CAPTURE(version);
                REQUIRE(meshopt::decodeTriangles(decoded, n, size, triangles));
                Bytes reference(packed.size());  // the codec may rotate a triangle's corners: meshoptimizer says how
                REQUIRE(meshopt_decodeIndexBuffer(reference.data(), n, size, triangles.data(), triangles.size()) == 0);
                CHECK(decoded == reference);
            }
        }
}

TEST_CASE("filters: within one unit of meshoptimizer's, and the exponential one exact") {
    std::mt19937 random(3);
    const std::size_t n = 4096;
    std::vector<std::int16_t> quat(n * 4), oct16(n * 4);
    std::vector<std::int8_t> oct8(n * 4);
    std::vector<std::uint32_t> exp(n);
    for (std::size_t i = 0; i < n; ++i) {
        const int k = 4 + int(random() % 13), one = (1 << (k - 1)) - 1;  // K bits: 4 to 16
        for (int c = 0; c < 3; ++c) quat[i * 4 + c] = std::int16_t(int(random() % (2 * one + 1)) - one) / 2;
        quat[i * 4 + 3] = std::int16_t((one & ~3) | int(random() % 4));
        const int x = int(random() % (2 * one + 1)) - one, rest = one - std::abs(x);
        const int y = rest == 0 ? 0 : int(random() % (2 * rest + 1)) - rest;
        oct16[i * 4] = std::int16_t(x), oct16[i * 4 + 1] = std::int16_t(y), oct16[i * 4 + 2] = std::int16_t(one);
        oct16[i * 4 + 3] = std::int16_t(random());
        const int k8 = std::min(k, 8), one8 = (1 << (k8 - 1)) - 1, x8 = x * one8 / one, y8 = y * one8 / one;
        oct8[i * 4] = std::int8_t(x8), oct8[i * 4 + 1] = std::int8_t(y8), oct8[i * 4 + 2] = std::int8_t(one8);
        oct8[i * 4 + 3] = std::int8_t(random());
        exp[i] = (std::uint32_t(int(random() % 41) - 20) << 24) | (random() & 0xffffff);
    }
    const auto compare = [](auto ours, auto theirs, int tolerance) {
        for (std::size_t i = 0; i < ours.size(); ++i) {
            CAPTURE(i);
            REQUIRE(std::abs(int(ours[i]) - int(theirs[i])) <= tolerance);
        }
    };
    auto ourQuat = quat, ourOct16 = oct16;
    auto ourOct8 = oct8;
    auto ourExp = exp;
    auto bytes = [](auto& v) {
        return std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(v.data()), v.size() * sizeof v[0]);
    };
    REQUIRE(meshopt::unfilter(meshopt::Filter::Quaternion, bytes(ourQuat), n, 8));
    REQUIRE(meshopt::unfilter(meshopt::Filter::Octahedral, bytes(ourOct16), n, 8));
    REQUIRE(meshopt::unfilter(meshopt::Filter::Octahedral, bytes(ourOct8), n, 4));
    REQUIRE(meshopt::unfilter(meshopt::Filter::Exponential, bytes(ourExp), n, 4));
    meshopt_decodeFilterQuat(quat.data(), n, 8);
    meshopt_decodeFilterOct(oct16.data(), n, 8);
    meshopt_decodeFilterOct(oct8.data(), n, 4);
    meshopt_decodeFilterExp(exp.data(), n, 4);
    compare(ourQuat, quat, 1);
    compare(ourOct16, oct16, 1);
    compare(ourOct8, oct8, 1);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(ourExp[i] == exp[i]);
}
