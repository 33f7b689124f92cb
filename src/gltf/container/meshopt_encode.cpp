// The lossless encoders: the choices meshoptimizer's encoders make (for each group of 16 deltas the smallest of its
// four packings, the first of equals in the order raw, zeros, 2 bits, 4 bits; a second index baseline when a delta
// reaches 30), so that the same input gives the same bytes.
#include <array>
#include <cstring>

#include "meshopt_codec.hpp"
#include "meshopt_format.hpp"

namespace inputanim::meshopt {
namespace {

std::uint8_t zigzag(std::uint8_t v) { return std::uint8_t((std::int8_t(v) >> 7) ^ (v << 1)); }

// Bytes a group takes packed at `bits` (0: all zeros, or it cannot be; 8: raw), or SIZE_MAX when it cannot.
std::size_t packedSize(const std::uint8_t* group, unsigned bits) {
    if (bits == 0) {
        for (std::size_t i = 0; i < kGroupSize; ++i)
            if (group[i] != 0) return SIZE_MAX;
        return 0;
    }
    if (bits == 8) return kGroupSize;
    std::size_t size = kGroupSize * bits / 8;
    const unsigned sentinel = (1u << bits) - 1;
    for (std::size_t i = 0; i < kGroupSize; ++i) size += group[i] >= sentinel ? 1 : 0;
    return size;
}

void pack(ByteBuffer& out, const std::uint8_t* group, unsigned bits) {
    if (bits == 8) {
        out.insert(out.end(), group, group + kGroupSize);
        return;
    }
    const unsigned sentinel = (1u << bits) - 1, perByte = 8 / bits;
    for (std::size_t i = 0; i < kGroupSize; i += perByte) {
        unsigned byte = 0;
        for (std::size_t k = 0; k < perByte; ++k) byte = (byte << bits) | std::min<unsigned>(group[i + k], sentinel);
        out.push_back(std::uint8_t(byte));
    }
    for (std::size_t i = 0; i < kGroupSize; ++i)
        if (group[i] >= sentinel) out.push_back(group[i]);
}

void encodeBytes(ByteBuffer& out, const std::uint8_t* deltas, std::size_t groups) {
    const std::size_t header = out.size();
    out.resize(header + (groups + 3) / 4);
    std::memset(out.data() + header, 0, (groups + 3) / 4);
    for (std::size_t g = 0; g < groups; ++g) {
        const std::uint8_t* group = deltas + g * kGroupSize;
        unsigned best = 8, code = 3;
        std::size_t bestSize = packedSize(group, 8);
        constexpr std::array<unsigned, 3> kBits{0, 2, 4};
        for (unsigned c = 0; c < 3; ++c)
            if (const std::size_t size = packedSize(group, kBits[c]); size < bestSize)
                best = kBits[c], code = c, bestSize = size;
        out[header + g / 4] |= std::uint8_t(code << ((g % 4) * 2));
        if (best != 0) pack(out, group, best);
    }
}

void appendVarint(ByteBuffer& out, std::uint32_t v) {
    do {
        out.push_back(std::uint8_t((v & 127) | (v > 127 ? 128 : 0)));
        v >>= 7;
    } while (v != 0);
}

}  // namespace

void encodeAttributes(ByteBuffer& out, std::span<const std::uint8_t> in, std::size_t count, std::size_t stride) {
    out.push_back(kAttributesHeader);
    std::array<std::uint8_t, 256> last{};
    if (count > 0) std::memcpy(last.data(), in.data(), stride);
    const std::array<std::uint8_t, 256> first = last;
    const std::size_t blockSize = attributeBlockSize(stride);
    std::array<std::uint8_t, kMaxBlockSize> deltas;
    for (std::size_t start = 0; start < count; start += blockSize) {
        const std::size_t n = std::min(blockSize, count - start);
        for (std::size_t k = 0; k < stride; ++k) {
            deltas.fill(0);
            std::uint8_t previous = last[k];
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint8_t value = in[(start + i) * stride + k];
                deltas[i] = zigzag(std::uint8_t(value - previous));
                previous = value;
            }
            last[k] = previous;
            encodeBytes(out, deltas.data(), (n + kGroupSize - 1) / kGroupSize);
        }
    }
    if (stride < kTailSize) out.resize(out.size() + kTailSize - stride, 0);
    out.insert(out.end(), first.begin(), first.begin() + std::ptrdiff_t(stride));
}

void encodeIndices(ByteBuffer& out, std::span<const std::uint8_t> in, std::size_t count, std::size_t indexSize) {
    out.push_back(kIndicesHeader | 1);
    std::uint32_t last[2] = {0, 0};
    unsigned current = 0;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t index = 0;
        if (indexSize == 2) {
            std::uint16_t value;
            std::memcpy(&value, in.data() + i * 2, 2);
            index = value;
        } else {
            std::memcpy(&index, in.data() + i * 4, 4);
        }
        const std::int32_t change = std::int32_t(index - last[current]);
        current ^= (change < 0 ? -std::int64_t(change) : change) >= 30 ? 1 : 0;
        const std::uint32_t delta = index - last[current];
        const std::uint32_t zigzagged = (delta << 1) ^ std::uint32_t(std::int32_t(delta) >> 31);
        appendVarint(out, (zigzagged << 1) | current);
        last[current] = index;
    }
    out.resize(out.size() + 4, 0);
}

}  // namespace inputanim::meshopt
