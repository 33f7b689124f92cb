// Work handed to another thread, where the platform gives one (WebAssembly built without threads gives none).
#pragma once

#include <future>
#include <optional>
#include <system_error>
#include <type_traits>
#include <utility>

namespace inputanim {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAside = false;
#else
inline constexpr bool kThreadsAside = true;
#endif

// `work` started on a thread of its own; nothing when no thread can be had (the caller then does the work itself).
// The future's destructor waits for the work to end.
template <class Work>
std::optional<std::future<std::invoke_result_t<Work>>> startAside(Work&& work) {
    if constexpr (kThreadsAside) try {
            return std::async(std::launch::async, std::forward<Work>(work));
        } catch (const std::system_error&) {  // no thread to be had
        }
    return std::nullopt;
}

}  // namespace inputanim
