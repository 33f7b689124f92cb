// The glTF container, as far as callers see it: what a file's bytes hold, its animations, the buffer files a .gltf
// names. Knows nothing of MRTK.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "inputanim/core/error.hpp"
#include "inputanim/io/file_io.hpp"

namespace inputanim {

// One animation of a file.
struct AnimationSummary {
    std::string name;
    std::size_t channels = 0;
    double duration = 0;  // seconds: the latest key time of its samplers
};

// What glTF the bytes hold by their start: a GLB (its magic), JSON text (an object, after white space and a UTF-8
// byte-order mark, which glTF forbids but readers are asked to ignore), or neither.
enum class GltfForm { None, Glb, Json };
GltfForm gltfFormOf(std::span<const std::uint8_t> bytes);

// The external buffer files a glTF names, resolved as import resolves them, without reading them (for a batch,
// which must not take a .gltf's buffer for a recording). Names that do not resolve are left out.
std::vector<std::string> bufferFilesNamed(std::span<const std::uint8_t> bytes, const std::string& path);

// A file beside a .gltf that one of its buffers names: the URI as written (to fetch it relative to the .gltf's
// address) and the file's path relative to the .gltf's folder (decoded once, as reading the .gltf takes it).
struct BufferFile {
    std::string uri;
    std::string path;
};
// The files a .gltf's (or a GLB's JSON chunk's) buffers name beside it, each once, without reading them: a front end
// that has no file system (a browser) fetches them and puts them beside the file. URIs that name no such file (data:,
// another scheme, an absolute path, '..', an invalid escape) are left out: reading the file then says why.
std::vector<BufferFile> bufferFilesBeside(std::span<const std::uint8_t> bytes);

class GltfDocument;  // the container's checked document (internal to the glTF layer)

// A glTF file read once (parsed, checked, its buffers read): the profile checks and the import both take it, so
// that a front end that wants both (validation, the viewer's open) never parses a file twice.
class ParsedGltf {
public:
    explicit ParsedGltf(std::unique_ptr<GltfDocument> document);
    ParsedGltf(ParsedGltf&&) noexcept;
    ParsedGltf& operator=(ParsedGltf&&) noexcept;
    ~ParsedGltf();
    GltfDocument& document() const { return *document_; }

private:
    std::unique_ptr<GltfDocument> document_;
};

// `path` names the file in messages and locates a .gltf's external buffers (outside its folder only when
// `allowExternalPaths`); `animation` selects the animation read ("" the first, else a name or an index).
Result<ParsedGltf> parseGltf(std::span<const std::uint8_t> bytes, const std::string& path,
                             bool allowExternalPaths = false, const std::string& animation = {});
// The same, freeing the file's bytes as soon as the document holds what it needs (a large .glb's keys are then
// never in memory three times: file, document and recording).
Result<ParsedGltf> parseGltf(FileBytes&& bytes, const std::string& path, bool allowExternalPaths = false,
                             const std::string& animation = {});

}  // namespace inputanim
