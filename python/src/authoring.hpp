// Recordings made by code (Python's Recording.from_arrays): sampled poses reduced to MRTK's keys as a WebXR take is.
#pragma once

#include <array>
#include <optional>
#include <pybind11/numpy.h>
#include <string>
#include <utility>
#include <vector>

#include "handle.hpp"

namespace pyia {

namespace py = pybind11;
using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
using Bools = py::array_t<bool, py::array::c_style | py::array::forcecast>;

struct ArrayTake {
    Doubles time, camera;  // (N,), (N, 7): in Unity's axes, as Recording.sample gives them
    std::optional<Doubles> left, right;  // (N, 27, 7)
    Bools tracked;  // (N, 2)
    std::array<std::optional<Bools>, 2> pinching;  // (N,) by int(Hand); none: MRTK's rule from the fingertips
    std::optional<Doubles> gaze;  // (N, 6); none: the head's forward ray
    std::vector<std::pair<double, std::string>> markers;
    ia::Tolerances tolerances;
    std::string version = "1.1";
};

HandlePtr fromArrays(const ArrayTake& take);

}  // namespace pyia
