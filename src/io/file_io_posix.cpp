// The POSIX side of file_io.hpp (Linux, macOS, emscripten): descriptors, O_TMPFILE, renameat2, signals.
#if !defined(_WIN32)
#include "inputanim/io/file_io.hpp"
#include "system_files.hpp"
#include "temporaries.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <utility>

namespace inputanim {
namespace {

Error systemError(const std::string& path, const std::string& what, ErrorKind kind) {
    return Error{path, {}, what + ": " + std::strerror(errno), kind};
}

std::string kindOfFile(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a regular file";
}

// Holds signals back (they are delivered on release) while a temporary exists but is not yet remembered: one
// arriving in between would leave it behind.
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t all;
        ::sigfillset(&all);
        ::pthread_sigmask(SIG_BLOCK, &all, &previous_);
    }
    ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t previous_;
};

// Signals that end the process by default and can be caught: each removes the named temporaries first. (Unnamed
// ones, and SIGKILL, need nothing: the system drops an unlinked file.)
constexpr int kEndingSignals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                  SIGTRAP, SIGABRT, SIGXCPU, SIGPIPE, SIGBUS,  SIGSYS,  SIGPOLL, SIGPWR};

extern "C" void removeTemporariesAndDie(int signal) {
    temporaries::removeAll([](const char* temporary) { ::unlink(temporary); });  // async-signal-safe
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

// The process's umask, read without changing it (/proc), else by setting and restoring it once.
mode_t currentUmask() {
    static const mode_t mask = [] {
        std::ifstream status("/proc/self/status");
        std::string line;
        while (std::getline(status, line))
            if (line.rfind("Umask:", 0) == 0) return mode_t(std::strtoul(line.c_str() + 6, nullptr, 8));
        const mode_t m = ::umask(022);
        ::umask(m);
        return m;
    }();
    return mask;
}

// Exclusive among inputanim processes committing into one folder (an advisory lock on the folder itself).
class FolderLock {
public:
    explicit FolderLock(const std::string& file) {
        const std::filesystem::path target(file);
        const std::string folder = target.has_parent_path() ? target.parent_path().string() : ".";
        fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd_ >= 0) ::flock(fd_, LOCK_EX);  // advice only: without it the commit still happens
    }
    ~FolderLock() {
        if (fd_ >= 0) ::close(fd_);  // closing releases the lock
    }
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

private:
    int fd_ = -1;
};

// Refuses a target that is there and is not a regular file; reports whether one is there, and its mode.
Result<std::optional<mode_t>> existingTarget(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno == ENOENT) return std::optional<mode_t>{};
        return systemError(path, "cannot inspect the output path", ErrorKind::OutputFailed);
    }
    if (!S_ISREG(info.st_mode))
        return Error{
            path,
            {},
            "exists and is " + kindOfFile(info.st_mode) + "; only regular files are replaced (choose another output)",
            ErrorKind::OutputFailed};
    return std::optional<mode_t>(info.st_mode & 07777);
}

constexpr std::size_t kWritebackSlice = 8u << 20;

// Starts writing a finished range to disk without waiting for it. Advice only: a failure shows at the fsync.
void startWriteback(int fd, std::uint64_t offset, std::uint64_t length) {
#if defined(__linux__)
    ::sync_file_range(fd, off_t(offset), off_t(length), SYNC_FILE_RANGE_WRITE);
#else
    (void)fd, (void)offset, (void)length;
#endif
}

// An unnamed file in `folder` (O_TMPFILE): nothing of it is left on disk if the process dies before it is linked
// into place, whatever kills it. -1 where the file system or the system cannot (the caller then names a temporary).
int openUnnamed(const std::string& folder, mode_t mode) {
#if defined(O_TMPFILE)
    if (::access("/proc/self/fd", X_OK) != 0) return -1;  // linking it needs /proc (or privileges)
    return ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    (void)folder, (void)mode;
    return -1;
#endif
}

// Gives an unnamed file the name `to` (failing with EEXIST where one is there).
int linkUnnamed(int fd, const char* to) {
    char self[64];
    std::snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    return ::linkat(AT_FDCWD, self, AT_FDCWD, to, AT_SYMLINK_FOLLOW);
}

// rename() that fails with EEXIST instead of replacing: renameat2's RENAME_NOREPLACE, or where the file system
// lacks it, link() (which never replaces) and unlink().
int renameNoReplace(const char* from, const char* to) {
#ifdef RENAME_NOREPLACE
    if (::renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
#endif
    if (::link(from, to) != 0) return -1;
    ::unlink(from);
    return 0;
}

}  // namespace

