// Evaluator values against cases computed by hand (the arithmetic is in the comments).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/math.hpp"
#include "support/fixtures.hpp"

using namespace inputanim;
using Catch::Matchers::WithinAbs;

namespace {
using fixtures::kInf;

Key hermiteKey(float t, float v, float in = 0, float out = 0) { return Key{t, v, in, out, 0, 0, kWeightedNone}; }
Key linearKey(float t, float v) { return Key{t, v}; }  // MRTK encoding: zero tangents and weights, Both
Curve curveOf(std::vector<Key> keys, std::int32_t pre = kWrapClampForever, std::int32_t post = kWrapClampForever) {
    return Curve{pre, post, std::move(keys)};
}
}  // namespace

TEST_CASE("empty and one-key curves") {
    CHECK(evaluate(Curve{}, 3.0) == 0.0);
    const Curve one = curveOf({linearKey(2, 7.5f)});
    CHECK(evaluate(one, -10) == 7.5);
    CHECK(evaluate(one, 2) == 7.5);
    CHECK(evaluate(one, 100) == 7.5);
}

TEST_CASE("MRTK's zero-weight encoding is exactly linear, whatever the tangents") {
    Curve line = curveOf({linearKey(0, 0), linearKey(2, 4)});
    CHECK(evaluate(line, 0.5) == 1.0);
    CHECK(evaluate(line, 1.5) == 3.0);
    CHECK(evaluateWithSlope(line, 1.0).slope == 2.0);
    CHECK(segmentShape(line.keys[0], line.keys[1]) == SegmentShape::Linear);
    // Zero weights put both inner control points on the end keys: the tangents cannot bend it.
    line.keys.update(0, [](Key& k) { k.outTangent = 50; });
    line.keys.update(1, [](Key& k) { k.inTangent = -50; });
    CHECK(evaluate(line, 0.5) == 1.0);
}

TEST_CASE("Hermite segments") {
    // Zero tangents from 0 to 1: smoothstep. s = 0.25: 3(0.0625) - 2(0.015625) = 0.15625.
    const Curve smooth = curveOf({hermiteKey(0, 0), hermiteKey(1, 1)});
    CHECK(evaluate(smooth, 0.5) == 0.5);
    CHECK(evaluate(smooth, 0.25) == 0.15625);
    CHECK(segmentShape(smooth.keys[0], smooth.keys[1]) == SegmentShape::Hermite);

    // v0 = 1, v1 = 3, d = 2, outTangent 2 (m0 = 4), inTangent -1 (m1 = -2). At s = 0.5:
    // 0.5(1) + 0.125(4) + 0.5(3) - 0.125(-2) = 2.75; dH/ds = -1.5 - 1 + 4.5 + 0.5 = 2.5, so slope 1.25.
    const Curve bent = curveOf({hermiteKey(0, 1, 0, 2), hermiteKey(2, 3, -1, 0)});
    CHECK(evaluate(bent, 1.0) == 2.75);
    CHECK(evaluateWithSlope(bent, 1.0).slope == 1.25);
    // End slopes are the key tangents.
    CHECK_THAT(evaluateWithSlope(bent, 1e-9).slope, WithinAbs(2.0, 1e-6));

    // Chord-slope tangents make a Hermite segment a straight line.
    const Curve chord = curveOf({hermiteKey(0, 1, 0, 1), hermiteKey(2, 3, 1, 0)});
    CHECK(segmentShape(chord.keys[0], chord.keys[1]) == SegmentShape::Linear);
    CHECK(evaluate(chord, 0.5) == 1.5);
}

TEST_CASE("stepped segments hold the left value until the right key") {
    for (bool outSide : {true, false}) {
        Curve step = curveOf({hermiteKey(0, 1), hermiteKey(1, 5)});
        if (outSide) step.keys.update(0, [](Key& k) { k.outTangent = kInf; });
        else step.keys.update(1, [](Key& k) { k.inTangent = -kInf; });
        CHECK(segmentShape(step.keys[0], step.keys[1]) == SegmentShape::Stepped);
        CHECK(evaluate(step, 0.0) == 1.0);
        CHECK(evaluate(step, 0.999) == 1.0);
        CHECK(evaluate(step, 1.0) == 5.0);
    }
}

