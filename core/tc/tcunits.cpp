#include "tc/tcunits.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <locale.h>
#include <string>
#include <string_view>

namespace qs::TcUnits {

namespace {

// tc never calls setlocale(), so its strtod() always reads "1.5" the C way. We must do the same
// even when the application has set LC_NUMERIC to de_DE (where plain strtod wants "1,5").
locale_t cLocale()
{
    static const locale_t locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
    Q_ASSERT(locale);
    return locale;
}

// tc sees argv words: bytes without NUL. Anything outside ASCII cannot be a digit, sign, space or
// suffix for tc in the C locale, so refusing it early changes no verdict; NUL is refused because
// the C functions would stop there and silently ignore the rest of the word.
std::optional<std::string> toAscii(QStringView text)
{
    std::string out;
    out.reserve(size_t(text.size()));
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == 0 || u > 0x7f)
            return std::nullopt;
        out.push_back(char(u));
    }
    return out;
}

// strcasecmp() in the C locale (tc's locale): only A-Z fold.
bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i];
        char y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = char(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

bool isCSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

struct LeadingNumber
{
    double value = 0.0;
    std::string_view rest; // what strtod() left behind: the suffix tc compares
};

// strtod() itself (not a re-implementation), so every spelling tc takes is taken here too:
// leading white space, sign, exponent, hex floats, "inf", "nan(...)". std::nullopt where strtod
// converted nothing (tc's "p == str" refusal). The result's rest points into @p ascii.
std::optional<LeadingNumber> leadingNumber(const std::string &ascii)
{
    const char *begin = ascii.c_str();
    char *end = nullptr;
    const double value = strtod_l(begin, &end, cLocale());
    if (end == begin)
        return std::nullopt;
    return LeadingNumber{value, std::string_view(end)};
}

struct Suffix
{
    std::string_view name;
    double scale;
};

// lib/utils_math.c's rate table; matched case-insensitively against the whole remainder, so
// "bps" is the "Bps" entry: BYTES per second. The scales are the same doubles tc multiplies by.
constexpr std::array<Suffix, 18> kRateSuffixes{{
    {"bit", 1.},
    {"kibit", 1024.},
    {"kbit", 1000.},
    {"mibit", 1024. * 1024.},
    {"mbit", 1000000.},
    {"gibit", 1024. * 1024. * 1024.},
    {"gbit", 1000000000.},
    {"tibit", 1024. * 1024. * 1024. * 1024.},
    {"tbit", 1000000000000.},
    {"bps", 8.},
    {"kibps", 8. * 1024.},
    {"kbps", 8000.},
    {"mibps", 8. * 1024 * 1024},
    {"mbps", 8000000.},
    {"gibps", 8. * 1024. * 1024. * 1024.},
    {"gbps", 8000000000.},
    {"tibps", 8. * 1024. * 1024. * 1024. * 1024.},
    {"tbps", 8000000000000.},
}};

// get_size()'s list. Its "kbit"/"mbit"/"gbit" are 1024-based, unlike the rate table's.
constexpr std::array<Suffix, 10> kSizeSuffixes{{
    {"kb", 1024.},
    {"k", 1024.},
    {"gb", 1024. * 1024. * 1024.},
    {"g", 1024. * 1024. * 1024.},
    {"gbit", 1024. * 1024. * 1024. / 8.},
    {"mb", 1024. * 1024.},
    {"m", 1024. * 1024.},
    {"mbit", 1024. * 1024. / 8.},
    {"kbit", 1024. / 8.},
    {"b", 1.},
}};

// get_time() (microseconds).
constexpr std::array<Suffix, 9> kTimeUsSuffixes{{
    {"s", 1000000.},
    {"sec", 1000000.},
    {"secs", 1000000.},
    {"ms", 1000.},
    {"msec", 1000.},
    {"msecs", 1000.},
    {"us", 1.},
    {"usec", 1.},
    {"usecs", 1.},
}};

// get_time64() (nanoseconds).
constexpr std::array<Suffix, 12> kTimeNsSuffixes{{
    {"s", 1000000000.},
    {"sec", 1000000000.},
    {"secs", 1000000000.},
    {"ms", 1000000.},
    {"msec", 1000000.},
    {"msecs", 1000000.},
    {"us", 1000.},
    {"usec", 1000.},
    {"usecs", 1000.},
    {"ns", 1.},
    {"nsec", 1.},
    {"nsecs", 1.},
}};

// The number times its suffix's scale, as tc computes it; a bare number keeps scale 1.
template<size_t N>
std::optional<double> scaledNumber(QStringView text, const std::array<Suffix, N> &suffixes)
{
    const std::optional<std::string> ascii = toAscii(text);
    if (!ascii)
        return std::nullopt;
    const std::optional<LeadingNumber> number = leadingNumber(*ascii); // points into *ascii
    if (!number)
        return std::nullopt;
    if (number->rest.empty())
        return number->value;
    for (const Suffix &suffix : suffixes) {
        if (equalsIgnoringAsciiCase(number->rest, suffix.name))
            return number->value * suffix.scale;
    }
    return std::nullopt;
}

constexpr double kTwoPow32 = 4294967296.0;
constexpr double kTwoPow63 = 9223372036854775808.0;
constexpr double kTwoPow64 = 18446744073709551616.0;

// get_rate()/get_size() assign the double to an unsigned int and refuse when the result differs
// from floor(): in range that refuses exactly the negatives except -0 (-0.5 truncates to 0 but
// floors to -1). Out of range the C conversion is undefined; x86-64 tc happens to refuse every
// such value too (and NaN), which is what we do deliberately.
std::optional<quint32> toU32LikeFloorCheck(double value)
{
    if (!(value >= 0.0) || !(value < kTwoPow32))
        return std::nullopt;
    return static_cast<quint32>(value);
}

// Integer parsing goes through glibc's strtoull/strtoll in the C locale, so white space, sign and
// base rules are tc's (tc's strtoul/strtol are 64-bit on its LP64 targets, hence the "ll" forms).
bool validBase(int base)
{
    // glibc returns EINVAL without setting endptr for these; tc would then read an uninitialised
    // pointer. Refusing is our deliberate choice.
    return base == 0 || (base >= 2 && base <= 36);
}

// glibc >= 2.38 (C23 strtol) reads "0b101" as binary when _GNU_SOURCE is set, which g++ always
// sets. The glibc tc 6.1 is built against (Debian 12: 2.36) stops at the 'b' and get_u32() then
// refuses the trailing garbage, so refuse it ourselves to stay tc 6.1's behaviour everywhere.
bool hasC23BinaryPrefix(const std::string &ascii, int base)
{
    if (base != 0 && base != 2)
        return false;
    size_t i = 0;
    while (i < ascii.size() && isCSpace(ascii[i]))
        ++i;
    if (i < ascii.size() && (ascii[i] == '+' || ascii[i] == '-'))
        ++i;
    return i + 1 < ascii.size() && ascii[i] == '0' && (ascii[i + 1] == 'b' || ascii[i + 1] == 'B');
}

std::optional<std::string> integerWord(QStringView text, int base)
{
    // tc's "!*arg" refusal, before strtoul() sees the word.
    if (text.isEmpty() || !validBase(base))
        return std::nullopt;
    std::optional<std::string> ascii = toAscii(text);
    if (!ascii || hasC23BinaryPrefix(*ascii, base))
        return std::nullopt;
    return ascii;
}

// get_u32()/get_u16(): strtoul(), then a range check. The ERANGE test tc does on ULONG_MAX needs
// no errno here: ULONG_MAX is out of range anyway. strtoul() negates "-N" modulo 2^64, so "-0" is
// 0 and "-18446744073709551615" is 1, as in tc.
std::optional<quint64> parseUnsignedUpTo(QStringView text, int base, quint64 max)
{
    const std::optional<std::string> ascii = integerWord(text, base);
    if (!ascii)
        return std::nullopt;
    const char *begin = ascii->c_str();
    char *end = nullptr;
    const unsigned long long value = strtoull_l(begin, &end, base, cLocale());
    if (end == begin || *end != '\0' || value > max)
        return std::nullopt;
    return quint64(value);
}

// get_s32()/get_integer(): strtol() then an int range check; LONG_MIN/LONG_MAX on ERANGE fall
// outside that range, so the errno test adds nothing.
std::optional<qint32> parseSigned32(QStringView text, int base)
{
    const std::optional<std::string> ascii = integerWord(text, base);
    if (!ascii)
        return std::nullopt;
    const char *begin = ascii->c_str();
    char *end = nullptr;
    const long long value = strtoll_l(begin, &end, base, cLocale());
    if (end == begin || *end != '\0')
        return std::nullopt;
    if (value < std::numeric_limits<qint32>::min() || value > std::numeric_limits<qint32>::max())
        return std::nullopt;
    return qint32(value);
}

// printf("%.<precision>g") in the C locale; std::to_chars is specified as exactly that and
// ignores the process locale.
QString printfG(double value, int precision)
{
    std::array<char, 64> buffer{};
    const std::to_chars_result result =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::general, precision);
    Q_ASSERT(result.ec == std::errc());
    return QString::fromLatin1(buffer.data(), qsizetype(result.ptr - buffer.data()));
}

