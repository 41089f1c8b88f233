// Ematch expressions: tc's lexer and grammar (emp_ematch.l/.y), the cmp, u32 and meta matches
// (em_cmp.c, em_u32.c, em_meta.c), the kernel's flat list (net/sched/ematch.c).
#include "ematch.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <arpa/inet.h>
#include <linux/pkt_cls.h>
#include <linux/tc_ematch/tc_em_cmp.h>
#include <linux/tc_ematch/tc_em_meta.h>

#include <cstring>
#include <functional>

namespace qs {

namespace {

/** The messages about ematches (a class so that lupdate finds them). */
struct EmatchText
{
    Q_DECLARE_TR_FUNCTIONS(qs::Ematch)
};
QString tr(const char *text) { return EmatchText::tr(text); }

// ---------------------------------------------------------------------------------------------
// meta ids: tc 6.1's names (em_meta.c's meta_table); the first name of an id is the one tc prints.

struct MetaName
{
    const char *name;
    quint16 id;
    bool text; ///< also a string (a device name): tc's "iv"
};

constexpr MetaName kMetaNames[] = {
    {"random", TCF_META_ID_RANDOM, false},
    {"loadavg_1", TCF_META_ID_LOADAVG_0, false},
    {"loadavg_5", TCF_META_ID_LOADAVG_1, false},
    {"loadavg_15", TCF_META_ID_LOADAVG_2, false},
    {"dev", TCF_META_ID_DEV, true},
    {"priority", TCF_META_ID_PRIORITY, false},
    {"protocol", TCF_META_ID_PROTOCOL, false},
    {"pkt_type", TCF_META_ID_PKTTYPE, false},
    {"pkt_len", TCF_META_ID_PKTLEN, false},
    {"data_len", TCF_META_ID_DATALEN, false},
    {"mac_len", TCF_META_ID_MACLEN, false},
    {"nf_mark", TCF_META_ID_NFMARK, false},
    {"fwmark", TCF_META_ID_NFMARK, false},
    {"tc_index", TCF_META_ID_TCINDEX, false},
    {"rt_classid", TCF_META_ID_RTCLASSID, false},
    {"rt_iif", TCF_META_ID_RTIIF, false},
    {"vlan", TCF_META_ID_VLAN_TAG, false},
    {"sk_family", TCF_META_ID_SK_FAMILY, false},
    {"sk_state", TCF_META_ID_SK_STATE, false},
    {"sk_reuse", TCF_META_ID_SK_REUSE, false},
    {"sk_bind_if", TCF_META_ID_SK_BOUND_IF, true},
    {"sk_refcnt", TCF_META_ID_SK_REFCNT, false},
    {"sk_shutdown", TCF_META_ID_SK_SHUTDOWN, false},
    {"sk_proto", TCF_META_ID_SK_PROTO, false},
    {"sk_type", TCF_META_ID_SK_TYPE, false},
    {"sk_rcvbuf", TCF_META_ID_SK_RCVBUF, false},
    {"sk_rmem", TCF_META_ID_SK_RMEM_ALLOC, false},
    {"sk_wmem", TCF_META_ID_SK_WMEM_ALLOC, false},
    {"sk_omem", TCF_META_ID_SK_OMEM_ALLOC, false},
    {"sk_wmem_queue", TCF_META_ID_SK_WMEM_QUEUED, false},
    {"sk_snd_queue", TCF_META_ID_SK_SND_QLEN, false},
    {"sk_rcv_queue", TCF_META_ID_SK_RCV_QLEN, false},
    {"sk_err_queue", TCF_META_ID_SK_ERR_QLEN, false},
    {"sk_fwd_alloc", TCF_META_ID_SK_FORWARD_ALLOCS, false},
    {"sk_sndbuf", TCF_META_ID_SK_SNDBUF, false},
};

const MetaName *metaByName(QStringView name)
{
    for (const MetaName &m : kMetaNames)
        if (name == QLatin1StringView(m.name))
            return &m;
    return nullptr;
}

const MetaName *metaById(quint16 id)
{
    for (const MetaName &m : kMetaNames)
        if (m.id == id)
            return &m;
    return nullptr;
}

/** Whether an operand is compared as a string (TCF_META_TYPE_VAR): a string, or an id tc made one for a string on the left. */
bool comparesAsText(const MetaEmatch &m, bool right)
{
    const MetaOperand &o = right ? m.right : m.left;
    if (o.kind == MetaOperand::Kind::Text)
        return true;
    return o.kind == MetaOperand::Kind::Id && right && m.left.kind == MetaOperand::Kind::Text;
}

// ---------------------------------------------------------------------------------------------
// Numbers as tc's bstrtoul reads them (strtoul, base 0); the whole word must be the number.

std::optional<quint64> number(const QString &text)
{
    if (text.isEmpty() || !(text[0].isDigit()))
        return std::nullopt;
    bool ok = false;
    const quint64 v = text.toULongLong(&ok, 0);
    return ok ? std::optional<quint64>(v) : std::nullopt;
}

const char *operandWord(EmatchOperand op)
{
    switch (op) {
    case EmatchOperand::Eq:
        return "eq";
    case EmatchOperand::Gt:
        return "gt";
    case EmatchOperand::Lt:
        return "lt";
    }
    return "eq";
}

std::optional<EmatchOperand> operandOf(QStringView word)
{
    if (word == u"eq")
        return EmatchOperand::Eq;
    if (word == u"gt")
        return EmatchOperand::Gt;
    if (word == u"lt")
        return EmatchOperand::Lt;
    return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// The lexer: tc joins the words with blanks; and/or/not (any case), '(' and ')', strings in
// double quotes with C escapes, and runs of anything else.

struct Token
{
    enum Type { End, And, Or, Not, Open, Close, Attribute };
    Type type = End;
    QString text;      ///< an attribute's text (a string's bytes as Latin-1)
    bool quoted = false;
    qsizetype word = 0;    ///< where it starts
    qsizetype endWord = 0; ///< where it ends
};

class Lexer
{
public:
    Lexer(const QStringList &words, qsizetype from)
    {
        for (qsizetype i = from; i < words.size(); ++i) {
            for (QChar c : words[i]) {
                m_chars.append(c);
                m_wordOf.append(i);
            }
            m_chars.append(u' ');
            m_wordOf.append(i);
        }
        m_endWord = words.size();
    }

    /** The next token; false with @p error set when the text cannot be read. */
    bool next(Token &t, EmatchParseError *error)
    {
        while (m_pos < m_chars.size() && (m_chars[m_pos] == u' ' || m_chars[m_pos] == u'\t' || m_chars[m_pos] == u'\r' || m_chars[m_pos] == u'\n'))
            ++m_pos;
        t = Token{};
        if (m_pos >= m_chars.size()) {
            t.word = t.endWord = m_endWord;
            return true;
        }
        t.word = m_wordOf[m_pos];
        const QChar c = m_chars[m_pos];
        if (c == u'(' || c == u')') {
            t.type = c == u'(' ? Token::Open : Token::Close;
            t.endWord = t.word;
            ++m_pos;
            return true;
        }
        if (c == u'"')
            return string(t, error);
        const qsizetype start = m_pos;
        while (m_pos < m_chars.size() && !QStringView(u" \t\r\n()").contains(m_chars[m_pos]))
            ++m_pos;
        t.text = m_chars.mid(start, m_pos - start);
        t.endWord = m_wordOf[m_pos - 1];
        if (t.text.compare(u"and", Qt::CaseInsensitive) == 0)
            t.type = Token::And;
        else if (t.text.compare(u"or", Qt::CaseInsensitive) == 0)
            t.type = Token::Or;
        else if (t.text.compare(u"not", Qt::CaseInsensitive) == 0)
            t.type = Token::Not;
        else
            t.type = Token::Attribute;
        return true;
    }

private:
    bool string(Token &t, EmatchParseError *error)
    {
        const qsizetype word = t.word;
        ++m_pos; // the opening quote
        QByteArray bytes;
        const auto fail = [&](const QString &message) {
            error->word = word;
            error->message = message;
            return false;
        };
        while (true) {
            if (m_pos >= m_chars.size())
                return fail(tr("a string in double quotes has no closing quote"));
            const QChar c = m_chars[m_pos];
            if (c == u'"')
                break;
            if (c != u'\\' || m_pos + 1 >= m_chars.size()) {
                bytes += QString(c).toUtf8();
                ++m_pos;
                continue;
            }
            const QChar e = m_chars[m_pos + 1];
            if (e >= u'0' && e <= u'7') {
                qsizetype n = 0;
                int value = 0;
                while (n < 3 && m_pos + 1 + n < m_chars.size() && m_chars[m_pos + 1 + n] >= u'0' && m_chars[m_pos + 1 + n] <= u'7')
                    value = value * 8 + (m_chars[m_pos + 1 + n++].unicode() - u'0');
                if (value > 0xFF)
                    return fail(tr("an octal escape in a string is above \\377"));
                bytes += char(value);
                m_pos += 1 + n;
            } else if (e == u'8' || e == u'9') {
                return fail(tr("\\8 and \\9 are no octal escapes"));
            } else if (e == u'x' && m_pos + 2 < m_chars.size() && isHex(m_chars[m_pos + 2])) {
                int value = hexValue(m_chars[m_pos + 2]);
                qsizetype n = 1;
                if (m_pos + 3 < m_chars.size() && isHex(m_chars[m_pos + 3])) {
                    value = value * 16 + hexValue(m_chars[m_pos + 3]);
                    n = 2;
                }
                bytes += char(value);
                m_pos += 2 + n;
            } else {
                static const QString from = QStringLiteral("nrtvbfa");
                static const char to[] = "\n\r\t\v\b\f\a";
                const qsizetype at = from.indexOf(e);
                bytes += at >= 0 ? QByteArray(1, to[at]) : QString(e).toUtf8();
                m_pos += 2;
            }
        }
        t.endWord = m_wordOf[m_pos];
        ++m_pos; // the closing quote
        t.type = Token::Attribute;
        t.quoted = true;
        t.text = QString::fromLatin1(bytes);
        return true;
    }

    static bool isHex(QChar c) { return (c >= u'0' && c <= u'9') || (c.toLower() >= u'a' && c.toLower() <= u'f'); }
    static int hexValue(QChar c) { return c.isDigit() ? c.unicode() - u'0' : c.toLower().unicode() - u'a' + 10; }

    QString m_chars;
    QList<qsizetype> m_wordOf;
    qsizetype m_pos = 0;
    qsizetype m_endWord = 0;
};

// ---------------------------------------------------------------------------------------------
// The matches' arguments.

/** The arguments between a match's parentheses. */
struct Args
{
    QList<Token> tokens;
    qsizetype at = 0;
    EmatchParseError *error;
    qsizetype closeWord = 0;

    bool atEnd() const { return at >= tokens.size(); }
    const Token &peek() const { return tokens[at]; }
    bool fail(const QString &message, qsizetype index = -1)
    {
        const qsizetype i = index >= 0 ? index : at;
        error->word = i < tokens.size() ? tokens[i].word : closeWord;
        error->message = message;
        return false;
    }
    /** The value after a keyword; fails when there is none. */
    bool value(const QString &kind, quint64 *out, quint64 max, const char *what)
    {
        if (atEnd())
            return fail(tr("%1: \"%2\" needs a value after it").arg(kind, tokens[at - 1].text));
        const Token &t = tokens[at];
        const auto v = number(t.text);
        if (!v)
            return fail(tr("%1: \"%2\" is not a number (%3)").arg(kind, t.text, tr(what)));
        if (*v > max)
            return fail(tr("%1: %2 is above %3 (%4)").arg(kind, t.text).arg(max).arg(tr(what)));
        *out = *v;
        ++at;
        return true;
    }
};

std::optional<quint8> alignOf(QStringView word)
{
    if (word == u"u8")
        return 1;
    if (word == u"u16")
        return 2;
    if (word == u"u32")
        return 4;
    return std::nullopt;
}

bool parseCmp(Args &a, CmpEmatch &out)
{
    const QString kind = QStringLiteral("cmp");
    const auto align = alignOf(a.peek().text);
    if (!align)
        return a.fail(tr("cmp: \"%1\" is no alignment (u8, u16 or u32 first)").arg(a.peek().text));
    ++a.at;
    out.align = *align;
    bool offset = false, value = false;
    while (!a.atEnd()) {
        const QString word = a.peek().text;
        ++a.at;
        quint64 v = 0;
        if (word == u"at") {
            if (!a.value(kind, &v, 0xFFFF, QT_TRANSLATE_NOOP("qs::Ematch", "the offset, in bytes")))
                return false;
            out.offset = quint16(v);
            offset = true;
        } else if (word == u"layer") {
            if (a.atEnd())
                return a.fail(tr("cmp: \"layer\" needs a value after it (link, network or transport)"));
            // tc's parse_layer reads the first letter, then a number.
            const QString layer = a.peek().text;
            if (layer.startsWith(u'l'))
                out.layer = TCF_LAYER_LINK;
            else if (layer.startsWith(u'n'))
                out.layer = TCF_LAYER_NETWORK;
            else if (layer.startsWith(u't'))
                out.layer = TCF_LAYER_TRANSPORT;
            else if (const auto n = number(layer); n && *n <= TCF_LAYER_MAX)
                out.layer = quint8(*n);
            else
                return a.fail(tr("cmp: \"%1\" is no layer (link, network, transport or 0 to 2)").arg(layer));
            ++a.at;
        } else if (word == u"mask") {
            if (!a.value(kind, &v, 0xFFFFFFFF, QT_TRANSLATE_NOOP("qs::Ematch", "a 32-bit mask")))
                return false;
            out.mask = quint32(v);
        } else if (word == u"trans") {
            out.trans = true;
        } else if (const auto op = operandOf(word)) {
            if (!a.value(kind, &v, 0xFFFFFFFF, QT_TRANSLATE_NOOP("qs::Ematch", "a 32-bit value")))
                return false;
            out.op = *op;
            out.value = quint32(v);
            value = true;
        } else {
            return a.fail(tr("cmp: unknown parameter \"%1\" (cmp takes at, layer, mask, trans and eq, gt or lt)").arg(word), a.at - 1);
        }
    }
    if (!offset || !value)
        return a.fail(tr("cmp needs an offset (at N) and a comparison (eq, gt or lt with a value)"));
    return true;
}

bool parseU32(Args &a, U32Ematch &out)
{
    const QString kind = QStringLiteral("u32");
    const auto align = alignOf(a.peek().text);
    if (!align)
        return a.fail(tr("u32: \"%1\" is no alignment (u8, u16 or u32 first)").arg(a.peek().text));
    ++a.at;
    const quint64 max = *align == 1 ? 0xFF : *align == 2 ? 0xFFFF : 0xFFFFFFFF;
    quint64 key = 0, mask = 0;
    if (!a.value(kind, &key, max, QT_TRANSLATE_NOOP("qs::Ematch", "the value, as wide as the alignment")))
        return false;
    if (!a.value(kind, &mask, max, QT_TRANSLATE_NOOP("qs::Ematch", "the mask, as wide as the alignment")))
        return false;
    if (a.atEnd() || a.peek().text != u"at")
        return a.fail(tr("u32: \"at\" and an offset must follow the value and the mask"));
    ++a.at;
    if (a.atEnd())
        return a.fail(tr("u32: the offset is missing after \"at\""));
    bool nexthdr = false;
    QString offsetText = a.peek().text;
    if (offsetText == u"nexthdr+") {
        nexthdr = true;
        ++a.at;
        if (a.atEnd())
            return a.fail(tr("u32: the offset is missing after \"nexthdr+\""));
        offsetText = a.peek().text;
    } else if (offsetText.startsWith(u"nexthdr+")) {
        nexthdr = true;
        offsetText = offsetText.mid(8);
    }
    const auto offset = number(offsetText);
    if (!offset || *offset > 0x7FFFFFFF)
        return a.fail(tr("u32: \"%1\" is no offset (a number of bytes, perhaps after nexthdr+)").arg(a.peek().text));
    ++a.at;
    if (!a.atEnd())
        return a.fail(tr("u32: \"%1\" after the offset is too much (u32 takes ALIGN VALUE MASK at OFFSET)").arg(a.peek().text));
    // As em_u32.c: a u8 or u16 becomes the 32-bit word that holds it.
    quint64 off = *offset;
    if (*align == 1) {
        key <<= 24 - (off & 3) * 8;
        mask <<= 24 - (off & 3) * 8;
        off &= ~quint64(3);
    } else if (*align == 2) {
        if ((off & 3) == 0) {
            key <<= 16;
            mask <<= 16;
        }
        off &= ~quint64(3);
    }
    if (off % 4)
        return a.fail(tr("u32: a u32 is read at an offset that is a multiple of 4, not %1").arg(off), a.at - 1);
    out.value = quint32(key & mask);
    out.mask = quint32(mask);
    out.offset = qint32(off);
    out.nexthdr = nexthdr;
    return true;
}

/** One side of a meta comparison, as em_meta.c's parse_object; @p left is set for the right side. */
bool parseMetaOperand(Args &a, MetaOperand &out, const MetaOperand *left)
{
    const Token &t = a.peek();
    ++a.at;
    if (t.quoted) {
        out.kind = MetaOperand::Kind::Text;
        out.text = t.text.toLatin1();
        return true;
    }
    if (const auto n = number(t.text)) {
        if (*n > 0xFFFFFFFF)
            return a.fail(tr("meta: %1 is above 32 bits").arg(t.text), a.at - 1);
        out.kind = MetaOperand::Kind::Number;
        out.number = quint32(*n);
        return true;
    }
    const MetaName *name = metaByName(t.text);
    if (!name) {
        if (t.text == u"list")
            return a.fail(tr("meta: \"list\" asks tc for the list of meta ids; it is no match"), a.at - 1);
        return a.fail(tr("meta: unknown meta id \"%1\" (such as nf_mark, priority, pkt_len, dev, vlan; a string goes in double quotes)")
                          .arg(t.text),
                      a.at - 1);
    }
    if (left && left->kind == MetaOperand::Kind::Text && !name->text)
        return a.fail(tr("meta: %1 is a number: it cannot be compared with a string (tc: lvalue and rvalue are not compatible)")
                          .arg(t.text),
                      a.at - 1);
    out.kind = MetaOperand::Kind::Id;
    out.id = name->id;
    const QString kind = QStringLiteral("meta");
    while (!a.atEnd()) {
        quint64 v = 0;
        if (a.peek().text == u"shift") {
            ++a.at;
            if (!a.value(kind, &v, 0xFF, QT_TRANSLATE_NOOP("qs::Ematch", "bits to shift right")))
                return false;
            out.shift = quint8(v);
        } else if (a.peek().text == u"mask") {
            ++a.at;
            if (!a.value(kind, &v, 0xFFFFFFFF, QT_TRANSLATE_NOOP("qs::Ematch", "a 32-bit mask")))
                return false;
            out.number = quint32(v);
        } else {
            break;
        }
    }
    return true;
}

bool parseMeta(Args &a, MetaEmatch &out)
{
    if (!parseMetaOperand(a, out.left, nullptr))
        return false;
    if (a.atEnd())
        return a.fail(tr("meta: eq, gt or lt and a value must follow %1").arg(a.tokens[a.at - 1].text));
    const auto op = operandOf(a.peek().text);
    if (!op)
        return a.fail(tr("meta: \"%1\" is no comparison (eq, gt or lt)").arg(a.peek().text));
    out.op = *op;
    ++a.at;
    if (a.atEnd())
        return a.fail(tr("meta: the right side of the comparison is missing"));
    if (!parseMetaOperand(a, out.right, &out.left))
        return false;
    if (!a.atEnd())
        return a.fail(tr("meta: \"%1\" after the comparison is too much").arg(a.peek().text));
    return true;
}

// ---------------------------------------------------------------------------------------------
// The grammar: expr := term [ (and|or) expr ]; term := [not] ( kind '(' args ')' | '(' expr ')' ).

class Parser
{
public:
    Parser(const QStringList &words, qsizetype from, EmatchParseError *error) : m_lexer(words, from), m_error(error) {}

    std::optional<EmatchList> expression(qsizetype *end)
    {
        if (!advance())
            return std::nullopt;
        if (m_token.type == Token::End)
            return fail(tr("a match expression must follow \"match\" (such as cmp(u8 at 9 eq 6))"));
        EmatchList list;
        if (!listOf(list, 0))
            return std::nullopt;
        // tc's parser stops at the word holding the token after the expression and reads that
        // word again as the classifier's: so a word must follow, and the expression end a word.
        if (m_token.type == Token::End)
            return fail(tr("the match must be followed by classid, action or police: tc reads a match at the end of the command "
                           "as an unknown word"));
        if (m_token.word == m_lastEndWord)
            return fail(tr("the match must end with its word: \"%1\" follows it in the same word").arg(m_token.text));
        *end = m_token.word;
        return list;
    }

    /** For parseText(): the whole text is the expression. */
    std::optional<EmatchList> whole()
    {
        if (!advance())
            return std::nullopt;
        if (m_token.type == Token::End)
            return EmatchList{};
        EmatchList list;
        if (!listOf(list, 0))
            return std::nullopt;
        if (m_token.type != Token::End)
            return fail(tr("\"%1\" after the match: join matches with and or or").arg(m_token.text.isEmpty() ? tokenName() : m_token.text));
        return list;
    }

private:
    bool advance()
    {
        if (m_started)
            m_lastEndWord = m_token.endWord;
        m_started = true;
        return m_lexer.next(m_token, m_error);
    }

    std::nullopt_t fail(const QString &message)
    {
        m_error->word = m_token.word;
        m_error->message = message;
        return std::nullopt;
    }

    QString tokenName() const
    {
        switch (m_token.type) {
        case Token::Open:
            return QStringLiteral("(");
        case Token::Close:
            return QStringLiteral(")");
        default:
            return m_token.text;
        }
    }

    bool listOf(EmatchList &list, int depth)
    {
        while (true) {
            EmatchTerm term;
            if (!termOf(term, depth))
                return false;
            if (m_token.type == Token::And || m_token.type == Token::Or) {
                term.relation = m_token.type == Token::And ? EmatchRelation::And : EmatchRelation::Or;
                list.push_back(std::move(term));
                if (!advance())
                    return false;
                continue;
            }
            list.push_back(std::move(term));
            return true;
        }
    }

    bool termOf(EmatchTerm &term, int depth)
    {
        if (m_token.type == Token::Not) {
            term.invert = true;
            if (!advance())
                return false;
        }
        if (m_token.type == Token::Open) {
            if (depth + 1 > Ematch::MaxDepth) {
                fail(tr("parentheses nest deeper than %1: the kernel's ematch stack holds %1").arg(Ematch::MaxDepth));
                return false;
            }
            if (!advance())
                return false;
            EmatchGroup group;
            if (!listOf(group.terms, depth + 1))
                return false;
            if (m_token.type != Token::Close) {
                fail(tr("a \")\" is missing to close the parenthesis"));
                return false;
            }
            term.match = std::move(group);
            return advance();
        }
        if (m_token.type != Token::Attribute || m_token.quoted) {
            fail(m_token.type == Token::End ? tr("a match is missing at the end (after and, or or not)")
                                            : tr("\"%1\" is no match: a match is a kind and its arguments, such as cmp(u8 at 9 eq 6)").arg(tokenName()));
            return false;
        }
        const Token kind = m_token;
        if (!advance())
            return false;
        if (m_token.type != Token::Open) {
            m_token = kind;
            fail(tr("\"%1\" is no match: a match is a kind and its arguments in parentheses, such as cmp(u8 at 9 eq 6)").arg(kind.text));
            return false;
        }
        Args args{{}, 0, m_error, 0};
        while (true) {
            if (!advance())
                return false;
            if (m_token.type == Token::Attribute) {
                args.tokens.append(m_token);
                continue;
            }
            if (m_token.type == Token::Close)
                break;
            fail(m_token.type == Token::End ? tr("a \")\" is missing after %1's arguments").arg(kind.text)
                                            : tr("\"%1\" inside %2(…): and, or, not and parentheses cannot stand among a match's arguments")
                                                  .arg(tokenName(), kind.text));
            return false;
        }
        args.closeWord = m_token.word;
        if (args.tokens.isEmpty()) {
            fail(tr("%1() needs its arguments").arg(kind.text));
            return false;
        }
        if (kind.text == u"cmp") {
            CmpEmatch m;
            if (!parseCmp(args, m))
                return false;
            term.match = m;
        } else if (kind.text == u"u32") {
            U32Ematch m;
            if (!parseU32(args, m))
                return false;
            term.match = m;
        } else if (kind.text == u"meta") {
            MetaEmatch m;
            if (!parseMeta(args, m))
                return false;
            term.match = m;
        } else if (QStringList{QStringLiteral("nbyte"), QStringLiteral("text"), QStringLiteral("canid"), QStringLiteral("ipset"), QStringLiteral("ipt")}
                       .contains(kind.text)) {
            m_error->word = kind.word;
            m_error->message = tr("ematch \"%1\" is not supported by Qdisc Studio yet (it knows cmp, u32 and meta)").arg(kind.text);
            return false;
        } else {
            m_error->word = kind.word;
            m_error->message = tr("unknown ematch \"%1\" (tc's are cmp, u32, meta, nbyte, text, canid, ipset and ipt)").arg(kind.text);
            return false;
        }
        return advance();
    }

    Lexer m_lexer;
    EmatchParseError *m_error;
    Token m_token;
    qsizetype m_lastEndWord = -1;
    bool m_started = false;
};

// ---------------------------------------------------------------------------------------------
// Printing in tc's words.

QString quoted(const QByteArray &bytes)
{
    QString out = QStringLiteral("\"");
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += u'\\';
            out += QChar(char16_t(u));
        }
        else if (u >= 0x20 && u < 0x7F)
            out += QChar(char16_t(u));
        else
            out += QStringLiteral("\\x%1").arg(u, 2, 16, QChar(u'0'));
    }
    return out + u'"';
}

QString printOperand(const MetaOperand &o, bool asText)
{
    switch (o.kind) {
    case MetaOperand::Kind::Number:
        return QString::number(o.number);
    case MetaOperand::Kind::Text:
        return quoted(o.text);
    case MetaOperand::Kind::Id:
        break;
    }
    const MetaName *name = metaById(o.id);
    QString out = name ? QString::fromLatin1(name->name) : QString::number(o.id);
    if (o.shift)
        out += QStringLiteral(" shift %1").arg(o.shift);
    if (o.number && !asText)
        out += QStringLiteral(" mask 0x%1").arg(o.number, 0, 16);
    return out;
}

const char *alignWord(quint8 align)
{
    return align == 1 ? "u8" : align == 2 ? "u16" : "u32";
}

QString printMatch(const CmpEmatch &m)
{
    QString out = QStringLiteral("cmp(%1 at %2").arg(QLatin1StringView(alignWord(m.align))).arg(m.offset);
    if (m.layer != TCF_LAYER_NETWORK)
        out += m.layer == TCF_LAYER_LINK ? QStringLiteral(" layer link") : QStringLiteral(" layer transport");
    if (m.mask)
        out += QStringLiteral(" mask 0x%1").arg(m.mask, 0, 16);
    if (m.trans)
        out += QStringLiteral(" trans");
    return out + QStringLiteral(" %1 %2)").arg(QLatin1StringView(operandWord(m.op))).arg(m.value);
}

QString printMatch(const U32Ematch &m)
{
    return QStringLiteral("u32(u32 0x%1 0x%2 at %3%4)")
        .arg(m.value, 8, 16, QChar(u'0'))
        .arg(m.mask, 8, 16, QChar(u'0'))
        .arg(m.nexthdr ? QStringLiteral("nexthdr+") : QString())
        .arg(m.offset);
}

QString printMatch(const MetaEmatch &m)
{
    return QStringLiteral("meta(%1 %2 %3)")
        .arg(printOperand(m.left, comparesAsText(m, false)), QLatin1StringView(operandWord(m.op)), printOperand(m.right, comparesAsText(m, true)));
}

QString printList(const EmatchList &list)
{
    QString out;
    for (const EmatchTerm &t : list) {
        if (t.invert)
            out += QStringLiteral("not ");
        if (const auto *group = std::get_if<EmatchGroup>(&t.match))
            out += u'(' + printList(group->terms) + u')';
        else
            out += std::visit([](const auto &m) -> QString {
                if constexpr (std::is_same_v<std::decay_t<decltype(m)>, EmatchGroup>)
                    return {};
                else
                    return printMatch(m);
            }, t.match);
        if (t.relation == EmatchRelation::And)
            out += QStringLiteral(" and ");
        else if (t.relation == EmatchRelation::Or)
            out += QStringLiteral(" or ");
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// The kernel's flat list.

/** Bytes a term's entry takes in TCA_EMATCH_TREE_LIST. */
qsizetype entrySize(const EmatchTerm &t)
{
    qsizetype payload = 0;
    if (std::holds_alternative<EmatchGroup>(t.match))
        payload = 4;
    else if (std::holds_alternative<CmpEmatch>(t.match))
        payload = sizeof(tcf_em_cmp);
    else if (std::holds_alternative<U32Ematch>(t.match))
        payload = sizeof(tc_u32_key);
    else {
        const MetaEmatch &m = std::get<MetaEmatch>(t.match);
        const auto value = [](const MetaOperand &o) -> qsizetype {
            return o.kind == MetaOperand::Kind::Text ? NLA_ALIGN(NLA_HDRLEN + o.text.size()) : NLA_HDRLEN + 4;
        };
        payload = NLA_ALIGN(NLA_HDRLEN + sizeof(tcf_meta_hdr)) + value(m.left) + value(m.right);
    }
    return NLA_HDRLEN + sizeof(tcf_ematch_hdr) + NLA_ALIGN(payload);
}

/** The terms in the order tc's flatten_tree lays them out, each group's first term's index beside it. */
struct FlatTerm
{
    const EmatchTerm *term;
    quint32 ref = 0;
};

void flatten(const EmatchList &seq, qsizetype seqStart, std::vector<FlatTerm> &flat)
{
    for (size_t i = 0; i < seq.size(); ++i) {
        const auto *group = std::get_if<EmatchGroup>(&seq[i].match);
        if (!group)
            continue;
        const qsizetype start = qsizetype(flat.size());
        flat[seqStart + i].ref = quint32(start);
        for (const EmatchTerm &c : group->terms)
            flat.push_back({&c, 0});
        flatten(group->terms, start, flat);
    }
}

std::vector<FlatTerm> flattened(const EmatchList &list)
{
    std::vector<FlatTerm> flat;
    for (const EmatchTerm &t : list)
        flat.push_back({&t, 0});
    flatten(list, 0, flat);
    return flat;
}

int depthOf(const EmatchList &list)
{
    int deepest = 0;
    for (const EmatchTerm &t : list)
        if (const auto *group = std::get_if<EmatchGroup>(&t.match))
            deepest = std::max(deepest, 1 + depthOf(group->terms));
    return deepest;
}

bool putMetaValue(nl_msg *msg, int attr, const MetaOperand &o, bool asText)
{
    if (asText)
        return o.kind != MetaOperand::Kind::Text || nla_put(msg, attr, int(o.text.size()), o.text.constData()) == 0;
    return nla_put_u32(msg, attr, o.number) == 0;
}

quint16 metaKind(const MetaOperand &o, bool asText)
{
    return quint16(((asText ? TCF_META_TYPE_VAR : TCF_META_TYPE_INT) << 12) | (o.kind == MetaOperand::Kind::Id ? o.id : quint16(TCF_META_ID_VALUE)));
}

bool appendPayload(nl_msg *msg, const EmatchTerm &t, quint32 ref)
{
    if (std::holds_alternative<EmatchGroup>(t.match))
        return nlmsg_append(msg, &ref, sizeof(ref), NLMSG_ALIGNTO) == 0;
    if (const auto *m = std::get_if<CmpEmatch>(&t.match)) {
        tcf_em_cmp cmp{};
        cmp.val = m->value;
        cmp.mask = m->mask;
        cmp.off = m->offset;
        cmp.align = m->align;
        cmp.flags = m->trans ? TCF_EM_CMP_TRANS : 0;
        cmp.layer = m->layer;
        cmp.opnd = quint8(m->op);
        return nlmsg_append(msg, &cmp, sizeof(cmp), NLMSG_ALIGNTO) == 0;
    }
    if (const auto *m = std::get_if<U32Ematch>(&t.match)) {
        tc_u32_key key{};
        key.val = htonl(m->value);
        key.mask = htonl(m->mask);
        key.off = m->offset;
        key.offmask = m->nexthdr ? -1 : 0;
        return nlmsg_append(msg, &key, sizeof(key), NLMSG_ALIGNTO) == 0;
    }
    const MetaEmatch &m = std::get<MetaEmatch>(t.match);
    const bool leftText = comparesAsText(m, false), rightText = comparesAsText(m, true);
    tcf_meta_hdr hdr{};
    hdr.left.kind = metaKind(m.left, leftText);
    hdr.left.shift = m.left.shift;
    hdr.left.op = quint8(m.op);
    hdr.right.kind = metaKind(m.right, rightText);
    hdr.right.shift = m.right.shift;
    return nla_put(msg, TCA_EM_META_HDR, sizeof(hdr), &hdr) == 0 && putMetaValue(msg, TCA_EM_META_LVALUE, m.left, leftText) &&
           putMetaValue(msg, TCA_EM_META_RVALUE, m.right, rightText);
}

quint16 kernelKind(const EmatchTerm &t)
{
    switch (t.match.index()) {
    case 0:
        return TCF_EM_CMP;
    case 1:
        return TCF_EM_U32;
    case 2:
        return TCF_EM_META;
    default:
        return TCF_EM_CONTAINER;
    }
}

// Decoding: one entry of the list as the kernel dumped it.
struct KernelEntry
{
    tcf_ematch_hdr hdr{};
    QByteArray data;
};

std::optional<MetaOperand> decodeMetaOperand(const tcf_meta_val &v, const nlattr *value, bool expectText)
{
    const int type = TCF_META_TYPE(v.kind);
    const int id = TCF_META_ID(v.kind);
    if (v.kind & ~(TCF_META_TYPE_MASK | TCF_META_ID_MASK) || (type != TCF_META_TYPE_INT && type != TCF_META_TYPE_VAR))
        return std::nullopt;
    MetaOperand o;
    if (id == TCF_META_ID_VALUE) {
        if (v.shift)
            return std::nullopt;
        if (type == TCF_META_TYPE_VAR) {
            if (!value || nla_len(value) <= 0)
                return std::nullopt;
            o.kind = MetaOperand::Kind::Text;
            o.text = QByteArray(static_cast<const char *>(nla_data(value)), nla_len(value));
            return o;
        }
        o.kind = MetaOperand::Kind::Number;
    } else {
        const MetaName *name = metaById(quint16(id));
        if (!name || (type == TCF_META_TYPE_VAR) != expectText)
            return std::nullopt;
        o.kind = MetaOperand::Kind::Id;
        o.id = quint16(id);
        o.shift = v.shift;
        if (type == TCF_META_TYPE_VAR)
            return o;
    }
    if (value) {
        // The kernel keeps an unsigned long when it was given one.
        if (nla_len(value) == 4) {
            o.number = nla_get_u32(const_cast<nlattr *>(value));
        } else if (nla_len(value) == 8) {
            quint64 wide = 0;
            std::memcpy(&wide, nla_data(value), 8);
            if (wide > 0xFFFFFFFF)
                return std::nullopt;
            o.number = quint32(wide);
        } else {
            return std::nullopt;
        }
    }
    return o;
}

std::optional<MetaEmatch> decodeMeta(const QByteArray &data)
{
    nlattr *tb[TCA_EM_META_MAX + 1] = {};
    if (nla_parse(tb, TCA_EM_META_MAX, reinterpret_cast<nlattr *>(const_cast<char *>(data.constData())), int(data.size()), nullptr) < 0 ||
        !tb[TCA_EM_META_HDR] || nla_len(tb[TCA_EM_META_HDR]) < int(sizeof(tcf_meta_hdr)))
        return std::nullopt;
    tcf_meta_hdr hdr{};
    std::memcpy(&hdr, nla_data(tb[TCA_EM_META_HDR]), sizeof(hdr));
    if (hdr.left.op > TCF_EM_OPND_LT || hdr.right.op != 0)
        return std::nullopt;
    MetaEmatch m;
    m.op = EmatchOperand(hdr.left.op);
    const bool leftText = TCF_META_TYPE(hdr.left.kind) == TCF_META_TYPE_VAR;
    // Only a string on the left makes an id on the right a string in tc's words.
    const auto left = decodeMetaOperand(hdr.left, tb[TCA_EM_META_LVALUE], false);
    if (!left || (leftText && left->kind != MetaOperand::Kind::Text))
        return std::nullopt;
    const auto right = decodeMetaOperand(hdr.right, tb[TCA_EM_META_RVALUE], leftText);
    if (!right)
        return std::nullopt;
    m.left = *left;
    m.right = *right;
    return m;
}

std::optional<EmatchTerm> decodeLeaf(const KernelEntry &e)
{
    EmatchTerm t;
    if (e.hdr.kind == TCF_EM_CMP) {
        if (e.data.size() < qsizetype(sizeof(tcf_em_cmp)))
            return std::nullopt;
        tcf_em_cmp cmp{};
        std::memcpy(&cmp, e.data.constData(), sizeof(cmp));
        if ((cmp.align != 1 && cmp.align != 2 && cmp.align != 4) || cmp.layer > TCF_LAYER_MAX || cmp.opnd > TCF_EM_OPND_LT ||
            (cmp.flags & ~TCF_EM_CMP_TRANS))
            return std::nullopt;
        t.match = CmpEmatch{quint8(cmp.align), cmp.off, quint8(cmp.layer), cmp.mask, cmp.flags != 0, EmatchOperand(cmp.opnd), cmp.val};
        return t;
    }
    if (e.hdr.kind == TCF_EM_U32) {
        if (e.data.size() < qsizetype(sizeof(tc_u32_key)))
            return std::nullopt;
        tc_u32_key key{};
        std::memcpy(&key, e.data.constData(), sizeof(key));
        if (key.off % 4 || key.off < 0 || (key.offmask != 0 && key.offmask != -1))
            return std::nullopt;
        t.match = U32Ematch{ntohl(key.val), ntohl(key.mask), key.off, key.offmask != 0};
        return t;
    }
    if (e.hdr.kind == TCF_EM_META) {
        const auto m = decodeMeta(e.data);
        if (!m)
            return std::nullopt;
        t.match = *m;
        return t;
    }
    return std::nullopt;
}

/** The list from @p start up to its last term, groups read from where their containers point. */
bool rebuild(const std::vector<KernelEntry> &entries, size_t start, int depth, std::vector<bool> &seen, EmatchList &out)
{
    if (depth > Ematch::MaxDepth)
        return false;
    for (size_t i = start;; ++i) {
        if (i >= entries.size() || seen[i])
            return false;
        seen[i] = true;
        const KernelEntry &e = entries[i];
        if (e.hdr.matchid != 0 || (e.hdr.flags & ~(TCF_EM_REL_MASK | TCF_EM_INVERT)) || (e.hdr.flags & TCF_EM_REL_MASK) == TCF_EM_REL_MASK)
            return false;
        EmatchTerm t;
        if (e.hdr.kind == TCF_EM_CONTAINER) {
            if (e.data.size() < 4)
                return false;
            quint32 ref = 0;
            std::memcpy(&ref, e.data.constData(), 4);
            if (ref <= i || ref >= entries.size())
                return false;
            EmatchGroup group;
            if (!rebuild(entries, ref, depth + 1, seen, group.terms))
                return false;
            t.match = std::move(group);
        } else {
            const auto leaf = decodeLeaf(e);
            if (!leaf)
                return false;
            t = *leaf;
        }
        t.invert = e.hdr.flags & TCF_EM_INVERT;
        t.relation = EmatchRelation(e.hdr.flags & TCF_EM_REL_MASK);
        out.push_back(std::move(t));
        if (out.back().relation == EmatchRelation::End)
            return true;
    }
}

void validateList(const EmatchList &list, const QString &field, ValidationIssues &issues)
{
    for (size_t i = 0; i < list.size(); ++i) {
        const EmatchTerm &t = list[i];
        if ((t.relation == EmatchRelation::End) != (i + 1 == list.size()))
            issues.append(ValidationIssue::error(field, tr("terms of a match are joined by and or or, and the last one ends it")));
        if (const auto *group = std::get_if<EmatchGroup>(&t.match)) {
            if (group->terms.empty())
                issues.append(ValidationIssue::error(field, tr("a parenthesis holds no match")));
            validateList(group->terms, field, issues);
        } else if (const auto *cmp = std::get_if<CmpEmatch>(&t.match)) {
            if (cmp->align != 1 && cmp->align != 2 && cmp->align != 4)
                issues.append(ValidationIssue::error(field, tr("cmp compares 1, 2 or 4 bytes (u8, u16, u32)")));
            if (cmp->layer > TCF_LAYER_MAX)
                issues.append(ValidationIssue::error(field, tr("cmp's layer is link, network or transport")));
        } else if (const auto *u32 = std::get_if<U32Ematch>(&t.match)) {
            if (u32->offset % 4 || u32->offset < 0)
                issues.append(ValidationIssue::error(field, tr("u32 reads a 32-bit word at an offset that is a multiple of 4")));
        } else {
            const MetaEmatch &m = std::get<MetaEmatch>(t.match);
            for (const MetaOperand *o : {&m.left, &m.right}) {
                if (o->kind == MetaOperand::Kind::Id && !metaById(o->id))
                    issues.append(ValidationIssue::error(field, tr("meta id %1 has no name tc knows").arg(o->id)));
                if (o->kind == MetaOperand::Kind::Text && o->text.isEmpty())
                    issues.append(ValidationIssue::error(field, tr("meta compares with an empty string, which the kernel refuses")));
            }
            if (comparesAsText(m, false) != comparesAsText(m, true)) {
                //: %1 is a meta comparison in tc's words.
                issues.append(ValidationIssue::error(
                    field, tr("%1 compares a number with a string, which the kernel refuses; to compare a device's name, write the "
                              "string first: meta(\"eth0\" eq dev)")
                               .arg(printMatch(m))));
            } else if (m.right.kind == MetaOperand::Kind::Id && comparesAsText(m, true)) {
                const MetaName *name = metaById(m.right.id);
                if (name && !name->text)
                    issues.append(ValidationIssue::error(field, tr("meta: %1 is a number: it cannot be compared with a string").arg(QLatin1StringView(name->name))));
                if (m.right.number)
                    issues.append(ValidationIssue::error(field, tr("meta: a device compared by its name has no mask")));
            }
        }
    }
}

qsizetype listSize(const EmatchList &list)
{
    qsizetype size = 0;
    for (const EmatchTerm &t : list) {
        size += entrySize(t);
        if (const auto *group = std::get_if<EmatchGroup>(&t.match))
            size += listSize(group->terms);
    }
    return size;
}

qsizetype termCount(const EmatchList &list)
{
    qsizetype n = 0;
    for (const EmatchTerm &t : list) {
        ++n;
        if (const auto *group = std::get_if<EmatchGroup>(&t.match))
            n += termCount(group->terms);
    }
    return n;
}

} // namespace

namespace Ematch {

std::optional<EmatchList> parse(const QStringList &words, qsizetype from, qsizetype *end, EmatchParseError *error)
{
    Parser parser(words, from, error);
    return parser.expression(end);
}

std::optional<EmatchList> parseText(const QString &text, QString *error)
{
    EmatchParseError e;
    Parser parser(QStringList{text}, 0, &e);
    auto list = parser.whole();
    if (!list && error)
        *error = e.message;
    return list;
}

QString print(const EmatchList &list)
{
    return printList(list);
}

ValidationIssues validate(const EmatchList &list, const QString &field)
{
    ValidationIssues issues;
    if (depthOf(list) > MaxDepth)
        issues.append(ValidationIssue::error(field, tr("parentheses nest deeper than %1: the kernel's ematch stack holds %1").arg(MaxDepth)));
    validateList(list, field, issues);
    // The list is one netlink attribute: its length is 16 bits.
    if (const qsizetype size = listSize(list) + 2 * NLA_HDRLEN + sizeof(tcf_ematch_tree_hdr) + 64; size > 0xFFFF)
        issues.append(ValidationIssue::error(
            field, tr("the match takes %1 bytes in the kernel's message, above the 65 535 one attribute holds: make it shorter").arg(size)));
    return issues;
}

bool encode(nl_msg *msg, int attr, const EmatchList &list)
{
    if (list.empty())
        return true;
    if (depthOf(list) > MaxDepth || termCount(list) > 0xFFFF)
        return false;
    const std::vector<FlatTerm> flat = flattened(list);
    nlattr *tree = nla_nest_start(msg, attr);
    if (!tree)
        return false;
    tcf_ematch_tree_hdr hdr{};
    hdr.nmatches = quint16(flat.size());
    hdr.progid = TCF_EM_PROG_TC;
    if (nla_put(msg, TCA_EMATCH_TREE_HDR, sizeof(hdr), &hdr) < 0)
        return false;
    nlattr *entries = nla_nest_start(msg, TCA_EMATCH_TREE_LIST);
    if (!entries)
        return false;
    for (size_t i = 0; i < flat.size(); ++i) {
        // The kernel compares each entry's whole type with its index: no NLA_F_NESTED bit here.
        auto *entry = static_cast<nlattr *>(nla_reserve(msg, int(i + 1), 0));
        if (!entry)
            return false;
        const EmatchTerm &t = *flat[i].term;
        tcf_ematch_hdr em{};
        em.kind = kernelKind(t);
        em.flags = quint16(quint16(t.relation) | (t.invert ? TCF_EM_INVERT : 0));
        if (nlmsg_append(msg, &em, sizeof(em), NLMSG_ALIGNTO) < 0 || !appendPayload(msg, t, flat[i].ref))
            return false;
        if (nla_nest_end(msg, entry) < 0)
            return false;
    }
    return nla_nest_end(msg, entries) == 0 && nla_nest_end(msg, tree) == 0;
}

std::optional<EmatchList> decode(const nlattr *attr)
{
    nlattr *tb[TCA_EMATCH_TREE_MAX + 1] = {};
    if (!attr || nla_parse_nested(tb, TCA_EMATCH_TREE_MAX, const_cast<nlattr *>(attr), nullptr) < 0 || !tb[TCA_EMATCH_TREE_HDR] ||
        !tb[TCA_EMATCH_TREE_LIST] || nla_len(tb[TCA_EMATCH_TREE_HDR]) < int(sizeof(tcf_ematch_tree_hdr)))
        return std::nullopt;
    tcf_ematch_tree_hdr hdr{};
    std::memcpy(&hdr, nla_data(tb[TCA_EMATCH_TREE_HDR]), sizeof(hdr));
    if (hdr.progid != TCF_EM_PROG_TC)
        return std::nullopt;
    std::vector<KernelEntry> entries;
    nlattr *pos = nullptr;
    int rem = 0;
    nla_for_each_nested(pos, tb[TCA_EMATCH_TREE_LIST], rem)
    {
        if (pos->nla_type != entries.size() + 1 || nla_len(pos) < int(sizeof(tcf_ematch_hdr)))
            return std::nullopt;
        KernelEntry e;
        std::memcpy(&e.hdr, nla_data(pos), sizeof(e.hdr));
        e.data = QByteArray(static_cast<const char *>(nla_data(pos)) + sizeof(tcf_ematch_hdr), nla_len(pos) - int(sizeof(tcf_ematch_hdr)));
        entries.push_back(std::move(e));
    }
    if (entries.size() != hdr.nmatches)
        return std::nullopt;
    EmatchList list;
    if (entries.empty())
        return list;
    std::vector<bool> seen(entries.size(), false);
    if (!rebuild(entries, 0, 0, seen, list))
        return std::nullopt;
    for (const bool s : seen)
        if (!s)
            return std::nullopt;
    return list;
}

QStringList fromShown(const QStringList &printed, QList<qsizetype> *origins)
{
    // Re-read tc's print token by token; each token becomes a word of its own.
    QStringList out;
    origins->clear();
    Lexer lexer(printed, 0);
    QList<Token> tokens;
    EmatchParseError ignored;
    for (Token t; lexer.next(t, &ignored) && t.type != Token::End;)
        tokens.append(t);
    const auto unsignedWord = [](const QString &text) {
        // tc prints cmp's and meta's 32-bit values with %d.
        if (text.startsWith(u'-')) {
            bool ok = false;
            const qint64 v = text.toLongLong(&ok);
            if (ok && v >= -0x80000000LL && v < 0)
                return QString::number(quint32(qint32(v)));
        }
        return text;
    };
    QString kind;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const Token &t = tokens[i];
        const auto emit = [&](const QString &word) {
            out.append(word);
            origins->append(t.word);
        };
        switch (t.type) {
        case Token::Open:
            emit(QStringLiteral("("));
            continue;
        case Token::Close:
            kind.clear();
            emit(QStringLiteral(")"));
            continue;
        case Token::And:
        case Token::Or:
        case Token::Not:
        case Token::End:
            emit(t.text.toLower());
            continue;
        case Token::Attribute:
            break;
        }
        if (kind.isEmpty() && i + 1 < tokens.size() && tokens[i + 1].type == Token::Open) {
            kind = t.text;
            emit(t.text);
            continue;
        }
        if (kind == u"u32" && t.text.contains(u'/')) {
            // "00110000/00ff0000": the word and mask as the kernel holds them.
            const qsizetype slash = t.text.indexOf(u'/');
            emit(QStringLiteral("u32"));
            emit(QStringLiteral("0x") + t.text.left(slash));
            emit(QStringLiteral("0x") + t.text.mid(slash + 1));
        } else if (kind == u"meta" && !operandOf(t.text) && t.text != u"shift" && t.text != u"mask" && !number(unsignedWord(t.text)) &&
                   !metaByName(t.text) && (i == 0 || (tokens[i - 1].text != u"shift" && tokens[i - 1].text != u"mask"))) {
            // A string tc printed as it is.
            emit(quoted(t.text.toUtf8()));
        } else {
            emit(unsignedWord(t.text));
        }
    }
    return out;
}

} // namespace Ematch

} // namespace qs