TEST_CASE("weighted Bezier segments") {
    SECTION("one weighted side, the other at the default 1/3") {
        // w1 = 0.5, w2 = 1/3, values 0 -> 1, flat tangents. At u = 0.5:
        // X = 1.5(0.5)(0.25) + 2(0.25)(0.5) + 0.125 = 0.5625 and Y = 3(0.25) - 2(0.125) = 0.5.
        Key a{0, 0, 0, 0, 0, 0.5f, kWeightedOut};
        Key b{1, 1, 0, 0, 0, 0, kWeightedNone};
        CHECK(segmentShape(a, b) == SegmentShape::Weighted);
        CHECK_THAT(evaluateSegment(a, b, 0.5625).value, WithinAbs(0.5, 1e-12));
    }
    SECTION("both sides weighted 1 with tangents") {
        // v 0 -> 2, tangents 1 (m0 = m1 = 1): value control points 0, 1, 1, 2; time control points 0, 1, 0, 1.
        // u = 0.25: X = 3(0.25)(0.5625) + 0.015625 = 0.4375;
        //           Y = 3(0.25)(0.5625)(1) + 3(0.0625)(0.75)(1) + 0.015625(2) = 0.59375.
        Key a{0, 0, 0, 1, 0, 1, kWeightedBoth};
        Key b{1, 2, 1, 0, 1, 0, kWeightedBoth};
        CHECK_THAT(evaluateSegment(a, b, 0.4375).value, WithinAbs(0.59375, 1e-12));
    }
    SECTION("a flagged weight equal to 1/3 is Hermite") {
        Key a{0, 0, 0, 0, 0, 1.0f / 3.0f, kWeightedOut};
        Key b{1, 1, 0, 0, 1.0f / 3.0f, 0, kWeightedIn};
        CHECK(segmentShape(a, b) == SegmentShape::Hermite);
        CHECK(evaluateSegment(a, b, 0.25).value == 0.15625);
    }
    SECTION("MRTK's in-memory Boolean keys (outWeight 1e6) step within 1e-12") {
        Key a{0, 0, 0, 0, 0, 1e6f, kWeightedBoth};
        Key b{1, 1, 0, 0, 0, 1e6f, kWeightedBoth};
        for (double t : {0.001, 0.5, 0.999}) CHECK(std::abs(evaluateSegment(a, b, t).value) < 1e-12);
        CHECK(evaluateSegment(a, b, 1.0).value == 1.0);
    }
    SECTION("weights outside [0, 1] take the first root and stay finite") {
        for (float w : {-2.0f, -0.5f, 1.5f, 7.0f}) {
            Key a{0, 0, 0, 1, 0, w, kWeightedBoth};
            Key b{1, 1, 1, 0, w, 0, kWeightedBoth};
            for (double t = 0; t <= 1.0; t += 0.05) {
                const ValueSlope v = evaluateSegment(a, b, t);
                CHECK(std::isfinite(v.value));
                CHECK(std::isfinite(v.slope));
            }
        }
    }
}

TEST_CASE("wrap modes outside the key range") {
    const std::vector<Key> keys = {linearKey(1, 0), linearKey(3, 2)};  // value = t - 1 inside
    const Curve clamp = curveOf(keys);
    CHECK(evaluate(clamp, -5) == 0.0);
    CHECK(evaluate(clamp, 10) == 2.0);

    const Curve loop = curveOf(keys, kWrapLoop, kWrapLoop);
    CHECK(evaluate(loop, 4.0) == 1.0);  // 1 + (3 mod 2) = 2
    CHECK(evaluate(loop, 5.0) == 0.0);  // 1 + (4 mod 2) = 1
    CHECK(evaluate(loop, 0.0) == 1.0);  // 1 + (-1 mod 2) = 2
    CHECK(evaluate(loop, 5.5) == 0.5);

    const Curve pingPong = curveOf(keys, kWrapPingPong, kWrapPingPong);
    CHECK(evaluate(pingPong, 4.0) == 1.0);  // 1 + 2 - |(3 mod 4) - 2| = 2
    CHECK(evaluate(pingPong, 4.5) == 0.5);  // 1 + 2 - |3.5 - 2| = 1.5
    CHECK(evaluate(pingPong, 5.0) == 0.0);
    CHECK(evaluate(pingPong, 6.0) == 1.0);
    CHECK(evaluate(pingPong, 0.0) == 1.0);  // 1 + 2 - |(-1 mod 4) - 2| = 2

    for (std::int32_t other : {std::int32_t(kWrapDefault), std::int32_t(kWrapOnce), 3, 99})
        CHECK(evaluate(curveOf(keys, other, other), 7.0) == 2.0);
    // Zero-length curves clamp whatever the mode.
    CHECK(evaluate(curveOf({linearKey(1, 4), linearKey(1, 4)}, kWrapLoop, kWrapLoop), 5.0) == 4.0);
}

