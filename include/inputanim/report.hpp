// The documented JSON reports (docs/cli.md, "JSON output"): what `inputanim info --json` prints, and the finding
// lists of `check` and `validate`. In the library so that every front end (the CLI, the web viewer) says the same.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "inputanim/analysis/diff.hpp"
#include "inputanim/analysis/selection.hpp"
#include "inputanim/analysis/summary.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/finding.hpp"
#include "inputanim/edit/edit.hpp"
#include "inputanim/load.hpp"

namespace inputanim {

// Text from files (names, messages) may hold invalid UTF-8: print with nlohmann's error_handler_t::replace.
using ReportJson = nlohmann::ordered_json;

// Schema inputanim.info/1. `path` is the file as the user named it.
ReportJson infoJson(const std::string& path, const Recording& recording, const LoadReport& loaded,
                    const RecordingSummary& summary, const std::vector<Finding>& findings);
// Recording findings: [{"severity", "code", "curve", "key", "message"}, ...]
ReportJson findingsJson(const std::vector<Finding>& findings);
// Messages said of files, as a run reports them: [{"severity", "code", "file", "message"}, ...]
ReportJson messagesJson(const std::vector<std::pair<std::string, Finding>>& messages);
// glTF profile findings: [{"severity", "code", "pointer", "message"}, ...]
ReportJson profileFindingsJson(const std::vector<Finding>& findings);
// Schema inputanim.profile/1: the glTF profile and the reading options as data (docs/gltf-profile.md, "The profile
// table"), which the Blender add-on (`inputanim profile`) and the three.js loader (the binding) read instead of
// restating: node names, joint names, the state encoding, input kinds, option ranges and request limits.
ReportJson profileTableJson();
// The edit request of front ends that speak JSON (the loader's recording.edit()): {"edits": [edit, ...]}, each edit one
// of
// {"trim": {"start", "end", "keepTime"}} (times: seconds or a marker's name), {"shift": seconds}, {"retime": speed},
// {"duration": seconds}, {"mirror": true}, {"markers": {"add": [{"time", "name"}], "remove": [names],
// "rename": [[old, new]]}}; at most kMaxEditsPerRequest. Anything else is refused (ErrorKind::Usage), naming the edit.
Result<std::vector<EditStep>> readEditRequest(std::string_view json);
// A marker as every JSON form writes one (a markers file, an edit request's "add"): {"time": seconds, "name": text},
// its time the Float32 a recording holds, which must be finite. nullopt for anything else.
std::optional<Marker> markerFromJson(const nlohmann::json& value);
// A list of them ([marker, ...], in the order given); nullopt for anything else.
std::optional<std::vector<Marker>> markerListFromJson(const nlohmann::json& value);
// What edits did, as inputanim.edit/1 reports it: {"keysKept", "keysAdded", "timesRounded", "valuesRounded",
// "markersKept", "markersDropped"}.
ReportJson editCountsJson(const EditReport& report);
// What an archive records of its source: {"sourceName", "sourceBytes", "sourceSha256", "sourceFormat", "tool", "date"}
ReportJson provenanceJson(const Provenance& provenance);

// Schema inputanim.verify/1 (`inputanim verify --json`): an archive's check against its record and the original
// (named `original`; empty when none was given).
ReportJson verifyJson(const std::string& archive, const std::string& original, const ArchiveCheck& check);

// Schema inputanim.diff/1 of `report`, made with `options`, of recordings named `a` and `b`: the spans where they
// differ ("differs": [[start, end]]) and each span's worst moment ("worst": [{"time", "pose", "excess"}], in the same
// order), overall and per pose, and whether they are within the tolerances.
ReportJson diffJson(const DiffReport& report, const DiffOptions& options, const std::string& a, const std::string& b);
// The options of front ends that speak JSON (the loader's recording.diff()): {"rate", "start", "end", "offset",
// "positionTolerance", "rotationTolerance", "switchTolerance"}, each a number in DiffOptions' units, or null for its
// default. Refused (ErrorKind::Usage): another name, a value that is not a number, what checkDiffOptions refuses.
Result<DiffOptions> readDiffOptions(std::string_view json);
// The reading options of front ends that speak JSON (the loader's setOptions, the binding's open), as the CLI's
// --animation, --side, --map, --hold, --prerelease-2019 and --accept-damaged: {"animation": name or index, "side":
// "left" | "right", "map": a node map's object, "hold": seconds (kHoldLeast-kHoldMost), "prerelease2019": bool,
// "acceptDamaged": bool}, null for a default.
// Refused (ErrorKind::Usage), by name: another name, or a value the option does not take. The profile table lists
// the names (options.reading).
// clang-format off
inline constexpr std::array<std::string_view, 6> kReadingOptionNames = {
    "animation", "side", "map", "hold", "prerelease2019", "acceptDamaged"};
// clang-format on
Result<LoadOptions> readLoadOptions(std::string_view json);

// What a sampled frame reports (`inputanim sample`): the sections the recording holds that `selection` names
// (all of them when it is empty), each hand's joints in MRTK's order, then single joints in the order named.
struct SampleColumns {
    bool camera = false, gaze = false;
    std::array<std::vector<Joint>, 2> joints;  // by int(Hand); a hand with none is left out
};
SampleColumns sampleColumns(const Recording& recording, const Selection& selection);
// Every column: the camera, both hands' joints in MRTK's order, the gaze (what Python's sampled arrays hold).
SampleColumns allSampleColumns();
// The columns' names, as `inputanim sample` heads its CSV and Python's Samples.to_pandas names them: "time", the
// camera's "camera.px" ... "camera.qw", each hand's "left.tracked", "left.pinching", "left.Wrist.px" ...
// "left.Wrist.qw", ..., then "gaze.ox" ... "gaze.dz".
std::vector<std::string> sampleColumnNames(const SampleColumns& columns);
// The most values (frames times columns) one sampling holds, about 200 MB of CSV: more is refused
// (Reason::GridTooLarge), naming the limit, before anything is printed.
inline constexpr std::size_t kMaxSampleValues = 20'000'000;
// The most values one sampling into arrays holds (Python's Recording.sample: 396 a frame), about 800 MB: more is
// refused (Reason::GridTooLarge).
inline constexpr std::size_t kMaxArrayValues = 100'000'000;
Status checkSampleSize(std::size_t frames, const SampleColumns& columns);
// One frame of schema inputanim.sample/1: {"time", "camera": pose, "Left": {"tracked", "pinching", "joints":
// {name: pose}}, "Right", "gaze": {"origin", "direction"}}; a pose is {"position", "rotation"} (null when undefined).
ReportJson frameJson(const FrameSample& frame, const SampleColumns& columns);

}  // namespace inputanim
