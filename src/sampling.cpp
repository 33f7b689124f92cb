#include "inputanim/sampling.hpp"

#include <algorithm>
#include <cmath>

namespace inputanim {

bool booleanAt(const Curve& curve, double time) {
    const auto& keys = curve.keys;
    if (keys.empty()) return false;
    auto after = std::upper_bound(keys.begin(), keys.end(), time, [](double t, const Key& key) { return t < double(key.time); });
    const Key& key = after == keys.begin() ? keys.front() : *(after - 1);
    return key.value > 0.5f;
}

PoseSample samplePose(const Recording& recording, std::size_t firstCurve, double time, Coordinates coordinates) {
    PoseSample pose;
    const bool gltf = coordinates == Coordinates::Gltf;
    for (int c = 0; c < 3; ++c)
        pose.position[c] = evaluate(recording.curves[firstCurve + c], time) * (gltf ? kGltfPositionSigns[c] : 1);
    std::array<double, 4> q{};
    double norm2 = 0;
    for (int c = 0; c < 4; ++c) {
        q[c] = evaluate(recording.curves[firstCurve + 3 + c], time) * (gltf ? kGltfRotationSigns[c] : 1);
        norm2 += q[c] * q[c];
    }
    if (norm2 > 1e-24) {
        const double norm = std::sqrt(norm2);
        for (int c = 0; c < 4; ++c) pose.rotation[c] = q[c] / norm;
        pose.rotationDefined = true;
    }
    return pose;
}

FrameSample sampleFrame(const Recording& recording, double time, Coordinates coordinates) {
    FrameSample frame;
    frame.time = time;
    frame.camera = samplePose(recording, kCameraFirst, time, coordinates);
    for (Hand hand : {Hand::Left, Hand::Right}) {
        const int h = int(hand);
        frame.tracked[h] = booleanAt(recording.curves[booleanCurve(BooleanCurve(h))], time);
        frame.pinching[h] = booleanAt(recording.curves[booleanCurve(BooleanCurve(2 + h))], time);
        for (int joint = 0; joint < kJointCount; ++joint)
            frame.joints[h][joint] = samplePose(recording, jointCurve(hand, joint, 0), time, coordinates);
    }
    const bool gltf = coordinates == Coordinates::Gltf;
    for (int c = 0; c < 3; ++c) {
        const double sign = gltf ? kGltfPositionSigns[c] : 1;
        frame.gazeOrigin[c] = evaluate(recording.curves[gazeCurve(c)], time) * sign;
        frame.gazeDirection[c] = evaluate(recording.curves[gazeCurve(3 + c)], time) * sign;
    }
    return frame;
}

}  // namespace inputanim
