#include "mesh_geometry.hpp"

#include <cmath>
#include <utility>

#include "inputanim/core/math.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {
namespace {


void addVertex(SkinnedGeometry& g, float x, float y, float z, float nx, float ny, float nz, int joint) {
    g.positions.insert(g.positions.end(), {x, y, z});
    g.normals.insert(g.normals.end(), {nx, ny, nz});
    g.joints.insert(g.joints.end(), {std::uint8_t(joint), 0, 0, 0});
    g.weights.insert(g.weights.end(), {1.0f, 0.0f, 0.0f, 0.0f});
}

void addSphere(SkinnedGeometry& g, float radius, int joint) {
    constexpr int rings = 6, segments = 8;
    const auto base = std::uint16_t(g.positions.size() / 3);
    for (int r = 0; r <= rings; ++r) {
        const float phi = float(kPi) * float(r) / rings;
        for (int s = 0; s <= segments; ++s) {
            const float theta = 2 * float(kPi) * float(s) / segments;
            const float nx = std::sin(phi) * std::cos(theta), ny = std::cos(phi), nz = std::sin(phi) * std::sin(theta);
            addVertex(g, radius * nx, radius * ny, radius * nz, nx, ny, nz, joint);
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const auto a = std::uint16_t(base + r * (segments + 1) + s), b = std::uint16_t(a + segments + 1);
            g.indices.insert(g.indices.end(), {a, std::uint16_t(a + 1), b, std::uint16_t(a + 1), std::uint16_t(b + 1), b});
        }
}

// A tube from joint a to joint b: one ring in each joint's local XY plane (bones run along local +Z).
void addSegment(SkinnedGeometry& g, int a, int b, float radiusA, float radiusB) {
    constexpr int sides = 6;
    const auto base = std::uint16_t(g.positions.size() / 3);
    for (int end = 0; end < 2; ++end)
        for (int s = 0; s < sides; ++s) {
            const float theta = 2 * float(kPi) * float(s) / sides, x = std::cos(theta), y = std::sin(theta);
            const float radius = end == 0 ? radiusA : radiusB;
            addVertex(g, radius * x, radius * y, 0, x, y, 0, end == 0 ? a : b);
        }
    for (int s = 0; s < sides; ++s) {
        const auto i0 = std::uint16_t(base + s), i1 = std::uint16_t(base + (s + 1) % sides);
        const auto j0 = std::uint16_t(i0 + sides), j1 = std::uint16_t(i1 + sides);
        g.indices.insert(g.indices.end(), {i0, j0, i1, i1, j0, j1});
    }
}

}  // namespace

SkinnedGeometry sphere(float radius) {
    SkinnedGeometry g;
    addSphere(g, radius, 0);
    return g;
}

SkinnedGeometry handGeometry() {
    SkinnedGeometry g;
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        const float radius = isTip(joint) ? 0.005f : (joint == Joint::Wrist || joint == Joint::Palm) ? 0.009f : 0.007f;
        addSphere(g, radius, indexOf(joint));
    }
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        addSegment(g, indexOf(Joint::Wrist), indexOf(chain.front()), 0.006f, 0.006f);  // wrist to the finger's first joint
        for (std::size_t j = 0; j + 1 < chain.size(); ++j)
            addSegment(g, indexOf(chain[j]), indexOf(chain[j + 1]), 0.006f, j + 2 == chain.size() ? 0.004f : 0.005f);
    }
    return g;
}

}  // namespace inputanim
