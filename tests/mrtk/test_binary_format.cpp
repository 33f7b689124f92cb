#include <catch2/catch.hpp>
#include <random>

#include "support/fixtures.hpp"

using namespace inputanim;
using fixtures::bytesOf;
using fixtures::poke;

namespace {
const Encoding kEncodings[] = {{0, Layout::Full}, {1, Layout::Compact}, {1, Layout::Full}};

// A file handed over in pieces of 1 to 13 bytes, so that reading in pieces crosses every boundary; `shrinkTo`
// ends it early, as a file another program truncates.
ByteSource piecesOf(const std::vector<std::uint8_t>& bytes, std::size_t shrinkTo = SIZE_MAX) {
    return
        [&bytes, shrinkTo, at = std::size_t(0), call = 0](std::span<std::uint8_t> into) mutable -> Result<std::size_t> {
            const std::size_t n =
                std::min({into.size(), std::size_t(1 + call++ % 13), std::min(shrinkTo, bytes.size()) - at});
            std::copy_n(bytes.begin() + std::ptrdiff_t(at), n, into.begin());
            at += n;
            return n;
        };
}

bool sameRecording(const Recording& a, const Recording& b) {
    if (!(a.encoding == b.encoding) || a.hasCameraPose != b.hasCameraPose || a.hasHandData != b.hasHandData ||
        a.hasEyeGaze != b.hasEyeGaze || a.markers.size() != b.markers.size())
        return false;
    for (std::size_t i = 0; i < a.markers.size(); ++i)
        if (std::memcmp(&a.markers[i].time, &b.markers[i].time, 4) != 0 || a.markers[i].name != b.markers[i].name)
            return false;
    for (std::size_t i = 0; i < kCurveCount; ++i)
        if (a.curves[i].preWrapMode != b.curves[i].preWrapMode ||
            a.curves[i].postWrapMode != b.curves[i].postWrapMode || !(a.curves[i].keys == b.curves[i].keys))
            return false;
    return true;
}

// Reads the bytes whole, and checks that reading them in pieces through windows of 1, 20 and 64 bytes (every
// piece of the file then crosses a window's end somewhere) gives the same recording or the same error.
Result<Recording> read(const std::vector<std::uint8_t>& bytes, const ReadOptions& options = {}) {
    auto whole = readRecording(bytes, "test.bin", options);
    for (std::size_t window : {1, 20, 64}) {
        auto streamed = readRecording(bytes.size(), piecesOf(bytes), "test.bin", options, window);
        INFO("window " << window);
        REQUIRE(streamed.ok() == whole.ok());
        if (whole) CHECK(sameRecording(*streamed, *whole));
        else CHECK(streamed.error().describe() == whole.error().describe());
    }
    return whole;
}

std::string errorOf(const std::vector<std::uint8_t>& bytes) {
    auto r = read(bytes);
    REQUIRE_FALSE(r.ok());
    return r.error().describe();
}
}  // namespace

TEST_CASE("header and empty 1.0 file size match the format") {
    Recording empty;
    empty.encoding = {0, Layout::Full};
    const auto bytes = bytesOf(empty);
    CHECK(bytes.size() == 4688);  // 16 + 389 * 12 + 4
    const std::uint8_t magic[] = {0xc6, 0x42, 0x9e, 0x0f, 0x6e, 0xaf, 0x8f, 0x6a, 1, 0, 0, 0, 0, 0, 0, 0};
    CHECK(std::equal(std::begin(magic), std::end(magic), bytes.begin()));
    CHECK(hasMagic(bytes));
}

TEST_CASE("1.1 compact keys are 8 bytes and full keys 28") {
    Recording r;
    r.hasHandData = 0;
    r.curves[cameraCurve(0)].keys = {Key{0.5f, 2.0f}};
    r.encoding = {1, Layout::Compact};
    const auto compact = bytesOf(r);
    r.encoding = {1, Layout::Full};
    const auto full = bytesOf(r);
    CHECK(compact.size() == 16 + 3 + 7 * 12 + 8 + 4);
    CHECK(full.size() == compact.size() + 20);
    // First curve: wrap modes 8, 8, count 1, then time 0.5 and value 2.0.
    const std::uint8_t curve[] = {8, 0, 0, 0, 8, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x3f, 0, 0, 0, 0x40};
    CHECK(std::equal(std::begin(curve), std::end(curve), compact.begin() + 19));
    CHECK(std::equal(std::begin(curve), std::end(curve), full.begin() + 19));
    CHECK(read(compact)->encoding == Encoding{1, Layout::Compact});
    CHECK(read(full)->encoding == Encoding{1, Layout::Full});
}

