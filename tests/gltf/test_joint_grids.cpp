// The hierarchical rig without the way back (extras off): a grid per joint. Played by the specification's sampler
// and composed by matrices written here, it follows MRTK's playback of every joint within the export's tolerances,
// with each joint keyed wherever its parent is, and fewer knots than the shared grid.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "gltf/profile/hand_hierarchy.hpp"
#include "inputanim/analysis/synthetic.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/gltf/export.hpp"
#include "support/spec_sampler.hpp"

using namespace inputanim;

namespace {

Recording gesture(bool reduced) {
    SyntheticOptions options;
    options.duration = 3;
    options.reduceKeys = reduced;
    return generateRecording(options).value();
}

tinygltf::Model load(const std::vector<std::uint8_t>& glb) {
    tinygltf::Model m;
    tinygltf::TinyGLTF loader;
    std::string error, warning;
    REQUIRE(loader.LoadBinaryFromMemory(&m, &error, &warning, glb.data(), unsigned(glb.size())));
    return m;
}

// Each node's world matrix at a time: its channels played by the specification's sampler (its own TRS where it has
// none), composed down from the scene's roots.
class Skeleton {
public:
    explicit Skeleton(const tinygltf::Model& m) : m_(m), parents_(m.nodes.size(), -1) {
        for (std::size_t n = 0; n < m.nodes.size(); ++n)
            for (int child : m.nodes[n].children) parents_[std::size_t(child)] = int(n);
        for (const auto& channel : m.animations[0].channels) {
            const auto& sampler = m.animations[0].samplers[std::size_t(channel.sampler)];
            channels_[{channel.target_node, channel.target_path}] = {
                spec::floats(m, sampler.input), spec::floats(m, sampler.output), sampler.interpolation};
        }
    }

    glm::dmat4 world(int node, double t) const {
        const auto& n = m_.nodes[std::size_t(node)];
        glm::dvec3 translation(0), scale(1);
        glm::dquat rotation(1, 0, 0, 0);
        if (n.translation.size() == 3) translation = {n.translation[0], n.translation[1], n.translation[2]};
        if (n.rotation.size() == 4) rotation = glm::dquat(n.rotation[3], n.rotation[0], n.rotation[1], n.rotation[2]);
        if (n.scale.size() == 3) scale = {n.scale[0], n.scale[1], n.scale[2]};
        if (const auto v = played(node, "translation", 3, t)) translation = {(*v)[0], (*v)[1], (*v)[2]};
        if (const auto v = played(node, "rotation", 4, t)) rotation = glm::dquat((*v)[3], (*v)[0], (*v)[1], (*v)[2]);
        if (const auto v = played(node, "scale", 3, t)) scale = {(*v)[0], (*v)[1], (*v)[2]};
        const glm::dmat4 local =
            glm::translate(glm::dmat4(1), translation) * glm::mat4_cast(rotation) * glm::scale(glm::dmat4(1), scale);
        const int parent = parents_[std::size_t(node)];
        return parent < 0 ? local : world(parent, t) * local;
    }

    const std::vector<float>* times(int node, const std::string& path) const {
        const auto it = channels_.find({node, path});
        return it == channels_.end() ? nullptr : &it->second.times;
    }

private:
    struct Channel {
        std::vector<float> times, values;
        std::string interpolation;
    };

    std::optional<std::vector<double>> played(int node, const std::string& path, int n, double t) const {
        const auto it = channels_.find({node, path});
        if (it == channels_.end()) return std::nullopt;
        const Channel& c = it->second;
        if (c.times.size() == 1) return std::vector<double>(c.values.begin(), c.values.begin() + n);
        return spec::play(c.times, c.values, c.interpolation, n, path == "rotation", t);
    }

    const tinygltf::Model& m_;
    std::vector<int> parents_;
    std::map<std::pair<int, std::string>, Channel> channels_;
};

int nodeNamed(const tinygltf::Model& m, const std::string& name) {
    for (std::size_t n = 0; n < m.nodes.size(); ++n)
        if (m.nodes[n].name == name) return int(n);
    return -1;
}

std::string jointNode(Hand hand, Joint joint) {
    return "Hand_" + std::string(sideName(hand)) + "_" + std::string(jointName(joint));
}

std::size_t handKnots(const tinygltf::Model& m, const Skeleton& skeleton) {
    std::size_t knots = 0;
    for (Hand hand : {Hand::Left, Hand::Right})
        for (Joint joint : kJoints)
            if (joint != Joint::None)
                if (const auto* times = skeleton.times(nodeNamed(m, jointNode(hand, joint)), "rotation"))
                    knots += times->size();
    return knots;
}

}  // namespace

