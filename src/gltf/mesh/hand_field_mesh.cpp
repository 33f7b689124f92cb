// The model hand's mesh (see mesh_geometry.hpp) is a signed distance field (tapered capsules for the finger bones; the
// palm as capsules from the wrist to the knuckles and across them, blended smoothly) turned into triangles by surface
// nets: a vertex in each grid cell the surface crosses, moved onto the surface, and a quad across each grid edge it
// crosses.
#include "mesh_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <type_traits>
#include <utility>

#include "rig_rest.hpp"

namespace inputanim {
namespace {

using glm::dvec3;

// ---- the field ----------------------------------------------------------------------------------------------

struct Capsule {
    dvec3 a, b;
    double ra, rb;  // radii at a and b
};

double distance(const Capsule& c, const dvec3& p) {
    const dvec3 ab = c.b - c.a;
    const double h = std::clamp(glm::dot(p - c.a, ab) / std::max(glm::dot(ab, ab), 1e-12), 0.0, 1.0);
    return glm::length(p - (c.a + h * ab)) - (c.ra + h * (c.rb - c.ra));
}

double smoothMin(double a, double b, double k) {  // polynomial smooth minimum: blends within k of each other
    const double h = std::max(k - std::abs(a - b), 0.0) / k;
    return std::min(a, b) - h * h * k / 4;
}

// A distance with its gradient, for moving points onto the surface and for normals (one evaluation instead of the
// six of central differences).
struct Sloped {
    double d;
    dvec3 g;
};

Sloped slopedDistance(const Capsule& c, const dvec3& p) {
    const dvec3 ab = c.b - c.a;
    const double length2 = std::max(glm::dot(ab, ab), 1e-12);
    const double t = glm::dot(p - c.a, ab) / length2;
    const double h = std::clamp(t, 0.0, 1.0);
    const dvec3 away = p - (c.a + h * ab);
    const double length = glm::length(away);
    dvec3 g = length > 0 ? away / length : dvec3(0);
    if (t > 0 && t < 1) g -= (c.rb - c.ra) / length2 * ab;  // the radius tapers along the bone
    return {length - (c.ra + h * (c.rb - c.ra)), g};
}

// Where the field grows fastest, as a unit vector (up where it is flat).
dvec3 unitGradient(const Sloped& s) {
    const double n = glm::length(s.g);
    return n > 0 ? s.g / n : dvec3(0, 1, 0);
}

Sloped smoothMin(const Sloped& a, const Sloped& b, double k) {
    const double h = std::max(k - std::abs(a.d - b.d), 0.0) / k;
    const bool aLower = a.d < b.d;  // the lower side's weight is 1 - h/2, the other's h/2
    return {std::min(a.d, b.d) - h * h * k / 4,
            aLower ? (1 - h / 2) * a.g + (h / 2) * b.g : (h / 2) * a.g + (1 - h / 2) * b.g};
}

// Radii (metres) at a finger's drawn joints, by finger: the thumb's metacarpal, proximal, distal joints and tip; the
// other fingers' knuckle, middle and distal joints and tip.
constexpr double kFingerRadii[5][4] = {
    {0.0125, 0.0105, 0.0095, 0.0085}, {0.0092, 0.0086, 0.0078, 0.0068}, {0.0096, 0.0090, 0.0081, 0.0070},
    {0.0090, 0.0084, 0.0076, 0.0066}, {0.0079, 0.0073, 0.0067, 0.0059},
};

// The blend widths: among the palm's capsules, along a finger, and of each finger with the palm.
constexpr double kPalmBlend = 0.012, kFingerBlend = 0.004, kFingerPalmBlend = 0.009;

// What of the field matters in a region. The field is the lowest of the fingers' blends with the palm, and a
// smooth minimum is exactly its lower argument when the other is a blend width or more above it, so in most
// places a finger is the palm there, or the finger alone, or never the lowest: its capsules need no evaluation.
enum class FingerPart : std::uint8_t { Unused, PalmOnly, FingerOnly, Blended };
struct FieldParts {
    bool palm = true;
    std::array<FingerPart, 5> fingers{FingerPart::Blended, FingerPart::Blended, FingerPart::Blended,
                                      FingerPart::Blended, FingerPart::Blended};
};

struct HandField {
    std::vector<Capsule> palm;
    std::array<std::vector<Capsule>, 5> fingers;
    double lipschitz = 1;  // a bound on how fast the field changes with distance (see the constructor)

