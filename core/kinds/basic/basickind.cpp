// basic: packets by an ematch expression; TCA_BASIC_CLASSID, _EMATCHES, _ACT and _POLICE in
// TCA_OPTIONS (iproute2's f_basic.c, the kernel's cls_basic.c; the expression in ematch.h).
#include "basicparams.h"

#include "kinds/filtersupport.h"
#include "kinds/kindsupport.h"
#include "kinds/showsupport.h"
#include "model/filter.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>

namespace qs {

/* TRANSLATOR qs::BasicParams

   Findings about a basic filter: its "match" is an ematch expression in tc's words.
*/

ValidationIssues BasicParams::validate() const
{
    return Ematch::validate(match, QStringLiteral("match"));
}

namespace {

struct BasicKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::BasicKind)

public:
    using Params = BasicParams;
    static constexpr const char *name = "basic";
    static constexpr const char *module = "cls_basic";

    static ValidationIssues validate(const Filter &f) { return f.params.get<BasicParams>().validate(); }

    /**
     * What basic's print says after its name: "handle 0x1 flowid 1:1", the expression on the lines
     * below ("cmp(u8 at 9 layer 1 eq 6)", "AND NOT (", …, as Ematch::fromShown reads them), then
     * " police 0x1 rate …" or the actions. The handle is a word tc reads before the kind.
     */
    static ShownFilter readShown(ShownWords w)
    {
        using namespace ShowSupport;
        ShownFilter out;
        if (const qsizetype handle = indexOf(w, u"handle"); handle >= 0 && handle + 1 < w.size()) {
            out.beforeKind = w.mid(handle, 2);
            w.remove(handle, 2);
        }
        FilterSupport::readShownPolice(w);
        qsizetype from = 0;
        if (indexOf(w, u"flowid") == 0 && w.size() > 1)
            from = 2;
        qsizetype to = indexOf(w, u"police", from);
        if (to < 0)
            to = w.size();
        // The expression first: tc's parser needs a word after it (the flowid, police, an action).
        if (to > from) {
            QStringList printed;
            for (qsizetype i = from; i < to; ++i)
                printed.append(w[i].text);
            QList<qsizetype> origins;
            const QStringList words = Ematch::fromShown(printed, &origins);
            out.options.append(TcWord{QStringLiteral("match"), w[from].line, w[from].column});
            for (qsizetype i = 0; i < words.size(); ++i) {
                const TcWord &origin = w[from + origins.value(i)];
                out.options.append(TcWord{words[i], origin.line, origin.column});
            }
        }
        out.options += w.mid(0, from);
        out.options += w.mid(to);
        return out;
    }

    static std::optional<quint32> parseHandle(QStringView text, Filter &) { return FilterSupport::parseNumericHandle(text); }
    static QString printHandle(const Filter &f) { return FilterSupport::printNumericHandle(f); }

    static void parse(TcArgs &c, Filter &filter)
    {
        BasicParams p;
        bool matchGiven = false;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (tcMatches(word, u"match")) {
                if (matchGiven)
                    // tc would send two TCA_BASIC_EMATCHES, of which the kernel keeps one: say it instead.
                    c.failAt(at, tr("match is given twice: join the expressions with \"and\" or \"or\""));
                matchGiven = true;
                if (c.atEnd())
                    c.fail(tr("match needs an expression after it, such as 'cmp(u8 at 9 layer network eq 6)'"));
                QStringList words;
                for (qsizetype i = c.position(); i < c.size(); ++i)
                    words.append(c.word(i).text);
                qsizetype end = 0;
                EmatchParseError error;
                const std::optional<EmatchList> list = Ematch::parse(words, 0, &end, &error);
                if (!list)
                    c.failAt(c.position() + error.word, error.message);
                p.match = *list;
                for (qsizetype i = 0; i < end; ++i)
                    c.next();
            } else if (word == u"actions" || !FilterSupport::parseTargetWord(c, word, at, filter, true)) {
                c.failUnknownOption(at, u"basic");
            }
        }
        filter.params = p;
    }

    static void print(TcOptionWords &w, const Filter &f)
    {
        const EmatchList &match = f.params.get<BasicParams>().match;
        // The expression must be followed by a word (tc's lexer reads one past its end): the
        // target, which validation asks for, always comes after it.
        if (!match.empty())
            w.addQuoted(u"match", Ematch::print(match));
        FilterSupport::printTarget(w, f, u"classid");
    }

    static void toJson(const Filter &f, QJsonObject &o)
    {
        if (const EmatchList &match = f.params.get<BasicParams>().match; !match.empty())
            o.insert(QStringLiteral("match"), Ematch::print(match));
    }

    static void fromJson(JsonReader &r, Filter &f)
    {
        BasicParams p;
        if (const std::optional<QString> text = r.string("match")) {
            QString error;
            if (const std::optional<EmatchList> list = Ematch::parseText(*text, &error))
                p.match = *list;
            else
                r.error(QStringLiteral("match"), error);
        }
        f.params = p;
    }

    static bool encode(nl_msg *msg, const Filter &filter, const CodecContext &context, QString *error)
    {
        const BasicParams &p = filter.params.get<BasicParams>();
        nlattr *nest = nla_nest_start(msg, TCA_OPTIONS);
        if (!nest)
            return false;
        if (!FilterSupport::encodeTarget(msg, filter, TCA_BASIC_CLASSID, TCA_BASIC_POLICE, TCA_BASIC_ACT, context, error))
            return false;
        if (!p.match.empty() && !Ematch::encode(msg, TCA_BASIC_EMATCHES, p.match))
            return false;
        nla_nest_end(msg, nest);
        return true;
    }

    static FilterDecode decode(const nlattr *options, const CodecContext &context, Filter &filter)
    {
        nlattr *tb[TCA_BASIC_MAX + 1] = {};
        if (!KindSupport::parseNested(tb, TCA_BASIC_MAX, options))
            return FilterDecode::Foreign;
        BasicParams p;
        if (tb[TCA_BASIC_EMATCHES]) {
            std::optional<EmatchList> list = Ematch::decode(tb[TCA_BASIC_EMATCHES]);
            if (!list)
                return FilterDecode::Foreign; // an ematch kind or form we do not know (nbyte, text, ipset …)
            p.match = std::move(*list);
        }
        // TCA_BASIC_PCNT is the hit counter: state, not configuration.
        if (!FilterSupport::decodeTarget(tb, TCA_BASIC_CLASSID, TCA_BASIC_POLICE, TCA_BASIC_ACT, context, filter))
            return FilterDecode::Foreign;
        filter.params = p;
        return FilterDecode::Known;
    }

    static QString summary(const Filter &f)
    {
        const EmatchList &match = f.params.get<BasicParams>().match;
        //: What a basic filter without an expression catches: "basic all traffic → class 1:10".
        return QStringLiteral("basic ") + (match.empty() ? tr("all traffic") : Ematch::print(match));
    }

    static bool sameInKernel(const Filter &running, const Filter &wanted)
    {
        return running.params.get<BasicParams>() == wanted.params.get<BasicParams>();
    }
};

} // namespace

QS_DEFINE_FILTER_KIND(BasicKind)

} // namespace qs
