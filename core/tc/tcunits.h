#pragma once

#include "model/probability.h"

#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <optional>

/**
 * tc's units, parsed and printed exactly as iproute2 6.1 does (lib/utils.c, lib/utils_math.c,
 * tc/tc_util.c, tc/q_netem.c). Parsing is locale-independent (a German desktop locale must not
 * turn "1.5ms" into an error). Every parse returns std::nullopt where tc would refuse the word.
 *
 * The numbers go through glibc's strtod()/strtoul() in the C locale, as in tc, so they take what
 * tc takes: leading white space (never trailing), a sign, exponents, hex ("0x10kbit" is 16 kbit,
 * and "0x10b" is the hex number 0x10b). Suffixes are case-insensitive (strcasecmp) except
 * netem's "%". Non-ASCII text and NUL are refused (tc can take neither as part of a number).
 * Deliberate deviations: where tc converts an out-of-range double to an integer, which C leaves
 * undefined (NaN, infinities, values beyond the type, negatives that would wrap), we refuse;
 * each function below names its cases.
 *
 * Two families of output:
 *  - print*: tc's own display text (`tc qdisc show`), which rounds ("1030" bytes shows as "1Kb");
 *  - format*: exact, for scripts and profiles: parse(format(x)) == x for every value the matching
 *    parse can return (limits of the double-based rate and time64 parsers noted below).
 */
namespace qs::TcUnits {

// --- parsing ---------------------------------------------------------------------------------
/** get_rate64(): a number with an optional rate suffix (bit, kbit, kibit, …, bps, kbps, kibps, …),
 *  case-insensitive; a bare number is bit/s. Result in bytes per second, truncated like tc.
 *  Beware: the "…bps" family is BYTES per second in tc ("1mbps" = 8 Mbit/s), and size suffixes
 *  ("kb", "k") are not rates. Between -1 and 0 bytes truncates to 0 as in tc ("-4bit");
 *  refused deliberately (undefined in tc): NaN, <= -1 byte/s, >= 2^64 bytes/s. */
std::optional<quint64> parseRate64(QStringView text);
/** get_rate(): like parseRate64 but refuses results that do not fit 32 bits, and (its floor()
 *  check) every negative except -0. No deviation from x86-64 tc. */
std::optional<quint32> parseRate32(QStringView text);
/** get_size(): bytes; suffixes b, k/kb, m/mb, g/gb (1024-based), kbit, mbit, gbit (1024-based bits:
 *  "1kbit" is 128 bytes). A bare number is bytes; fractions truncate; >= 2^32 and negatives other
 *  than -0 are refused, as tc's floor() check does. No "kib"/"bit"/"kbps". */
std::optional<quint32> parseSize(QStringView text);
/** get_time(): microseconds; suffixes s/sec/secs, ms/msec/msecs, us/usec/usecs; bare = us (no ns).
 *  Fractions truncate ("0.5us" is 0). tc stores the double unchecked: refused deliberately here
 *  are NaN, infinities, <= -1 us and >= 2^32 us (x86-64 tc wraps "5000s" to 705032704 us). */
std::optional<quint32> parseTimeUs(QStringView text);
/** get_time64(): nanoseconds; suffixes as parseTimeUs plus ns/nsec/nsecs; bare = ns. Signed:
 *  "-1ms" is -1000000. Refused deliberately (undefined in tc): NaN, infinities, outside
 *  [-2^63, 2^63) (so "9223372036854775807", which rounds to 2^63, is refused). */
std::optional<qint64> parseTime64Ns(QStringView text);
/** parse_percent() + netem's set_percent(): "1%", "1" (also percent), 0..100, scaled with
 *  rint(). The only suffix is exactly "%" (no space). tc never checks that a number was present,
 *  so "" and "%" are 0 % — mirrored. NaN ("nan", "nan%") is refused deliberately (tc: undefined). */
std::optional<Probability> parsePercent(QStringView text);
/** parse_percent() alone: the fraction 0..1 tc computes before scaling, with parsePercent's
 *  verdicts. netem derives its loss-model defaults from it ("loss state 10%" sets p31 to
 *  rint((1 - 0.1) * UINT32_MAX), not to the complement of the rounded p13). */
std::optional<double> parsePercentFraction(QStringView text);
/** get_u32() / get_s32() / get_u16(): strtoul/strtol with @p base (0 = C rules: 0x hex, 0 octal).
 *  As in tc, strtoul negates "-N" modulo 2^64: "-0" is 0, "-1" is refused and
 *  "-18446744073709551615" is 1. No "0b" binary (tc 6.1's glibc has none). An invalid @p base is
 *  refused (tc would read an uninitialised end pointer). */
std::optional<quint32> parseU32(QStringView text, int base = 0);
std::optional<qint32> parseS32(QStringView text, int base = 0);
std::optional<quint16> parseU16(QStringView text, int base = 0);
/** get_integer(): an int with C base rules (the same verdicts as parseS32). */
std::optional<int> parseInteger(QStringView text, int base = 0);
/** iproute2's NEXT_IS_NUMBER(): the word begins with a decimal digit. */
bool startsWithDigit(QStringView text);

// --- tc's display text ------------------------------------------------------------------------
/** sprint_rate() without -iec: "100Mbit", "1500Kbit", "96bit". Like tc it drops remainders once a
 *  value reaches 1000 of the next unit ("1234567888bit" shows "1234Mbit") and its 64-bit shift
 *  wraps for rates >= 2^61 bytes/s. */
QString printRate(quint64 bytesPerSecond);
/** sprint_size(): "15Kb", "1514b", "2Mb" (rounds to Mb within 1 KiB, to Kb within 16 bytes, e.g.
 *  1030 shows "1Kb"; "%g" gives "1e+06Kb" and "4.1943e+06Kb" for large values). */
QString printSize(quint32 bytes);
/** sprint_time(): "100ms", "1.5s", "800us" for microseconds; "%.3g", so 999999 us is "1e+03ms". */
QString printTimeUs(quint32 microseconds);
/** sprint_time64(): for nanoseconds: "1.5us", "2.5ms", "1.5s"; negatives stay "-5000000ns". */
QString printTime64Ns(qint64 nanoseconds);
/** netem's "%g%%" of 100 * scaled / UINT32_MAX: "1%", "2.32831e-08%". */
QString printPercent(Probability probability);

// --- exact text for scripts and profiles ------------------------------------------------------
/** The largest of tbit/gbit/mbit/kbit that divides exactly, else bit: "50mbit", "1500kbit"; 0 is
 *  "0bit". Exact for every rate below 2^53 bytes/s (and any a double holds exactly); beyond that
 *  tc's double arithmetic cannot carry the value. */
QString formatRate(quint64 bytesPerSecond);
/** The largest of mb/kb that divides exactly, else b: "50kb", "1514b"; 0 is "0b". */
QString formatSize(quint32 bytes);
/** The largest of s/ms/us that divides exactly: "100ms", "1500us"; 0 is "0us". parseTimeUs takes
 *  back values below 2^32 only. */
QString formatTimeUs(quint64 microseconds);
/** The largest of s/ms/us/ns that divides exactly: "2ms", "150ns", "-1us"; 0 is "0ns". Exact for
 *  |value| below 2^53 ns and for INT64_MIN. */
QString formatTime64Ns(qint64 nanoseconds);
/** The shortest decimal percent that parses back to the same scaled value: "1%", "0.5%", "50%",
 *  "49.99999999%", "2e-08%" (%g style; whole numbers are never written "5e+01"). */
QString formatPercent(Probability probability);

} // namespace qs::TcUnits
