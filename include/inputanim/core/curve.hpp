// Unity animation curves and their exact evaluation (AnimationCurve.Evaluate semantics, in double
// precision). Knows nothing about files: the binary format and glTF code both build on it.
#pragma once

#include <atomic>
#include <algorithm>
#include <compare>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace inputanim {

// Unity WrapMode values. Files may hold any Int32; any other value clamps like ClampForever.
enum WrapMode : std::int32_t {
    kWrapDefault = 0,
    kWrapOnce = 1,
    kWrapLoop = 2,
    kWrapPingPong = 4,
    kWrapClampForever = 8,
};

// Unity WeightedMode flags.
enum WeightedMode : std::int32_t {
    kWeightedNone = 0,
    kWeightedIn = 1,
    kWeightedOut = 2,
    kWeightedBoth = 3,
};

// One Unity keyframe. Tangents are slopes in value per second. The defaults are MRTK's linear encoding
// (zero tangents, zero weights, weighted mode Both), which is what compact and Boolean keys hold.
struct Key {
    float time = 0;
    float value = 0;
    float inTangent = 0;
    float outTangent = 0;
    float inWeight = 0;
    float outWeight = 0;
    std::int32_t weightedMode = kWeightedBoth;
};

// True when a key is exactly MRTK's linear encoding: zero tangents and weights (+0.0, bit for bit) and
// weighted mode Both. This is what compact and Boolean keys read back as.
bool isCompactKey(const Key& key);

