// convert --out-dir: many files and folders, worker threads, a committer thread, progress and a summary.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>

#include "batch_plan.hpp"
#include "inputanim/archive.hpp"
#include "inputanim/io/file_io.hpp"
#include "inputanim/io/process.hpp"

namespace cli {
namespace {

namespace fs = std::filesystem;

// The manifest's entry for a converted job: both files' sizes and hashes (the archive's read back from disk; the
// source's as the conversion recorded them, or read again), its deviation.
std::optional<ia::ManifestEntry> recordOf(const Job& job, const ia::JobReport& saved, const fs::path& outDir) {
    auto archive = ia::digestFile(ia::utf8Path(job.output));
    if (!archive) return std::nullopt;
    ia::ManifestEntry e;
    e.source = ia::utf8Path(job.input);
    if (saved.source) {
        e.sourceBytes = saved.source->sourceBytes;
        e.sourceSha256 = saved.source->sourceSha256;
    } else if (auto source = ia::digestFile(e.source)) {
        e.sourceBytes = source->bytes;
        e.sourceSha256 = source->sha256;
    } else {
        return std::nullopt;
    }
    e.archive = ia::utf8Path(job.output.lexically_relative(outDir));
    e.archiveBytes = archive->bytes;
    e.archiveSha256 = archive->sha256;
    e.positionError = saved.saved.maxPositionError;
    e.rotationError = saved.saved.maxRotationError;
    return e;
}

// manifest.json and manifest.csv in `outDir`: the jobs converted, added to the entries of the manifest there (a
// batch into a folder that holds one adds to it). Nothing is written when nothing was converted.
int writeManifest(const std::vector<Job>& jobs, const fs::path& outDir) {
    std::vector<ia::ManifestEntry> added;
    for (const Job& job : jobs)
        if (job.record) added.push_back(*job.record);
    if (added.empty()) return kExitSuccess;
    const std::string jsonPath = ia::utf8Path(outDir / (std::string(ia::kManifestName) + ".json"));
    std::vector<ia::ManifestEntry> previous;
    if (auto bytes = ia::readFile(jsonPath)) {
        auto read = ia::readManifest(*bytes, jsonPath);
        if (!read) return fail(read.error());  // never replaced by a manifest that forgets what it listed
        previous = std::move(*read);
    }
    const auto entries = ia::mergeManifests(std::move(previous), std::move(added));
    for (const auto& [extension, text] :
         {std::pair{".json", ia::manifestJson(entries)}, {".csv", ia::manifestCsv(entries)}}) {
        const std::string path = ia::utf8Path(outDir / (std::string(ia::kManifestName) + extension));
        const std::span bytes(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
        if (auto written = ia::writeFileAtomically(path, bytes); !written) return fail(written.error());
    }
    return kExitSuccess;
}

std::string seconds(double s) { return s < 60 ? fixed(s, 1) + " s" : fixed(s / 60, 1) + " min"; }

// Flushes finished files to disk and renames them into place on threads of its own, so that workers convert their
// next file meanwhile (a flush waits for the disk, longer than converting a small file). Twice as many flushes as
// workers wait at once, which the file system completes together (docs/performance.md); one thread would make
// every worker wait for one flush after another.
// At most `maxPending` jobs wait; each holds its files' open descriptors.
class Committer {
public:
    using Done = std::function<void(const ia::Status&)>;

    // Where no thread can start (a process limit), submit() commits on the caller's thread instead.
    Committer(std::size_t threads, std::size_t maxPending) : maxPending_(maxPending) {
        try {
            for (std::size_t t = 0; t < threads; ++t) threads_.emplace_back([this] { run(); });
        } catch (const std::system_error&) {}
    }
    ~Committer() { finish(); }

    // Blocks while `maxPending` jobs are waiting. `done` runs on one of the committer's threads.
    void submit(std::vector<ia::StagedFile> files, Done done) {
        if (threads_.empty()) return done(ia::commitInOrder(files));
        {
            std::unique_lock lock(mutex_);
            room_.wait(lock, [&] { return queue_.size() < maxPending_; });
            queue_.push_back({std::move(files), std::move(done)});
        }
        work_.notify_one();
    }

    // Commits what is left and stops.
    void finish() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        work_.notify_all();
        for (auto& thread : threads_)
            if (thread.joinable()) thread.join();
    }

private:
    struct Pending {
        std::vector<ia::StagedFile> files;
        Done done;
    };

    void run() {
        for (;;) {
            Pending pending;
            {
                std::unique_lock lock(mutex_);
                work_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (queue_.empty()) return;
                pending = std::move(queue_.front());
                queue_.pop_front();
            }
            room_.notify_one();
            pending.done(ia::commitInOrder(pending.files));
        }
    }

    std::mutex mutex_;
    // One waiter woken per job queued or taken: waking every thread each time cost a context switch apiece.
    std::condition_variable work_;  // committer threads wait for a job
    std::condition_variable room_;  // workers wait for room in the queue
    std::deque<Pending> queue_;
    bool stopping_ = false;
    std::size_t maxPending_;
    std::vector<std::thread> threads_;
};

// One batch: workers convert the plan's jobs, the committer puts their files in place, and the user sees progress
// (one redrawn line on a terminal, a line per file otherwise) and a summary.
class BatchRun {
public:
    BatchRun(Plan& plan, const ConvertSettings& settings, const Globals& globals, unsigned workers)
        : plan_(plan),
          jobs_(plan.jobs),
          settings_(settings),
          globals_(globals),
          workers_(workers),
          terminal_(ia::standardErrorIsTerminal() && !globals.quiet),
          committer_(2 * workers, 4 * workers) {
        for (const auto& job : jobs_) totalBytes_ += job.bytes;
    }