TEST_CASE("segment choice: exactly at a key gives that key's value") {
    const Curve curve = curveOf({hermiteKey(0, 0, 0, kInf), hermiteKey(1, 1, 0, kInf), hermiteKey(2, 3)});
    CHECK(evaluate(curve, 1.0) == 1.0);
    CHECK(evaluate(curve, 2.0) == 3.0);
    CHECK(evaluate(curve, 1.5) == 1.0);
}

TEST_CASE(
    "a cursor gives evaluateWithSlope's value and slope (and value() its value), bit for bit, in any order of times") {
    // Compact keys (the cursor's direct path inside the keys), full keys, and wrap modes outside them; times at
    // keys, between them, outside them, forward, backward and jumping; and a long curve, where the cursor searches
    // forward from where it was by steps of 1 to hundreds of keys.
    const std::vector<Key> compact = {linearKey(0.5f, 1), linearKey(1, -2), linearKey(1.25f, 0.1f), linearKey(3, 4),
                                      linearKey(3.5f, 4)};
    std::vector<Key> full = compact;
    full[2] = hermiteKey(1.25f, 0.1f, 3, -1);
    std::vector<Key> longCompact;
    for (int k = 0; k < 600; ++k)
        longCompact.push_back(linearKey(0.5f + 0.01f * float(k) + 0.001f * float(k % 7), float((k * 37) % 11)));
    std::vector<Key> longFull = longCompact;
    longFull[300] = hermiteKey(longFull[300].time, 2, 1, -1);
    std::vector<double> times = {0.0, 0.5, 0.75, 1.0, 1.1, 1.25, 2.0,  3.0,
                                 3.4, 3.5, 9.0,  3.2, 0.6, 2.9,  -4.0, 1.0000001};
    for (int i = 0; i <= 40; ++i) times.push_back(0.1 * i);
    for (double t = 0.4, step = 0.004; t < 7; t += step, step *= 1.3) times.push_back(t);  // forward, ever further
    for (double t = 6.6; t > 0.3; t -= 0.37) times.push_back(t);  // backward
    for (int key = 0; key < 600; key += 47) times.push_back(longCompact[std::size_t(key)].time);
    for (const auto& keys : {compact, full, longCompact, longFull})
        for (std::int32_t wrap :
             {std::int32_t(kWrapClampForever), std::int32_t(kWrapLoop), std::int32_t(kWrapPingPong)}) {
            const Curve curve = curveOf(keys, wrap, wrap);
            CurveCursor cursor(curve), valueCursor(curve);
            for (double t : times) {
                const ValueSlope expected = evaluateWithSlope(curve, t), got = cursor.evaluate(t);
                INFO("time " << t << ", wrap " << wrap << ", compact " << curve.keys.compact());
                CHECK(std::memcmp(&got.value, &expected.value, sizeof(double)) == 0);
                CHECK(std::memcmp(&got.slope, &expected.slope, sizeof(double)) == 0);
                const double value = valueCursor.value(t);
                CHECK(std::memcmp(&value, &expected.value, sizeof(double)) == 0);
            }
        }
}

TEST_CASE("invalid data evaluates without undefined behaviour") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Curve bad = curveOf({linearKey(2, 1), linearKey(nan, 2), linearKey(1, 3), linearKey(nan, nan)});
    for (double t : {-1.0, 0.0, 1.5, 2.5, 10.0, double(nan)}) (void)evaluate(bad, t);
    CHECK(evaluate(curveOf({linearKey(0, 1), linearKey(1, 2)}), double(nan)) == 1.0);
}

