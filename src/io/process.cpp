// What process.hpp does the same on every system; the rest is in process_posix.cpp and process_windows.cpp.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>

#include "inputanim/io/process.hpp"

namespace inputanim {

Result<ByteBuffer> readStandardInput(std::uint64_t limit) {
    ByteBuffer bytes;
    std::uint8_t chunk[1 << 16];
    for (;;) {
        const std::size_t n = std::fread(chunk, 1, sizeof chunk, stdin);
        if (bytes.size() + n > limit)
            return Error{"standard input",
                         {},
                         "holds more than " + std::to_string(limit) + " bytes, the most read from it",
                         ErrorKind::Refused};
        try {
            bytes.insert(bytes.end(), chunk, chunk + n);
        } catch (const std::bad_alloc&) {
            return Error{"standard input", {}, "not enough memory to read it", ErrorKind::InputFailed};
        }
        if (n < sizeof chunk) break;
    }
    if (std::ferror(stdin))
        return Error{"standard input", {}, std::string("read failed: ") + std::strerror(errno), ErrorKind::InputFailed};
    return bytes;
}

}  // namespace inputanim
