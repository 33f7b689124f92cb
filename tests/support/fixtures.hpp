// Tiny recordings built in code, for tests.
#pragma once

#include <cstring>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "inputanim/mrtk/binary_format.hpp"
#include "inputanim/core/recording.hpp"

namespace fixtures {

using namespace inputanim;

inline constexpr float kInf = std::numeric_limits<float>::infinity();

// A recording of the camera's x position alone, with these keys.
inline Recording cameraX(std::initializer_list<Key> keys, Layout layout = Layout::Compact) {
    Recording r;
    r.encoding = Encoding{1, layout};
    r.curves[cameraCurve(kPositionX)].keys = KeyList(keys);
    return r;
}

// A text's bytes, in place.
inline std::span<const std::uint8_t> bytesOf(const std::string& text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

// A small recording with a few keys in every section of the encoding, and two markers.
inline Recording small(Encoding encoding) {
    Recording r;
    r.encoding = encoding;
    r.hasEyeGaze = encoding.minor == 1;
    r.curves[cameraCurve(0)].keys = {Key{0, 0.5f}, Key{0.5f, 0.25f}, Key{1, 0.125f}};
    r.curves[cameraCurve(6)].keys = {Key{0, 1}};
    r.curves[booleanCurve(BooleanCurve::TrackedLeft)].keys = {Key{0, 0}, Key{0.25f, 1}};
    r.curves[jointCurve(Hand::Left, Joint::IndexTip, 1)].keys = {Key{0.25f, 1.5f}, Key{0.75f, 1.25f}};
    r.curves[jointCurve(Hand::Right, Joint::Wrist, 5)].keys = {Key{0, -0.5f}};
    if (r.hasEyeGaze) r.curves[gazeCurve(5)].keys = {Key{0, 1}, Key{1, 0.5f}};
    r.markers = {{0.5f, "pinch"},
                 {0.75f,
                  "r\xc3\xa9l\xc3\xa2"
                  "che"}};
    return r;
}

inline std::vector<std::uint8_t> bytesOf(const Recording& recording) {
    auto bytes = writeRecording(recording);
    if (!bytes) throw std::runtime_error(bytes.error().describe());
    return std::move(bytes).value();
}

template <typename T>
void poke(std::vector<std::uint8_t>& bytes, std::size_t offset, T value) {
    std::memcpy(bytes.data() + offset, &value, sizeof value);
}

}  // namespace fixtures