// The keys of a curve, in order. Keys in MRTK's linear encoding (nearly every key of real recordings) are
// held as time and value only, 8 bytes instead of 28; the first other key moves the list to full keys. Such
// compact keys may also be borrowed: read in place from bytes that hold them in the binary format's 8-byte layout
// (a file read into memory, kept alive by `owner`), so that a recording takes no memory beyond its file. The first
// change copies borrowed keys into the list's own memory.
// Reading gives Keys by value; change a key with set() or setValue().
class KeyList {
    struct TimeValue {
        float time, value;
    };
    static_assert(sizeof(TimeValue) == 8);

public:
    // A random-access iterator whose elements are Keys by value.
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = Key;
        using difference_type = std::ptrdiff_t;
        using reference = Key;
        using pointer = void;
        const_iterator() = default;
        const_iterator(const KeyList* list, std::size_t index) : list_(list), index_(index) {}
        Key operator*() const { return (*list_)[index_]; }
        Key operator[](difference_type n) const { return (*list_)[std::size_t(difference_type(index_) + n)]; }
        const_iterator& operator++() {
            ++index_;
            return *this;
        }
        const_iterator operator++(int) {
            auto old = *this;
            ++index_;
            return old;
        }
        const_iterator& operator--() {
            --index_;
            return *this;
        }
        const_iterator operator--(int) {
            auto old = *this;
            --index_;
            return old;
        }
        const_iterator& operator+=(difference_type n) {
            index_ = std::size_t(difference_type(index_) + n);
            return *this;
        }
        const_iterator& operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return difference_type(a.index_) - difference_type(b.index_);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.index_ == b.index_; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.index_ <=> b.index_; }

    private:
        const KeyList* list_ = nullptr;
        std::size_t index_ = 0;
    };
    using iterator = const_iterator;

    KeyList() = default;
    KeyList(std::initializer_list<Key> keys) { assign(keys.begin(), keys.end()); }
    KeyList(const std::vector<Key>& keys) { assign(keys.begin(), keys.end()); }  // NOLINT: converts on purpose
    // `count` compact keys read in place from `bytes` (Float32 time, Float32 value, little-endian, any alignment),
    // which `owner` keeps alive. Little-endian hosts only.
    static KeyList borrowed(const std::uint8_t* bytes, std::size_t count, std::shared_ptr<const void> owner) {
        KeyList list;
        list.borrowed_ = bytes;
        list.borrowedCount_ = count;
        list.owner_ = std::move(owner);
        return list;
    }

    std::size_t size() const { return full_ ? keys_.size() : borrowed_ ? borrowedCount_ : timeValues_.size(); }
    bool empty() const { return size() == 0; }
    bool compact() const { return !full_; }  // every key is MRTK's linear encoding, held as time and value
    Key operator[](std::size_t i) const { return full_ ? keys_[i] : Key{compactFloat(i, 0), compactFloat(i, 4)}; }
    float time(std::size_t i) const { return full_ ? keys_[i].time : compactFloat(i, 0); }
    float value(std::size_t i) const { return full_ ? keys_[i].value : compactFloat(i, 4); }
    // visit(time, value) for every key in order, the layout checked once for the list rather than per key.
    template <class Visit>
    void forEachTimeValue(Visit&& visit) const {
        if (full_) {
            for (const Key& key : keys_) visit(key.time, key.value);
            return;
        }
        const std::uint8_t* bytes = compactBytes();
        for (std::size_t i = 0, n = size(); i < n; ++i) {
            TimeValue tv;
            std::memcpy(&tv, bytes + i * sizeof(TimeValue), sizeof tv);
            visit(tv.time, tv.value);
        }
    }
    // The index of the first key later than `time` (std::upper_bound on sorted times, with the same probes whatever
    // the order), the layout checked once for the search rather than per probe.
    std::size_t firstLaterThan(double time) const {
        if (full_) return firstLaterThan(time, [this](std::size_t i) { return keys_[i].time; });
        const std::uint8_t* bytes = compactBytes();
        return firstLaterThan(time, [bytes](std::size_t i) {
            float t;
            std::memcpy(&t, bytes + i * sizeof(TimeValue), sizeof t);
            return t;
        });
    }
    // Whether every time and value is finite and every time later than the one before: what nearly every list
    // is, answered in one pass without branches (which compilers vectorize), the layout checked once; for keys
    // borrowed in place (which never change), once for the list and its copies.
    bool finiteAndIncreasing() const;
    Key front() const { return (*this)[0]; }
    Key back() const { return (*this)[size() - 1]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    void reserve(std::size_t n) {
        own();
        full_ ? keys_.reserve(n) : timeValues_.reserve(n);
    }
    void clear() { keys_.clear(), timeValues_.clear(), full_ = false, dropBorrowed(); }
    void resize(std::size_t n) {
        own();
        full_ ? keys_.resize(n) : timeValues_.resize(n, TimeValue{0, 0});
    }  // new keys: Key{}
    void push_back(float time, float value) {  // a key in MRTK's linear encoding
        own();
        if (full_) keys_.push_back(Key{time, value});
        else timeValues_.push_back({time, value});
    }
    // Appends `count` keys in MRTK's linear encoding, key i at make(i) = {time, value}, checking the list's layout
    // once rather than per key.
    template <class Make>
    void appendLinearKeys(std::size_t count, Make make) {
        own();
        const std::size_t base = size();
        if (full_) keys_.resize(base + count);
        else timeValues_.resize(base + count);
        for (std::size_t i = 0; i < count; ++i) {
            const auto [time, value] = make(i);
            if (full_) keys_[base + i] = Key{time, value};
            else timeValues_[base + i] = {time, value};
        }
    }
    // Compact lists only: the keys as (Float32 time, Float32 value) pairs in host byte order, which on a
    // little-endian host is the 8-byte key layout of the binary format.
    std::span<const std::uint8_t> timeValueBytes() const {
        if (full_) return {};
        return {compactBytes(), size() * sizeof(TimeValue)};
    }
    // Full lists only: the keys as they are held (empty for compact lists).
    std::span<const Key> fullKeys() const { return full_ ? std::span<const Key>(keys_) : std::span<const Key>(); }
    void push_back(const Key& key) {
        own();
        if (!full_ && !isCompactKey(key)) widen();
        if (full_) keys_.push_back(key);
        else timeValues_.push_back({key.time, key.value});
    }
    void set(std::size_t i, const Key& key) {
        own();
        if (!full_ && !isCompactKey(key)) widen();
        if (full_) keys_[i] = key;
        else timeValues_[i] = {key.time, key.value};
    }
    void setValue(std::size_t i, float value) {
        own();
        full_ ? void(keys_[i].value = value) : void(timeValues_[i].value = value);
    }
    void setTime(std::size_t i, float time) {
        own();
        full_ ? void(keys_[i].time = time) : void(timeValues_[i].time = time);
    }
    template <class Change>  // change(Key&) edits a copy of key i, which is then stored
    void update(std::size_t i, Change change) {
        Key key = (*this)[i];
        change(key);
        set(i, key);
    }
    template <class It>
    void assign(It first, It last) {
        clear();
        for (; first != last; ++first) push_back(*first);
    }
    friend bool operator==(const KeyList& a, const KeyList& b);

private:
    template <class TimeAt>
    std::size_t firstLaterThan(double time, TimeAt timeAt) const {
        std::size_t upper = 0, count = size();
        while (count > 0) {
            const std::size_t half = count / 2;
            if (!(time < double(timeAt(upper + half)))) upper += half + 1, count -= half + 1;
            else count = half;
        }
        return upper;
    }
    const std::uint8_t* compactBytes() const {
        return borrowed_ ? borrowed_ : reinterpret_cast<const std::uint8_t*>(timeValues_.data());
    }
    float compactFloat(std::size_t i, std::size_t offset) const {
        float f;
        std::memcpy(&f, compactBytes() + i * sizeof(TimeValue) + offset, sizeof f);
        return f;
    }
    // Borrowed keys become the list's own before any change.
    void own() {
        if (!borrowed_) return;
        timeValues_.resize(borrowedCount_);
        std::memcpy(timeValues_.data(), borrowed_, borrowedCount_ * sizeof(TimeValue));
        dropBorrowed();
    }
    void dropBorrowed() { borrowed_ = nullptr, borrowedCount_ = 0, owner_.reset(), borrowedCheck_.reset(); }
    bool checkKeys() const;
    // finiteAndIncreasing of borrowed keys, once asked: -1 not yet, else 0 or 1 (atomic: lists may be read from
    // several threads at once).
    struct CheckCache {
        std::atomic<signed char> answer{-1};
        CheckCache() = default;
        CheckCache(const CheckCache& other) : answer(other.answer.load(std::memory_order_relaxed)) {}
        CheckCache& operator=(const CheckCache& other) {
            answer.store(other.answer.load(std::memory_order_relaxed), std::memory_order_relaxed);
            return *this;
        }
        void reset() { answer.store(-1, std::memory_order_relaxed); }
    };
    void widen() {
        keys_.reserve(std::max(timeValues_.capacity(), timeValues_.size() + 1));
        for (const TimeValue& tv : timeValues_) keys_.push_back(Key{tv.time, tv.value});
        std::vector<TimeValue>().swap(timeValues_);
        full_ = true;
    }
    bool full_ = false;
    std::vector<TimeValue> timeValues_;  // while compact and not borrowed
    std::vector<Key> keys_;  // once full
    const std::uint8_t* borrowed_ = nullptr;
    std::size_t borrowedCount_ = 0;
    std::shared_ptr<const void> owner_;
    mutable CheckCache borrowedCheck_;
};

