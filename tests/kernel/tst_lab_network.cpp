// The demo lab's network, built natively by LabNetwork, checked with iproute2 as the oracle:
// two named namespaces, a veth pair between them with the lab's addresses, all up, a real UDP
// exchange across it; removal leaves nothing behind. Root, real kernel; touches only namespaces
// named after this process's pid.
#include "lab/labnetwork.h"
#include "lab/labsockets.h"
#include "labnamespace.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

QStringList netnsList()
{
    // `ip netns list` prints "NAME" or "NAME (id: N)".
    QStringList names;
    const CommandResult r =
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")});
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts))
        names.append(line.section(u' ', 0, 0));
    return names;
}

bool runNetnsEntryExists(const QString &name)
{
    struct stat info
    {
    };
    return ::stat(QFile::encodeName(QStringLiteral("/run/netns/") + name).constData(), &info) == 0;
}

/** `ip -j addr show dev DEVICE` in @p netns: the one interface object, or empty. */
QJsonObject addrJson(const QString &netns, const QString &device)
{
    const CommandResult r =
        runCommand(QStringLiteral("ip"),
                   {QStringLiteral("-n"), netns, QStringLiteral("-j"), QStringLiteral("-d"),
                    QStringLiteral("addr"), QStringLiteral("show"), QStringLiteral("dev"), device});
    return QJsonDocument::fromJson(r.out.toUtf8()).array().first().toObject();
}

QStringList ipv4Addresses(const QJsonObject &link)
{
    QStringList out;
    for (const QJsonValue &a : link.value(QStringLiteral("addr_info")).toArray()) {
        const QJsonObject o = a.toObject();
        if (o.value(QStringLiteral("family")).toString() == u"inet")
            out.append(o.value(QStringLiteral("local")).toString() + u'/' +
                       QString::number(o.value(QStringLiteral("prefixlen")).toInt()));
    }
    return out;
}

bool isUp(const QJsonObject &link)
{
    return link.value(QStringLiteral("flags")).toArray().contains(QStringLiteral("UP"));
}

quint64 inodeOf(const QString &path)
{
    struct stat info
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? quint64(info.st_ino) : 0;
}

quint64 socketNamespaceCookie(int fd)
{
    quint64 cookie = 0;
    socklen_t length = sizeof(cookie);
    return ::getsockopt(fd, SOL_SOCKET, SO_NETNS_COOKIE, &cookie, &length) == 0 ? cookie : 0;
}

/**
 * What of this process keeps network namespace @p netns alive: descriptors of the namespace
 * itself, sockets created in it, and threads inside it. Must be 0 after the lab is removed.
 */
int pinsOf(const QString &netns)
{
    const QByteArray wanted =
        "net:[" + QByteArray::number(inodeOf(QStringLiteral("/run/netns/") + netns)) + ']';
    QString error;
    const int probe = openSocketIn(netns, AF_INET, SOCK_DGRAM, &error);
    const quint64 cookie = socketNamespaceCookie(probe);
    ::close(probe);
    int count = 0;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &fd :
         fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        const QByteArray target = QFile::symLinkTarget(fds.filePath(fd)).toUtf8();
        if (target.endsWith(wanted) || (target.contains("socket:[") && cookie != 0 &&
                                        socketNamespaceCookie(fd.toInt()) == cookie))
            ++count;
    }
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (QFile::symLinkTarget(tasks.filePath(task + QStringLiteral("/ns/net")))
                .toUtf8()
                .endsWith(wanted))
            ++count;
    }
    return count;
}

quint64 ownNetnsInode()
{
    struct stat info
    {
    };
    ::stat("/proc/thread-self/ns/net", &info);
    return quint64(info.st_ino);
}

/**
 * A datagram from a (198.18.0.1) to b's 198.18.0.2 and the answer back, over sockets created in
 * the namespaces by openSocketIn(): proof of the addresses, the routes, the veth and its ends'
 * namespaces, without ping. Returns an empty string or what went wrong.
 */