TEST_CASE("a rig without the way back keys each joint on its own grid, within the tolerances of MRTK's playback") {
    for (bool reduced : {true, false}) {
        INFO((reduced ? "reduced" : "unreduced"));
        const Recording recording = gesture(reduced);
        ExportOptions options;
        options.rig = Rig::Hierarchy;
        options.linearOnly = true;
        options.extras = false;
        ExportReport report;
        const auto glb = exportGlb(recording, options, &report);
        REQUIRE(glb);
        const tinygltf::Model m = load(*glb);
        const Skeleton skeleton(m);
        options.extras = true;
        const tinygltf::Model shared = load(exportGlb(recording, options).value());
        const Skeleton sharedSkeleton(shared);
        // Fewer knots where joints key at their own times; a joint's grid holds its parent's.
        if (reduced) CHECK(handKnots(m, skeleton) < handKnots(shared, sharedSkeleton) * 3 / 4);
        else CHECK(handKnots(m, skeleton) <= handKnots(shared, sharedSkeleton));  // every joint keyed at every frame
        std::size_t translationKnots = 0, rotationKnots = 0;
        for (Hand hand : {Hand::Left, Hand::Right})
            for (Joint joint : kJoints) {
                const auto parent = parentJoint(joint);
                if (!parent) continue;
                const auto* own = skeleton.times(nodeNamed(m, jointNode(hand, joint)), "rotation");
                const auto* above = skeleton.times(nodeNamed(m, jointNode(hand, *parent)), "rotation");
                REQUIRE(own);
                REQUIRE(above);
                CHECK(std::includes(own->begin(), own->end(), above->begin(), above->end()));
                const auto* moves = skeleton.times(nodeNamed(m, jointNode(hand, joint)), "translation");
                REQUIRE(moves);
                CHECK(std::includes(own->begin(), own->end(), moves->begin(), moves->end()));  // thinned
                translationKnots += moves->size(), rotationKnots += own->size();
            }
        // A bone's offset from its parent keeps fewer knots than its turn (within 1% of the position tolerance).
        CHECK(translationKnots < rotationKnots);
        // Composed at 1,500 times and every knot, against each joint's world pose as MRTK plays it.
        std::vector<double> times;
        const double duration = playbackDuration(recording);
        for (int i = 0; i <= 1500; ++i) times.push_back(duration * i / 1500);
        for (float t : *skeleton.times(nodeNamed(m, jointNode(Hand::Right, Joint::IndexTip)), "rotation"))
            times.push_back(t);
        double worstPosition = 0, worstDegrees = 0;
        for (double t : times) {
            const FrameSample frame = sampleFrame(recording, t, Coordinates::Gltf);
            for (Hand hand : {Hand::Left, Hand::Right})
                for (Joint joint : kJoints) {
                    if (joint == Joint::None || !frame.tracked[int(hand)]) continue;  // else the hand is scaled to 0
                    const PoseSample& mrtk = frame.joints[int(hand)][indexOf(joint)];
                    const glm::dmat4 w = skeleton.world(nodeNamed(m, jointNode(hand, joint)), t);
                    worstPosition = std::max(
                        worstPosition, glm::distance(glm::dvec3(w[3]),
                                                     glm::dvec3(mrtk.position[0], mrtk.position[1], mrtk.position[2])));
                    if (!mrtk.rotationDefined) continue;
                    const glm::dquat q = glm::normalize(glm::quat_cast(glm::dmat3(w)));
                    const glm::dquat r(mrtk.rotation[3], mrtk.rotation[0], mrtk.rotation[1], mrtk.rotation[2]);
                    worstDegrees =
                        std::max(worstDegrees, glm::degrees(2 * std::acos(std::min(1.0, std::abs(glm::dot(q, r))))));
                }
        }
        INFO("worst " << worstPosition * 1000 << " mm, " << worstDegrees << " degrees; reported "
                      << report.maxPositionError * 1000 << " mm, " << report.maxRotationError << " degrees");
        CHECK(worstPosition < Tolerances{}.position);
        CHECK(worstDegrees < Tolerances{}.rotation);
        CHECK(report.maxPositionError >= worstPosition);  // the thinned translations' share counted
        CHECK(report.maxRotationError >= worstDegrees);
    }
}

TEST_CASE("a joint grid's skeleton built ahead is the one built in turn") {
    const Recording recording = gesture(true);
    TrackOptions options;
    options.linearOnly = true;
    options.duration = playbackDuration(recording);
    KnotBudget budget(recording), inTurnBudget(recording);
    HandHierarchyAhead ahead(recording, Hand::Right, options, budget, HandGrid::PerJoint);
    const auto inTurn = buildHandHierarchy(recording, Hand::Right, options, inTurnBudget, HandGrid::PerJoint);
    REQUIRE(inTurn);
    const auto built = ahead.take(budget);
    REQUIRE(built);
    CHECK(built->locals.times == inTurn->locals.times);
    CHECK(built->locals.rotation == inTurn->locals.rotation);
    CHECK(budget.left() == inTurnBudget.left());
}

TEST_CASE("a joint's grid refuses more added knots than the hand's keys allow") {
    // A position tolerance below Float32's rounding, which composition under a turning parent misses: every span
    // strays, until the allowance runs out (a joint's own LINEAR positions are exact).
    const Recording recording = gesture(true);
    TrackOptions options;
    options.linearOnly = true;
    options.duration = playbackDuration(recording);
    options.tolerances.position = 1e-12;
    KnotBudget budget(recording);
    const auto built = buildHandHierarchy(recording, Hand::Right, options, budget, HandGrid::PerJoint);
    REQUIRE_FALSE(built);
    CHECK(built.error().reason == Reason::FitBudget);
    CHECK_THAT(built.error().message, Catch::Contains("knots the hand's keys allow"));
}
