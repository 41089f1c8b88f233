// mqprio: priorities to traffic classes to transmit-queue ranges; a raw tc_mqprio_qopt followed by
// attributes inside TCA_OPTIONS (iproute2's q_mqprio.c, the kernel's sch_mqprio.c).
#include "mqprioparams.h"

#include "kinds/kindsupport.h"
#include "kinds/showsupport.h"
#include "model/jsonreader.h"
#include "tc/tcargs.h"
#include "tc/tcoptionwords.h"
#include "tc/tcunits.h"

#include <QJsonArray>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_sched.h>

#include <cerrno>
#include <cstring>

namespace qs {

namespace {

using QueueRange = MqprioParams::QueueRange;

/** tc shows mode and shaper only when the kernel reports them, which it does only with offload. */
bool shownOffloaded(const ShownWords &w)
{
    return ShowSupport::indexOf(w, u"mode:channel") >= 0 || ShowSupport::indexOf(w, u"shaper:bw_rlimit") >= 0;
}

/** get_u8() in base 10. */
std::optional<quint8> parseU8(QStringView word)
{
    const auto value = TcUnits::parseU32(word, 10);
    return value && *value <= 0xFF ? std::optional<quint8>(quint8(*value)) : std::nullopt;
}

struct MqprioKind
{
    Q_DECLARE_TR_FUNCTIONS(qs::MqprioKind)

public:
    using Params = MqprioParams;
    // Only at the root of a multi-queue device (mqprio_init: EOPNOTSUPP otherwise); no change
    // operation; a queue whose qdisc is deleted gets noop_qdisc (dev_graft_qdisc of none).
    static constexpr QdiscTraits traits{.name = "mqprio", .module = "sch_mqprio", .placement = QdiscPlacement::RootOnly,
                                        .children = QdiscChildren::Queues, .hasChangeOperation = false,
                                        .deletedChildLeavesNoop = true, .optionsOnSeveralLines = true};

    /** What the editor adds: two classes on the first two queues (control and interactive traffic on the second), in software. */
    static Params newNode()
    {
        Params p;
        p.trafficClasses = 2;
        p.map.fill(0);
        p.map[6] = p.map[7] = 1; // TC_PRIO_INTERACTIVE, TC_PRIO_CONTROL
        p.queues = {{1, 0}, {1, 1}};
        p.hw = false;
        return p;
    }

    static ValidationIssues validate(const Params &p) { return p.validate(); }

