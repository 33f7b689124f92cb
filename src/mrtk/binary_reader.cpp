// Reading the binary format: every variant real files use, with errors naming the byte offset.
#include "inputanim/mrtk/binary_format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {

constexpr std::size_t kMinMarkerSize = 5;  // Float32 time + one length byte

std::string hex(std::uint64_t value) {
    char text[19];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

// Bounds-checked little-endian cursor. Every failure names the offset and what was expected.
class ByteReader {
public:
    ByteReader(std::span<const std::uint8_t> bytes, const std::string& source, std::shared_ptr<const void> owner)
        : bytes_(bytes), source_(source), owner_(std::move(owner)) {}

    std::size_t offset() const { return offset_; }
    std::size_t remaining() const { return bytes_.size() - offset_; }

    Error failure(std::string message, std::optional<std::size_t> at = {}) const {
        return Error{source_, at.value_or(offset_), std::move(message)};
    }

    // Fails unless `count` items of `size` bytes fit in what is left; never trusts the count alone.
    // `at` is where the count was read, which the error points to. `what` is text, or a function making it (only
    // on failure: a file has hundreds of curves).
    template <typename What>
    std::optional<Error> require(std::uint64_t count, std::size_t size, What&& what, std::size_t at) const {
        if (count <= remaining() / size) return std::nullopt;
        return failure("expected " + text(what) + " (" + std::to_string(count) + " x " + std::to_string(size) +
                       " bytes), but only " + std::to_string(remaining()) + " bytes remain",
                       at);
    }

    template <typename T, typename What>
    std::optional<Error> read(T& value, What&& what) {
        if (remaining() < sizeof(T))
            return failure("expected " + text(what) + " (" + std::to_string(sizeof(T)) + " bytes), but only " +
                           std::to_string(remaining()) + " bytes remain");
        value = load<T>(offset_);
        offset_ += sizeof(T);
        return std::nullopt;
    }

    template <typename T>
    T load(std::size_t at) const {
        static_assert(std::endian::native == std::endian::little, "big-endian hosts are not supported");
        T value;
        std::memcpy(&value, bytes_.data() + at, sizeof(T));
        return value;
    }

    const std::uint8_t* cursor() const { return bytes_.data() + offset_; }
    void skip(std::size_t n) { offset_ += n; }
    // What keeps the bytes alive, for key lists that borrow them (null: copy).
    const std::shared_ptr<const void>& owner() const { return owner_; }

private:
    template <typename What>
    static std::string text(What&& what) {
        if constexpr (std::is_invocable_v<What>) return what();
        else return std::string(what);
    }

    std::span<const std::uint8_t> bytes_;
    const std::string& source_;
    std::shared_ptr<const void> owner_;
    std::size_t offset_ = 0;
};

std::optional<Error> readCurve(ByteReader& in, std::size_t index, Layout layout, Curve& curve) {
    auto of = [index](const char* what) { return [index, what] { return what + (" of curve " + curveName(index)); }; };
    std::int32_t count = 0;
    if (auto e = in.read(curve.preWrapMode, of("pre-wrap mode"))) return e;
    if (auto e = in.read(curve.postWrapMode, of("post-wrap mode"))) return e;
    const std::size_t countOffset = in.offset();
    if (auto e = in.read(count, of("key count"))) return e;
    if (count < 0) return in.failure(of("key count")() + " is negative (" + std::to_string(count) + ")", countOffset);

    const bool compact = isBooleanCurve(index) || layout == Layout::Compact;
    const std::size_t keySize = compact ? kCompactKeySize : kFullKeySize;
    if (auto e = in.require(std::uint64_t(count), keySize, [&] { return std::to_string(count) + of(" keys")(); }, countOffset)) return e;

    curve.keys.clear();
    const std::uint8_t* p = in.cursor();
    // Read in place only in the compact layout, where nearly every byte of the file is such keys: a few Boolean
    // curves in place would keep a whole file of 28-byte keys alive.
    if (layout == Layout::Compact && in.owner()) {
        curve.keys = KeyList::borrowed(p, std::size_t(count), in.owner());
        in.skip(std::size_t(count) * keySize);
        return std::nullopt;
    }
    curve.keys.reserve(std::size_t(count));
    for (std::int32_t k = 0; compact && k < count; ++k, p += keySize) {
        float time, value;
        std::memcpy(&time, p, 4);
        std::memcpy(&value, p + 4, 4);
        curve.keys.push_back(time, value);
    }
    for (std::int32_t k = 0; !compact && k < count; ++k, p += keySize) {
        Key key;
        std::memcpy(&key.time, p, 4);
        std::memcpy(&key.value, p + 4, 4);
        std::memcpy(&key.inTangent, p + 8, 4);
        std::memcpy(&key.outTangent, p + 12, 4);
        std::memcpy(&key.inWeight, p + 16, 4);
        std::memcpy(&key.outWeight, p + 20, 4);
        std::memcpy(&key.weightedMode, p + 24, 4);
        curve.keys.push_back(key);
    }
    in.skip(std::size_t(count) * keySize);
    return std::nullopt;
}

// .NET BinaryReader.Read7BitEncodedInt, restricted to the canonical (shortest) encoding so that
// reading and writing stays byte-identical.
std::optional<Error> readStringLength(ByteReader& in, std::uint32_t& length, const std::string& what) {
    const std::size_t start = in.offset();
    length = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        std::uint8_t byte = 0;
        if (auto e = in.read(byte, ("length of " + what).c_str())) return e;
        length |= std::uint32_t(byte & 0x7f) << shift;
        if (!(byte & 0x80)) {
            const bool overlong = shift > 0 && byte == 0;
            if (overlong || length > std::uint32_t(std::numeric_limits<std::int32_t>::max()))
                return in.failure("length of " + what + " is not a canonical 7-bit encoded Int32", start);
            return std::nullopt;
        }
    }
    return in.failure("length of " + what + " is not a valid 7-bit encoded Int32 (more than 5 bytes)", start);
}

