// The in-memory model of an MRTK input animation recording.
//
// Every scalar curve of every format version lives in one flat table whose order is the 1.0 file order
// (camera, Booleans, left joints, right joints) followed by the 1.1 gaze curves. Values are stored
// exactly as the file holds them (raw Float32 and Int32), so reading and writing is byte-identical.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "inputanim/curve.hpp"

namespace inputanim {

struct Marker {
    float time = 0;
    std::string name;  // UTF-8
};

// Key layout of float curves in the file. 1.0 is always Full; MRTK 2.6+ writes 1.1 Compact; the published
// specification describes 1.1 Full.
enum class Layout { Full, Compact };

// Format version and layout together: the three supported encodings.
struct Encoding {
    std::int32_t minor = 1;  // major is always 1
    Layout layout = Layout::Compact;
    friend bool operator==(const Encoding&, const Encoding&) = default;
};
std::string describe(Encoding encoding);  // "1.0", "1.1 compact", "1.1 full"

// Pose and section geometry.
inline constexpr int kJointCount = 27;
inline constexpr int kPoseCurveCount = 7;  // PositionX/Y/Z, RotationX/Y/Z/W
inline constexpr int kBooleanCount = 4;    // TrackedLeft, TrackedRight, PinchingLeft, PinchingRight
inline constexpr int kGazeCurveCount = 6;  // OriginX/Y/Z, DirectionX/Y/Z

enum class Hand { Left = 0, Right = 1 };
enum class BooleanCurve { TrackedLeft = 0, TrackedRight = 1, PinchingLeft = 2, PinchingRight = 3 };
enum class Section { Camera, Booleans, LeftHand, RightHand, Gaze };

// Flat curve table indices.
inline constexpr std::size_t kCameraFirst = 0;
inline constexpr std::size_t kBooleanFirst = kCameraFirst + kPoseCurveCount;                  // 7
inline constexpr std::size_t kLeftHandFirst = kBooleanFirst + kBooleanCount;                  // 11
inline constexpr std::size_t kRightHandFirst = kLeftHandFirst + kJointCount * kPoseCurveCount;  // 200
inline constexpr std::size_t kGazeFirst = kRightHandFirst + kJointCount * kPoseCurveCount;      // 389
inline constexpr std::size_t kCurveCount = kGazeFirst + kGazeCurveCount;                        // 395
inline constexpr std::size_t kVersion10CurveCount = kGazeFirst;                                 // 389

inline constexpr std::size_t cameraCurve(int component) { return kCameraFirst + component; }
inline constexpr std::size_t booleanCurve(BooleanCurve which) { return kBooleanFirst + static_cast<int>(which); }
inline constexpr std::size_t jointCurve(Hand hand, int joint, int component) {
    return (hand == Hand::Left ? kLeftHandFirst : kRightHandFirst) + joint * kPoseCurveCount + component;
}
inline constexpr std::size_t gazeCurve(int component) { return kGazeFirst + component; }

Section sectionOf(std::size_t curveIndex);
bool isBooleanCurve(std::size_t curveIndex);

// MRTK TrackedHandJoint names in file order ("None", "Wrist", ..., "PinkyTip").
std::string_view jointName(int joint);
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
    std::array<Curve, kCurveCount> curves;
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
TimeRange timeRange(const Recording& recording);

}  // namespace inputanim
