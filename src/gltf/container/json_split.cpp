#include "json_split.hpp"

#include <charconv>
#include <climits>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "json_limits.hpp"
#include "json_text.hpp"

namespace inputanim {
namespace {

using Json = nlohmann::json;

constexpr std::string_view kBufferStandIn = R"({"byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="})";

// splitAnyJson's pass: nlohmann's SAX events (no tree of the whole document is built), each token written again.
class JsonSplitter final : public nlohmann::json_sax<Json> {
public:
    explicit JsonSplitter(std::string& forTinygltf) : text_(forTinygltf) {}
    Json kept = Json::object();
    std::size_t listItems = 0;

    bool null() override { return scalar(nullptr, "null"); }
    bool boolean(bool value) override { return scalar(value, value ? "true" : "false"); }
    bool number_integer(number_integer_t value) override { return indexFits(value) && scalar(value, digits(value)); }
    bool number_unsigned(number_unsigned_t value) override { return indexFits(value) && scalar(value, digits(value)); }
    bool hugeIndex = false;  // the pass stopped at an index beyond 32 bits
    // The number's own text: it parses to the same double (the parser refuses numbers that overflow).
    bool number_float(number_float_t value, const string_t& text) override { return scalar(value, text); }
    bool string(string_t& value) override {
        quoted_.clear();
        appendString(quoted_, value);  // the parser has checked it is valid UTF-8
        return scalar(value, quoted_);
    }
    bool binary(binary_t&) override { return false; }  // JSON text has none
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close('}'); }
    bool end_array() override { return close(']'); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

    bool key(string_t& name) override {
        lastKey_ = name;
        Frame& parent = frames_.back();
        if (parent.capture) key_ = name;
        bool write = parent.write;
        if (frames_.size() == 1) {  // a member of the file's object
            member_ = name;
            kept.erase(name);  // a member given twice: the last counts, as in a tree
            if (isCutMember(name)) write = false;
            if (isKeptWhole(name)) captureInto_ = &kept[name];
        } else if (frames_.size() == 3 && frames_[1].array &&
                   name == "extras") {  // an item's, in one of the file's lists
            write = false;
            if (member_ == "animations" || member_ == "scenes") captureInto_ = &kept[member_].back()["extras"];
        }
        if (write) {
            separate(parent);
            appendString(text_, name);
            text_ += ':';
        }
        skipNext_ = !write;
        return true;
    }

private:
    // tinygltf reads indices as 32-bit integers, cutting larger ones to their low bits (2^63 read as sampler 0): such
    // an index is refused. Counts, offsets and lengths it reads whole, and any number may be a float's value.
    template <class Integer>
    bool indexFits(Integer value) {
        const std::string& property = frames_.empty()        ? lastKey_
                                      : frames_.back().array ? frames_.back().property
                                                             : lastKey_;
        const bool fits = value <= Integer(INT32_MAX) && (std::is_unsigned_v<Integer> || value >= Integer(INT32_MIN));
        hugeIndex = !fits && isIndexProperty(property);
        return !hugeIndex;
    }
    static bool isIndexProperty(std::string_view name) {
        for (std::string_view index :
             {"sampler", "input", "output", "node", "bufferView", "buffer", "mesh", "skin", "camera", "material",
              "source", "skeleton", "scene", "index", "indices", "inverseBindMatrices", "children", "nodes", "joints"})
            if (name == index) return true;
        return false;
    }

    struct Frame {
        bool array;
        bool write;  // its brackets and contents are written for tinygltf
        Json* capture;  // the kept tree its contents go into, if any
        bool first = true;
        std::string property;  // an array's: the member it is the value of
    };

    template <class Integer>
    std::string_view digits(Integer value) {
        const auto end = std::to_chars(digits_, digits_ + sizeof digits_, value).ptr;
        return {digits_, std::size_t(end - digits_)};
    }
    void separate(Frame& frame) {
        if (!std::exchange(frame.first, false)) text_ += ',';
    }
    // Where a value that starts now goes: whether it is written, and the kept tree it becomes, if any.
    std::pair<bool, Json*> place() {
        Frame& parent = frames_.back();
        const bool skipped = std::exchange(skipNext_, false);  // consumed whether or not the parent is written
        bool write = parent.write && !skipped;
        if (parent.array) {
            const bool listItem = frames_.size() == 2;  // an item of one of the file's lists
            if (listItem && member_ == "buffers") {
                if (write) separate(parent), text_ += kBufferStandIn;
                write = false;
            } else if (write) {
                separate(parent);
            }
            if (listItem && (member_ == "animations" || member_ == "scenes")) kept[member_].push_back(Json::object());
            listItems += listItem && (write || member_ == "buffers");
        }
        Json* slot = std::exchange(captureInto_, nullptr);
        if (parent.capture) slot = parent.array ? &parent.capture->emplace_back() : &(*parent.capture)[key_];
        return {write, slot};
    }
    template <class Value>
    bool scalar(Value&& value, std::string_view token) {
        if (frames_.empty()) return false;  // the file is not an object
        const auto [write, slot] = place();
        if (write) text_ += token;
        if (slot) *slot = Json(std::forward<Value>(value));
        return true;
    }
    bool open(bool array) {
        if (frames_.empty()) {  // the file's object
            if (array) return false;
            text_ += '{';
            frames_.push_back({false, true, nullptr, true, {}});
            return true;
        }
        const auto [write, slot] = place();
        if (write) text_ += array ? '[' : '{';
        if (slot) *slot = array ? Json::array() : Json::object();
        frames_.push_back({array, write, slot, true, frames_.back().array ? frames_.back().property : lastKey_});
        return true;
    }
    bool close(char bracket) {
        if (frames_.back().write) text_ += bracket;
        frames_.pop_back();
        return true;
    }

    std::string& text_;
    std::string quoted_;  // the last string value, as JSON text
    std::string lastKey_;  // the member name read last
    char digits_[24];  // the last integer, as text
    std::vector<Frame> frames_;
    std::string member_;  // the member of the file's object being read
    std::string key_;  // the last key read, in a kept tree
    bool skipNext_ = false;  // the value after this key is not written
    Json* captureInto_ = nullptr;  // the kept tree the value after this key becomes
};

// Reads JSON values of the plain subset (splitPlainJson), checking them as nlohmann's parser would; false for
// anything else, valid or not.
class PlainScanner {
public:
    PlainScanner(const char* begin, const char* end) : at(begin), end_(end) {}

