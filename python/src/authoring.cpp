#include "authoring.hpp"

#include <cmath>

#include "inputanim/capture/webxr_take.hpp"
#include "inputanim/save.hpp"

namespace pyia {
namespace {

ia::XrPose xrPose(const double* p) {  // x, y, z, qx, qy, qz, qw in Unity's axes
    const ia::Vector3 position = ia::webXrFromUnity(ia::Vector3{p[0], p[1], p[2]});
    const ia::Quaternion rotation = ia::webXrFromUnity(ia::Quaternion{p[3], p[4], p[5], p[6]});
    return {{position[0], position[1], position[2]}, {rotation[0], rotation[1], rotation[2], rotation[3]}};
}

void check(bool fits, const std::string& what) {
    if (!fits) throw LibraryError{ia::Error::usage(what)};
}

void checkShapes(const ArrayTake& t, std::size_t n) {
    check(t.time.ndim() == 1, "time is a list of seconds (one dimension)");
    check(t.camera.ndim() == 2 && std::size_t(t.camera.shape(0)) == n && t.camera.shape(1) == 7,
          "camera is (N, 7): a pose [x, y, z, qx, qy, qz, qw] at each time");
    for (const auto* hand : {&t.left, &t.right})
        check(!*hand || ((*hand)->ndim() == 3 && std::size_t((*hand)->shape(0)) == n &&
                         (*hand)->shape(1) == py::ssize_t(ia::kJointCount) && (*hand)->shape(2) == 7),
              "a hand is (N, 27, 7): its joints' poses at each time, in the order of JOINTS");
    check(t.tracked.ndim() == 2 && std::size_t(t.tracked.shape(0)) == n && t.tracked.shape(1) == 2,
          "tracked is (N, 2): left and right at each time");
    for (const auto& states : t.pinching)
        check(!states || (states->ndim() == 1 && std::size_t(states->shape(0)) == n),
              "a hand's pinching is (N,): whether it pinches at each time");
    check(std::isfinite(t.tolerances.position) && t.tolerances.position > 0 && std::isfinite(t.tolerances.rotation) &&
              t.tolerances.rotation > 0,
          "the tolerances are finite and above 0: position (metres) and rotation (degrees)");
    check(!t.gaze || (t.gaze->ndim() == 2 && std::size_t(t.gaze->shape(0)) == n && t.gaze->shape(1) == 6),
          "gaze is (N, 6): the ray's origin and direction at each time");
}

// Frame i of the arrays as a WebXR frame (the joints WebXR has; the take makes MRTK's palm from them).
ia::XrFrame frameAt(const ArrayTake& t, std::size_t i) {
    ia::XrFrame frame;
    frame.time = t.time.data()[i];
    frame.viewer = xrPose(t.camera.data() + i * 7);
    const std::optional<Doubles>* hands[2] = {&t.left, &t.right};
    for (ia::Hand hand : ia::kHands) {
        const int h = int(hand);
        if (!*hands[h] || !t.tracked.data()[i * 2 + h]) continue;
        const double* joints = (*hands[h])->data() + i * ia::kJointCount * 7;
        auto& xr = frame.hands[h].emplace();
        for (int j = 0; j < ia::kWebXrJointCount; ++j)
            xr[j] = xrPose(joints + ia::indexOf(ia::webXrJointsAsMrtk()[j]) * 7);
        if (t.pinching[h]) frame.pinching[h] = t.pinching[h]->data()[i];
    }
    if (t.gaze) {
        const double* g = t.gaze->data() + i * 6;
        const ia::Vector3 origin = ia::webXrFromUnity(ia::Vector3{g[0], g[1], g[2]}),
                          direction = ia::webXrFromUnity(ia::Vector3{g[3], g[4], g[5]});
        frame.gaze = ia::XrRay{{origin[0], origin[1], origin[2]}, {direction[0], direction[1], direction[2]}};
    }
    return frame;
}

// The take in the format version asked for: 1.0 holds no gaze, so it is left out there.
ia::Recording inVersion(ia::Recording recording, const std::string& version) {
    if (version == "1.1") return recording;
    check(version == "1.0", "format_version is \"1.0\" or \"1.1\", not \"" + version + "\"");
    recording.hasEyeGaze = 0;
    for (int c = 0; c < ia::kGazeCurveCount; ++c) recording.curves[ia::gazeCurve(c)].keys = {};
    ia::BinaryOptions options;
    options.minor = 0;
    auto prepared = take(ia::prepareBinary(recording, options));
    return prepared ? std::move(*prepared) : std::move(recording);
}

}  // namespace

HandlePtr fromArrays(const ArrayTake& t) {
    const auto n = std::size_t(t.time.shape(0));
    checkShapes(t, n);
    py::gil_scoped_release released;
    ia::WebXrTake webxr(ia::TakeOptions{t.tolerances});
    for (std::size_t i = 0; i < n; ++i)
        check(take(webxr.add(frameAt(t, i))),
              "times are increasing (as Float32 seconds): time " + std::to_string(i) + " is not");
    for (const auto& [time, name] : t.markers)
        if (auto s = webxr.marker(time, name); !s) throw LibraryError{s.error()};
    auto handle = std::make_shared<Handle>();
    handle->name = "from_arrays";
    handle->recording = inVersion(take(webxr.finish()), t.version);
    handle->messages = "[]";
    return handle;
}

}  // namespace pyia