constexpr double kUint32Max = 4294967295.0;

// Decimal text of value * 8 without 64-bit overflow (formatRate for rates >= 2^61 bytes/s).
QString decimalTimesEight(quint64 value)
{
    QString digits = QString::number(value);
    unsigned carry = 0;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        const unsigned product = unsigned(digits.at(i).unicode() - u'0') * 8u + carry;
        digits[i] = QChar(char16_t(u'0' + product % 10u));
        carry = product / 10u;
    }
    while (carry != 0) {
        digits.prepend(QChar(char16_t(u'0' + carry % 10u)));
        carry /= 10u;
    }
    return digits;
}

struct ExactUnit
{
    quint64 factor;
    QStringView name;
};

} // namespace

// --- parsing ---------------------------------------------------------------------------------

std::optional<quint64> parseRate64(QStringView text)
{
    const std::optional<double> bits = scaledNumber(text, kRateSuffixes);
    if (!bits)
        return std::nullopt;
    const double bytes = *bits / 8;
    // get_rate64() assigns the double to a __u64 unchecked. In (-1, 2^64) that is a defined
    // truncation toward zero (so "-4bit" is 0, as in tc). Outside it, and for NaN, C leaves it
    // undefined (x86-64 tc turns "-8bit" into 2^64-1 bytes/s): deliberately refused here.
    if (!(bytes > -1.0) || !(bytes < kTwoPow64))
        return std::nullopt;
    return static_cast<quint64>(bytes);
}

