// The POSIX side of process.hpp (Linux, macOS, emscripten).
#if !defined(_WIN32)
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#endif

#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"

namespace inputanim {

std::vector<std::string> utf8Arguments(int argc, char** argv) { return std::vector<std::string>(argv, argv + argc); }

void prepareStandardStreams() {}

bool standardErrorIsTerminal() { return ::isatty(STDERR_FILENO) == 1; }

Status writeStandardOutput(std::span<const std::uint8_t> bytes) {
    return writeAll(STDOUT_FILENO, bytes, "standard output");
}

void keepFreedMemoryBelow(std::size_t bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, int(bytes));
    mallopt(M_TRIM_THRESHOLD, int(bytes));
#else
    (void)bytes;
#endif
}

void adviseHugePages(void* start, std::size_t length) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    ::madvise(start, length, MADV_HUGEPAGE);  // advice: failure is harmless
#else
    (void)start, (void)length;
#endif
}

}  // namespace inputanim

#endif  // !_WIN32
