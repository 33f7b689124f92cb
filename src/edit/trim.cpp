// trim: a time range kept, its keys bit for bit, with keys at the cuts that play as the source did there.
#include <cerrno>
#include <cstdlib>
#include <optional>

#include "edit_keys.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/utf8.hpp"

namespace inputanim {
namespace {

// The key that holds, at `at`, the value MRTK plays there and the shape of the segment it cuts: a Boolean its state;
// a straight segment a key in MRTK's linear encoding; a Hermite one the slope there; a stepped one (or a clamped end)
// infinite tangents, which hold the value until the next key. A weighted segment is split (splitWeighted).
Key cutKey(const Curve& curve, std::size_t index, double at) {
    if (isBooleanCurve(index)) return Key{0, booleanAt(curve, at) ? 1.0f : 0.0f};
    const ValueSlope played = evaluateWithSlope(curve, at);
    const float value = narrow(played.value);
    const KeyList& keys = curve.keys;
    const std::size_t later = keys.firstLaterThan(at);
    const bool inside = later > 0 && later < keys.size();
    if (keys.compact()) return Key{0, value};
    if (!inside) return Key{0, value, kInfinity, kInfinity, 0, 0, kWeightedNone};
    switch (segmentShape(keys[later - 1], keys[later])) {
        case SegmentShape::Linear: return Key{0, value};
        case SegmentShape::Stepped: return Key{0, value, kInfinity, kInfinity, 0, 0, kWeightedNone};
        case SegmentShape::Weighted:
        case SegmentShape::Hermite: break;
    }
    const float slope = narrow(played.slope);
    return Key{0, value, slope, slope, 1.0f / 3, 1.0f / 3, kWeightedNone};
}

// Where a cut falls inside a weighted segment, the keys kept around it take the parts of that segment (de Casteljau):
// `kept` holds the cut keys at its ends (when `cutStart`, `cutEnd`) around the curve's keys inside the range.
void splitWeighted(const KeyList& keys, std::vector<Key>& kept, bool cutStart, bool cutEnd) {
    auto weightedAround = [&](float at) -> std::optional<std::size_t> {  // the segment's right key
        const std::size_t later = keys.firstLaterThan(at);
        if (keys.compact() || later == 0 || later >= keys.size() ||
            segmentShape(keys[later - 1], keys[later]) != SegmentShape::Weighted)
            return std::nullopt;
        return later;
    };
    const std::optional<std::size_t> atStart = cutStart ? weightedAround(kept.front().time) : std::nullopt;
    std::optional<SplitSegment> first;
    if (atStart) {
        first = splitWeightedSegment(keys[*atStart - 1], keys[*atStart], kept.front().time);
        kept.front() = first->cut;
        if (kept.size() > 2 || !cutEnd) kept[1] = first->right;
    }
    if (auto atEnd = cutEnd ? weightedAround(kept.back().time) : std::nullopt) {
        // The key before the cut as kept so far (its in side may come from the start's split); both cuts in one
        // segment: the start's second part is split.
        const bool sameSegment = atStart.value_or(0) == *atEnd;  // *atEnd > 0: no segment ends at key 0
        const SplitSegment split =
            splitWeightedSegment(kept[kept.size() - 2], sameSegment ? first->right : keys[*atEnd], kept.back().time);
        kept[kept.size() - 2] = split.left;
        kept.back() = split.cut;
    }
}

Result<Curve> trimCurve(const Curve& curve, std::size_t index, const TrimOptions& options, EditReport& report) {
    const KeyList& keys = curve.keys;
    if (keys.empty()) return curve;
    const double first = keys.time(0), last = keys.time(keys.size() - 1);
    if ((options.start < first && loops(curve.preWrapMode)) || (options.end > last && loops(curve.postWrapMode)))
        return Error::notRepresentable("loops outside its keys: a cut there has no one value").of(curveName(index));
    std::size_t from = keys.firstLaterThan(options.start);
    if (from > 0 && double(keys.time(from - 1)) == options.start) --from;
    const std::size_t to = keys.firstLaterThan(options.end);  // keys [from, to) are kept
    const bool cutStart = from == to || double(keys.time(from)) != options.start;
    const bool cutEnd = from == to || double(keys.time(to - 1)) != options.end;
    std::vector<Key> kept;  // at their times in the source (the cut times are Float32 times)
    if (cutStart) kept.push_back(cutKey(curve, index, options.start)), kept.back().time = float(options.start);
    for (std::size_t k = from; k < to; ++k) kept.push_back(keys[k]);
    if (cutEnd) kept.push_back(cutKey(curve, index, options.end)), kept.back().time = float(options.end);
    if (!isBooleanCurve(index)) splitWeighted(keys, kept, cutStart, cutEnd);
    report.keysKept += to - from;
    report.keysAdded += std::size_t(cutStart) + std::size_t(cutEnd);
    const double offset = options.keepTime ? 0 : options.start;
    CurveBuilder out(curve, index);
    for (const Key& key : kept)
        if (auto s = out.add(key, double(key.time) - offset, report); !s) return s.error();
    return out.take();
}

}  // namespace

Result<double> editTime(const Recording& recording, const std::string& secondsOrMarker) {
    const char* text = secondsOrMarker.c_str();
    char* end = nullptr;
    errno = 0;
    const double seconds = std::strtod(text, &end);
    if (!secondsOrMarker.empty() && end == text + secondsOrMarker.size() && errno == 0 && std::isfinite(seconds))
        return seconds;
    std::vector<std::string> names;
    for (const Marker& marker : recording.markers) {
        if (marker.name == secondsOrMarker) return double(marker.time);
        names.push_back(marker.name);
    }
    return Error::usage("\"" + shortened(secondsOrMarker) + "\" is neither seconds nor a marker's name (markers: " +
                        (names.empty() ? "none" : listed(names)) + ")");
}

Result<Recording> trimRecording(const Recording& recording, const TrimOptions& options, EditReport* report) {
    Reported<EditReport> r(report);
    if (auto s = playable(recording); !s) return s.error();
    TrimOptions cut = options;  // at Float32 times, as keys are: a time that names a key (as info shows it) cuts there
    cut.start = narrow(options.start), cut.end = narrow(options.end);
    if (!(std::isfinite(cut.start) && std::isfinite(cut.end) && cut.start < cut.end))
        return Error::usage("the range to keep must run from an earlier to a later Float32 time");
    Recording out = recording;
    for (std::size_t index = 0; index < recording.curves.size(); ++index) {
        auto trimmed = trimCurve(recording.curves[index], index, cut, *r);
        if (!trimmed) return trimmed.error();
        out.curves[index] = std::move(*trimmed);
    }
    out.markers.clear();
    std::vector<std::string> dropped;
    for (const Marker& marker : recording.markers) {
        if (marker.time >= cut.start && marker.time <= cut.end) {
            out.markers.push_back({narrow(double(marker.time) - (cut.keepTime ? 0 : cut.start)), marker.name});
            continue;
        }
        dropped.push_back(marker.name);
        ++r->markersDropped;
    }
    r->markersKept = out.markers.size();
    if (r->markersDropped)
        r->messages.push_back(Finding::note(
            "markers-dropped",
            std::to_string(r->markersDropped) + " markers outside the range dropped: " + listed(dropped)));
    return out;
}

}  // namespace inputanim