TEST_CASE("reading then writing is byte-identical in every encoding") {
    for (Encoding encoding : kEncodings) {
        CAPTURE(describe(encoding));
        const auto bytes = bytesOf(fixtures::small(encoding));
        auto recording = read(bytes);
        REQUIRE(recording.ok());
        CHECK(recording->encoding == encoding);
        CHECK(recording->markers.size() == 2);
        CHECK(recording->markers[1].name ==
              "r\xc3\xa9l\xc3\xa2"
              "che");
        CHECK(bytesOf(*recording) == bytes);
    }
}

TEST_CASE("with an owner, compact keys are read in place and the recording is the same") {
    for (Encoding encoding : kEncodings) {
        CAPTURE(describe(encoding));
        auto bytes = std::make_shared<const std::vector<std::uint8_t>>(bytesOf(fixtures::small(encoding)));
        auto copied = readRecording(*bytes, "test.bin");
        auto borrowed = readRecording(*bytes, "test.bin", {}, bytes);
        REQUIRE(borrowed.ok());
        for (std::size_t i = 0; i < kCurveCount; ++i) CHECK(borrowed->curves[i].keys == copied->curves[i].keys);
        CHECK(bytesOf(*borrowed) == *bytes);
        const auto& keys = borrowed->curves[cameraCurve(0)].keys;
        REQUIRE_FALSE(keys.empty());
        const bool inPlace = keys.timeValueBytes().data() >= bytes->data() &&
                             keys.timeValueBytes().data() < bytes->data() + bytes->size();
        CHECK(inPlace == (encoding.layout == Layout::Compact));  // 28-byte keys cannot be read in place
    }
}

TEST_CASE(
    "encoding hands on the file in pieces of about a megabyte, keys held as the file stores them from where they are") {
    Recording r;
    r.encoding = {0, Layout::Full};
    for (int k = 0; k < 100000; ++k)
        r.curves[cameraCurve(0)].keys.push_back(Key{float(k) / 60, float(k)});  // widened: 2.8 MB of full keys
    const auto whole = writeRecording(r);
    REQUIRE(whole.ok());
    std::vector<std::uint8_t> joined;
    std::size_t largest = 0, pieces = 0;
    REQUIRE(encodeRecording(r, [&](std::span<const std::uint8_t> piece) {
                joined.insert(joined.end(), piece.begin(), piece.end());
                largest = std::max(largest, piece.size());
                ++pieces;
                return Status{Success{}};
            }).ok());
    CHECK(joined == *whole);
    CHECK(pieces >= 3);
    CHECK(largest <= (std::size_t(1) << 20) + 28);
    // The first failure of the sink ends the encoding with that error.
    std::size_t calls = 0;
    auto failed = encodeRecording(r, [&](std::span<const std::uint8_t>) -> Status {
        return ++calls == 2 ? Status{Error{{}, {}, "disk full", ErrorKind::OutputFailed}} : Status{Success{}};
    });
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.error().message == "disk full");
    CHECK(calls == 2);
    // A compact recording's long curves are handed on in place; its short ones are gathered with the rest (a
    // write each would cost more than copying them).
    Recording c;
    c.encoding = {1, Layout::Compact};
    for (int k = 0; k < 100000; ++k) c.curves[cameraCurve(0)].keys.push_back(Key{float(k) / 60, float(k)});
    c.curves[cameraCurve(1)].keys = {Key{0, 1}, Key{1, 2}};
    auto compact = std::make_shared<const std::vector<std::uint8_t>>(bytesOf(c));
    auto borrowed = readRecording(*compact, "test.bin", {}, compact);
    REQUIRE(borrowed.ok());
    const auto* longKeys = borrowed->curves[cameraCurve(0)].keys.timeValueBytes().data();
    const auto* shortKeys = borrowed->curves[cameraCurve(1)].keys.timeValueBytes().data();
    bool longInPlace = false, shortInPlace = false;
    joined.clear();
    REQUIRE(encodeRecording(*borrowed, [&](std::span<const std::uint8_t> piece) {
                longInPlace = longInPlace || piece.data() == longKeys;
                shortInPlace = shortInPlace || piece.data() == shortKeys;
                joined.insert(joined.end(), piece.begin(), piece.end());
                return Status{Success{}};
            }).ok());
    CHECK(longInPlace);
    CHECK_FALSE(shortInPlace);
    CHECK(joined == *compact);
    // Full keys held full are the file's 28-byte keys already: handed on in place, and the same bytes as the
    // compact keys of the first recording widened, once their tangents are back to zero.
    Recording f = r;
    KeyList& fullKeys = f.curves[cameraCurve(0)].keys;
    fullKeys.update(0, [](Key& key) { key.inTangent = 0.5f; });
    fullKeys.update(0, [](Key& key) { key.inTangent = 0; });
    REQUIRE_FALSE(fullKeys.compact());
    bool fullInPlace = false;
    joined.clear();
    REQUIRE(encodeRecording(f, [&](std::span<const std::uint8_t> piece) {
                fullInPlace =
                    fullInPlace || piece.data() == reinterpret_cast<const std::uint8_t*>(fullKeys.fullKeys().data());
                joined.insert(joined.end(), piece.begin(), piece.end());
                return Status{Success{}};
            }).ok());
    CHECK(fullInPlace);
    CHECK(joined == *whole);
    // And narrowed to 8-byte keys for 1.1 compact, which they all fit.
    f.encoding = c.encoding = {1, Layout::Compact};
    c.curves = r.curves;
    CHECK(bytesOf(f) == bytesOf(c));
}

