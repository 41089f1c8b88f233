#pragma once

#include "kinds/filterkind.h"
#include "model/tchandle.h"
#include "model/validationissue.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QtGlobal>

#include <optional>

namespace qs {

/** One 32-bit selector key as the kernel holds it (value and mask in network byte order). */
struct U32Key
{
    quint32 value = 0; ///< network byte order
    quint32 mask = 0;  ///< network byte order
    int offset = 0;    ///< bytes from the start of the IP header, a multiple of 4
    friend bool operator==(const U32Key &, const U32Key &) = default;
};

/**
 * One "match" of a u32 filter, as the user writes it. Values are kept masked (tc masks them
 * before sending), so two spellings of the same match compare equal.
 */
struct U32Match
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Match)

public:
    enum class Field { IpSrc, IpDst, IpProtocol, IpTos, IpSport, IpDport, U32, U16, U8 };

    Field field = Field::U32;
    quint32 value = 0; ///< host order; an IPv4 address for IpSrc/IpDst
    quint32 mask = 0;  ///< host order, the field's width
    int offset = 0;    ///< only for U32/U16/U8 ("at OFFSET"); the ip fields have fixed offsets

    static U32Match ipAddress(Field field, quint32 address, int prefixLength);
    static U32Match masked(Field field, quint32 value, quint32 mask, int offset = 0);

    /** Width of the field in bits: 32, 16 or 8. */
    int width() const;
    /** Byte offset of the field in the IP header. */
    int fieldOffset() const;
    /** For IpSrc/IpDst: the prefix length when the mask is contiguous, else -1. */
    int prefixLength() const;
    /** tc's words after "match": "ip dst 10.0.0.0/8", "ip sport 5201 0xffff", "u32 0x0 0x0 at 0". */
    QString toTcWords() const;
    /** Parses a match as tc writes it after "match" (the inverse of toTcWords()). */
    static std::optional<U32Match> fromTcWords(QStringView text, QString *error);
    /** Packs like tc's pack_key16/pack_key8: the 32-bit word holding the field. */
    U32Key toKey() const;

    ValidationIssues validate() const;
    friend bool operator==(const U32Match &, const U32Match &) = default;
};

/**
 * The u32 classifier's own part of a filter: all matches must hold. Values are kept masked, as tc
 * sends them, so two spellings of the same match compare equal.
 */
struct U32Params
{
    Q_DECLARE_TR_FUNCTIONS(qs::U32Params)

public:
    QList<U32Match> matches; ///< empty: match everything

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

} // namespace qs