QString udpExchange(const LabNetwork &lab)
{
    QString error;
    const int server = openSocketIn(lab.namespaceB(), AF_INET, SOCK_DGRAM, &error);
    if (server < 0)
        return error;
    const auto closeServer = qScopeGuard([&] { ::close(server); });
    const int client = openSocketIn(lab.namespaceA(), AF_INET, SOCK_DGRAM, &error);
    if (client < 0)
        return error;
    const auto closeClient = qScopeGuard([&] { ::close(client); });

    sockaddr_in address{};
    address.sin_family = AF_INET;
    ::inet_pton(AF_INET, "198.18.0.2", &address.sin_addr);
    if (::bind(server, reinterpret_cast<sockaddr *>(&address), sizeof(address)) != 0)
        return QStringLiteral("bind 198.18.0.2 in b: %1")
            .arg(QString::fromLocal8Bit(strerror(errno)));
    socklen_t length = sizeof(address);
    ::getsockname(server, reinterpret_cast<sockaddr *>(&address), &length);
    if (::sendto(client, "ping", 4, 0, reinterpret_cast<sockaddr *>(&address), sizeof(address)) !=
        4)
        return QStringLiteral("sendto from a: %1").arg(QString::fromLocal8Bit(strerror(errno)));

    const auto receive = [](int fd, sockaddr_in *from) -> QByteArray {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 3000) != 1)
            return {};
        char buffer[64];
        socklen_t fromLength = sizeof(*from);
        const ssize_t got = ::recvfrom(fd, buffer, sizeof(buffer), 0,
                                       reinterpret_cast<sockaddr *>(from), &fromLength);
        return got > 0 ? QByteArray(buffer, got) : QByteArray();
    };
    sockaddr_in from{};
    if (receive(server, &from) != "ping")
        return QStringLiteral("nothing arrived in b within 3 s");
    char text[INET_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET, &from.sin_addr, text, sizeof(text));
    if (QLatin1String(text) != u"198.18.0.1")
        return QStringLiteral("the datagram came from %1, not 198.18.0.1").arg(QLatin1String(text));
    if (::sendto(server, "pong", 4, 0, reinterpret_cast<sockaddr *>(&from), sizeof(from)) != 4)
        return QStringLiteral("sendto from b: %1").arg(QString::fromLocal8Bit(strerror(errno)));
    if (receive(client, &from) != "pong")
        return QStringLiteral("no answer came back to a within 3 s");
    return {};
}

} // namespace

class TstLabNetwork : public QObject
{
    Q_OBJECT

private:
    QStringList
        m_ids; ///< every lab id this run may have created: removed at the end whatever happens

    QString newId(const char *tag)
    {
        const QString id = QLatin1String(tag) + QString::number(getpid());
        m_ids.append(id);
        return id;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test creates network namespaces and needs root; CI runs it as root");
    }

    void cleanupTestCase()
    {
        QStringList names;
        for (const QString &id : std::as_const(m_ids))
            names << LabNetwork::namespacePrefix() + id + QStringLiteral("-a")
                  << LabNetwork::namespacePrefix() + id + QStringLiteral("-b");
        QString error;
        if (!LabNetwork::removeNamespaces(names, &error))
            qWarning("cleanup: %s", qPrintable(error));
    }

