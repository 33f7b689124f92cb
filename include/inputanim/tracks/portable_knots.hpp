// Knots written so that every glTF client plays them as the profile says: rotations at unit length, and STEP tracks
// that LINEAR players follow too.
#pragma once

#include <cstddef>
#include <vector>

#include "inputanim/tracks/track.hpp"

namespace inputanim {

// STEP and LINEAR rotation knots at unit length (within kUnitLengthSlack): three.js and Babylon.js build a node's
// matrix from its quaternion as it is. The deviation a track reports stays a bound: it was measured against the slerp
// of the knots normalised (and adds what three.js's slerp of them as they were would add). Marks the values changed,
// so that the keys' recorded values stay in extras.
void unitRotationKnots(Track& track);

// A STEP track as clients that play every channel LINEAR (Assimp, Godot's import bake) play it too: before each
// change a knot one Float32 step earlier holds the old value (STEP plays the same). `kept`, when given: where each knot
// of the track as it was is now.
void portableSteps(Track& track, std::vector<std::size_t>* kept = nullptr);

}  // namespace inputanim