    int run() {
        reportSkipped();
        startWorkers();
        if (terminal_) showProgress();
        for (auto& thread : threads_) thread.join();
        committer_.finish();
        return summarize();
    }

private:
    // Always said, even under -q: a file left out is never a silent surprise.
    void reportSkipped() const {
        if (plan_.skipped.empty()) return;
        if (globals_.quiet) {
            std::cerr << "inputanim: skipped " << plan_.skipped.size()
                      << " file(s): symbolic links, or buffers of .gltf inputs (listed without -q)\n";
            return;
        }
        for (const auto& skipped : plan_.skipped) std::cerr << "skip " << shown(skipped) << "\n";
    }

    // As many workers as the system lets start; with none, the jobs run on this thread.
    void startWorkers() {
        std::string why;
        try {
            for (unsigned t = 0; t < workers_; ++t) threads_.emplace_back([this] { work(); });
        } catch (const std::system_error& error) { why = error.what(); }
        if (threads_.size() < workers_)
            std::cerr << "inputanim: warning: " << threads_.size() << " of " << workers_ << " worker threads started ("
                      << shown(why) << ")" << (threads_.empty() ? "; converting on the main thread" : "") << "\n";
        if (threads_.empty()) work();
    }

    void work() {
        for (std::size_t i; (i = next_.fetch_add(1)) < jobs_.size();) {
            Job& job = jobs_[i];
            ia::Job converting = jobOf(settings_);
            converting.input = ia::utf8Path(job.input);
            converting.output = ia::utf8Path(job.output);
            std::vector<ia::StagedFile> staged;
            std::ostringstream log;
            std::error_code error;
            fs::create_directories(job.output.parent_path(), error);
            int code;
            auto saved = std::make_shared<ia::JobReport>();
            try {  // nothing a worker meets may end the process: a job fails alone
                code = runConverting(converting, false, log, !globals_.verbose, *saved, &staged);
            } catch (const std::bad_alloc&) {
                staged.clear();
                code = fail(kExitInvalidInput, ia::utf8Path(job.input) + ": out of memory while converting", log);
            } catch (const std::exception& error) {
                staged.clear();
                code = fail(kExitInvalidInput, ia::utf8Path(job.input) + ": " + error.what(), log);
            }
            if (code != kExitSuccess && code != kExitBeyondTolerance) {
                complete(job, code, log.str());
                continue;
            }
            committer_.submit(std::move(staged),
                              [this, &job, code, saved, text = log.str()](const ia::Status& committed) {
                                  std::ostringstream line;
                                  if (!committed) fail(committed.error(), line);
                                  else if (saved->kind != ia::OutputKind::IwerCapture)  // not an archive
                                      job.record = recordOf(job, *saved, plan_.outDir);
                                  complete(job, committed ? code : int(kExitOutputFailure), text + line.str());
                              });
        }
    }

