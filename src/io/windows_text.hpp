// UTF-8 <-> UTF-16 for the Windows side of the io layer (file_io_windows.cpp, process_windows.cpp), whose wide
// APIs take every file name a user can type.
#pragma once
#if defined(_WIN32)

#include <windows.h>

#include <optional>
#include <string>

namespace inputanim::windows {

// nullopt when `utf8` is not valid UTF-8 (nothing is substituted: a path with a replaced character is another path).
inline std::optional<std::wstring> widen(const std::string& utf8) {
    if (utf8.empty()) return std::wstring();
    const int n = ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), nullptr, 0);
    if (n <= 0) return std::nullopt;
    std::wstring wide(std::size_t(n), L'\0');
    ::MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), int(utf8.size()), wide.data(), n);
    return wide;
}

inline std::string narrow(const wchar_t* wide, int length = -1) {
    const int n = ::WideCharToMultiByte(CP_UTF8, 0, wide, length, nullptr, 0, nullptr, nullptr);
    if (n <= 0) return {};
    std::string utf8(std::size_t(n), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, wide, length, utf8.data(), n, nullptr, nullptr);
    if (length < 0) utf8.pop_back();  // the terminating NUL counted
    return utf8;
}

// The system's message for an error code, in UTF-8, without its trailing line break.
inline std::string message(DWORD code) {
    wchar_t* text = nullptr;
    const DWORD n =
        ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                         nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
    std::string utf8 = n ? narrow(text, int(n)) : "error " + std::to_string(code);
    ::LocalFree(text);
    while (!utf8.empty() && (utf8.back() == '\n' || utf8.back() == '\r' || utf8.back() == '.')) utf8.pop_back();
    return utf8;
}

}  // namespace inputanim::windows

#endif  // _WIN32
