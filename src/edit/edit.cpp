// shift, retime, merge and marker edits (trim.cpp and mirror.cpp hold the other two).
#include "inputanim/edit/edit.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "edit_keys.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {
// Every key's time mapped by `time`, its tangents multiplied by `slopeScale`.
template <class MapTime>
Result<Recording> mapTimes(const Recording& recording, MapTime time, double slopeScale, EditReport& report) {
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        const Curve& curve = recording.curves[index];
        CurveBuilder built(curve, index);
        for (std::size_t k = 0; k < curve.keys.size(); ++k) {
            Key key = curve.keys[k];
            if (slopeScale != 1) {
                const bool finite = std::isfinite(key.inTangent) && std::isfinite(key.outTangent);
                key.inTangent = narrow(key.inTangent * slopeScale),
                key.outTangent = narrow(key.outTangent * slopeScale);
                if (finite && !(std::isfinite(key.inTangent) && std::isfinite(key.outTangent)))
                    return beyondFloat32("a tangent", index);
            }
            if (auto s = built.add(key, time(double(key.time)), report); !s) return s.error();
        }
        report.keysKept += curve.keys.size();
        out.curves[index] = built.take();
    }
    for (Marker& marker : out.markers) marker.time = narrow(time(double(marker.time)));
    report.markersKept = out.markers.size();
    return out;
}

Status validMarkers(const Recording& recording) {
    for (const Marker& marker : recording.markers)
        if (!std::isfinite(marker.time))
            return Error::usage("marker \"" + shortened(marker.name) + "\" has no finite time");
    if (auto problem = invalidMarkerName(recording)) return Error::usage(*problem);
    return Success{};
}

}  // namespace

Result<Recording> shiftRecording(const Recording& recording, double seconds, EditReport* report) {
    Reported<EditReport> reported(report);
    if (auto s = playable(recording); !s) return s.error();
    if (!std::isfinite(seconds)) return Error::usage("a shift must be a finite number of seconds");
    return mapTimes(
        recording, [seconds](double t) { return t + seconds; }, 1, *reported);
}

Result<Recording> retimeRecording(const Recording& recording, double speed, EditReport* report) {
    Reported<EditReport> reported(report);
    if (auto s = playable(recording); !s) return s.error();
    if (!(std::isfinite(speed) && speed > 0)) return Error::usage("a speed must be a finite number above 0");
    return mapTimes(
        recording, [speed](double t) { return t / speed; }, speed, *reported);
}

Result<double> speedForDuration(const Recording& recording, double seconds) {
    const double duration = playbackDuration(recording);
    if (!(duration > 0)) return Error::usage("the recording has no duration to stretch (no key after 0 s)");
    if (!(std::isfinite(seconds) && seconds > 0))
        return Error::usage("a duration must be a finite number of seconds above 0");
    return duration / seconds;
}

namespace {

// The curves of a part: [first, first + count), and for a hand its two Booleans.
std::vector<std::size_t> curvesOf(MergePart part) {
    std::vector<std::size_t> curves;
    auto range = [&](std::size_t first, std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) curves.push_back(first + i);
    };
    switch (part) {
        case MergePart::Camera: range(kCameraFirst, kPoseCurveCount); break;
        case MergePart::Left:
        case MergePart::Right: {
            const Hand hand = part == MergePart::Left ? Hand::Left : Hand::Right;
            range(hand == Hand::Left ? kLeftHandFirst : kRightHandFirst, std::size_t(kJointCount) * kPoseCurveCount);
            curves.push_back(booleanCurve(trackedCurve(hand)));
            curves.push_back(booleanCurve(pinchingCurve(hand)));
            break;
        }
        case MergePart::Gaze: range(kGazeFirst, kGazeCurveCount); break;
    }
    return curves;
}

// The part's section flag (1.1's HasCameraPose, HasEyeGaze) becomes the source's; HasHandData is set when the
// source has hands (it covers both).
void takeFlag(Recording& out, const Recording& source, MergePart part) {
    switch (part) {
        case MergePart::Camera: out.hasCameraPose = source.hasCameraPose; break;
        case MergePart::Gaze: out.hasEyeGaze = source.hasEyeGaze; break;
        case MergePart::Left:
        case MergePart::Right: out.hasHandData = out.hasHandData || source.hasHandData; break;
    }
}

}  // namespace

