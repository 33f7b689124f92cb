// convert --out-dir's plan: the recordings below the inputs, their outputs, what is skipped and what is refused.
#include "batch_plan.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "inputanim/gltf/import.hpp"
#include "inputanim/io/file_io.hpp"

namespace cli {
namespace {

namespace fs = std::filesystem;

bool isRecordingFile(const fs::path& path) {
    const std::string extension = ia::lowercaseExtension(ia::utf8Path(path));
    return extension == ".bin" || extension == ".glb" || extension == ".gltf";
}

// Every recording file below `folder`, in a stable order; folders that cannot be listed are reported, not fatal.
void findFiles(const fs::path& folder, std::vector<fs::path>& found, std::vector<std::string>& problems,
               std::vector<std::string>& skipped) {
    std::vector<fs::path> pending{folder};
    while (!pending.empty()) {
        const fs::path current = pending.back();
        pending.pop_back();
        std::error_code error;
        fs::directory_iterator it(current, error), end;
        for (; !error && it != end; it.increment(error)) {
            std::error_code typeError;
            const auto status = it->symlink_status(typeError);
            if (fs::is_directory(status)) pending.push_back(it->path());
            else if (fs::is_regular_file(status) && isRecordingFile(it->path())) found.push_back(it->path());
            else if (fs::is_symlink(status) && isRecordingFile(it->path()))
                skipped.push_back(ia::utf8Path(it->path()) + ": a symbolic link (not followed)");
        }
        if (error) problems.push_back(ia::utf8Path(current) + ": cannot list the folder: " + error.message());
    }
    std::sort(found.begin(), found.end());
}

struct Head {
    std::uintmax_t size = 0;
    ia::InputKind kind = ia::detectInput({});  // an unreadable file: what its reading will refuse
};

// A file's size and kind, from one open (its first bytes tell MRTK binary from glTF).
Head head(const fs::path& path) {
    Head found;
    if (auto file = ia::FileReader::open(ia::utf8Path(path))) {
        found.size = file->size();
        if (auto bytes = file->readRest(16)) found.kind = ia::detectInput(*bytes);
    }
    return found;
}

}  // namespace

Plan plan(const BatchSettings& batch, const ConvertSettings& settings) {
    Plan p;
    std::vector<std::pair<fs::path, fs::path>> inputs;  // file, its path relative to the output folder
    for (const auto& input : batch.inputs) {
        const fs::path path = ia::nativePath(input);
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            findFiles(path, found, p.unreadable, p.skipped);
            for (const auto& file : found)
                inputs.emplace_back(file, file.lexically_relative(path));  // found below `path`
        } else if (fs::is_regular_file(path, error)) {
            inputs.emplace_back(path, path.filename());
        } else if (fs::exists(fs::symlink_status(path, error))) {
            p.problems.push_back(input + ": is neither a regular file nor a folder (a FIFO, device or socket?)");
        } else {
            p.problems.push_back(input + ": no such file or folder");
        }
    }
    std::set<fs::path> buffers;  // resolved buffer files of the .gltf inputs
    for (const auto& [file, relative] : inputs)
        if (ia::lowercaseExtension(ia::utf8Path(file)) == ".gltf")
            if (auto bytes = ia::readFile(ia::utf8Path(file)))
                for (const auto& buffer : ia::bufferFilesNamed(*bytes, ia::utf8Path(file)))
                    buffers.insert(ia::nativePath(buffer));
    std::map<fs::path, fs::path> outputs;  // output -> the input that writes it
    std::map<ia::FileIdentity, fs::path> read;  // every input's file, which no output may replace
    for (const auto& [file, relative] : inputs)
        if (const auto identity = ia::fileIdentity(ia::utf8Path(file))) read.emplace(*identity, file);
    auto replacesInput = [&](const fs::path& output) -> const fs::path* {
        const auto identity = ia::fileIdentity(ia::utf8Path(output));
        const auto it = identity ? read.find(*identity) : read.end();
        return it == read.end() ? nullptr : &it->second;
    };
    p.outDir = ia::nativePath(batch.outDir);
    for (const auto& [file, relative] : inputs) {
        std::error_code error;
        if (!buffers.empty() && buffers.count(fs::weakly_canonical(file, error))) {
            p.skipped.push_back(ia::utf8Path(file) + ": the buffer of a .gltf input, not a recording");
            continue;
        }
        const Head input = head(file);
        const std::string to = !settings.to.empty()                      ? settings.to
                               : input.kind == ia::InputKind::MrtkBinary ? "glb"
                                                                         : "bin";
        fs::path output = ia::nativePath(batch.outDir) / relative;
        output.replace_extension(std::string(ia::outputExtension(*ia::outputKindNamed(to))));
        if (auto [it, inserted] = outputs.emplace(output, file); !inserted) {
            p.problems.push_back(ia::utf8Path(it->second) + " and " + ia::utf8Path(file) + " would both write " +
                                 ia::utf8Path(output) + " (convert them into different folders, or rename one)");
            continue;
        }
        fs::path buffer = output;
        buffer.replace_extension(".bin");
        if (to == "gltf")  // its buffer, too, must be nobody else's output
            if (auto [it, inserted] = outputs.emplace(buffer, file); !inserted)
                p.problems.push_back(ia::utf8Path(it->second) + " and " + ia::utf8Path(file) + " would both write " +
                                     ia::utf8Path(buffer));
        for (const fs::path& written :
             to == "gltf" ? std::vector<fs::path>{output, buffer} : std::vector<fs::path>{output})
            if (const fs::path* input = replacesInput(written))
                p.problems.push_back(ia::utf8Path(file) + " would write " + ia::utf8Path(written) +
                                     ", which is the input " + ia::utf8Path(*input) + " (inputs are never replaced)");
        p.jobs.push_back(Job{file, output, input.size, -1, {}, {}});
    }
    return p;
}

}  // namespace cli
