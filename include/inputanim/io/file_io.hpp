// Reading files (whole, or in pieces), and writing them so that nothing is ever half-written or clobbered: every
// output is written to a hidden temporary beside its target, flushed, and renamed into place.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "inputanim/core/default_init.hpp"
#include "inputanim/core/error.hpp"

namespace inputanim {

// A file's bytes. Not zeroed before the read fills them: for a 100 MB input that saves a tenth of a conversion.
using FileBytes = ByteBuffer;

// Reads a regular file (at most `limit` bytes of it). Anything else (a folder, FIFO, device, socket) is refused
// without waiting on it (ErrorKind::InputFailed).
Result<FileBytes> readFile(const std::string& path, std::optional<std::uint64_t> limit = std::nullopt);

class MappedFile;

// A regular file open for reading in pieces, from its start (refused as readFile refuses).
class FileReader {
public:
    static Result<FileReader> open(const std::string& path);
    FileReader(FileReader&& other) noexcept;
    FileReader& operator=(FileReader&&) = delete;
    ~FileReader();

    std::uint64_t size() const { return size_; }  // when it was opened
    // Reads the next bytes into the start of `into`: how many, 0 at the end (a ByteSource).
    Result<std::size_t> read(std::span<std::uint8_t> into);
    // The rest of the file (up to `limit` bytes from its start), whole.
    Result<FileBytes> readRest(std::optional<std::uint64_t> limit = std::nullopt);
    void rewind() { position_ = 0; }
    // The path of the file opened, symbolic links resolved, as the system knows the open file (not as its name
    // resolves now, which another process may change); nullopt where the system does not say (no /proc).
    std::optional<std::string> openedPath() const;
    // The file's bytes as it was opened, mapped read-only without a copy, where the system maps files (POSIX); null
    // where it does not, for an empty file, or when the mapping fails: the caller reads instead.
    std::shared_ptr<const MappedFile> map() const;

private:
    FileReader(int fd, std::string path, std::uint64_t size) : fd_(fd), path_(std::move(path)), size_(size) {}

    int fd_ = -1;
    std::string path_;
    std::uint64_t size_ = 0;
    std::uint64_t position_ = 0;
};

// A file's bytes mapped into memory (FileReader::map), read where the page cache holds them: no fresh memory, no
// copy. Should another process shorten the file while it is mapped, reading past its new end does not end the
// process (SIGBUS): those pages read as zeros from then on (as the rest of its new last page does), and intact()
// turns false, so a caller checks intact() after its last read of the bytes, before it trusts or commits what it
// made of them.
class MappedFile {
public:
    MappedFile(const std::uint8_t* bytes, std::size_t size, std::size_t slot, int fd)
        : bytes_(bytes), size_(size), slot_(slot), fd_(fd) {}
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::span<const std::uint8_t> bytes() const { return {bytes_, size_}; }
    bool intact() const;  // no fault past its end, and the file as long as when it was mapped

private:
    const std::uint8_t* bytes_;
    std::size_t size_;
    std::size_t slot_;  // in the table the signal handler reads
    int fd_;  // the file, open for its size
};

// A path's extension in lower case, with its dot (".glb"); empty when it has none.
std::string lowercaseExtension(const std::string& path);

// Whether `inner` lies in `folder` (or is it), part by part; both resolved by the caller (std::filesystem::canonical).
bool pathInside(const std::filesystem::path& inner, const std::filesystem::path& folder);

// Paths are UTF-8 strings throughout the library. These turn one into std::filesystem's path and back, which on
// Windows holds UTF-16 (its narrow strings would be the ANSI code page there); elsewhere the bytes pass unchanged.
std::filesystem::path nativePath(const std::string& utf8);
std::string utf8Path(const std::filesystem::path& path);

// What tells two names of one file apart from two files: (device, inode) on POSIX systems, (volume serial number,
// file index) on Windows. nullopt when the path names nothing that can be inspected.
struct FileIdentity {
    std::uint64_t device = 0, file = 0;
    auto operator<=>(const FileIdentity&) const = default;
};
std::optional<FileIdentity> fileIdentity(const std::string& path);

// Writes all of `bytes` to an open descriptor (retrying after signals); a failure names `name`.
Status writeAll(int fd, std::span<const std::uint8_t> bytes, const std::string& name);

// Makes a file's bytes, handing them to a sink in order (see ByteSink).
using ByteProducer = std::function<Status(const ByteSink& write)>;

// What may happen to a file already at an output's path.
enum class Overwrite {
    Never,  // keep it: the commit fails ("exists (use --force to overwrite)"), atomically, even against a
            // concurrent writer of the same path
    Replace,  // replace it, keeping its permission bits
};

// A file written in full beside its target, not yet flushed to disk or put into place: unnamed where the system
// allows (O_TMPFILE: nothing is left behind whatever ends the process), else a hidden temporary that signals remove.
// commit() flushes it and puts it in place; a StagedFile destroyed uncommitted removes it.
class StagedFile {
public:
    StagedFile(StagedFile&& other) noexcept;
    StagedFile& operator=(StagedFile&& other) noexcept;
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;
    ~StagedFile();

