// The named temporaries of files being written, which an ending signal (or Windows console event) removes before
// the process ends: slots a handler can walk without locking or allocating.
#pragma once

#include <atomic>
#include <cstddef>

namespace inputanim::temporaries {

inline constexpr std::size_t kSlots = 4096;
inline std::atomic<const char*> slots[kSlots];

inline void remember(const char* temporary) {
    for (auto& slot : slots) {
        const char* expected = nullptr;
        if (slot.compare_exchange_strong(expected, temporary)) return;
    }
}

inline void forget(const char* temporary) {
    for (auto& slot : slots) {
        const char* expected = temporary;
        if (slot.compare_exchange_strong(expected, nullptr)) return;
    }
}

// Calls `remove` on each remembered temporary (async-signal-safe when `remove` is).
template <typename Remove>
void removeAll(Remove remove) {
    for (auto& slot : slots)
        if (const char* temporary = slot.load()) remove(temporary);
}

}  // namespace inputanim::temporaries