    // The most the field can change between points `reach` apart, with a margin for rounding.
    double changeWithin(double reach) const { return lipschitz * reach * 1.001 + 1e-9; }

    explicit HandField(const HandPose& rest) {
        auto at = [&](Joint j) { return positionOf(rest, j); };
        const dvec3 wrist = at(Joint::Wrist);
        const auto& q = rest[indexOf(Joint::Wrist)].rotation;
        const glm::dquat wristRotation(q[3], q[0], q[1], q[2]);
        const dvec3 across = wristRotation * dvec3(1, 0, 0), forward = wristRotation * dvec3(0, 0, 1);
        // The wrist: as wide as the palm's base; the palm: from the wrist to each knuckle, and across the knuckles.
        const double side = glm::length(at(Joint::IndexKnuckle) - at(Joint::PinkyKnuckle)) * 0.38;
        palm.push_back(
            {wrist + side * across + 0.006 * forward, wrist - side * across + 0.006 * forward, 0.0145, 0.0135});
        Joint previous = Joint::None;
        for (Finger finger : {Finger::Index, Finger::Middle, Finger::Ring, Finger::Pinky}) {
            const auto chain = fingerJoints(finger);
            const double r = kFingerRadii[int(finger)][0] * 1.2;
            palm.push_back({wrist + 0.6 * (at(chain[0]) - wrist), at(chain[1]), r * 1.1, r});
            if (previous != Joint::None) palm.push_back({at(previous), at(chain[1]), r, r});
            previous = chain[1];
        }
        // The thumb's ball sits on the palm, from the wrist to the thumb's first joint.
        palm.push_back({wrist + 0.4 * side * across + 0.01 * forward, at(Joint::ThumbProximalJoint), 0.0155, 0.0115});
        for (Finger finger : kFingers) {
            const auto chain = fingerJoints(finger);
            const std::size_t first = finger == Finger::Thumb ? 0 : 1;
            for (std::size_t j = first; j + 1 < chain.size(); ++j) {
                dvec3 a = at(chain[j]), b = at(chain[j + 1]);
                const double ra = kFingerRadii[int(finger)][j - first], rb = kFingerRadii[int(finger)][j - first + 1];
                if (j + 2 == chain.size()) b -= rb * glm::normalize(b - a);  // the tip joint is where the finger ends
                fingers[int(finger)].push_back({a, b, ra, rb});
            }
        }
        // A capsule's distance changes at most at rate 1, plus its radius's taper; smooth and plain minimums
        // change no faster than what they blend.
        double taper = 0;
        auto add = [&](const Capsule& c) {
            taper = std::max(taper, std::abs(c.rb - c.ra) / std::max(glm::length(c.b - c.a), 1e-12));
        };
        for (const Capsule& c : palm) add(c);
        for (const auto& finger : fingers)
            for (const Capsule& c : finger) add(c);
        lipschitz = 1 + taper;
    }

    double operator()(const dvec3& p, const FieldParts& parts = {}) const { return evaluate<double>(p, parts); }
    Sloped sloped(const dvec3& p, const FieldParts& parts = {}) const { return evaluate<Sloped>(p, parts); }

