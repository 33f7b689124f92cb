// The Python module's recording: one read (or made) by the library, with what reading it found, and the library's
// calls on it. Errors are thrown as LibraryError, which the module turns into the package's exceptions.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/core/recording.hpp"
#include "inputanim/load.hpp"
#include "inputanim/report.hpp"

namespace pyia {

namespace ia = inputanim;

struct LibraryError {
    ia::Error error;
};

// The value of a result, or the error thrown.
template <typename T>
T take(ia::Result<T> result) {
    if (!result) throw LibraryError{result.error()};
    return std::move(*result);
}

struct Handle {
    std::string name;  // the file read, or what made it
    ia::Recording recording;
    ia::LoadReport loaded;  // how it was read; its source's record only while unedited
    std::string messages;  // JSON: what making it said ([{"file", "severity", "code", "message"}])
};
using HandlePtr = std::shared_ptr<Handle>;

// `reading`: readLoadOptions' JSON.
HandlePtr loadPath(const std::string& path, const std::string& reading);
HandlePtr loadBytes(std::string bytes, const std::string& name, const std::string& reading);
HandlePtr generate(const std::string& optionsJson);

std::string infoJson(const Handle& h);  // inputanim.info/1, with the checker's findings
std::string findingsJson(const Handle& h);
// A job (readJob's JSON) run on the recording, as `inputanim run` runs it: its inputanim.run/1 report.
std::string run(const Handle& h, const std::string& jobJson);
// The recording after readEditRequest's edits, and what they said.
HandlePtr edit(const Handle& h, const std::string& editsJson);
// `base` with the parts of others (mergeRecordings): (part name, recording, offset) each.
HandlePtr merge(const Handle& base, const std::vector<std::tuple<std::string, HandlePtr, double>>& parts);
std::string diff(const Handle& a, const Handle& b, const std::string& optionsJson);  // inputanim.diff/1
std::string verify(const std::string& archive, const std::string& original);  // inputanim.verify/1

}  // namespace pyia