std::optional<quint32> parseRate32(QStringView text)
{
    const std::optional<double> bits = scaledNumber(text, kRateSuffixes);
    if (!bits)
        return std::nullopt;
    return toU32LikeFloorCheck(*bits / 8);
}

std::optional<quint32> parseSize(QStringView text)
{
    const std::optional<double> bytes = scaledNumber(text, kSizeSuffixes);
    if (!bytes)
        return std::nullopt;
    return toU32LikeFloorCheck(*bytes);
}

std::optional<quint32> parseTimeUs(QStringView text)
{
    const std::optional<double> us = scaledNumber(text, kTimeUsSuffixes);
    if (!us)
        return std::nullopt;
    // get_time() assigns to an unsigned int without any check. (-1, 2^32) truncates toward zero
    // as C defines it ("0.5us" and "-0.5us" are 0). Beyond that C says undefined; x86-64 tc keeps
    // the low 32 bits ("5000s" becomes 705032704 us, "-1ms" 4294966296 us) and NaN becomes 0:
    // deliberately refused here.
    if (!(*us > -1.0) || !(*us < kTwoPow32))
        return std::nullopt;
    return static_cast<quint32>(*us);
}

std::optional<qint64> parseTime64Ns(QStringView text)
{
    const std::optional<double> ns = scaledNumber(text, kTimeNsSuffixes);
    if (!ns)
        return std::nullopt;
    // get_time64() assigns to a __s64 unchecked: defined for [-2^63, 2^63) (truncation toward
    // zero), undefined beyond and for NaN/infinities, which we refuse deliberately.
    if (!(*ns >= -kTwoPow63) || !(*ns < kTwoPow63))
        return std::nullopt;
    return static_cast<qint64>(*ns);
}