struct Curve {
    std::int32_t preWrapMode = kWrapClampForever;
    std::int32_t postWrapMode = kWrapClampForever;
    KeyList keys;
};

// How the value moves between two adjacent keys.
enum class SegmentShape {
    Stepped,  // an infinite tangent on either side, or zero length: holds the left value
    Linear,  // a straight line: zero weights on both sides, or Hermite with chord-slope tangents
             // (within 1e-9 of the chord, relative)
    Hermite,  // a cubic in time (neither side weighted)
    Weighted,  // a Bezier in (time, value): not a polynomial in time
};
SegmentShape segmentShape(const Key& left, const Key& right);

struct ValueSlope {
    double value = 0;
    double slope = 0;  // derivative in value per second
};

// Value and slope inside the segment from `left` to `right`, for left.time <= time <= right.time.
ValueSlope evaluateSegment(const Key& left, const Key& right, double time);

// A Weighted segment split at `at` (strictly inside it) by de Casteljau on its time/value Bezier: the left key with
// the out side of the first part, a key at `at` (in side of the first part, out side of the second, both weighted),
// and the right key with the in side of the second part. Played, the two parts are the segment, within the Float32
// rounding of the new weights and tangents.
struct SplitSegment {
    Key left, cut, right;
};
SplitSegment splitWeightedSegment(const Key& left, const Key& right, float at);

// evaluateSegment of a segment of positive length whose weights are both zero (MRTK's linear encoding), given
// its keys' times and values: a straight line, computed as evaluateSegment computes it.
inline double straightSegmentValue(double t0, double v0, double t1, double v1, double time) {
    const double s =
        std::max(0.0, (time - t0) / (t1 - t0));  // at the left key exactly v0; the right key's value from 1
    return s >= 1 ? v1 : v0 + (v1 - v0) * s;
}
inline ValueSlope evaluateStraightSegment(double t0, double v0, double t1, double v1, double time) {
    return {straightSegmentValue(t0, v0, t1, v1, time), (v1 - v0) / (t1 - t0)};
}

// Maps a time outside the key range through the curve's wrap modes (Loop, PingPong; others clamp).
double wrapTime(const Curve& curve, double time);

// What makes a curve unplayable outside Unity ("key 3 is not later than key 2"): non-finite times or
// values, NaN tangents, non-finite weights, times that do not increase. nullopt when it is fine.
std::optional<std::string> invalidKey(const Curve& curve);

// AnimationCurve.Evaluate: empty curves give 0, one key is constant, wrap modes apply outside the keys.
double evaluate(const Curve& curve, double time);
ValueSlope evaluateWithSlope(const Curve& curve, double time);

// Index k of the segment [t_k, t_{k+1}) holding `time` (time already wrapped and inside the key range).
std::size_t segmentIndex(const KeyList& keys, double time);

// Evaluates one curve at many times, as evaluateWithSlope does, in amortised constant time per call when
// the times mostly increase (it remembers the last segment). Keys must have increasing times.
class CurveCursor {
public:
    explicit CurveCursor(const Curve& curve) : curve_(&curve) {}
    ValueSlope evaluate(double time);
    double value(double time);  // evaluate(time).value, without the slope
    std::size_t segment(double wrappedTime);  // segmentIndex, from the remembered position

private:
    struct StraightSegment {
        float t0, v0, t1, v1;
    };
    // The segment holding `time` when it lies strictly inside compact keys (no wrapping or clamping applies).
    std::optional<StraightSegment> straightSegment(double time);
    // segmentIndex, searched from segment `from`.
    std::size_t search(std::size_t from, double time) const;

    const Curve* curve_;
    std::size_t segment_ = 0;
};

}  // namespace inputanim
