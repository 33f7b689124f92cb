// Runs a command once, its output discarded, and prints "WALL_S CPU_S PEAK_RSS_BYTES" (CPU: user + system);
// exits with the command's status. bench.py times every run through it.
// Why not from Python: a process Python spawns starts with Python's own peak RSS (13 MB or more), which small
// conversions never exceed, so their peak would read as Python's. This program is linked statically and forks
// from its own small image.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>

namespace {

double seconds(const timespec& t) { return double(t.tv_sec) + double(t.tv_nsec) * 1e-9; }
double seconds(const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: measure PROGRAM [ARGS...]   (PROGRAM with its path)\n");
        return 2;
    }
    timespec start{}, end{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    const pid_t pid = fork();
    if (pid < 0) return std::perror("fork"), 2;
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return std::perror("wait4"), 2;
    clock_gettime(CLOCK_MONOTONIC, &end);
    std::printf("%.6f %.6f %ld\n", seconds(end) - seconds(start), seconds(usage.ru_utime) + seconds(usage.ru_stime),
                usage.ru_maxrss * 1024L);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