std::optional<Error> readMarkers(ByteReader& in, std::vector<Marker>& markers) {
    std::int32_t count = 0;
    const std::size_t countOffset = in.offset();
    if (auto e = in.read(count, "marker count (Int32)")) return e;
    if (count < 0) return in.failure("marker count is negative (" + std::to_string(count) + ")", countOffset);
    if (auto e = in.require(std::uint64_t(count), kMinMarkerSize, std::to_string(count) + " markers", countOffset)) return e;
    markers.resize(std::size_t(count));
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const std::string what = "marker " + std::to_string(i) + " name";
        if (auto e = in.read(markers[i].time, ("marker " + std::to_string(i) + " time").c_str())) return e;
        std::uint32_t length = 0;
        const std::size_t lengthOffset = in.offset();
        if (auto e = readStringLength(in, length, what)) return e;
        if (auto e = in.require(length, 1, std::to_string(length) + " bytes of " + what, lengthOffset)) return e;
        const char* text = reinterpret_cast<const char*>(in.cursor());
        if (auto bad = firstInvalidUtf8(std::string_view(text, length)))
            return in.failure(what + " is not valid UTF-8", in.offset() + *bad);
        markers[i].name.assign(text, length);
        in.skip(length);
    }
    return std::nullopt;
}

std::optional<Error> readCurveRange(ByteReader& in, std::size_t first, std::size_t last, Layout layout,
                                    Recording& recording) {
    for (std::size_t i = first; i < last; ++i)
        if (auto e = readCurve(in, i, layout, recording.curves[i])) return e;
    return std::nullopt;
}

std::optional<Error> expectEnd(const ByteReader& in) {
    if (in.remaining() == 0) return std::nullopt;
    return in.failure("expected end of file after the marker list, found " + std::to_string(in.remaining()) +
                      " more bytes");
}

Result<Recording> readBody10(ByteReader& in) {
    Recording recording;
    recording.encoding = {0, Layout::Full};
    if (auto e = readCurveRange(in, 0, kVersion10CurveCount, Layout::Full, recording)) return *e;
    if (auto e = readMarkers(in, recording.markers)) return *e;
    if (auto e = expectEnd(in)) return *e;
    return recording;
}

