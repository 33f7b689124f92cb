// An IWER capture read as a take (iwer_capture.hpp): frame by frame, each frame's JSON dropped once it is taken.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <limits>
#include <optional>

#include "inputanim/capture/iwer_capture.hpp"
#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/core/hand_model.hpp"
#include "inputanim/core/math.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

Error malformed(std::string message) { return Error{"", {}, std::move(message), ErrorKind::Malformed}; }

// An input source of the capture's schema: its hand (none for a controller), and where each of its recorded joints
// goes in WebXR's order.
struct Source {
    std::optional<Hand> hand;
    bool grip = false;
    bool gamepad = false;  // button 0 is select: pinching, for a hand
    std::array<int, kWebXrJointCount> order{};  // recorded joint i -> webXrJointNames index
};

// Numbers a recording can hold: finite, and within Float32's range.
bool finiteArray(const Json& a, std::size_t from, std::size_t count) {
    if (!a.is_array() || a.size() < from + count) return false;
    for (std::size_t i = from; i < from + count; ++i)
        if (!a[i].is_number() || !(std::abs(a[i].get<double>()) <= std::numeric_limits<float>::max())) return false;
    return true;
}

XrPose poseAt(const Json& a, std::size_t from) {
    return {
        {a[from].get<double>(), a[from + 1].get<double>(), a[from + 2].get<double>()},
        {a[from + 3].get<double>(), a[from + 4].get<double>(), a[from + 5].get<double>(), a[from + 6].get<double>()}};
}

// Whether an input's schema says `key` is true (a member of any other type or none: false).
bool says(const Json& s, const char* key) { return s.value(key, Json()) == true; }

Result<Source> sourceOf(const Json& s) {
    Source source;
    if (!s.is_object()) return malformed("an input's schema is an object");
    source.grip = says(s, "hasGrip");
    source.gamepad = says(s, "hasGamepad") && s.value("numButtons", Json(0)) != 0;
    if (!says(s, "hasHand")) return source;
    const Json handedness = s.value("handedness", Json());
    if (handedness != "left" && handedness != "right") return malformed("a hand's handedness is left or right");
    source.hand = handedness == "left" ? Hand::Left : Hand::Right;
    const Json sequence = s.value("jointSequence", Json());
    if (!sequence.is_array() || sequence.size() != std::size_t(kWebXrJointCount))
        return malformed("a hand's jointSequence names its 25 joints");
    std::array<bool, kWebXrJointCount> seen{};
    for (int i = 0; i < kWebXrJointCount; ++i) {
        const auto& names = webXrJointNames();
        const auto at = sequence[std::size_t(i)].is_string()
                            ? std::find(names.begin(), names.end(), sequence[std::size_t(i)].get<std::string>())
                            : names.end();
        if (at == names.end() || seen[std::size_t(at - names.begin())])
            return malformed("a hand's jointSequence names each WebXR joint once");
        source.order[std::size_t(i)] = int(at - names.begin());
        seen[std::size_t(at - names.begin())] = true;
    }
    return source;
}

Result<std::vector<std::optional<Source>>> schemaOf(const Json& schema) {
    std::vector<std::optional<Source>> sources;
    if (!schema.is_array()) return malformed("\"schema\" is a list of [index, input schema]");
    for (const auto& entry : schema) {
        if (!entry.is_array() || entry.size() != 2 || !entry[0].is_number_unsigned() ||
            entry[0].get<std::size_t>() >= 64)
            return malformed("\"schema\" is a list of [index (below 64), input schema]");
        auto source = sourceOf(entry[1]);
        if (!source) return source.error();
        const std::size_t index = entry[0].get<std::size_t>();
        if (sources.size() <= index) sources.resize(index + 1);
        sources[index] = std::move(*source);
    }
    return sources;
}

// A hand's 25 joints in WebXR's order and in the reference space, from the input as recorded.
Result<std::array<XrPose, kWebXrJointCount>> handOf(const Json& input, const Source& source) {
    const std::size_t at = source.grip ? 9 : 8;
    if (!finiteArray(input, 1, 7) || input.size() <= at || !finiteArray(input[at], 0, kWebXrJointCount * 8))
        return malformed(
            "a hand's input is [index, target ray (7 numbers), ..., joints (25 x 8 numbers)], within Float32's range");
    const XrPose ray = poseAt(input, 1);
    Quaternion rayRotation = ray.orientation;
    if (!normalize(rayRotation)) return malformed("a target ray's rotation is zero");
    std::array<XrPose, kWebXrJointCount> joints;
    for (int i = 0; i < kWebXrJointCount; ++i) {
        const XrPose rel = poseAt(input[at], std::size_t(i) * 8);
        XrPose& world = joints[std::size_t(source.order[std::size_t(i)])];
        world.position = plus3(ray.position, rotate(rayRotation, rel.position));
        world.orientation = multiply(rayRotation, rel.orientation);
    }
    return joints;
}

// Whether a hand's select button (its gamepad's button 0: [pressed, touched, value]) is pressed; none without one.
std::optional<bool> selecting(const Json& input, const Source& source) {
    const std::size_t at = 8 + (source.grip ? 1 : 0) + 1;
    if (!source.gamepad || input.size() <= at || !input[at].is_array() || input[at].empty()) return std::nullopt;
    const Json& button = input[at][0];
    if (!button.is_array() || button.size() != 3 || !button[2].is_number()) return std::nullopt;
    return button[0] == 1 || button[2].get<double>() > 0;
}

