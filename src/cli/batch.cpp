#include "batch.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "inputanim/binary_format.hpp"
#include "inputanim/file_io.hpp"

namespace cli {
namespace {

namespace fs = std::filesystem;

struct Job {
    fs::path input;
    fs::path relative;  // where it goes under outDir, without extension
    std::uintmax_t bytes = 0;
    int code = -1;      // -1: not done
    std::string log;
};

bool isRecordingFile(const fs::path& path) {
    const std::string extension = ia::lowercaseExtension(path.string());
    return extension == ".bin" || extension == ".glb" || extension == ".gltf";
}

// Inputs in a stable order, so that runs with any number of workers produce the same files.
std::vector<Job> collect(const std::vector<std::string>& inputs, std::string& problem) {
    std::vector<Job> jobs;
    for (const auto& input : inputs) {
        const fs::path path(input);
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            for (const auto& entry : fs::recursive_directory_iterator(path, error))
                if (entry.is_regular_file() && isRecordingFile(entry.path())) found.push_back(entry.path());
            std::sort(found.begin(), found.end());
            for (const auto& file : found) jobs.push_back(Job{file, fs::relative(file, path).replace_extension(), 0, -1, {}});
        } else if (fs::is_regular_file(path, error)) {
            jobs.push_back(Job{path, path.filename().replace_extension(), 0, -1, {}});
        } else {
            problem = input + ": no such file or folder";
            return {};
        }
    }
    for (auto& job : jobs) job.bytes = fs::file_size(job.input);
    return jobs;
}

// The output extension: asked for, or the other side of the input (told by content, not by name).
std::string extensionFor(const Job& job, const std::string& to) {
    if (!to.empty()) return "." + to;
    std::uint8_t head[8] = {};
    std::ifstream(job.input, std::ios::binary).read(reinterpret_cast<char*>(head), sizeof head);
    return ia::hasMagic(head) ? ".glb" : ".bin";
}

std::string seconds(double s) { return s < 60 ? fixed(s, 1) + " s" : fixed(s / 60, 1) + " min"; }

// Flushes finished files to disk and renames them into place on its own thread, in the order they come,
// so that workers convert their next file meanwhile (a flush waits for the disk: about 15% of a small
// file's conversion). At most `maxPending` jobs wait; each holds its files' open descriptors.
class Committer {
public:
    using Done = std::function<void(const ia::Status&)>;

    explicit Committer(std::size_t maxPending) : maxPending_(maxPending), thread_([this] { run(); }) {}
    ~Committer() { finish(); }

    // Blocks while `maxPending` jobs are waiting. `done` runs on the committer's thread.
    void submit(std::vector<ia::StagedFile> files, Done done) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return queue_.size() < maxPending_; });
        queue_.push_back({std::move(files), std::move(done)});
        changed_.notify_all();
    }

    // Commits what is left and stops.
    void finish() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        changed_.notify_all();
        if (thread_.joinable()) thread_.join();
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
                changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
                if (queue_.empty()) return;
                pending = std::move(queue_.front());
                queue_.pop_front();
            }
            changed_.notify_all();
            pending.done(ia::commitInOrder(pending.files));
        }
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Pending> queue_;
    bool stopping_ = false;
    std::size_t maxPending_;
    std::thread thread_;
};

}  // namespace

int runBatch(const BatchOptions& batch, const Input& inputTemplate, const OutputOptions& outputTemplate) {
    std::string problem;
    std::vector<Job> jobs = collect(batch.inputs, problem);
    if (!problem.empty()) return fail(kExitInvalidInput, problem);
    std::uintmax_t totalBytes = 0;
    for (const auto& job : jobs) totalBytes += job.bytes;

    std::mutex mutex;
    std::condition_variable changed;
    std::atomic<std::size_t> next{0};
    std::size_t done = 0, failed = 0;
    std::uintmax_t doneBytes = 0;
    const bool terminal = ::isatty(STDERR_FILENO) && !batch.quiet;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

    auto complete = [&](Job& job, int code, std::string log, const std::string& outputPath) {
        std::lock_guard lock(mutex);
        job.code = code;
        job.log = std::move(log);
        ++done;
        doneBytes += job.bytes;
        if (code != kExitSuccess) ++failed;
        if (!terminal && !batch.quiet)  // plain lines for logs and pipes
            std::cerr << (code == kExitSuccess ? "ok   " : "FAIL ") << job.input.string() << " -> " << outputPath << "\n"
                      << job.log;
        changed.notify_all();
    };
    const unsigned workers = std::max(1u, batch.jobs);
    Committer committer(2 * workers);
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
            Job& job = jobs[i];
            Input input = inputTemplate;
            input.path = job.input.string();
            OutputOptions output = outputTemplate;
            const fs::path target = fs::path(batch.outDir) / job.relative;
            output.path = target.string() + extensionFor(job, batch.to);
            std::vector<ia::StagedFile> staged;
            output.deferredCommits = &staged;
            std::ostringstream log;
            std::error_code error;
            fs::create_directories(target.parent_path(), error);
            const int code = convertFile(input, output, log, !batch.verbose);
            if (code != kExitSuccess) {
                complete(job, code, log.str(), output.path);
                continue;
            }
            committer.submit(std::move(staged), [&complete, &job, text = log.str(), path = output.path](const ia::Status& committed) {
                std::ostringstream line;
                if (!committed) fail(line, kExitOutputFailure, committed.error().describe());
                complete(job, committed ? kExitSuccess : kExitOutputFailure, text + line.str(), path);
            });
        }
    };
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < workers; ++t) threads.emplace_back(worker);

    if (terminal) {  // one progress line, redrawn: files, MB/s, ETA
        std::unique_lock lock(mutex);
        while (done < jobs.size()) {
            changed.wait_for(lock, std::chrono::milliseconds(200));
            const double rate = double(doneBytes) / 1e6 / std::max(elapsed(), 1e-3);
            const double eta = rate > 0 ? double(totalBytes - doneBytes) / 1e6 / rate : 0;
            std::cerr << "\r[" << done << "/" << jobs.size() << "] " << fixed(rate, 1) << " MB/s, ETA " << seconds(eta)
                      << (failed ? ", " + std::to_string(failed) + " failed" : std::string()) << "   " << std::flush;
        }
        std::cerr << "\n";
    }
    for (auto& thread : threads) thread.join();
    committer.finish();

    int worst = kExitSuccess;
    for (const auto& job : jobs) worst = std::max(worst, job.code);
    if (!batch.quiet) {
        std::cerr << jobs.size() << " files: " << jobs.size() - failed << " converted, " << failed << " failed; "
                  << fixed(double(totalBytes) / 1e6, 1) << " MB in " << seconds(elapsed()) << "\n";
    }
    for (const auto& job : jobs)  // the errors again, together, so none is lost in the scroll
        if (job.code != kExitSuccess && (terminal || batch.quiet)) std::cerr << job.log;
    return worst;
}

}  // namespace cli
