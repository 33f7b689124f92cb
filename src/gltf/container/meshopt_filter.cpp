// EXT_meshopt_compression's filters (Appendix B), in float32 as the specification writes them: results within one
// unit in the last place of the decoded integers, as it allows.
#include <cmath>
#include <cstring>

#include "meshopt_codec.hpp"

namespace inputanim::meshopt {
namespace {

template <class Int>
Int rounded(float v) {
    return Int(std::lround(v));
}

template <class Int>
void octahedral(std::uint8_t* element) {
    Int v[4];
    std::memcpy(v, element, sizeof v);
    const float one = float(v[2]);
    float x = float(v[0]) / one, y = float(v[1]) / one;
    const float z = 1.0f - std::fabs(x) - std::fabs(y);
    const float t = std::fmin(z, 0.0f);
    x -= std::copysign(t, x);
    y -= std::copysign(t, y);
    const float length = std::sqrt(x * x + y * y + z * z);
    const float max = float((1 << (8 * sizeof(Int) - 1)) - 1);
    v[0] = rounded<Int>(x / length * max);
    v[1] = rounded<Int>(y / length * max);
    v[2] = rounded<Int>(z / length * max);
    std::memcpy(element, v, sizeof v);
}

void quaternion(std::uint8_t* element) {
    std::int16_t v[4];
    std::memcpy(v, element, sizeof v);
    const float range = 1.0f / std::sqrt(2.0f), one = float(v[3] | 3);
    const float x = float(v[0]) / one * range, y = float(v[1]) / one * range, z = float(v[2]) / one * range;
    const float w = std::sqrt(std::fmax(0.0f, 1.0f - x * x - y * y - z * z));
    const int largest = v[3] & 3;
    std::int16_t out[4];
    out[(largest + 1) % 4] = rounded<std::int16_t>(x * 32767.0f);
    out[(largest + 2) % 4] = rounded<std::int16_t>(y * 32767.0f);
    out[(largest + 3) % 4] = rounded<std::int16_t>(z * 32767.0f);
    out[largest] = rounded<std::int16_t>(w * 32767.0f);
    std::memcpy(element, out, sizeof out);
}

void exponential(std::uint8_t* value) {
    std::int32_t v;
    std::memcpy(&v, value, 4);
    const int exponent = v >> 24;
    const std::int32_t mantissa = std::int32_t(std::uint32_t(v) << 8) >> 8;
    const float decoded = std::ldexp(float(mantissa), exponent);
    std::memcpy(value, &decoded, 4);
}

}  // namespace

bool unfilter(Filter filter, std::span<std::uint8_t> data, std::size_t count, std::size_t stride) {
    if (data.size() != count * stride) return false;
    switch (filter) {
        case Filter::None: return true;
        case Filter::Octahedral:
            if (stride != 4 && stride != 8) return false;
            for (std::size_t i = 0; i < count; ++i)
                stride == 4 ? octahedral<std::int8_t>(&data[i * 4]) : octahedral<std::int16_t>(&data[i * 8]);
            return true;
        case Filter::Quaternion:
            if (stride != 8) return false;
            for (std::size_t i = 0; i < count; ++i) quaternion(&data[i * 8]);
            return true;
        case Filter::Exponential:
            if (stride % 4 != 0) return false;
            for (std::size_t i = 0; i < data.size(); i += 4) exponential(&data[i]);
            return true;
    }
    return false;
}

}  // namespace inputanim::meshopt