    const std::string& target() const { return target_; }
    // Writes `bytes` over bytes already written at `offset` (before commit: what the file will hold, flushed then).
    Status rewrite(std::uint64_t offset, std::span<const std::uint8_t> bytes);
    // Flushes the temporary to disk, then renames it over the target (or beside nothing, with Overwrite::Never).
    // Once only.
    Status commit();

private:
    friend Result<StagedFile> stageFile(const std::string& path, const ByteProducer& produce, Overwrite overwrite);
    StagedFile(int fd, std::unique_ptr<char[]> temporary, std::string target, Overwrite overwrite);
    void discard();
    Status commitUnnamed();

    int fd_ = -1;
    std::unique_ptr<char[]> temporary_;  // stable address: the signal handler may read it; null for an unnamed file
    std::string target_;
    Overwrite overwrite_ = Overwrite::Never;
};

// What stageFile checks before writing anything: a target that exists and is not a regular file is refused,
// and with Overwrite::Never one that exists. Callers may ask early, before the work that makes the file.
Status checkTarget(const std::string& path, Overwrite overwrite);

// Writes what `produce` hands its sink, in order, to a temporary beside `path` (the file is never whole in memory
// unless its producer makes it so; each finished 8 MiB of it starts on its way to the disk, so that commit()'s flush
// waits for the rest only). Refuses a target that exists and is not a regular file (a folder, FIFO, device,
// symbolic link), and with Overwrite::Never one that exists. New files get mode 0666 less the umask; replaced files
// keep their mode. A failure of `produce` is returned as it is, and removes the temporary.
Result<StagedFile> stageFile(const std::string& path, const ByteProducer& produce,
                             Overwrite overwrite = Overwrite::Replace);
// The same for bytes already in memory, as pieces (no need to join them first).
Result<StagedFile> stageFile(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces,
                             Overwrite overwrite = Overwrite::Replace);

// Commits files in order, stopping at the first failure (the rest are discarded), so that a file that refers
// to an earlier one (a .gltf to its .bin) appears only after it. While it commits, other processes committing
// into the same folder through inputanim wait, so that pairs from two runs are never mixed.
Status commitInOrder(std::vector<StagedFile>& files);

// Stages and commits: an interrupted or failing run leaves either the old file or the complete new one,
// never a partial file, and the new file is on disk before it replaces the old one.
Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes,
                           Overwrite overwrite = Overwrite::Replace);
Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces,
                           Overwrite overwrite = Overwrite::Replace);

// For programs (the CLI): SIGINT, SIGTERM and SIGHUP remove every temporary not yet committed before the
// process ends as the signal asks; a file size limit (SIGXFSZ) becomes a write error instead of a kill.
void removeTemporariesOnSignals();

}  // namespace inputanim
