// The bytes of a glTF file's buffers, read by inputanim itself (internal to the glTF layer): a GLB's BIN chunk
// in place, data URIs decoded, external files resolved to their real path and read only inside the glTF's
// folder. tinygltf is never given a file system to search.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/gltf/container.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {

// Bytes decoded from compressed views that the whole process holds at once (every worker's documents together), at
// most `limit`: a reservation gives its bytes back when it ends.
class DecodedBytes {
public:
    DecodedBytes() = default;
    DecodedBytes(DecodedBytes&& other) noexcept : bytes_(std::exchange(other.bytes_, 0)), owner_(other.owner_) {}
    DecodedBytes& operator=(DecodedBytes&& other) noexcept;
    ~DecodedBytes() { release(); }
    // Adds `bytes` to this reservation (on the thread that made it). A thread holding no reservation waits while
    // others hold what it would exceed; one that holds some cannot wait (they might wait for it): false when the
    // bytes do not fit now, or ever.
    bool reserve(std::uint64_t bytes, std::uint64_t limit);
    static std::uint64_t heldByProcess();

private:
    void release();
    std::uint64_t bytes_ = 0;
    std::thread::id owner_;  // the thread that reserved them
};

struct GltfBuffers {
    // Per buffer, exactly byteLength bytes; none for a placeholder (EXT_meshopt_compression's fallback buffer), then
    // after the file's buffers the views decoded by decompressViews.
    std::vector<std::span<const std::uint8_t>> data;
    std::vector<FileBytes> owned;  // decoded data URIs and external files
    std::vector<std::string> files;  // the external files read, resolved
    DecodedBytes decoded;  // what the decoded views hold of the process's limit
};

// Reads every buffer of `json` ("/buffers"). A buffer without a uri is the GLB's BIN chunk (buffer 0 only), or a
// placeholder for compressed views.
// Other buffers: data URIs, or relative paths inside the glTF's folder (after resolving symbolic links), or
// with `allowExternalPaths` any local path; no scheme but data: is accepted.
Result<GltfBuffers> readBuffers(const nlohmann::json& json, std::optional<std::span<const std::uint8_t>> glbBin,
                                const std::string& path, bool allowExternalPaths);

// The file a buffer's URI names, as `readBuffers` takes it: percent-decoded once; refused when the escape is invalid,
// the URI empty or holding NUL, another scheme than data:, or (unless `allowExternalPaths`) an absolute path or '..'.
// Nothing is resolved or read. `path` and `pointer` place the error.
Result<std::string> fileNamed(const std::string& uri, const std::string& path, const std::string& pointer,
                              bool allowExternalPaths);

// The files beside a .gltf that its buffers name (container.hpp's bufferFilesBeside).
std::vector<BufferFile> bufferFilesBeside(const nlohmann::json& json);

// The external files the buffers of `json` name, resolved (with symbolic links), whether or not they are
// allowed; names that do not resolve are left out. Nothing is read.
std::vector<std::string> externalBufferFiles(const nlohmann::json& json, const std::string& path);

}  // namespace inputanim