    static QdiscParse parse(TcArgs &c, const Params *)
    {
        Params p;
        std::array<QueueRange, MqprioParams::MaxTrafficClasses> ranges{};
        int pairs = 0;
        // Rates are read into 16 slots, as tc does, and cut to num_tc once it is known.
        const auto readRates = [&c](QList<quint64> &rates, int classes, const QString &incomplete) {
            rates = QList<quint64>(MqprioParams::MaxTrafficClasses, 0);
            int index = 0;
            while (index < MqprioParams::MaxTrafficClasses && !c.atEnd()) {
                const auto rate = TcUnits::parseRate64(c.peek());
                if (!rate)
                    break;
                c.next();
                rates[index++] = *rate;
            }
            if (index < classes && c.atEnd())
                c.fail(incomplete);
        };
        while (!c.atEnd()) {
            const qsizetype at = c.position();
            const QStringView word = c.next();
            if (word == u"num_tc") {
                const auto value = parseU8(c.value(word));
                if (!value)
                    c.fail(tr("Illegal \"num_tc\""));
                p.trafficClasses = *value;
            } else if (word == u"map") {
                size_t index = 0;
                while (index < p.map.size() && !c.atEnd()) {
                    const auto tc = parseU8(c.peek());
                    if (!tc)
                        break;
                    c.next();
                    p.map[index++] = *tc;
                }
                std::fill(p.map.begin() + qsizetype(index), p.map.end(), quint8(0));
            } else if (word == u"queues") {
                int index = 0;
                while (index < MqprioParams::MaxTrafficClasses && !c.atEnd()) {
                    const auto range = MqprioParams::parseQueueRange(c.peek());
                    if (!range)
                        break;
                    c.next();
                    ranges[size_t(index++)] = *range;
                    ++pairs;
                }
            } else if (word == u"hw") {
                const auto value = parseU8(c.value(word));
                if (!value)
                    c.fail(tr("Illegal \"hw\""));
                p.hw = *value != 0;
            } else if (p.hw && word == u"mode") {
                const QStringView mode = c.value(word);
                if (tcMatches(mode, u"dcb"))
                    p.mode = MqprioParams::Mode::Dcb;
                else if (tcMatches(mode, u"channel"))
                    p.mode = MqprioParams::Mode::Channel;
                else
                    c.fail(tr("Illegal mode (%1)").arg(mode));
            } else if (p.hw && word == u"shaper") {
                const QStringView shaper = c.value(word);
                if (tcMatches(shaper, u"dcb")) {
                    p.shaper = MqprioParams::Shaper::Dcb;
                } else if (tcMatches(shaper, u"bw_rlimit")) {
                    p.shaper = MqprioParams::Shaper::BwRlimit;
                    if (c.atEnd())
                        c.fail(tr("Incomplete shaper arguments"));
                } else {
                    c.fail(tr("Illegal shaper (%1)").arg(shaper));
                }
            } else if (p.shaper == MqprioParams::Shaper::BwRlimit && word == u"min_rate") {
                readRates(p.minRate, p.trafficClasses, tr("Incomplete arguments, min_rate values expected"));
            } else if (p.shaper == MqprioParams::Shaper::BwRlimit && word == u"max_rate") {
                readRates(p.maxRate, p.trafficClasses, tr("Incomplete arguments, max_rate values expected"));
            } else {
                c.failUnknownOption(at, u"mqprio");
            }
        }
        if (pairs > p.trafficClasses)
            c.fail(tr("queues count/offset pair count %1 can not be higher than given num_tc %2").arg(pairs).arg(p.trafficClasses));
        p.queues = QList<QueueRange>(ranges.begin(), ranges.begin() + pairs);
        p.normalise();
        return qdiscParse(p);
    }

    static void print(TcOptionWords &w, const Params &p)
    {
        if (p.trafficClasses != 8)
            w.add(u"num_tc", QString::number(p.trafficClasses));
        if (p.map != MqprioParams::DefaultMap) {
            // tc fills what is not given with 0.
            qsizetype given = qsizetype(p.map.size());
            while (given > 1 && p.map[size_t(given - 1)] == 0)
                --given;
            w.add(u"map");
            for (qsizetype i = 0; i < given; ++i)
                w.add(QString::number(p.map[size_t(i)]));
        }
        if (!p.queues.isEmpty()) {
            w.add(u"queues");
            for (const QueueRange &r : p.queues)
                w.add(MqprioParams::queueRangeText(r));
        }
        // tc reads mode and shaper only while hw is 1 (its default) and refuses a shaper as the
        // last word: mode, shaper and rates come first, then the hw word, which also ends a
        // shaper that no rates follow ("num_tc 0 … shaper bw_rlimit min_rate 1mbit" keeps no rate).
        if (p.mode == MqprioParams::Mode::Channel)
            w.add(u"mode", QStringLiteral("channel"));
        bool shaperLast = false;
        if (p.shaper == MqprioParams::Shaper::BwRlimit) {
            w.add(u"shaper", QStringLiteral("bw_rlimit"));
            shaperLast = true;
        }
        for (const auto &[key, rates] : {std::pair{u"min_rate", &p.minRate}, std::pair{u"max_rate", &p.maxRate}}) {
            if (rates->isEmpty())
                continue;
            w.add(key);
            for (quint64 rate : *rates)
                w.add(TcUnits::formatRate(rate));
            shaperLast = false;
        }
        if (!p.hw || shaperLast)
            w.add(u"hw", p.hw ? QStringLiteral("1") : QStringLiteral("0"));
    }