TEST_CASE("raw values survive: flag bytes, wrap modes, tangents, weights, NaN payloads, long names") {
    Recording r = fixtures::small({1, Layout::Full});
    r.hasCameraPose = 2;
    Curve& c = r.curves[jointCurve(Hand::Left, Joint::Palm, 0)];
    c.preWrapMode = 2;
    c.postWrapMode = 12345;
    std::uint32_t payload = 0x7fc01234;
    float nan;
    std::memcpy(&nan, &payload, 4);
    c.keys = {Key{-0.0f, 0.5f, std::numeric_limits<float>::infinity(), nan, 0.25f, 1e6f,
                  7}};  // a stepped key, a NaN out-tangent
    r.markers.push_back({1.0f, std::string(300, 'm')});  // two-byte 7-bit length
    const auto bytes = bytesOf(r);
    auto back = read(bytes);
    REQUIRE(back.ok());
    CHECK(back->hasCameraPose == 2);
    CHECK(back->markers.back().name.size() == 300);
    CHECK(bytesOf(*back) == bytes);
    c.keys = {Key{0, nan}};  // a value MRTK would play as NaN: nothing is written with one
    auto refused = writeRecording(r);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == ErrorKind::NotRepresentable);
    CHECK_THAT(refused.error().message,
               Catch::Contains("curve left.Palm.PositionX key 0 holds a time or value that is not finite"));
}

TEST_CASE("changing version and layout is lossless or refused with the first curve and key") {
    const Recording full = fixtures::small({1, Layout::Full});
    auto compact = convertEncoding(full, {1, Layout::Compact});
    REQUIRE(compact.ok());
    auto again = convertEncoding(*compact, {1, Layout::Full});
    REQUIRE(again.ok());
    CHECK(bytesOf(*again) == bytesOf(full));

    Recording tangents = full;
    tangents.curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys.update(1, [](Key& k) { k.inTangent = 0.5f; });
    auto refused = convertEncoding(tangents, {1, Layout::Compact});
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message, Catch::Contains("left.IndexTip.PositionY key 1"));

    auto noGaze = convertEncoding(full, {0, Layout::Full});
    REQUIRE_FALSE(noGaze.ok());
    CHECK_THAT(noGaze.error().message, Catch::Contains("gaze"));

    const Recording v10 = fixtures::small({0, Layout::Full});
    auto v11 = convertEncoding(v10, {1, Layout::Compact});
    REQUIRE(v11.ok());
    CHECK(v11->hasCameraPose == 1);
    CHECK(v11->hasEyeGaze == 0);
    auto back = convertEncoding(*v11, {0, Layout::Full});
    REQUIRE(back.ok());
    CHECK(bytesOf(*back) == bytesOf(v10));

    // 1.0 always holds camera and hands: a 1.1 recording without them gets their curves empty, as MRTK 2.5
    // writes them (and MRTK 2.0-2.5 users can read it); eye gaze with keys is refused.
    Recording noHands = *v11;
    noHands.hasHandData = 0;
    for (std::size_t i = kBooleanFirst; i < kGazeFirst; ++i) noHands.curves[i].keys.clear();
    auto handless = convertEncoding(noHands, {0, Layout::Full});
    REQUIRE(handless.ok());
    CHECK(handless->hasHandData == 1);
    auto reread = readRecording(bytesOf(*handless), "handless.bin");
    REQUIRE(reread.ok());
    CHECK(reread->curves[cameraCurve(0)].keys == noHands.curves[cameraCurve(0)].keys);
    for (std::size_t i = kBooleanFirst; i < kGazeFirst; ++i) CHECK(reread->curves[i].keys.empty());
    Recording gaze = *v11;
    gaze.hasEyeGaze = 1;
    gaze.curves[gazeCurve(0)].keys = {Key{0, 1}};
    CHECK_FALSE(convertEncoding(gaze, {0, Layout::Full}).ok());
}