std::optional<MergePart> mergePartNamed(std::string_view name) {
    const auto* named = std::find(kMergePartNames.begin(), kMergePartNames.end(), name);
    if (named == kMergePartNames.end()) return std::nullopt;
    return MergePart(named - kMergePartNames.begin());  // the names are in MergePart's order
}

Result<Recording> mergeRecordings(const Recording& base, const std::vector<MergeSource>& sources, EditReport* report) {
    Reported<EditReport> r(report);
    if (auto s = playable(base); !s) return s.error();
    Recording out = base;
    for (const MergeSource& source : sources) {
        Recording part;  // the source's part alone: what is checked, moved and taken, so that errors name it
        for (std::size_t index : curvesOf(source.part)) part.curves[index] = source.recording->curves[index];
        if (auto s = playable(part); !s) return s.error().from(source.name);
        if (source.offset != 0) {
            EditReport shift;
            auto moved = shiftRecording(part, source.offset, &shift);
            if (!moved) return moved.error().from(source.name);
            r->timesRounded += shift.timesRounded;
            part = std::move(*moved);
        }
        for (std::size_t index : curvesOf(source.part)) {
            r->keysKept += part.curves[index].keys.size();
            out.curves[index] = std::move(part.curves[index]);
        }
        takeFlag(out, *source.recording, source.part);
    }
    if (out.encoding.minor == 0 && out.hasEyeGaze) {
        out.encoding = Encoding{1, Layout::Compact};
        r->messages.push_back(Finding::note("gaze-needs-1.1", "format version 1.0 has no eye gaze: the result is 1.1"));
    }
    r->markersKept = out.markers.size();
    return out;
}

Result<Recording> editMarkers(const Recording& recording, const MarkerEdits& edits, EditReport* report) {
    Reported<EditReport> r(report);
    if (auto s = playable(recording); !s) return s.error();
    Recording out = recording;
    auto named = [&out](const std::string& name) {
        return std::find_if(out.markers.begin(), out.markers.end(), [&](const Marker& m) { return m.name == name; });
    };
    if (edits.replace) out.markers = *edits.replace;
    for (const std::string& name : edits.remove) {
        if (named(name) == out.markers.end()) return Error::usage("no marker is named \"" + shortened(name) + "\"");
        r->markersDropped += std::size_t(std::erase_if(out.markers, [&](const Marker& m) { return m.name == name; }));
    }
    for (const auto& [from, to] : edits.rename) {
        if (named(from) == out.markers.end()) return Error::usage("no marker is named \"" + shortened(from) + "\"");
        for (Marker& m : out.markers)
            if (m.name == from) m.name = to;
    }
    out.markers.insert(out.markers.end(), edits.add.begin(), edits.add.end());
    std::stable_sort(out.markers.begin(), out.markers.end(),
                     [](const Marker& a, const Marker& b) { return a.time < b.time; });
    if (auto s = validMarkers(out); !s) return s.error();
    r->markersKept = out.markers.size();
    return out;
}

float markerTime(double seconds) { return narrow(seconds); }

Result<Recording> applyEdit(const Recording& recording, const EditStep& step, EditReport* report) {
    switch (step.kind) {
        case EditStep::Kind::Trim: {
            auto seconds = [&](const EditTime& time) {
                return std::holds_alternative<double>(time) ? Result<double>(std::get<double>(time))
                                                            : editTime(recording, std::get<std::string>(time));
            };
            auto start = seconds(step.start);
            if (!start) return start.error();
            auto end = step.end ? seconds(*step.end) : Result<double>(playbackDuration(recording));
            if (!end) return end.error();
            return trimRecording(recording, {*start, *end, step.keepTime}, report);
        }
        case EditStep::Kind::Shift: return shiftRecording(recording, step.amount, report);
        case EditStep::Kind::Retime: return retimeRecording(recording, step.amount, report);
        case EditStep::Kind::Duration: {
            auto speed = speedForDuration(recording, step.amount);
            if (!speed) return speed.error();
            return retimeRecording(recording, *speed, report);
        }
        case EditStep::Kind::Mirror: return mirrorRecording(recording, step.mirror, report);
        case EditStep::Kind::Markers: return editMarkers(recording, step.markers, report);
    }
    return Error::usage("an edit of no known kind");
}

}  // namespace inputanim
