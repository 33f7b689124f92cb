// The hand model: a left hand built bone by bone in the wrist's frame, mirrored for the right. Proportions follow
// published anthropometry (segment lengths as fractions of hand length, Buchholz et al. 1992) for a hand 19 cm
// long, with the palm arched and the fingers fanned as a relaxed hand holds them.
#include "inputanim/core/hand_model.hpp"

#include <algorithm>
#include <cmath>

namespace inputanim {
namespace {

// math.hpp's, as operators: the formulas below read as written on paper.
Vector3 operator+(const Vector3& a, const Vector3& b) { return plus3(a, b); }
Vector3 operator-(const Vector3& a, const Vector3& b) { return minus3(a, b); }
Vector3 operator*(double s, const Vector3& a) { return scaled3(s, a); }
Vector3 unit(const Vector3& a) {
    const double l = length3(a);
    return l > 0 ? (1 / l) * a : Vector3{0, 0, 1};
}

Quaternion axisAngle(const Vector3& axis, double angle) {
    const Vector3 a = unit(axis);
    const double s = std::sin(angle / 2);
    return {a[0] * s, a[1] * s, a[2] * s, std::cos(angle / 2)};
}

// Rotation matrix columns (x, y, z), orthonormal and proper, to a quaternion.
Quaternion fromBasis(const Vector3& x, const Vector3& y, const Vector3& z) {
    const double trace = x[0] + y[1] + z[2];
    Quaternion q;
    if (trace > 0) {
        const double s = 0.5 / std::sqrt(trace + 1);
        q = {(y[2] - z[1]) * s, (z[0] - x[2]) * s, (x[1] - y[0]) * s, 0.25 / s};
    } else if (x[0] > y[1] && x[0] > z[2]) {
        const double s = 2 * std::sqrt(1 + x[0] - y[1] - z[2]);
        q = {0.25 * s, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s};
    } else if (y[1] > z[2]) {
        const double s = 2 * std::sqrt(1 + y[1] - x[0] - z[2]);
        q = {(y[0] + x[1]) / s, 0.25 * s, (z[1] + y[2]) / s, (z[0] - x[2]) / s};
    } else {
        const double s = 2 * std::sqrt(1 + z[2] - x[0] - y[1]);
        q = {(z[0] + x[2]) / s, (z[1] + y[2]) / s, 0.25 * s, (x[1] - y[0]) / s};
    }
    if (q[3] < 0)
        for (double& c : q) c = -c;
    normalize(q);
    return q;
}

// ---- the left hand in the wrist's frame: +Z towards the middle knuckle, +Y out of the back, thumb at +X ----------

constexpr double kHandLength = 0.19;  // wrist crease to the middle fingertip

struct FingerGeometry {
    Vector3 base;  // the metacarpal joint
    Vector3 knuckle;  // the metacarpophalangeal joint
    std::array<double, 3> phalanx;  // proximal, middle, distal (to the tip), metres
    double spread;  // radians the finger fans out from the middle finger's line (towards +X)
};

// Index, middle, ring, pinky. Lengths: Buchholz et al. fractions of hand length (the distal one to the tip).
const std::array<FingerGeometry, 4> kFingerGeometry = {{
    {{0.017, 0.001, 0.021},
     {0.024, -0.003, 0.087},
     {0.265 * kHandLength, 0.143 * kHandLength, 0.115 * kHandLength},
     0.10},
    {{0.004, 0.003, 0.020},
     {0.000, 0.000, 0.091},
     {0.277 * kHandLength, 0.170 * kHandLength, 0.120 * kHandLength},
     0.00},
    {{-0.008, 0.002, 0.019},
     {-0.019, -0.003, 0.084},
     {0.259 * kHandLength, 0.165 * kHandLength, 0.117 * kHandLength},
     -0.10},
    {{-0.019, -0.002, 0.017},
     {-0.035, -0.009, 0.074},
     {0.206 * kHandLength, 0.117 * kHandLength, 0.105 * kHandLength},
     -0.22},
}};
// A relaxed open hand is not flat: a little flexion at each finger joint (radians: knuckle, middle, distal).
constexpr std::array<double, 3> kRelaxedFlexion = {0.12, 0.18, 0.10};
constexpr std::array<double, 3> kFistFlexion = {1.45, 1.65, 1.05};

// The thumb: its metacarpal joint near the wrist, its bones and how they bend.
const Vector3 kThumbBase = {0.021, -0.014, 0.026};
constexpr std::array<double, 3> kThumbBones = {0.251 * kHandLength, 0.196 * kHandLength, 0.158 * kHandLength};
const Vector3 kThumbRestDirection = unit({0.70, -0.25, 0.66});  // out to the side, forward and a little palmwards
const Vector3 kThumbRestNail = unit({0.45, 0.85, -0.05});  // its nail side

// The thumb's configuration: a turn of its metacarpal about the hand's axes, and the flexion of its two joints.
struct ThumbPose {
    double abduction = 0;  // about the thumb base's nail direction: towards the index (negative) or away
    double opposition = 0;  // flexion across the palm, about the thumb's own lateral axis
    double proximal = 0.15, distal = 0.12;
};

// An index finger's flexion: knuckle, middle, distal (radians).
using FingerFlexion = std::array<double, 3>;

struct LeftHandParts {
    std::array<Vector3, kJointCount> positions{};
    std::array<Vector3, 5> backs{};  // each finger's first bone's back direction (thumb first)
};

// Lays one finger out from its knuckle, bending about its lateral axis by `flexion`.
void layFinger(int f, const FingerFlexion& flexion, LeftHandParts& parts) {
    const FingerGeometry& g = kFingerGeometry[f];
    const auto joints = fingerJoints(Finger(f + 1));
    parts.positions[indexOf(joints[0])] = g.base;
    parts.positions[indexOf(joints[1])] = g.knuckle;
    const Vector3 up{0, 1, 0};
    Vector3 direction = unit({std::sin(g.spread), 0, std::cos(g.spread)});
    const Vector3 lateral = unit(cross3(up, direction));  // X = Y x Z
    parts.backs[f + 1] = unit(cross3(unit(g.knuckle - g.base), lateral));  // Y = Z x X
    Vector3 at = g.knuckle;
    double angle = 0;
    for (int b = 0; b < 3; ++b) {
        angle += flexion[b];
        const Vector3 bone = rotate(axisAngle(lateral, angle), direction);
        at = at + g.phalanx[b] * bone;
        parts.positions[indexOf(joints[b + 2])] = at;
    }
}

void layThumb(const ThumbPose& pose, LeftHandParts& parts) {
    const auto joints = fingerJoints(Finger::Thumb);
    const Vector3 lateral0 = unit(cross3(kThumbRestNail, kThumbRestDirection));
    const Quaternion base = multiply(axisAngle(lateral0, pose.opposition), axisAngle(kThumbRestNail, pose.abduction));
    const Vector3 direction = rotate(base, kThumbRestDirection), nail = rotate(base, kThumbRestNail);
    const Vector3 lateral = unit(cross3(nail, direction));
    parts.backs[0] = {1, 0, 0};  // MRTK's thumb frames: +Y to the thumb's side of the hand, as real recordings show
    Vector3 at = kThumbBase;
    parts.positions[indexOf(joints[0])] = at;
    const double flexion[3] = {0, pose.proximal, pose.distal};
    double angle = 0;
    for (int b = 0; b < 3; ++b) {
        angle += flexion[b];
        at = at + kThumbBones[b] * rotate(axisAngle(lateral, angle), direction);
        parts.positions[indexOf(joints[b + 1])] = at;
    }
}

const FingerFlexion kPinchIndex = {0.70, 1.00, 0.45};

// The thumb pose whose tip rests on the pinching index tip, 8 mm across (the pads touch): found once by a
// coarse-to-fine search.
const ThumbPose& pinchThumb() {
    static const ThumbPose pose = [] {
        LeftHandParts index;
        layFinger(0, kPinchIndex, index);
        const Vector3 target = index.positions[indexOf(Joint::IndexTip)] + Vector3{0.006, -0.005, 0};
        auto miss = [&](const ThumbPose& p) {
            LeftHandParts parts;
            layThumb(p, parts);
            return length3(parts.positions[indexOf(Joint::ThumbTip)] - target) +
                   1e-4 * (std::abs(p.proximal) + std::abs(p.distal));
        };
        ThumbPose best;
        double bestMiss = miss(best);
        for (double abduction = -1.5; abduction <= 1.5; abduction += 0.25)
            for (double opposition = -1.5; opposition <= 1.5; opposition += 0.25)
                for (double proximal = -0.25; proximal <= 1.25; proximal += 0.25)
                    for (double distal = -0.25; distal <= 1.25; distal += 0.25)
                        if (const ThumbPose trial{abduction, opposition, proximal, distal}; miss(trial) < bestMiss)
                            best = trial, bestMiss = miss(trial);
        for (double step = 0.2; step > 1e-4; step *= 0.5)
            for (bool improved = true; improved;) {
                improved = false;
                for (double* value : {&best.abduction, &best.opposition, &best.proximal, &best.distal})
                    for (double sign : {-1.0, 1.0}) {
                        ThumbPose trial = best;
                        double* field = value == &best.abduction    ? &trial.abduction
                                        : value == &best.opposition ? &trial.opposition
                                        : value == &best.proximal   ? &trial.proximal
                                                                    : &trial.distal;
                        *field += sign * step;
                        if (const double m = miss(trial); m < bestMiss) best = trial, bestMiss = m, improved = true;
                    }
            }
        return best;
    }();
    return pose;
}

double mix(double a, double b, double t) { return a + (b - a) * t; }

LeftHandParts leftHand(const HandShape& shape) {
    LeftHandParts parts;
    const double pinch = std::clamp(shape.pinch, 0.0, 1.0);
    // Thumb and index close early and settle: most of the way by half the pinch.
    const double reach = 1 - (1 - pinch) * (1 - pinch) * (1 - pinch);
    for (int f = 0; f < 4; ++f) {
        const double curl = std::clamp(shape.curl[f + 1], 0.0, 1.0);
        FingerFlexion flexion;
        for (int b = 0; b < 3; ++b) flexion[b] = mix(kRelaxedFlexion[b], kFistFlexion[b], curl);
        if (f == 0)
            for (int b = 0; b < 3; ++b) flexion[b] = mix(flexion[b], kPinchIndex[b], reach);
        layFinger(f, flexion, parts);
    }
    const double thumbCurl = std::clamp(shape.curl[0], 0.0, 1.0);
    ThumbPose thumb{0, 0.35 * thumbCurl, 0.15 + 0.5 * thumbCurl, 0.12 + 0.6 * thumbCurl};
    if (reach > 0) {  // the pinch pose is a search: an open hand (every rest pose) does without it
        const ThumbPose& target = pinchThumb();
        thumb = {mix(thumb.abduction, target.abduction, reach), mix(thumb.opposition, target.opposition, reach),
                 mix(thumb.proximal, target.proximal, reach), mix(thumb.distal, target.distal, reach)};
    }
    layThumb(thumb, parts);
    parts.positions[indexOf(Joint::Wrist)] = {0, 0, 0};
    const Vector3 middleBase = kFingerGeometry[1].base, middleKnuckle = kFingerGeometry[1].knuckle;
    parts.positions[indexOf(Joint::Palm)] = 0.5 * (middleBase + middleKnuckle);
    return parts;
}

// x -> -x: a left hand's geometry becomes a right hand's. Quaternions (x, y, z, w) -> (x, -y, -z, w).
JointPose mirrored(const JointPose& pose) {
    return {{-pose.position[0], pose.position[1], pose.position[2]},
            {pose.rotation[0], -pose.rotation[1], -pose.rotation[2], pose.rotation[3]}};
}

HandPose localHand(Hand hand, const HandShape& shape) {
    const LeftHandParts parts = leftHand(shape);
    HandPose pose = withMrtkRotations(parts.positions, parts.backs, {0, 1, 0});
    if (hand == Hand::Right)
        for (Joint joint : kJoints)
            if (joint != Joint::None) pose[indexOf(joint)] = mirrored(pose[indexOf(joint)]);
    return pose;
}

}  // namespace

Vector3 rotate(const Quaternion& q, const Vector3& v) {
    const Vector3 u{q[0], q[1], q[2]};
    const Vector3 t = 2 * cross3(u, v);
    return v + q[3] * t + cross3(u, t);
}

Quaternion lookRotation(const Vector3& forward, const Vector3& up) {
    const Vector3 z = unit(forward);
    Vector3 x = cross3(up, z);  // X = Y x Z
    if (length3(x) < 1e-9) x = cross3(std::abs(z[1]) < 0.9 ? Vector3{0, 1, 0} : Vector3{1, 0, 0}, z);
    x = unit(x);
    return fromBasis(x, cross3(z, x), z);
}

HandPose withMrtkRotations(const std::array<Vector3, kJointCount>& positions, const std::array<Vector3, 5>& fingerBacks,
                           const Vector3& palmBack) {
    HandPose pose;
    for (Joint joint : kJoints) pose[indexOf(joint)].position = positions[indexOf(joint)];
    const Vector3& wrist = positions[indexOf(Joint::Wrist)];
    const Quaternion palmRotation = lookRotation(positions[indexOf(Joint::MiddleKnuckle)] - wrist, palmBack);
    pose[indexOf(Joint::Wrist)].rotation = pose[indexOf(Joint::Palm)].rotation = palmRotation;
    for (Finger finger : kFingers) {
        const auto chain = fingerJoints(finger);
        // The flexion axis is shared along a finger: X = back x first bone. Each joint's Y follows its bone.
        const Vector3 lateral =
            unit(cross3(fingerBacks[int(finger)], positions[indexOf(chain[1])] - positions[indexOf(chain[0])]));
        for (std::size_t j = 0; j < chain.size(); ++j) {
            const std::size_t from = j + 1 < chain.size() ? j : j - 1;  // a tip continues its last bone
            const Vector3 z = unit(positions[indexOf(chain[from + 1])] - positions[indexOf(chain[from])]);
            Vector3 x = lateral - dot3(lateral, z) * z;
            x = length3(x) > 1e-9 ? unit(x) : unit(cross3(fingerBacks[int(finger)], z));
            pose[indexOf(chain[j])].rotation = fromBasis(x, cross3(z, x), z);
        }
    }
    pose[indexOf(Joint::None)] = JointPose{{0, 0, 0}, {0, 0, 0, 0}};  // MRTK records None as zero position and rotation
    return pose;
}

HandPose poseHand(Hand hand, const HandShape& shape, const JointPose& wrist) {
    HandPose pose = localHand(hand, shape);
    for (Joint joint : kJoints) {
        if (joint == Joint::None) continue;
        JointPose& p = pose[indexOf(joint)];
        p.position = wrist.position + rotate(wrist.rotation, p.position);
        p.rotation = multiply(wrist.rotation, p.rotation);
    }
    return pose;
}

HandPose restHand(Hand hand) { return localHand(hand, HandShape{}); }

double restBoneLength(Joint joint) {
    const auto next = nextJoint(joint);
    if (!next || joint == Joint::None) return 0;
    const HandPose rest = restHand(Hand::Left);
    return length3(rest[indexOf(*next)].position - rest[indexOf(joint)].position);
}

}  // namespace inputanim
