// verify: an archive (a glTF written from an MRTK recording) against the source it records and, when given, the
// original: "byte-identical", or what differs (exit 5).
#include <iostream>

#include "findings.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/report.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"
#include "inputanim/load.hpp"
#include "verbs.hpp"
#include "verify_manifest.hpp"

namespace cli {
namespace {

std::string said(const std::optional<bool>& matches) { return *matches ? "byte-identical" : "differs"; }

void printText(const std::string& archive, const std::string& original, const ia::ArchiveCheck& c) {
    if (c.recorded) printProvenance(std::cout, *c.recorded);
    std::cout << "rebuilt    " << c.rebuiltBytes << " bytes, SHA-256 " << c.rebuiltSha256 << "\n";
    if (c.matchesRecorded) std::cout << "recorded   " << said(c.matchesRecorded) << "\n";
    if (c.bufferIntact)
        std::cout << "buffer     " << (*c.bufferIntact ? "intact" : "changed: its SHA-256 is not the one recorded")
                  << "\n";
    if (c.matchesOriginal)
        std::cout << "original   " << shown(original) << ": " << *c.originalBytes << " bytes, SHA-256 "
                  << c.originalSha256 << ": " << said(c.matchesOriginal) << "\n";
    std::cout << shown(archive) << ": " << (c.identical() ? "byte-identical" : "differs") << "\n";
    if (!c.wayBack) std::cout << "no way back: " << kNoWayBack << "\n";
}

// "-" is standard input (at most the loader's limit), as for the other verbs.
std::string nameOf(const std::string& path) { return path == "-" ? "standard input" : path; }

ia::Result<ia::FileBytes> readArchive(const std::string& path) {
    return path == "-" ? ia::readStandardInput(ia::kStandardInputLimit) : ia::readFile(path);
}

// The original's size and hash, read in pieces from a file: an original of any size takes little memory.
ia::Result<ia::FileDigest> digestOriginal(const std::string& path) {
    if (path != "-") return ia::digestFile(path);
    auto bytes = ia::readStandardInput(ia::kStandardInputLimit);
    if (!bytes) return bytes.error();
    return ia::FileDigest{bytes->size(), ia::sha256Hex(*bytes)};
}

}  // namespace

Verb addVerify(CLI::App& app, const Globals& globals) {
    struct Options {
        std::string archive, original, manifest;
        bool json = false;
    };
    auto options = std::make_shared<Options>();
    CLI::App* verify = app.add_subcommand("verify",
                                          "rebuild the recording from an archive and compare its bytes with the source "
                                          "it records; exit 5 when they differ");
    auto* archive =
        verify->add_option("ARCHIVE", options->archive, "a .glb or .gltf written by inputanim from an MRTK recording");
    verify->add_option("ORIGINAL", options->original, "the original recording, to compare with as well");
    verify
        ->add_option("--manifest", options->manifest,
                     "check every archive a batch conversion's manifest lists (its manifest.json, or its folder)")
        ->excludes(archive);
    verify->add_flag("--json", options->json, "print JSON (schema inputanim.verify/1, or inputanim.verify-manifest/1)");
    verify->footer("docs/archival.md. Examples: inputanim verify take.glb take.bin; inputanim verify --manifest out/");
    return {verify,
            [options, &globals] {
                if (!options->manifest.empty()) return verifyManifest(options->manifest, options->json, globals);
                if (options->archive.empty()) return fail(kExitUsage, "verify: give an ARCHIVE, or --manifest");
                if (options->archive == "-" && options->original == "-")
                    return fail(kExitUsage, "verify: standard input can be the archive or the original, not both");
                auto archive = readArchive(options->archive);
                if (!archive) return fail(archive.error());
                std::optional<ia::FileDigest> original;
                if (!options->original.empty()) {
                    auto digest = digestOriginal(options->original);
                    if (!digest) return fail(digest.error());
                    original = std::move(*digest);
                }
                auto check = ia::verifyArchive(*archive, nameOf(options->archive), original);
                if (!check) return fail(check.error());
                if (!check->recorded && !original)
                    return fail(kExitUsage, shown(nameOf(options->archive)) +
                                                ": records no source (it was not written by this tool from an MRTK "
                                                "recording as it is): give the original to compare with");
                const std::string archiveName = nameOf(options->archive), originalName = nameOf(options->original);
                if (options->json) std::cout << dumped(ia::verifyJson(archiveName, originalName, *check)) << "\n";
                else printText(archiveName, originalName, *check);
                return int(check->identical() ? kExitSuccess : kExitCheckFailed);
            },
            &options->archive};
}

}  // namespace cli
