// convert --out-dir: many files and folders, worker threads, a committer thread, progress and a summary.
#include <unistd.h>

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
#include <thread>

#include "convert.hpp"
#include "inputanim/gltf/import.hpp"

namespace cli {
namespace {

namespace fs = std::filesystem;

struct Job {
    fs::path input;
    fs::path output;
    std::uintmax_t bytes = 0;
    int code = -1;  // -1: not done
    std::string log;
};

bool isRecordingFile(const fs::path& path) {
    const std::string extension = ia::lowercaseExtension(path.string());
    return extension == ".bin" || extension == ".glb" || extension == ".gltf";
}

// Every recording file below `folder`, in a stable order; folders that cannot be listed are reported, not fatal.
void findFiles(const fs::path& folder, std::vector<fs::path>& found, std::vector<std::string>& problems) {
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
        }
        if (error) problems.push_back(current.string() + ": cannot list the folder: " + error.message());
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
    if (auto file = ia::FileReader::open(path.string())) {
        found.size = file->size();
        if (auto bytes = file->readRest(16)) found.kind = ia::detectInput(*bytes);
    }
    return found;
}

struct Plan {
    std::vector<Job> jobs;
    std::vector<std::string> skipped;     // inputs left out, with why
    std::vector<std::string> unreadable;  // folders that cannot be listed: failures, reported with the others
    std::vector<std::string> problems;    // inputs that contradict each other or are not there: the batch is refused
};

// Inputs in a stable order (the same files for any number of workers), each with its output; a .bin that a .gltf
// input names as its buffer is skipped; two inputs that would write one output refuse the batch.
Plan plan(const BatchSettings& batch, const ConvertSettings& settings) {
    Plan p;
    std::vector<std::pair<fs::path, fs::path>> inputs;  // file, its path relative to the output folder
    for (const auto& input : batch.inputs) {
        const fs::path path(input);
        std::error_code error;
        if (fs::is_directory(path, error)) {
            std::vector<fs::path> found;
            findFiles(path, found, p.unreadable);
            for (const auto& file : found) inputs.emplace_back(file, file.lexically_relative(path));  // found below `path`
        } else if (fs::is_regular_file(path, error)) {
            inputs.emplace_back(path, path.filename());
        } else {
            p.problems.push_back(input + ": no such file or folder");
        }
    }
    std::set<fs::path> buffers;  // resolved buffer files of the .gltf inputs
    for (const auto& [file, relative] : inputs)
        if (ia::lowercaseExtension(file.string()) == ".gltf")
            if (auto bytes = ia::readFile(file.string()))
                for (const auto& buffer : ia::bufferFilesNamed(*bytes, file.string())) buffers.insert(fs::path(buffer));
    std::map<fs::path, fs::path> outputs;  // output -> the input that writes it
    for (const auto& [file, relative] : inputs) {
        std::error_code error;
        if (!buffers.empty() && buffers.count(fs::weakly_canonical(file, error))) {
            p.skipped.push_back(file.string() + ": the buffer of a .gltf input, not a recording");
            continue;
        }
        const Head input = head(file);
        const std::string to = !settings.to.empty() ? settings.to : input.kind == ia::InputKind::MrtkBinary ? "glb" : "bin";
        fs::path output = fs::path(batch.outDir) / relative;
        output.replace_extension("." + to);
        if (auto [it, inserted] = outputs.emplace(output, file); !inserted) {
            p.problems.push_back(it->second.string() + " and " + file.string() + " would both write " + output.string() +
                                 " (convert them into different folders, or rename one)");
            continue;
        }
        if (to == "gltf") {  // its buffer, too, must be nobody else's output
            fs::path buffer = output;
            buffer.replace_extension(".bin");
            if (auto [it, inserted] = outputs.emplace(buffer, file); !inserted)
                p.problems.push_back(it->second.string() + " and " + file.string() + " would both write " + buffer.string());
        }
        p.jobs.push_back(Job{file, output, input.size, -1, {}});
    }
    return p;
}

std::string seconds(double s) { return s < 60 ? fixed(s, 1) + " s" : fixed(s / 60, 1) + " min"; }

// Flushes finished files to disk and renames them into place on threads of its own, so that workers convert their
// next file meanwhile (a flush waits for the disk: 2 ms or more, longer than converting a small file). Twice as
// many flushes as workers wait at once, which the file system completes together (with as many as workers, a batch
// on two workers took 15% longer); one thread would make every worker wait for one flush after another.
// At most `maxPending` jobs wait; each holds its files' open descriptors.
class Committer {
public:
    using Done = std::function<void(const ia::Status&)>;