    void complete(Job& job, int code, std::string log) {
        std::lock_guard lock(mutex_);
        job.code = code;
        job.log = std::move(log);
        ++done_;
        doneBytes_ += job.bytes;
        if (code != kExitSuccess && code != kExitBeyondTolerance)
            ++failed_;  // beyond tolerance: converted, with a warning
        if (!terminal_ && !globals_.quiet)  // plain lines for logs and pipes
            std::cerr << (code == kExitSuccess ? "ok   " : "FAIL ") << shown(ia::utf8Path(job.input)) << " -> "
                      << shown(ia::utf8Path(job.output)) << "\n"
                      << job.log;
        changed_.notify_all();
    }

    // One progress line, redrawn: files, MB/s, ETA.
    void showProgress() {
        std::unique_lock lock(mutex_);
        while (done_ < jobs_.size()) {
            changed_.wait_for(lock, std::chrono::milliseconds(200));
            const double rate = double(doneBytes_) / 1e6 / std::max(elapsed(), 1e-3);
            const double eta = rate > 0 ? double(totalBytes_ - doneBytes_) / 1e6 / rate : 0;
            std::cerr << "\r[" << done_ << "/" << jobs_.size() << "] " << fixed(rate, 1) << " MB/s, ETA "
                      << seconds(eta) << (failed_ ? ", " + std::to_string(failed_) + " failed" : std::string()) << "   "
                      << std::flush;
        }
        std::cerr << "\n";
    }

    int summarize() const {
        int worst = plan_.unreadable.empty() ? int(kExitSuccess) : int(kExitInvalidInput);
        for (const auto& job : jobs_) worst = std::max(worst, job.code);
        for (const auto& folder : plan_.unreadable) fail(kExitInvalidInput, folder);
        if (!globals_.quiet)
            std::cerr << jobs_.size() << " files: " << jobs_.size() - failed_ << " converted, " << failed_
                      << " failed; " << fixed(double(totalBytes_) / 1e6, 1) << " MB in " << seconds(elapsed()) << "\n";
        for (const auto& job : jobs_)  // the errors again, together, so none is lost in the scroll
            if (job.code != kExitSuccess && (terminal_ || globals_.quiet)) std::cerr << job.log;
        return worst;
    }

    double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

    const Plan& plan_;
    std::vector<Job>& jobs_;
    const ConvertSettings& settings_;
    const Globals& globals_;
    const unsigned workers_;
    const bool terminal_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::uintmax_t totalBytes_ = 0, doneBytes_ = 0;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::atomic<std::size_t> next_{0};
    std::size_t done_ = 0, failed_ = 0;
    std::vector<std::thread> threads_;
    Committer committer_;  // last: finished (its queue committed) before the jobs it reports to go
};

}  // namespace

int runBatch(const BatchSettings& batch, const ConvertSettings& settings, const Globals& globals) {
    Plan p = plan(batch, settings);
    if (!p.problems.empty()) {
        for (const auto& problem : p.problems) fail(kExitInvalidInput, problem);
        std::cerr << "nothing converted\n";
        return kExitInvalidInput;
    }
    const int code = BatchRun(p, settings, globals, std::max(1u, batch.jobs)).run();
    const int manifest = writeManifest(p.jobs, p.outDir);
    return manifest != kExitSuccess ? std::max(code, manifest) : code;
}

}  // namespace cli