TEST_CASE("writing refuses data its encoding cannot hold") {
    Recording r = fixtures::small({1, Layout::Compact});
    r.hasEyeGaze = 0;  // gaze keys present but the section is not stored
    CHECK_FALSE(writeRecording(r).ok());
    Recording b = fixtures::small({1, Layout::Full});
    b.curves[booleanCurve(BooleanCurve::PinchingLeft)].keys = {Key{0, 1, 0, 0, 0, 1e6f, 3}};
    auto refused = writeRecording(b);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message, Catch::Contains("booleans.PinchingLeft key 0"));
}

TEST_CASE("malformed headers get a clear error at the right offset") {
    auto bytes = bytesOf(fixtures::small({1, Layout::Compact}));
    SECTION("bad magic") {
        auto bad = bytes;
        bad[3] ^= 0xff;
        CHECK_THAT(errorOf(bad), Catch::StartsWith("test.bin: byte 0: expected the MRTK input animation magic"));
    }
    SECTION("unknown versions") {
        auto bad = bytes;
        poke<std::int32_t>(bad, 12, 2);
        CHECK_THAT(errorOf(bad), Catch::Contains("unsupported format version 1.2"));
        poke<std::int32_t>(bad, 8, 2);
        poke<std::int32_t>(bad, 12, 0);
        CHECK_THAT(errorOf(bad), Catch::Contains("unsupported format version 2.0"));
    }
    SECTION("trailing garbage") {
        auto bad = bytes;
        bad.push_back(0);
        CHECK_THAT(errorOf(bad), Catch::Contains("expected end of file"));
    }
    SECTION("a web page where a recording was expected") {
        for (std::string page : {"<!doctype html><html>", "\xef\xbb\xbf  \n<html>", "<?xml version='1.0'?>"}) {
            auto r = read(std::vector<std::uint8_t>(page.begin(), page.end()));
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().reason == Reason::MarkupPage);
            CHECK(r.error().message ==
                  "this is an HTML or XML page, not a recording (what a web server sends for a missing file)");
        }
        const std::string text = "  hello <html>";  // markup later than the first 8 bytes' spaces: not a page
        CHECK_THAT(errorOf(std::vector<std::uint8_t>(text.begin(), text.end())),
                   Catch::Contains("expected the MRTK input animation magic"));
    }
    SECTION("header-less 2019 body") {
        auto v10 = bytesOf(fixtures::small({0, Layout::Full}));
        std::vector<std::uint8_t> headerless(v10.begin() + 16, v10.end());
        CHECK_THAT(errorOf(headerless), Catch::Contains("2019 prerelease"));
        auto accepted = read(headerless, {.acceptPrerelease2019 = true});
        REQUIRE(accepted.ok());
        CHECK(accepted->encoding.minor == 0);
    }
}

TEST_CASE("counts are checked against the bytes left before anything is allocated") {
    Recording r;
    r.encoding = {0, Layout::Full};
    auto bytes = bytesOf(r);
    poke<std::int32_t>(bytes, 16 + 8, 0x7fffffff);  // first curve claims 2^31 - 1 keys
    const std::string huge = errorOf(bytes);
    CHECK_THAT(huge, Catch::StartsWith("test.bin: byte 24: expected 2147483647 keys of curve camera.PositionX"));
    poke<std::int32_t>(bytes, 16 + 8, -1);
    CHECK_THAT(errorOf(bytes), Catch::Contains("negative"));

    auto markers = bytesOf(r);
    poke<std::int32_t>(markers, markers.size() - 4, 100000000);
    CHECK_THAT(errorOf(markers), Catch::Contains("100000000 markers"));
}

