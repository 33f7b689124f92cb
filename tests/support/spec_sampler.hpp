// A glTF animation sampler written from the glTF 2.0 specification (appendix C), sharing no code with the library:
// for tests that play exported channels independently.
#pragma once

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace spec {

inline std::vector<float> floats(const tinygltf::Model& m, int accessor) {
    const auto& a = m.accessors[std::size_t(accessor)];
    const auto& view = m.bufferViews[std::size_t(a.bufferView)];
    const std::size_t count = a.count * std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(a.type)));
    std::vector<float> out(count);
    std::memcpy(out.data(), m.buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset,
                count * 4);
    return out;
}

// glTF appendix C: STEP, LINEAR (slerp for rotations), CUBICSPLINE (in-tangent, value, out-tangent per key;
// tangents times the interval's length; rotations normalised).
inline std::vector<double> play(const std::vector<float>& times, const std::vector<float>& out,
                                const std::string& interpolation, int n, bool rotation, double t) {
    std::size_t k = 0;
    while (k + 2 < times.size() && times[k + 1] <= t) ++k;
    const bool cubic = interpolation == "CUBICSPLINE";
    auto value = [&](std::size_t i, int c) {
        return double(out[(cubic ? 3 * i + 1 : i) * std::size_t(n) + std::size_t(c)]);
    };
    const double td = double(times[k + 1]) - times[k], s = std::clamp((t - times[k]) / td, 0.0, 1.0);
    std::vector<double> v(static_cast<std::size_t>(n));
    if (interpolation == "STEP") {
        for (int c = 0; c < n; ++c) v[std::size_t(c)] = value(s < 1 ? k : k + 1, c);
    } else if (cubic) {
        const double s2 = s * s, s3 = s2 * s;
        for (int c = 0; c < n; ++c) {
            const double m0 = td * out[(3 * k + 2) * std::size_t(n) + std::size_t(c)],
                         m1 = td * out[(3 * (k + 1)) * std::size_t(n) + std::size_t(c)];
            v[std::size_t(c)] = (2 * s3 - 3 * s2 + 1) * value(k, c) + (s3 - 2 * s2 + s) * m0 +
                                (-2 * s3 + 3 * s2) * value(k + 1, c) + (s3 - s2) * m1;
        }
    } else if (rotation) {
        double dot = 0;
        for (int c = 0; c < 4; ++c) dot += value(k, c) * value(k + 1, c);
        const double sign = dot < 0 ? -1 : 1, angle = std::acos(std::min(1.0, std::abs(dot)));
        const double wa = angle < 1e-9 ? 1 - s : std::sin((1 - s) * angle) / std::sin(angle),
                     wb = angle < 1e-9 ? s : std::sin(s * angle) / std::sin(angle);
        for (int c = 0; c < 4; ++c) v[std::size_t(c)] = wa * value(k, c) + sign * wb * value(k + 1, c);
    } else {
        for (int c = 0; c < n; ++c) v[std::size_t(c)] = value(k, c) + (value(k + 1, c) - value(k, c)) * s;
    }
    if (rotation) {
        const double norm = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
        for (double& x : v) x /= norm;
    }
    return v;
}

}  // namespace spec
