// The link module (netlink/links.h) against the real kernel, with iproute2 as the oracle: veth
// pairs within a namespace, across two and between two others (the peer's ifindex and namespace
// id as `ip -d link` reports them), ifb devices, up, alias, gso_max_segs, addresses, counters,
// namespace ids, and the kernel's refusals. Root; touches only namespaces named after this
// process's pid.
#include "lab/labsockets.h"
#include "labnamespace.h"
#include "netlink/links.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

/** `ip -j -d link show` in @p ns: every link, by name. */
QHash<QString, QJsonObject> ipLinks(const LabNamespace &ns, const QStringList &extra = {})
{
    const CommandResult r = ns.ip(QStringList{QStringLiteral("-j"), QStringLiteral("-d")} + extra +
                                  QStringList{QStringLiteral("link"), QStringLiteral("show")});
    QHash<QString, QJsonObject> links;
    for (const QJsonValue &value : QJsonDocument::fromJson(r.out.toUtf8()).array())
        links.insert(value.toObject().value(QStringLiteral("ifname")).toString(), value.toObject());
    return links;
}

/** How iproute2 names a link's kind: its linkinfo kind, else its hardware type. */
QString ipKind(const QJsonObject &link)
{
    const QString kind = link.value(QStringLiteral("linkinfo")).toObject().value(QStringLiteral("info_kind")).toString();
    return kind.isEmpty() ? link.value(QStringLiteral("link_type")).toString() : kind;
}

bool ipUp(const QJsonObject &link)
{
    return link.value(QStringLiteral("flags")).toArray().contains(QStringLiteral("UP"));
}

/** `ip -j addr show dev DEVICE` in @p ns: "ADDRESS/PREFIX" of every address. */
QStringList ipAddresses(const LabNamespace &ns, const QString &device)
{
    const CommandResult r = ns.ip({QStringLiteral("-j"), QStringLiteral("addr"), QStringLiteral("show"), QStringLiteral("dev"), device});
    QStringList out;
    for (const QJsonValue &a : QJsonDocument::fromJson(r.out.toUtf8()).array().first().toObject().value(QStringLiteral("addr_info")).toArray())
        out.append(a.toObject().value(QStringLiteral("local")).toString() + u'/' +
                   QString::number(a.toObject().value(QStringLiteral("prefixlen")).toInt()));
    return out;
}

/** `ip netns list-id` in @p ns: namespace id → the name iproute2 knows it by. */
QHash<int, QString> ipNamespaceIds(const LabNamespace &ns)
{
    // "nsid 0 (iproute2 netns name: NAME)"
    QHash<int, QString> ids;
    for (const QString &line : ns.ip({QStringLiteral("netns"), QStringLiteral("list-id")}).out.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList words = line.simplified().split(u' ');
        if (words.size() >= 2 && words[0] == u"nsid")
            ids.insert(words[1].toInt(), words.size() >= 6 ? words[5].chopped(1) : QString());
    }
    return ids;
}

/** An open descriptor of namespace @p ns (what a container's pidfd would give). */
int namespaceFd(const LabNamespace &ns)
{
    return ::open(QFile::encodeName(QStringLiteral("/run/netns/") + ns.name()).constData(), O_RDONLY | O_CLOEXEC);
}

/** Namespaces a and b of a test, a netlink socket in each and a descriptor of b. */
struct TwoNamespaces
{
    explicit TwoNamespaces(const QString &prefix)
        : a(prefix + QStringLiteral("-a")), b(prefix + QStringLiteral("-b")), socketA(NetlinkSocket::open(a.name(), &error)),
          socketB(socketA ? NetlinkSocket::open(b.name(), &error) : nullptr), fdB(namespaceFd(b))
    {
    }
    ~TwoNamespaces()
    {
        if (fdB >= 0)
            ::close(fdB);
    }
    bool ok() const { return a.ok() && b.ok() && socketA && socketB && fdB >= 0; }

    QString error;
    LabNamespace a;
    LabNamespace b;
    std::unique_ptr<NetlinkSocket> socketA;
    std::unique_ptr<NetlinkSocket> socketB;
    int fdB;
};

