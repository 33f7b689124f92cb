// A recording as a capture that Meta's IWER (npm `iwer`, the WebXR emulation runtime) replays into any WebXR page:
// the JSON of its ActionRecorder, which `device.createActionPlayer(refSpace, capture).play()` plays headless.
// docs/testing-webxr.md says what is written and how a test uses it.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct IwerOptions {
    std::optional<double> rate;  // frames per second (kIwerRateLeast-kIwerRateMost); default: the recording's key times
};
inline constexpr double kIwerRateLeast = 1, kIwerRateMost = 1000;
// The most frames one capture holds (about 4 KB each with both hands): more are refused (Reason::GridTooLarge).
inline constexpr std::size_t kMaxIwerFrames = 2'000'000;
// How long before a tracked or pinching switch the frame holding the state before it lies: IWER takes a hand's
// presence and its button from the frame after the time it plays, so the switch plays this early (0.1 ms).
inline constexpr double kIwerSwitchLead = 1e-4;  // seconds
// The radius IWER is told for a joint (it reads 0 as a joint it has no pose for): a fingertip's, and the others'.
inline constexpr double kIwerTipRadius = 0.008, kIwerJointRadius = 0.01;  // metres

struct IwerReport {
    std::size_t frames = 0;
    // How far IWER's playback (each pose interpolated between frames as its ActionPlayer does: positions lerped,
    // rotations slerped, joints relative to the target ray) is from MRTK's, at every frame and halfway between
    // frames, with the written numbers' rounding: metres and degrees.
    double maxPositionError = 0, maxRotationError = 0;
};

// The capture's frame times, seconds: every key time of the recording's curves within its playback (or, with a rate,
// a frame every 1/rate seconds), its start and end, and a frame kIwerSwitchLead before each tracked or pinching switch.
Result<std::vector<double>> iwerFrameTimes(const Recording& recording, const IwerOptions& options);

// The capture, written in pieces to `write`: {"schema": [[index, input schema]], "frames": [[milliseconds, the
// viewer's position and orientation, inputs]], "markers": [{"time": milliseconds, "name"}]}. Each hand is an input
// source (left 0, right 1) present exactly while MRTK plays it tracked: 25 joints in WebXR's order and axes, relative
// to its target ray (the wrist's pose), and a gamepad whose button 0 is pressed while it pinches (IWER's select).
// Coordinates: MRTK's world with z negated (WebXR's), as the WebXR recorder maps the other way.
Status writeIwerCapture(const Recording& recording, const IwerOptions& options, const ByteSink& write,
                        IwerReport* report = nullptr);

// Whether `bytes` start as a capture does: a JSON object whose first member is "schema", a list (as IWER's
// ActionRecorder and writeIwerCapture write it; no glTF has that member).
bool isIwerCapture(std::span<const std::uint8_t> bytes);
// A capture (IWER's own, or one written above) made into a recording as the WebXR recorder makes a take
// (webxr_take.hpp): the viewer's pose, each hand's 25 joints where it is present (its joints relative to the target
// ray composed with it), markers where the capture has them; controllers are left out. Read frame by frame: memory
// follows the keys. Refused (ErrorKind::Malformed) naming the JSON pointer of what is not a capture's.
Result<Recording> readIwerCapture(std::span<const std::uint8_t> bytes, const std::string& path,
                                  const TakeOptions& options = {});

}  // namespace inputanim