Result<FileReader> FileReader::open(const std::string& path) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore the flag.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return systemError(path, "cannot open for reading", ErrorKind::InputFailed);
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        const Error error =
            Error{path, {}, "is " + kindOfFile(info.st_mode) + "; expected a regular file", ErrorKind::InputFailed};
        ::close(fd);
        return error;
    }
    return FileReader(fd, path, std::uint64_t(info.st_size));
}

std::optional<std::string> FileReader::openedPath() const {
    char link[64];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd_);
    std::string target(4096, '\0');
    const ssize_t n = ::readlink(link, target.data(), target.size());
    if (n <= 0 || std::size_t(n) >= target.size()) return std::nullopt;
    target.resize(std::size_t(n));
    return target;
}

FileReader::~FileReader() {
    if (fd_ >= 0) ::close(fd_);
}

Result<std::size_t> FileReader::read(std::span<std::uint8_t> into) {
    for (;;) {
        const ssize_t n = ::pread(fd_, into.data(), into.size(), off_t(position_));
        if (n >= 0) {
            position_ += std::uint64_t(n);
            return std::size_t(n);
        }
        if (errno != EINTR && errno != EAGAIN) return systemError(path_, "read failed", ErrorKind::InputFailed);
    }
}

StagedFile::StagedFile(int fd, std::unique_ptr<char[]> temporary, std::string target, Overwrite overwrite)
    : fd_(fd), temporary_(std::move(temporary)), target_(std::move(target)), overwrite_(overwrite) {
    if (temporary_) temporaries::remember(temporary_.get());
}

void StagedFile::discard() {
    if (fd_ < 0) return;
    ::close(std::exchange(fd_, -1));
    if (!temporary_) return;  // unnamed: gone with its descriptor
    ::unlink(temporary_.get());
    temporaries::forget(temporary_.get());
}

Status StagedFile::commit() {
    if (fd_ < 0) return Error{target_, {}, "already committed or discarded", ErrorKind::OutputFailed};
    if (::fsync(fd_) != 0) {
        const Error error = systemError(target_, "cannot flush to disk", ErrorKind::OutputFailed);
        discard();
        return error;
    }
    if (!temporary_) return commitUnnamed();
    const int fd = std::exchange(fd_, -1);
    auto fail = [&](Error error) -> Status {
        ::unlink(temporary_.get());
        temporaries::forget(temporary_.get());
        return error;
    };
    if (::close(fd) != 0) return fail(systemError(target_, "close failed", ErrorKind::OutputFailed));
    if (overwrite_ == Overwrite::Never) {
        if (renameNoReplace(temporary_.get(), target_.c_str()) != 0)
            return fail(errno == EEXIST ? existsError(target_)
                                        : systemError(target_, "cannot rename the finished temporary file into place",
                                                      ErrorKind::OutputFailed));
    } else {
        // Another process may have put something else there meanwhile: still only a regular file is replaced.
        if (auto existing = existingTarget(target_); !existing) return fail(existing.error());
        if (::rename(temporary_.get(), target_.c_str()) != 0)
            return fail(
                systemError(target_, "cannot rename the finished temporary file into place", ErrorKind::OutputFailed));
    }
    temporaries::forget(temporary_.get());
    return Success{};
}

// An unnamed file (flushed) linked into place: at the target where none is there, or under a hidden name beside it
// and renamed over it. Only between that link and the rename does the file have a name of its own.
Status StagedFile::commitUnnamed() {
    auto closed = [&](Status status) {
        ::close(std::exchange(fd_, -1));
        return status;
    };
    if (overwrite_ == Overwrite::Never) {
        if (linkUnnamed(fd_, target_.c_str()) == 0) return closed(Success{});
        return closed(errno == EEXIST
                          ? existsError(target_)
                          : systemError(target_, "cannot link the finished file into place", ErrorKind::OutputFailed));
    }
    if (auto existing = existingTarget(target_); !existing) return closed(existing.error());
    const std::filesystem::path target(target_);
    const std::string stem = (target.has_parent_path() ? target.parent_path() : std::filesystem::path(".")).string() +
                             "/." + target.filename().string() + ".tmp-";
    for (unsigned attempt = 0; attempt < 100; ++attempt) {
        const std::string name = stem + std::to_string(::getpid()) + "-" + std::to_string(attempt);
        auto temporary = std::make_unique<char[]>(name.size() + 1);
        std::memcpy(temporary.get(), name.c_str(), name.size() + 1);
        std::optional<SignalsHeld> held(std::in_place);
        if (linkUnnamed(fd_, temporary.get()) != 0) {
            if (errno == EEXIST) continue;
            return closed(
                systemError(target_, "cannot link the finished file beside its target", ErrorKind::OutputFailed));
        }
        temporaries::remember(temporary.get());
        held.reset();
        const bool renamed = ::rename(temporary.get(), target_.c_str()) == 0;
        if (!renamed) {
            const Error error =
                systemError(target_, "cannot rename the finished file into place", ErrorKind::OutputFailed);
            ::unlink(temporary.get());
            temporaries::forget(temporary.get());
            return closed(error);
        }
        temporaries::forget(temporary.get());
        return closed(Success{});
    }
    return closed(Error{target_, {}, "cannot find a free temporary name beside it", ErrorKind::OutputFailed});
}

