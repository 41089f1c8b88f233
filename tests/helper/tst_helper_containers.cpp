// Containers as targets through qdisc-studio-helper (issue 18): a private system bus with the real
// polkitd, the helper on it with DOCKER_HOST and CONTAINER_HOST pointing at runtimes the test
// started (ContainerFixture), and the CLI run as the test users, as a desktop user runs it:
//   - a user granted org.qdiscstudio.apply applies an htb tree to docker:NODE/eth1 (read back with
//     tc inside the container), reads it back through the helper's socket, and restores it; the
//     audit line names the runtime, the container and the interface;
//   - a user without the grant is refused and nothing changes;
//   - ListTargets gives a reader the containers with their peers, and a user without the read
//     grant none of them (as for named namespaces).
#include "../kernel/containerfixture.h"
#include "systembusfixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace qs;
using namespace qs::test;

namespace {

const QString Node1 = QStringLiteral("qs-hc-node1");
const QString Node2 = QStringLiteral("qs-hc-node2");
const QString Target1 = QStringLiteral("docker:qs-hc-node1/eth1");

} // namespace

class TstHelperContainers : public QObject
{
    Q_OBJECT

    ContainerFixture m_runtimes{QStringLiteral("qs-hc-%1").arg(getpid())};
    SystemBusFixture m_bus;
    QTemporaryDir m_files;
    QTemporaryDir m_state;
    qint64 m_pid1 = 0;

    QString htbFile()
    {
        const QString path = m_files.filePath(QStringLiteral("htb.tc"));
        QFile f(path);
        if (!f.exists() && f.open(QIODevice::WriteOnly))
            f.write("tc qdisc add dev eth1 root handle 1: htb default 10\n"
                    "tc class add dev eth1 parent 1: classid 1:10 htb rate 10mbit\n");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(geteuid() == 0, "needs root: a private system bus, polkitd, dockerd and podman");
        QString error;
        QVERIFY2(m_runtimes.start(&error), qPrintable(error));
        for (const QString &node : {Node1, Node2})
            QVERIFY2(m_runtimes.run(QStringLiteral("docker"), node, {QStringLiteral("containerlab=qs-hc"), QStringLiteral("clab-node-name=") + node}, &error),
                     qPrintable(error));
        m_pid1 = m_runtimes.pid(QStringLiteral("docker"), Node1);
        QVERIFY2(m_runtimes.link(m_pid1, QStringLiteral("eth1"), QStringLiteral("198.18.61.1/24"), m_runtimes.pid(QStringLiteral("docker"), Node2),
                                 QStringLiteral("eth1"), QStringLiteral("198.18.61.2/24"), &error),
                 qPrintable(error));
        QVERIFY2(m_bus.start(&error), qPrintable(error));
        QVERIFY(m_files.isValid() && m_state.isValid());
        ::chmod(QFile::encodeName(m_files.path()).constData(), 0755); // the test users read the tree file
        // The helper's environment is the test's: DOCKER_HOST and CONTAINER_HOST name the test's runtimes.
        QVERIFY2(m_bus.startHelper(QStringLiteral(QS_HELPER_PATH), {QStringLiteral("--idle-timeout"), QStringLiteral("0"), QStringLiteral("--state-dir"),
                                                                    m_state.path(), QStringLiteral("--log"), QStringLiteral("stderr")},
                                   &error),
                 qPrintable(error));
    }

    void cleanupTestCase()
    {
        m_bus.stop();
        m_runtimes.stop();
    }

    void grantedUserChangesAContainerThroughTheHelper()
    {
        const QString app = QStringLiteral(QS_APP_PATH);
        const CommandResult applied = m_bus.runAs(TestUser::Granted, app, {QStringLiteral("apply"), QStringLiteral("--dev"), Target1, htbFile()});
        QVERIFY2(applied.ok(), qPrintable(applied.err + applied.out + m_bus.helperOutput().right(2000)));
        QCOMPARE(ContainerFixture::rootKind(m_pid1, QStringLiteral("eth1")), QStringLiteral("htb"));
        QVERIFY2(m_bus.helperOutput().contains(QStringLiteral("target=\"%1\"").arg(Target1)), qPrintable(m_bus.helperOutput().right(2000)));

        // Read back by the user through the socket the helper opens in the container.
        const CommandResult shown = m_bus.runAs(TestUser::Granted, app, {QStringLiteral("show"), Target1});
        QVERIFY2(shown.ok() && shown.out.contains(QStringLiteral("class 1:10")), qPrintable(shown.err + shown.out));

        const CommandResult restored = m_bus.runAs(TestUser::Granted, app, {QStringLiteral("restore"), QStringLiteral("--dev"), Target1});
        QVERIFY2(restored.ok(), qPrintable(restored.err + restored.out));
        QCOMPARE(ContainerFixture::rootKind(m_pid1, QStringLiteral("eth1")), QStringLiteral("noqueue"));
    }

    void userWithoutTheGrantIsRefused()
    {
        const CommandResult applied = m_bus.runAs(TestUser::Denied, QStringLiteral(QS_APP_PATH),
                                                  {QStringLiteral("apply"), QStringLiteral("--dev"), Target1, htbFile()});
        QVERIFY(!applied.ok());
        QVERIFY2(applied.err.contains(QStringLiteral("Not authorized")), qPrintable(applied.err));
        QCOMPARE(ContainerFixture::rootKind(m_pid1, QStringLiteral("eth1")), QStringLiteral("noqueue"));
    }

    void readersListContainersOthersDoNot()
    {
        const auto listed = [this](TestUser user) {
            QHash<QString, QJsonObject> byTarget;
            const CommandResult r = m_bus.runAs(user, QStringLiteral(QS_HELPERCALL_PATH), {QStringLiteral("ListTargets")});
            const QString json = r.out.section(u' ', 1); // "ok <json>"
            for (const QJsonValue &value : QJsonDocument::fromJson(json.trimmed().toUtf8()).array())
                byTarget.insert(value.toObject().value(u"target").toString(), value.toObject());
            return byTarget;
        };
        const QHash<QString, QJsonObject> reader = listed(TestUser::Granted);
        QVERIFY2(reader.contains(Target1), qPrintable(QStringList(reader.keys()).join(u' ')));
        QCOMPARE(reader.value(Target1).value(u"peer").toString(), QStringLiteral("docker:qs-hc-node2/eth1"));
        QCOMPARE(reader.value(Target1).value(u"container").toObject().value(u"lab").toString(), QStringLiteral("qs-hc"));
        const QHash<QString, QJsonObject> other = listed(TestUser::Denied);
        QVERIFY(!other.isEmpty()); // the root namespace's interfaces
        for (auto it = other.cbegin(); it != other.cend(); ++it)
            QVERIFY2(!it.key().startsWith(u"docker:") && !it.key().startsWith(u"podman:"), qPrintable(it.key()));
    }
};

QTEST_GUILESS_MAIN(TstHelperContainers)
#include "tst_helper_containers.moc"
