// Writing a recording in its own encoding: the file as pieces, compact keys straight from memory.
#include "inputanim/mrtk/binary_format.hpp"

#include <bit>
#include <cstddef>
#include <cstring>
#include <limits>

#include "inputanim/core/default_init.hpp"

namespace inputanim {

namespace {

// Which curve indices an encoding stores, in file order.
struct CurveSpan {
    std::size_t first, last;
};
std::vector<CurveSpan> storedCurves(const Recording& recording) {
    if (recording.encoding.minor == 0) return {{0, kVersion10CurveCount}};
    std::vector<CurveSpan> spans;
    if (recording.hasCameraPose) spans.push_back({kCameraFirst, kBooleanFirst});
    if (recording.hasHandData) spans.push_back({kBooleanFirst, kGazeFirst});
    if (recording.hasEyeGaze) spans.push_back({kGazeFirst, kCurveCount});
    return spans;
}

// Hands the file on in order: its own bytes (headers, full keys, markers) gathered in a buffer that is passed on
// whenever it is full, and bytes already laid out in memory (compact keys) passed on from where they are when
// they are large.
class PieceWriter {
public:
    static constexpr std::size_t kChunk = std::size_t(1) << 20;
    // Smaller pieces from elsewhere are copied into the chunk: a write of their own costs more than the copy.
    static constexpr std::size_t kSmallestExternal = std::size_t(64) << 10;
    // `fileSize`: the whole file's, so that a small file's chunk is no larger than it (a chunk's end is memory
    // touched).
    PieceWriter(const ByteSink& sink, std::size_t fileSize) : sink_(sink) {
        owned_.reserve(std::min(kChunk + kSmallestExternal, fileSize));
    }
    template <typename T>
    void put(T value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        owned_.insert(owned_.end(), p, p + sizeof(T));
    }
    void putBytes(const void* data, std::size_t n) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        owned_.insert(owned_.end(), p, p + n);
    }
    // How many more `size`-byte items fill the chunk (the last one may end beyond it).
    std::size_t itemsToFill(std::size_t size) const {
        return owned_.size() >= kChunk ? 1 : (kChunk - owned_.size() + size - 1) / size;
    }
    // Room for `n` more bytes at the end of the chunk, for the caller to fill.
    std::uint8_t* extend(std::size_t n) {
        owned_.resize(owned_.size() + n);
        return owned_.data() + owned_.size() - n;
    }
    Status flushIfFull() { return owned_.size() >= kChunk ? flush() : Status{Success{}}; }
    Status putExternal(std::span<const std::uint8_t> bytes) {
        if (bytes.size() < kSmallestExternal) {
            putBytes(bytes.data(), bytes.size());
            return flushIfFull();
        }
        if (auto s = flush(); !s) return s;
        return sink_(bytes);
    }
    Status flush() {
        if (owned_.empty()) return Success{};
        auto s = sink_(owned_);
        owned_.clear();
        return s;
    }

private:
    const ByteSink& sink_;
    std::vector<std::uint8_t, DefaultInitAllocator<std::uint8_t>> owned_;  // extend() leaves its room unzeroed
};

}  // namespace

Result<std::vector<std::uint8_t>> writeRecording(const Recording& recording) {
    std::vector<std::uint8_t> bytes;
    auto written = encodeRecording(recording, [&](std::span<const std::uint8_t> piece) {
        bytes.insert(bytes.end(), piece.begin(), piece.end());
        return Status{Success{}};
    });
    if (!written) return written.error();
    return bytes;
}

Status checkWritable(const Recording& recording) {
    if (auto reason = unrepresentable(recording))
        return Error::notRepresentable("cannot write " + std::string(describe(recording.encoding)) + ": " + *reason);
    return Success{};
}

// Numbers are written as memory holds them, which is the file's byte order on little-endian hosts only.
static_assert(std::endian::native == std::endian::little);
static_assert(sizeof(Key) == kFullKeySize && offsetof(Key, value) == 4 && offsetof(Key, inTangent) == 8 &&
              offsetof(Key, outTangent) == 12 && offsetof(Key, inWeight) == 16 && offsetof(Key, outWeight) == 20 &&
              offsetof(Key, weightedMode) == 24);

