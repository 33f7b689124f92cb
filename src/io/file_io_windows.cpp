// The Windows side of file_io.hpp: UTF-8 paths opened through the wide API, handles kept as C runtime descriptors
// (file_io.hpp's int), finished files flushed and moved into place by MoveFileExW with write-through.
#if defined(_WIN32)
// windows.h first: the other system headers need its definitions.
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <process.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <filesystem>

#include "inputanim/io/file_io.hpp"
#include "system_files.hpp"
#include "temporaries.hpp"
#include "windows_text.hpp"

namespace inputanim {
namespace {

Error systemError(const std::string& path, const std::string& what, ErrorKind kind, DWORD code = ::GetLastError()) {
    return Error{path, {}, what + ": " + windows::message(code), kind};
}

Error notUtf8(const std::string& path, ErrorKind kind) { return Error{path, {}, "the path is not valid UTF-8", kind}; }

HANDLE handleOf(int fd) { return reinterpret_cast<HANDLE>(::_get_osfhandle(fd)); }

// What an open handle is: empty for a regular file, else "a folder", "a device", ... as the POSIX side says it.
std::string kindOfHandle(HANDLE handle) {
    switch (::GetFileType(handle)) {
        case FILE_TYPE_DISK: break;
        case FILE_TYPE_CHAR: return "a device";
        case FILE_TYPE_PIPE: return "a FIFO";
        default: return "not a regular file";
    }
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(handle, &info)) return "not a regular file";
    if (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) return "a symbolic link";
    if (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) return "a folder";
    return "";
}

bool isMissing(DWORD code) { return code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND; }

// Opens what is at `path` to inspect it, without following a final link (a junction or symbolic link is itself
// what is found). INVALID_HANDLE_VALUE with GetLastError() set when nothing can be opened.
HANDLE openToInspect(const std::wstring& path) {
    return ::CreateFileW(path.c_str(), FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
}

extern "C" BOOL WINAPI removeTemporariesAndEnd(DWORD) {
    static wchar_t wide[32768];
    temporaries::removeAll([](const char* temporary) {
        if (::MultiByteToWideChar(CP_UTF8, 0, temporary, -1, wide, 32768) > 0)
            ::DeleteFileW(wide);  // gone when its handle closes
    });
    return FALSE;  // the next handler, the system's, ends the process
}

}  // namespace

Result<bool> regularTargetExists(const std::string& path) {
    const auto wide = windows::widen(path);
    if (!wide) return notUtf8(path, ErrorKind::OutputFailed);
    const HANDLE handle = openToInspect(*wide);
    if (handle == INVALID_HANDLE_VALUE) {
        const DWORD code = ::GetLastError();
        if (isMissing(code)) return false;
        return systemError(path, "cannot inspect the output path", ErrorKind::OutputFailed, code);
    }
    const std::string kind = kindOfHandle(handle);
    ::CloseHandle(handle);
    if (!kind.empty())
        return Error{path,
                     {},
                     "exists and is " + kind + "; only regular files are replaced (choose another output)",
                     ErrorKind::OutputFailed};
    return true;
}

Result<FileReader> FileReader::open(const std::string& path) {
    const auto wide = windows::widen(path);
    if (!wide) return notUtf8(path, ErrorKind::InputFailed);
    // Backup semantics: a folder opens too, so that it is named as one.
    const HANDLE handle =
        ::CreateFileW(wide->c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                      OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (handle == INVALID_HANDLE_VALUE) return systemError(path, "cannot open for reading", ErrorKind::InputFailed);
    const std::string kind = kindOfHandle(handle);
    LARGE_INTEGER size{};
    if (!kind.empty() || !::GetFileSizeEx(handle, &size)) {
        ::CloseHandle(handle);
        return Error{path,
                     {},
                     "is " + (kind.empty() ? std::string("not a regular file") : kind) + "; expected a regular file",
                     ErrorKind::InputFailed};
    }
    const int fd = ::_open_osfhandle(reinterpret_cast<intptr_t>(handle), _O_RDONLY | _O_BINARY);
    if (fd < 0) {
        ::CloseHandle(handle);
        return Error{path, {}, "cannot open for reading: out of descriptors", ErrorKind::InputFailed};
    }
    return FileReader(fd, path, std::uint64_t(size.QuadPart));
}

std::optional<std::string> FileReader::openedPath() const {
    std::wstring path(32768, L'\0');
    const DWORD n = ::GetFinalPathNameByHandleW(handleOf(fd_), path.data(), DWORD(path.size()),
                                                FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
    if (n == 0 || n >= path.size()) return std::nullopt;
    path.resize(n);
    if (path.rfind(L"\\\\?\\UNC\\", 0) == 0) path = L"\\\\" + path.substr(8);
    else if (path.rfind(L"\\\\?\\", 0) == 0) path = path.substr(4);
    return windows::narrow(path.c_str(), int(path.size()));
}

FileReader::~FileReader() {
    if (fd_ >= 0) ::_close(fd_);
}

Result<std::size_t> FileReader::read(std::span<std::uint8_t> into) {
    OVERLAPPED at{};
    at.Offset = DWORD(position_ & 0xffffffffu);
    at.OffsetHigh = DWORD(position_ >> 32);
    DWORD n = 0;
    if (!::ReadFile(handleOf(fd_), into.data(), DWORD(std::min<std::size_t>(into.size(), 1u << 30)), &n, &at)) {
        if (::GetLastError() == ERROR_HANDLE_EOF) return std::size_t(0);
        return systemError(path_, "read failed", ErrorKind::InputFailed);
    }
    position_ += n;
    return std::size_t(n);
}

StagedFile::StagedFile(int fd, std::unique_ptr<char[]> temporary, std::string target, Overwrite overwrite)
    : fd_(fd),
      temporary_(std::move(temporary)),
      target_(std::move(target)),
      overwrite_(overwrite) {}  // remembered by stageFile

void StagedFile::discard() {
    if (fd_ < 0) return;
    ::_close(std::exchange(fd_, -1));
    if (const auto wide = windows::widen(temporary_.get())) ::DeleteFileW(wide->c_str());
    temporaries::forget(temporary_.get());
}

Status StagedFile::commit() {
    if (fd_ < 0) return Error{target_, {}, "already committed or discarded", ErrorKind::OutputFailed};
    if (!::FlushFileBuffers(handleOf(fd_))) {
        const Error error = systemError(target_, "cannot flush to disk", ErrorKind::OutputFailed);
        discard();
        return error;
    }
    ::_close(std::exchange(fd_, -1));
    const auto from = windows::widen(temporary_.get()), to = windows::widen(target_);
    auto fail = [&](Error error) -> Status {
        ::DeleteFileW(from->c_str());
        temporaries::forget(temporary_.get());
        return error;
    };
    DWORD flags = MOVEFILE_WRITE_THROUGH;
    if (overwrite_ == Overwrite::Replace) {
        // Another process may have put something else there meanwhile: still only a regular file is replaced.
        if (auto existing = regularTargetExists(target_); !existing) return fail(existing.error());
        flags |= MOVEFILE_REPLACE_EXISTING;
    }
    if (!::MoveFileExW(from->c_str(), to->c_str(), flags)) {
        const DWORD code = ::GetLastError();
        if (code == ERROR_ALREADY_EXISTS || code == ERROR_FILE_EXISTS) return fail(existsError(target_));
        return fail(
            systemError(target_, "cannot move the finished temporary file into place", ErrorKind::OutputFailed, code));
    }
    temporaries::forget(temporary_.get());
    return Success{};
}

Status StagedFile::rewrite(std::uint64_t offset, std::span<const std::uint8_t> bytes) {
    if (fd_ < 0) return Error{target_, {}, "already committed or discarded", ErrorKind::OutputFailed};
    for (std::size_t done = 0; done < bytes.size();) {
        OVERLAPPED at{};
        at.Offset = DWORD((offset + done) & 0xffffffffu);
        at.OffsetHigh = DWORD((offset + done) >> 32);
        DWORD n = 0;
        const DWORD ask = DWORD(std::min<std::size_t>(bytes.size() - done, 1u << 30));
        if (!::WriteFile(handleOf(fd_), bytes.data() + done, ask, &n, &at) || n == 0)
            return systemError(target_, "write failed", ErrorKind::OutputFailed);
        done += n;
    }
    return Success{};
}

Status writeAll(int fd, std::span<const std::uint8_t> bytes, const std::string& name) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const int n =
            ::_write(fd, bytes.data() + done, unsigned(std::min<std::size_t>(bytes.size() - done, INT_MAX / 2)));
        if (n <= 0)
            return Error{name, {}, std::string("write failed: ") + std::strerror(errno), ErrorKind::OutputFailed};
        done += std::size_t(n);
    }
    return Success{};
}

namespace {

// A new hidden temporary beside `path` (remembered before it exists, so that a console event never leaves it
// behind), open for writing as a descriptor; deletable while open, so that the event's handler can remove it.
Result<std::pair<int, std::unique_ptr<char[]>>> createTemporary(const std::string& path) {
    const std::filesystem::path target = nativePath(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    for (unsigned attempt = 0; attempt < 100; ++attempt) {
        std::string hidden = ".";  // built step by step: GCC 12 warns falsely (-Wrestrict) on "." + string
        hidden += utf8Path(target.filename()) + ".tmp-" + std::to_string(::_getpid()) + "-" + std::to_string(attempt);
        const std::string name = utf8Path(folder / nativePath(hidden));
        auto temporary = std::make_unique<char[]>(name.size() + 1);
        std::memcpy(temporary.get(), name.c_str(), name.size() + 1);
        const auto wide = windows::widen(name);
        if (!wide) return notUtf8(path, ErrorKind::OutputFailed);
        temporaries::remember(temporary.get());
        const HANDLE handle = ::CreateFileW(wide->c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                                            CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
        if (handle == INVALID_HANDLE_VALUE) {
            const DWORD code = ::GetLastError();
            temporaries::forget(temporary.get());
            if (code == ERROR_FILE_EXISTS) continue;
            return systemError(path, "cannot create a temporary file in " + utf8Path(folder), ErrorKind::OutputFailed,
                               code);
        }
        const int fd = ::_open_osfhandle(reinterpret_cast<intptr_t>(handle), _O_WRONLY | _O_BINARY);
        if (fd < 0) {
            ::CloseHandle(handle);
            ::DeleteFileW(wide->c_str());
            temporaries::forget(temporary.get());
            return Error{path, {}, "cannot create a temporary file: out of descriptors", ErrorKind::OutputFailed};
        }
        return std::pair{fd, std::move(temporary)};
    }
    return Error{path, {}, "cannot find a free temporary name beside it", ErrorKind::OutputFailed};
}

}  // namespace

Result<StagedFile> stageFile(const std::string& path, const ByteProducer& produce, Overwrite overwrite) {
    auto existing = regularTargetExists(path);
    if (!existing) return existing.error();
    if (*existing && overwrite == Overwrite::Never) return existsError(path);
    auto created = createTemporary(path);
    if (!created) return created.error();
    const int fd = created->first;
    StagedFile staged(fd, std::move(created->second), path, overwrite);  // removes the temporary on any failure below
    auto written = produce([&](std::span<const std::uint8_t> bytes) { return writeAll(fd, bytes, path); });
    if (!written) return written.error();
    return staged;
}

Status commitInOrder(std::vector<StagedFile>& files) {
    for (auto& file : files)
        if (auto committed = file.commit(); !committed) {
            files.clear();
            return committed;
        }
    return Success{};
}

std::optional<FileIdentity> fileIdentity(const std::string& path) {
    const auto wide = windows::widen(path);
    if (!wide) return std::nullopt;
    const HANDLE handle = ::CreateFileW(wide->c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                        nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (handle == INVALID_HANDLE_VALUE) return std::nullopt;
    BY_HANDLE_FILE_INFORMATION info{};
    const bool known = ::GetFileInformationByHandle(handle, &info);
    ::CloseHandle(handle);
    if (!known) return std::nullopt;
    return FileIdentity{info.dwVolumeSerialNumber, (std::uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow};
}

void removeTemporariesOnSignals() { ::SetConsoleCtrlHandler(removeTemporariesAndEnd, TRUE); }

// Not mapped here: inputs are read (a mapped file's bytes would also keep it from being replaced or deleted).
std::shared_ptr<const MappedFile> FileReader::map() const { return nullptr; }
MappedFile::~MappedFile() = default;
bool MappedFile::intact() const { return true; }

}  // namespace inputanim

#endif  // _WIN32
