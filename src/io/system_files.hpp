// What file_io.cpp asks of each system's side (file_io_posix.cpp, file_io_windows.cpp).
#pragma once

#include <string>

#include "inputanim/core/error.hpp"

namespace inputanim {

// Refuses a target that is there and is not a regular file (a folder, FIFO, device, socket or symbolic link,
// which is not followed); whether a regular file is there.
Result<bool> regularTargetExists(const std::string& path);

// "PATH: exists", the refusal to replace a file without Overwrite::Replace (Reason::OutputExists).
inline Error existsError(const std::string& path) {
    return Error{path, {}, "exists", ErrorKind::OutputFailed, Reason::OutputExists};
}

}  // namespace inputanim