    // The parts that give the field its values everywhere within `reach` of `centre`, decided by bounds over the
    // region: a capsule's distance changes no faster than `lipschitz` from its value at the centre, and a smooth
    // minimum lies at most a quarter of its width below the lower of its arguments, and only when they may come
    // within its width of each other.
    FieldParts partsNear(const dvec3& centre, double reach) const {
        const double spread = changeWithin(reach);
        struct Range {
            double low, high;
        };
        auto blendOf = [](Range a, Range b, double blend) {
            const bool apart = b.low >= a.high + blend || a.low >= b.high + blend;
            return Range{std::min(a.low, b.low) - (apart ? 0 : blend / 4 + 1e-9), std::min(a.high, b.high)};
        };
        auto rangeOf = [&](const std::vector<Capsule>& chain, double blend) {
            Range r{1e9, 1e9};
            for (const Capsule& c : chain) {
                const double d = distance(c, centre);
                r = blendOf(r, {d - spread, d + spread}, blend);
            }
            return r;
        };
        const Range palmRange = rangeOf(palm, kPalmBlend);
        FieldParts parts;
        std::array<Range, 5> terms;
        double lowestHigh = 1e9;
        for (std::size_t f = 0; f < fingers.size(); ++f) {
            const Range finger = rangeOf(fingers[f], kFingerBlend);
            if (finger.low >= palmRange.high + kFingerPalmBlend)
                parts.fingers[f] = FingerPart::PalmOnly, terms[f] = palmRange;
            else if (palmRange.low >= finger.high + kFingerPalmBlend)
                parts.fingers[f] = FingerPart::FingerOnly, terms[f] = finger;
            else terms[f] = blendOf(palmRange, finger, kFingerPalmBlend);
            lowestHigh = std::min(lowestHigh, terms[f].high);
        }
        parts.palm = false;
        for (std::size_t f = 0; f < fingers.size(); ++f) {
            if (terms[f].low > lowestHigh) parts.fingers[f] = FingerPart::Unused;  // above another finger's everywhere
            parts.palm =
                parts.palm || parts.fingers[f] == FingerPart::PalmOnly || parts.fingers[f] == FingerPart::Blended;
        }
        return parts;
    }

