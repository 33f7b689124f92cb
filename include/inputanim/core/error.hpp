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
    Malformed,  // the input is not what it claims: truncated, corrupt, unsupported version, bad glTF
    Refused,  // the input asks for something a policy forbids: a path outside its folder, work beyond a limit
    NotRepresentable,  // the content cannot be written in the requested output without loss
    InputFailed,  // the input cannot be read (missing, unreadable, not a regular file)
    OutputFailed,  // the output cannot be written (exists, folder missing, disk full, not a regular file)
    Usage,  // the caller's options contradict each other or name nothing
};
// The exit status of a process that fails with an error of this kind (docs/cli.md, "Exit codes"): 1 usage, 2 invalid
// input (malformed, refused, unreadable), 3 not representable, 4 output failed. Front ends that raise exceptions
// (Python's) group the kinds the same way.
int exitStatusFor(ErrorKind kind);
std::string_view errorKindName(ErrorKind kind);  // "malformed", "refused", "not-representable", ...

// Why, for callers that act on it: a front end switches on it to add its own hint (an option of the CLI, a field of
// a dialog); the library's messages name no front end's options.
enum class Reason {
    Unspecified,
    OutputExists,  // the output exists and replacing it was not asked for
    OutputIsInput,  // the output would replace a file the run reads
    OutsideFolder,  // a .gltf's buffer outside the file's folder, or through a symbolic link
    Prerelease2019,  // a header-less mid-2019 prerelease body, read only when asked
    MarkupPage,  // an HTML or XML page where a recording was expected (a web server's answer for a missing file)
    NodesUnrecognised,  // a glTF with no hand joint, camera or gaze node known by name
    SideUnknown,  // a one-handed rig whose side neither its names nor its shape tell
    SideOfTwoHands,  // a side was given for a file that has both hands
    NodeMapInvalid,  // the node map (its JSON, or an entry naming no joint)
    AnimationMissing,  // an animation was asked for that the file does not have
    WindowInvalid,  // a time window that is not a finite interval
    GridTooLarge,  // more samples than the limit: a lower rate or a shorter window helps
    FitBudget,  // fitting or sampling needs more than the input's size allows: larger tolerances help
    GeneratorTooLong,  // a generated recording beyond the frame limit: shorter or at a lower rate helps
    MirrorNeedsLinearKeys,  // a mirror through a plane not of constant x, of keys other than MRTK's linear ones
    ExtensionUnsupported,  // a glTF file requires an extension the library cannot read it without
    ArchiveDamaged,  // an archive whose buffer is not the one its record hashed: read only when asked
    BinaryOptionsNotBinary,  // a format version or layout asked of an output that is not MRTK binary
    OutOfMemory,
};
// Its name for front ends that speak text (Python's exceptions): "output-exists", "prerelease-2019", ...;
// "unspecified" for none.
std::string_view reasonName(Reason reason);

struct Error {
    ErrorKind kind = ErrorKind::Malformed;
    std::string source;  // file name or other origin; may be empty
    std::optional<std::uint64_t> offset;  // byte offset in the source, when it applies
    std::string message;  // what was found and what was expected
    Reason reason = Reason::Unspecified;
    std::string pointer;  // glTF: the JSON pointer of the place ("/animations/0/channels/3")
    std::string curve;  // recordings: the curve ("left.Wrist.PositionX") or pose concerned

    Error() = default;
    Error(std::string source, std::optional<std::uint64_t> offset, std::string message,
          ErrorKind kind = ErrorKind::Malformed, Reason reason = Reason::Unspecified)
        : kind(kind), source(std::move(source)), offset(offset), message(std::move(message)), reason(reason) {}

    // Errors whose place the caller adds (at, of, from), by kind.
    static Error malformed(std::string message, Reason reason = Reason::Unspecified) {
        return {{}, {}, std::move(message), ErrorKind::Malformed, reason};
    }
    static Error usage(std::string message, Reason reason = Reason::Unspecified) {
        return {{}, {}, std::move(message), ErrorKind::Usage, reason};
    }
    static Error refused(std::string message, Reason reason = Reason::Unspecified) {
        return {{}, {}, std::move(message), ErrorKind::Refused, reason};
    }
    static Error notRepresentable(std::string message, Reason reason = Reason::Unspecified) {
        return {{}, {}, std::move(message), ErrorKind::NotRepresentable, reason};
    }

    // An error at a place in a JSON file (a glTF's, a manifest): the file and the JSON pointer of the place.
    static Error inJson(std::string source, std::string jsonPointer, std::string message,
                        ErrorKind kind = ErrorKind::Malformed, Reason reason = Reason::Unspecified) {
        Error e{std::move(source), {}, std::move(message), kind, reason};
        e.pointer = std::move(jsonPointer);
        return e;
    }

    Error& at(std::string jsonPointer) & {
        pointer = std::move(jsonPointer);
        return *this;
    }
    Error&& at(std::string jsonPointer) && {
        pointer = std::move(jsonPointer);
        return std::move(*this);
    }
    Error&& of(std::string curveName) && {
        curve = std::move(curveName);
        return std::move(*this);
    }

    // One line: "source: byte N: /pointer: curve NAME: message" (parts left out when absent). Control characters
    // from a file (in names or messages) are escaped, so a message can never drive a terminal.
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
std::optional<Error> readExactly(const ByteSource& from, std::span<std::uint8_t> into, const std::string& source,
                                 std::uint64_t at);

// Text from a file made safe to print (on a terminal, or in XML): C0 and C1 control characters and DEL become \xNN
// (or \n, \t, \r); invalid UTF-8 bytes become \xNN too; bidirectional controls, line and paragraph separators
// and U+FFFE/U+FFFF become \uXXXX.
std::string printable(std::string_view text);
// The longest name (a path, a JSON pointer, a curve) a message shows whole; longer ones are shortened (utf8.hpp).
inline constexpr std::size_t kLongestShownName = 240;

}  // namespace inputanim