std::optional<double> parsePercentFraction(QStringView text)
{
    const std::optional<std::string> ascii = toAscii(text);
    if (!ascii)
        return std::nullopt;
    // parse_percent() never checks that strtod() converted anything: with no number the value is
    // 0 and only the leftover is judged, so tc takes "" and "%" as 0 %. We mirror that.
    const char *begin = ascii->c_str();
    char *end = nullptr;
    const double fraction = strtod_l(begin, &end, cLocale()) / 100.;
    if (fraction > 1.0 || fraction < 0.0)
        return std::nullopt;
    if (*end != '\0' && std::strcmp(end, "%") != 0) // strcmp: exactly "%", no space
        return std::nullopt;
    // NaN passes tc's range test and then rint(NaN * UINT32_MAX) goes to a __u32: undefined
    // (x86-64 tc stores 0). Deliberately refused.
    if (std::isnan(fraction))
        return std::nullopt;
    return fraction;
}

std::optional<Probability> parsePercent(QStringView text)
{
    const std::optional<double> fraction = parsePercentFraction(text);
    if (!fraction)
        return std::nullopt;
    // netem's set_percent(): rint(per * UINT32_MAX), per <= 1 so the result fits.
    return Probability::fromScaled(static_cast<quint32>(std::rint(*fraction * kUint32Max)));
}

std::optional<quint32> parseU32(QStringView text, int base)
{
    const std::optional<quint64> value = parseUnsignedUpTo(text, base, 0xffffffffu);
    if (!value)
        return std::nullopt;
    return quint32(*value);
}

std::optional<qint32> parseS32(QStringView text, int base)
{
    return parseSigned32(text, base);
}

std::optional<quint16> parseU16(QStringView text, int base)
{
    const std::optional<quint64> value = parseUnsignedUpTo(text, base, 0xffffu);
    if (!value)
        return std::nullopt;
    return quint16(*value);
}

std::optional<int> parseInteger(QStringView text, int base)
{
    static_assert(sizeof(int) == sizeof(qint32));
    const std::optional<qint32> value = parseSigned32(text, base);
    if (!value)
        return std::nullopt;
    return int(*value);
}

bool startsWithDigit(QStringView text)
{
    // isdigit() in the C locale: only ASCII 0-9.
    return !text.isEmpty() && text.front() >= u'0' && text.front() <= u'9';
}

// --- tc's display text ------------------------------------------------------------------------

QString printRate(quint64 bytesPerSecond)
{
    static constexpr std::array<QStringView, 5> units{u"", u"K", u"M", u"G", u"T"};
    // tc shifts in 64 bits, so rates >= 2^61 bytes/s wrap; unsigned, hence defined: mirrored.
    quint64 rate = bytesPerSecond << 3;
    size_t i = 0;
    for (; i < units.size() - 1; ++i) {
        if (rate < 1000)
            break;
        // Below 1000 of the next unit, a remainder keeps the smaller unit ("1500Kbit"); at or
        // above it tc divides anyway and drops the remainder ("1234567888bit" -> "1234Mbit").
        if (rate % 1000 != 0 && rate < 1000 * 1000)
            break;
        rate /= 1000;
    }
    // tc prints "%.0f" of (double)rate; rate is below 2^53 here, so the integer is the same text.
    return QString::number(rate) + units[i] + u"bit";
}

QString printSize(quint32 bytes)
{
    constexpr double kilo = 1024.;
    constexpr double mega = kilo * kilo;
    const double value = bytes;
    // The same double expressions as sprint_size(): within 1 KiB of a MiB multiple shows as Mb,
    // within 16 bytes of a KiB multiple as Kb; rint() rounds halves to even.
    if (value >= mega && std::fabs(mega * std::rint(value / mega) - value) < 1024)
        return printfG(std::rint(value / mega), 6) + u"Mb";
    if (value >= kilo && std::fabs(kilo * std::rint(value / kilo) - value) < 16)
        return printfG(std::rint(value / kilo), 6) + u"Kb";
    return QString::number(bytes) + u"b";
}

QString printTimeUs(quint32 microseconds)
{
    const double value = microseconds;
    // "%.3g": 999999 us shows as "1e+03ms", 4294967295 us as "4.29e+03s", exactly like tc.
    if (value >= 1000000.)
        return printfG(value / 1000000., 3) + u"s";
    if (value >= 1000.)
        return printfG(value / 1000., 3) + u"ms";
    return QString::number(microseconds) + u"us";
}

