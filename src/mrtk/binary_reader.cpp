// Reading the binary format: every variant real files use, with errors naming the byte offset.
#include "inputanim/mrtk/binary_format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
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

// Bounds-checked little-endian cursor, over a whole file in memory or over a file read in pieces through a window.
// Every failure names the offset and what was expected. Bounds are checked against the file's size, so both
// ways give the same errors; a piece is fetched before it is read.
class ByteReader {
public:
    ByteReader(std::span<const std::uint8_t> bytes, const std::string& source, std::shared_ptr<const void> owner)
        : bytes_(bytes), size_(bytes.size()), source_(source), owner_(std::move(owner)) {}
    ByteReader(std::uint64_t size, const ByteSource& from, const std::string& source, std::size_t window)
        : size_(std::size_t(size)),
          source_(source),
          from_(&from),
          capacity_(std::max<std::size_t>(1, std::min<std::uint64_t>(window, size))) {}

    std::size_t offset() const { return base_ + position_; }
    std::size_t remaining() const { return size_ - offset(); }
    bool streamed() const { return from_ != nullptr; }

    Error failure(std::string message, std::optional<std::size_t> at = {}) const {
        return Error{source_, at.value_or(offset()), std::move(message)};
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
        static_assert(std::endian::native == std::endian::little, "big-endian hosts are not supported");
        if (remaining() < sizeof(T))
            return failure("expected " + text(what) + " (" + std::to_string(sizeof(T)) + " bytes), but only " +
                           std::to_string(remaining()) + " bytes remain");
        if (auto e = fetch(sizeof(T))) return e;
        std::memcpy(&value, cursor(), sizeof(T));
        position_ += sizeof(T);
        return std::nullopt;
    }

    // Makes the next `n` bytes (which the caller has checked remain) readable at cursor(). In memory, they are.
    // Read in pieces, the window is filled to its end (fewer reads), unless `fill` is false.
    std::optional<Error> fetch(std::size_t n, bool fill = true) {
        if (position_ + n <= bytes_.size()) return std::nullopt;
        const std::size_t kept = bytes_.size() - position_;
        if (!window_ || n > capacity_) {  // a longer piece than the window (a marker's name) widens it
            capacity_ = std::max(n, capacity_);
            std::shared_ptr<std::uint8_t[]> wider(new std::uint8_t[capacity_]);
            if (kept) std::memcpy(wider.get(), bytes_.data() + position_, kept);
            window_ = std::move(wider);
        } else if (kept) {
            std::memmove(window_.get(), bytes_.data() + position_, kept);
        }
        base_ += position_;
        position_ = 0;
        const std::size_t filled = std::min(fill ? capacity_ : n, size_ - base_);  // at least n: n remain
        if (auto e = readExactly(*from_, {window_.get() + kept, filled - kept}, source_, base_ + kept)) return e;
        bytes_ = std::span<const std::uint8_t>(window_.get(), filled);
        return std::nullopt;
    }

    // The same reader over the whole file in memory, at the same offset: the window, which must still start at the
    // file's start, and the rest of the file read into one block behind it.
    Result<ByteReader> wholeFile() const {
        if (!streamed()) return *this;
        if (base_ != 0) return failure("the file's start is no longer held (a reading in pieces read past it)");
        std::shared_ptr<std::uint8_t[]> file;
        try {
            file.reset(new std::uint8_t[std::max<std::size_t>(size_, 1)]);
        } catch (const std::bad_alloc&) {
            return Error{
                source_, {}, "not enough memory to read " + std::to_string(size_) + " bytes", ErrorKind::InputFailed};
        }
        std::memcpy(file.get(), bytes_.data(), bytes_.size());
        if (auto e = readExactly(*from_, {file.get() + bytes_.size(), size_ - bytes_.size()}, source_, bytes_.size()))
            return *e;
        ByteReader whole(std::span<const std::uint8_t>(file.get(), size_), source_, file);
        whole.position_ = offset();
        return whole;
    }
    // The most a fetch brings in without widening the window: how many bytes of keys to take at a time.
    std::size_t piece() const { return streamed() ? capacity_ : remaining(); }

    const std::uint8_t* cursor() const { return bytes_.data() + position_; }
    void skip(std::size_t n) { position_ += n; }  // over fetched bytes
    // What keeps the bytes alive, for key lists that borrow them (null: copy).
    const std::shared_ptr<const void>& owner() const { return owner_; }

private:
    template <typename What>
    static std::string text(What&& what) {
        if constexpr (std::is_invocable_v<What>) return what();
        else return std::string(what);
    }

    std::span<const std::uint8_t> bytes_;  // the file, or what the window holds: the file's bytes from base_ on
    std::size_t size_;  // of the file
    const std::string& source_;
    std::shared_ptr<const void> owner_;
    const ByteSource* from_ = nullptr;
    std::size_t capacity_ = 0;  // of the window, allocated at the first fetch
    std::shared_ptr<std::uint8_t[]> window_;
    std::size_t base_ = 0;  // the window's offset in the file
    std::size_t position_ = 0;
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
    if (auto e = in.require(
            std::uint64_t(count), keySize, [&] { return std::to_string(count) + of(" keys")(); }, countOffset))
        return e;

