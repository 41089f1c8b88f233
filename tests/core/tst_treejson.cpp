#include "kinds/allkinds.h"
#include "model/treejson.h"
#include "tc/tcimporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace qs;

class TstTreeJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("script");
        QTest::newRow("netem everything") << QStringLiteral(
            "tc -n lab qdisc add dev veth1 root handle 1: netem limit 5000 delay 100ms 10ms 25% distribution paretonormal "
            "loss state 1% 30% 0.5% 10% 0.1% duplicate 1% 20% corrupt 0.1% reorder 25% 50% gap 5 rate 1mbit 20 100 -4 "
            "slot 1ms 5ms packets 8 bytes 4kb ecn");
        QTest::newRow("gemodel and tbf child") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: netem loss gemodel 1% 10% 70% 0.1%\n"
            "tc qdisc add dev eth0 parent 1:1 handle 2: tbf rate 10gbit burst 1mb limit 10mb peakrate 20gbit mtu 9000");
        QTest::newRow("htb with everything") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb default 30 r2q 5 direct_qlen 100\n"
            "tc class add dev eth0 parent 1: classid 1:1 htb rate 100mbit burst 15k ceil 80mbit cburst 20k prio 1 quantum 3000 mtu 9000 overhead 24\n"
            "tc qdisc add dev eth0 parent 1:1 handle 10: fq_codel limit 1000 flows 64 quantum 300 target 2ms interval 50ms ce_threshold 1ms memory_limit 4mb drop_batch 32 ecn\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 7 handle 800::801 u32 match ip src 198.18.0.0/15 match ip dport 443 0xffff match u8 6 0xff at 9 flowid 1:1");
        QTest::newRow("u32 tables, offsets, ip6") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb default 10\n"
            "tc class add dev eth0 parent 1: classid 1:10 htb rate 10mbit\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 1 handle 2: u32 divisor 256\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 1 u32 ht 2:5 match ip dst 10.0.0.5 flowid 1:10\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 2 u32 match ip dst 10.0.0.0/8 hashkey mask 0xff at 16 link 2:\n"
            "tc filter add dev eth0 parent 1: protocol ip prio 3 u32 match tcp dst 80 0xffff offset at 0 mask 0x0f00 shift 6 plus 4 eat skip_hw flowid 1:10\n"
            "tc filter add dev eth0 parent 1: protocol ipv6 prio 4 u32 match ip6 src 2001:db8::/33 match ip6 icmp_type 128 0xff flowid 1:10");
        QTest::newRow("ingress") << QStringLiteral(
            "ip link add ifb1 type ifb\ntc qdisc add dev eth0 handle ffff: ingress\n"
            "tc filter add dev eth0 parent ffff: protocol all prio 1 u32 match u32 0 0 action mirred egress redirect dev ifb1\n"
            "tc qdisc add dev ifb1 root sfq perturb 10 quantum 1514 limit 100 divisor 256 flows 64 depth 20 headdrop");
        QTest::newRow("netem kept by a change") << QStringLiteral(
            "tc qdisc add dev eth0 root netem delay 10ms 5ms distribution normal loss 1% 25% reorder 20% ecn\n"
            "tc qdisc change dev eth0 root netem delay 20ms");
        QTest::newRow("lonely correlations, r2q 0") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb r2q 0\n"
            "tc class add dev eth0 parent 1: classid 1:1 htb rate 10mbit\n"
            "tc qdisc add dev eth0 parent 1:1 netem loss 0% 25% reorder 0% 10%");
        QTest::newRow("link layers and sfq red") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: htb direct_qlen 50\n"
            "tc class add dev eth0 parent 1: classid 1:1 htb rate 20kbit mpu 64 overhead 10 linklayer atm\n"
            "tc qdisc add dev eth0 parent 1:1 handle 10: tbf rate 1mbit burst 10kb latency 40ms overhead 8 mpu 64 linklayer adsl\n"
            "tc qdisc add dev eth0 parent 10:1 handle 20: sfq redflowlimit 100000 min 8000 max 60000 probability 0.2 burst 30 avpkt 1200 ecn harddrop");
        QTest::newRow("pfifo_fast") << QStringLiteral("tc qdisc add dev eth1 root pfifo_fast");
        QTest::newRow("red") << QStringLiteral("tc qdisc add dev eth0 root handle 1: red limit 1M avpkt 1500 min 100K max 300K "
                                               "burst 80 probability 0.05 bandwidth 50mbit ecn harddrop adaptive nodrop");
        QTest::newRow("choke") << QStringLiteral("tc qdisc add dev eth0 root choke limit 1000 bandwidth 10000 min 100 max 300 "
                                                 "burst 200 avpkt 1500 probability 0.1 ecn");
        QTest::newRow("plug") << QStringLiteral("tc qdisc add dev eth0 root handle 1: plug limit 100 release\ntc qdisc add dev eth1 root plug");
        QTest::newRow("sfb") << QStringLiteral("tc qdisc add dev eth0 root sfb rehash 60 db 10 limit 100 target 50 increment 0.1 decrement 0.01");
        QTest::newRow("hhf") << QStringLiteral("tc qdisc add dev eth0 root hhf limit 1500 reset_timeout 100ms evict_timeout 2s non_hh_weight 4");
        QTest::newRow("matchall") << QStringLiteral(
            "tc qdisc add dev eth0 ingress\n"
            "tc filter add dev eth0 parent ffff: protocol all prio 1 handle 0x5 chain 3 matchall skip_sw classid 1:1 action pass");
        QTest::newRow("flower") << QStringLiteral(
            "tc qdisc add dev eth0 ingress\n"
            "tc filter add dev eth0 parent ffff: protocol ip prio 1 flower ip_proto tcp dst_ip 10.0.0.1/8 dst_port 80 src_port 1000-2000 "
            "ip_tos 184/0xfc skip_sw classid 1:1\n"
            "tc filter add dev eth0 parent ffff: protocol ipv6 prio 2 flower ip_proto icmpv6 src_ip 2001:db8::/32 type 128 code 0/7 indev lo classid 1:2\n"
            "tc filter add dev eth0 parent ffff: protocol 802.1Q prio 3 flower vlan_id 7 vlan_ethtype ipv6 dst_ip ::1 src_mac 02:00:00:00:00:02/40 action drop");
        QTest::newRow("noqueue") << QStringLiteral("tc qdisc add dev eth1 root handle 5: noqueue");
        QTest::newRow("mq, multiq") << QStringLiteral("tc qdisc add dev eth1 root handle 1: mq\n"
                                                       "tc qdisc add dev eth1 parent 1:2 handle 20: multiq\n"
                                                       "tc qdisc add dev eth1 parent 20:1 handle 21: fq_codel");
        QTest::newRow("fw") << QStringLiteral("tc qdisc add dev eth5 root handle 1: htb\n"
                                               "tc class add dev eth5 parent 1: classid 1:1 htb rate 1mbit\n"
                                               "tc filter add dev eth5 parent 1: protocol ip prio 1 handle 0x10/0xf0 fw classid 1:1 indev lo\n"
                                               "tc filter add dev eth5 parent 1: protocol ip prio 2 handle 3 fw classid 1:1");
        QTest::newRow("basic") << QStringLiteral("tc qdisc add dev eth5 root handle 1: htb\n"
                                                  "tc class add dev eth5 parent 1: classid 1:1 htb rate 1mbit\n"
                                                  "tc filter add dev eth5 parent 1: protocol ip prio 1 handle 3 basic match "
                                                  "'not (cmp(u8 at 9 layer network eq 17) or u32(u8 0x11 0xff at 13)) and meta(\"lo\" eq dev)' classid 1:1\n"
                                                  "tc filter add dev eth5 parent 1: protocol ip prio 2 basic classid 1:1");
        QTest::newRow("hfsc") << QStringLiteral("tc qdisc add dev eth4 root handle 1: hfsc default 10\n"
                                                 "tc class add dev eth4 parent 1: classid 1:1 hfsc sc m1 2mbit d 20ms m2 1mbit ul rate 3mbit\n"
                                                 "tc class add dev eth4 parent 1:1 classid 1:10 hfsc rt rate 500kbit ls rate 1mbit");
        QTest::newRow("mqprio") << QStringLiteral("tc qdisc add dev eth2 root handle 1: mqprio num_tc 3 map 0 1 2 queues 2@0 1@2 1@3 hw 0\n"
                                                   "tc qdisc add dev eth2 parent 1:2 handle 12: pfifo limit 10\n"
                                                   "tc qdisc add dev eth3 root mqprio num_tc 2 map 0 1 mode channel shaper bw_rlimit max_rate 1mbit 2mbit");
        QTest::newRow("skbprio") << QStringLiteral("tc qdisc add dev eth2 root handle 1: skbprio limit 10");
        QTest::newRow("codel") << QStringLiteral("tc qdisc add dev eth3 root codel limit 1500 target 4ms interval 80ms ce_threshold 1ms noecn");
        QTest::newRow("fq") << QStringLiteral(
            "tc qdisc add dev eth4 root fq limit 3000 flow_limit 300 quantum 9000 initial_quantum 90000 maxrate 100mbit buckets 4096 "
            "pacing refill_delay 100ms low_rate_threshold 1mbit orphan_mask 255 timer_slack 10us ce_threshold 2ms horizon 2s horizon_drop");
        QTest::newRow("pie") << QStringLiteral(
            "tc qdisc add dev eth5 root pie limit 2000 target 20ms tupdate 30ms alpha 4 beta 32 ecn nobytemode dq_rate_estimator");
        QTest::newRow("cake") << QStringLiteral(
            "tc qdisc add dev eth6 root cake bandwidth 20mbit autorate-ingress rtt 30ms diffserv8 triple-isolate nat nowash egress "
            "ack-filter split-gso memlimit 4mb fwmark 0xf raw ptm overhead -4 mpu 64\n"
            "tc qdisc add dev eth7 root cake unlimited diffserv4 docsis");
        QTest::newRow("fq_pie") << QStringLiteral(
            "tc qdisc add dev eth0 root fq_pie limit 2000 flows 4096 target 20ms tupdate 30ms alpha 4 beta 32 quantum 9000 "
            "memory_limit 16mb ecn_prob 20 ecn nobytemode dq_rate_estimator");
        QTest::newRow("drr and qfq") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: drr\ntc class add dev eth0 parent 1: classid 1:1 drr quantum 3000\n"
            "tc class add dev eth0 parent 1: classid 1:2 drr\n"
            "tc qdisc add dev eth0 parent 1:2 handle 2: qfq\ntc class add dev eth0 parent 2: classid 2:1 qfq weight 10 maxpkt 9000\n"
            "tc class add dev eth0 parent 2: classid 2:2 qfq");
        QTest::newRow("prio and fifos") << QStringLiteral(
            "tc qdisc add dev eth0 root handle 1: prio bands 5 priomap 4 3 2 1 0 0 0 0 1 1 1 1 1 1 1 1\n"
            "tc qdisc add dev eth0 parent 1:1 handle 10: pfifo limit 10\ntc qdisc add dev eth0 parent 1:2 handle 20: bfifo");
    }

    void roundTrip()
    {
        QFETCH(QString, script);
        const TcImportResult imported = TcImporter::import(script);
        QVERIFY2(imported.ok(), imported.errors.isEmpty() ? "" : qPrintable(imported.errors.first().toString()));
        for (const QdiscTree &tree : imported.trees) {
            const QByteArray bytes = QJsonDocument(TreeJson::toJson(tree)).toJson();
            QStringList errors;
            const auto back = TreeJson::fromJson(QJsonDocument::fromJson(bytes).object(), QString(), &errors);
            QVERIFY2(back, qPrintable(errors.join(u'\n')));
            QVERIFY2(*back == tree, bytes.constData());
        }
    }

    void lossModelsStartFromTcsDefaults()
    {
        // What "loss state 10%" and "loss gemodel 10%" give in tc, from the fraction as tc computes it.
        const auto netemFrom = [](const char *json) {
            QStringList errors;
            const auto tree = TreeJson::fromJson(QJsonDocument::fromJson(json).object(), QString(), &errors);
            [&] { QVERIFY2(tree, qPrintable(errors.join(u'\n'))); }();
            return tree ? tree->qdiscs.first().params.get<NetemParams>() : NetemParams();
        };
        const NetemParams state = netemFrom(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"state","p13":"10%","p14":"1%"}}}]})");
        const auto *gi = std::get_if<NetemStateLoss>(&state.loss);
        QVERIFY(gi);
        QCOMPARE(gi->p31.scaled(), 3865470566u); // rint((1 - 0.1) * UINT32_MAX), not 3865470565
        QCOMPARE(gi->p32, Probability());
        QCOMPARE(gi->p23, Probability::always());
        QCOMPARE(gi->p14, Probability::fromPercent(1));
        const TcImportResult tc = TcImporter::import(QStringLiteral("tc qdisc add dev eth0 root netem loss state 10% 90% 0% 100% 1%"));
        QCOMPARE(NetemLoss(*gi), tc.trees.first().qdiscs.first().params.get<NetemParams>().loss);

        const NetemParams ge = netemFrom(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"gemodel","p":"10%"}}}]})");
        QCOMPARE(ge.loss, NetemLoss(NetemGilbertElliottLoss{Probability::fromPercent(10), Probability::fromScaled(3865470566u),
                                                            Probability::always(), Probability()}));

        // A random loss of 0 % without a correlation is no loss; with one it is kept.
        QCOMPARE(netemFrom(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"random","probability":"0%"}}}]})").loss,
                 NetemLoss());
        QCOMPARE(netemFrom(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"random","probability":"0%","correlation":"25%"}}}]})").loss,
                 NetemLoss(NetemRandomLoss{Probability(), Probability::fromPercent(25)}));
    }

    void htbR2qZero()
    {
        QStringList errors;
        const auto tree = TreeJson::fromJson(QJsonDocument::fromJson(R"({"qdiscs":[{"parent":"root","handle":"1:","kind":"htb","params":{"r2q":0}}],
            "classes":[{"classid":"1:1","parent":"1:","params":{"rate":"1mbit"}}]})").object(), QString(), &errors);
        QVERIFY2(tree, qPrintable(errors.join(u'\n')));
        QCOMPARE(tree->qdiscs.first().params.get<HtbQdiscParams>().r2q, 0u);
        QVERIFY(!hasErrors(tree->validate())); // a warning: the kernel uses 1
        QCOMPARE(TreeJson::toJson(*tree)[u"qdiscs"].toArray().first()[u"params"][u"r2q"].toInt(-1), 0);
    }

    void flowerKeysAsNumbers()
    {
        // A JSON number is the key's value: ip_proto 17 is UDP (tc's words would read "17" as hex 0x17).
        QStringList errors;
        const auto tree = TreeJson::fromJson(QJsonDocument::fromJson(R"({"qdiscs":[{"parent":"ingress","handle":"ffff:","kind":"ingress"}],
            "filters":[{"parent":"ffff:","prio":1,"protocol":"802.1Q","kind":"flower","vlan_id":100,"vlan_ethtype":"ip","ip_proto":17,
            "dst_port":53,"flowid":"1:1"}]})").object(), QString(), &errors);
        QVERIFY2(tree, qPrintable(errors.join(u'\n')));
        const FlowerParams &p = tree->filters.first().params.get<FlowerParams>();
        QCOMPARE(p.vlanId, std::optional<quint16>(100));
        QCOMPARE(p.ipProto, std::optional<quint8>(17));
        QCOMPARE(p.keyWords(FlowerKey::IpProto, EtherType::Vlan), QStringLiteral("udp"));
        QCOMPARE(p.dstPort->min, quint16(53));
        QCOMPARE(TreeJson::toJson(*tree)[u"filters"].toArray().first()[u"ip_proto"].toString(), QStringLiteral("udp"));
    }

    void readableValues()
    {
        const TcImportResult imported = TcImporter::import(QStringLiteral("tc qdisc add dev eth0 root netem delay 100ms 20ms loss 1%"));
        const QJsonObject json = TreeJson::toJson(imported.trees.first());
        const QJsonObject params = json[u"qdiscs"].toArray().first()[u"params"].toObject();
        QCOMPARE(params[u"delay"].toString(), QStringLiteral("100ms"));
        QCOMPARE(params[u"jitter"].toString(), QStringLiteral("20ms"));
        QCOMPARE(params[u"loss"][u"probability"].toString(), QStringLiteral("1%"));
        QCOMPARE(json[u"target"].toString(), QStringLiteral("eth0"));
    }

    void errorsNamePaths_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad time") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"delay":"10xs"}}]})")
                                  << QStringLiteral("qdiscs[0].params.delay: \"10xs\" is not valid");
        QTest::newRow("typo key") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"dealy":"10ms"}}]})")
                                  << QStringLiteral("qdiscs[0].params.dealy: unknown key");
        QTest::newRow("unknown kind") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"cbs"}]})")
                                      << QStringLiteral("qdiscs[0].kind: \"cbs\" is not a qdisc kind");
        QTest::newRow("cake mode") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"cake","params":{"diffserv":"diffserv5"}}]})")
                                   << QStringLiteral("qdiscs[0].params.diffserv: \"diffserv5\" is none of diffserv3, diffserv4");
        // Found by fuzz_profileloader: an empty kind loaded as a node of no kind, written back as another.
        QTest::newRow("empty kind") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"","params":{"delay":"100ms"}}]})")
                                    << QStringLiteral("qdiscs[0].kind: \"\" is not a qdisc kind");
        QTest::newRow("number for a time") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"delay":100}}]})")
                                           << QStringLiteral("qdiscs[0].params.delay: expected a string with a unit");
        QTest::newRow("bad handle") << QByteArray(R"({"qdiscs":[{"parent":"root","handle":"1:1","kind":"netem"}]})")
                                    << QStringLiteral("qdiscs[0].handle:");
        QTest::newRow("bad match") << QByteArray(R"({"qdiscs":[],"filters":[{"parent":"1:","matches":["ip dst 1.2.3.4.5/8"],"flowid":"1:1"}]})")
                                   << QStringLiteral("filters[0].matches[0]:");
        QTest::newRow("bad loss model") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"burst"}}}]})")
                                        << QStringLiteral("qdiscs[0].params.loss.model:");
        QTest::newRow("negative limit") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"limit":-1}}]})")
                                        << QStringLiteral("qdiscs[0].params.limit: expected a whole number");
        QTest::newRow("empty percent") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"duplicate":{"probability":"%"}}}]})")
                                       << QStringLiteral("qdiscs[0].params.duplicate.probability: \"%\" is not valid");
        QTest::newRow("slot forms mixed") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"slot":{"min":"1ms","distribution":"normal","delay":"1ms","jitter":"1ms"}}}]})")
                                          << QStringLiteral("qdiscs[0].params.slot.min:");
        QTest::newRow("flower port without ip_proto")
            << QByteArray(R"({"qdiscs":[],"filters":[{"parent":"ffff:","protocol":"ip","kind":"flower","dst_port":"80","flowid":"1:1"}]})")
            << QStringLiteral("filters[0].dst_port: dst_port needs ip_proto tcp, udp or sctp first");
        QTest::newRow("flower address of the other family")
            << QByteArray(R"({"qdiscs":[],"filters":[{"parent":"ffff:","protocol":"ip","kind":"flower","dst_ip":"2001:db8::1","flowid":"1:1"}]})")
            << QStringLiteral("filters[0].dst_ip: dst_ip is an IPv4 address");
        QTest::newRow("bad target") << QByteArray(R"({"target":"a/b/c","qdiscs":[]})") << QStringLiteral("target:");
        QTest::newRow("random loss without probability") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"random","correlation":"25%"}}}]})")
                                                          << QStringLiteral("qdiscs[0].params.loss.probability: is required");
        QTest::newRow("state loss without p13") << QByteArray(R"({"qdiscs":[{"parent":"root","kind":"netem","params":{"loss":{"model":"state","p31":"5%"}}}]})")
                                                << QStringLiteral("qdiscs[0].params.loss.p13: is required");
    }

    void errorsNamePaths()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QStringList errors;
        QVERIFY(!TreeJson::fromJson(QJsonDocument::fromJson(json).object(), QString(), &errors));
        QVERIFY2(!errors.isEmpty() && errors.first().startsWith(expected), qPrintable(errors.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TstTreeJson)
#include "tst_treejson.moc"
