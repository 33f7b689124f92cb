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

// A file written in full to a hidden temporary beside its target, not yet flushed to disk or renamed into
// place. commit() does both; a StagedFile destroyed uncommitted removes its temporary.
class StagedFile {
public:
    StagedFile(StagedFile&& other) noexcept;
    StagedFile& operator=(StagedFile&& other) noexcept;
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;
    ~StagedFile();

    const std::string& target() const { return target_; }
    // Flushes the temporary to disk, then renames it over the target. Once only.
    Status commit();

private:
    friend Result<StagedFile> stageFile(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces);
    StagedFile(int fd, std::string temporary, std::string target);
    void discard();

    int fd_ = -1;
    std::string temporary_;
    std::string target_;
};

// Writes pieces, in order, to a temporary beside `path` (no need to join them in memory first).
Result<StagedFile> stageFile(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces);

// Commits files in order, stopping at the first failure (the rest are discarded), so that a file that
// refers to an earlier one (a .gltf to its .bin) appears only after it.
Status commitInOrder(std::vector<StagedFile>& files);

// Stages and commits: an interrupted or failing run leaves either the old file or the complete new one,
// never a partial file, and the new file is on disk before it replaces the old one.
Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);
Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces);

}  // namespace inputanim