TEST_CASE("borrowed keys read in place, keep their bytes alive, and are copied before any change") {
    // Two keys in the binary format's 8-byte layout, one byte off alignment (as they sit in a file).
    auto bytes = std::make_shared<std::vector<std::uint8_t>>(17);
    const float fields[4] = {0.0f, 1.5f, 0.25f, -2.0f};
    std::memcpy(bytes->data() + 1, fields, sizeof fields);
    KeyList keys = KeyList::borrowed(bytes->data() + 1, 2, bytes);
    const std::weak_ptr<std::vector<std::uint8_t>> watched = bytes;
    bytes.reset();
    REQUIRE_FALSE(watched.expired());  // the list keeps them
    CHECK(keys.size() == 2);
    CHECK(keys.compact());
    CHECK(keys.time(1) == 0.25f);
    CHECK(keys.value(1) == -2.0f);
    CHECK(keys[0].value == 1.5f);
    CHECK(keys.timeValueBytes().data() == watched.lock()->data() + 1);  // not a copy
    CHECK(keys == KeyList{Key{0.0f, 1.5f}, Key{0.25f, -2.0f}});

    KeyList copy = keys;  // shares the bytes
    copy.setValue(0, 9.0f);
    CHECK(copy.value(0) == 9.0f);
    CHECK(copy.time(1) == 0.25f);
    CHECK(keys.value(0) == 1.5f);  // the bytes themselves are never written
    float stored;
    std::memcpy(&stored, watched.lock()->data() + 5, 4);
    CHECK(stored == 1.5f);
    keys.push_back(Key{1.0f, 3.0f, 0.5f});  // a full key: the list widens from its own copy
    CHECK_FALSE(keys.compact());
    CHECK(keys.size() == 3);
    CHECK(keys[1].value == -2.0f);
    copy.clear();
    keys.clear();
    CHECK(watched.expired());  // released once no list borrows them
}

TEST_CASE("finite, increasing keys are told from every defect at every position, in every layout") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    constexpr std::size_t kCount = 11;  // not a multiple of a vector's width: the last keys are checked one by one
    auto layouts = [](const std::vector<Key>& keys) {
        auto bytes = std::make_shared<std::vector<std::uint8_t>>(1 + keys.size() * 8);  // one byte off alignment
        for (std::size_t k = 0; k < keys.size(); ++k) {
            std::memcpy(bytes->data() + 1 + k * 8, &keys[k].time, 4);
            std::memcpy(bytes->data() + 5 + k * 8, &keys[k].value, 4);
        }
        KeyList full(keys);
        full.push_back(Key{1e9f, 0, 0.5f});  // widens the list to full keys
        full.resize(keys.size());
        return std::vector<KeyList>{KeyList(keys), KeyList::borrowed(bytes->data() + 1, keys.size(), bytes), full};
    };
    std::vector<Key> good;
    for (std::size_t k = 0; k < kCount; ++k) good.push_back(Key{float(k) * 0.25f - 1.0f, float(k)});
    for (const KeyList& keys : layouts(good)) CHECK(keys.finiteAndIncreasing());
    CHECK(KeyList{}.finiteAndIncreasing());
    for (std::size_t at = 0; at < kCount; ++at) {
        CAPTURE(at);
        std::vector<std::vector<Key>> defects(4, good);
        defects[0][at].time = nan;
        defects[1][at].value = kInf;
        defects[2][at].time = at > 0 ? good[at - 1].time : -kInf;  // equal to the key before (or minus infinity)
        defects[3][at].value = nan;
        for (const auto& defect : defects)
            for (const KeyList& keys : layouts(defect)) CHECK_FALSE(keys.finiteAndIncreasing());
    }
}

TEST_CASE("a borrowed list's check is asked once, and asked again once the list is its own") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    auto bytes = std::make_shared<std::vector<std::uint8_t>>(3 * 8);
    const float values[] = {0.0f, 1.0f, 0.5f, 2.0f, 1.0f, 3.0f};
    std::memcpy(bytes->data(), values, sizeof values);
    KeyList keys = KeyList::borrowed(bytes->data(), 3, bytes);
    CHECK(keys.finiteAndIncreasing());
    const KeyList copy = keys;  // copies the answer with the keys it is about
    keys.setValue(1, nan);  // the list's own keys now: its answer is asked again
    CHECK_FALSE(keys.finiteAndIncreasing());
    CHECK(copy.finiteAndIncreasing());
    std::memcpy(bytes->data() + 8, &nan, 4);  // the borrowed bytes themselves (never written in use): not seen again
    CHECK(copy.finiteAndIncreasing());
    CHECK_FALSE(KeyList::borrowed(bytes->data(), 3, bytes).finiteAndIncreasing());
}

