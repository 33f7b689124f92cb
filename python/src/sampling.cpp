#include "sampling.hpp"

#include <cmath>
#include <limits>
#include <pybind11/stl.h>

#include "inputanim/analysis/time_grid.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/report.hpp"

namespace pyia {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void pose(const ia::PoseSample& p, bool held, double* out) {
    for (int c = 0; c < 3; ++c) out[c] = held ? p.position[std::size_t(c)] : kNaN;
    for (int c = 0; c < 4; ++c) out[3 + c] = held && p.rotationDefined ? p.rotation[std::size_t(c)] : kNaN;
}

// Where each frame's values go: the arrays' buffers, written without the GIL.
struct Columns {
    double *camera, *left, *right, *gaze;
    bool *tracked, *pinching;
};

void fill(const ia::Recording& r, const double* times, std::size_t n, ia::Coordinates coordinates, Columns c) {
    const bool hands = r.hasHandData, camera = r.hasCameraPose, gaze = r.hasEyeGaze;
    for (std::size_t i = 0; i < n; ++i) {
        const ia::FrameSample f = ia::sampleFrame(r, times[i], coordinates);
        pose(f.camera, camera, c.camera + i * 7);
        double* joints[2] = {c.left + i * ia::kJointCount * 7, c.right + i * ia::kJointCount * 7};
        for (ia::Hand hand : ia::kHands) {
            const int s = int(hand);
            for (std::size_t j = 0; j < ia::kJointCount; ++j) pose(f.joints[s][j], hands, joints[s] + j * 7);
            c.tracked[i * 2 + s] = f.tracked[s];
            c.pinching[i * 2 + s] = f.pinching[s];
        }
        for (int k = 0; k < 3; ++k) {
            c.gaze[i * 6 + k] = gaze ? f.gazeOrigin[std::size_t(k)] : kNaN;
            c.gaze[i * 6 + 3 + k] = gaze ? f.gazeDirection[std::size_t(k)] : kNaN;
        }
    }
}

}  // namespace

py::dict sample(const Handle& h, py::array_t<double, py::array::c_style | py::array::forcecast> times,
                const std::string& coordinates) {
    if (coordinates != "unity" && coordinates != "gltf")
        throw LibraryError{ia::Error::usage("coordinates are \"unity\" or \"gltf\", not \"" + coordinates + "\"")};
    if (times.ndim() != 1) throw LibraryError{ia::Error::usage("times are a list of seconds (one dimension)")};
    const auto n = std::size_t(times.shape(0));
    constexpr std::size_t kFrameValues = 1 + 7 + 2 * (2 + ia::kJointCount * 7) + 6;
    if (n > ia::kMaxArrayValues / kFrameValues)
        throw LibraryError{ia::Error::refused("more than " + std::to_string(ia::kMaxArrayValues / kFrameValues) +
                                                  " times: sample a shorter span, or at a lower rate",
                                              ia::Reason::GridTooLarge)};
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(times.data()[i]))
            throw LibraryError{ia::Error::usage("time " + std::to_string(i) + " is not a finite number of seconds")};
    const auto joints = py::ssize_t(ia::kJointCount), frames = py::ssize_t(n);
    py::array_t<double> time(frames), camera({frames, py::ssize_t(7)}), left({frames, joints, py::ssize_t(7)}),
        right({frames, joints, py::ssize_t(7)}), gaze({frames, py::ssize_t(6)});
    py::array_t<bool> tracked({frames, py::ssize_t(2)}), pinching({frames, py::ssize_t(2)});
    std::copy(times.data(), times.data() + n, time.mutable_data());
    const Columns columns{camera.mutable_data(), left.mutable_data(),    right.mutable_data(),
                          gaze.mutable_data(),   tracked.mutable_data(), pinching.mutable_data()};
    const auto space = coordinates == "gltf" ? ia::Coordinates::Gltf : ia::Coordinates::Unity;
    {
        py::gil_scoped_release released;
        fill(h.recording, time.data(), n, space, columns);
    }
    py::dict out;
    out["time"] = time;
    out["camera"] = camera;
    out["left"] = left;
    out["right"] = right;
    out["gaze"] = gaze;
    out["tracked"] = tracked;
    out["pinching"] = pinching;
    return out;
}

py::array_t<double> grid(const Handle& h, double rate, double start, std::optional<double> end) {
    const auto times = take(ia::timeGrid(start, end.value_or(ia::playbackDuration(h.recording)), rate));
    py::array_t<double> out(py::ssize_t(times.size()));
    std::copy(times.begin(), times.end(), out.mutable_data());
    return out;
}

}  // namespace pyia
