// Shaping fidelity on this machine's kernel: trees applied by our engine shape real traffic at the
// configured rate. Two namespaces joined by a veth, iperf3 (Debian's) from A to B:
//   UDP through tbf 10mbit and through an htb class at 10mbit, payloads of 64, 512 and 1400
//   bytes: the received rate on the wire is within ±5 % of the configured rate at every size;
//   TCP through tbf 50mbit: the received goodput reaches ≥ 90 % of the configured rate.
//
// tbf and htb count whole frames as the qdisc sees them on the veth (skb->len: Ethernet header
// included, no FCS or preamble), iperf3 counts UDP payload. So iperf3's received payload rate is
// turned into a wire rate by adding 42 bytes per datagram (8 UDP + 20 IP + 14 Ethernet):
// wire = payload rate × (L + 42) / L. That receiver-side figure is what the test asserts on — it
// is the acceptance criterion itself, end to end. The shaping node's own byte counter (read with
// TcEngine::readStats over a window inside iperf3's measured interval) is printed beside it and
// checked too: it is the shaper's view, independent of the receiver.
//
// The UDP sender offers unlimited load (-b 0) through socket buffers of 1 MiB (-w, see udpWindow()):
// the shaper's queue stays full through a busy machine's scheduling gaps, so what is measured is
// the shaper, not whether iperf3 got a CPU in time.
//
// Every row prints its figures (QINFO lines) so they can be quoted.
#include "labnamespace.h"
#include "netlink/tcengine.h"
#include "tc/tcimporter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <cmath>

using namespace qs;
using namespace qs::test;

namespace {

constexpr int kPort = 5201;                // inside namespace B only
constexpr int kSeconds = 6;                // iperf3 -t: the measured interval
constexpr int kOmitSeconds = 1;            // iperf3 -O: the bucket's initial burst is left out
constexpr int kWindowStartMs = 1600;       // qdisc counter window, from the client's start …
constexpr int kWindowEndMs = 6400;         // … both ends well inside iperf3's measured interval
constexpr int kUdpHeaderBytes = 8 + 20 + 14; // UDP + IPv4 + Ethernet: what the qdisc counts on top of the payload
constexpr double kUdpTolerance = 0.05;
constexpr qint64 kUdpSocketBuffer = 1 << 20; // iperf3 -w for UDP, at most (see udpWindow())
constexpr double kTcpMinimumShare = 0.90;

const QString kServerAddress = QStringLiteral("198.18.0.2");

/** Udp: counters of a namespace (/proc/net/snmp as seen inside it), by name. */
QHash<QString, qint64> udpCounters(const LabNamespace &ns)
{
    const CommandResult r = ns.exec({QStringLiteral("cat"), QStringLiteral("/proc/net/snmp")});
    QStringList names;
    QHash<QString, qint64> counters;
    const QStringList lines = r.out.split(u'\n');
    for (const QString &line : lines) {
        if (!line.startsWith(QStringLiteral("Udp: ")))
            continue;
        const QStringList fields = line.mid(5).split(u' ', Qt::SkipEmptyParts);
        if (names.isEmpty()) {
            names = fields;
            continue;
        }
        for (qsizetype i = 0; i < fields.size() && i < names.size(); ++i)
            counters.insert(names.at(i), fields.at(i).toLongLong());
        break;
    }
    return counters;
}

/** A global net.core limit (read-only inside a namespace); 0 when unreadable. */
qint64 coreSysctl(const QString &name)
{
    QFile file(QStringLiteral("/proc/sys/net/core/") + name);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).trimmed().toLongLong() : 0;
}

/**
 * The UDP socket buffers (iperf3 -w, both ends): deep enough that the traffic generator keeps the
 * shaper's queue full through the scheduling gaps of a busy machine, and that the receiver
 * absorbs its own. The default 208 KiB holds about 128 datagrams of 64 bytes (truesize ~1.6 KiB
 * each): 11 ms at the shaped rate. Measured here with five compilers on the two CPUs, paced
 * (-b 40M) with default buffers, htb/64 gave 7.6-9.9 Mbit/s — the class's queue was found empty
 * while iperf3 spent 55-75 % of the time waiting for a CPU (schedstat); nice -10 and pinning
 * (-A) did not help. Unlimited (-b 0) with 1 MiB (the kernel doubles it: ~1260 datagrams, ~110 ms)
 * gave 9.66-10.01 Mbit/s in every run. iperf3 refuses a size the kernel caps
 * (net.core.wmem_max/rmem_max, global and read-only in a namespace), so no more is asked for.
 */
