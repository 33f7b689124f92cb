// The Windows side of process.hpp.
#if defined(_WIN32)
// windows.h first: the other system headers need its definitions.
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

#include <cstdio>
#include <cstdlib>

#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"
#include "windows_text.hpp"

namespace inputanim {

std::vector<std::string> utf8Arguments(int argc, char** argv) {
    int count = 0;
    wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    if (!wide) return std::vector<std::string>(argv, argv + argc);
    std::vector<std::string> arguments;
    for (int i = 0; i < count; ++i) arguments.push_back(windows::narrow(wide[i]));
    ::LocalFree(wide);
    return arguments;
}

namespace {
UINT consoleCodePage = 0;  // the console's output code page before the program's own, given back at exit
}  // namespace

void prepareStandardStreams() {
    ::_setmode(::_fileno(stdin), _O_BINARY);
    ::_setmode(::_fileno(stdout), _O_BINARY);
    consoleCodePage = ::GetConsoleOutputCP();
    if (consoleCodePage != 0 && ::SetConsoleOutputCP(CP_UTF8))
        std::atexit([] { ::SetConsoleOutputCP(consoleCodePage); });
    // A crash ends the process with its code instead of waiting on a dialog nobody may see.
    ::SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
}

bool standardErrorIsTerminal() { return ::_isatty(::_fileno(stderr)) != 0; }

Status writeStandardOutput(std::span<const std::uint8_t> bytes) {
    return writeAll(::_fileno(stdout), bytes, "standard output");
}

void keepFreedMemoryBelow(std::size_t) {}

void adviseHugePages(void*, std::size_t) {}

}  // namespace inputanim

#endif  // _WIN32
