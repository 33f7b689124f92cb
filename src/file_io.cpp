#include "inputanim/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace inputanim {
namespace {

Error systemError(const std::string& path, const std::string& what) {
    return Error{path, {}, what + ": " + std::strerror(errno)};
}

}  // namespace

std::string lowercaseExtension(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    return extension;
}

Result<FileBytes> readFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return systemError(path, "cannot open for reading");
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        const Error error = S_ISDIR(info.st_mode) ? Error{path, {}, "is a folder, expected a file"}
                                                  : systemError(path, "not a regular file");
        ::close(fd);
        return error;
    }
    FileBytes bytes(static_cast<std::size_t>(info.st_size));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const Error error = n < 0 ? systemError(path, "read failed") : Error{path, done, "file shrank while being read"};
            ::close(fd);
            return error;
        }
        done += std::size_t(n);
    }
    ::close(fd);
    return bytes;
}

StagedFile::StagedFile(int fd, std::string temporary, std::string target)
    : fd_(fd), temporary_(std::move(temporary)), target_(std::move(target)) {}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), temporary_(std::move(other.temporary_)), target_(std::move(other.target_)) {}

StagedFile& StagedFile::operator=(StagedFile&& other) noexcept {
    if (this != &other) {
        discard();
        fd_ = std::exchange(other.fd_, -1);
        temporary_ = std::move(other.temporary_);
        target_ = std::move(other.target_);
    }
    return *this;
}

StagedFile::~StagedFile() { discard(); }

void StagedFile::discard() {
    if (fd_ < 0) return;
    ::close(std::exchange(fd_, -1));
    ::unlink(temporary_.c_str());
}

Status StagedFile::commit() {
    if (fd_ < 0) return Error{target_, {}, "already committed or discarded"};
    if (::fsync(fd_) != 0) {
        const Error error = systemError(target_, "cannot flush to disk");
        discard();
        return error;
    }
    const int fd = std::exchange(fd_, -1);
    if (::close(fd) != 0) {
        const Error error = systemError(target_, "close failed");
        ::unlink(temporary_.c_str());
        return error;
    }
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
        const Error error = systemError(target_, "cannot rename the finished temporary file into place");
        ::unlink(temporary_.c_str());
        return error;
    }
    return Success{};
}

Result<StagedFile> stageFile(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces) {
    const std::filesystem::path target(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    std::string hidden = ".";  // built step by step: GCC 12 warns falsely (-Wrestrict) on "." + string
    hidden += target.filename().string();
    hidden += ".tmp-XXXXXX";
    std::string temporary = (folder / hidden).string();
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0) return systemError(path, "cannot create a temporary file in " + folder.string());
    StagedFile staged(fd, temporary, path);  // removes the temporary on any failure below
    for (const auto& bytes : pieces) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return systemError(path, "write failed");
            done += std::size_t(n);
        }
    }
    if (::fchmod(fd, 0644) != 0) return systemError(path, "cannot set permissions");
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

Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes) {
    const std::span<const std::uint8_t> pieces[] = {bytes};
    return writeFileAtomically(path, pieces);
}

Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces) {
    auto staged = stageFile(path, pieces);
    if (!staged) return staged.error();
    return staged->commit();
}

}  // namespace inputanim
