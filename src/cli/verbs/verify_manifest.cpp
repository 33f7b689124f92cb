// verify --manifest: every archive a batch's manifest lists, checked against it on worker threads, with progress
// (one redrawn line on a terminal, a line per archive otherwise) and a summary; exit 5 when any differs.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "inputanim/archive.hpp"
#include "inputanim/io/file_io.hpp"
#include "verify_manifest.hpp"

namespace cli {
namespace {

namespace fs = std::filesystem;

struct Outcome {
    std::optional<ia::EntryCheck> check;
    std::optional<ia::Error> error;  // the archive could not be read or loaded
    std::string said() const {
        if (error) return "unreadable: " + error->describe();
        if (!check->archiveMatches) return "changed: its bytes are not the ones the manifest records";
        if (check->rebuiltMatches == false && !check->wayBack) return "no way back: " + std::string(kNoWayBack);
        if (check->rebuiltMatches == false) return "differs: the recording rebuilt from it is not its source's bytes";
        return "byte-identical";
    }
};

// The manifest, given as its file or as the folder that holds it.
std::string manifestPath(const std::string& given) {
    std::error_code error;
    if (fs::is_directory(ia::nativePath(given), error))
        return ia::utf8Path(ia::nativePath(given) / (std::string(ia::kManifestName) + ".json"));
    return given;
}

// Archives in the manifest's folder (searched recursively) that it does not list: said, not failed.
std::vector<std::string> unlisted(const fs::path& folder, const std::vector<ia::ManifestEntry>& entries) {
    std::set<std::string> listed;
    for (const auto& e : entries) listed.insert(ia::utf8Path(ia::nativePath(e.archive).lexically_normal()));
    std::vector<std::string> found;
    std::error_code error;
    for (fs::recursive_directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
        const std::string extension = ia::lowercaseExtension(ia::utf8Path(it->path()));
        if (!it->is_regular_file(error) || (extension != ".glb" && extension != ".gltf")) continue;
        const std::string relative = ia::utf8Path(it->path().lexically_relative(folder));
        if (!listed.count(relative)) found.push_back(relative);
    }
    std::sort(found.begin(), found.end());
    return found;
}

class ManifestRun {
public:
    ManifestRun(const std::vector<ia::ManifestEntry>& entries, std::string folder, const Globals& globals)
        : entries_(entries),
          folder_(std::move(folder)),
          globals_(globals),
          terminal_(ia::standardErrorIsTerminal() && !globals.quiet),
          outcomes_(entries.size()) {}

    std::vector<Outcome> run() {
        const unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
        std::vector<std::thread> threads;
        try {
            for (unsigned t = 0; t < workers; ++t) threads.emplace_back([this] { work(); });
        } catch (const std::system_error&) {}
        if (threads.empty()) work();
        for (auto& thread : threads) thread.join();
        if (terminal_) std::cerr << "\r\33[K";
        return std::move(outcomes_);
    }

private:
    void work() {
        for (std::size_t i; (i = next_.fetch_add(1)) < entries_.size();) {
            Outcome outcome;
            try {
                auto check = ia::checkManifestEntry(entries_[i], folder_);
                if (check) outcome.check = *check;
                else outcome.error = check.error();
            } catch (const std::bad_alloc&) {
                outcome.error = ia::Error{entries_[i].archive, {}, "out of memory while checking it"};
            }
            report(i, std::move(outcome));
        }
    }

    void report(std::size_t i, Outcome outcome) {
        std::lock_guard lock(mutex_);
        outcomes_[i] = std::move(outcome);
        ++done_;
        const bool fine = outcomes_[i].check && outcomes_[i].check->identical();
        if (terminal_) {
            if (!fine) std::cerr << "\r\33[K" << shown(entries_[i].archive) << ": " << outcomes_[i].said() << "\n";
            std::cerr << "\r[" << done_ << "/" << entries_.size() << "] " << shown(entries_[i].archive) << "\33[K"
                      << std::flush;
        } else if (!globals_.quiet || !fine) {
            std::cerr << (fine ? "ok   " : "FAIL ") << shown(entries_[i].archive) << ": " << outcomes_[i].said()
                      << "\n";
        }
    }

    const std::vector<ia::ManifestEntry>& entries_;
    const std::string folder_;
    const Globals& globals_;
    const bool terminal_;
    std::vector<Outcome> outcomes_;
    std::atomic<std::size_t> next_{0};
    std::mutex mutex_;
    std::size_t done_ = 0;
};

Json reportJson(const std::string& manifest, const std::vector<ia::ManifestEntry>& entries,
                const std::vector<Outcome>& outcomes, const std::vector<std::string>& extra, bool identical) {
    Json files = Json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Outcome& o = outcomes[i];
        Json file = {{"archive", entries[i].archive}, {"source", entries[i].source}};
        file["identical"] = o.check && o.check->identical();
        file["archiveMatches"] = o.check ? Json(o.check->archiveMatches) : Json(nullptr);
        file["rebuiltMatches"] = o.check && o.check->rebuiltMatches ? Json(*o.check->rebuiltMatches) : Json(nullptr);
        file["wayBack"] = o.check ? Json(o.check->wayBack) : Json(nullptr);
        file["error"] = o.error ? Json(o.error->describe()) : Json(nullptr);
        files.push_back(std::move(file));
    }
    return {{"schema", "inputanim.verify-manifest/1"},
            {"manifest", manifest},
            {"identical", identical},
            {"files", files},
            {"unlisted", extra}};
}

}  // namespace

int verifyManifest(const std::string& given, bool json, const Globals& globals) {
    const std::string path = manifestPath(given);
    auto bytes = ia::readFile(path);
    if (!bytes) return fail(bytes.error());
    auto entries = ia::readManifest(*bytes, path);
    if (!entries) return fail(entries.error());
    const fs::path folder = ia::nativePath(path).parent_path();
    const auto outcomes = ManifestRun(*entries, ia::utf8Path(folder), globals).run();
    const auto extra = unlisted(folder.empty() ? fs::path(".") : folder, *entries);
    std::size_t differ = 0, unreadable = 0, noWayBack = 0;
    for (const Outcome& o : outcomes) {
        if (o.error) ++unreadable;
        else if (o.check->archiveMatches && !o.check->wayBack) ++noWayBack;
        else if (!o.check->identical()) ++differ;
    }
    const bool identical = differ == 0 && unreadable == 0 && noWayBack == 0;
    if (json) std::cout << dumped(reportJson(path, *entries, outcomes, extra, identical)) << "\n";
    for (const auto& file : extra) std::cerr << "note: " << shown(file) << " is not in the manifest\n";
    if (!globals.quiet || !identical)
        std::cerr << entries->size() << " archives: " << entries->size() - differ - unreadable - noWayBack
                  << " byte-identical, " << differ << " differ, "
                  << (noWayBack ? std::to_string(noWayBack) + " without a way back, " : "") << unreadable
                  << " unreadable\n";
    return identical ? kExitSuccess : kExitCheckFailed;
}

}  // namespace cli