QString printTime64Ns(qint64 nanoseconds)
{
    const double value = double(nanoseconds);
    if (nanoseconds >= 1000000000)
        return printfG(value / 1000000000., 3) + u"s";
    if (nanoseconds >= 1000000)
        return printfG(value / 1000000., 3) + u"ms";
    if (nanoseconds >= 1000)
        return printfG(value / 1000., 3) + u"us";
    return QString::number(nanoseconds) + u"ns"; // negatives too: "%lldns"
}

QString printPercent(Probability probability)
{
    return printfG((100. * probability.scaled()) / kUint32Max, 6) + u"%";
}

// --- exact text for scripts and profiles ------------------------------------------------------

QString formatRate(quint64 bytesPerSecond)
{
    if (bytesPerSecond == 0)
        return QStringLiteral("0bit");
    // bits = 8 * bytes; "bits divisible by 10^k" is "bytes divisible by 10^k / 8", which keeps
    // the test free of 64-bit overflow.
    static constexpr std::array<ExactUnit, 4> units{{
        {125000000000ull, u"tbit"},
        {125000000ull, u"gbit"},
        {125000ull, u"mbit"},
        {125ull, u"kbit"},
    }};
    for (const ExactUnit &unit : units) {
        if (bytesPerSecond % unit.factor == 0)
            return QString::number(bytesPerSecond / unit.factor) + unit.name;
    }
    return decimalTimesEight(bytesPerSecond) + u"bit";
}

QString formatSize(quint32 bytes)
{
    if (bytes == 0)
        return QStringLiteral("0b");
    if (bytes % (1024u * 1024u) == 0)
        return QString::number(bytes / (1024u * 1024u)) + u"mb";
    if (bytes % 1024u == 0)
        return QString::number(bytes / 1024u) + u"kb";
    return QString::number(bytes) + u"b";
}

QString formatTimeUs(quint64 microseconds)
{
    if (microseconds == 0)
        return QStringLiteral("0us");
    if (microseconds % 1000000u == 0)
        return QString::number(microseconds / 1000000u) + u"s";
    if (microseconds % 1000u == 0)
        return QString::number(microseconds / 1000u) + u"ms";
    return QString::number(microseconds) + u"us";
}

QString formatTime64Ns(qint64 nanoseconds)
{
    if (nanoseconds == 0)
        return QStringLiteral("0ns");
    // C++ remainders keep the dividend's sign, so "== 0" is right for negatives too.
    if (nanoseconds % 1000000000 == 0)
        return QString::number(nanoseconds / 1000000000) + u"s";
    if (nanoseconds % 1000000 == 0)
        return QString::number(nanoseconds / 1000000) + u"ms";
    if (nanoseconds % 1000 == 0)
        return QString::number(nanoseconds / 1000) + u"us";
    return QString::number(nanoseconds) + u"ns";
}

QString formatPercent(Probability probability)
{
    if (probability.isZero())
        return QStringLiteral("0%");
    const double percent = (100. * probability.scaled()) / kUint32Max;
    // Each scaled step is ~2.3e-8 %, so a few significant digits usually suffice; 17 always do
    // (they reproduce the double, whose rounding error is far below half a step).
    QString candidate;
    for (int precision = 1; precision <= 17; ++precision) {
        candidate = printfG(percent, precision);
        // %g writes "5e+01" once the exponent reaches the precision. Such a value is a whole
        // number (at most 100 here), so spell it the way people do: "50".
        if (candidate.contains(u"e+")) {
            const std::string ascii = candidate.toStdString();
            const std::optional<LeadingNumber> whole = leadingNumber(ascii);
            Q_ASSERT(whole && whole->rest.empty());
            candidate = QString::number(qint64(whole->value));
        }
        candidate += u"%";
        const std::optional<Probability> back = parsePercent(candidate);
        if (back && *back == probability)
            return candidate;
    }
    Q_ASSERT_X(false, "formatPercent", "17 significant digits did not round-trip");
    return candidate;
}

} // namespace qs::TcUnits
