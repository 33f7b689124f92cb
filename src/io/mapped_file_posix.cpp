// Files mapped into memory, and the SIGBUS handler that keeps a file shortened by another process from ending the
// process: pages past the file's new end are replaced by zeros and the mapping is marked changed.
#if !defined(_WIN32)

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>

#include "inputanim/io/file_io.hpp"

namespace inputanim {
namespace {

// The mapped ranges a handler may walk without locking or allocating: [begin, end) in whole pages; 0 is free.
struct MappedRange {
    std::atomic<std::uintptr_t> begin{0}, end{0};
    std::atomic<bool> changed{false};
};
constexpr std::size_t kMappedSlots = 64;
std::array<MappedRange, kMappedSlots> mappedRanges;
struct sigaction previousBusHandler {};

std::size_t pageSize() {
    static const std::size_t size = std::size_t(::sysconf(_SC_PAGESIZE));
    return size;
}

// A SIGBUS inside a mapped range: the rest of the range becomes zeros (async-signal-safe in practice: one system
// call) and the fault's instruction runs again. Any other goes to the handler there was before (the temporaries'
// removal, or the default action).
extern "C" void onBusError(int signal, siginfo_t* info, void* context) {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (auto& range : mappedRanges) {
        const std::uintptr_t begin = range.begin.load(), end = range.end.load();
        if (begin == 0 || address < begin || address >= end) continue;
        const std::uintptr_t page = address - address % pageSize();
        range.changed.store(true);
        if (::mmap(reinterpret_cast<void*>(page), end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
                   0) != MAP_FAILED)
            return;
        break;
    }
    if (previousBusHandler.sa_flags & SA_SIGINFO) return previousBusHandler.sa_sigaction(signal, info, context);
    if (previousBusHandler.sa_handler != SIG_DFL && previousBusHandler.sa_handler != SIG_IGN)
        return previousBusHandler.sa_handler(signal);
    ::signal(SIGBUS, SIG_DFL);  // the instruction faults again, and the process ends as it would have
}

bool handlingBusErrors() {
    static const bool installed = [] {
        struct sigaction action {};
        action.sa_sigaction = onBusError;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        ::sigemptyset(&action.sa_mask);
        return ::sigaction(SIGBUS, &action, &previousBusHandler) == 0;
    }();
    return installed;
}

}  // namespace

std::shared_ptr<const MappedFile> FileReader::map() const {
    if (size_ == 0 || size_ > std::uint64_t(SIZE_MAX / 2) || !handlingBusErrors()) return nullptr;
    MappedRange* free = nullptr;
    for (auto& range : mappedRanges) {
        std::uintptr_t expected = 0;
        if (range.begin.compare_exchange_strong(expected, 1)) {  // claimed; not yet a range (no address is 1)
            free = &range;
            break;
        }
    }
    if (!free) return nullptr;
    const int fd = ::fcntl(fd_, F_DUPFD_CLOEXEC, 0);
    void* at = fd < 0 ? MAP_FAILED : ::mmap(nullptr, std::size_t(size_), PROT_READ, MAP_PRIVATE, fd_, 0);
    if (at == MAP_FAILED) {
        if (fd >= 0) ::close(fd);
        free->begin.store(0);
        return nullptr;
    }
    const auto begin = reinterpret_cast<std::uintptr_t>(at);
    const std::size_t length = (std::size_t(size_) + pageSize() - 1) / pageSize() * pageSize();
    free->changed.store(false);
    free->end.store(begin + length);
    free->begin.store(begin);
    return std::make_shared<const MappedFile>(static_cast<const std::uint8_t*>(at), std::size_t(size_),
                                              std::size_t(free - mappedRanges.data()), fd);
}

MappedFile::~MappedFile() {
    MappedRange& range = mappedRanges[slot_];
    range.begin.store(1);  // no longer the handler's, not yet free
    ::munmap(const_cast<std::uint8_t*>(bytes_), size_);
    range.end.store(0);
    range.begin.store(0);
    ::close(fd_);
}

// A file shortened within its last page gives no fault (the rest of that page reads as zeros): its size tells.
bool MappedFile::intact() const {
    struct stat info {};
    return !mappedRanges[slot_].changed.load() && ::fstat(fd_, &info) == 0 && std::uint64_t(info.st_size) >= size_;
}

}  // namespace inputanim

#endif  // !_WIN32
