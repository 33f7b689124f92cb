// Edits of a recording in place of its curves and markers, as MRTK plays them (docs/cli.md, "Editing"): cut a time
// range, move or stretch it in time, and change its markers. No file format: load.hpp reads, save.hpp writes.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/core/recording.hpp"

namespace inputanim {

struct EditReport {
    std::size_t keysKept = 0;  // keys copied bit for bit (times moved)
    std::size_t keysAdded = 0;  // boundary keys made at a cut
    std::size_t timesRounded = 0;  // key times that float32 could not hold exactly after the change
    std::size_t valuesRounded = 0;  // key values likewise (a mirror through a plane off 0)
    std::size_t markersKept = 0, markersDropped = 0;
    std::vector<Finding> messages;  // notes and warnings for the user, with codes (docs/cli.md)
};

// A time in seconds, or the time of the marker so named.
Result<double> editTime(const Recording& recording, const std::string& secondsOrMarker);

struct TrimOptions {
    double start = 0, end = 0;  // seconds, start < end
    bool keepTime = false;  // keys keep their times instead of starting at 0
};
// The keys inside [start, end] kept bit for bit (moved to start at 0 unless keepTime); each curve with keys gets a
// key at each end holding its value there as MRTK plays it (a Boolean its state; a Hermite segment cut keeps its
// shape through the cut's slope). Markers inside are kept and moved, the others dropped with a note. Refused: an
// empty or reversed range, a looping curve cut outside its keys.
Result<Recording> trimRecording(const Recording& recording, const TrimOptions& options, EditReport* report = nullptr);

// Every key and marker `seconds` later (earlier when negative). Refused where two keys of a curve would share a
// float32 time.
Result<Recording> shiftRecording(const Recording& recording, double seconds, EditReport* report = nullptr);

// Times divided by `speed` (2: twice as fast), tangents multiplied by it, so that each curve keeps its shape in time;
// markers with them. Refused: a speed that is not finite and positive, or two keys of a curve at one float32 time.
Result<Recording> retimeRecording(const Recording& recording, double speed, EditReport* report = nullptr);
// The speed that makes the recording last `seconds` (its duration as MRTK plays it).
Result<double> speedForDuration(const Recording& recording, double seconds);

// A vertical plane of Unity's world: through (x, z) = (x, z), its horizontal unit normal (normalX, normalZ).
struct MirrorPlane {
    double x = 0, z = 0;
    double normalX = 1, normalZ = 0;
};
// The head's sagittal plane over 201 times as MRTK plays it: through its mean position, its normal the mean of its
// heading's right; a normal within 0.1 degrees of +-X is X (a moving head's mean heading is known no closer, and a
// plane of constant x keeps every key). The mirror's own head gives the same plane back. Without head motion, x = 0.
MirrorPlane sagittalPlane(const Recording& recording);
// Left becomes right and right left, reflected through a vertical plane (default: sagittalPlane): positions
// reflected, rotations so that each joint keeps MRTK's axes (+Z along the bone, +Y out of the back), gaze with them.
// Through a plane of constant x (normalZ 0) every key keeps its time, values exact through x = 0 (negation), else
// within float32 rounding of 2 x - value, tangents following; twice gives them back. Through another plane each
// position's x and z curves, and each rotation's x and z and its y and w, are mixed at the union of their key times,
// which is exact for MRTK's linear keys and refused (Reason::MirrorNeedsLinearKeys) for others.
struct MirrorOptions {
    std::optional<MirrorPlane> plane;
};
Result<Recording> mirrorRecording(const Recording& recording, const MirrorOptions& options = {},
                                  EditReport* report = nullptr);

// Parts of a recording that merge takes from another: the camera; a hand (its joints, tracked and pinching); gaze.
enum class MergePart { Camera, Left, Right, Gaze };
// Their names, as every front end says them (the CLI's --camera, a job's "part", Python's merge keywords).
inline constexpr std::array<std::string_view, 4> kMergePartNames = {"camera", "left", "right", "gaze"};
std::optional<MergePart> mergePartNamed(std::string_view name);  // nullopt for another name
struct MergeSource {
    MergePart part;
    const Recording* recording;
    double offset = 0;  // seconds its keys move (as shiftRecording)
    std::string name;  // where it came from (a file), for messages about it
};
// `base` with each source's part in place of its own (markers, and every part not named, stay the base's). The
// result keeps the base's encoding, or becomes 1.1 compact when gaze is merged into 1.0, which cannot hold it (a note).
// Refused where the base or a source's part is not playable (errors about a part say its source's name).
Result<Recording> mergeRecordings(const Recording& base, const std::vector<MergeSource>& sources,
                                  EditReport* report = nullptr);

// Marker edits, applied in this order: removed by name, renamed, added; markers stay in time order. Refused: a name
// that no marker has, a time that is not finite, a name that is not valid UTF-8.
struct MarkerEdits {
    std::vector<std::string> remove;
    std::vector<std::pair<std::string, std::string>> rename;  // old name, new name
    std::vector<Marker> add;
    // The markers to start from instead of the recording's; remove, rename and add then apply to them.
    std::optional<std::vector<Marker>> replace;
};
Result<Recording> editMarkers(const Recording& recording, const MarkerEdits& edits, EditReport* report = nullptr);
// One edit as the front ends name it (the CLI's edit verbs, the loader's recording.edit(), whose JSON
// readEditRequest reads): applyEdit turns it into the calls above and decides what it leaves unsaid (a trim's end is
// the recording's, a duration is the speed that gives it).
// A time of an edit: seconds, or text that editTime reads (seconds, or a marker's name).
using EditTime = std::variant<double, std::string>;
struct EditStep {
    enum class Kind { Trim, Shift, Retime, Duration, Mirror, Markers };
    Kind kind = Kind::Shift;
    EditTime start = 0.0;  // Trim
    std::optional<EditTime> end;  // Trim; none: the recording's end
    bool keepTime = false;  // Trim
    double amount = 0;  // Shift: seconds; Retime: speed; Duration: seconds
    MirrorOptions mirror;  // Mirror
    MarkerEdits markers;  // Markers
};
Result<Recording> applyEdit(const Recording& recording, const EditStep& step, EditReport* report = nullptr);
// The most edits one request applies, in turn (each copies the recording): more are refused.
inline constexpr std::size_t kMaxEditsPerRequest = 100;

// Seconds as a marker's float32 time; beyond float32's range an infinity, which editMarkers refuses (a plain
// conversion would be undefined).
float markerTime(double seconds);

}  // namespace inputanim
