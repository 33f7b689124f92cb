// WebXR frames -> an MRTK recording, reduced as the frames come (webxr_take.hpp).
#include "inputanim/capture/webxr_take.hpp"

#include <algorithm>
#include <cmath>

#include "inputanim/core/hand_frames.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {

// Stream indices: camera position and rotation, then per hand and joint (file order) position and rotation, then
// gaze origin and direction.
constexpr std::size_t kCameraPositionStream = 0, kCameraRotationStream = 1;
constexpr std::size_t jointStream(Hand hand, Joint joint, bool rotation) {
    return 2 + (std::size_t(int(hand)) * kJointCount + std::size_t(indexOf(joint))) * 2 + (rotation ? 1 : 0);
}
constexpr std::size_t kGazeOriginStream = jointStream(Hand::Right, Joint::PinkyTip, true) + 1;
constexpr std::size_t kGazeDirectionStream = kGazeOriginStream + 1;

std::array<double, 4> asSample(const Vector3& v) { return {v[0], v[1], v[2], 0}; }

bool finitePose(const XrPose& pose) {
    for (double v : pose.position)
        if (!std::isfinite(v)) return false;
    for (double v : pose.orientation)
        if (!std::isfinite(v)) return false;
    return true;
}

// MRTK's 27 joints from WebXR's 25: positions and rotations mapped to Unity, the Palm where completeHand places it
// (halfway along the middle metacarpal) with the Wrist's rotation, None at the origin unturned.
HandPose mrtkHand(const std::array<XrPose, kWebXrJointCount>& joints) {
    HandPose pose;
    HandPositions positions;
    for (int i = 0; i < kWebXrJointCount; ++i) {
        const Joint joint = webXrJointsAsMrtk()[i];
        pose[indexOf(joint)] = {unityFromWebXr(joints[i].position), unityFromWebXr(joints[i].orientation)};
        positions.set(joint, pose[indexOf(joint)].position);
    }
    completeHand(positions);
    pose[indexOf(Joint::Palm)] = {positions[Joint::Palm], pose[indexOf(Joint::Wrist)].rotation};
    return pose;
}

}  // namespace

const std::array<std::string_view, kWebXrJointCount>& webXrJointNames() {
    static const std::array<std::string_view, kWebXrJointCount> names = {
        "wrist",
        "thumb-metacarpal",
        "thumb-phalanx-proximal",
        "thumb-phalanx-distal",
        "thumb-tip",
        "index-finger-metacarpal",
        "index-finger-phalanx-proximal",
        "index-finger-phalanx-intermediate",
        "index-finger-phalanx-distal",
        "index-finger-tip",
        "middle-finger-metacarpal",
        "middle-finger-phalanx-proximal",
        "middle-finger-phalanx-intermediate",
        "middle-finger-phalanx-distal",
        "middle-finger-tip",
        "ring-finger-metacarpal",
        "ring-finger-phalanx-proximal",
        "ring-finger-phalanx-intermediate",
        "ring-finger-phalanx-distal",
        "ring-finger-tip",
        "pinky-finger-metacarpal",
        "pinky-finger-phalanx-proximal",
        "pinky-finger-phalanx-intermediate",
        "pinky-finger-phalanx-distal",
        "pinky-finger-tip",
    };
    return names;
}

const std::array<Joint, kWebXrJointCount>& webXrJointsAsMrtk() {
    static const std::array<Joint, kWebXrJointCount> joints = [] {
        std::array<Joint, kWebXrJointCount> out{};
        std::size_t i = 0;
        out[i++] = Joint::Wrist;
        for (Finger finger : kFingers)
            for (Joint joint : fingerJoints(finger)) out[i++] = joint;
        return out;
    }();
    return joints;
}

Vector3 unityFromWebXr(const std::array<double, 3>& p) { return {p[0], p[1], -p[2]}; }
Quaternion unityFromWebXr(const std::array<double, 4>& q) {
    Quaternion out = {-q[0], -q[1], q[2], q[3]};
    normalize(out);
    return out;
}

