#include "inputanim/core/playback.hpp"

#include <algorithm>
#include <cmath>

#include "inputanim/core/math.hpp"

namespace inputanim {

bool booleanAt(const Curve& curve, double time) {
    const auto& keys = curve.keys;
    if (keys.empty()) return false;
    time = wrapTime(curve, time);  // Loop and PingPong as Unity plays them; other modes clamp below
    auto after =
        std::upper_bound(keys.begin(), keys.end(), time, [](double t, const Key& key) { return t < double(key.time); });
    const Key& key = after == keys.begin() ? keys.front() : *(after - 1);
    return booleanOn(key.value);
}

PoseSample samplePose(const Recording& recording, std::size_t firstCurve, double time, Coordinates coordinates) {
    PoseSample pose;
    const bool gltf = coordinates == Coordinates::Gltf;
    for (int c = 0; c < 3; ++c)
        pose.position[c] = evaluate(recording.curves[firstCurve + c], time) * (gltf ? kGltfPositionSigns[c] : 1);
    Quaternion q{};
    for (int c = 0; c < 4; ++c)
        q[c] = evaluate(recording.curves[firstCurve + kRotationX + c], time) * (gltf ? kGltfRotationSigns[c] : 1);
    if (dot(q, q) > 1e-24) {
        normalize(q);
        pose.rotation = q;
        pose.rotationDefined = true;
    }
    return pose;
}

FrameSample sampleFrame(const Recording& recording, double time, Coordinates coordinates) {
    FrameSample frame;
    frame.time = time;
    frame.camera = samplePose(recording, kCameraFirst, time, coordinates);
    for (Hand hand : kHands) {
        const int h = int(hand);
        frame.tracked[h] = booleanAt(recording.curves[booleanCurve(trackedCurve(hand))], time);
        frame.pinching[h] = booleanAt(recording.curves[booleanCurve(pinchingCurve(hand))], time);
        for (Joint joint : kJoints)
            frame.joints[h][indexOf(joint)] = samplePose(recording, jointCurve(hand, joint, 0), time, coordinates);
    }
    sampleGaze(recording, time, coordinates, frame.gazeOrigin, frame.gazeDirection);
    return frame;
}

void sampleGaze(const Recording& recording, double time, Coordinates coordinates, std::array<double, 3>& origin,
                std::array<double, 3>& direction) {
    const bool gltf = coordinates == Coordinates::Gltf;
    for (int c = 0; c < 3; ++c) {
        const double sign = gltf ? kGltfPositionSigns[c] : 1;
        origin[c] = evaluate(recording.curves[gazeCurve(kGazeOriginX + c)], time) * sign;
        direction[c] = evaluate(recording.curves[gazeCurve(kGazeDirectionX + c)], time) * sign;
    }
    constexpr double kUnityEpsilon = 1e-5;  // Vector3.normalized gives zero at or below this length
    const double length =
        std::sqrt(direction[0] * direction[0] + direction[1] * direction[1] + direction[2] * direction[2]);
    for (double& c : direction) c = length > kUnityEpsilon ? c / length : 0.0;
}

}  // namespace inputanim
