// The police and gact actions: tc's words read and written back, the refusals with their
// sentences, the JSON form (tc's words), and the netlink encode and decode (the kernel's dump
// of an mtu not given, the rate tables tc sends).
#include "kinds/actionsupport.h"
#include "kinds/allkinds.h"
#include "model/treejson.h"
#include "netlink/pschedclock.h"
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/pkt_cls.h>
#include <linux/tc_act/tc_gact.h>
#include <linux/tc_act/tc_skbedit.h>

#include <cstring>

using namespace qs;

namespace {

Action actionOf(const QString &text)
{
    QString error;
    const auto action = ActionSupport::actionFromText(text, &error);
    if (!action)
        qWarning().noquote() << text << "→" << error;
    return action.value_or(Action());
}

QString errorOf(const QString &text)
{
    QString error;
    if (ActionSupport::actionFromText(text, &error))
        return {};
    return error;
}

CodecContext context()
{
    CodecContext c;
    c.clock = &PschedClock::system();
    return c;
}

/** The action's TCA_ACT_OPTIONS as the kernel would read them: encoded, then its attributes parsed. */
struct Encoded
{
    std::unique_ptr<nl_msg, decltype(&nlmsg_free)> msg{nlmsg_alloc_size(8192), &nlmsg_free};
    nlattr *options = nullptr;
};

bool encode(const QList<Action> &actions, Encoded *out)
{
    QString error;
    if (!ActionSupport::encodeActions(out->msg.get(), TCA_U32_ACT, actions, context(), &error))
        return false;
    out->options = static_cast<nlattr *>(nlmsg_data(nlmsg_hdr(out->msg.get())));
    return true;
}

/** The attributes of the first action's options in @p list (a TCA_*_ACT nest). */
bool optionsOfFirst(nlattr *list, nlattr **tb, int max)
{
    nlattr *prio[TCA_ACT_MAX_PRIO + 1] = {};
    nlattr *act[TCA_ACT_MAX + 1] = {};
    return nla_parse_nested(prio, TCA_ACT_MAX_PRIO, list, nullptr) == 0 && prio[1] &&
           nla_parse_nested(act, TCA_ACT_MAX, prio[1], nullptr) == 0 && act[TCA_ACT_OPTIONS] &&
           nla_parse_nested(tb, max, act[TCA_ACT_OPTIONS], nullptr) == 0;
}

} // namespace

class TstActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wordsRoundTrip_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("printed");
        QTest::newRow("wondershaper") << QStringLiteral("police rate 1000kbit burst 10k drop")
                                      << QStringLiteral("police rate 1mbit burst 10kb drop");
        QTest::newRow("default reclassify") << QStringLiteral("police rate 1mbit burst 20k") << QStringLiteral("police rate 1mbit burst 20kb");
        QTest::newRow("buffer, maxburst, minburst") << QStringLiteral("police rate 2mbit buffer 32k minburst 1500 peakrate 4mbit pass")
                                                    << QStringLiteral("police rate 2mbit burst 32kb mtu 1500b peakrate 4mbit pass");
        QTest::newRow("conform-exceed") << QStringLiteral("police rate 1mbit burst 10k conform-exceed drop/pipe")
                                        << QStringLiteral("police rate 1mbit burst 10kb conform-exceed drop/pipe");
        QTest::newRow("conform-exceed ok is the default") << QStringLiteral("police rate 1mbit burst 10k conform-exceed drop/ok")
                                                          << QStringLiteral("police rate 1mbit burst 10kb drop");
        QTest::newRow("conform-exceed continue") << QStringLiteral("police rate 1mbit burst 10k conform-exceed reclassify/continue")
                                                 << QStringLiteral("police rate 1mbit burst 10kb conform-exceed reclassify/continue");
        QTest::newRow("goto chain") << QStringLiteral("police rate 1mbit burst 10k conform-exceed goto chain 4")
                                    << QStringLiteral("police rate 1mbit burst 10kb goto chain 4");
        QTest::newRow("overhead, mpu, atm") << QStringLiteral("police rate 8mbit burst 64k overhead 44 mpu 96 linklayer adsl shot")
                                            << QStringLiteral("police rate 8mbit burst 64kb overhead 44 mpu 96 linklayer atm drop");
        QTest::newRow("mtu alone") << QStringLiteral("police mtu 1500 drop") << QStringLiteral("police mtu 1500b drop");
        QTest::newRow("64-bit rate") << QStringLiteral("police rate 40gbit burst 1m pipe") << QStringLiteral("police rate 40gbit burst 1mb pipe");
        QTest::newRow("gact drop") << QStringLiteral("drop") << QStringLiteral("gact drop");
        QTest::newRow("gact word") << QStringLiteral("gact ok") << QStringLiteral("gact pass");
        QTest::newRow("gact continue") << QStringLiteral("continue") << QStringLiteral("gact continue");
        QTest::newRow("gact reclassify") << QStringLiteral("reclassify") << QStringLiteral("gact reclassify");
        QTest::newRow("gact pipe") << QStringLiteral("gact pipe") << QStringLiteral("gact pipe");
        QTest::newRow("gact goto chain") << QStringLiteral("goto chain 42") << QStringLiteral("gact goto chain 42");
        QTest::newRow("gact random determ") << QStringLiteral("gact pass random determ drop 10")
                                            << QStringLiteral("gact pass random determ drop 10");
        QTest::newRow("gact random netrand") << QStringLiteral("drop random netrand ok 100")
                                             << QStringLiteral("gact drop random netrand pass 100");
        QTest::newRow("skbedit priority") << QStringLiteral("skbedit priority 1:10") << QStringLiteral("skbedit priority 1:10");
        QTest::newRow("skbedit mark and mask") << QStringLiteral("skbedit mark 0x5/0xff pass")
                                               << QStringLiteral("skbedit mark 5/0xff pass");
        QTest::newRow("skbedit queue and ptype") << QStringLiteral("skbedit queue_mapping 3 ptype broadcast inheritdsfield")
                                                 << QStringLiteral("skbedit queue_mapping 3 ptype broadcast inheritdsfield");
    }

    void wordsRoundTrip()
    {
        QFETCH(QString, text);
        QFETCH(QString, printed);
        const Action action = actionOf(text);
        QVERIFY(action.ops().known);
        QCOMPARE(ActionSupport::actionText(action), printed);
        QCOMPARE(actionOf(printed), action);
        QVERIFY2(action.ops().validate(action.data()).isEmpty(), qPrintable(text));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("no burst") << QStringLiteral("police rate 1mbit drop") << QStringLiteral("a police rate needs a burst");
        QTest::newRow("nothing") << QStringLiteral("police drop") << QStringLiteral("police needs a rate, an avrate or an mtu");
        QTest::newRow("rate twice") << QStringLiteral("police rate 1mbit rate 2mbit burst 1k") << QStringLiteral("rate is given twice");
        QTest::newRow("peakrate without mtu") << QStringLiteral("police rate 1mbit burst 10k peakrate 2mbit")
                                              << QStringLiteral("a police peakrate needs an mtu");
        QTest::newRow("rate and avrate") << QStringLiteral("police rate 1mbit burst 10k avrate 1mbit")
                                         << QStringLiteral("police takes rate or avrate, not both");
        QTest::newRow("cell") << QStringLiteral("police rate 1mbit burst 10k/8") << QStringLiteral("\"/cell\" suffix");
        QTest::newRow("packet rate") << QStringLiteral("police pkts_rate 1000 pkts_burst 10") << QStringLiteral("not supported by Qdisc Studio yet");
        QTest::newRow("linklayer") << QStringLiteral("police rate 1mbit burst 10k linklayer docsis")
                                   << QStringLiteral("linklayer must be ethernet, atm or adsl");
        QTest::newRow("overhead") << QStringLiteral("police rate 1mbit burst 10k overhead 70000") << QStringLiteral("overhead");
        QTest::newRow("standalone table") << QStringLiteral("police rate 1mbit burst 10k drop index 3")
                                          << QStringLiteral("standalone action table");
        QTest::newRow("gact index") << QStringLiteral("gact drop index 1") << QStringLiteral("standalone action table");
        QTest::newRow("gact no verb") << QStringLiteral("gact") << QStringLiteral("gact needs a control verb");
        QTest::newRow("gact bad random") << QStringLiteral("gact pass random sometimes drop 10") << QStringLiteral("netrand or determ");
        QTest::newRow("gact random above 10000") << QStringLiteral("gact pass random determ drop 10001") << QStringLiteral("at most 10000");
        QTest::newRow("skbedit nothing") << QStringLiteral("skbedit drop") << QStringLiteral("skbedit needs priority");
        QTest::newRow("skbedit queue") << QStringLiteral("skbedit queue_mapping 70000") << QStringLiteral("at most 65535");
        QTest::newRow("skbedit ptype") << QStringLiteral("skbedit ptype loopback") << QStringLiteral("ptype must be");
        QTest::newRow("goto without chain") << QStringLiteral("goto 4") << QStringLiteral("\"goto\" needs \"chain N\"");
    }

    void refusals()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const QString error = errorOf(text);
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void validationWithTheKernelsLimits_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("avrate needs an estimator") << QStringLiteral("police avrate 1mbit drop") << QStringLiteral("rate estimator");
        QTest::newRow("burst beyond 32-bit ticks") << QStringLiteral("police rate 8bit burst 4mb drop") << QStringLiteral("32-bit ticks");
        QTest::newRow("conform goto") << QStringLiteral("police rate 1mbit burst 10k conform-exceed drop/goto")
                                      << QStringLiteral("does not allow goto chain as the conform verb");
        QTest::newRow("gact random goto") << QStringLiteral("pass random determ goto chain 1 5")
                                          << QStringLiteral("does not allow goto chain as the random verb");
        QTest::newRow("gact random 0") << QStringLiteral("pass random netrand drop 0") << QStringLiteral("from 1 to 10000");
    }

    void validationWithTheKernelsLimits()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const Action action = actionOf(text);
        QVERIFY(action.ops().known);
        const ValidationIssues issues = action.ops().validate(action.data());
        QVERIFY(!issues.isEmpty());
        QVERIFY2(issues.first().message.contains(message), qPrintable(issues.first().message));
    }

    void filterScriptsAndJson_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("wondershaper ingress") << QStringLiteral(
            "tc qdisc add dev eth0 handle ffff: ingress\n"
            "tc filter add dev eth0 parent ffff: protocol ip prio 50 u32 match ip src 0.0.0.0/0 police rate 1000kbit burst 10k drop flowid :1")
                                              << QStringLiteral("\"police\":\"rate 1mbit burst 10kb drop\"");
        QTest::newRow("actions") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb default 10\n"
            "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 match ip dport 22 0xffff action police rate 2mbit burst 16k "
            "conform-exceed drop/pipe action gact pass random determ drop 50 flowid 1:10\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 2 u32 match ip protocol 17 0xff action drop\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 3 u32 match ip protocol 1 0xff action goto chain 3")
                                 << QStringLiteral("[\"police rate 2mbit burst 16kb conform-exceed drop/pipe\",\"gact pass random determ drop 50\"]");
    }

    void filterScriptsAndJson()
    {
        QFETCH(QString, script);
        QFETCH(QString, fragment);
        const TcImportResult imported = TcImporter::import(script);
        QVERIFY2(imported.ok(), imported.errors.isEmpty() ? "" : qPrintable(imported.errors.first().toString()));
        const QdiscTree &tree = imported.trees.first();
        const ValidationIssues issues = tree.validate();
        QVERIFY2(!hasErrors(issues), qPrintable(issues.isEmpty() ? QString() : issues.first().toString()));
        // export → import is the same tree.
        const QString exported = TcExporter::script(imported.trees);
        const TcImportResult again = TcImporter::import(exported);
        QVERIFY2(again.ok(), qPrintable(exported));
        QVERIFY2(again.trees.first() == tree, qPrintable(exported));
        // JSON: the actions as tc's words.
        const QJsonObject json = TreeJson::toJson(tree);
        const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact);
        QVERIFY2(bytes.contains(fragment.toUtf8()), bytes.constData());
        QStringList errors;
        const auto back = TreeJson::fromJson(json, QString(), &errors);
        QVERIFY2(back, qPrintable(errors.join(u'\n')));
        QVERIFY2(*back == tree, bytes.constData());
    }

    void policeAndActionListAreNotBoth()
    {
        const TcImportResult imported = TcImporter::import(QStringLiteral(
            "tc qdisc add dev eth0 handle ffff: ingress\n"
            "tc filter add dev eth0 parent ffff: protocol ip u32 match u32 0 0 police rate 1mbit burst 10k drop action pass"));
        const ValidationIssues issues = imported.ok() ? imported.trees.first().validate() : ValidationIssues();
        const bool refused = !imported.ok() || hasErrors(issues);
        QVERIFY(refused);
        if (imported.ok())
            QVERIFY(issues.first().message.contains(u"not both"));
    }

    void policeEncodesAsTcDoes()
    {
        const PschedClock &clock = PschedClock::system();
        Encoded e;
        QVERIFY(encode({actionOf(QStringLiteral("police rate 1000kbit burst 10k drop"))}, &e));
        nlattr *tb[TCA_POLICE_MAX + 1] = {};
        QVERIFY(optionsOfFirst(e.options, tb, TCA_POLICE_MAX));
        QVERIFY(tb[TCA_POLICE_TBF] && tb[TCA_POLICE_RATE]);
        QVERIFY(!tb[TCA_POLICE_PEAKRATE] && !tb[TCA_POLICE_RESULT] && !tb[TCA_POLICE_RATE64] && !tb[TCA_POLICE_AVRATE]);
        tc_police p;
        QCOMPARE(nla_len(tb[TCA_POLICE_TBF]), int(sizeof(p)));
        std::memcpy(&p, nla_data(tb[TCA_POLICE_TBF]), sizeof(p));
        QCOMPARE(p.action, TC_ACT_SHOT);
        QCOMPARE(p.rate.rate, 125000u);
        QCOMPARE(p.burst, clock.xmitTime(125000, 10240));
        QCOMPARE(p.mtu, 0u);
        QCOMPARE(int(p.rate.cell_log), 3); // tc's for an mtu of 2047
        QCOMPARE(int(p.rate.linklayer), int(TC_LINKLAYER_ETHERNET));
        // The rate table: 256 cells of 8 bytes, each the time to send its size.
        QCOMPARE(nla_len(tb[TCA_POLICE_RATE]), 1024);
        const auto *cells = static_cast<const quint32 *>(nla_data(tb[TCA_POLICE_RATE]));
        QCOMPARE(cells[0], clock.xmitTime(125000, 8));
        QCOMPARE(cells[255], clock.xmitTime(125000, 2048));

        // conform-exceed, peakrate, ATM, mpu; a 64-bit rate.
        Encoded f;
        QVERIFY(encode({actionOf(QStringLiteral("police rate 40gbit burst 1m mtu 9000 peakrate 50gbit mpu 64 linklayer atm "
                                                "overhead 10 conform-exceed drop/continue"))},
                       &f));
        nlattr *tf[TCA_POLICE_MAX + 1] = {};
        QVERIFY(optionsOfFirst(f.options, tf, TCA_POLICE_MAX));
        QVERIFY(tf[TCA_POLICE_PEAKRATE] && tf[TCA_POLICE_RATE64] && tf[TCA_POLICE_PEAKRATE64] && tf[TCA_POLICE_RESULT]);
        QCOMPARE(nla_get_u64(tf[TCA_POLICE_RATE64]), quint64(5000000000));
        QCOMPARE(int(nla_get_u32(tf[TCA_POLICE_RESULT])), TC_ACT_UNSPEC);
        std::memcpy(&p, nla_data(tf[TCA_POLICE_TBF]), sizeof(p));
        QCOMPARE(p.rate.rate, ~0u);
        QCOMPARE(p.mtu, 9000u);
        QCOMPARE(int(p.rate.mpu), 64);
        QCOMPARE(int(p.rate.overhead), 10);
        QCOMPARE(int(p.rate.linklayer), int(TC_LINKLAYER_ATM));
        QCOMPARE(int(p.rate.cell_log), 6); // 9000 >> 6 = 140 ≤ 255
        const auto *atm = static_cast<const quint32 *>(nla_data(tf[TCA_POLICE_RATE]));
        QCOMPARE(atm[0], clock.xmitTime(5000000000ULL, 106)); // 64 bytes: two ATM cells
    }

    void decodeReadsTheKernelsDump()
    {
        // What the kernel dumps for "police rate 1000kbit burst 10k drop": the mtu it chose (255 cells of 8 bytes).
        const PschedClock &clock = PschedClock::system();
        std::unique_ptr<nl_msg, decltype(&nlmsg_free)> msg(nlmsg_alloc_size(4096), &nlmsg_free);
        nlattr *nest = nla_nest_start(msg.get(), TCA_U32_POLICE);
        tc_police p{};
        p.index = 7;
        p.action = TC_ACT_SHOT;
        p.rate.rate = 125000;
        p.rate.linklayer = TC_LINKLAYER_ETHERNET;
        p.burst = clock.xmitTime(125000, 10240);
        p.mtu = 2040;
        p.refcnt = 1;
        p.bindcnt = 1;
        QVERIFY(nla_put(msg.get(), TCA_POLICE_TBF, sizeof(p), &p) == 0);
        nla_nest_end(msg.get(), nest);
        const auto *attr = static_cast<const nlattr *>(nlmsg_data(nlmsg_hdr(msg.get())));
        const auto police = ActionSupport::decodeLegacyPolice(attr, context());
        QVERIFY(police);
        QCOMPARE(*police, actionOf(QStringLiteral("police rate 1000kbit burst 10k drop")));
        QCOMPARE(ActionSupport::actionText(*police), QStringLiteral("police rate 1mbit burst 10kb drop"));
        QCOMPARE(police->ops().summary(police->data()), QStringLiteral("police 1 Mbit/s, burst 10240 B, drop beyond"));

        // Every action of the list, in order, and back as the same words.
        const QList<Action> list = {actionOf(QStringLiteral("police rate 2mbit burst 16k mtu 1500 peakrate 3mbit conform-exceed drop/pipe")),
                                    actionOf(QStringLiteral("pass random determ drop 10")), actionOf(QStringLiteral("goto chain 2")),
                                    actionOf(QStringLiteral("police rate 40gbit burst 1m overhead 4 linklayer atm mpu 64 continue"))};
        Encoded e;
        QVERIFY(encode(list, &e));
        const auto decoded = ActionSupport::decodeActions(e.options, context());
        QVERIFY(decoded);
        QCOMPARE(*decoded, list);

        // A packet-rate policer or an unknown random type is beyond the model.
        std::unique_ptr<nl_msg, decltype(&nlmsg_free)> pps(nlmsg_alloc_size(4096), &nlmsg_free);
        nest = nla_nest_start(pps.get(), TCA_U32_POLICE);
        p = tc_police{};
        p.action = TC_ACT_SHOT;
        QVERIFY(nla_put(pps.get(), TCA_POLICE_TBF, sizeof(p), &p) == 0);
        QVERIFY(nla_put_u64(pps.get(), TCA_POLICE_PKTRATE64, 1000) == 0);
        QVERIFY(nla_put_u64(pps.get(), TCA_POLICE_PKTBURST64, 1000) == 0);
        nla_nest_end(pps.get(), nest);
        QVERIFY(!ActionSupport::decodeLegacyPolice(static_cast<const nlattr *>(nlmsg_data(nlmsg_hdr(pps.get()))), context()));
    }

    void gactEncodesAsTcDoes()
    {
        Encoded f;
        QVERIFY(encode({actionOf(QStringLiteral("drop random determ pass 10"))}, &f));
        nlattr *tb[TCA_GACT_MAX + 1] = {};
        QVERIFY(optionsOfFirst(f.options, tb, TCA_GACT_MAX));
        QVERIFY(tb[TCA_GACT_PARMS] && tb[TCA_GACT_PROB]);
        tc_gact parms;
        std::memcpy(&parms, nla_data(tb[TCA_GACT_PARMS]), sizeof(parms));
        QCOMPARE(parms.action, TC_ACT_SHOT);
        tc_gact_p prob;
        std::memcpy(&prob, nla_data(tb[TCA_GACT_PROB]), sizeof(prob));
        QCOMPARE(int(prob.ptype), PGACT_DETERM);
        QCOMPARE(int(prob.pval), 10);
        QCOMPARE(prob.paction, TC_ACT_OK);
        const Action determ = actionOf(QStringLiteral("drop random determ pass 10"));
        QCOMPARE(determ.ops().summary(determ.data()), QStringLiteral("drop, every 10th packet pass"));
        // A plain verb has no TCA_GACT_PROB.
        Encoded g;
        QVERIFY(encode({actionOf(QStringLiteral("reclassify"))}, &g));
        nlattr *tg[TCA_GACT_MAX + 1] = {};
        QVERIFY(optionsOfFirst(g.options, tg, TCA_GACT_MAX));
        QVERIFY(tg[TCA_GACT_PARMS] && !tg[TCA_GACT_PROB]);
    }

    void skbeditEncodesAndDecodes()
    {
        const QList<Action> list = {actionOf(QStringLiteral("skbedit priority 1:10 mark 7/0xf queue_mapping 2 ptype host")),
                                    actionOf(QStringLiteral("skbedit inheritdsfield drop"))};
        Encoded e;
        QVERIFY(encode(list, &e));
        nlattr *tb[TCA_SKBEDIT_MAX + 1] = {};
        QVERIFY(optionsOfFirst(e.options, tb, TCA_SKBEDIT_MAX));
        QCOMPARE(nla_get_u32(tb[TCA_SKBEDIT_PRIORITY]), 0x10010u);
        QCOMPARE(nla_get_u32(tb[TCA_SKBEDIT_MARK]), 7u);
        QCOMPARE(nla_get_u32(tb[TCA_SKBEDIT_MASK]), 0xfu);
        QCOMPARE(int(nla_get_u16(tb[TCA_SKBEDIT_QUEUE_MAPPING])), 2);
        QCOMPARE(int(nla_get_u16(tb[TCA_SKBEDIT_PTYPE])), 0);
        QVERIFY(!tb[TCA_SKBEDIT_FLAGS]);
        tc_skbedit parms;
        std::memcpy(&parms, nla_data(tb[TCA_SKBEDIT_PARMS]), sizeof(parms));
        QCOMPARE(parms.action, TC_ACT_PIPE);
        const auto decoded = ActionSupport::decodeActions(e.options, context());
        QVERIFY(decoded);
        QCOMPARE(*decoded, list);
        QCOMPARE(list[0].ops().summary(list[0].data()), QStringLiteral("set priority 1:10, mark 7, queue 2, type host"));
    }

    void knownKindsAreListed()
    {
        const QString kinds = ActionSupport::knownKinds();
        QVERIFY2(kinds.contains(u"police") && kinds.contains(u"gact") && kinds.contains(u"mirred"), qPrintable(kinds));
        QVERIFY(errorOf(QStringLiteral("vlan pop")).contains(u"police"));
    }
};

QTEST_GUILESS_MAIN(TstActions)
#include "tst_actions.moc"
