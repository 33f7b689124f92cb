// Whole-file reads and crash-safe writes.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "inputanim/error.hpp"

namespace inputanim {

// An allocator whose vectors leave new elements default-initialised (for bytes: untouched).
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// A file's bytes. Not zeroed before the read fills them: for a 100 MB input that saves a tenth of a conversion.
using FileBytes = std::vector<std::uint8_t, DefaultInitAllocator<std::uint8_t>>;

Result<FileBytes> readFile(const std::string& path);

// A path's extension in lower case, with its dot (".glb"); empty when it has none.
std::string lowercaseExtension(const std::string& path);

// Writes to a temporary file in the same folder, flushes it to disk and renames it over `path`, so an
// interrupted or failing run leaves either the old file or the complete new one, never a partial file.
Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);
// The same for a file made of several pieces, written in order (no need to join them in memory first).
Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces);

}  // namespace inputanim