    const char* at;

    // Skips whitespace; false at the end of the text.
    bool space() {
        while (at < end_ && (*at == ' ' || *at == '\n' || *at == '\r' || *at == '\t')) ++at;
        return at < end_;
    }
    // A string from its opening quote; `contents` as written, escapes and all.
    bool string(std::string_view& contents) {
        if (at == end_ || *at != '"') return false;
        const char* start = ++at;
        while (at < end_) {
            const auto c = static_cast<unsigned char>(*at);
            if (kPlainJsonStringByte[c]) {
                ++at;
            } else if (c == '"') {
                contents = {start, std::size_t(at - start)};
                ++at;
                return true;
            } else if (c == '\\' && end_ - at >= 2 && std::strchr("\"\\/bfnrt", at[1]) && at[1] != '\0') {
                at += 2;
            } else if (c >= 0x80) {
                if (!utf8Character()) return false;
            } else {
                return false;
            }
        }
        return false;
    }
    // Any value, `depth` brackets inside the text's.
    bool value(std::size_t depth) {
        if (!space()) return false;
        switch (*at) {
            case '"': {
                std::string_view contents;
                return string(contents);
            }
            case '{':
            case '[': return container(depth);
            case 't': return word("true");
            case 'f': return word("false");
            case 'n': return word("null");
            default: return number();
        }
    }

private:
    // A character of two to four bytes, as RFC 3629 allows them (no overlong forms, no surrogates, none above
    // U+10FFFF), which is what nlohmann's parser accepts.
    bool utf8Character() {
        const auto byte = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(at[i]); };
        const unsigned char lead = byte(0);
        const std::ptrdiff_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                                      : lead >= 0xE0 && lead <= 0xEF ? 3
                                      : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                                     : 0;
        if (length == 0 || end_ - at < length) return false;
        // The second byte's range depends on the lead; the others are any continuation byte.
        const unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
        const unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
        if (byte(1) < low || byte(1) > high) return false;
        for (std::ptrdiff_t i = 2; i < length; ++i)
            if (byte(i) < 0x80 || byte(i) > 0xBF) return false;
        at += length;
        return true;
    }
    bool container(std::size_t depth) {
        if (depth >= kMaxJsonDepth) return false;
        const bool object = *at == '{';
        const char close = object ? '}' : ']';
        ++at;
        if (!space()) return false;
        if (*at == close) return ++at, true;
        for (;;) {
            std::string_view name;
            if (object && (!string(name) || !space() || *at++ != ':')) return false;
            if (!value(depth + 1) || !space()) return false;
            if (*at == close) return ++at, true;
            if (*at++ != ',' || !space()) return false;
        }
    }
    bool word(std::string_view text) {
        if (std::size_t(end_ - at) < text.size() || std::memcmp(at, text.data(), text.size()) != 0) return false;
        at += text.size();
        return true;
    }
    bool digit() const { return at < end_ && *at >= '0' && *at <= '9'; }
    // JSON's grammar; and below 1e300, so that no double overflows (nlohmann refuses those that do).
    bool number() {
        const bool negative = at < end_ && *at == '-';
        if (negative) ++at;
        const char* integer = at;
        if (at < end_ && *at == '0') ++at;
        else if (digit())
            while (digit()) ++at;
        else return false;
        std::size_t magnitude = std::size_t(at - integer);  // the number is below 10^magnitude
        if (magnitude >= 10 &&
            (at == end_ || (*at != '.' && *at != 'e' && *at != 'E'))) {  // maybe an index beyond 32 bits
            if (magnitude > 10) return false;  // the token pass tells (JsonSplitter::indexFits)
            std::uint64_t value = 0;
            for (const char* d = integer; d < at; ++d) value = value * 10 + std::uint64_t(*d - '0');
            if (value > std::uint64_t(INT32_MAX) + (negative ? 1 : 0)) return false;
        }
        if (at < end_ && *at == '.') {
            ++at;
            if (!digit()) return false;
            while (digit()) ++at;
        }
        if (at < end_ && (*at == 'e' || *at == 'E')) {
            ++at;
            bool negative = false;
            if (at < end_ && (*at == '+' || *at == '-')) negative = *at++ == '-';
            if (!digit()) return false;
            std::size_t exponent = 0;
            while (digit())
                if ((exponent = exponent * 10 + std::size_t(*at++ - '0')) > 1000) return false;
            if (!negative) magnitude += exponent;
        }
        return magnitude <= 300;
    }

