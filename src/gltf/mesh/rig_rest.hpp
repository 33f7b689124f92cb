// The rest pose of an exported hand's rig (internal to the glTF layer): the core's natural open hand with each
// bone as long as the recording's, and MRTK's frames at those positions. The skeleton's rest transforms, the skin's
// inverse bind matrices and the hand mesh all start from it, so that the mesh fits the recorded hand.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "inputanim/core/coordinates.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

inline glm::dvec3 positionOf(const HandPose& pose, Joint joint) {
    const Vector3& p = pose[indexOf(joint)].position;
    return {p[0], p[1], p[2]};
}

// A Unity-space pose as a glTF-space matrix.
inline glm::dmat4 gltfMatrix(const JointPose& pose) {
    const auto& p = pose.position;
    const auto& q = pose.rotation;
    const auto& ps = kGltfPositionSigns;
    const auto& qs = kGltfRotationSigns;
    return glm::translate(glm::dmat4(1), glm::dvec3(ps[0] * p[0], ps[1] * p[1], ps[2] * p[2])) *
           glm::mat4_cast(glm::dquat(qs[3] * q[3], qs[0] * q[0], qs[1] * q[1], qs[2] * q[2]));
}

// Unity space, the wrist at the origin. Each bone's length is its median over the hand's key times, kept within
// half and twice the model's (a hand without keys, or with values no hand has, keeps the model's).
HandPose rigRestPose(const Recording& recording, Hand hand);

// Where a flat rig's rest pose is put (glTF space): the move taking the rest wrist onto the wrist's pose at the first
// key that tracks the hand, so that clients that frame or cull by what a file shows before it plays (model-viewer,
// Babylon.js, Filament) find the hand where it plays. Identity for a hand never tracked there.
glm::dmat4 restPlacement(const Recording& recording, Hand hand, const HandPose& rest);

}  // namespace inputanim
