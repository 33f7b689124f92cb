// How the tool uses the heap: large conversions fill a few hundred MB of buffers once, so page faults, not
// arithmetic, would take a fifth of their time (internal to the tool; the library allocates normally).
#pragma once

#include <string>

namespace cli {

// Keeps freed memory in the heap for the next buffer instead of returning it to the system and faulting
// fresh zeroed pages in again. Call first in main().
void keepFreedMemory();

// Keeps 32 MB of address space for the moment memory runs out: the first allocation that fails frees it and throws
// std::bad_alloc, so that unwinding (whose destructors may allocate, some where they may not throw) has room, and the
// tool ends with its "out of memory" line instead of an abort.
void keepMemoryForUnwinding();

// Grows the heap once to 5x the input's size (at least 16 MB, what a small file's conversion touches: mesh,
// JSON, program; at most 768 MB) and asks for transparent huge pages there, so buffers fault in 2 MB pages
// instead of 4 KB ones. Only address space is reserved; untouched pages cost no memory. Main thread only: worker
// threads allocate from their own arenas.
void reserveHeapFor(const std::string& inputPath);

}  // namespace cli