    static QJsonObject toJson(const Params &p)
    {
        QJsonObject o;
        if (p.trafficClasses != 8)
            o.insert(QStringLiteral("num_tc"), p.trafficClasses);
        if (p.map != MqprioParams::DefaultMap) {
            QJsonArray map;
            for (quint8 tc : p.map)
                map.append(int(tc));
            o.insert(QStringLiteral("map"), map);
        }
        if (!p.queues.isEmpty())
            o.insert(QStringLiteral("queues"), p.queuesText());
        if (!p.hw)
            o.insert(QStringLiteral("hw"), false);
        if (p.mode == MqprioParams::Mode::Channel)
            o.insert(QStringLiteral("mode"), QStringLiteral("channel"));
        if (p.shaper == MqprioParams::Shaper::BwRlimit)
            o.insert(QStringLiteral("shaper"), QStringLiteral("bw_rlimit"));
        for (const auto &[key, rates] : {std::pair{"min_rate", &p.minRate}, std::pair{"max_rate", &p.maxRate}}) {
            if (rates->isEmpty())
                continue;
            QJsonArray array;
            for (quint64 rate : *rates)
                array.append(TcUnits::formatRate(rate));
            o.insert(QLatin1String(key), array);
        }
        return o;
    }

    static Params fromJson(JsonReader &r)
    {
        Params p;
        p.trafficClasses = int(r.integer("num_tc", 8, 1, MqprioParams::MaxTrafficClasses));
        if (const QJsonValue map = r.take("map"); !map.isUndefined()) {
            const QJsonArray array = map.toArray();
            if (!map.isArray() || array.size() != 16) {
                r.error(QStringLiteral("map"), tr("expected 16 traffic class numbers"));
            } else {
                for (int i = 0; i < 16; ++i) {
                    const int tc = array[i].toInt(-1);
                    if (tc < 0 || tc >= p.trafficClasses)
                        r.error(QStringLiteral("map[%1]").arg(i), tr("expected a traffic class from 0 to %1").arg(p.trafficClasses - 1));
                    else
                        p.map[size_t(i)] = quint8(tc);
                }
            }
        }
        if (const std::optional<QString> queues = r.string("queues")) {
            if (const auto ranges = MqprioParams::parseQueues(*queues))
                p.queues = *ranges;
            else
                r.error(QStringLiteral("queues"), tr("expected up to 16 ranges COUNT@OFFSET, such as \"1@0 1@1\""));
        }
        p.hw = r.boolean("hw", true);
        if (const std::optional<QString> mode = r.string("mode")) {
            if (*mode == u"channel")
                p.mode = MqprioParams::Mode::Channel;
            else if (*mode != u"dcb")
                r.error(QStringLiteral("mode"), tr("expected \"dcb\" or \"channel\""));
        }
        if (const std::optional<QString> shaper = r.string("shaper")) {
            if (*shaper == u"bw_rlimit")
                p.shaper = MqprioParams::Shaper::BwRlimit;
            else if (*shaper != u"dcb")
                r.error(QStringLiteral("shaper"), tr("expected \"dcb\" or \"bw_rlimit\""));
        }
        for (const auto &[key, rates] : {std::pair{"min_rate", &p.minRate}, std::pair{"max_rate", &p.maxRate}}) {
            const QJsonValue value = r.take(key);
            if (value.isUndefined())
                continue;
            const QJsonArray array = value.toArray();
            if (!value.isArray() || array.isEmpty() || array.size() > MqprioParams::MaxTrafficClasses) {
                r.error(QLatin1String(key), tr("expected 1 to 16 rates, such as [\"10mbit\", \"20mbit\"]"));
                continue;
            }
            for (qsizetype i = 0; i < array.size(); ++i) {
                const auto rate = TcUnits::parseRate64(array[i].toString());
                if (!rate)
                    r.error(QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i), tr("expected a rate, such as \"10mbit\""));
                rates->append(rate.value_or(0));
            }
        }
        p.normalise();
        return p;
    }

