// Staged files: nothing appears at a target before its commit, an uncommitted file leaves no trace, and
// files committed in order stop at the first failure.
#if !defined(_WIN32)
#include <sys/stat.h>  // mkfifo
#endif

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "support/edge_cases.hpp"
#include "support/temp_folder.hpp"
#include "inputanim/io/file_io.hpp"

using namespace inputanim;
namespace fs = std::filesystem;

namespace {

struct IoFolder : test_support::TempFolder {
    IoFolder() : TempFolder("file-io") {}
};

Result<StagedFile> stageText(const std::string& path, const std::string& text) {
    const std::span<const std::uint8_t> pieces[] = {{reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}};
    return stageFile(path, pieces);
}

std::string contents(const std::string& path) { return test_support::fileText(path); }

}  // namespace

TEST_CASE("a staged file appears at its target only when committed, and only once") {
    IoFolder folder;
    auto staged = stageText(folder / "a.txt", "new");
    REQUIRE(staged.ok());
    CHECK_FALSE(fs::exists(folder / "a.txt"));
#if defined(_WIN32)
    CHECK(folder.entries() == 1);  // a hidden temporary beside it: Windows has no unnamed files
#else
    CHECK(folder.entries() == 0);  // unnamed (O_TMPFILE) until committed: nothing to leave behind
#endif
    REQUIRE(staged->commit().ok());
    CHECK(contents(folder / "a.txt") == "new");
    CHECK(folder.entries() == 1);
    CHECK_FALSE(staged->commit().ok());
}

TEST_CASE("a staged file's bytes written over before its commit are what it commits, its length unchanged") {
    IoFolder folder;
    auto staged = stageText(folder / "a.txt", "digest: 0000, size: 12");
    REQUIRE(staged.ok());
    const std::string digest = "c0de";
    REQUIRE(staged->rewrite(8, {reinterpret_cast<const std::uint8_t*>(digest.data()), digest.size()}).ok());
    REQUIRE(staged->commit().ok());
    CHECK(contents(folder / "a.txt") == "digest: c0de, size: 12");
    CHECK_FALSE(staged->rewrite(0, {reinterpret_cast<const std::uint8_t*>(digest.data()), digest.size()}).ok());
}

TEST_CASE("a staged file dropped uncommitted leaves the old file and no temporary") {
    IoFolder folder;
    REQUIRE(writeFileAtomically(folder / "a.txt", {reinterpret_cast<const std::uint8_t*>("old"), 3}).ok());
    {
        auto staged = stageText(folder / "a.txt", "new");
        REQUIRE(staged.ok());
        StagedFile moved = std::move(*staged);  // the moved-from file owns nothing
    }
    CHECK(contents(folder / "a.txt") == "old");
    CHECK(folder.entries() == 1);
}

TEST_CASE("a file staged from a producer gets its pieces in order; a failing producer leaves no temporary") {
    IoFolder folder;
    auto staged = stageFile(folder / "a.txt", [](const ByteSink& write) -> Status {
        for (const char* piece : {"one ", "two"})
            if (auto s = write({reinterpret_cast<const std::uint8_t*>(piece), std::strlen(piece)}); !s) return s;
        return Success{};
    });
    REQUIRE(staged.ok());
    REQUIRE(staged->commit().ok());
    CHECK(contents(folder / "a.txt") == "one two");
    auto failed = stageFile(folder / "b.txt", [](const ByteSink& write) -> Status {
        if (auto s = write({reinterpret_cast<const std::uint8_t*>("half"), 4}); !s) return s;
        return Error{{}, {}, "the producer failed", ErrorKind::NotRepresentable};
    });
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.error().message == "the producer failed");
    CHECK(failed.error().kind == ErrorKind::NotRepresentable);
    CHECK(folder.entries() == 1);  // a.txt only
}

TEST_CASE("a large file is written whole whatever its pieces' sizes against the slices handed to the disk") {
    // 8 MiB slices are handed to the disk as they are finished: pieces that end inside one, exactly at its end,
    // and span several, plus empty ones.
    IoFolder folder;
    const std::size_t MiB = std::size_t(1) << 20;
    const std::size_t sizes[] = {3 * MiB, 0, 5 * MiB, 17 * MiB + 1, 1, 7 * MiB - 2, 0, 8 * MiB, 12345};
    std::vector<std::uint8_t> expected;
    for (std::size_t size : sizes)
        for (std::size_t i = 0; i < size; ++i) expected.push_back(std::uint8_t((expected.size() * 2654435761u) >> 13));
    auto staged = stageFile(folder / "large.bin", [&](const ByteSink& write) -> Status {
        std::size_t at = 0;
        for (std::size_t size : sizes) {
            if (auto s = write(std::span<const std::uint8_t>(expected).subspan(at, size)); !s) return s;
            at += size;
        }
        return Success{};
    });
    REQUIRE(staged.ok());
    REQUIRE(staged->commit().ok());
    auto written = readFile(folder / "large.bin");
    REQUIRE(written.ok());
    CHECK(written->size() == expected.size());
    CHECK(std::equal(written->begin(), written->end(), expected.begin(), expected.end()));
}