TEST_CASE("marker names must be canonical lengths and valid UTF-8") {
    Recording r;
    r.encoding = {0, Layout::Full};
    r.markers = {{1.0f, "ab"}};
    const auto bytes = bytesOf(r);
    const std::size_t name = bytes.size() - 2;
    auto invalid = bytes;
    invalid[name] = 0xc3;  // a lead byte followed by 'b'
    CHECK_THAT(errorOf(invalid), Catch::Contains("marker 0 name is not valid UTF-8"));
    CHECK_THAT(errorOf(invalid), Catch::Contains("byte " + std::to_string(name)));

    // Length 2 as the overlong two-byte form 0x82 0x00 is not what any writer produces.
    std::vector<std::uint8_t> overlong(bytes.begin(), bytes.end() - 3);
    for (int b : {0x82, 0x00, int('a'), int('b')}) overlong.push_back(std::uint8_t(b));
    CHECK_THAT(errorOf(overlong), Catch::Contains("canonical"));
}

TEST_CASE("every truncation of a valid file is an error naming an offset inside the file") {
    for (Encoding encoding : kEncodings) {
        const auto bytes = bytesOf(fixtures::small(encoding));
        for (std::size_t length = 0; length < bytes.size(); ++length) {
            std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + length);
            auto r = read(cut);
            INFO(describe(encoding) << " cut at " << length);
            REQUIRE_FALSE(r.ok());
            CHECK(r.error().offset.value_or(length + 1) <= length);
            CHECK(r.error().source == "test.bin");
        }
    }
}

TEST_CASE("random corruption never crashes and never breaks the round trip") {
    std::mt19937 random(1234);
    for (Encoding encoding : kEncodings) {
        const auto bytes = bytesOf(fixtures::small(encoding));
        for (int trial = 0; trial < 3000; ++trial) {
            auto bad = bytes;
            const int flips = 1 + int(random() % 4);
            for (int f = 0; f < flips; ++f) bad[random() % bad.size()] = std::uint8_t(random());
            auto r = read(bad);
            if (!r) {
                CHECK(r.error().offset.has_value());
                continue;
            }
            // What still parses must write back to the same bytes.
            CHECK(bytesOf(*r) == bad);
        }
    }
}

TEST_CASE(
    "read in pieces, a 1.0 file longer than the window gives the same recording, and a file that shrinks an error") {
    Recording r;
    r.encoding = {0, Layout::Full};
    constexpr std::size_t kKeys = 400000;  // 11.2 MB of 28-byte keys: more than the 8 MiB window tools use
    for (std::size_t k = 0; k < kKeys; ++k)
        r.curves[cameraCurve(0)].keys.push_back(Key{float(k) / 60, float(k % 97), k % 3 ? 0.0f : 0.5f, 0, 0, 0, 1});
    r.curves[cameraCurve(1)].keys.push_back(0.5f, 1.5f);
    r.markers = {{1.0f, std::string(9u << 20, 'm')}, {2.0f, "after"}};  // a name longer than the window widens it
    const auto bytes = bytesOf(r);
    auto streamed = readRecording(bytes.size(), piecesOf(bytes), "big.bin");
    REQUIRE(streamed.ok());
    CHECK(sameRecording(*streamed, r));

    // A 1.1 file is read whole after its header, and its compact keys read in place from that block: two curves'
    // keys lie one key and one curve header apart, as in the file.
    r.encoding = {1, Layout::Compact};
    r.curves[cameraCurve(0)].keys.clear();
    r.curves[cameraCurve(2)].keys.push_back(0.5f, 2.5f);
    r.markers.clear();
    const auto compact = bytesOf(r);
    auto v11 = readRecording(compact.size(), piecesOf(compact), "big.bin");
    REQUIRE(v11.ok());
    CHECK(sameRecording(*v11, r));
    CHECK(v11->curves[cameraCurve(2)].keys.timeValueBytes().data() -
              v11->curves[cameraCurve(1)].keys.timeValueBytes().data() ==
          std::ptrdiff_t(kCompactKeySize + kCurveHeaderSize));

    const std::size_t cut = 16 + 12 + 5 * 28 + 3;  // inside the first curve's sixth key
    auto shrunk = readRecording(bytes.size(), piecesOf(bytes, cut), "big.bin");
    REQUIRE_FALSE(shrunk.ok());
    CHECK(shrunk.error().kind == ErrorKind::InputFailed);
    CHECK(shrunk.error().describe() == "big.bin: byte 171: file shrank while being read");  // byte `cut`

    const ByteSource failing = [](std::span<std::uint8_t>) -> Result<std::size_t> {
        return Error{"big.bin", {}, "read failed: Input/output error", ErrorKind::InputFailed};
    };
    auto failed = readRecording(bytes.size(), failing, "big.bin");
    REQUIRE_FALSE(failed.ok());
    CHECK_THAT(failed.error().describe(), Catch::Contains("read failed"));
}