Result<XrFrame> takeFrameFrom(std::span<const double> values) {
    if (values.size() != kTakeFrameValues)
        return Error::usage("a frame holds " + std::to_string(kTakeFrameValues) + " numbers, not " +
                            std::to_string(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!std::isfinite(values[i])) return Error::usage("number " + std::to_string(i) + " of a frame is not finite");
    auto pose = [&](std::size_t at) {
        return XrPose{{values[at], values[at + 1], values[at + 2]},
                      {values[at + 3], values[at + 4], values[at + 5], values[at + 6]}};
    };
    XrFrame frame;
    frame.time = values[0];
    frame.viewer = pose(kTakeViewerAt);
    for (Hand hand : kHands) {
        const std::size_t at = takeHandAt(hand);
        if (values[at] != 0 && values[at] != 1)
            return Error::usage("a hand's presence is 0 or 1, not " + std::to_string(values[at]));
        if (values[at] == 0) continue;
        auto& joints = frame.hands[int(hand)].emplace();
        for (int j = 0; j < kWebXrJointCount; ++j) joints[j] = pose(at + 1 + std::size_t(j) * 7);
    }
    return frame;
}

WebXrTake::WebXrTake(TakeOptions options) : options_(options) { resetStreams(); }

void WebXrTake::resetStreams() {
    recording_ = Recording{};
    recording_.encoding = Encoding{1, Layout::Compact};
    recording_.hasEyeGaze = 1;
    streams_.clear();
    streams_.reserve(kGazeDirectionStream + 1);
    const double position = options_.tolerances.position, rotation = options_.tolerances.rotation;
    streams_.emplace_back(&recording_.curves[cameraCurve(kPositionX)], 3, false, position);
    streams_.emplace_back(&recording_.curves[cameraCurve(kRotationX)], 4, true, rotation);
    for (Hand hand : kHands)
        for (Joint joint : kJoints) {
            streams_.emplace_back(&recording_.curves[jointCurve(hand, joint, kPositionX)], 3, false, position);
            streams_.emplace_back(&recording_.curves[jointCurve(hand, joint, kRotationX)], 4, true, rotation);
        }
    streams_.emplace_back(&recording_.curves[gazeCurve(kGazeOriginX)], 3, false, position);
    // A unit direction: an angle of `rotation` degrees moves it by that many radians.
    streams_.emplace_back(&recording_.curves[gazeCurve(kGazeDirectionX)], 3, false, radians(rotation));
    tracked_ = {}, pinching_ = {};
    last_.reset();
    frames_ = 0;
}

Result<bool> WebXrTake::add(const XrFrame& frame) {
    bool finite = std::isfinite(frame.time) && finitePose(frame.viewer);
    if (frame.gaze)
        for (int c = 0; c < 3; ++c)
            finite = finite && std::isfinite(frame.gaze->origin[c]) && std::isfinite(frame.gaze->direction[c]);
    for (const auto& hand : frame.hands)
        if (hand)
            for (const XrPose& joint : *hand) finite = finite && finitePose(joint);
    if (!finite)
        return Error::usage("a frame at " + std::to_string(frame.time) + " s holds a value that is not finite");
    if (frame.time < 0) return Error::usage("a frame's time is negative: " + std::to_string(frame.time) + " s");
    const float time = float(frame.time);
    if (last_ && !(time > *last_)) return false;
    last_ = time;
    ++frames_;
    const Vector3 head = unityFromWebXr(frame.viewer.position);
    const Quaternion turn = unityFromWebXr(frame.viewer.orientation);
    streams_[kCameraPositionStream].add(time, asSample(head));
    streams_[kCameraRotationStream].add(time, turn);
    const Vector3 gazeOrigin = frame.gaze ? unityFromWebXr(frame.gaze->origin) : head;
    const Vector3 gazeDirection = frame.gaze ? unityFromWebXr(frame.gaze->direction) : rotate(turn, {0, 0, 1});
    streams_[kGazeOriginStream].add(time, asSample(gazeOrigin));
    streams_[kGazeDirectionStream].add(time, asSample(gazeDirection));
    for (Hand hand : kHands) addHand(hand, time, frame.hands[int(hand)], frame.pinching[int(hand)]);
    return true;
}

// A hand's states and joints at `time`. MRTK records joints only while the hand is tracked; where tracking ends,
// the joints' runs end too, so that the last pose before the gap and the first after it are keys.
void WebXrTake::addHand(Hand hand, float time, const std::optional<std::array<XrPose, kWebXrJointCount>>& joints,
                        std::optional<bool> pinching) {
    const int h = int(hand);
    if (tracked_[h] && !joints)
        for (Joint joint : kJoints) {
            streams_[jointStream(hand, joint, false)].finish();
            streams_[jointStream(hand, joint, true)].finish();
        }
    tracked_[h] = joints.has_value();
    if (joints) {
        const HandPose pose = mrtkHand(*joints);
        const Vector3 &thumb = pose[indexOf(Joint::ThumbTip)].position,
                      &index = pose[indexOf(Joint::IndexTip)].position;
        const double gap = length3(minus3(thumb, index));
        pinching_[h] = pinching.value_or(pinching_[h] ? gap <= kPinchExitDistance : gap < kPinchEnterDistance);
        for (Joint joint : kJoints) {
            streams_[jointStream(hand, joint, false)].add(time, asSample(pose[indexOf(joint)].position));
            streams_[jointStream(hand, joint, true)].add(time, pose[indexOf(joint)].rotation);
        }
    } else {
        pinching_[h] = false;
    }
    addBooleanKey(recording_.curves[booleanCurve(trackedCurve(hand))], time, tracked_[h]);
    addBooleanKey(recording_.curves[booleanCurve(pinchingCurve(hand))], time, pinching_[h]);
}

Status WebXrTake::marker(double time, std::string name) {
    if (!std::isfinite(time) || time < 0)
        return Error::usage("a marker's time must be finite and not negative, not " + std::to_string(time));
    if (const auto bad = firstInvalidUtf8(name))
        return Error::usage("a marker's name is not valid UTF-8 (byte " + std::to_string(*bad) + ")");
    recording_.markers.push_back(Marker{float(time), std::move(name)});
    return Success{};
}

Result<Recording> WebXrTake::finish() {
    if (frames_ == 0) return Error::usage("the take has no frame");
    for (auto& stream : streams_) stream.finish();
    std::stable_sort(recording_.markers.begin(), recording_.markers.end(),
                     [](const Marker& a, const Marker& b) { return a.time < b.time; });
    Recording take = std::move(recording_);
    resetStreams();
    return take;
}

}  // namespace inputanim