    const char* end_;
};

// splitPlainJson's pass: the text is checked value by value, and copied in runs between the pieces cut or replaced.
class PlainSplitter {
public:
    explicit PlainSplitter(std::span<const std::uint8_t> text)
        : PlainSplitter(reinterpret_cast<const char*>(text.data()), text.size()) {}
    PlainSplitter(const char* text, std::size_t size) : end_(text + size), scan_(text, end_), copied_(text) {
        split_.forTinygltf.reserve(size);
    }

    std::optional<SplitJson> split() {
        if (!scan_.space() || *scan_.at != '{') return std::nullopt;
        if (!members(0, [this](std::string_view name) { return fileMember(name); })) return std::nullopt;
        if (scan_.space()) return std::nullopt;  // more than whitespace after the object
        split_.forTinygltf.append(copied_, end_);
        return std::move(split_);
    }

private:
    enum class Member { Kept, Cut, Refused };

    // The members of the object at scan_.at, `depth` brackets inside the text's: `read(name)` reads each value and
    // says whether the member stays. A member cut goes with the comma after it, or if it is the last, the one before.
    template <class Read>
    bool members(std::size_t depth, Read read) {
        if (depth >= kMaxJsonDepth) return false;
        ++scan_.at;
        if (!scan_.space()) return false;
        if (*scan_.at == '}') return ++scan_.at, true;
        for (;;) {
            const char* nameStart = scan_.at;
            std::string_view name;
            if (!scan_.string(name) || !scan_.space() || *scan_.at++ != ':' || !scan_.space()) return false;
            const Member member = read(name);
            if (member == Member::Refused || !scan_.space()) return false;
            const bool last = *scan_.at == '}';
            if (!last && *scan_.at != ',') return false;
            ++scan_.at;
            if (member == Member::Cut) {
                std::string& text = split_.forTinygltf;
                text.append(copied_, nameStart);
                copied_ = scan_.at;
                if (last) {
                    while (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t')
                        text.pop_back();
                    if (text.back() == ',') text.pop_back();
                    --copied_;  // the closing brace stays
                }
            }
            if (last) return true;
            if (!scan_.space()) return false;
        }
    }

    // A value from scan_.at as a tree (it has been checked, so nlohmann reads it too).
    bool keep(const char* start, Json& into) {
        into = Json::parse(start, scan_.at, nullptr, false);
        return !into.is_discarded();
    }

    // Names compared as written: an escape other than \u (refused) makes no letter, so no such name is one of these.
    Member fileMember(std::string_view name) {
        const bool buffers = name == "buffers", listsExtras = name == "animations" || name == "scenes";
        const bool whole = isKeptWhole(name) && !buffers;  // the extension lists and extensions, as they are
        if (buffers || whole || listsExtras)
            split_.kept.erase(std::string(name));  // a member given twice: the last counts
        if (isCutMember(name)) return scan_.value(1) ? Member::Cut : Member::Refused;
        const char* start = scan_.at;
        if (*start == '[' && !buffers) {
            if (!list(name, listsExtras)) return Member::Refused;
            return !whole || keep(start, split_.kept[std::string(name)]) ? Member::Kept : Member::Refused;
        }
        if (!scan_.value(1)) return Member::Refused;
        if (whole && !keep(start, split_.kept[std::string(name)])) return Member::Refused;
        if (buffers) {
            Json& kept = split_.kept["buffers"];
            if (!keep(start, kept)) return Member::Refused;
            if (kept.is_array()) {
                std::string standIns = "[";
                for (std::size_t i = 0; i < kept.size(); ++i) (standIns += i ? "," : "") += kBufferStandIn;
                split_.listItems += kept.size();
                replace(start, standIns + "]");
            }
        }
        return Member::Kept;
    }

    // One of the file's lists: its items' extras are cut, and for animations and scenes kept.
    bool list(std::string_view name, bool keepsExtras) {
        Json* kept = nullptr;  // made at the first item, as the token by token pass makes it
        ++scan_.at;
        if (!scan_.space()) return false;
        if (*scan_.at == ']') return ++scan_.at, true;
        for (;;) {
            ++split_.listItems;
            if (keepsExtras) {
                if (!kept) kept = &split_.kept[std::string(name)];
                kept->push_back(Json::object());
            }
            if (*scan_.at == '{') {
                const bool read = members(2, [&](std::string_view member) {
                    const char* start = scan_.at;
                    if (!scan_.value(3)) return Member::Refused;
                    if (member != "extras") return Member::Kept;
                    return !kept || keep(start, kept->back()["extras"]) ? Member::Cut : Member::Refused;
                });
                if (!read) return false;
            } else if (!scan_.value(2)) {
                return false;
            }
            if (!scan_.space()) return false;
            if (*scan_.at == ']') return ++scan_.at, true;
            if (*scan_.at++ != ',' || !scan_.space()) return false;
        }
    }

    // The text from `start` to scan_.at becomes `instead`.
    void replace(const char* start, std::string_view instead) {
        split_.forTinygltf.append(copied_, start);
        split_.forTinygltf += instead;
        copied_ = scan_.at;
    }

    const char* end_;
    PlainScanner scan_;
    const char* copied_;  // the text before it is in forTinygltf, or cut
    SplitJson split_;
};

}  // namespace

std::optional<SplitJson> splitPlainJson(std::span<const std::uint8_t> text) { return PlainSplitter(text).split(); }

std::optional<SplitJson> splitAnyJson(std::span<const std::uint8_t> text, bool* hugeIndex) {
    SplitJson split;
    split.forTinygltf.reserve(text.size());
    JsonSplitter splitter(split.forTinygltf);
    if (!Json::sax_parse(text.begin(), text.end(), &splitter)) {
        if (hugeIndex) *hugeIndex = splitter.hugeIndex;
        return std::nullopt;
    }
    split.kept = std::move(splitter.kept);
    split.listItems = splitter.listItems;
    return split;
}

}  // namespace inputanim
