// MRTK's joint frames from joint positions: the hand completed, its palm found, and each joint's frame.
#include "inputanim/core/hand_frames.hpp"

#include <cmath>
#include <initializer_list>

namespace inputanim {
namespace {

Vector3 unit3(const Vector3& a) { return scaled3(1 / length3(a), a); }

// The first joint present of `candidates`.
std::optional<Vector3> first(const HandPositions& h, std::initializer_list<Joint> candidates) {
    for (Joint j : candidates)
        if (h.has(j)) return h[j];
    return std::nullopt;
}

}  // namespace

void completeHand(HandPositions& h) {
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        const std::size_t last = chain.size() - 1;
        if (!h.has(chain[last]) && h.has(chain[last - 1]) && h.has(chain[last - 2]))
            h.set(chain[last], plus3(h[chain[last - 1]], scaled3(0.8, minus3(h[chain[last - 1]], h[chain[last - 2]]))));
        if (!h.has(chain[0]) && h.has(Joint::Wrist) && h.has(chain[1]))
            h.set(chain[0], plus3(h[Joint::Wrist], scaled3(finger == Finger::Thumb ? 0.45 : 0.22,
                                                           minus3(h[chain[1]], h[Joint::Wrist]))));
        for (std::size_t j = 1; j + 1 < chain.size(); ++j)
            if (!h.has(chain[j]) && h.has(chain[j - 1]) && h.has(chain[j + 1]))
                h.set(chain[j], scaled3(0.5, plus3(h[chain[j - 1]], h[chain[j + 1]])));
    }
    if (!h.has(Joint::Palm) && h.has(Joint::MiddleMetacarpal) && h.has(Joint::MiddleKnuckle))
        h.set(Joint::Palm, scaled3(0.5, plus3(h[Joint::MiddleMetacarpal], h[Joint::MiddleKnuckle])));
}

std::optional<PalmAxes> palmAxes(const HandPositions& h) {
    const auto middle =
        first(h, {Joint::MiddleKnuckle, Joint::RingKnuckle, Joint::IndexKnuckle, Joint::MiddleMiddleJoint});
    const auto index =
        first(h, {Joint::IndexKnuckle, Joint::IndexMiddleJoint, Joint::IndexMetacarpal, Joint::IndexTip});
    const auto pinky = first(
        h, {Joint::PinkyKnuckle, Joint::PinkyMiddleJoint, Joint::PinkyMetacarpal, Joint::RingKnuckle, Joint::PinkyTip});
    if (!h.has(Joint::Wrist) || !middle || !index || !pinky) return std::nullopt;
    return PalmAxes{minus3(*middle, h[Joint::Wrist]), minus3(*index, *pinky)};
}

bool plausible(const PalmAxes& axes) { return length3(axes.along) > 0.01 && length3(axes.across) > 0.005; }

std::optional<HandPose> mrtkFramesAt(Hand hand, HandPositions h) {
    completeHand(h);
    const auto axes = palmAxes(h);
    if (!axes || !plausible(*axes)) return std::nullopt;
    const Vector3 back =
        unit3(hand == Hand::Left ? cross3(axes->along, axes->across) : cross3(axes->across, axes->along));
    // The thumb's +Y: across the hand to its side (the index is on the thumb's side of either hand).
    const Vector3 along = unit3(axes->along);
    const Vector3 thumbBack = unit3(minus3(axes->across, scaled3(dot3(axes->across, along), along)));
    std::array<Vector3, 5> backs;
    for (Finger finger : kFingers) backs[int(finger)] = finger == Finger::Thumb ? thumbBack : back;
    return withMrtkRotations(h.at, backs, back);
}

}  // namespace inputanim
