// The in-memory model of an MRTK input animation recording.
//
// Every scalar curve of every format version lives in one flat table whose order is the 1.0 file order
// (camera, Booleans, left joints, right joints) followed by the 1.1 gaze curves. Values are stored
// exactly as the file holds them (raw Float32 and Int32), so reading and writing is byte-identical.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/core/curve.hpp"
#include "inputanim/core/encoding.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/joints.hpp"

namespace inputanim {

struct Marker {
    float time = 0;
    std::string name;  // UTF-8
};

// Pose and section geometry.
inline constexpr int kPoseCurveCount = 7;  // PositionX/Y/Z, RotationX/Y/Z/W
inline constexpr int kPositionX = 0;  // component indices within a pose
inline constexpr int kRotationX = 3;
inline constexpr int kGazeCurveCount = 6;  // OriginX/Y/Z, DirectionX/Y/Z
inline constexpr int kGazeOriginX = 0, kGazeDirectionX = 3;

enum class Section { Camera, Booleans, LeftHand, RightHand, Gaze };

// Flat curve table indices.
inline constexpr std::size_t kCameraFirst = 0;
inline constexpr std::size_t kBooleanFirst = kCameraFirst + kPoseCurveCount;  // 7
inline constexpr std::size_t kLeftHandFirst = kBooleanFirst + kBooleanCount;  // 11
inline constexpr std::size_t kRightHandFirst = kLeftHandFirst + kJointCount * kPoseCurveCount;  // 200
inline constexpr std::size_t kGazeFirst = kRightHandFirst + kJointCount * kPoseCurveCount;  // 389
inline constexpr std::size_t kCurveCount = kGazeFirst + kGazeCurveCount;  // 395
inline constexpr std::size_t kVersion10CurveCount = kGazeFirst;  // 389

inline constexpr std::size_t cameraCurve(int component) { return kCameraFirst + component; }
inline constexpr std::size_t booleanCurve(BooleanCurve which) { return kBooleanFirst + static_cast<int>(which); }
inline constexpr std::size_t jointCurve(Hand hand, Joint joint, int component) {
    return (hand == Hand::Left ? kLeftHandFirst : kRightHandFirst) + indexOf(joint) * kPoseCurveCount + component;
}
inline constexpr std::size_t gazeCurve(int component) { return kGazeFirst + component; }

// Appends a key to a Boolean curve where its state changes (as recorders write them: one key per switch).
inline void addBooleanKey(Curve& curve, float time, bool value) {
    if (!curve.keys.empty() && booleanOn(curve.keys.back().value) == value) return;
    curve.keys.push_back(Key{time, value ? 1.0f : 0.0f});
}

Section sectionOf(std::size_t curveIndex);

// Consecutive curves played together: a vector (a position, gaze's origin or direction; 3 curves) or a rotation (4).
struct CurveGroup {
    std::size_t first;
    int count;
    bool rotation;
};
// Every group of the table in table order: the camera's position and rotation, each joint's of each hand, gaze's
// origin and direction (the Booleans belong to none).
const std::vector<CurveGroup>& curveGroups();
std::string groupName(const CurveGroup& group);  // "camera.Position", "left.IndexTip.Rotation", "gaze.Origin"
bool isBooleanCurve(std::size_t curveIndex);

std::string_view poseComponentName(int component);  // "PositionX" ... "RotationW"
std::string_view gazeComponentName(int component);  // "OriginX" ... "DirectionZ"
// Stable dotted curve name used in messages and JSON: "camera.PositionX", "booleans.TrackedLeft",
// "left.IndexTip.RotationW", "gaze.DirectionZ".
std::string curveName(std::size_t curveIndex);

struct Recording {
    Encoding encoding;
    // 1.1 section flags as the raw bytes read (0 = false, any other value = true). A 1.0 recording
    // has camera and hands and no gaze.
    std::uint8_t hasCameraPose = 1;
    std::uint8_t hasHandData = 1;
    std::uint8_t hasEyeGaze = 0;
    // One per curve index, always kCurveCount. On the heap: inline they made a Recording 38 KB, and the frames
    // that held one (reading tries two layouts) faulted in 60 fresh stack pages every run.
    std::vector<Curve> curves = std::vector<Curve>(kCurveCount);
    std::vector<Marker> markers;

    bool sectionPresent(Section section) const;
    Curve& curve(std::size_t index) { return curves[index]; }
    const Curve& curve(std::size_t index) const { return curves[index]; }
};

// Earliest and latest key time over all curves and markers; {0, 0} when there is none.
struct TimeRange {
    double start = 0;
    double end = 0;
};
// What MRTK plays: from 0 to the last key of any curve (at least 0). Markers do not count: one after this never fires.
double playbackDuration(const Recording& recording);

// With `validCurves`, also which curves invalidKey passes as they are (keys in MRTK's linear encoding, finite, at
// increasing times; or none): the pass that finds their range has looked at every key already.
TimeRange timeRange(const Recording& recording, std::vector<bool>* validCurves = nullptr);

// "marker N (at T s): its name is not valid UTF-8 (byte B)" for the first marker whose name is not, or nullopt:
// neither the binary format (its reader refuses them) nor glTF's JSON can hold such a name.
std::optional<std::string> invalidMarkerName(const Recording& recording);

// The rule every writer applies (save.hpp) and every edit applies to what it is given: no key with a non-finite
// time, value or weight or a NaN tangent, none not later than the key before, no marker at a time that is not
// finite. The first one found, as an error naming its curve and key (or the marker): ErrorKind::Malformed.
Status playable(const Recording& recording);

// ---- encodings -------------------------------------------------------------------------------------------

// The first reason why the recording cannot be held by its own encoding (keys that a layout cannot hold,
// keys in a section whose flag is false, sections 1.0 cannot hold, marker names that are not UTF-8), or nullopt.
std::optional<std::string> unrepresentable(const Recording& recording);

// Changes version and/or layout without losing anything, or explains the first thing that would be lost
// (ErrorKind::NotRepresentable). 1.0 -> 1.1 gives flags camera and hands, no gaze; 1.1 without hands -> 1.0 gives
// empty hand curves, as MRTK 2.5 writes them (untracked). 1.1 without a camera is refused for 1.0: MRTK plays 1.0's
// camera curves always, and empty ones hold the user's camera at the origin. 1.0 cannot hold gaze.
Result<Recording> convertEncoding(Recording recording, Encoding target);  // move in what you no longer need
// Why a recording without a camera pose is no 1.0 recording, for every refusal that says so.
inline constexpr std::string_view kNoCameraIn10 =
    "it has no camera pose, and MRTK plays 1.0's camera curves always: empty ones would hold the user's camera at the "
    "origin, unturned";

}  // namespace inputanim