    static bool encode(nl_msg *msg, const Params &p, const CodecContext &, QString *)
    {
        tc_mqprio_qopt opt{};
        opt.num_tc = quint8(p.trafficClasses);
        std::memcpy(opt.prio_tc_map, p.map.data(), sizeof(opt.prio_tc_map));
        opt.hw = p.hw ? 1 : 0;
        for (qsizetype i = 0; i < p.queues.size() && i < TC_QOPT_MAX_QUEUE; ++i) {
            opt.count[i] = p.queues[i].count;
            opt.offset[i] = p.queues[i].offset;
        }
        nlattr *options = static_cast<nlattr *>(nla_reserve(msg, TCA_OPTIONS, sizeof(opt)));
        if (!options)
            return false;
        std::memcpy(nla_data(options), &opt, sizeof(opt));
        // Only what differs from DCB, as tc sends it: the kernel refuses any attribute without hw.
        if (p.mode != MqprioParams::Mode::Dcb && nla_put_u16(msg, TCA_MQPRIO_MODE, quint16(p.mode)) < 0)
            return false;
        if (p.shaper != MqprioParams::Shaper::Dcb && nla_put_u16(msg, TCA_MQPRIO_SHAPER, quint16(p.shaper)) < 0)
            return false;
        for (const auto &[type, rates] : {std::pair{TCA_MQPRIO_MIN_RATE64, &p.minRate}, std::pair{TCA_MQPRIO_MAX_RATE64, &p.maxRate}}) {
            if (rates->isEmpty())
                continue;
            nlattr *nest = nla_nest_start(msg, type | NLA_F_NESTED);
            if (!nest)
                return false;
            for (int i = 0; i < TC_QOPT_MAX_QUEUE; ++i) {
                if (nla_put_u64(msg, type, i < rates->size() ? rates->at(i) : 0) < 0)
                    return false;
            }
            nla_nest_end(msg, nest);
        }
        // The outer attribute covers the struct and every attribute after it.
        options->nla_len = quint16(reinterpret_cast<char *>(nlmsg_tail(nlmsg_hdr(msg))) - reinterpret_cast<char *>(options));
        return true;
    }

    static std::optional<Params> decode(const nlattr *options, const CodecContext &)
    {
        if (!options || nla_len(options) < int(sizeof(tc_mqprio_qopt)))
            return std::nullopt;
        tc_mqprio_qopt opt;
        std::memcpy(&opt, nla_data(options), sizeof(opt));
        if (opt.num_tc > TC_QOPT_MAX_QUEUE)
            return std::nullopt;
        Params p;
        p.trafficClasses = opt.num_tc;
        std::memcpy(p.map.data(), opt.prio_tc_map, sizeof(opt.prio_tc_map));
        p.hw = opt.hw != 0;
        for (int i = 0; i < opt.num_tc; ++i)
            p.queues.append(QueueRange{opt.count[i], opt.offset[i]});

        nlattr *tb[TCA_MQPRIO_MAX + 1] = {};
        const int offset = NLA_ALIGN(int(sizeof(opt)));
        if (nla_len(options) > offset) {
            auto *first = reinterpret_cast<nlattr *>(static_cast<char *>(nla_data(options)) + offset);
            if (nla_parse(tb, TCA_MQPRIO_MAX, first, nla_len(options) - offset, nullptr) < 0)
                return std::nullopt;
        }
        const auto u16Of = [&](int type, quint16 fallback) -> std::optional<quint16> {
            if (!tb[type])
                return fallback;
            if (nla_len(tb[type]) < int(sizeof(quint16)))
                return std::nullopt;
            return nla_get_u16(tb[type]);
        };
        const std::optional<quint16> mode = u16Of(TCA_MQPRIO_MODE, 0);
        const std::optional<quint16> shaper = u16Of(TCA_MQPRIO_SHAPER, 0);
        if (!mode || *mode > quint16(MqprioParams::Mode::Channel) || !shaper || *shaper > quint16(MqprioParams::Shaper::BwRlimit))
            return std::nullopt; // a mode or shaper this model cannot say: kept as the kernel reported it
        p.mode = MqprioParams::Mode(*mode);
        p.shaper = MqprioParams::Shaper(*shaper);
        for (const auto &[type, rates] : {std::pair{TCA_MQPRIO_MIN_RATE64, &p.minRate}, std::pair{TCA_MQPRIO_MAX_RATE64, &p.maxRate}}) {
            if (!tb[type])
                continue;
            nlattr *rate;
            int remaining;
            nla_for_each_nested(rate, tb[type], remaining)
            {
                if (nla_type(rate) != type || nla_len(rate) < int(sizeof(quint64)) || rates->size() >= TC_QOPT_MAX_QUEUE)
                    return std::nullopt;
                rates->append(nla_get_u64(rate));
            }
            if (rates->isEmpty())
                rates->append(0); // given, all zero (num_tc 0 cannot reach here): normalise fills the rest
        }
        p.normalise();
        return p;
    }

    static ChangeRule change(const Params &running, const Params &wanted, const CodecContext &, Params *)
    {
        return running == wanted ? ChangeRule::Same : ChangeRule::Replace; // sch_mqprio has no change operation
    }