    void createBuildsTheSpecifiedLab()
    {
        const QString id = newId("n");
        const quint64 ownNamespace = ownNetnsInode();
        QElapsedTimer timer;
        timer.start();
        QString error;
        std::optional<LabNetwork> lab = LabNetwork::create(id, &error);
        QVERIFY2(lab, qPrintable(error));
        const auto guard = qScopeGuard([&] { lab->remove(&error); });
        qInfo("LabNetwork::create took %lld ms", qlonglong(timer.elapsed()));
        QCOMPARE(ownNetnsInode(), ownNamespace); // the calling thread never left its namespace

        QCOMPARE(lab->namespaceA(), QStringLiteral("qs-lab-%1-a").arg(id));
        QCOMPARE(lab->namespaceB(), QStringLiteral("qs-lab-%1-b").arg(id));
        QCOMPARE(lab->target(), QStringLiteral("qs-lab-%1-a/lab0").arg(id));
        const QStringList listed = netnsList();
        QVERIFY2(listed.contains(lab->namespaceA()) && listed.contains(lab->namespaceB()),
                 qPrintable(listed.join(u' ')));

        const QJsonObject lab0 = addrJson(lab->namespaceA(), QStringLiteral("lab0"));
        const QJsonObject lab1 = addrJson(lab->namespaceB(), QStringLiteral("lab1"));
        QCOMPARE(ipv4Addresses(lab0), QStringList{QStringLiteral("198.18.0.1/24")});
        QCOMPARE(ipv4Addresses(lab1), QStringList{QStringLiteral("198.18.0.2/24")});
        QVERIFY(isUp(lab0) && isUp(lab1));
        QCOMPARE(lab0.value(QStringLiteral("linkinfo"))
                     .toObject()
                     .value(QStringLiteral("info_kind"))
                     .toString(),
                 QStringLiteral("veth"));
        QCOMPARE(lab1.value(QStringLiteral("linkinfo"))
                     .toObject()
                     .value(QStringLiteral("info_kind"))
                     .toString(),
                 QStringLiteral("veth"));
        // Real frames on the lab link, never GSO super-packets (see configure() in labnetwork.cpp).
        QCOMPARE(lab0.value(QStringLiteral("gso_max_segs")).toInt(), 1);
        QCOMPARE(lab1.value(QStringLiteral("gso_max_segs")).toInt(), 1);
        for (const QString &ns : {lab->namespaceA(), lab->namespaceB()}) {
            const QJsonObject lo = addrJson(ns, QStringLiteral("lo"));
            QVERIFY2(isUp(lo), qPrintable(ns));
            // Exactly two interfaces per host: lo and its end of the veth.
            const CommandResult links =
                runCommand(QStringLiteral("ip"), {QStringLiteral("-n"), ns, QStringLiteral("-j"),
                                                  QStringLiteral("link")});
            QCOMPARE(QJsonDocument::fromJson(links.out.toUtf8()).array().size(), 2);
        }
        const QString exchange = udpExchange(*lab);
        QVERIFY2(exchange.isEmpty(), qPrintable(exchange));
        QCOMPARE(ownNetnsInode(), ownNamespace);

        // Nothing of ours pins the namespaces once they are removed: no socket, no thread left in
        // them.
        QCOMPARE(pinsOf(lab->namespaceA()), 0);
        QCOMPARE(pinsOf(lab->namespaceB()), 0);
        {
            // The check itself works: a socket made in a pins a.
            const int held = openSocketIn(lab->namespaceA(), AF_INET, SOCK_DGRAM, &error);
            QCOMPARE(pinsOf(lab->namespaceA()), 1);
            QCOMPARE(pinsOf(lab->namespaceB()), 0);
            ::close(held);
        }

        QVERIFY2(lab->remove(&error), qPrintable(error));
        const QStringList after = netnsList();
        QVERIFY2(!after.contains(lab->namespaceA()) && !after.contains(lab->namespaceB()),
                 qPrintable(after.join(u' ')));
        QVERIFY(!runNetnsEntryExists(lab->namespaceA()));
        QVERIFY(!runNetnsEntryExists(lab->namespaceB()));
        QVERIFY(!LabNetwork::leftovers().contains(lab->namespaceA()));
        QVERIFY2(lab->remove(&error), qPrintable(error)); // removing twice is harmless
        // /run/netns stays the shared mount point iproute2 makes it.
        QFile mountInfo(QStringLiteral("/proc/self/mountinfo"));
        QVERIFY(mountInfo.open(QIODevice::ReadOnly));
        bool shared = false;
        for (const QByteArray &line : mountInfo.readAll().split('\n')) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() > 6 && fields[4] == "/run/netns")
                shared = shared || line.contains(" shared:");
        }
        QVERIFY(shared);
    }

    void leftoversFindsALabNotRemoved()
    {
        const QString id = newId("l");
        QString error;
        std::optional<LabNetwork> lab = LabNetwork::create(id, &error);
        QVERIFY2(lab, qPrintable(error));
        const QStringList ours{lab->namespaceA(), lab->namespaceB()};
        const auto guard = qScopeGuard([&] { LabNetwork::removeNamespaces(ours, &error); });
        lab.reset(); // forgotten, like after a crash
        const QStringList found = LabNetwork::leftovers();
        QVERIFY2(found.contains(ours[0]) && found.contains(ours[1]), qPrintable(found.join(u' ')));
        for (const QString &name : found)
            QVERIFY(name.startsWith(QStringLiteral("qs-lab-")));
        QVERIFY2(LabNetwork::removeNamespaces(ours, &error), qPrintable(error));
        const QStringList after = LabNetwork::leftovers();
        QVERIFY(!after.contains(ours[0]) && !after.contains(ours[1]));
        QVERIFY(!netnsList().contains(ours[0]));
    }

    void badIdsAreRefused_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("empty") << QString();
        QTest::newRow("upper case") << QStringLiteral("Lab");
        QTest::newRow("dash") << QStringLiteral("a-b");
        QTest::newRow("slash") << QStringLiteral("../x");
        QTest::newRow("space") << QStringLiteral("a b");
        QTest::newRow("13 characters") << QStringLiteral("abcdefghijklm");
        QTest::newRow("non-ASCII") << QStringLiteral("caf\u00e9");
    }

    void badIdsAreRefused()
    {
        QFETCH(QString, id);
        const QStringList before = LabNetwork::leftovers();
        QString error;
        QVERIFY(!LabNetwork::create(id, &error));
        QVERIFY2(error.contains(QStringLiteral("not a valid lab id")), qPrintable(error));
        QCOMPARE(LabNetwork::leftovers(), before);
        QVERIFY(LabNetwork::isValidId(QStringLiteral("abcdefghijk9")));
    }

    void sameIdTwiceFailsCleanly()
    {
        const QString id = newId("d");
        QString error;
        std::optional<LabNetwork> lab = LabNetwork::create(id, &error);
        QVERIFY2(lab, qPrintable(error));
        const auto guard = qScopeGuard([&] { lab->remove(&error); });
        QString second;
        QVERIFY(!LabNetwork::create(id, &second));
        qInfo("second create: %s", qPrintable(second));
        QVERIFY2(second.contains(QStringLiteral("already exists")), qPrintable(second));
        // The first lab is untouched by the failed attempt.
        const QStringList listed = netnsList();
        QVERIFY(listed.contains(lab->namespaceA()) && listed.contains(lab->namespaceB()));
        const QString exchange = udpExchange(*lab);
        QVERIFY2(exchange.isEmpty(), qPrintable(exchange));
    }

    void halfBuiltLabIsRemoved()
    {
        // Namespace b exists already (made by iproute2): creating the lab fails at b, and the a
        // it had made must go again, while the b that was there before stays.
        const QString id = newId("h");
        const QString nsA = QStringLiteral("qs-lab-%1-a").arg(id);
        const QString nsB = QStringLiteral("qs-lab-%1-b").arg(id);
        QVERIFY(
            runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("add"), nsB})
                .ok());
        QString error;
        QVERIFY(!LabNetwork::create(id, &error));
        qInfo("create over an existing namespace: %s", qPrintable(error));
        QVERIFY2(error.contains(nsB), qPrintable(error));
        QVERIFY(!runNetnsEntryExists(nsA));
        QVERIFY(netnsList().contains(nsB));
    }

    void foreignNamespacesAreNeverRemoved()
    {
        QString error;
        const QString foreign = QStringLiteral("qs-test-foreign-%1").arg(getpid());
        QVERIFY(!LabNetwork::removeNamespaces({foreign}, &error));
        QVERIFY2(error.contains(foreign) && error.contains(QStringLiteral("not a demo lab")),
                 qPrintable(error));
        QVERIFY(!LabNetwork::removeNamespaces({QStringLiteral("qs-lab-/../x")}, &error));
    }

    void openSocketInNamesAMissingNamespace()
    {
        QString error;
        QCOMPARE(openSocketIn(QStringLiteral("qs-lab-missing%1-a").arg(getpid()), AF_INET,
                              SOCK_DGRAM, &error),
                 -1);
        QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
        QCOMPARE(openSocketIn(QStringLiteral("../etc"), AF_INET, SOCK_DGRAM, &error), -1);
        QVERIFY2(error.contains(QStringLiteral("not a network namespace name")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TstLabNetwork)
#include "tst_lab_network.moc"
