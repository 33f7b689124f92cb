// What file_io.hpp does the same on every system; the rest is in file_io_posix.cpp and file_io_windows.cpp.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <new>
#include <utility>

#include "inputanim/io/file_io.hpp"
#include "system_files.hpp"

namespace inputanim {

std::filesystem::path nativePath(const std::string& utf8) {
#if defined(_WIN32)
    return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
#else
    return std::filesystem::path(utf8);
#endif
}

std::string utf8Path(const std::filesystem::path& path) {
#if defined(_WIN32)
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
#else
    return path.string();
#endif
}

bool pathInside(const std::filesystem::path& inner, const std::filesystem::path& folder) {
    auto f = folder.begin(), i = inner.begin();
    for (; f != folder.end(); ++f, ++i)
        if (i == inner.end() || *i != *f) return false;
    return true;
}

std::string lowercaseExtension(const std::string& path) {
    std::string extension = utf8Path(nativePath(path).extension());
    for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    return extension;
}

FileReader::FileReader(FileReader&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      path_(std::move(other.path_)),
      size_(other.size_),
      position_(other.position_) {}

Result<FileBytes> FileReader::readRest(std::optional<std::uint64_t> limit) {
    const std::uint64_t end = std::min<std::uint64_t>(size_, limit.value_or(UINT64_MAX));
    const std::uint64_t size = end - std::min(position_, end);
    FileBytes bytes;
    try {
        bytes.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        return Error{path_, {}, "not enough memory to read " + std::to_string(size) + " bytes", ErrorKind::InputFailed};
    }
    const ByteSource source = [this](std::span<std::uint8_t> into) { return read(into); };
    if (auto e = readExactly(source, bytes, path_, position_)) return *e;
    return bytes;
}

Result<FileBytes> readFile(const std::string& path, std::optional<std::uint64_t> limit) {
    auto file = FileReader::open(path);
    if (!file) return file.error();
    return file->readRest(limit);
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      temporary_(std::move(other.temporary_)),
      target_(std::move(other.target_)),
      overwrite_(other.overwrite_) {}

StagedFile& StagedFile::operator=(StagedFile&& other) noexcept {
    if (this != &other) {
        discard();
        fd_ = std::exchange(other.fd_, -1);
        temporary_ = std::move(other.temporary_);
        target_ = std::move(other.target_);
        overwrite_ = other.overwrite_;
    }
    return *this;
}

StagedFile::~StagedFile() { discard(); }

Status checkTarget(const std::string& path, Overwrite overwrite) {
    auto existing = regularTargetExists(path);
    if (!existing) return existing.error();
    if (*existing && overwrite == Overwrite::Never) return existsError(path);
    return Success{};
}

Result<StagedFile> stageFile(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces,
                             Overwrite overwrite) {
    return stageFile(
        path,
        [&](const ByteSink& write) -> Status {
            for (const auto& piece : pieces)
                if (auto s = write(piece); !s) return s;
            return Success{};
        },
        overwrite);
}

Status writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes, Overwrite overwrite) {
    const std::span<const std::uint8_t> pieces[] = {bytes};
    return writeFileAtomically(path, pieces, overwrite);
}

Status writeFileAtomically(const std::string& path, std::span<const std::span<const std::uint8_t>> pieces,
                           Overwrite overwrite) {
    auto staged = stageFile(path, pieces, overwrite);
    if (!staged) return staged.error();
    return staged->commit();
}

}  // namespace inputanim
