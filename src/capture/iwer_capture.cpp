// A recording as IWER's ActionRecorder capture (iwer_capture.hpp), streamed frame by frame.
#include "inputanim/capture/iwer_capture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/math.hpp"
#include "inputanim/core/playback.hpp"
#include <nlohmann/json.hpp>

namespace inputanim {
namespace {

// A pose as written: WebXR's axes, each number rounded to the 1e-6 the text holds.
struct Written {
    Vector3 position{};
    Quaternion rotation{0, 0, 0, 1};
};

double rounded(double v) { return std::round(v * 1e6) / 1e6; }

Written writtenPose(const Vector3& position, const Quaternion& rotation) {
    Written w{{rounded(position[0]), rounded(position[1]), rounded(position[2])},
              {rounded(rotation[0]), rounded(rotation[1]), rounded(rotation[2]), rounded(rotation[3])}};
    return w;
}

Quaternion conjugate(const Quaternion& q) { return {-q[0], -q[1], -q[2], q[3]}; }

// A pose of MRTK's playback in WebXR's axes.
Written webXr(const PoseSample& pose) {
    return {webXrFromUnity(pose.position),
            pose.rotationDefined ? webXrFromUnity(pose.rotation) : Quaternion{0, 0, 0, 1}};
}

// What one frame writes of a hand: its target ray (the wrist) and its joints relative to it, or nothing.
struct HandFrame {
    bool present = false, pinching = false;
    Written ray;
    std::array<Written, kWebXrJointCount> joints;
};

struct Frame {
    double time = 0;
    Written viewer;
    std::array<HandFrame, 2> hands;
};

// The frame written of MRTK's playback `s` (Unity's coordinates).
Frame frameOf(const FrameSample& s) {
    Frame f{s.time, webXr(s.camera), {}};
    for (Hand hand : kHands) {
        HandFrame& h = f.hands[int(hand)];
        h.present = s.tracked[int(hand)];
        if (!h.present) continue;
        h.pinching = s.pinching[int(hand)];
        const Written wrist = webXr(s.joints[int(hand)][indexOf(Joint::Wrist)]);
        h.ray = writtenPose(wrist.position, wrist.rotation);
        const Quaternion toRay = conjugate(h.ray.rotation);
        for (int i = 0; i < kWebXrJointCount; ++i) {
            const Written world = webXr(s.joints[int(hand)][indexOf(webXrJointsAsMrtk()[i])]);
            h.joints[i] =
                writtenPose(rotate(toRay, minus3(world.position, h.ray.position)), multiply(toRay, world.rotation));
        }
    }
    return f;
}

// Whether every number of a frame is one IWER's reader (and this library's) takes: finite, within Float32's range.
bool holdable(const Written& w) {
    auto fits = [](double v) { return std::abs(v) <= std::numeric_limits<float>::max(); };
    return std::all_of(w.position.begin(), w.position.end(), fits) &&
           std::all_of(w.rotation.begin(), w.rotation.end(), fits);
}

bool holdable(const Frame& f) {
    if (!holdable(f.viewer)) return false;
    for (const HandFrame& h : f.hands)
        if (h.present && (!holdable(h.ray) ||
                          !std::all_of(h.joints.begin(), h.joints.end(), [](const Written& w) { return holdable(w); })))
            return false;
    return true;
}

// ---- text ---------------------------------------------------------------------------------------------

// A number of at most Float32's magnitude (or milliseconds of Float32's seconds) to the 1e-6.
void number(std::string& out, double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%.6f", v == 0 ? 0.0 : v);  // no "-0"
    std::string_view s(text);
    while (s.back() == '0') s.remove_suffix(1);
    if (s.back() == '.') s.remove_suffix(1);
    out.append(s).push_back(',');
}

void pose(std::string& out, const Written& w) {
    for (double v : w.position) number(out, v);
    for (double v : w.rotation) number(out, v);
}

void closeList(std::string& out) {
    if (out.back() == ',') out.back() = ']';
    else out.push_back(']');
}

std::string frameText(const Frame& f) {
    std::string out = "[";
    number(out, std::round(f.time * 1e6) / 1e3);  // milliseconds, to the microsecond
    pose(out, f.viewer);
    for (Hand hand : kHands) {
        const HandFrame& h = f.hands[int(hand)];
        if (!h.present) continue;
        out += "[" + std::to_string(int(hand)) + ",";
        pose(out, h.ray);
        out.push_back('[');
        for (int i = 0; i < kWebXrJointCount; ++i) {
            pose(out, h.joints[i]);
            number(out, webXrJointNames()[i].ends_with("-tip") ? kIwerTipRadius : kIwerJointRadius);
        }
        closeList(out);
        out += h.pinching ? ",[[1,1,1]]]," : ",[[0,0,0]]],";
    }
    closeList(out);
    return out;
}

std::string schemaText() {
    std::string names;
    for (std::string_view name : webXrJointNames()) names += (names.empty() ? "\"" : ",\"") + std::string(name) + "\"";
    std::string out = "{\"schema\":[";
    for (Hand hand : kHands)
        out += std::string(int(hand) ? "," : "") + "[" + std::to_string(int(hand)) + ",{\"handedness\":\"" +
               (hand == Hand::Left ? "left" : "right") +
               "\",\"targetRayMode\":\"tracked-pointer\",\"profiles\":[\"generic-hand\",\"generic-hand-select\","
               "\"generic-trigger\"],\"hasGrip\":false,\"hasHand\":true,\"jointSequence\":[" +
               names + "],\"hasGamepad\":true,\"mapping\":\"xr-standard\",\"numButtons\":1,\"numAxes\":0}]";
    return out + "],\n\"frames\":[\n";
}

std::string markersText(const Recording& recording) {
    std::string out = "],\n\"markers\":[";
    for (std::size_t i = 0; i < recording.markers.size(); ++i) {
        out += i ? ",{\"time\":" : "{\"time\":";
        number(out, std::round(double(recording.markers[i].time) * 1e6) / 1e3);
        out.back() = ',';
        out += "\"name\":" + nlohmann::json(recording.markers[i].name).dump() + "}";
    }
    return out + "]}\n";
}

// ---- IWER's playback between two frames, against MRTK's ---------------------------------------------

Written between(const Written& a, const Written& b, double s) {
    Written w;
    for (int c = 0; c < 3; ++c) w.position[c] = a.position[c] + (b.position[c] - a.position[c]) * s;
    w.rotation = slerp(a.rotation, b.rotation, s);
    return w;
}

void compare(const Written& played, const Written& truth, IwerReport& r) {
    r.maxPositionError = std::max(r.maxPositionError, length3(minus3(played.position, truth.position)));
    r.maxRotationError = std::max(r.maxRotationError, rotationAngle(played.rotation, truth.rotation));
}

// IWER's poses at `s` of the way from frame a to frame b (the hands present in b), against MRTK's there, `truth`.
void judge(const Frame& a, const Frame& b, double s, const FrameSample& truth, IwerReport& r) {
    compare(between(a.viewer, b.viewer, s), webXr(truth.camera), r);
    for (Hand hand : kHands) {
        const HandFrame &ha = a.hands[int(hand)], &hb = b.hands[int(hand)];
        if (!hb.present || !truth.tracked[int(hand)]) continue;
        const HandFrame& from = ha.present ? ha : hb;
        const Written ray = between(from.ray, hb.ray, s);
        for (int i = 0; i < kWebXrJointCount; ++i) {
            const Written rel = between(from.joints[i], hb.joints[i], s);
            const Written played{plus3(ray.position, rotate(ray.rotation, rel.position)),
                                 multiply(ray.rotation, rel.rotation)};
            compare(played, webXr(truth.joints[int(hand)][indexOf(webXrJointsAsMrtk()[i])]), r);
        }
    }
}

}  // namespace

Result<std::vector<double>> iwerFrameTimes(const Recording& recording, const IwerOptions& options) {
    const double end = std::max(playbackDuration(recording), 0.0);
    std::vector<double> times{0, end > 0 ? end : 1.0 / 90};
    if (options.rate) {
        if (end * *options.rate >= double(kMaxIwerFrames))
            return Error::usage("a capture of " + std::to_string(end) + " s at that rate holds more than " +
                                    std::to_string(kMaxIwerFrames) + " frames",
                                Reason::GridTooLarge);
        for (std::size_t k = 1; double(k) / *options.rate < end; ++k) times.push_back(double(k) / *options.rate);
    }
    for (std::size_t c = 0; c < kCurveCount; ++c) {
        const bool state = c >= booleanCurve(BooleanCurve(0)) && c < booleanCurve(BooleanCurve(0)) + kBooleanCount;
        if (options.rate && !state) continue;
        const KeyList& keys = recording.curves[c].keys;
        if (times.size() + keys.size() * 2 > kMaxIwerFrames)
            return Error::usage("the capture would hold more than " + std::to_string(kMaxIwerFrames) + " frames",
                                Reason::GridTooLarge);
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const double t = keys.time(k);
            if (t > 0 && t <= end) times.push_back(t);
            if (state && t - kIwerSwitchLead > 0 && t <= end) times.push_back(t - kIwerSwitchLead);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

Status writeIwerCapture(const Recording& recording, const IwerOptions& options, const ByteSink& write,
                        IwerReport* report) {
    Reported<IwerReport> r(report);
    *r = {};
    auto times = iwerFrameTimes(recording, options);
    if (!times) return times.error();
    auto text = [&](const std::string& piece) {
        return write(std::span(reinterpret_cast<const std::uint8_t*>(piece.data()), piece.size()));
    };
    if (auto s = text(schemaText()); !s) return s;
    std::optional<Frame> previous;
    for (double time : *times) {
        const FrameSample played = sampleFrame(recording, time, Coordinates::Unity);
        Frame frame = frameOf(played);
        if (!holdable(frame))
            return Error::notRepresentable("the playback at " + nlohmann::json(time).dump() +
                                           " s reaches a position beyond Float32's range, which a capture cannot hold");
        if (previous) {
            const double halfway = (previous->time + time) / 2;
            judge(*previous, frame, 0.5, sampleFrame(recording, halfway, Coordinates::Unity), *r);
        }
        judge(frame, frame, 0, played, *r);
        if (auto s = text((previous ? ",\n" : "") + frameText(frame)); !s) return s;
        previous = std::move(frame);
    }
    r->frames = times->size();
    return text(markersText(recording));
}

}  // namespace inputanim
