// A recording sampled as MRTK plays it (`inputanim sample`), into NumPy arrays.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "handle.hpp"

namespace pyia {

namespace py = pybind11;

// {"time": (N,), "camera": (N, 7), "left", "right": (N, 27, 7), "gaze": (N, 6), "tracked", "pinching": (N, 2) bool}
// at `times` (seconds), in "unity" or "gltf" coordinates. A pose is x, y, z, qx, qy, qz, qw; NaN where the recording
// holds no such section, and for a rotation that plays back as (0, 0, 0, 0).
py::dict sample(const Handle& h, py::array_t<double, py::array::c_style | py::array::forcecast> times,
                const std::string& coordinates);
// The times `inputanim sample --rate --start --end` samples at.
py::array_t<double> grid(const Handle& h, double rate, double start, std::optional<double> end);

}  // namespace pyia
