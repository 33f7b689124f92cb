// Errors as values at API boundaries: every fallible call returns Result<T>.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace inputanim {

struct Error {
    std::string source;                  // file name or other origin; may be empty
    std::optional<std::uint64_t> offset;  // byte offset in the source, when it applies
    std::string message;                 // what was found and what was expected

    // One line: "source: byte N: message" (parts left out when absent).
    std::string describe() const;
};

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : state_(std::move(value)) {}
    Result(Error error) : state_(std::move(error)) {}

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    const Error& error() const { return std::get<1>(state_); }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Error> state_;
};

// Result for operations that only succeed or fail.
struct Success {};
using Status = Result<Success>;

}  // namespace inputanim
