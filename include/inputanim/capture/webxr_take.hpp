// A take recorded through WebXR (a headset's browser), made into an MRTK input animation as it comes: the viewer
// (head) pose and each hand's 25 WebXR joints, frame by frame, become MRTK's camera, 27 joints, tracked and pinching
// states, and eye gaze, reduced to MRTK's linear 1.1 keys by the streamed reducer (memory follows the keys, not the
// frames). docs/recording.md says what is recorded and how.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/core/tolerances.hpp"
#include "inputanim/tracks/streamed_reduction.hpp"

namespace inputanim {

// WebXR's hand joints (XRHandJoint), in the specification's order: the wrist, then each finger from its metacarpal
// to its tip (the thumb has no intermediate phalanx).
inline constexpr int kWebXrJointCount = 25;
const std::array<std::string_view, kWebXrJointCount>& webXrJointNames();
// The MRTK joint each WebXR joint becomes, in the order above (MRTK's Palm and None have no WebXR joint).
const std::array<Joint, kWebXrJointCount>& webXrJointsAsMrtk();

// A pose in the WebXR reference space of the session (right-handed, +Y up, -Z forward, metres), as XRPose's
// transform gives it: position (x, y, z) and orientation (x, y, z, w).
struct XrPose {
    std::array<double, 3> position{};
    std::array<double, 4> orientation{0, 0, 0, 1};
};

struct XrRay {
    std::array<double, 3> origin{}, direction{0, 0, -1};
};
// One frame of the session: its time (seconds since the take began), the viewer pose, and each hand's joints where
// its XRHand is present (by int(Hand); nullopt while the hand is not tracked).
struct XrFrame {
    double time = 0;
    XrPose viewer;
    std::array<std::optional<std::array<XrPose, kWebXrJointCount>>, 2> hands;
    // Whether each hand pinches, where the source says so (an IWER capture's select button); else MRTK's rule below.
    std::array<std::optional<bool>, 2> pinching;
    // The eye gaze ray (origin, direction), where the source has one (a recording made by code); else the viewer's
    // forward ray.
    std::optional<XrRay> gaze;
};

// A frame as numbers, the layout JavaScript writes (kTakeFrameValues per frame): time; the viewer's position and
// orientation (7); then per hand, left first, 1 where present (else 0) and its 25 joints' positions and orientations
// (25 x 7).
inline constexpr std::size_t kTakeViewerAt = 1;  // where the viewer's pose begins
inline constexpr std::size_t takeHandAt(Hand hand) { return 8 + std::size_t(int(hand)) * (1 + kWebXrJointCount * 7); }
inline constexpr std::size_t kTakeFrameValues = takeHandAt(Hand::Right) + 1 + kWebXrJointCount * 7;
// The frame those numbers hold; refused (ErrorKind::Usage) where one is not finite, or a presence is not 0 or 1.
Result<XrFrame> takeFrameFrom(std::span<const double> values);

// Pinching as MRTK decides it from joint positions (its Leap Motion hands, LeapMotionDeviceManagerProfile's
// defaults): it begins when the thumb and index tips come closer than kPinchEnterDistance and ends when they are
// further apart than kPinchExitDistance.
inline constexpr double kPinchEnterDistance = 0.02;  // metres
inline constexpr double kPinchExitDistance = 0.05;  // metres

struct TakeOptions {
    Tolerances tolerances;  // for the reduction (the glTF export's)
};

// WebXR -> Unity (MRTK's space): z negated, as Unity's own OpenXR support maps a right-handed runtime, so that the
// direction the user faced (WebXR's -Z) is forward in an MRTK scene (+Z). A joint's WebXR axes (-Z along its bone,
// +Y out of the back of the hand) become MRTK's (+Z along the bone, +Y out of the back) by the same map.
Vector3 unityFromWebXr(const std::array<double, 3>& position);
Quaternion unityFromWebXr(const std::array<double, 4>& orientation);
// The way back (the same map: z negated twice is z).
inline Vector3 webXrFromUnity(const Vector3& position) { return unityFromWebXr(position); }
inline Quaternion webXrFromUnity(const Quaternion& rotation) { return unityFromWebXr(rotation); }

class WebXrTake {
public:
    explicit WebXrTake(TakeOptions options = {});
    WebXrTake(const WebXrTake&) = delete;
    WebXrTake& operator=(const WebXrTake&) = delete;

    // Adds a frame. Its time must be after the last frame's (in Float32, as keys hold it), else the frame is skipped
    // (the answer says so: false). Refused (ErrorKind::Usage) when a value is not finite or a time is negative.
    Result<bool> add(const XrFrame& frame);
    // A marker at `time` seconds (finite, not negative) named `name` (UTF-8).
    Status marker(double time, std::string name);
    std::size_t frames() const { return frames_; }
    // The take as a 1.1 compact recording (what MRTK writes), its gaze the head's forward ray; the take is then empty.
    // Refused (ErrorKind::Usage) when no frame was added.
    Result<Recording> finish();

private:
    void addHand(Hand hand, float time, const std::optional<std::array<XrPose, kWebXrJointCount>>& joints,
                 std::optional<bool> pinching);
    void resetStreams();

    TakeOptions options_;
    Recording recording_;
    std::vector<StreamedReduction> streams_;  // camera position, rotation; per hand, per joint, position and rotation;
                                              // gaze origin, direction
    std::array<bool, 2> tracked_{}, pinching_{};
    std::optional<float> last_;
    std::size_t frames_ = 0;
};

}  // namespace inputanim
