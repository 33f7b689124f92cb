#include "buffers.hpp"

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include "uri.hpp"

namespace inputanim {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

Error refused(const std::string& path, const std::string& pointer, const std::string& message,
              Reason reason = Reason::Unspecified) {
    return Error::inJson(path, pointer, message, ErrorKind::Refused, reason);
}

// The glTF's folder, resolved.
fs::path folderOf(const std::string& path) {
    std::error_code error;
    return fs::weakly_canonical(fs::absolute(nativePath(path), error).parent_path(), error);
}

}  // namespace

Result<std::string> fileNamed(const std::string& uri, const std::string& path, const std::string& pointer,
                              bool allowExternalPaths) {
    const auto decoded = uriDecode(uri);
    if (!decoded)
        return Error::inJson(path, pointer, "'" + uri + "' holds a '%' that is not followed by two hex digits");
    if (decoded->empty()) return Error::inJson(path, pointer, "empty uri");
    if (decoded->find('\0') != std::string::npos) return refused(path, pointer, "the uri holds a NUL character");
    const auto colon = decoded->find(':'), slash = decoded->find('/');
    if (colon != std::string::npos && (slash == std::string::npos || colon < slash))
        return refused(
            path, pointer,
            "scheme '" + decoded->substr(0, colon) + ":' is not allowed (only data: URIs and relative paths)");
    const fs::path named = nativePath(*decoded);
    if (!allowExternalPaths) {
        // A leading separator is absolute on every system (Windows reads "/etc/x" as the drive's root).
        if (named.is_absolute() || (*decoded)[0] == '\\' || (*decoded)[0] == '/')
            return refused(path, pointer, "absolute paths are not allowed", Reason::OutsideFolder);
        for (const auto& part : named)
            if (part == "..") return refused(path, pointer, "'..' leaves the file's folder", Reason::OutsideFolder);
    }
    return *decoded;
}

namespace {

// The external file a buffer URI names: decoded once (fileNamed), resolved to its real path, inside the glTF's
// folder.
Result<std::string> resolveExternal(const std::string& uri, const std::string& path, const std::string& pointer,
                                    bool allowExternalPaths) {
    auto decoded = fileNamed(uri, path, pointer, allowExternalPaths);
    if (!decoded) return decoded.error();
    const fs::path named = nativePath(*decoded);
    std::error_code error;
    const fs::path folder = folderOf(path);
    const fs::path file = named.is_absolute() ? named : folder / named;
    const fs::path real = fs::canonical(file, error);
    if (error)
        return Error{
            path, {}, pointer + ": cannot read " + utf8Path(file) + ": " + error.message(), ErrorKind::InputFailed};
    if (!allowExternalPaths && !pathInside(real, folder))
        return refused(
            path, pointer,
            "'" + *decoded + "' resolves to " + utf8Path(real) + ", outside the glTF's folder (a symbolic link?)",
            Reason::OutsideFolder);
    return utf8Path(real);
}

// The first `length` bytes of an external buffer's file, opened once: the file read is the one whose real path was
// checked (where the system tells an open file's path), so that a name swapped for a symbolic link meanwhile reads
// nothing outside the folder.
Result<FileBytes> readExternal(const std::string& file, std::uint64_t length, const std::string& path,
                               const std::string& pointer, bool allowExternalPaths) {
    auto reader = FileReader::open(file);
    if (!reader) return Error::inJson(path, pointer, reader.error().describe(), reader.error().kind);
    if (!allowExternalPaths)
        if (const auto opened = reader->openedPath(); opened && !pathInside(nativePath(*opened), folderOf(path)))
            return refused(path, pointer,
                           "'" + file + "' was replaced while being opened: it now leads to " + *opened +
                               ", outside the glTF's folder",
                           Reason::OutsideFolder);
    auto bytes = reader->readRest(length);  // only what the buffer declares
    if (!bytes) return Error::inJson(path, pointer, bytes.error().describe(), bytes.error().kind);
    return bytes;
}

// EXT_meshopt_compression's fallback buffer: marked as such, or without bytes in a file that uses the extension. Its
// bytes are not read: only compressed views may refer to it (decompressViews checks).
bool isPlaceholder(const Json& json, const Json& buffer, bool glbChunk) {
    const Json* fallback = nullptr;
    if (const auto ext = buffer.find("extensions"); ext != buffer.end() && ext->is_object())
        if (const auto meshopt = ext->find("EXT_meshopt_compression"); meshopt != ext->end() && meshopt->is_object())
            if (const auto f = meshopt->find("fallback"); f != meshopt->end()) fallback = &*f;
    if (fallback && fallback->is_boolean() && fallback->get<bool>()) return true;
    if (buffer.contains("uri") || glbChunk) return false;
    const auto used = json.find("extensionsUsed");
    if (used == json.end() || !used->is_array()) return false;
    for (const Json& name : *used)
        if (name == "EXT_meshopt_compression") return true;
    return false;
}

}  // namespace

std::vector<std::string> externalBufferFiles(const Json& json, const std::string& path) {
    std::vector<std::string> files;
    const auto list = json.find("buffers");
    if (list == json.end() || !list->is_array()) return files;
    for (const Json& buffer : *list)
        if (buffer.is_object() && buffer.contains("uri") && buffer["uri"].is_string() &&
            !isDataUri(buffer["uri"].get<std::string>()))
            if (auto file = resolveExternal(buffer["uri"].get<std::string>(), path, "", true)) files.push_back(*file);
    return files;
}