// What the capture's frames and markers make of a take.
class Reader {
public:
    explicit Reader(const TakeOptions& options) : take_(options) {}

    Status schema(const Json& schema) {
        auto sources = schemaOf(schema);
        if (!sources) return std::move(Error(sources.error()).at("/schema"));
        sources_ = std::move(*sources);
        return Success{};
    }

    Status frame(const Json& f) {
        const std::string at = "/frames/" + std::to_string(frames_++);
        if (!sources_) return std::move(malformed("the schema comes before the frames").at(at));
        const bool timed = f.is_array() && !f.empty() && f[0].is_number() && std::isfinite(f[0].get<double>());
        if (!timed || !finiteArray(f, 1, 7))
            return std::move(
                malformed("a frame is [ms, viewer pose (7 numbers within Float32's range), inputs]").at(at));
        start_ = start_.value_or(f[0].get<double>());
        XrFrame frame;
        frame.time = (f[0].get<double>() - *start_) / 1000;
        if (!(frame.time >= 0 && frame.time <= std::numeric_limits<float>::max()))
            return std::move(malformed("a frame before the first, or beyond Float32's seconds: frames are in time "
                                       "order")
                                 .at(at));
        frame.viewer = poseAt(f, 1);
        for (std::size_t i = 8; i < f.size(); ++i) {
            const Json& input = f[i];
            const std::size_t index = input.is_array() && !input.empty() && input[0].is_number_unsigned()
                                          ? input[0].get<std::size_t>()
                                          : sources_->size();
            if (index >= sources_->size() || !(*sources_)[index])
                return std::move(malformed("an input names no source of the schema").at(at + "/" + std::to_string(i)));
            const Source& source = *(*sources_)[index];
            if (!source.hand) continue;  // a controller: MRTK's recordings have hands only
            auto joints = handOf(input, source);
            if (!joints) return std::move(Error(joints.error()).at(at + "/" + std::to_string(i)));
            frame.hands[int(*source.hand)] = *joints;
            frame.pinching[int(*source.hand)] = selecting(input, source);
        }
        auto added = take_.add(frame);
        if (!added) return std::move(malformed(added.error().message).at(at));
        return Success{};
    }

    Status markers(const Json& markers) {
        if (!markers.is_array()) return std::move(malformed("\"markers\" is a list of {time, name}").at("/markers"));
        for (std::size_t i = 0; i < markers.size(); ++i) {
            const Json& m = markers[i];
            if (!m.is_object() || !m.value("name", Json()).is_string() ||
                !finiteArray(Json::array({m.value("time", Json())}), 0, 1))
                return std::move(
                    malformed("a marker is {\"time\": ms, \"name\": text}").at("/markers/" + std::to_string(i)));
            markers_.emplace_back(m["time"].get<double>(), m["name"].get<std::string>());
        }
        return Success{};
    }

    Result<Recording> finish() {
        if (!frames_) return malformed("a capture has frames (\"frames\": [...])");
        for (const auto& [ms, name] : markers_)
            if (auto s = take_.marker(std::max(0.0, (ms - start_.value_or(0)) / 1000), name); !s) return s.error();
        return take_.finish();
    }

private:
    WebXrTake take_;
    std::optional<std::vector<std::optional<Source>>> sources_;
    std::optional<double> start_;
    std::size_t frames_ = 0;
    std::vector<std::pair<double, std::string>> markers_;
};

}  // namespace

bool isIwerCapture(std::span<const std::uint8_t> bytes) {
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), std::min<std::size_t>(bytes.size(), 64));
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    auto skip = [&](std::string_view token) {
        while (!text.empty() && std::string_view(" \t\r\n").find(text.front()) != std::string_view::npos)
            text.remove_prefix(1);
        if (!text.starts_with(token)) return false;
        text.remove_prefix(token.size());
        return true;
    };
    return skip("{") && skip("\"schema\"") && skip(":") && skip("[");
}

Result<Recording> readIwerCapture(std::span<const std::uint8_t> bytes, const std::string& path,
                                  const TakeOptions& options) {
    Reader reader(options);
    std::optional<Error> failed;
    std::string member;  // the root member being read
    auto taken = [&](Status s) {
        if (!s && !failed) failed = s.error();
        return false;  // the value is dropped: nothing but the take is kept
    };
    auto callback = [&](int depth, Json::parse_event_t event, Json& parsed) {
        if (failed) return false;
        if (depth == 1 && event == Json::parse_event_t::key) member = parsed.get<std::string>();
        if (depth == 2 && member == "frames" && event == Json::parse_event_t::array_end)
            return taken(reader.frame(parsed));
        if (depth == 1 && (event == Json::parse_event_t::array_end || event == Json::parse_event_t::object_end ||
                           event == Json::parse_event_t::value)) {
            if (member == "schema") return taken(reader.schema(parsed));
            if (member == "markers") return taken(reader.markers(parsed));
            return member != "frames";
        }
        return true;
    };
    const Json root = Json::parse(bytes.begin(), bytes.end(), callback, false);
    if (failed) return failed->from(path);
    if (root.is_discarded()) return Error{path, {}, "an IWER capture that is not JSON", ErrorKind::Malformed};
    auto recording = reader.finish();
    if (!recording) return recording.error().from(path);
    return recording;
}

}  // namespace inputanim
