// The hand mesh (internal to the glTF layer): evaluating its field only near the surface changes nothing.
#include <catch2/catch.hpp>

#include "gltf/mesh_geometry.hpp"

using namespace inputanim;

TEST_CASE("the hand mesh from the field near its surface is the mesh from the field everywhere") {
    for (Hand hand : kHands) {
        const HandPose rest = restHand(hand);
        const SkinnedGeometry blocks = handMesh(hand, rest), everywhere = handMesh(hand, rest, 1);
        REQUIRE(everywhere.positions.size() > 3000);
        CHECK(blocks.positions == everywhere.positions);
        CHECK(blocks.normals == everywhere.normals);
        CHECK(blocks.joints == everywhere.joints);
        CHECK(blocks.weights == everywhere.weights);
        CHECK(blocks.indices == everywhere.indices);
    }
}
