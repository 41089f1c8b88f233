#pragma once

#include "kinds/codeccontext.h"
#include "model/validationissue.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace qs {

/**
 * The extended matches (ematches) of the basic classifier: a small expression of comparisons
 * joined by and/or, with not and parentheses, as tc's "match" reads it (iproute2's m_ematch.c and
 * its em_cmp.c, em_u32.c, em_meta.c; the kernel's net/sched/ematch.c). The model holds the
 * expression as a tree; the kernel holds it as a flat list where a parenthesis is a container
 * that points at the list's later part, which encode and decode translate to and from.
 */

/** eq, gt, lt: TCF_EM_OPND_*. */
enum class EmatchOperand : quint8 { Eq = 0, Gt = 1, Lt = 2 };

/** cmp(ALIGN at OFFSET [layer L] [mask M] [trans] OP VALUE): struct tcf_em_cmp. */
struct CmpEmatch
{
    quint8 align = 1; ///< bytes compared: 1, 2 or 4 (u8, u16, u32)
    quint16 offset = 0;
    quint8 layer = 1; ///< where the offset starts: 0 link, 1 network (tc's default), 2 transport
    quint32 mask = 0; ///< 0: none
    bool trans = false; ///< the bytes are in network order: compared as a host number
    EmatchOperand op = EmatchOperand::Eq;
    quint32 value = 0;
    friend bool operator==(const CmpEmatch &, const CmpEmatch &) = default;
};

/**
 * u32(ALIGN VALUE MASK at [nexthdr+]OFFSET): one 32-bit word as the kernel holds it (struct
 * tc_u32_key). tc turns a u8 or u16 into the word that holds it; the model keeps the word.
 */
struct U32Ematch
{
    quint32 value = 0;
    quint32 mask = 0;
    qint32 offset = 0; ///< a multiple of 4
    bool nexthdr = false;
    friend bool operator==(const U32Ematch &, const U32Ematch &) = default;
};

/** One side of a meta comparison: a number, a string, or a meta id (the packet's mark, length …). */
struct MetaOperand
{
    enum class Kind : quint8 { Number, Text, Id };
    Kind kind = Kind::Number;
    quint32 number = 0; ///< a Number's value; an Id's mask (0: none)
    QByteArray text;    ///< a Text's bytes
    quint16 id = 0;     ///< an Id's TCF_META_ID_*
    quint8 shift = 0;   ///< an Id's right shift
    friend bool operator==(const MetaOperand &, const MetaOperand &) = default;
};

/** meta(LEFT OP RIGHT): struct tcf_meta_hdr and its values. */
struct MetaEmatch
{
    MetaOperand left;
    EmatchOperand op = EmatchOperand::Eq;
    MetaOperand right;
    friend bool operator==(const MetaEmatch &, const MetaEmatch &) = default;
};

/** and / or to the next term of the same list; the last term's is End. */
enum class EmatchRelation : quint8 { End = 0, And = 1, Or = 2 };

struct EmatchTerm;
/** Terms evaluated left to right, each stopping the list early when its relation allows (the kernel's rule). */
using EmatchList = std::vector<EmatchTerm>;

/** A parenthesised list. */
struct EmatchGroup
{
    EmatchList terms;
    friend bool operator==(const EmatchGroup &, const EmatchGroup &) = default;
};

struct EmatchTerm
{
    bool invert = false;
    EmatchRelation relation = EmatchRelation::End;
    std::variant<CmpEmatch, U32Ematch, MetaEmatch, EmatchGroup> match;
    friend bool operator==(const EmatchTerm &, const EmatchTerm &) = default;
};

/** A problem with an expression, at a word of the words it was read from. */
struct EmatchParseError
{
    qsizetype word = 0;
    QString message;
};

namespace Ematch {

/** The kernel's ematch stack (CONFIG_NET_EMATCH_STACK): how deep parentheses may nest. */
constexpr int MaxDepth = 32;

/**
 * Reads an expression as tc's lexer and grammar do from @p words, starting at @p from: the words
 * are joined with blanks; a term is a match "kind(args)" or a parenthesised expression, perhaps
 * after "not"; terms are joined by "and" / "or". tc takes the expression to end at the word that
 * holds the token after it, so a word must follow (tc re-reads the last word otherwise) and the
 * expression must end with a word. Sets @p end to the first word after the expression.
 */
std::optional<EmatchList> parse(const QStringList &words, qsizetype from, qsizetype *end, EmatchParseError *error);
/** An expression on its own (the JSON form, the editor): one text, nothing after it. */
std::optional<EmatchList> parseText(const QString &text, QString *error);
/** The expression in tc's words, one text that parse() reads back to the same list. */
QString print(const EmatchList &list);

/** The kernel's and tc's limits: depth, the netlink attribute's size, each match's own rules. */
ValidationIssues validate(const EmatchList &list, const QString &field);

/** TCA_BASIC_EMATCHES (@p attr) with the tree header and the flat list tc writes. */
bool encode(nl_msg *msg, int attr, const EmatchList &list);
/** The list back from the kernel's dump; nullopt when it holds what the model cannot say. */
std::optional<EmatchList> decode(const nlattr *attr);

/**
 * What tc's show printed of an expression ("cmp(u8 at 9 layer 1 eq 6)", "AND NOT (", numbers as
 * signed, "u32(00110000/00ff0000 at 12)", meta strings without quotes) as the words parse()
 * reads. Each word keeps the index of the printed word it came from in @p origins.
 */
QStringList fromShown(const QStringList &printed, QList<qsizetype> *origins);

} // namespace Ematch

} // namespace qs
