// Writing a recording in its own encoding: the file as pieces, compact keys straight from memory.
#include "inputanim/mrtk/binary_format.hpp"

#include <bit>
#include <cstring>
#include <limits>

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

// Builds the file as pieces: bytes of its own (headers, full keys, markers) and spans of memory that
// already holds file bytes (compact keys), so that large recordings are written without a copy.
class PieceWriter {
public:
    explicit PieceWriter(std::size_t ownedCapacity) { owned_.reserve(ownedCapacity); }
    template <typename T>
    void put(T value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        owned_.insert(owned_.end(), p, p + sizeof(T));
    }
    void putBytes(const void* data, std::size_t n) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        owned_.insert(owned_.end(), p, p + n);
    }
    void putExternal(std::span<const std::uint8_t> bytes) {
        if (bytes.empty()) return;
        closeOwned();
        segments_.push_back({0, 0, bytes});
    }
    EncodedRecording finish() {
        closeOwned();
        EncodedRecording out;
        out.owned = std::move(owned_);
        for (const Segment& segment : segments_)
            out.pieces.push_back(segment.external.empty() ? std::span<const std::uint8_t>(out.owned).subspan(segment.offset, segment.length)
                                                          : segment.external);
        return out;
    }

private:
    struct Segment {
        std::size_t offset, length;              // own bytes
        std::span<const std::uint8_t> external;  // or external bytes
    };
    // The own bytes written since the last segment become one.
    void closeOwned() {
        if (owned_.size() > closed_) segments_.push_back({closed_, owned_.size() - closed_, {}});
        closed_ = owned_.size();
    }
    std::size_t closed_ = 0;
    std::vector<std::uint8_t> owned_;
    std::vector<Segment> segments_;
};


}  // namespace

std::size_t EncodedRecording::size() const {
    std::size_t n = 0;
    for (auto piece : pieces) n += piece.size();
    return n;
}

Result<std::vector<std::uint8_t>> writeRecording(const Recording& recording) {
    auto encoded = encodeRecording(recording);
    if (!encoded) return encoded.error();
    std::vector<std::uint8_t> bytes;
    bytes.reserve(encoded->size());
    for (auto piece : encoded->pieces) bytes.insert(bytes.end(), piece.begin(), piece.end());
    return bytes;
}

Result<EncodedRecording> encodeRecording(const Recording& recording) {
    if (auto reason = unrepresentable(recording)) return Error{{}, {}, "cannot write " + std::string(describe(recording.encoding)) + ": " + *reason, ErrorKind::NotRepresentable};
    const std::vector<CurveSpan> spans = storedCurves(recording);
    const bool compactFloats = recording.encoding.layout == Layout::Compact;
    auto keySize = [&](std::size_t i) { return isBooleanCurve(i) || compactFloats ? kCompactKeySize : kFullKeySize; };
    // Compact keys in compact memory are written from where they are; everything else is built here.
    auto external = [&](std::size_t i) {
        return keySize(i) == kCompactKeySize && recording.curves[i].keys.compact() && std::endian::native == std::endian::little;
    };

    std::size_t ownedSize = kHeaderSize + 3 + 4;
    for (CurveSpan span : spans)
        for (std::size_t i = span.first; i < span.last; ++i)
            ownedSize += kCurveHeaderSize + (external(i) ? 0 : recording.curves[i].keys.size() * keySize(i));
    for (const Marker& marker : recording.markers) ownedSize += 4 + 5 + marker.name.size();
    PieceWriter out(ownedSize);
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
            const Curve& curve = recording.curves[i];
            out.put(curve.preWrapMode);
            out.put(curve.postWrapMode);
            out.put(std::int32_t(curve.keys.size()));
            const bool full = keySize(i) == kFullKeySize;
            if (external(i)) {
                out.putExternal(curve.keys.timeValueBytes());  // already the file's 8-byte keys
                continue;
            }
            for (const Key& key : curve.keys) {
                out.put(key.time);
                out.put(key.value);
                if (!full) continue;
                out.put(key.inTangent);
                out.put(key.outTangent);
                out.put(key.inWeight);
                out.put(key.outWeight);
                out.put(key.weightedMode);
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
    }
    return out.finish();
}

}  // namespace inputanim
