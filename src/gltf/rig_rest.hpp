// The rest pose of an exported hand's rig (internal to the glTF layer): the core's natural open hand with each
// bone as long as the recording's, and MRTK's frames at those positions. The skeleton's rest transforms, the skin's
// inverse bind matrices and the hand mesh all start from it, so that the mesh fits the recorded hand.
#pragma once

#include <glm/glm.hpp>

#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

inline glm::dvec3 positionOf(const HandPose& pose, Joint joint) {
    const Vector3& p = pose[indexOf(joint)].position;
    return {p[0], p[1], p[2]};
}

// Unity space, the wrist at the origin. Each bone's length is its median over the hand's key times, kept within
// half and twice the model's (a hand without keys, or with values no hand has, keeps the model's).
HandPose rigRestPose(const Recording& recording, Hand hand);

}  // namespace inputanim