    /**
     * What tc prints: "tc 8 map 0 1 … (16 classes)", then on the lines below "queues:(0:0) (1:1) …"
     * (first and last queue of each class), and, when the kernel reports attributes,
     * "mode:channel", "shaper:bw_rlimit", "min_rate:1Mbit 2Mbit …", "max_rate:…". hw is not printed.
     */
    static ShownWords readShown(const ShownWords &w)
    {
        const bool offloaded = shownOffloaded(w);
        ShownWords out;
        const auto add = [&out](const TcWord &at, const QString &text, int columnOffset = 0) {
            out.append(TcWord{text, at.line, at.column + columnOffset});
        };
        bool hwWritten = false;
        const auto writeHw = [&](const TcWord &at) {
            if (hwWritten)
                return;
            hwWritten = true;
            add(at, QStringLiteral("hw"));
            add(at, offloaded ? QStringLiteral("1") : QStringLiteral("0"));
        };
        for (qsizetype i = 0; i < w.size(); ++i) {
            const TcWord &word = w[i];
            const qsizetype colon = word.text.indexOf(u':');
            const QString key = colon > 0 ? word.text.left(colon) : QString();
            const QString value = colon > 0 ? word.text.mid(colon + 1) : QString();
            if (word.text == u"tc") {
                add(word, QStringLiteral("num_tc"));
            } else if (key == u"queues") {
                // "(FIRST:LAST)" per class, FIRST on this word; a class without queues shows LAST below FIRST.
                add(word, key);
                for (QString range = value;; range = w[++i].text) {
                    const QStringList ends = QString(range).remove(u'(').remove(u')').split(u':');
                    const auto low = ends.size() == 2 ? TcUnits::parseU32(ends[0], 10) : std::nullopt;
                    const auto high = ends.size() == 2 ? TcUnits::parseU32(ends[1], 10) : std::nullopt;
                    if (low && high)
                        add(w[i], QStringLiteral("%1@%2").arg(*high >= *low && *high != 0xFFFFFFFFu ? *high - *low + 1 : 0).arg(*low));
                    else if (!range.isEmpty())
                        add(w[i], range); // tc's parser says what it is
                    if (i + 1 >= w.size() || !w[i + 1].text.startsWith(u'('))
                        break;
                }
            } else if (key == u"mode" || key == u"shaper" || key == u"min_rate" || key == u"max_rate") {
                // Printed only when the kernel reports attributes; "dcb" is what nothing sent means.
                writeHw(word);
                if (!offloaded && value == u"dcb")
                    continue;
                add(word, key);
                if (!value.isEmpty())
                    add(word, value, int(colon) + 1);
            } else {
                add(word, word.text);
            }
        }
        writeHw(w.isEmpty() ? TcWord{} : w.last());
        return out;
    }

    static QString addRefusal(const Params &p, int error)
    {
        // mqprio_init: EOPNOTSUPP for a device with one transmit queue; EINVAL when hw asks for an
        // offload the driver lacks (veth, most virtual devices), or for queues beyond the device's.
        if (error == EOPNOTSUPP)
            return tr("mqprio needs the root of a device with several transmit queues");
        if (error == EINVAL && p.hw)
            return tr("this device may not offload mqprio (hw 1, tc's default): give hw 0 and the queues of each traffic class");
        if (error == EINVAL)
            // Kernels before 6.4 also want the classes in the order of their queues.
            return tr("every traffic class's queues must be on the device (COUNT@OFFSET within its transmit queues); kernels "
                      "before 6.4 also want each class's queues after the previous class's");
        return {};
    }

    static QString shownCaveat(const ShownWords &w)
    {
        if (shownOffloaded(w))
            return {};
        return tr("tc does not print whether mqprio was offloaded (hw): imported as hw 0, with the queues as shown");
    }

    static QString summary(const Params &p, TcHandle)
    {
        //: mqprio: priorities mapped to traffic classes, each a range of transmit queues.
        return p.hw ? tr("mqprio, %n traffic class(es), offloaded", nullptr, p.trafficClasses)
                    : tr("mqprio, %n traffic class(es)", nullptr, p.trafficClasses);
    }
};

} // namespace

QS_DEFINE_QDISC_KIND(MqprioKind)

} // namespace qs