    curve.keys.clear();
    // Read in place only in the compact layout, where nearly every byte of the file is such keys: a few Boolean
    // curves in place would keep a whole file of 28-byte keys alive.
    if (layout == Layout::Compact && in.owner()) {
        curve.keys = KeyList::borrowed(in.cursor(), std::size_t(count), in.owner());
        in.skip(std::size_t(count) * keySize);
        return std::nullopt;
    }
    curve.keys.reserve(std::size_t(count));
    for (std::size_t left = std::size_t(count); left > 0;) {  // a window's worth of keys at a time
        const std::size_t n = std::min(left, std::max<std::size_t>(1, in.piece() / keySize));
        if (auto e = in.fetch(n * keySize)) return e;
        const std::uint8_t* p = in.cursor();
        for (std::size_t k = 0; compact && k < n; ++k, p += keySize) {
            float time, value;
            std::memcpy(&time, p, 4);
            std::memcpy(&value, p + 4, 4);
            curve.keys.push_back(time, value);
        }
        for (std::size_t k = 0; !compact && k < n; ++k, p += keySize) {
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
        in.skip(n * keySize);
        left -= n;
    }
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
    if (auto e = in.require(std::uint64_t(count), kMinMarkerSize, std::to_string(count) + " markers", countOffset))
        return e;
    markers.resize(std::size_t(count));
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const std::string what = "marker " + std::to_string(i) + " name";
        if (auto e = in.read(markers[i].time, ("marker " + std::to_string(i) + " time").c_str())) return e;
        std::uint32_t length = 0;
        const std::size_t lengthOffset = in.offset();
        if (auto e = readStringLength(in, length, what)) return e;
        if (auto e = in.require(length, 1, std::to_string(length) + " bytes of " + what, lengthOffset)) return e;
        if (auto e = in.fetch(length)) return e;
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

// Times moved to start at 0; refused where a time would leave Float32's range (a span over 3.4e38 s).
Status rebaseTimes(Recording& recording, const std::string& source) {
    const double start = timeRange(recording).start;
    auto overflow = [&](const std::string& what, double time) {
        char text[160];
        std::snprintf(text, sizeof text, " at %.6g s, rebased to a start at 0 (from %.6g s), is beyond Float32's range",
                      time, start);
        return Error{source, {}, what + text};
    };
    for (std::size_t i = 0; i < recording.curves.size(); ++i) {
        KeyList& keys = recording.curves[i].keys;
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const float rebased = float(keys.time(k) - start);
            if (std::isfinite(keys.time(k)) && !std::isfinite(rebased))
                return overflow("curve " + curveName(i) + " key " + std::to_string(k), keys.time(k));
            keys.setTime(k, rebased);
        }
    }
    for (Marker& marker : recording.markers) {
        const float rebased = float(marker.time - start);
        if (std::isfinite(marker.time) && !std::isfinite(rebased))
            return overflow("marker '" + marker.name + "'", marker.time);
        marker.time = rebased;
    }
    return Success{};
}

}  // namespace

bool hasMagic(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 8) return false;
    std::uint64_t magic;
    std::memcpy(&magic, bytes.data(), 8);
    return magic == kMagic;
}

namespace {

// Whether the first 8 bytes (little-endian) open markup: '<' after any spaces and a UTF-8 byte order mark.
bool startsAsMarkup(std::uint64_t head) {
    for (int i = 0; i < 8; ++i) {
        const auto byte = std::uint8_t(head >> (8 * i));
        if (byte == '<') return true;
        if (byte != ' ' && byte != '\t' && byte != '\n' && byte != '\r' && byte != 0xef && byte != 0xbb && byte != 0xbf)
            return false;
    }
    return false;
}

Result<Recording> readAnyVersion(ByteReader& in, const std::string& source, const ReadOptions& options) {
    // The header alone, at once: a 1.1 file is then read whole behind it, and a window full of its bytes would be
    // a copy of them.
    if (auto e = in.fetch(std::min(in.remaining(), kHeaderSize), false)) return *e;
    const bool magic = in.remaining() >= 8 && hasMagic(std::span<const std::uint8_t>(in.cursor(), 8));
    if (options.acceptPrerelease2019 && !magic) {
        Result<Recording> recording = readBody10(in);
        if (recording)
            if (auto s = rebaseTimes(*recording, source); !s) return s.error();
        return recording;
    }
    std::uint64_t value = 0;
    if (auto e = in.read(value, "the 8-byte MRTK input animation magic number")) return *e;
    if (value != kMagic) {
        std::string message = "expected the MRTK input animation magic number " + hex(kMagic) + ", found " + hex(value);
        // The 2019 prerelease body starts with the camera PositionX wrap modes, Int32 8 and 8.
        if (value == 0x0000000800000008ULL) {
            message += "; this looks like a header-less 2019 prerelease recording, which is not the published format";
            Error error = in.failure(message, 0);
            error.reason = Reason::Prerelease2019;
            return error;
        }
        if (startsAsMarkup(value)) {
            Error error = in.failure(
                "this is an HTML or XML page, not a recording (what a web server sends for a missing file)", 0);
            error.reason = Reason::MarkupPage;
            return error;
        }
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
    auto whole = in.wholeFile();  // 1.1 tries two layouts from the same start
    if (!whole) return whole.error();
    return readVersion11(*whole, source);
}

}  // namespace

Result<Recording> readRecording(std::span<const std::uint8_t> bytes, const std::string& source,
                                const ReadOptions& options, std::shared_ptr<const void> owner) {
    ByteReader in(bytes, source, std::move(owner));
    return readAnyVersion(in, source, options);
}

Result<Recording> readRecording(std::uint64_t size, const ByteSource& from, const std::string& source,
                                const ReadOptions& options, std::size_t window) {
    ByteReader in(size, from, source, window);
    return readAnyVersion(in, source, options);
}

}  // namespace inputanim
