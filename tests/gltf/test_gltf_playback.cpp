// Exported channels played by a sampler written here from the glTF 2.0 specification (appendix C), between the
// knots, against the recording as MRTK plays it (sampleFrame): the export's signs, tangents and time scaling
// checked by an evaluation that shares no code with the library's.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <numbers>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "inputanim/core/playback.hpp"
#include "inputanim/gltf/export.hpp"
#include "support/edge_cases.hpp"
#include "support/spec_sampler.hpp"

using namespace inputanim;
using spec::floats;
using spec::play;

namespace {

// The pose sampleFrame gives the node of this name, or null for other nodes.
const PoseSample* poseOf(const FrameSample& frame, const std::string& name) {
    if (name == "Camera") return &frame.camera;
    for (Hand hand : {Hand::Left, Hand::Right}) {
        const std::string prefix = "Hand_" + std::string(sideName(hand)) + "_";
        if (name.rfind(prefix, 0) != 0) continue;
        const auto joint = jointFromName(name.substr(prefix.size()));
        return joint && *joint != Joint::None ? &frame.joints[int(hand)][indexOf(*joint)] : nullptr;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("exported channels played by the specification's sampler follow MRTK's playback between the knots") {
    for (const char* name : {"hermite", "weighted", "stepped"}) {
        INFO(name);
        const auto cases = edge_cases::all();
        const auto it = std::find_if(cases.begin(), cases.end(), [&](const auto& c) { return c.name == name; });
        REQUIRE(it != cases.end());
        auto glb = exportGlb(it->recording, {});
        REQUIRE(glb.ok());
        tinygltf::Model m;
        tinygltf::TinyGLTF loader;
        std::string error, warning;
        REQUIRE(loader.LoadBinaryFromMemory(&m, &error, &warning, glb->data(), unsigned(glb->size())));
        double worstPosition = 0, worstDegrees = 0;
        std::size_t compared = 0, cubic = 0;
        for (const auto& channel : m.animations[0].channels) {
            const auto& sampler = m.animations[0].samplers[std::size_t(channel.sampler)];
            const std::string& node = m.nodes[std::size_t(channel.target_node)].name;
            const bool rotation = channel.target_path == "rotation";
            if (!rotation && channel.target_path != "translation") continue;
            const auto times = floats(m, sampler.input), out = floats(m, sampler.output);
            if (times.size() < 2) continue;
            cubic += sampler.interpolation == "CUBICSPLINE";
            for (std::size_t k = 0; k + 1 < times.size(); k += 3) {
                if (std::nextafter(times[k], INFINITY) >= times[k + 1])
                    continue;  // a jump: no Float32 time lies inside
                for (double f : {0.3, 0.7}) {  // between the knots
                    const double t = times[k] + f * (double(times[k + 1]) - times[k]);
                    const FrameSample frame = sampleFrame(it->recording, t, Coordinates::Gltf);
                    const PoseSample* pose = poseOf(frame, node);
                    if (!pose) continue;
                    const auto v = play(times, out, sampler.interpolation, rotation ? 4 : 3, rotation, t);
                    ++compared;
                    if (rotation) {
                        if (!pose->rotationDefined) continue;
                        double dot = 0;
                        for (int c = 0; c < 4; ++c) dot += v[std::size_t(c)] * pose->rotation[std::size_t(c)];
                        worstDegrees = std::max(worstDegrees,
                                                2 * std::acos(std::min(1.0, std::abs(dot))) * 180 / std::numbers::pi);
                    } else {
                        double d2 = 0;
                        for (int c = 0; c < 3; ++c)
                            d2 += (v[std::size_t(c)] - pose->position[std::size_t(c)]) *
                                  (v[std::size_t(c)] - pose->position[std::size_t(c)]);
                        worstPosition = std::max(worstPosition, std::sqrt(d2));
                    }
                }
            }
        }
        CHECK(compared > 1000);
        if (std::string(name) != "stepped") CHECK(cubic > 0);
        CHECK(worstPosition < 1e-4);  // the export's tolerances: 0.1 mm, 0.01 degrees
        CHECK(worstDegrees < 0.01);
    }
}

namespace {

// three.js's Quaternion.slerpFlat (r187): the ends as written, a slerp by the angle of their raw dot product below
// 0.9995, else a normalised lerp.
std::array<double, 4> threeSlerp(const std::vector<float>& out, std::size_t k, double s) {
    std::array<double, 4> a{}, b{};
    for (std::size_t c = 0; c < 4; ++c) a[c] = out[k * 4 + c], b[c] = out[(k + 1) * 4 + c];
    double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (dot < 0)
        for (double& c : b) c = -c;
    dot = std::abs(dot);
    double wa = 1 - s, wb = s;
    if (dot < 0.9995) {
        const double theta = std::acos(dot);
        wa = std::sin((1 - s) * theta) / std::sin(theta), wb = std::sin(s * theta) / std::sin(theta);
    }
    std::array<double, 4> v{};
    for (std::size_t c = 0; c < 4; ++c) v[c] = wa * a[c] + wb * b[c];
    return v;
}

}  // namespace

TEST_CASE("the export's rotation deviation bounds three.js's slerp of knots off unit length (a single-key W curve)") {
    // MRTK 2.6's writer defect: RotationW keeps one key while X, Y and Z turn the head 70 degrees.
    Recording r;
    r.encoding = Encoding{1, Layout::Compact};
    r.hasCameraPose = 1;
    for (int k = 0; k <= 72; ++k) {
        const float t = float(k * 0.05), half = float(0.6 * std::sin(k * 0.09));
        r.curves[cameraCurve(kRotationX + 1)].keys.push_back(Key{t, half * 0.5f});
        r.curves[cameraCurve(kRotationX)].keys.push_back(Key{t, 0.02f * float(k % 3)});
        r.curves[cameraCurve(kRotationX + 2)].keys.push_back(Key{t, 0});
    }
    r.curves[cameraCurve(kRotationX + 3)].keys = {Key{0, 0.96f}};
    ExportReport report;
    auto glb = exportGlb(r, {}, &report);
    REQUIRE(glb.ok());
    tinygltf::Model m;
    tinygltf::TinyGLTF loader;
    std::string error, warning;
    REQUIRE(loader.LoadBinaryFromMemory(&m, &error, &warning, glb->data(), unsigned(glb->size())));
    double worst = 0;
    for (const auto& channel : m.animations[0].channels) {
        if (m.nodes[std::size_t(channel.target_node)].name != "Camera" || channel.target_path != "rotation") continue;
        const auto& sampler = m.animations[0].samplers[std::size_t(channel.sampler)];
        REQUIRE(sampler.interpolation == "LINEAR");
        const auto times = floats(m, sampler.input), out = floats(m, sampler.output);
        for (std::size_t k = 0; k + 1 < times.size(); ++k)
            for (int i = 1; i < 32; ++i) {
                const double t = times[k] + i / 32.0 * (double(times[k + 1]) - times[k]);
                auto v = threeSlerp(out, k, i / 32.0);
                const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
                const PoseSample mrtk = sampleFrame(r, t, Coordinates::Gltf).camera;
                double dot = 0;
                for (std::size_t c = 0; c < 4; ++c) dot += v[c] / length * mrtk.rotation[c];
                worst = std::max(worst, 2 * std::acos(std::min(1.0, std::abs(dot))) * 180 / std::numbers::pi);
            }
    }
    CHECK(worst > 0);
    CHECK(report.maxRotationError >= worst);
}
