// Remote targets' words (issue 20): how ssh://… targets are read, what ssh is given, and which
// sentence each way a host can fail gets. The whole road, over a real sshd, is tst_remote_ssh.

#include "helperbus.h"
#include "helperclient.h"
#include "hostclock.h"
#include "remote/sshtarget.h"
#include "remote/statswire.h"
#include "remotestatsreader.h"
#include "sshlink.h"
#include "stats/monotonicclock.h"

#include <QDBusConnection>
#include <QDBusServer>
#include <QThread>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace qs;
using namespace Qt::Literals::StringLiterals;

/**
 * A helper whose clock runs 1000 s ahead of this one (a host booted earlier): it answers
 * ReadStats, as the real one does, with its CLOCK_MONOTONIC and one class's counters.
 */
class AheadHelper : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.qdiscstudio.Helper1")
public:
    static constexpr qint64 AheadNs = 1000'000'000'000;

public Q_SLOTS:
    qlonglong ReadStats(const QString &target, QString &stats)
    {
        NodeStats node;
        node.isClass = true;
        node.id = TcHandle::make(1, 0x10);
        node.parent = TcHandle::make(1, 0);
        node.kind = target == u"veth0" ? u"htb"_s : u"?"_s;
        node.counters.bytes = 123456;
        node.counters.packets = 100;
        stats = StatsWire::encode({node});
        return monotonicNowNs() + AheadNs;
    }
    qlonglong GetClock() { return monotonicNowNs() + AheadNs; }
};