    Committer(std::size_t threads, std::size_t maxPending) : maxPending_(maxPending) {
        for (std::size_t t = 0; t < threads; ++t) threads_.emplace_back([this] { run(); });
    }
    ~Committer() { finish(); }

    // Blocks while `maxPending` jobs are waiting. `done` runs on one of the committer's threads.
    void submit(std::vector<ia::StagedFile> files, Done done) {
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

}  // namespace

int runBatch(const BatchSettings& batch, const ConvertSettings& settings, const Globals& globals) {
    Plan p = plan(batch, settings);
    if (!p.problems.empty()) {
        for (const auto& problem : p.problems) fail(kExitInvalidInput, problem);
        std::cerr << "nothing converted\n";
        return kExitInvalidInput;
    }
    if (!globals.quiet)
        for (const auto& skipped : p.skipped) std::cerr << "skip " << shown(skipped) << "\n";
    std::vector<Job>& jobs = p.jobs;
    std::uintmax_t totalBytes = 0;
    for (const auto& job : jobs) totalBytes += job.bytes;

    std::mutex mutex;
    std::condition_variable changed;
    std::atomic<std::size_t> next{0};
    std::size_t done = 0, failed = 0;
    std::uintmax_t doneBytes = 0;
    const bool terminal = ::isatty(STDERR_FILENO) && !globals.quiet;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

    auto complete = [&](Job& job, int code, std::string log) {
        std::lock_guard lock(mutex);
        job.code = code;
        job.log = std::move(log);
        ++done;
        doneBytes += job.bytes;
        if (code != kExitSuccess && code != kExitBeyondTolerance) ++failed;  // beyond tolerance: converted, with a warning
        if (!terminal && !globals.quiet)  // plain lines for logs and pipes
            std::cerr << (code == kExitSuccess ? "ok   " : "FAIL ") << shown(job.input.string()) << " -> " << shown(job.output.string()) << "\n"
                      << job.log;
        changed.notify_all();
    };
    const unsigned workers = std::max(1u, batch.jobs);
    Committer committer(2 * workers, 4 * workers);
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
            Job& job = jobs[i];
            ConvertSettings jobSettings = settings;
            jobSettings.input.path = job.input.string();
            std::vector<ia::StagedFile> staged;
            std::ostringstream log;
            std::error_code error;
            fs::create_directories(job.output.parent_path(), error);
            int code;
            try {  // nothing a worker meets may end the process: a job fails alone
                code = convertFile(jobSettings, job.output.string(), log, !globals.verbose, &staged);
            } catch (const std::bad_alloc&) {
                staged.clear();
                code = fail(kExitInvalidInput, job.input.string() + ": out of memory while converting", log);
            } catch (const std::exception& error) {
                staged.clear();
                code = fail(kExitInvalidInput, job.input.string() + ": " + error.what(), log);
            }
            if (code != kExitSuccess && code != kExitBeyondTolerance) {
                complete(job, code, log.str());
                continue;
            }
            committer.submit(std::move(staged), [&complete, &job, code, text = log.str()](const ia::Status& committed) {
                std::ostringstream line;
                if (!committed) fail(committed.error(), line);
                complete(job, committed ? code : int(kExitOutputFailure), text + line.str());
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

    int worst = p.unreadable.empty() ? int(kExitSuccess) : int(kExitInvalidInput);
    for (const auto& job : jobs) worst = std::max(worst, job.code);
    for (const auto& folder : p.unreadable) fail(kExitInvalidInput, folder);
    if (!globals.quiet)
        std::cerr << jobs.size() << " files: " << jobs.size() - failed << " converted, " << failed << " failed; "
                  << fixed(double(totalBytes) / 1e6, 1) << " MB in " << seconds(elapsed()) << "\n";
    for (const auto& job : jobs)  // the errors again, together, so none is lost in the scroll
        if (job.code != kExitSuccess && (terminal || globals.quiet)) std::cerr << job.log;
    return worst;
}

}  // namespace cli
