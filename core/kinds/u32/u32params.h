#pragma once

#include "kinds/filterkind.h"
#include "kinds/filtersupport.h"
#include "model/tchandle.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QtGlobal>

#include <array>
#include <optional>

namespace qs {

/** One 32-bit selector key as the kernel holds it (value and mask in network byte order). */
struct U32Key
{
    quint32 value = 0;  ///< network byte order
    quint32 mask = 0;   ///< network byte order
    int offset = 0;     ///< bytes from the start of the header (or the next header), a multiple of 4
    qint32 offmask = 0; ///< -1: relative to the next header ("at nexthdr+N"); tc's ip6 icmp_code sends 1
    friend bool operator==(const U32Key &, const U32Key &) = default;
};

/**
 * One "match" of a u32 filter, as the user writes it after "match": a field of the IPv4 or IPv6
 * header, of the TCP/UDP/ICMP header after it ("nexthdr"), or a raw word. Values are kept masked
 * (tc masks them before sending), so two spellings of the same match compare equal.
 */
struct U32Match
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Match)

public:
    enum class Field {
        IpSrc, IpDst, IpProtocol, IpTos, IpSport, IpDport, U32, U16, U8,
        IpIhl, IpIcmpType, IpIcmpCode, IpNofrag, IpFirstfrag, IpDf, IpMf,
        Ip6Src, Ip6Dst, Ip6Priority, Ip6Protocol, Ip6Flowlabel, Ip6Sport, Ip6Dport, Ip6IcmpType, Ip6IcmpCode,
        TcpSrc, TcpDst, UdpSrc, UdpDst, IcmpType, IcmpCode,
        Mark, ///< the packet's firewall mark (TCA_U32_MARK): no key of the selector
    };

    Field field = Field::U32;
    quint32 value = 0;    ///< host order; an IPv4 address for IpSrc/IpDst
    quint32 mask = 0;     ///< host order, the field's width; the prefix length (0…128) for Ip6Src/Ip6Dst
    int offset = 0;       ///< only for U32/U16/U8 ("at OFFSET"); the other fields have fixed offsets
    bool nexthdr = false; ///< only for U32/U16/U8: "at nexthdr+OFFSET"
    std::array<quint32, 4> address6{}; ///< Ip6Src/Ip6Dst: the address (host order per word), masked as sent

    static U32Match ipAddress(Field field, quint32 address, int prefixLength);
    static U32Match ip6Address(Field field, const std::array<quint32, 4> &address, int prefixLength);
    static U32Match masked(Field field, quint32 value, quint32 mask, int offset = 0);
    /** ip nofrag, firstfrag, df, mf: flags without a value. */
    static U32Match flag(Field field);

    /** Width of the field in bits: 32, 16 or 8 (128 for the IPv6 addresses). */
    int width() const;
    /** For IpSrc/IpDst: the prefix length when the mask is contiguous, else -1. */
    int prefixLength() const;
    bool isRaw() const { return field == Field::U32 || field == Field::U16 || field == Field::U8; }
    /** tc's words after "match": "ip dst 10.0.0.0/8", "ip sport 5201 0xffff", "u32 0x0 0x0 at 0". */
    QString toTcWords() const;
    /** Parses a match as tc writes it after "match" (the inverse of toTcWords()). */
    static std::optional<U32Match> fromTcWords(QStringView text, QString *error);
    /** The keys tc's pack_key* make of it (an IPv6 prefix takes up to four). */
    QList<U32Key> toKeys() const;

    ValidationIssues validate() const;
    friend bool operator==(const U32Match &, const U32Match &) = default;
};

/** tc's "offset": where the next header starts, for the matches "at nexthdr+N" (tc_u32_sel's off fields). */
struct U32Offset
{
    std::optional<qint16> plus;  ///< "plus N": a constant offset (TC_U32_OFFSET)
    std::optional<qint16> at;    ///< "at N": read the offset from this even byte … (TC_U32_VAROFFSET)
    std::optional<quint16> mask; ///< "mask M": … keep these bits (host order) …
    std::optional<quint8> shift; ///< "shift S": … and shift them right
    bool eat = false;            ///< "eat": later tables see the next header as the start

    bool isVariable() const { return at || mask || shift; }
    bool any() const { return plus || isVariable() || eat; }
    friend bool operator==(const U32Offset &, const U32Offset &) = default;
};

/**
 * The u32 classifier's own part of a filter. Either a hash table ("divisor N": a table of N
 * buckets other filters go in and link to) or a node: all matches must hold; the node sits in
 * its prio's own table or in a bucket of a table ("ht"), and may pass a match on to another
 * table ("link", with the bucket picked by "hashkey"). Values are kept masked, as tc sends them.
 */
struct U32Params
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Params)

public:
    QList<U32Match> matches;      ///< empty: match everything
    std::optional<quint32> divisor; ///< set: this filter is a hash table of this many buckets (1…256, a power of two)
    quint32 hashTable = 0;        ///< "ht HT:BKT" (htid | bucket << 12, as TCA_U32_HASH); 0: the prio's own table
    quint32 link = 0;             ///< "link HT:": the table a match goes on to; 0: none
    quint32 hashMask = 0;         ///< "hashkey mask M" (host order): the bits of the word that pick the bucket
    int hashOffset = 0;           ///< "hashkey at N"
    U32Offset offset;
    OffloadFlags offload;
    QString indev; ///< "indev DEV": only packets that came in on this device

    bool isTable() const { return divisor.has_value(); }
    /** tc's words of "ht", "link", "hashkey" or "offset" after the option ("43:1", "mask 0x0000ff00 at 12"); empty when unset. */
    QString optionWords(QStringView option) const;
    /** Reads them as tc does (empty words unset the option); the message when it cannot, and nothing changes. */
    QString setOptionWords(QStringView option, QStringView words);
    /** "match mark VALUE MASK": the last one given, as the kernel keeps it. */
    std::optional<U32Match> mark() const;
    /** The selector keys in tc's order, merged the way tc merges keys sharing a word; nullopt on a conflict. */
    std::optional<QList<U32Key>> keys() const;
    ValidationIssues validate() const;
    friend bool operator==(const U32Params &, const U32Params &) = default;
};
QS_DECLARE_FILTER_KIND(U32Params)

/** iproute2's u32 handle text "800:0:800" / "800::800". */
QString u32HandleToString(quint32 handle);
std::optional<quint32> u32HandleFromString(QStringView text);
/** All three fields, "800:0:800": unambiguous for scripts and files (tc's short ":5" reads back as a hash). */
QString u32HandleArgument(quint32 handle);
/**
 * Whether a table id is where the kernel puts each prio's own table (800: for the first prio of a
 * qdisc, then 801:, … as prios come and go): a table there with one bucket, and bucket 0 of it,
 * are read as "the prio's own". The kernel dumps nothing that tells them apart from a user's.
 */
bool u32IsPrioTableId(quint32 handle);

} // namespace qs