    // The field (a double) or the field with its gradient (Sloped), by the same blend, from the given parts.
    template <class Value>
    Value evaluate(const dvec3& p, const FieldParts& parts) const {
        auto at = [&](const Capsule& c) {
            if constexpr (std::is_same_v<Value, Sloped>) return slopedDistance(c, p);
            else return distance(c, p);
        };
        const Value far = [] {
            if constexpr (std::is_same_v<Value, Sloped>) return Sloped{1e9, dvec3(0)};
            else return 1e9;
        }();
        auto lower = [](const Value& a, const Value& b) {
            if constexpr (std::is_same_v<Value, Sloped>) return b.d < a.d ? b : a;
            else return std::min(a, b);
        };
        Value palmDistance = far;
        if (parts.palm)
            for (const Capsule& c : palm) palmDistance = smoothMin(palmDistance, at(c), kPalmBlend);
        Value d = far;
        for (std::size_t f = 0; f < fingers.size();
             ++f) {  // each finger blends into the palm, never into its neighbours
            const FingerPart part = parts.fingers[f];
            if (part == FingerPart::Unused) continue;
            if (part == FingerPart::PalmOnly) {
                d = lower(d, palmDistance);
                continue;
            }
            Value finger = far;
            for (const Capsule& c : fingers[f]) finger = smoothMin(finger, at(c), kFingerBlend);
            d = lower(d, part == FingerPart::FingerOnly ? finger : smoothMin(palmDistance, finger, kFingerPalmBlend));
        }
        return d;
    }
};

// ---- skinning: each vertex follows the joints whose bones are nearest ----------------------------------------

struct Bone {
    Joint owner;  // the joint whose frame carries the bone: the bone starts there
    dvec3 a, b;
};

std::vector<Bone> bonesOf(const HandPose& rest) {
    auto at = [&](Joint j) { return positionOf(rest, j); };
    std::vector<Bone> bones;
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        bones.push_back({Joint::Wrist, at(Joint::Wrist), at(chain[0])});
        for (std::size_t j = 0; j + 1 < chain.size(); ++j) bones.push_back({chain[j], at(chain[j]), at(chain[j + 1])});
    }
    return bones;
}

double segmentDistance(const Bone& bone, const dvec3& p) { return distance(Capsule{bone.a, bone.b, 0, 0}, p); }

std::pair<std::array<std::uint8_t, 4>, std::array<float, 4>> skinWeights(const std::vector<Bone>& bones,
                                                                         const dvec3& p) {
    std::array<double, kJointCount> nearest;
    nearest.fill(1e9);
    for (const Bone& bone : bones)
        nearest[indexOf(bone.owner)] = std::min(nearest[indexOf(bone.owner)], segmentDistance(bone, p));
    std::array<int, kJointCount - 1> order;  // every joint but None (index 0), which is not in the skin
    for (int j = 1; j < kJointCount; ++j) order[j - 1] = j;
    // Ties (a point nearest to the joint two bones share) go to the lower joint, so that every standard library
    // (the native build's, the WebAssembly build's) picks the same influences.
    std::partial_sort(order.begin(), order.begin() + 4, order.end(),
                      [&](int a, int b) { return nearest[a] < nearest[b] || (nearest[a] == nearest[b] && a < b); });
    std::array<std::uint8_t, 4> joints{};
    std::array<float, 4> weights{};
    const double closest = std::max(nearest[order[0]], 0.002);
    double sum = 0;
    for (int i = 0; i < 4; ++i) {
        const double w = std::pow(closest / std::max(nearest[order[i]], 0.002), 8);
        weights[i] = w < 0.02 ? 0.0f : float(w);
        joints[i] = weights[i] > 0 ? std::uint8_t(order[i] - 1) : 0;  // glTF: an unused influence is joint 0, weight 0
        sum += weights[i];
    }
    for (float& w : weights) w = float(w / sum);
    return {joints, weights};
}

// The grid the surface is found on: 3.5 mm cells around the field's capsules, with x = 0 on a grid plane.
struct FieldGrid {
    static constexpr double kCell = 0.0035;
    dvec3 low;
    glm::ivec3 cells, corners;
    std::size_t corner(int i, int j, int k) const {
        return (std::size_t(k) * std::size_t(corners.y) + std::size_t(j)) * std::size_t(corners.x) + std::size_t(i);
    }
    std::size_t cell(int i, int j, int k) const {
        return (std::size_t(k) * std::size_t(cells.y) + std::size_t(j)) * std::size_t(cells.x) + std::size_t(i);
    }
    dvec3 at(int i, int j, int k) const { return low + kCell * dvec3(i, j, k); }
    std::size_t cornerCount() const { return std::size_t(corners.x) * std::size_t(corners.y) * std::size_t(corners.z); }
    std::size_t cellCount() const { return std::size_t(cells.x) * std::size_t(cells.y) * std::size_t(cells.z); }
};

FieldGrid gridAround(const HandField& field) {
    constexpr double cell = FieldGrid::kCell;
    dvec3 low(1e9), high(-1e9);
    for (const Capsule& c : field.palm)
        low = glm::min(low, glm::min(c.a, c.b)), high = glm::max(high, glm::max(c.a, c.b));
    for (const auto& finger : field.fingers)
        for (const Capsule& c : finger)
            low = glm::min(low, glm::min(c.a, c.b)), high = glm::max(high, glm::max(c.a, c.b));
    FieldGrid grid;
    grid.low = glm::floor((low - 0.025) / cell) * cell;
    high = grid.low + glm::ceil((high + 0.025 - grid.low) / cell) * cell;
    grid.cells = glm::ivec3(glm::round((high - grid.low) / cell));
    grid.corners = grid.cells + 1;
    return grid;
}

// The field at every corner, evaluated only near the surface: a block of corners whose centre is further from the
// surface than the field can change within the block and one cell beyond takes its centre's value, whose sign it
// has everywhere. No cell the surface crosses touches such a block, so the mesh is the same as from the field
// evaluated everywhere. Near the surface, only the parts of the field that matter in the block.
std::vector<double> fieldAtCorners(const HandField& field, const FieldGrid& grid, bool everywhere) {
    std::vector<double> value(grid.cornerCount());
    const double cellDiagonal = FieldGrid::kCell * std::sqrt(3.0);
    const int block = everywhere ? 1 : 4;
    const glm::ivec3 corners = grid.corners;
    for (int k0 = 0; k0 < corners.z; k0 += block)
        for (int j0 = 0; j0 < corners.y; j0 += block)
            for (int i0 = 0; i0 < corners.x; i0 += block) {
                const glm::ivec3 first(i0, j0, k0), last = glm::min(first + (block - 1), corners - 1);
                const dvec3 centre = (grid.at(first.x, first.y, first.z) + grid.at(last.x, last.y, last.z)) * 0.5;
                const double halfDiagonal = glm::length(dvec3(last - first)) * FieldGrid::kCell * 0.5;
                const double atCentre = field(centre);
                const bool far = std::abs(atCentre) > field.changeWithin(halfDiagonal + cellDiagonal);
                const FieldParts parts = far || everywhere ? FieldParts{} : field.partsNear(centre, halfDiagonal);
                for (int k = first.z; k <= last.z; ++k)
                    for (int j = first.y; j <= last.y; ++j)
                        for (int i = first.x; i <= last.x; ++i)
                            value[grid.corner(i, j, k)] = far ? atCentre : field(grid.at(i, j, k), parts);
            }
    return value;
}

// A vertex in each cell the surface crosses: the mean of its edges' crossings moved onto the surface, with the
// parts of the field that matter near the cell (a point that moves further is moved again with the whole field).
// Returns each cell's vertex, -1 where none.
std::vector<int> surfaceVertices(const HandField& field, const std::vector<Bone>& bones, const FieldGrid& grid,
                                 const std::vector<double>& value, bool everywhere, SkinnedGeometry& g) {
    std::vector<int> vertexOfCell(grid.cellCount(), -1);
    static constexpr int kEdges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                          {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    auto cornerOf = [&](int i, int j, int k, int c) {
        return grid.at(i + (c & 1), j + (c >> 1 & 1), k + (c >> 2 & 1));
    };
    for (int k = 0; k < grid.cells.z; ++k)
        for (int j = 0; j < grid.cells.y; ++j)
            for (int i = 0; i < grid.cells.x; ++i) {
                double v[8];
                int inside = 0;
                for (int c = 0; c < 8; ++c) {
                    v[c] = value[grid.corner(i + (c & 1), j + (c >> 1 & 1), k + (c >> 2 & 1))];
                    inside += v[c] < 0;
                }
                if (inside == 0 || inside == 8) continue;
                dvec3 sum(0);
                int crossings = 0;
                for (const auto& e : kEdges)
                    if ((v[e[0]] < 0) != (v[e[1]] < 0)) {
                        const dvec3 a = cornerOf(i, j, k, e[0]), b = cornerOf(i, j, k, e[1]);
                        sum += a + (v[e[0]] / (v[e[0]] - v[e[1]])) * (b - a), ++crossings;
                    }
                const dvec3 start = sum / double(crossings);
                const double reach = FieldGrid::kCell;
                auto onSurface = [&](const FieldParts& parts, dvec3& at) {
                    at = start;
                    for (int step = 0; step < 3; ++step) {
                        const Sloped here = field.sloped(at, parts);
                        at -= here.d * unitGradient(here);
                        if (glm::length(at - start) > reach) return false;
                    }
                    return true;
                };
                FieldParts parts = everywhere ? FieldParts{} : field.partsNear(start, reach);
                dvec3 at;
                if (!onSurface(parts, at)) onSurface(parts = FieldParts{}, at);
                const auto [joints, weights] = skinWeights(bones, at);
                vertexOfCell[grid.cell(i, j, k)] = int(g.positions.size() / 3);
                g.addVertex(at, unitGradient(field.sloped(at, parts)), joints, weights);
            }
    return vertexOfCell;
}

// A quad across each crossed grid edge, facing out of the surface.
void surfaceQuads(const FieldGrid& grid, const std::vector<double>& value, const std::vector<int>& vertexOfCell,
                  SkinnedGeometry& g) {
    const glm::ivec3 cells = grid.cells;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, w = (axis + 2) % 3;
        for (int k = 0; k < grid.corners.z; ++k)
            for (int j = 0; j < grid.corners.y; ++j)
                for (int i = 0; i < grid.corners.x; ++i) {
                    const glm::ivec3 c(i, j, k);
                    glm::ivec3 d = c;
                    d[axis] += 1;
                    // The edge from c to d, and the four cells around it, inside the grid.
                    if (c[axis] >= cells[axis] || c[u] < 1 || c[u] >= cells[u] || c[w] < 1 || c[w] >= cells[w])
                        continue;
                    const double v0 = value[grid.corner(c.x, c.y, c.z)], v1 = value[grid.corner(d.x, d.y, d.z)];
                    if ((v0 < 0) == (v1 < 0)) continue;
                    int quad[4];
                    const int offsets[4][2] = {
                        {-1, -1}, {0, -1}, {0, 0}, {-1, 0}};  // (u, w): counterclockwise about +axis
                    bool complete = true;
                    for (int q = 0; q < 4; ++q) {
                        glm::ivec3 at = c;
                        at[u] += offsets[q][0], at[w] += offsets[q][1];
                        quad[q] = vertexOfCell[grid.cell(at.x, at.y, at.z)];
                        complete = complete && quad[q] >= 0;
                    }
                    if (!complete) continue;
                    if (!(v0 < 0)) std::swap(quad[1], quad[3]);  // the surface faces -axis here
                    for (int t : {quad[0], quad[1], quad[2], quad[0], quad[2], quad[3]})
                        g.indices.push_back(std::uint16_t(t));
                }
    }
}

}  // namespace