TEST_CASE("linear keys appended in bulk are the keys pushed one by one, whatever the list's layout") {
    auto make = [](std::size_t i) { return std::pair{float(i) * 0.5f, -float(i)}; };
    auto pushed = [&](KeyList list, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) list.push_back(make(i).first, make(i).second);
        return list;
    };
    auto bytes = std::make_shared<std::vector<std::uint8_t>>(8);
    const float fields[2] = {-1.0f, 7.0f};
    std::memcpy(bytes->data(), fields, sizeof fields);
    const KeyList starts[] = {KeyList{}, KeyList{Key{-2.0f, 1.0f}}, KeyList{Key{-2.0f, 1.0f, 0.5f}},
                              KeyList::borrowed(bytes->data(), 1, bytes)};
    for (const KeyList& start : starts) {
        KeyList appended = start;
        appended.appendLinearKeys(5, make);
        CHECK(appended == pushed(start, 5));
        CHECK(appended.size() == start.size() + 5);
        CHECK(appended.compact() == start.compact());  // a full list stays full, a compact one compact
        CHECK(appended.value(start.size() + 4) == -4.0f);
    }
    float stored;
    std::memcpy(&stored, bytes->data() + 4, 4);
    CHECK(stored == 7.0f);  // borrowed bytes are copied, never written
}

TEST_CASE("the segment search finds what one probe at a time found, in every layout, and linear keys evaluate alike") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    // The search as it was written before, reading each probe through KeyList::time.
    auto probedOneByOne = [](const KeyList& keys, double time) {
        std::size_t upper = 0, count = keys.size();
        while (count > 0) {
            const std::size_t half = count / 2;
            if (!(time < double(keys.time(upper + half)))) upper += half + 1, count -= half + 1;
            else count = half;
        }
        return upper;
    };
    // The same keys compact, borrowed and full (a full list stays full when a key is set back to a linear one).
    auto layouts = [](const std::vector<float>& times) {
        KeyList compact, full{Key{0, 0, 0.5f}};
        auto bytes = std::make_shared<std::vector<std::uint8_t>>();
        for (std::size_t i = 0; i < times.size(); ++i) {
            const float value = float(i) * 0.25f - 1;
            compact.push_back(times[i], value);
            if (i == 0) full.set(0, Key{times[i], value});
            else full.push_back(Key{times[i], value});
            const float pair[2] = {times[i], value};
            bytes->insert(bytes->end(), reinterpret_cast<const std::uint8_t*>(pair),
                          reinterpret_cast<const std::uint8_t*>(pair) + 8);
        }
        const std::uint8_t* data = bytes->data();
        return std::vector<KeyList>{compact, KeyList::borrowed(data, times.size(), bytes), full};
    };
    const std::vector<double> probes = {-1, 0, 0.25, 0.5, 0.75, 1, 2, 2.25, 2.9, 3, 9.999, 10, 11, double(nan)};
    // In order (with a repeated time), and out of order with NaNs (invalid data must still find the same index).
    for (const std::vector<float>& times :
         {std::vector<float>{0, 0.5f, 0.5f, 1, 2.25f, 3, 10}, std::vector<float>{2, nan, 1, 5, nan, 0, 3}}) {
        const auto lists = layouts(times);
        REQUIRE(lists[0].compact());
        REQUIRE_FALSE(lists[2].compact());
        for (const KeyList& keys : lists)
            for (double t : probes) CHECK(keys.firstLaterThan(t) == probedOneByOne(keys, t));
    }
    // Sorted linear keys evaluate to the same bits whether they are held compact, borrowed or full.
    const auto lists = layouts({0, 0.5f, 1, 2.25f, 3, 10});
    for (double t = -0.5; t < 10.5; t += 0.0625) {
        const ValueSlope full = evaluateWithSlope(Curve{kWrapClampForever, kWrapClampForever, lists[2]}, t);
        for (int i = 0; i < 2; ++i) {
            const ValueSlope compact = evaluateWithSlope(Curve{kWrapClampForever, kWrapClampForever, lists[i]}, t);
            CHECK(std::memcmp(&compact.value, &full.value, sizeof(double)) == 0);
            CHECK(std::memcmp(&compact.slope, &full.slope, sizeof(double)) == 0);
        }
    }
}

TEST_CASE("nextBelow is std::nextafter toward minus infinity, bit for bit") {
    const double inf = std::numeric_limits<double>::infinity();
    const double values[] = {0.0,
                             -0.0,
                             1.0,
                             -1.0,
                             0.1,
                             -2.5e-300,
                             std::numeric_limits<double>::denorm_min(),
                             -std::numeric_limits<double>::denorm_min(),
                             std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::max(),
                             -std::numeric_limits<double>::max(),
                             inf,
                             -inf,
                             double(16.6666679f),
                             600.0};
    for (double x : values) {
        INFO(x);
        const double expected = std::nextafter(x, -inf), got = nextBelow(x);
        CHECK(std::memcmp(&expected, &got, sizeof got) == 0);
    }
    CHECK(std::isnan(nextBelow(std::numeric_limits<double>::quiet_NaN())));
}