/** QVERIFY2 reads its message even when the check passes. */
QString described(const std::optional<KernelError> &failure)
{
    return failure ? failure->toString() : QString();
}

const Link *byName(const QList<Link> &links, const QString &name)
{
    for (const Link &link : links) {
        if (link.name == name)
            return &link;
    }
    return nullptr;
}

} // namespace

class TstLinks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!isRoot())
            QFAIL("this test creates network namespaces and needs root; CI runs it as root");
    }

    void listMatchesIpLink()
    {
        LabNamespace ns(QStringLiteral("qs-links-list"));
        QVERIFY(ns.ok());
        QVERIFY(ns.addVethPair(QStringLiteral("v1"), QStringLiteral("v2")));
        QVERIFY(ns.addIfb(QStringLiteral("ifb3")));
        QVERIFY(ns.ip({QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("v2"), QStringLiteral("down")}).ok());
        QString error;
        const auto socket = NetlinkSocket::open(ns.name(), &error);
        QVERIFY2(socket, qPrintable(error));
        KernelError failure;
        const std::optional<QList<Link>> links = Links(*socket).list(&failure);
        QVERIFY2(links, qPrintable(failure.toString()));

        const QHash<QString, QJsonObject> ip = ipLinks(ns);
        QCOMPARE(links->size(), ip.size());
        QCOMPARE(links->size(), 4); // lo, v1, v2, ifb3
        for (const Link &link : *links) {
            QVERIFY2(ip.contains(link.name), qPrintable(link.name));
            const QJsonObject oracle = ip.value(link.name);
            QCOMPARE(link.ifindex, oracle.value(QStringLiteral("ifindex")).toInt());
            QCOMPARE(link.kind, ipKind(oracle));
            QCOMPARE(link.up, ipUp(oracle));
        }
        QCOMPARE(byName(*links, QStringLiteral("lo"))->kind, QStringLiteral("loopback"));
        QCOMPARE(byName(*links, QStringLiteral("ifb3"))->kind, QStringLiteral("ifb"));
        QVERIFY(byName(*links, QStringLiteral("v1"))->up);
        QVERIFY(!byName(*links, QStringLiteral("v2"))->up); // the check can tell up from down

        // A veth in one namespace: the peer by ifindex, no namespace id (ip names the peer itself).
        const Link *v1 = byName(*links, QStringLiteral("v1"));
        QCOMPARE(ip.value(QStringLiteral("v1")).value(QStringLiteral("link")).toString(), QStringLiteral("v2"));
        QCOMPARE(v1->peerIfindex, byName(*links, QStringLiteral("v2"))->ifindex);
        QVERIFY(!v1->peerNetnsId);
        QCOMPARE(byName(*links, QStringLiteral("v2"))->peerIfindex, v1->ifindex);
        QCOMPARE(byName(*links, QStringLiteral("ifb3"))->peerIfindex, 0);
    }

    void lookUpsByNameAndIndex()
    {
        LabNamespace ns(QStringLiteral("qs-links-find"));
        QVERIFY(ns.ok());
        QVERIFY(ns.addVethPair(QStringLiteral("v1"), QStringLiteral("v2")));
        QString error;
        const auto socket = NetlinkSocket::open(ns.name(), &error);
        QVERIFY2(socket, qPrintable(error));
        Links links(*socket);
        const int v2 = ipLinks(ns).value(QStringLiteral("v2")).value(QStringLiteral("ifindex")).toInt();
        QVERIFY(v2 > 1);
        QCOMPARE(links.ifindex(QStringLiteral("v2")), v2);
        QCOMPARE(links.name(v2), QStringLiteral("v2"));
        QCOMPARE(links.ifindex(QStringLiteral("lo")), 1);
        QCOMPARE(links.name(1), QStringLiteral("lo"));
        QCOMPARE(links.ifindex(QStringLiteral("nothere")), 0);
        QCOMPARE(links.name(9999), QString());
        KernelError failure;
        QVERIFY(!links.find(QStringLiteral("nothere"), &failure));
        QCOMPARE(failure.code, ENODEV);
        const std::optional<Link> found = links.find(v2);
        QVERIFY(found);
        QCOMPARE(found->name, QStringLiteral("v2"));
        QCOMPARE(found->kind, QStringLiteral("veth"));

        // What libnl would assert on (neither index nor name) or silently cut to 15 bytes.
        QCOMPARE(links.name(0), QString());
        QCOMPARE(links.ifindex(QString()), 0);
        QVERIFY(ns.ip({QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("fifteenbytesxx1"), QStringLiteral("type"), QStringLiteral("ifb")}).ok());
        const QString longer = QStringLiteral("fifteenbytesxx1andmore");
        QCOMPARE(links.ifindex(longer), 0);
        QVERIFY(!links.find(longer, &failure));
        QCOMPARE(failure.code, EINVAL);
        for (const auto &failed : {links.setUp(longer), links.remove(longer), links.addIfb(longer),
                                   links.addVethPair({longer}, {QStringLiteral("v9")})}) {
            QVERIFY(failed);
            QCOMPARE(failed->code, EINVAL);
        }
        QVERIFY(ipLinks(ns).contains(QStringLiteral("fifteenbytesxx1")));
        QVERIFY(!ipUp(ipLinks(ns).value(QStringLiteral("fifteenbytesxx1"))));
        QCOMPARE(ipLinks(ns).size(), 4); // lo, v1, v2 and the ifb: nothing made, nothing removed
    }

    void vethAcrossNamespacesNamesItsPeer()
    {
        TwoNamespaces two(QStringLiteral("qs-links"));
        QVERIFY2(two.ok(), qPrintable(two.error));
        const LabNamespace &a = two.a;
        const LabNamespace &b = two.b;
        const int fdB = two.fdB;
        Links linksA(*two.socketA);
        Links linksB(*two.socketB);
        QVERIFY(!linksA.namespaceId(fdB));
        // Numbers that cannot be mistaken for each other: b is 7 to a (a gets 0 from b when the
        // veth is made), and vb's ifindex is 4 where va's is 2.
        QVERIFY(a.ip({QStringLiteral("netns"), QStringLiteral("set"), b.name(), QStringLiteral("7")}).ok());
        QVERIFY(b.addIfb(QStringLiteral("pad0")) && b.addIfb(QStringLiteral("pad1")));

        const auto added = linksA.addVethPair({QStringLiteral("va")}, {QStringLiteral("vb"), fdB});
        QVERIFY2(!added, qPrintable(described(added)));
        const QJsonObject ipVa = ipLinks(a).value(QStringLiteral("va"));
        const QJsonObject ipVb = ipLinks(b).value(QStringLiteral("vb"));
        QVERIFY2(!ipVa.isEmpty() && !ipVb.isEmpty(), "ip does not list va in a and vb in b");
        QVERIFY(!ipLinks(a).contains(QStringLiteral("vb")));
        QCOMPARE(ipKind(ipVa), QStringLiteral("veth"));
        QVERIFY(!ipUp(ipVa) && !ipUp(ipVb));

        const std::optional<Link> va = linksA.find(QStringLiteral("va"));
        QVERIFY(va);
        qInfo("va: ifindex %d, peer ifindex %d, peer netnsid %d; ip: link_index %d, link_netnsid %d", va->ifindex,
              va->peerIfindex, va->peerNetnsId.value_or(-99), ipVa.value(QStringLiteral("link_index")).toInt(),
              ipVa.value(QStringLiteral("link_netnsid")).toInt());
        QCOMPARE(va->kind, QStringLiteral("veth"));
        QCOMPARE(va->ifindex, 2);
        QCOMPARE(va->peerIfindex, 4);
        QCOMPARE(va->peerNetnsId, 7);
        QCOMPARE(va->peerIfindex, ipVa.value(QStringLiteral("link_index")).toInt());
        QCOMPARE(va->peerIfindex, ipVb.value(QStringLiteral("ifindex")).toInt());
        QVERIFY(va->peerNetnsId);
        QCOMPARE(*va->peerNetnsId, ipVa.value(QStringLiteral("link_netnsid")).toInt(-1));
        // The id names b: the namespace descriptor gives the same number, and so does iproute2.
        QCOMPARE(linksA.namespaceId(fdB), va->peerNetnsId);
        QCOMPARE(ipNamespaceIds(a).value(*va->peerNetnsId), b.name());
        // The list says the same as the look-up.
        const std::optional<QList<Link>> listed = linksA.list();
        QVERIFY(listed && byName(*listed, QStringLiteral("va")));
        QCOMPARE(byName(*listed, QStringLiteral("va"))->peerIfindex, va->peerIfindex);
        QCOMPARE(byName(*listed, QStringLiteral("va"))->peerNetnsId, va->peerNetnsId);

        // And from b's side, back to a.
        const std::optional<Link> vb = linksB.find(QStringLiteral("vb"));
        QVERIFY(vb);
        QCOMPARE(vb->peerIfindex, va->ifindex);
        QVERIFY(vb->peerNetnsId);
        QCOMPARE(*vb->peerNetnsId, ipVb.value(QStringLiteral("link_netnsid")).toInt(-1));
        QCOMPARE(ipNamespaceIds(b).value(*vb->peerNetnsId), a.name());

        // Deleting one end deletes the pair.
        const auto removed = linksA.remove(QStringLiteral("va"));
        QVERIFY2(!removed, qPrintable(described(removed)));
        QVERIFY(!ipLinks(a).contains(QStringLiteral("va")));
        QVERIFY(!ipLinks(b).contains(QStringLiteral("vb")));
        KernelError failure;
        QVERIFY(!linksB.find(QStringLiteral("vb"), &failure));
        QCOMPARE(failure.code, ENODEV);
    }

    void vethBetweenTwoOtherNamespaces()
    {
        // How containerlab wires two nodes: made from a third namespace, nothing of it stays there.
        LabNamespace maker(QStringLiteral("qs-links-m"));
        LabNamespace one(QStringLiteral("qs-links-n1"));
        LabNamespace two(QStringLiteral("qs-links-n2"));
        QVERIFY(maker.ok() && one.ok() && two.ok());
        QVERIFY(two.addIfb(QStringLiteral("pad0"))); // eth2 is 3 where eth1 is 2
        QString error;
        const auto socket = NetlinkSocket::open(maker.name(), &error);
        QVERIFY2(socket, qPrintable(error));
        const int fdOne = namespaceFd(one);
        const int fdTwo = namespaceFd(two);
        const auto close = qScopeGuard([&] {
            ::close(fdOne);
            ::close(fdTwo);
        });
        const auto added = Links(*socket).addVethPair({QStringLiteral("eth1"), fdOne}, {QStringLiteral("eth2"), fdTwo});
        QVERIFY2(!added, qPrintable(described(added)));
        QCOMPARE(ipLinks(maker).size(), 1); // lo only
        const QJsonObject eth1 = ipLinks(one).value(QStringLiteral("eth1"));
        const QJsonObject eth2 = ipLinks(two).value(QStringLiteral("eth2"));
        QVERIFY(!eth1.isEmpty() && !eth2.isEmpty());
        const auto socketOne = NetlinkSocket::open(one.name(), &error);
        QVERIFY2(socketOne, qPrintable(error));
        const std::optional<Link> link = Links(*socketOne).find(QStringLiteral("eth1"));
        QVERIFY(link && link->peerNetnsId);
        QCOMPARE(link->peerIfindex, 3);
        QCOMPARE(link->peerIfindex, eth2.value(QStringLiteral("ifindex")).toInt());
        QCOMPARE(*link->peerNetnsId, eth1.value(QStringLiteral("link_netnsid")).toInt(-1));
        QCOMPARE(ipNamespaceIds(one).value(*link->peerNetnsId), two.name());
    }

    void ifbUpAliasGsoAndAddresses()
    {
        LabNamespace ns(QStringLiteral("qs-links-ifb"));
        QVERIFY(ns.ok());
        QString error;
        const auto socket = NetlinkSocket::open(ns.name(), &error);
        QVERIFY2(socket, qPrintable(error));
        Links links(*socket);

        auto failure = links.addIfb(QStringLiteral("ifb7"));
        QVERIFY2(!failure, qPrintable(described(failure)));
        QCOMPARE(ipKind(ipLinks(ns).value(QStringLiteral("ifb7"))), QStringLiteral("ifb"));
        QVERIFY(!ipUp(ipLinks(ns).value(QStringLiteral("ifb7"))));
        failure = links.addIfb(QStringLiteral("ifb7"));
        QVERIFY(failure);
        QCOMPARE(failure->code, EEXIST);
        qInfo("ifb7 again: %s", qPrintable(failure->toString()));

        failure = links.setUp(QStringLiteral("ifb7"));
        QVERIFY2(!failure, qPrintable(described(failure)));
        QVERIFY(ipUp(ipLinks(ns).value(QStringLiteral("ifb7"))));
        QVERIFY(links.find(QStringLiteral("ifb7"))->up);
        failure = links.setUp(QStringLiteral("nothere"));
        QVERIFY(failure);
        QCOMPARE(failure->code, ENODEV);

        const QString alias = QStringLiteral("the incoming side of qs-test");
        failure = links.setAlias(QStringLiteral("ifb7"), alias);
        QVERIFY2(!failure, qPrintable(described(failure)));
        QCOMPARE(ipLinks(ns).value(QStringLiteral("ifb7")).value(QStringLiteral("ifalias")).toString(), alias);
        QCOMPARE(links.find(QStringLiteral("ifb7"))->alias, alias);
        const QString longest(Links::maxAliasBytes, u'x');
        failure = links.setAlias(QStringLiteral("ifb7"), longest);
        QVERIFY2(!failure, qPrintable(described(failure)));
        QCOMPARE(links.find(QStringLiteral("ifb7"))->alias, longest);
        QVERIFY(links.setAlias(QStringLiteral("ifb7"), longest + u'x'));

        QVERIFY(ipLinks(ns).value(QStringLiteral("ifb7")).value(QStringLiteral("gso_max_segs")).toInt() > 1);
        failure = links.setGsoMaxSegments(QStringLiteral("ifb7"), 1);
        QVERIFY2(!failure, qPrintable(described(failure)));
        QCOMPARE(ipLinks(ns).value(QStringLiteral("ifb7")).value(QStringLiteral("gso_max_segs")).toInt(), 1);

        failure = links.addAddress(QStringLiteral("ifb7"), QStringLiteral("198.18.7.1"), 24);
        QVERIFY2(!failure, qPrintable(described(failure)));
        QCOMPARE(ipAddresses(ns, QStringLiteral("ifb7")), QStringList{QStringLiteral("198.18.7.1/24")});
        failure = links.addAddress(QStringLiteral("ifb7"), QStringLiteral("198.18.7.1"), 24);
        QVERIFY(failure);
        QCOMPARE(failure->code, EEXIST);
        // Where IPv6 is a module (Debian's user-mode Linux), an IPv6 socket loads it, as on a desktop.
        if (!QFile::exists(QStringLiteral("/proc/sys/net/ipv6"))) {
            const int loader = ::socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
            if (loader >= 0)
                ::close(loader);
        }
        QVERIFY2(QFile::exists(QStringLiteral("/proc/sys/net/ipv6")), "this kernel has no IPv6 (ipv6 module missing?)");
        ns.sysctl(QStringLiteral("net.ipv6.conf.ifb7.disable_ipv6"), QStringLiteral("0"));
        failure = links.addAddress(QStringLiteral("ifb7"), QStringLiteral("2001:db8::7"), 64);
        QVERIFY2(!failure, qPrintable(described(failure)));
        QVERIFY2(ipAddresses(ns, QStringLiteral("ifb7")).contains(QStringLiteral("2001:db8::7/64")),
                 qPrintable(ipAddresses(ns, QStringLiteral("ifb7")).join(u' ')));
        failure = links.addAddress(QStringLiteral("ifb7"), QStringLiteral("198.18.7.300"), 24);
        QVERIFY(failure);
        QCOMPARE(failure->code, EINVAL);
        failure = links.addAddress(QStringLiteral("nothere"), QStringLiteral("198.18.7.2"), 24);
        QVERIFY(failure);
        QCOMPARE(failure->code, ENODEV);

        failure = links.remove(QStringLiteral("ifb7"));
        QVERIFY2(!failure, qPrintable(described(failure)));
        QVERIFY(!ipLinks(ns).contains(QStringLiteral("ifb7")));
        failure = links.remove(QStringLiteral("ifb7"));
        QVERIFY(failure);
        QCOMPARE(failure->code, ENODEV);
    }

    void countersMatchIpLink()
    {
        LabNamespace ns(QStringLiteral("qs-links-stats"));
        QVERIFY(ns.ok());
        // 50 datagrams over lo, sent and received inside the namespace.
        QString error;
        const int receiver = openSocketIn(ns.name(), AF_INET, SOCK_DGRAM, &error);
        const int sender = openSocketIn(ns.name(), AF_INET, SOCK_DGRAM, &error);
        QVERIFY2(receiver >= 0 && sender >= 0, qPrintable(error));
        const auto close = qScopeGuard([&] {
            ::close(receiver);
            ::close(sender);
        });
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(receiver, reinterpret_cast<sockaddr *>(&address), sizeof(address)), 0);
        socklen_t length = sizeof(address);
        ::getsockname(receiver, reinterpret_cast<sockaddr *>(&address), &length);
        const QByteArray payload(1000, 'q');
        for (int i = 0; i < 50; ++i)
            QCOMPARE(::sendto(sender, payload.constData(), size_t(payload.size()), 0, reinterpret_cast<sockaddr *>(&address), sizeof(address)),
                     ssize_t(payload.size()));

        const auto socket = NetlinkSocket::open(ns.name(), &error);
        QVERIFY2(socket, qPrintable(error));
        const std::optional<Link> lo = Links(*socket).find(QStringLiteral("lo"));
        QVERIFY(lo);
        const QJsonObject stats = ipLinks(ns, {QStringLiteral("-s")}).value(QStringLiteral("lo")).value(QStringLiteral("stats64")).toObject();
        QVERIFY(lo->receivedBytes >= 50 * 1028); // payload and UDP header at least
        QCOMPARE(lo->receivedBytes, quint64(stats.value(QStringLiteral("rx")).toObject().value(QStringLiteral("bytes")).toDouble()));
        QCOMPARE(lo->sentBytes, quint64(stats.value(QStringLiteral("tx")).toObject().value(QStringLiteral("bytes")).toDouble()));
    }

    void namespaceIdsAndLinksOfAnotherNamespace()
    {
        TwoNamespaces two(QStringLiteral("qs-links-id"));
        QVERIFY2(two.ok(), qPrintable(two.error));
        const LabNamespace &a = two.a;
        const LabNamespace &b = two.b;
        const int fdB = two.fdB;
        const auto &socketA = two.socketA;
        const auto &socketB = two.socketB;
        Links linksA(*socketA);
        QVERIFY(!linksA.namespaceId(fdB));
        QVERIFY(ipNamespaceIds(a).isEmpty());
        const std::optional<int> id = linksA.assignNamespaceId(fdB);
        QVERIFY(id && *id >= 0);
        QCOMPARE(ipNamespaceIds(a).value(*id), b.name());
        QCOMPARE(linksA.namespaceId(fdB), id);
        QCOMPARE(linksA.assignNamespaceId(fdB), id); // one it has stays

        // b's loopback, asked for from a by the id a gives b.
        const auto marked = Links(*socketB).setAlias(QStringLiteral("lo"), QStringLiteral("b's loopback"));
        QVERIFY2(!marked, qPrintable(described(marked)));
        const std::optional<Link> lo = linksA.findInNamespace(*id, QStringLiteral("lo"));
        QVERIFY(lo);
        QCOMPARE(lo->alias, QStringLiteral("b's loopback"));
        QVERIFY(!Links(*socketA).find(QStringLiteral("lo"))->alias.contains(QStringLiteral("b's"))); // not a's own
        KernelError failure;
        QVERIFY(!linksA.findInNamespace(*id + 100, QStringLiteral("lo"), &failure));
        QVERIFY(failure.code != 0);
    }
};

QTEST_GUILESS_MAIN(TstLinks)
#include "tst_links.moc"