std::vector<BufferFile> bufferFilesBeside(const Json& json) {
    std::vector<BufferFile> files;
    const auto list = json.find("buffers");
    if (list == json.end() || !list->is_array()) return files;
    for (const Json& buffer : *list) {
        const auto uri = buffer.is_object() ? buffer.find("uri") : buffer.end();
        if (uri == buffer.end() || !uri->is_string() || isDataUri(uri->get<std::string>())) continue;
        auto file = fileNamed(uri->get<std::string>(), "", "", false);
        const bool again = std::any_of(files.begin(), files.end(), [&](const BufferFile& f) { return f.uri == *uri; });
        if (file && !again) files.push_back({uri->get<std::string>(), *file});
    }
    return files;
}

Result<GltfBuffers> readBuffers(const Json& json, std::optional<std::span<const std::uint8_t>> glbBin,
                                const std::string& path, bool allowExternalPaths) {
    GltfBuffers buffers;
    std::map<std::string, std::size_t> readAlready;  // an external file, by real path, and its index in `owned`
    const auto list = json.find("buffers");
    if (list == json.end()) return buffers;
    if (!list->is_array()) return Error::inJson(path, "/buffers", "expected an array");
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& buffer = (*list)[i];
        const std::string pointer = "/buffers/" + std::to_string(i);
        if (!buffer.is_object()) return Error::inJson(path, pointer, "expected an object");
        const auto byteLength = buffer.find("byteLength");
        if (byteLength == buffer.end() || !byteLength->is_number_unsigned() || byteLength->get<std::uint64_t>() < 1)
            return Error::inJson(path, pointer + "/byteLength", "expected an integer of at least 1");
        const std::uint64_t length = byteLength->get<std::uint64_t>();
        if (isPlaceholder(json, buffer, i == 0 && glbBin)) {
            buffers.data.emplace_back();
            continue;
        }
        const auto uri = buffer.find("uri");
        if (uri == buffer.end()) {
            if (i != 0 || !glbBin)
                return Error::inJson(path, pointer,
                                     "has no uri, so its bytes must be a GLB's BIN chunk, and there is none");
            if (length > glbBin->size())
                return Error::inJson(path, pointer + "/byteLength",
                                     std::to_string(length) + " bytes exceed the GLB's BIN chunk (" +
                                         std::to_string(glbBin->size()) + " bytes)");
            buffers.data.push_back(glbBin->first(std::size_t(length)));
            continue;
        }
        if (!uri->is_string()) return Error::inJson(path, pointer + "/uri", "expected a string");
        const std::string text = uri->get<std::string>();
        FileBytes bytes;
        if (isDataUri(text)) {
            auto decoded = dataUriBytes(text);
            if (!decoded) return Error::inJson(path, pointer + "/uri", "a data URI whose payload does not decode");
            bytes.assign(decoded->begin(), decoded->end());
        } else {
            auto file = resolveExternal(text, path, pointer + "/uri", allowExternalPaths);
            if (!file) return file.error();
            if (const auto it = readAlready.find(*file);
                it != readAlready.end() && buffers.owned[it->second].size() >= length) {
                buffers.data.push_back(
                    std::span<const std::uint8_t>(buffers.owned[it->second]).first(std::size_t(length)));  // read once
                continue;
            }
            auto read = readExternal(*file, length, path, pointer + "/uri", allowExternalPaths);
            if (!read) return read.error();
            bytes = std::move(*read);
            if (std::find(buffers.files.begin(), buffers.files.end(), *file) == buffers.files.end())
                buffers.files.push_back(*file);
            readAlready[*file] = buffers.owned.size();
        }
        if (bytes.size() < length)
            return Error::inJson(
                path, pointer + "/byteLength",
                std::to_string(length) + " bytes, but its data holds only " + std::to_string(bytes.size()));
        buffers.owned.push_back(std::move(bytes));
        buffers.data.push_back(std::span<const std::uint8_t>(buffers.owned.back()).first(std::size_t(length)));
    }
    return buffers;
}

namespace {

// What every DecodedBytes holds, by the thread that reserved it.
struct DecodedLedger {
    std::mutex mutex;
    std::condition_variable released;
    std::uint64_t held = 0;
    std::map<std::thread::id, std::uint64_t> byThread;
};
DecodedLedger& ledger() {
    static DecodedLedger l;
    return l;
}

}  // namespace

DecodedBytes& DecodedBytes::operator=(DecodedBytes&& other) noexcept {
    if (this != &other) release(), bytes_ = std::exchange(other.bytes_, 0), owner_ = other.owner_;
    return *this;
}

bool DecodedBytes::reserve(std::uint64_t bytes, std::uint64_t limit) {
    DecodedLedger& l = ledger();
    std::unique_lock lock(l.mutex);
    const auto me = std::this_thread::get_id();
    if (bytes > limit) return false;
    while (l.held + bytes > limit) {
        const auto mine = l.byThread.find(me);
        if (mine != l.byThread.end() && mine->second > 0) return false;
        l.released.wait(lock);
    }
    if (bytes_ > 0 && owner_ != me) return false;  // one thread's reservation
    l.held += bytes;
    l.byThread[me] += bytes;
    bytes_ += bytes;
    owner_ = me;
    return true;
}

void DecodedBytes::release() {
    if (bytes_ == 0) return;
    DecodedLedger& l = ledger();
    {
        std::lock_guard lock(l.mutex);
        l.held -= bytes_;
        if (const auto it = l.byThread.find(owner_); it != l.byThread.end() && (it->second -= bytes_) == 0)
            l.byThread.erase(it);
        bytes_ = 0;
    }
    l.released.notify_all();
}

std::uint64_t DecodedBytes::heldByProcess() {
    std::lock_guard lock(ledger().mutex);
    return ledger().held;
}

}  // namespace inputanim
