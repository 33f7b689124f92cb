// The program's side of the operating system, for programs (the CLI): its arguments, its standard streams and its
// heap. Everything here that differs between systems is implemented in src/io/process_posix.cpp and
// src/io/process_windows.cpp, the only places (with file_io's) that call a system's own API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/default_init.hpp"
#include "inputanim/core/error.hpp"

namespace inputanim {

// The program's arguments in UTF-8: main's own on POSIX systems, the wide command line's on Windows (whose main()
// receives them in the ANSI code page, which cannot hold every file name).
std::vector<std::string> utf8Arguments(int argc, char** argv);

// Standard input and output carry bytes unchanged (Windows would turn "\n" into "\r\n"), and text written to a
// console is shown as UTF-8. Call once, first.
void prepareStandardStreams();

bool standardErrorIsTerminal();

// Writes all of `bytes` to standard output (retrying after signals); a failure names "standard output".
Status writeStandardOutput(std::span<const std::uint8_t> bytes);

// Reads standard input to its end, refusing more than `limit` bytes (ErrorKind::Refused) without reading on.
// `start`, when given, is shown the first piece read (at least 8 bytes, unless the input is shorter) before anything
// else is read: an error from it ends the read at once.
Result<ByteBuffer> readStandardInput(std::uint64_t limit,
                                     const std::function<Status(std::span<const std::uint8_t>)>& start = {});

// Keeps freed blocks below `bytes` in the heap for the next allocation instead of returning them to the system,
// where the C library allows it (glibc); elsewhere nothing.
void keepFreedMemoryBelow(std::size_t bytes);

// Advises the system to back [start, start + length) with huge pages where it has them; advice only.
void adviseHugePages(void* start, std::size_t length);

}  // namespace inputanim
