#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "meshopt_codec.hpp"
#include "meshopt_format.hpp"

namespace inputanim::meshopt {
namespace {

// A stream's bytes with a read position; every read is checked against `end`.
struct Reader {
    std::span<const std::uint8_t> in;
    std::size_t pos = 0, end = 0;
    bool has(std::size_t n) const { return end - pos >= n; }
};

// One group of 16 deltas packed at `bits` (2 or 4) per value, a value of all ones followed by its byte.
bool unpackGroup(Reader& r, std::uint8_t* out, unsigned bits) {
    const std::size_t packed = kGroupSize * bits / 8;
    if (!r.has(packed)) return false;
    const std::uint8_t* data = r.in.data() + r.pos;
    r.pos += packed;
    const unsigned sentinel = (1u << bits) - 1, perByte = 8 / bits;
    for (std::size_t i = 0; i < kGroupSize; ++i) {
        const unsigned shift = 8 - bits * (unsigned(i % perByte) + 1);
        const unsigned value = (data[i / perByte] >> shift) & sentinel;
        if (value != sentinel) {
            out[i] = std::uint8_t(value);
            continue;
        }
        if (!r.has(1)) return false;
        out[i] = r.in[r.pos++];
    }
    return true;
}

// `groups` groups of 16 bytes: a header of 2 bits per group (zeros, 2 bits, 4 bits, raw), then each group.
bool decodeBytes(Reader& r, std::uint8_t* out, std::size_t groups) {
    const std::size_t headerSize = (groups + 3) / 4;
    if (!r.has(headerSize)) return false;
    const std::uint8_t* header = r.in.data() + r.pos;
    r.pos += headerSize;
    for (std::size_t g = 0; g < groups; ++g) {
        std::uint8_t* group = out + g * kGroupSize;
        switch ((header[g / 4] >> ((g % 4) * 2)) & 3) {
            case 0: std::memset(group, 0, kGroupSize); break;
            case 1:
                if (!unpackGroup(r, group, 2)) return false;
                break;
            case 2:
                if (!unpackGroup(r, group, 4)) return false;
                break;
            default:
                if (!r.has(kGroupSize)) return false;
                std::memcpy(group, r.in.data() + r.pos, kGroupSize);
                r.pos += kGroupSize;
        }
    }
    return true;
}

std::uint8_t unzigzag(std::uint8_t v) { return std::uint8_t(-(v & 1) ^ (v >> 1)); }

std::uint32_t readVarint(Reader& r) {  // 1 to 5 bytes of 7 bits, low first; the caller keeps 5 bytes in range
    std::uint32_t result = 0;
    for (unsigned shift = 0; shift < 35; shift += 7) {
        const std::uint8_t byte = r.in[r.pos++];
        result |= std::uint32_t(byte & 127) << shift;
        if (byte < 128) break;
    }
    return result;
}

std::uint32_t unzigzag32(std::uint32_t v) { return (v >> 1) ^ (0u - (v & 1)); }

void writeIndex(std::span<std::uint8_t> out, std::size_t i, std::size_t indexSize, std::uint32_t index) {
    if (indexSize == 2) {
        const std::uint16_t value = std::uint16_t(index);
        std::memcpy(out.data() + i * 2, &value, 2);
    } else {
        std::memcpy(out.data() + i * 4, &index, 4);
    }
}

}  // namespace

bool decodeAttributes(std::span<std::uint8_t> out, std::size_t count, std::size_t stride,
                      std::span<const std::uint8_t> in) {
    if (stride == 0 || stride > 256 || stride % 4 != 0 || out.size() / stride != count || out.size() % stride != 0)
        return false;
    const std::size_t tail = std::max(stride, kTailSize);
    if (in.size() < 1 + tail || in[0] != kAttributesHeader) return false;
    std::array<std::uint8_t, 256> last{};
    std::memcpy(last.data(), in.data() + in.size() - stride, stride);
    const std::size_t blockSize = attributeBlockSize(stride);
    std::array<std::uint8_t, kMaxBlockSize> deltas;
    Reader r{in, 1, in.size() - tail};
    for (std::size_t first = 0; first < count; first += blockSize) {
        const std::size_t n = std::min(blockSize, count - first);
        for (std::size_t k = 0; k < stride; ++k) {
            if (!decodeBytes(r, deltas.data(), (n + kGroupSize - 1) / kGroupSize)) return false;
            std::uint8_t value = last[k];
            for (std::size_t i = 0; i < n; ++i) out[(first + i) * stride + k] = value += unzigzag(deltas[i]);
            last[k] = value;
        }
    }
    return r.pos == r.end;
}

namespace {

// The triangle codec's state: recent edges and vertices (16 each), the next new vertex and the last free index.
struct TriangleState {
    std::array<std::array<std::uint32_t, 2>, 16> edges;
    std::array<std::uint32_t, 16> vertices;
    std::size_t edgeAt = 0, vertexAt = 0;
    std::uint32_t next = 0, last = 0;
    TriangleState() {
        for (auto& e : edges) e = {~0u, ~0u};
        vertices.fill(~0u);
    }
    void pushEdge(std::uint32_t a, std::uint32_t b) {
        edges[edgeAt] = {a, b};
        edgeAt = (edgeAt + 1) & 15;
    }
    void pushVertex(std::uint32_t v, bool advance = true) {
        vertices[vertexAt] = v;
        vertexAt = (vertexAt + (advance ? 1 : 0)) & 15;
    }
    std::uint32_t vertexBack(std::size_t n) const { return vertices[(vertexAt - n) & 15]; }
};

// A triangle that reuses a recent edge (code below 0xf0).
void edgeTriangle(TriangleState& s, Reader& data, std::uint8_t code, int version, std::uint32_t out[3]) {
    const auto edge = s.edges[(s.edgeAt - 1 - (code >> 4)) & 15];
    const unsigned fec = code & 15;
    std::uint32_t c;
    if (fec < (version >= 1 ? 13u : 15u)) {
        c = fec == 0 ? s.next++ : s.vertexBack(1 + fec);
        s.pushVertex(c, fec == 0);
    } else {
        c = s.last = fec != 15 ? s.last + (fec == 13 ? -1 : 1) : s.last + unzigzag32(readVarint(data));
        s.pushVertex(c);
    }
    out[0] = edge[0], out[1] = edge[1], out[2] = c;
    s.pushEdge(c, edge[1]);
    s.pushEdge(edge[0], c);
}

// A triangle of new or recent vertices (code 0xf0 and above).
void vertexTriangle(TriangleState& s, Reader& data, std::uint8_t code, std::span<const std::uint8_t, 16> table,
                    std::uint32_t out[3]) {
    const bool fromTable = code < 0xfe;
    const std::uint8_t aux = fromTable ? table[code & 15] : data.in[data.pos++];
    const unsigned fea = fromTable || code == 0xfe ? 0 : 15, feb = aux >> 4, fec = aux & 15;
    if (!fromTable && aux == 0) s.next = 0;
    std::uint32_t a = fea == 0 ? s.next++ : 0;
    std::uint32_t b = feb == 0 ? s.next++ : s.vertexBack(feb);
    std::uint32_t c = fec == 0 ? s.next++ : s.vertexBack(fec);
    if (fea == 15) a = s.last = s.last + unzigzag32(readVarint(data));
    if (feb == 15) b = s.last = s.last + unzigzag32(readVarint(data));
    if (fec == 15) c = s.last = s.last + unzigzag32(readVarint(data));
    out[0] = a, out[1] = b, out[2] = c;
    s.pushVertex(a);
    s.pushVertex(b, feb == 0 || feb == 15);
    s.pushVertex(c, fec == 0 || fec == 15);
    s.pushEdge(b, a);
    s.pushEdge(c, b);
    s.pushEdge(a, c);
}

}  // namespace

bool decodeTriangles(std::span<std::uint8_t> out, std::size_t count, std::size_t indexSize,
                     std::span<const std::uint8_t> in) {
    if (count % 3 != 0 || (indexSize != 2 && indexSize != 4) || out.size() != count * indexSize) return false;
    if (in.size() < 1 + count / 3 + 16 || (in[0] & 0xf0) != kTrianglesHeader || (in[0] & 15) > 1) return false;
    const int version = in[0] & 15;
    const std::span<const std::uint8_t, 16> table(in.data() + in.size() - 16, 16);
    Reader data{in, 1 + count / 3, in.size() - 16};
    TriangleState state;
    for (std::size_t i = 0; i < count; i += 3) {
        // A triangle reads at most 16 bytes, and the 16-byte table follows the data.
        if (data.pos > data.end) return false;
        const std::uint8_t code = in[1 + i / 3];
        std::uint32_t triangle[3];
        if (code < 0xf0) edgeTriangle(state, data, code, version, triangle);
        else vertexTriangle(state, data, code, table, triangle);
        for (int k = 0; k < 3; ++k) writeIndex(out, i + std::size_t(k), indexSize, triangle[k]);
    }
    return data.pos == data.end;
}

bool decodeIndices(std::span<std::uint8_t> out, std::size_t count, std::size_t indexSize,
                   std::span<const std::uint8_t> in) {
    if ((indexSize != 2 && indexSize != 4) || out.size() != count * indexSize) return false;
    if (in.size() < 1 + count + 4 || (in[0] & 0xf0) != kIndicesHeader || (in[0] & 15) > 1) return false;
    Reader data{in, 1, in.size() - 4};
    std::uint32_t last[2] = {0, 0};
    for (std::size_t i = 0; i < count; ++i) {
        if (data.pos >= data.end) return false;  // an index reads at most 5 bytes, and the 4-byte tail follows
        const std::uint32_t v = readVarint(data);
        const unsigned baseline = v & 1;
        last[baseline] += unzigzag32(v >> 1);
        writeIndex(out, i, indexSize, last[baseline]);
    }
    return data.pos == data.end;
}

}  // namespace inputanim::meshopt
