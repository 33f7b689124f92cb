// The native half of the Python package `inputanim` (python/inputanim/): the library's calls on recordings, their JSON
// (the documented schemas) as text for the package to read, and NumPy arrays of samples. The package's Python half
// names the arguments; nothing here decides what the library decides.
#include <charconv>
#include <cstdlib>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "authoring.hpp"
#include "handle.hpp"
#include "inputanim/core/playback.hpp"
#include "inputanim/core/recording.hpp"
#include "sampling.hpp"

namespace py = pybind11;
namespace ia = inputanim;
using pyia::Handle;

namespace {

// A library error as the package's exception (inputanim._errors.library_error picks its class by exit status).
void translate(std::exception_ptr thrown) {
    try {
        if (thrown) std::rethrow_exception(thrown);
    } catch (const pyia::LibraryError& e) {
        const py::object make = py::module_::import("inputanim._errors").attr("library_error");
        const py::object error =
            make(e.error.describe(), ia::errorKindName(e.error.kind), ia::exitStatusFor(e.error.kind),
                 ia::reasonName(e.error.reason), e.error.source, e.error.pointer);
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
    }
}

// A Float32 time as the reports print it (the shortest decimal that reads back as it): 0.9, not 0.8999999761581421.
double shortest(float time) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, time).ptr;
    return std::strtod(std::string(text, end).c_str(), nullptr);
}

py::list markers(const Handle& h) {
    py::list list;
    for (const auto& m : h.recording.markers) list.append(py::make_tuple(shortest(m.time), m.name));
    return list;
}

void defineRecording(py::module_& m) {
    using Release = py::call_guard<py::gil_scoped_release>;
    py::class_<Handle, pyia::HandlePtr>(m, "NativeRecording")
        .def_property_readonly("name", [](const Handle& h) { return h.name; })
        .def_property_readonly("duration", [](const Handle& h) { return ia::playbackDuration(h.recording); })
        .def_property_readonly("version",
                               [](const Handle& h) { return std::string(ia::versionName(h.recording.encoding)); })
        .def_property_readonly("layout",
                               [](const Handle& h) { return std::string(ia::layoutName(h.recording.encoding.layout)); })
        .def_property_readonly("markers", &markers)
        .def_property_readonly("messages", [](const Handle& h) { return h.messages; })
        .def("info", &pyia::infoJson, Release())
        .def("findings", &pyia::findingsJson, Release())
        .def("run", &pyia::run, Release())
        .def("edit", &pyia::edit, Release())
        .def("sample", &pyia::sample)
        .def("grid", &pyia::grid);
}

}  // namespace

PYBIND11_MODULE(_inputanim, m) {
    using Release = py::call_guard<py::gil_scoped_release>;
    m.doc() = "The inputanim library's native calls (use the package `inputanim`).";
    py::register_exception_translator(&translate);
    defineRecording(m);
    m.def("load", &pyia::loadPath, Release());
    m.def("load_bytes", [](py::bytes data, const std::string& name, const std::string& reading) {
        std::string bytes = data;
        py::gil_scoped_release released;
        return pyia::loadBytes(std::move(bytes), name, reading);
    });
    m.def("generate", &pyia::generate, Release());
    m.def("from_arrays", [](pyia::Doubles time, pyia::Doubles camera, std::optional<pyia::Doubles> left,
                            std::optional<pyia::Doubles> right, pyia::Bools tracked,
                            std::optional<pyia::Bools> pinchingLeft, std::optional<pyia::Bools> pinchingRight,
                            std::optional<pyia::Doubles> gaze, std::vector<std::pair<double, std::string>> markers,
                            double positionTolerance, double rotationTolerance, std::string version) {
        return pyia::fromArrays({time,
                                 camera,
                                 left,
                                 right,
                                 tracked,
                                 {pinchingLeft, pinchingRight},
                                 gaze,
                                 std::move(markers),
                                 {positionTolerance, rotationTolerance},
                                 std::move(version)});
    });
    m.def("merge", &pyia::merge, Release());
    m.def("diff", &pyia::diff, Release());
    m.def("verify", &pyia::verify, Release());
    m.def("profile", [] { return ia::profileTableJson().dump(); });
    m.def("sample_column_names", [] { return ia::sampleColumnNames(ia::allSampleColumns()); });
    m.attr("version") = INPUTANIM_VERSION;
}
