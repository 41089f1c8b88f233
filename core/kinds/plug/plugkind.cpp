// plug: one tc_plug_qopt, a command (iproute2's q_plug.c, the kernel's sch_plug.c).
#include "plugparams.h"

#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QCoreApplication>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

namespace qs {

namespace {

struct Word
{
    PlugParams::Action action;
    const char16_t *text;
};
constexpr Word kWords[] = {{PlugParams::Action::Block, u"block"},
                           {PlugParams::Action::Release, u"release"},
                           {PlugParams::Action::ReleaseIndefinite, u"release_indefinite"}};

struct PlugKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::PlugKind)

public:
    using Params = PlugParams;
    static constexpr QdiscTraits traits{.name = "plug", .module = "sch_plug"};

    static ValidationIssues validate(const Params &p)
    {
        ValidationIssues issues;
        if (!p.action && p.limit)
            issues.append(ValidationIssue::warning(QStringLiteral("limit"), tr("the limit %1 is sent only with a command (tc sends none without one)")
                                                                              .arg(TcUnits::formatSize(p.limit))));
        return issues;
    }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            bool known = false;
            for (const Word &w : kWords) {
                if (word == QStringView(w.text)) {
                    p.action = w.action;
                    known = true;
                }
            }
            if (known)
                continue;
            if (word == u"limit") {
                p.action = Params::Action::Limit;
                p.limit = c.size(u"limit");
            } else {
                c.failUnknownOption(at, u"plug");
            }
        }
        return qdiscParse(p, p.action.has_value());
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (!p.action)
            return;
        // The limit goes first: a command word after it is the one tc sends, with that limit.
        if (p.limit || *p.action == Params::Action::Limit)
            w.add(u"limit", TcUnits::formatSize(p.limit));
        for (const Word &word : kWords) {
            if (word.action == *p.action)
                w.add(word.text);
        }
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (!p.action)
            return o;
        for (const Word &word : kWords) {
            if (word.action == *p.action)
                o.insert(QStringLiteral("action"), QString::fromUtf16(word.text));
        }
        if (*p.action == Params::Action::Limit)
            o.insert(QStringLiteral("action"), QStringLiteral("limit"));
        if (p.limit || *p.action == Params::Action::Limit)
            o.insert(QStringLiteral("limit"), TcUnits::formatSize(p.limit));
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        const auto action = r.string("action");
        p.limit = r.size("limit");
        if (action) {
            if (*action == u"limit")
                p.action = Params::Action::Limit;
            for (const Word &word : kWords) {
                if (*action == QStringView(word.text))
                    p.action = word.action;
            }
            if (!p.action)
                r.error(QStringLiteral("action"), tr("expected block, release, release_indefinite or limit"));
        } else if (r.has("limit")) {
            p.action = Params::Action::Limit;
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        if (!p.action)
            return true;
        tc_plug_qopt opt{};
        opt.action = int(*p.action);
        opt.limit = p.limit;
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    /** sch_plug reports no options: a running plug reads as one given none. */
    static std::optional<Params> decode(const nlattr *, const CodecContext &) { return Params{}; }

    static ChangeRule change(const Params &, const Params &wanted, const CodecContext &, Params *)
    {
        // What the kernel holds cannot be read: a command is sent whenever one is wanted.
        return wanted.action ? ChangeRule::InPlace : ChangeRule::Same;
    }

    static QString summary(const Params &p, TcHandle)
    {
        if (p.action == Params::Action::Release || p.action == Params::Action::ReleaseIndefinite)
            return tr("plug, released");
        return tr("plug, holding packets");
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(PlugKind)

} // namespace qs