qint64 udpWindow()
{
    qint64 window = kUdpSocketBuffer;
    for (const QString &limit : {QStringLiteral("wmem_max"), QStringLiteral("rmem_max")}) {
        const qint64 max = coreSysctl(limit);
        if (max > 0)
            window = std::min(window, max);
    }
    return window;
}

QString mbit(double bitsPerSecond)
{
    return QString::number(bitsPerSecond / 1e6, 'f', 3) + QStringLiteral(" Mbit/s");
}

QString percentOff(double measured, double expected)
{
    return QString::asprintf("%+.2f %%", (measured - expected) / expected * 100.0);
}

} // namespace

class TstShapingFidelity : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<LabNamespace> m_a; ///< sender: va 198.18.0.1/24, the shaped egress
    std::unique_ptr<LabNamespace> m_b; ///< receiver: vb 198.18.0.2/24, the iperf3 server

    /** Waits until B's iperf3 server listens on its control port. */
private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test shapes traffic between network namespaces of its own and needs root (CI runs as root)");
        if (QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty())
            QFAIL("iperf3 is missing: install the Debian package iperf3 (scripts/install-deps.sh does)");
        if (QStandardPaths::findExecutable(QStringLiteral("ethtool")).isEmpty())
            QFAIL("ethtool is missing: install the Debian package ethtool (scripts/install-deps.sh does)");

        m_a = std::make_unique<LabNamespace>(QStringLiteral("qs-shape-a"));
        m_b = std::make_unique<LabNamespace>(QStringLiteral("qs-shape-b"));
        QVERIFY(m_a->ok() && m_b->ok());
        QVERIFY(linkByVeth(*m_a, QStringLiteral("va"), QStringLiteral("198.18.0.1/24"), *m_b, QStringLiteral("vb"),
                           QStringLiteral("198.18.0.2/24")));
        // No segmentation or receive offloads: every skb the qdisc sees is one frame on the wire.
        // (Measured here they make no difference to the rates: TCP through tbf 50mbit gave 47.7
        // Mbit/s goodput either way; the UDP datagrams are below the MTU and never aggregated.)
        for (const auto &[ns, device] : {std::pair{m_a.get(), QStringLiteral("va")}, std::pair{m_b.get(), QStringLiteral("vb")}}) {
            const CommandResult r = ns->exec({QStringLiteral("ethtool"), QStringLiteral("-K"), device, QStringLiteral("tso"), QStringLiteral("off"),
                                              QStringLiteral("gso"), QStringLiteral("off"), QStringLiteral("gro"), QStringLiteral("off")});
            QVERIFY2(r.ok(), qPrintable(r.err));
        }
        QVERIFY(m_a->up(QStringLiteral("va")) && m_b->up(QStringLiteral("vb")));
        qInfo().noquote() << QStringLiteral("UDP socket buffers (iperf3 -w): %1 bytes (net.core.wmem_max %2, rmem_max %3)")
                                 .arg(udpWindow())
                                 .arg(coreSysctl(QStringLiteral("wmem_max")))
                                 .arg(coreSysctl(QStringLiteral("rmem_max")));
        // Neighbour resolution now, not inside a measurement.
        QVERIFY(m_a->exec({QStringLiteral("ping"), QStringLiteral("-c"), QStringLiteral("1"), QStringLiteral("-W"), QStringLiteral("2"), kServerAddress}).ok());
    }

    void cleanupTestCase()
    {
        m_a.reset();
        m_b.reset();
    }

    void rateOnTheWire_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<bool>("udp");
        QTest::addColumn<int>("payload");  // UDP datagram payload; 0 for TCP
        QTest::addColumn<double>("rate");  // configured, bit/s
        QTest::addColumn<quint32>("node"); // the node whose byte counter carries the traffic
        QTest::addColumn<bool>("isClass");

        // tbf: a burst of 32 KiB (≫ one MTU frame), 100 ms of queue: the bucket, not the queue
        // limit, sets the rate.
        const QString tbf10 = QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 10mbit burst 32kb latency 100ms");
        // htb: everything unclassified goes to the default class 1:10, capped at 10mbit. cburst is
        // tc's default (rate/HZ + MTU = 1600 bytes): a dequeue timer that fires late loses its
        // time for good, so under CPU load htb reads 0.1-2 % low where tbf (32 KiB bucket) is
        // exact; with cburst 15k the same class gave 9.96-10.00 Mbit/s. The common tree is tested.
        const QString htb10 = QStringLiteral("tc qdisc add dev va root handle 1: htb default 10\n"
                                             "tc class add dev va parent 1: classid 1:10 htb rate 10mbit ceil 10mbit burst 15k\n");
        const quint32 root = TcHandle::make(1, 0).raw();
        const quint32 leaf = TcHandle::make(1, 0x10).raw();
        for (int payload : {64, 512, 1400})
            QTest::addRow("tbf/%d", payload) << tbf10 << true << payload << 10e6 << root << false;
        for (int payload : {64, 512, 1400})
            QTest::addRow("htb/%d", payload) << htb10 << true << payload << 10e6 << leaf << true;
        // TCP: a 64 KiB burst and 50 ms of queue give TCP room to keep the bucket busy.
        QTest::newRow("tcp-tbf-50mbit") << QStringLiteral("tc qdisc add dev va root handle 1: tbf rate 50mbit burst 64kb latency 50ms")
                                        << false << 0 << 50e6 << root << false;
    }

    void rateOnTheWire()
    {
        QFETCH(QString, script);
        QFETCH(bool, udp);
        QFETCH(int, payload);
        QFETCH(double, rate);
        QFETCH(quint32, node);
        QFETCH(bool, isClass);

        // The tree, fresh for every row, through our engine.
        QString error;
        auto engine = TcEngine::open(m_a->target(QStringLiteral("va")), &error);
        QVERIFY2(engine, qPrintable(error));
        QVERIFY(engine->clear().ok);
        const ApplyResult applied = engine->apply(treeOf(script));
        QVERIFY2(applied.ok, qPrintable(applied.error));

        // One-off server in B; the client in A offers far more than the shaped rate.
        QProcess server;
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_b->name(), QStringLiteral("iperf3"), QStringLiteral("-s"),
                                            QStringLiteral("-1"), QStringLiteral("-B"), kServerAddress, QStringLiteral("-p"), QString::number(kPort),
                                            QStringLiteral("--rcv-timeout"), QStringLiteral("10000")});
        QVERIFY(server.waitForStarted());
        QProcess client;
        const auto stopProcesses = qScopeGuard([&] {
            for (QProcess *p : {&client, &server}) {
                if (p->state() != QProcess::NotRunning) {
                    p->kill();
                    p->waitForFinished(5000);
                }
            }
        });
        QVERIFY2(m_b->waitForListener(kPort, 5000), "the iperf3 server in namespace B did not start listening");

        QStringList arguments{QStringLiteral("netns"), QStringLiteral("exec"), m_a->name(), QStringLiteral("iperf3"), QStringLiteral("-c"), kServerAddress,
                              QStringLiteral("-p"), QString::number(kPort), QStringLiteral("-t"), QString::number(kSeconds), QStringLiteral("-O"),
                              QString::number(kOmitSeconds), QStringLiteral("--connect-timeout"), QStringLiteral("3000"), QStringLiteral("-J")};
        // UDP: unlimited offered load (-b 0). Where the shaper's queue holds more than the socket
        // buffer (tbf/64, htb/512, htb/1400) the sender sleeps on the full buffer and the queue
        // stays as deep as the buffer; elsewhere the shaper drops the excess ("qdisc drops") and
        // the sender keeps a CPU busy for the row. (Paced, -b 40M, with default buffers, the
        // 64-byte rows starved under load: see udpWindow().)
        if (udp)
            arguments += {QStringLiteral("-u"), QStringLiteral("-b"), QStringLiteral("0"), QStringLiteral("-w"), QString::number(udpWindow()),
                          QStringLiteral("-l"), QString::number(payload)};
        const QHash<QString, qint64> udpBefore = udpCounters(*m_b);

        QElapsedTimer clock;
        client.start(QStringLiteral("ip"), arguments);
        QVERIFY(client.waitForStarted());
        clock.start();

        // The shaper's own view: its byte counter over a window inside the measured interval.
        const auto statsAt = [&](qint64 ms) -> std::optional<CounterSample> {
            const qint64 wait = ms - clock.elapsed();
            if (wait > 0)
                QThread::msleep(ulong(wait));
            QString e;
            const auto nodes = engine->readStats(&e);
            if (!nodes)
                return std::nullopt;
            const NodeStats *n = findNode(*nodes, TcHandle(node), isClass);
            return n ? std::optional(n->counters) : std::nullopt;
        };
        const std::optional<CounterSample> first = statsAt(kWindowStartMs);
        const std::optional<CounterSample> last = statsAt(kWindowEndMs);
        QVERIFY2(first && last, "the shaping node's counters could not be read");

        const int limitMs = (kOmitSeconds + kSeconds + 15) * 1000;
        QVERIFY2(client.waitForFinished(int(std::max<qint64>(1000, limitMs - clock.elapsed()))), "iperf3 client did not finish in time");
        QVERIFY2(server.waitForFinished(5000), "iperf3 server did not exit after its one test");
        const QHash<QString, qint64> udpAfter = udpCounters(*m_b);

        const QByteArray output = client.readAllStandardOutput();
        const QJsonObject report = QJsonDocument::fromJson(output).object();
        QVERIFY2(!report.isEmpty(), qPrintable(QStringLiteral("no JSON from iperf3: %1 %2").arg(QString::fromUtf8(output),
                                                                                                 QString::fromUtf8(client.readAllStandardError()))));
        QVERIFY2(!report.contains(u"error"), qPrintable(report.value(u"error").toString()));
        QCOMPARE(client.exitCode(), 0);
        const QJsonObject end = report.value(u"end").toObject();
        const QJsonObject received = end.value(u"sum_received").toObject();
        const QJsonObject sent = end.value(u"sum_sent").toObject();
        QVERIFY2(received.contains(u"bits_per_second") && received.value(u"seconds").toDouble() > kSeconds - 0.5,
                 "iperf3 reported no receiver figures");

        const double receivedPayload = received.value(u"bits_per_second").toDouble();
        const double qdiscWire = double(last->bytes - first->bytes) * 8.0 / (double(last->timeNs - first->timeNs) / 1e9);
        const QJsonObject cpu = end.value(u"cpu_utilization_percent").toObject();
        const QString cpuText = QStringLiteral("cpu sender %1 %, receiver %2 %")
                                    .arg(cpu.value(u"host_total").toDouble(), 0, 'f', 0)
                                    .arg(cpu.value(u"remote_total").toDouble(), 0, 'f', 0);

        if (udp) {
            const double wire = receivedPayload * double(payload + kUdpHeaderBytes) / double(payload);
            const qint64 rcvbufErrors = udpAfter.value(QStringLiteral("RcvbufErrors")) - udpBefore.value(QStringLiteral("RcvbufErrors"));
            qInfo().noquote() << QStringLiteral("configured %1 | iperf3 received payload %2 -> wire %3 (%4) | qdisc counter %5 (%6) | "
                                                "offered payload %7, qdisc drops %8, receiver socket drops %9 | %10")
                                     .arg(mbit(rate), mbit(receivedPayload), mbit(wire),
                                          percentOff(wire, rate), mbit(qdiscWire), percentOff(qdiscWire, rate),
                                          mbit(sent.value(u"bits_per_second").toDouble()))
                                     .arg(last->drops - first->drops)
                                     .arg(rcvbufErrors)
                                     .arg(cpuText);
            QVERIFY2(std::abs(wire - rate) <= kUdpTolerance * rate,
                     qPrintable(QStringLiteral("received wire rate %1 is not within ±5 % of %2 (%3)").arg(mbit(wire), mbit(rate), percentOff(wire, rate))));
            QVERIFY2(std::abs(qdiscWire - rate) <= kUdpTolerance * rate,
                     qPrintable(QStringLiteral("the qdisc's byte counter gives %1, not within ±5 % of %2").arg(mbit(qdiscWire), mbit(rate))));
        } else {
            qInfo().noquote() << QStringLiteral("configured %1 | iperf3 received goodput %2 (%3 of the rate) | qdisc counter %4 (%5) | "
                                                "sent %6, retransmits %7, qdisc drops %8 | %9")
                                     .arg(mbit(rate), mbit(receivedPayload),
                                          QString::number(receivedPayload / rate * 100.0, 'f', 1) + u'%', mbit(qdiscWire), percentOff(qdiscWire, rate),
                                          mbit(sent.value(u"bits_per_second").toDouble()))
                                     .arg(sent.value(u"retransmits").toInteger())
                                     .arg(last->drops - first->drops)
                                     .arg(cpuText);
            // Goodput (payload only) is asserted: stricter than the wire rate, whose ceiling it is
            // (1448 of every 1514 bytes, 95.6 %).
            QVERIFY2(receivedPayload >= kTcpMinimumShare * rate,
                     qPrintable(QStringLiteral("TCP goodput %1 is below 90 % of %2").arg(mbit(receivedPayload), mbit(rate))));
        }
        QVERIFY(engine->clear().ok);
    }
};

QTEST_GUILESS_MAIN(TstShapingFidelity)
#include "tst_shaping_fidelity.moc"