Status StagedFile::rewrite(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
    if (fd_ < 0) return Error{target_, {}, "already committed or discarded", ErrorKind::OutputFailed};
    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::pwrite(fd_, bytes.data() + done, bytes.size() - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return systemError(target_, "write failed", ErrorKind::OutputFailed);
        done += std::size_t(n);
    }
    return Success{};
}

Status writeAll(int fd, std::span<const std::uint8_t> bytes, const std::string& name) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return systemError(name, "write failed", ErrorKind::OutputFailed);
        done += std::size_t(n);
    }
    return Success{};
}

Result<StagedFile> stageFile(const std::string& path, const ByteProducer& produce, Overwrite overwrite) {
    auto existing = existingTarget(path);
    if (!existing) return existing.error();
    if (*existing && overwrite == Overwrite::Never) return existsError(path);
    const std::filesystem::path target(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    std::string hidden = ".";  // built step by step: GCC 12 warns falsely (-Wrestrict) on "." + string
    hidden += target.filename().string();
    hidden += ".tmp-XXXXXX";
    const std::string temporaryPath = (folder / hidden).string();
    auto temporary = std::make_unique<char[]>(temporaryPath.size() + 1);
    std::memcpy(temporary.get(), temporaryPath.c_str(), temporaryPath.size() + 1);
    const mode_t newMode = 0666 & ~currentUmask();
    auto held = std::make_optional<SignalsHeld>();
    int fd = openUnnamed(folder.string(), newMode);
    if (fd >= 0) temporary.reset();  // unnamed: nothing to remove, whatever ends the process
    else fd = ::mkstemp(temporary.get());
    if (fd < 0)
        return systemError(path, "cannot create a temporary file in " + folder.string(), ErrorKind::OutputFailed);
    StagedFile staged(fd, std::move(temporary), path, overwrite);  // removes the temporary on any failure below
    held.reset();
    // Written in slices, each handed to the disk as it is finished: the flush before the rename then waits for
    // the last slice only, not for the whole file.
    std::uint64_t handedToDisk = 0, pending = 0;
    auto written = produce([&](std::span<const std::uint8_t> bytes) -> Status {
        while (!bytes.empty()) {
            const auto slice = bytes.first(std::min<std::size_t>(bytes.size(), kWritebackSlice - pending));
            if (auto s = writeAll(fd, slice, path); !s) return s;
            bytes = bytes.subspan(slice.size());
            if ((pending += slice.size()) == kWritebackSlice) {
                startWriteback(fd, handedToDisk, pending);
                handedToDisk += pending;
                pending = 0;
            }
        }
        return Success{};
    });
    if (!written) return written.error();
    const mode_t mode = existing->value_or(newMode);
    if (::fchmod(fd, mode) != 0) return systemError(path, "cannot set permissions", ErrorKind::OutputFailed);
    return staged;
}

Status commitInOrder(std::vector<StagedFile>& files) {
    std::optional<FolderLock> lock;
    if (files.size() > 1) lock.emplace(files.front().target());
    for (auto& file : files)
        if (auto committed = file.commit(); !committed) {
            files.clear();
            return committed;
        }
    return Success{};
}

Result<bool> regularTargetExists(const std::string& path) {
    auto existing = existingTarget(path);
    if (!existing) return existing.error();
    return existing->has_value();
}

std::optional<FileIdentity> fileIdentity(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::nullopt;
    return FileIdentity{std::uint64_t(info.st_dev), std::uint64_t(info.st_ino)};
}

void removeTemporariesOnSignals() {
    for (int signal : kEndingSignals) std::signal(signal, removeTemporariesAndDie);
    std::signal(SIGXFSZ, SIG_IGN);  // write() then fails with EFBIG, and the temporary is removed as on any error
}

}  // namespace inputanim

#endif  // !_WIN32