class TestSshLink : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void targetsAreRead_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("target");
        QTest::newRow("host and interface") << u"ssh://lab4/eth1"_s << u""_s << u"lab4"_s << 0 << u"eth1"_s;
        QTest::newRow("user, address, port") << u"ssh://qs@198.18.0.2:2222/veth0"_s << u"qs"_s << u"198.18.0.2"_s << 2222 << u"veth0"_s;
        QTest::newRow("namespace") << u"ssh://qs@lab4/lab/veth1"_s << u"qs"_s << u"lab4"_s << 0 << u"lab/veth1"_s;
        QTest::newRow("container") << u"ssh://r1.example.org/docker:clab-x-r1/eth1"_s << u""_s << u"r1.example.org"_s << 0 << u"docker:clab-x-r1/eth1"_s;
        QTest::newRow("IPv6") << u"ssh://qs@[fd00::2]:22/eth0"_s << u"qs"_s << u"fd00::2"_s << 22 << u"eth0"_s;
    }
    void targetsAreRead()
    {
        QFETCH(QString, text);
        QString error;
        const auto parsed = SshTarget::parse(text, &error);
        QVERIFY2(parsed, qPrintable(error));
        QTEST(parsed->host.user, "user");
        QTEST(parsed->host.host, "host");
        QTEST(parsed->host.port, "port");
        QTEST(parsed->target, "target");
        QCOMPARE(parsed->toString(), text);
    }

    void badTargetsSayWhy_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("no target") << u"ssh://lab4"_s << u"no TARGET follows the host"_s;
        QTest::newRow("empty target") << u"ssh://lab4/"_s << u"after the host comes a target"_s;
        // Nothing from a target may reach ssh as an option.
        QTest::newRow("host as an option") << u"ssh://-oProxyCommand=x/eth0"_s << u"the host is a name or an address"_s;
        QTest::newRow("user as an option") << u"ssh://-lroot@lab4/eth0"_s << u"the user name may hold"_s;
        QTest::newRow("shell in the host") << u"ssh://lab4;reboot/eth0"_s << u"the host is a name or an address"_s;
        QTest::newRow("space in the user") << u"ssh://a b@lab4/eth0"_s << u"the user name may hold"_s;
        QTest::newRow("port zero") << u"ssh://lab4:0/eth0"_s << u"the port is a number from 1 to 65535"_s;
        QTest::newRow("port too big") << u"ssh://lab4:65536/eth0"_s << u"the port is a number from 1 to 65535"_s;
        QTest::newRow("port with a sign") << u"ssh://lab4:+22/eth0"_s << u"the port is a number from 1 to 65535"_s;
        QTest::newRow("port missing") << u"ssh://lab4:/eth0"_s << u"the port after ':' is missing"_s;
        QTest::newRow("bad IPv6") << u"ssh://[fd00::zz]/eth0"_s << u"an IPv6 address goes in brackets"_s;
        QTest::newRow("nested") << u"ssh://lab4/ssh://lab5/eth0"_s << u"after the host comes a target"_s;
        QTest::newRow("bad device") << u"ssh://lab4/a/b/c"_s << u"after the host comes a target"_s;
        QTest::newRow("huge host") << u"ssh://"_s + QString(300, u'a') + u"/eth0"_s << u"the host is a name or an address"_s;
    }
    void badTargetsSayWhy()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        QString error;
        QVERIFY(!SshTarget::parse(text, &error));
        QVERIFY2(error.contains(why) && error.contains(u"ssh://[USER@]HOST[:PORT]/TARGET"), qPrintable(error));
    }

    void sshIsGivenTheHostAfterItsOptions()
    {
        QString error;
        const auto parsed = SshTarget::parse(u"ssh://qs@lab4:2222/eth0", &error);
        QVERIFY(parsed);
        QCOMPARE(parsed->host.sshArguments(), (QStringList{u"-l"_s, u"qs"_s, u"-p"_s, u"2222"_s, u"--"_s, u"lab4"_s}));
        QCOMPARE(parsed->host.loginCommand(), u"ssh -p 2222 qs@lab4"_s);
    }

    void busAddressRunsTheBridge()
    {
        SshHost host{u"qs"_s, u"lab4"_s, 0};
        const QString address = SshLink::busAddress(u"/usr/bin/ssh"_s, host);
        QVERIFY2(address.startsWith(u"unixexec:path=/usr/bin/ssh,argv0=ssh,argv1=-o,argv2=ControlMaster%3dauto,argv3=-o,argv4=ControlPath%3d"_s),
                 qPrintable(address));
        // '=' and '%' are escaped, as the D-Bus address syntax wants; ssh's own %C reaches it whole.
        QVERIFY2(address.contains(u"/%25C,argv5=-o,argv6=ControlPersist%3d5,argv7=-T,"_s), qPrintable(address));
        QVERIFY2(address.contains(u",argv11=BatchMode%3dyes,"_s), qPrintable(address));
        QVERIFY2(address.endsWith(u",argv20=--,argv21=lab4,argv22=qdisc-studio,argv23=bridge"_s), qPrintable(address));
    }

    void checkAnswersAreNamed_data()
    {
        QTest::addColumn<QJsonObject>("check");
        QTest::addColumn<QString>("why");
        const QJsonObject good{{u"version"_s, QStringLiteral(QS_VERSION)}, {u"contract"_s, HelperClient::contract()}, {u"bus"_s, u"unix:path=/x"_s}, {u"helper"_s, u"running"_s}};
        QTest::newRow("usable") << good << u""_s;
        QJsonObject activatable = good;
        activatable.insert(u"helper"_s, u"activatable"_s);
        QTest::newRow("activatable") << activatable << u""_s;
        QJsonObject skew = good;
        skew.insert(u"version"_s, u"0.0.9"_s);
        skew.insert(u"contract"_s, u"0123456789abcdef"_s);
        QTest::newRow("another interface") << skew << QString(u"lab4 runs Qdisc Studio 0.0.9 and this is " QS_VERSION u": their helper interfaces differ"_s);
        QJsonObject noBus = good;
        noBus.remove(u"helper"_s);
        noBus.insert(u"busError"_s, u"Failed to connect to socket /x: No such file or directory"_s);
        QTest::newRow("no bus") << noBus << u"its system bus cannot be reached: Failed to connect"_s;
        QJsonObject noHelper = good;
        noHelper.insert(u"helper"_s, u"absent"_s);
        QTest::newRow("no helper") << noHelper << u"but no helper on its system bus (org.qdiscstudio.Helper1"_s;
        QTest::newRow("not ours") << QJsonObject{{u"hello"_s, u"world"_s}} << u"did not answer as Qdisc Studio does"_s;
    }
    void checkAnswersAreNamed()
    {
        QFETCH(QJsonObject, check);
        QFETCH(QString, why);
        QString version;
        const QString error = SshLink::describeCheck(SshHost{{}, QStringLiteral("lab4"), 0},
                                                     QByteArray("Could not chdir to home directory\n") + QJsonDocument(check).toJson(QJsonDocument::Compact), &version);
        QVERIFY2(why.isEmpty() ? error.isEmpty() : error.contains(why), qPrintable(error));
    }

    void sshFailuresAreNamed_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("standardError");
        QTest::addColumn<QString>("why");
        QTest::newRow("unknown host key") << 255 << u"No ED25519 host key is known for lab4 and you have requested strict checking.\r\nHost key verification failed.\r\n"_s
                                          << u"ssh does not know this host's key"_s;
        QTest::newRow("changed host key") << 255 << u"@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @\nHost key verification failed.\n"_s
                                          << u"its host key is not the one ssh knows"_s;
        QTest::newRow("login refused") << 255 << u"qs@lab4: Permission denied (publickey).\n"_s << u"the host refused the login (qs@lab4: Permission denied (publickey).)"_s;
        QTest::newRow("no qdisc-studio") << 127 << u"sh: 1: qdisc-studio: not found\n"_s << u"there is no qdisc-studio on the login's PATH"_s;
        QTest::newRow("too old") << 64 << u"qdisc-studio: unknown subcommand \"bridge\"\n"_s << u"its Qdisc Studio is older than this one"_s;
        QTest::newRow("unreachable") << 255 << u"ssh: connect to host lab4 port 22: Connection refused\n"_s
                                     << u"ssh could not log in: ssh: connect to host lab4 port 22: Connection refused"_s;
    }
    void sshFailuresAreNamed()
    {
        QFETCH(int, exitCode);
        QFETCH(QString, standardError);
        QFETCH(QString, why);
        const QString error = SshLink::describeSshFailure(SshHost{QStringLiteral("qs"), QStringLiteral("lab4"), 0}, exitCode, standardError);
        QVERIFY2(error.startsWith(u"qs@lab4") && error.contains(why), qPrintable(error));
    }

    void countersTravelAsLines()
    {
        NodeStats qdisc;
        qdisc.id = TcHandle::make(1, 0);
        qdisc.parent = TcHandle::root();
        qdisc.kind = u"htb"_s;
        qdisc.counters = CounterSample{0, 18'446'744'073'709'551'615ull, 5'000'000'000ull, 4'294'967'295u, 7, 8, 9, 10};
        NodeStats oddKind = qdisc;
        oddKind.isClass = true;
        oddKind.id = TcHandle::make(1, 0xffff);
        oddKind.kind = u"two words\n"_s; // whatever a kernel says, a line stays a line
        QString error;
        const auto back = StatsWire::decode(StatsWire::encode({qdisc, oddKind}), 42, &error);
        QVERIFY2(back && back->size() == 2, qPrintable(error));
        QCOMPARE(back->at(0).id, qdisc.id);
        QCOMPARE(back->at(0).parent, TcHandle::root());
        QCOMPARE(back->at(0).counters.bytes, qdisc.counters.bytes);
        QCOMPARE(back->at(0).counters.packets, qdisc.counters.packets);
        QCOMPARE(back->at(0).counters.drops, qdisc.counters.drops);
        QCOMPARE(back->at(0).counters.backlogPackets, 10u);
        QCOMPARE(back->at(0).counters.timeNs, 42);
        QVERIFY(back->at(1).isClass && back->at(1).kind == u"two?words?"_s);
        for (const QString &bad : {u"q 1 2 htb 1 2 3"_s, u"x 10000 ffffffff htb 1 2 3 4 5 6 7"_s, u"q 10000 ffffffff htb 1 2 3 4 5 6 -7"_s,
                                   u"q zz ffffffff htb 1 2 3 4 5 6 7"_s})
            QVERIFY2(!StatsWire::decode(bad, 0, &error) && error.startsWith(u"line 1 of the counters"_s), qPrintable(bad));
    }

    void remoteClockOffsetIsTakenOut()
    {
        // The helper's side on a thread of its own: the reader's call blocks this one.
        QThread serverThread;
        serverThread.start();
        auto *server = new QDBusServer(u"unix:tmpdir=/tmp"_s);
        auto *helper = new AheadHelper;
        QVERIFY2(server->isConnected(), qPrintable(server->lastError().message()));
        server->setAnonymousAuthenticationAllowed(true);
        connect(server, &QDBusServer::newConnection, helper, [helper](const QDBusConnection &peer) {
            QDBusConnection(peer).registerObject(HelperBus::Path, helper, QDBusConnection::ExportAllSlots);
        });
        server->moveToThread(&serverThread);
        helper->moveToThread(&serverThread);
        const QString address = server->address();
        {
            QDBusConnection peer = QDBusConnection::connectToPeer(address, u"ahead"_s);
            QVERIFY2(peer.isConnected(), qPrintable(peer.lastError().message()));
            RemoteStatsReader reader(peer, u"veth0"_s);
            for (int i = 0; i < 5; ++i) {
                QString error;
                const qint64 before = monotonicNowNs();
                const auto nodes = reader.readStats(&error);
                const qint64 after = monotonicNowNs();
                QVERIFY2(nodes && nodes->size() == 1, qPrintable(error));
                QCOMPARE(nodes->first().kind, u"htb"_s);
                QCOMPARE(nodes->first().counters.bytes, 123456u);
                // On this host's clock, within the call, though the helper's clock is 1000 s ahead.
                const qint64 time = nodes->first().counters.timeNs;
                QVERIFY2(time >= before - reader.offsetRoundTripNs() && time <= after + reader.offsetRoundTripNs(),
                         qPrintable(u"%1 ns after the call began, the call took %2 ns"_s.arg(time - before).arg(after - before)));
                QVERIFY(std::abs(reader.clockOffsetNs() - AheadHelper::AheadNs) <= reader.offsetRoundTripNs());
            }
            // What a scenario for several hosts measures before it picks their shared start:
            // a time of this host's is that host's time 1000 s later, and back.
            QString error;
            const std::optional<HostClock> clock = HostClock::measure(peer, 8, &error);
            QVERIFY2(clock, qPrintable(error));
            QVERIFY(clock->roundTripNs > 0 && clock->uncertaintyNs() == clock->roundTripNs / 2);
            QVERIFY2(std::abs(clock->offsetNs - AheadHelper::AheadNs) <= clock->uncertaintyNs(),
                     qPrintable(u"offset %1 ns, round trip %2 ns"_s.arg(clock->offsetNs).arg(clock->roundTripNs)));
            const qint64 now = monotonicNowNs();
            QVERIFY(std::abs(clock->toRemote(now) - (now + AheadHelper::AheadNs)) <= clock->uncertaintyNs());
            QCOMPARE(clock->toLocal(clock->toRemote(now)), now);
        }
        QDBusConnection::disconnectFromPeer(u"ahead"_s);
        QMetaObject::invokeMethod(server, [server, helper] { delete server; delete helper; }, Qt::BlockingQueuedConnection);
        serverThread.quit();
        serverThread.wait();
    }
};

QTEST_GUILESS_MAIN(TestSshLink)
#include "tst_sshlink.moc"
