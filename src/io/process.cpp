// What process.hpp does the same on every system; the rest is in process_posix.cpp and process_windows.cpp.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

#include "inputanim/io/process.hpp"

namespace inputanim {

Result<ByteBuffer> readStandardInput(std::uint64_t limit,
                                     const std::function<Status(std::span<const std::uint8_t>)>& start) {
    ByteBuffer bytes;
    std::uint8_t chunk[1 << 16];
    bool shown = !start;
    for (;;) {
        const std::size_t n = std::fread(chunk, 1, sizeof chunk, stdin);
        if (!shown && n >= 8) {
            shown = true;
            if (auto s = start(std::span<const std::uint8_t>(chunk, n)); !s) return s.error();
        }
        if (bytes.size() + n > limit)
            return Error{"standard input",
                         {},
                         "holds more than " + std::to_string(limit) + " bytes, the most read from it",
                         ErrorKind::Refused};
        try {
            bytes.insert(bytes.end(), chunk, chunk + n);
        } catch (const std::bad_alloc&) {
            return Error{"standard input",
                         {},
                         "not enough memory to read it: " + std::to_string(bytes.size()) +
                             " bytes read when memory ran out (at most " + std::to_string(limit) + " are read)",
                         ErrorKind::InputFailed};
        }
        if (n < sizeof chunk) break;
    }
    if (std::ferror(stdin))
        return Error{"standard input", {}, std::string("read failed: ") + std::strerror(errno), ErrorKind::InputFailed};
    return bytes;
}

}  // namespace inputanim
