// The three encodings of a recording: format version 1.0 or 1.1, and for 1.1 the key layout of its float curves.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace inputanim {

// Key layout of float curves in the file. 1.0 is always Full; MRTK 2.6+ writes 1.1 Compact; the published
// specification describes 1.1 Full.
enum class Layout { Full, Compact };

struct Encoding {
    std::int32_t minor = 1;  // major is always 1
    Layout layout = Layout::Compact;
    friend bool operator==(const Encoding&, const Encoding&) = default;
};
inline constexpr Encoding kEncoding10{0, Layout::Full};
inline constexpr Encoding kEncoding11Compact{1, Layout::Compact};
inline constexpr Encoding kEncoding11Full{1, Layout::Full};

std::string_view versionName(Encoding encoding);  // "1.0", "1.1"
// Whether the encoding can hold eye gaze: 1.1 can (a flagged section), 1.0 cannot.
inline constexpr bool holdsEyeGaze(Encoding encoding) { return encoding.minor >= 1; }
std::string_view layoutName(Layout layout);  // "compact", "full"
std::string_view describe(Encoding encoding);  // "1.0", "1.1 compact", "1.1 full"
// The inverse of versionName and layoutName ("1.0" + "full", "1.1" + "compact"); none for other words or 1.0 compact.
std::optional<Encoding> encodingFromNames(std::string_view version, std::string_view layout);

}  // namespace inputanim