HandPose mirrored(HandPose pose) {
    for (auto& joint : pose)
        joint.position[0] = -joint.position[0],
        joint.rotation = {joint.rotation[0], -joint.rotation[1], -joint.rotation[2], joint.rotation[3]};
    return pose;
}

void mirror(SkinnedGeometry& g) {
    for (std::size_t v = 0; v < g.positions.size(); v += 3)
        g.positions[v] = -g.positions[v], g.normals[v] = -g.normals[v];
    for (std::size_t t = 0; t < g.indices.size(); t += 3) std::swap(g.indices[t + 1], g.indices[t + 2]);
}

SkinnedGeometry fieldHandMesh(Hand hand, const HandPose& restPose, FieldEvaluation evaluation) {
    const bool everywhere = evaluation == FieldEvaluation::Everywhere;
    // Built as a left hand (a right one mirrored to it), so that both hands' meshes mirror each other exactly.
    const bool right = hand == Hand::Right;
    const HandPose rest = right ? mirrored(restPose) : restPose;
    const HandField field(rest);
    const FieldGrid grid = gridAround(field);
    const std::vector<double> value = fieldAtCorners(field, grid, everywhere);
    SkinnedGeometry g;
    const std::vector<int> vertexOfCell = surfaceVertices(field, bonesOf(rest), grid, value, everywhere, g);
    surfaceQuads(grid, value, vertexOfCell, g);
    // To glTF space: a left hand's X is mirrored; a right hand was mirrored to be built, and its two mirrors cancel.
    if (!right) mirror(g);
    return g;
}

}  // namespace inputanim
