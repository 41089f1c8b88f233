// prio: strict-priority bands; a raw tc_prio_qopt (iproute2's q_prio.c).
#include "prioparams.h"

#include "kinds/kindsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QJsonArray>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include <cstring>

namespace qs {

namespace {

struct PrioKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::PrioKind)

public:
    using Params = PrioParams;
    static constexpr QdiscTraits traits{.name = "prio", .module = "sch_prio", .children = QdiscChildren::Bands, .filterBlock = true};

    static int bands(const Params &p) { return p.bands; }
    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        bool mapping = false;
        int index = 0;
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"bands") {
                if (mapping)
                    c.failAt(at, tr("bands must come before priomap"));
                p.bands = c.integer(u"bands", 10);
            } else if (word == u"priomap") {
                if (mapping)
                    c.failAt(at, tr("priomap is given twice"));
                mapping = true;
            } else if (word == u"multiqueue") {
                c.failUnsupported(at, u"prio");
            } else if (mapping) {
                const auto band = TcUnits::parseU32(word, 10);
                if (!band)
                    c.failAt(at, tr("a priomap entry must be a band number"));
                // tc compares unsigned ("band >= opt.bands"): 4294967295 must not wrap to -1.
                if (*band >= quint32(p.bands))
                    c.failAt(at, tr("band %1 does not exist; there are %n bands", nullptr, p.bands).arg(*band));
                if (index >= int(p.priomap.size()))
                    c.failAt(at, tr("the priomap has 16 entries at most"));
                p.priomap[size_t(index++)] = quint8(*band);
            } else {
                c.failUnknownOption(at, u"prio");
            }
        }
        if (p.bands < PrioParams::MinBands || p.bands > PrioParams::MaxBands)
            c.fail(tr("prio needs 2…16 bands, not %1").arg(p.bands));
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.bands != 3)
            w.add(u"bands", QString::number(p.bands));
        if (p.priomap != PrioParams::DefaultPriomap) {
            w.add(u"priomap");
            for (quint8 band : p.priomap)
                w.add(QString::number(band));
        }
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.bands != 3)
            o.insert(QStringLiteral("bands"), p.bands);
        if (p.priomap != PrioParams::DefaultPriomap) {
            QJsonArray map;
            for (quint8 band : p.priomap)
                map.append(int(band));
            o.insert(QStringLiteral("priomap"), map);
        }
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.bands = int(r.integer("bands", 3, PrioParams::MinBands, PrioParams::MaxBands));
        const QJsonValue map = r.take("priomap");
        if (!map.isUndefined()) {
            const QJsonArray array = map.toArray();
            if (!map.isArray() || array.size() != 16) {
                r.error(QStringLiteral("priomap"), tr("expected 16 band numbers"));
            } else {
                for (int i = 0; i < 16; ++i) {
                    const int band = array[i].toInt(-1);
                    if (band < 0 || band >= p.bands)
                        r.error(QStringLiteral("priomap[%1]").arg(i), tr("expected a band from 0 to %1").arg(p.bands - 1));
                    else
                        p.priomap[size_t(i)] = quint8(band);
                }
            }
        }
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_prio_qopt opt{};
        opt.bands = p.bands;
        std::memcpy(opt.priomap, p.priomap.data(), sizeof(opt.priomap));
        return nla_put(msg, TCA_OPTIONS, sizeof(opt), &opt) == 0;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_prio_qopt)))
            return std::nullopt;
        tc_prio_qopt opt;
        std::memcpy(&opt, nla_data(options), sizeof(opt));
        if (nla_len(options) > int(NLA_ALIGN(sizeof(opt)))) // the multiqueue extension
            return std::nullopt;
        Params p;
        p.bands = opt.bands;
        std::memcpy(p.priomap.data(), opt.priomap, sizeof(opt.priomap));
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &context, Params *)
    {
        return changeWhenEncodingDiffers<PrioKind>(running, wanted, context);
    }

    static QString summary(const Params &p, TcHandle) { return tr("prio, %n bands", nullptr, p.bands); }
};

} // namespace

QS_DEFINE_QDISC_KIND(PrioKind)

} // namespace qs
