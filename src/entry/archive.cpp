#include "inputanim/archive.hpp"

#include <algorithm>

#include "inputanim/core/sha256.hpp"
#include "inputanim/core/version.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/load.hpp"
#include "inputanim/mrtk/binary_format.hpp"

namespace inputanim {

Provenance unhashedProvenanceOf(std::uint64_t bytes, const std::string& path, Encoding encoding) {
    Provenance p;
    p.sourceName = utf8Path(nativePath(path).filename());
    p.sourceBytes = bytes;
    p.sourceFormat = "MRTK input animation " + std::string(describe(encoding));
    p.tool = std::string("inputanim ") + INPUTANIM_VERSION;
    return p;
}

Result<std::size_t> DigestingSource::operator()(std::span<std::uint8_t> into) {
    auto read = from_(into);
    if (read) {
        hash_.update(into.first(*read));
        bytes_ += *read;
    }
    return read;
}

Result<FileDigest> DigestingSource::drained() {
    ByteBuffer piece(std::size_t(1) << 20);
    for (auto read = (*this)(piece); !read || *read > 0; read = (*this)(piece))
        if (!read) return read.error();
    return FileDigest{bytes_, hexDigest(hash_.finish())};
}

Result<FileDigest> digestFile(const std::string& path) {
    auto file = FileReader::open(path);
    if (!file) return file.error();
    return DigestingSource([&file](std::span<std::uint8_t> into) { return file->read(into); }).drained();
}

Provenance provenanceOf(std::span<const std::uint8_t> source, const std::string& path, Encoding encoding) {
    Provenance p = unhashedProvenanceOf(source.size(), path, encoding);
    p.sourceSha256 = sha256Hex(source);
    return p;
}

Result<ArchiveCheck> verifyArchive(std::span<const std::uint8_t> archive, const std::string& path,
                                   std::optional<FileDigest> original) {
    LoadReport loaded;
    LoadOptions exact;
    exact.gltf = asArchived();
    exact.gltf.acceptDamaged = true;  // a damaged buffer is a result here (bufferIntact), not an error
    auto recording = loadRecording(archive, path, exact, &loaded);
    if (!recording) return recording.error();
    ArchiveCheck check;
    check.recorded = loaded.gltf.provenance;
    check.wayBack = loaded.gltf.ownFile;
    auto rebuilt = writeRecording(*recording);
    if (!rebuilt) return rebuilt.error().from(path);
    check.rebuiltBytes = rebuilt->size();
    check.rebuiltSha256 = sha256Hex(*rebuilt);
    if (check.recorded)
        check.matchesRecorded =
            check.recorded->sourceBytes == check.rebuiltBytes && check.recorded->sourceSha256 == check.rebuiltSha256;
    if (check.recorded && !check.recorded->bufferSha256.empty())
        check.bufferIntact = std::none_of(loaded.gltf.notes.begin(), loaded.gltf.notes.end(), [](const Finding& f) {
            return f.code == "archive-damaged" || f.code == "archive-rewritten";
        });
    if (original) {
        check.originalBytes = original->bytes;
        check.originalSha256 = original->sha256;
        check.matchesOriginal =
            *check.originalBytes == check.rebuiltBytes && check.originalSha256 == check.rebuiltSha256;
    }
    return check;
}

}  // namespace inputanim