TEST_CASE("files committed in order stop at the first failure and discard the rest") {
    IoFolder folder;
    std::vector<StagedFile> files;
    for (const char* name : {"first", "blocked", "third"}) {
        auto staged = stageText(folder / name, name);
        REQUIRE(staged.ok());
        files.push_back(std::move(*staged));
    }
    fs::create_directories(folder.path / "blocked");  // appears before the commit: only regular files are replaced
    const Status committed = commitInOrder(files);
    REQUIRE_FALSE(committed.ok());
    CHECK_THAT(committed.error().describe(), Catch::Contains("blocked: exists and is a folder"));
    CHECK(contents(folder / "first") == "first");
    CHECK_FALSE(fs::exists(folder / "third"));
    CHECK(folder.entries() == 2);  // first and the folder: no temporaries left
}

TEST_CASE("a folder is neither read nor replaced; a name in UTF-8 is the file's name on every system") {
    IoFolder folder;
    fs::create_directory(folder.path / "sub");
    auto read = readFile(folder / "sub");
    REQUIRE_FALSE(read.ok());
    CHECK(read.error().kind == ErrorKind::InputFailed);
    CHECK_THAT(read.error().describe(), Catch::Contains("sub: is a folder; expected a regular file"));
    CHECK_THAT(stageText(folder / "sub", "x").error().describe(), Catch::Contains("sub: exists and is a folder"));

    const std::string name = "Aufnahme \xc3\xbc \xe6\x97\xa5\xe6\x9c\xac.bin";  // "Aufnahme ü 日本.bin"
    REQUIRE(writeFileAtomically(folder / name, {reinterpret_cast<const std::uint8_t*>("abc"), 3}).ok());
    CHECK(contents(folder / name) == "abc");
    CHECK(fs::is_regular_file(folder.path / std::u8string(u8"Aufnahme \u00fc \u65e5\u672c.bin")));
    CHECK(folder.entries() == 2);  // sub and the file: no temporary left
    CHECK(fileIdentity(folder / name) ==
          fileIdentity(utf8Path(folder.path / std::u8string(u8"Aufnahme \u00fc \u65e5\u672c.bin"))));
    CHECK(fileIdentity(folder / name) != fileIdentity(folder / "sub"));
}

#if !defined(_WIN32)  // FIFOs, POSIX modes and symbolic links anyone may make
TEST_CASE("only regular files are read or replaced; a replaced file keeps its mode") {
    IoFolder folder;
    REQUIRE(::mkfifo((folder / "pipe").c_str(), 0644) == 0);
    auto fifo = readFile(folder / "pipe");  // returns at once: a FIFO is never opened for a writer to come
    REQUIRE_FALSE(fifo.ok());
    CHECK(fifo.error().kind == ErrorKind::InputFailed);
    CHECK_THAT(fifo.error().describe(), Catch::Contains("pipe: is a FIFO; expected a regular file"));
    auto special = stageText(folder / "pipe", "x");
    REQUIRE_FALSE(special.ok());
    CHECK(special.error().kind == ErrorKind::OutputFailed);
    CHECK_THAT(special.error().describe(), Catch::Contains("pipe: exists and is a FIFO"));
    fs::create_symlink(folder / "elsewhere", folder.path / "link");
    CHECK_THAT(stageText(folder / "link", "x").error().describe(),
               Catch::Contains("link: exists and is a symbolic link"));
    CHECK_FALSE(fs::exists(folder.path / "elsewhere"));

    REQUIRE(writeFileAtomically(folder / "private", std::span<const std::uint8_t>()).ok());
    fs::permissions(folder.path / "private", fs::perms::owner_read | fs::perms::owner_write);
    const std::string text = "new";
    REQUIRE(writeFileAtomically(folder / "private", {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()})
                .ok());
    CHECK(fs::status(folder.path / "private").permissions() == (fs::perms::owner_read | fs::perms::owner_write));
    CHECK(contents(folder / "private") == "new");
}
#endif

TEST_CASE("without overwriting, of many writers of one new file exactly one commits") {
    IoFolder folder;
    std::vector<StagedFile> staged;
    for (int i = 0; i < 8; ++i) {
        const std::string text = std::to_string(i);
        const std::span<const std::uint8_t> pieces[] = {
            {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}};
        auto file = stageFile(folder / "once", pieces, Overwrite::Never);  // none exists yet: every stage succeeds
        REQUIRE(file.ok());
        staged.push_back(std::move(*file));
    }
    int committed = 0;
    for (auto& file : staged)
        if (auto s = file.commit(); s.ok()) ++committed;
        else CHECK((s.error().describe().ends_with("once: exists") && s.error().reason == Reason::OutputExists));
    CHECK(committed == 1);
    CHECK(contents(folder / "once") == "0");
    CHECK(folder.entries() == 1);  // no temporaries left
}