namespace {

// The file's size in bytes, or a little more: its header, each stored curve's wrap modes, count and keys, its markers
// (each name's length counted at its longest, 5 bytes).
template <typename KeySize>
std::size_t encodedSize(const Recording& recording, const std::vector<CurveSpan>& spans, KeySize keySize) {
    std::size_t size = 8 + 4 + 4 + (recording.encoding.minor == 1 ? 3 : 0) + 4;
    for (CurveSpan span : spans)
        for (std::size_t i = span.first; i < span.last; ++i) size += 12 + recording.curves[i].keys.size() * keySize(i);
    for (const Marker& marker : recording.markers) size += 4 + 5 + marker.name.size();
    return size;
}

}  // namespace

Status encodeRecording(const Recording& recording, const ByteSink& write) {
    if (auto s = checkWritable(recording); !s) return s;
    const std::vector<CurveSpan> spans = storedCurves(recording);
    const bool compactFloats = recording.encoding.layout == Layout::Compact;
    auto keySize = [&](std::size_t i) { return isBooleanCurve(i) || compactFloats ? kCompactKeySize : kFullKeySize; };
    // A key in MRTK's linear encoding after its time and value: the same 20 bytes for every compact key.
    static const Key kLinear{};
    const auto* linearTail = reinterpret_cast<const std::uint8_t*>(&kLinear) + kCompactKeySize;

    PieceWriter out(write, encodedSize(recording, spans, keySize));
    out.put(kMagic);
    out.put(std::int32_t(1));
    out.put(recording.encoding.minor);
    if (recording.encoding.minor == 1) {
        out.put(recording.hasCameraPose);
        out.put(recording.hasHandData);
        out.put(recording.hasEyeGaze);
    }
    for (CurveSpan span : spans) {
        for (std::size_t i = span.first; i < span.last; ++i) {
            const KeyList& keys = recording.curves[i].keys;
            out.put(recording.curves[i].preWrapMode);
            out.put(recording.curves[i].postWrapMode);
            out.put(std::int32_t(keys.size()));
            const std::size_t size = keySize(i);
            // Keys whose memory already holds the file's bytes are written from where they are: compact keys held
            // compact, full keys held full (a Key is the file's full key, field for field: checked above).
            if (size == kCompactKeySize && keys.compact()) {
                if (auto s = out.putExternal(keys.timeValueBytes()); !s) return s;
                continue;
            }
            if (size == kFullKeySize && !keys.compact()) {
                const std::span<const Key> full = keys.fullKeys();
                if (auto s = out.putExternal({reinterpret_cast<const std::uint8_t*>(full.data()), full.size_bytes()});
                    !s)
                    return s;
                continue;
            }
            // Compact keys widened to full ones (1.0 and 1.1 full), or full keys that are all linear narrowed
            // (1.1 compact, Boolean curves): built in the chunk, a fixed number of bytes per key.
            for (std::size_t k = 0, count = keys.size(); k < count;) {
                const std::size_t batch = std::min(count - k, out.itemsToFill(size));
                std::uint8_t* at = out.extend(batch * size);
                if (size == kFullKeySize) {  // the keys are compact (held full, they went out whole above)
                    const std::uint8_t* timeValues = keys.timeValueBytes().data();
                    for (const std::size_t end = k + batch; k < end; ++k, at += kFullKeySize) {
                        std::memcpy(at, timeValues + k * kCompactKeySize, kCompactKeySize);
                        std::memcpy(at + kCompactKeySize, linearTail, kFullKeySize - kCompactKeySize);
                    }
                } else {
                    for (const std::size_t end = k + batch; k < end; ++k, at += kCompactKeySize) {
                        const Key key = keys[k];
                        std::memcpy(at, &key, kCompactKeySize);
                    }
                }
                if (auto s = out.flushIfFull(); !s) return s;
            }
        }
    }
    out.put(std::int32_t(recording.markers.size()));
    for (const Marker& marker : recording.markers) {
        out.put(marker.time);
        std::uint32_t length = std::uint32_t(marker.name.size());
        while (length >= 0x80) {
            out.put(std::uint8_t((length & 0x7f) | 0x80));
            length >>= 7;
        }
        out.put(std::uint8_t(length));
        out.putBytes(marker.name.data(), marker.name.size());
        if (auto s = out.flushIfFull(); !s) return s;
    }
    return out.flush();
}

}  // namespace inputanim