Result<Recording> readBody11(ByteReader in, Layout layout, std::uint8_t flags[3]) {
    Recording recording;
    recording.encoding = {1, layout};
    recording.hasCameraPose = flags[0];
    recording.hasHandData = flags[1];
    recording.hasEyeGaze = flags[2];
    if (flags[0])
        if (auto e = readCurveRange(in, kCameraFirst, kBooleanFirst, layout, recording)) return *e;
    if (flags[1])
        if (auto e = readCurveRange(in, kBooleanFirst, kGazeFirst, layout, recording)) return *e;
    if (flags[2])
        if (auto e = readCurveRange(in, kGazeFirst, kCurveCount, layout, recording)) return *e;
    if (auto e = readMarkers(in, recording.markers)) return *e;
    if (auto e = expectEnd(in)) return *e;
    return recording;
}

// Values a writer could have produced: finite, non-decreasing times, known weighted modes.
bool looksSane(const Recording& recording) {
    for (std::size_t i = 0; i < kCurveCount; ++i) {
        const auto& keys = recording.curves[i].keys;
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const Key& key = keys[k];
            if (!std::isfinite(key.time) || !std::isfinite(key.value)) return false;
            if (key.weightedMode < 0 || key.weightedMode > 3) return false;
            if (k > 0 && key.time < keys[k - 1].time) return false;
        }
    }
    return true;
}

Result<Recording> readVersion11(const ByteReader& afterHeader, const std::string& source) {
    ByteReader in = afterHeader;
    std::uint8_t flags[3] = {};
    for (int i = 0; i < 3; ++i)
        if (auto e = in.read(flags[i], "section flags (HasCameraPose, HasHandData, HasEyeGaze)")) return *e;

    Result<Recording> compact = readBody11(in, Layout::Compact, flags);
    Result<Recording> full = readBody11(in, Layout::Full, flags);
    if (compact && full) {
        // Only possible when the layouts coincide (no float keys) or by an unlikely accident: prefer
        // the sane reading, then MRTK's own layout.
        if (!looksSane(*compact) && looksSane(*full)) return full;
        return compact;
    }
    if (compact) return compact;
    if (full) return full;
    const bool compactFurther = compact.error().offset.value_or(0) >= full.error().offset.value_or(0);
    Error error = compactFurther ? compact.error() : full.error();
    error.source = source;
    error.message += compactFurther ? " (read as 1.1 compact, 8-byte keys: the layout that fits furthest)"
                                    : " (read as 1.1 full, 28-byte keys: the layout that fits furthest)";
    return error;
}

void rebaseTimes(Recording& recording) {
    const double start = timeRange(recording).start;
    for (Curve& curve : recording.curves)
        for (std::size_t k = 0; k < curve.keys.size(); ++k) curve.keys.setTime(k, float(curve.keys.time(k) - start));
    for (Marker& marker : recording.markers) marker.time = float(marker.time - start);
}

}  // namespace

bool hasMagic(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 8) return false;
    std::uint64_t magic;
    std::memcpy(&magic, bytes.data(), 8);
    return magic == kMagic;
}

Result<Recording> readRecording(std::span<const std::uint8_t> bytes, const std::string& source,
                                const ReadOptions& options, std::shared_ptr<const void> owner) {
    ByteReader in(bytes, source, std::move(owner));
    if (options.acceptPrerelease2019 && !hasMagic(bytes)) {
        Result<Recording> recording = readBody10(in);
        if (recording) rebaseTimes(*recording);
        return recording;
    }
    std::uint64_t magic = 0;
    if (auto e = in.read(magic, "the 8-byte MRTK input animation magic number")) return *e;
    if (magic != kMagic) {
        std::string message = "expected the MRTK input animation magic number " + hex(kMagic) + ", found " + hex(magic);
        // The 2019 prerelease body starts with the camera PositionX wrap modes, Int32 8 and 8.
        if (magic == 0x0000000800000008ULL)
            message += "; this looks like a header-less 2019 prerelease recording, which is not the published "
                       "format (read it with --prerelease-2019)";
        return in.failure(message, 0);
    }
    std::int32_t major = 0, minor = 0;
    if (auto e = in.read(major, "major version (Int32)")) return *e;
    if (auto e = in.read(minor, "minor version (Int32)")) return *e;
    if (major != 1 || (minor != 0 && minor != 1))
        return in.failure("unsupported format version " + std::to_string(major) + "." + std::to_string(minor) +
                              " (supported: 1.0 and 1.1)",
                          8);
    if (minor == 0) return readBody10(in);
    return readVersion11(in, source);
}

}  // namespace inputanim
