// Errors as values at API boundaries: every fallible call returns Result<T>. An error has a kind (what went
// wrong, which front ends map to an exit status in one place) and a location (file, byte offset or glTF path).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace inputanim {

enum class ErrorKind {
    Malformed,         // the input is not what it claims: truncated, corrupt, unsupported version, bad glTF
    Refused,           // the input asks for something a policy forbids: a path outside its folder, work beyond a limit
    NotRepresentable,  // the content cannot be written in the requested output without loss
    InputFailed,       // the input cannot be read (missing, unreadable, not a regular file)
    OutputFailed,      // the output cannot be written (exists, folder missing, disk full, not a regular file)
    Usage,             // the caller's options contradict each other or name nothing
};

struct Error {
    ErrorKind kind = ErrorKind::Malformed;
    std::string source;                   // file name or other origin; may be empty
    std::optional<std::uint64_t> offset;  // byte offset in the source, when it applies
    std::string message;                  // what was found and what was expected

    Error() = default;
    Error(std::string source, std::optional<std::uint64_t> offset, std::string message,
          ErrorKind kind = ErrorKind::Malformed)
        : kind(kind), source(std::move(source)), offset(offset), message(std::move(message)) {}

    // One line: "source: byte N: message" (parts left out when absent). Control characters from a file
    // (in names or messages) are escaped, so a message can never drive a terminal.
    std::string describe() const;
    // The same error, said of another source (when a lower layer did not know the file's name).
    Error from(const std::string& otherSource) const {
        Error e = *this;
        if (e.source.empty()) e.source = otherSource;
        return e;
    }
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

// Where bytes go as they are made (a file, standard output, memory): each piece is valid only during the call.
using ByteSink = std::function<Status(std::span<const std::uint8_t>)>;
// Where bytes come from, in order (a file read in pieces): fills the start of the span it is given and returns how
// many bytes it put there, 0 at the end.
using ByteSource = std::function<Result<std::size_t>(std::span<std::uint8_t>)>;
// Fills all of `into` from `from`. A source that ends first fails as "file shrank while being read", naming
// `source` and the offset where its bytes ended (`at` is the offset of into's first byte).
std::optional<Error> readExactly(const ByteSource& from, std::span<std::uint8_t> into, const std::string& source, std::uint64_t at);

// Text from a file made safe to print: C0 and C1 control characters and DEL become \xNN (or \n, \t, \r);
// invalid UTF-8 bytes become \xNN too.
std::string printable(std::string_view text);

}  // namespace inputanim
