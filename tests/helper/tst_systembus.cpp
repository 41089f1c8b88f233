#include "systembusfixture.h"

#include <QCoreApplication>
#include <QDBusConnectionInterface>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <cstdio>

using namespace qs::test;

namespace {

const QString kHelperService = QStringLiteral("org.qdiscstudio.Helper1");
const QString kApply = QStringLiteral("org.qdiscstudio.apply");
const QString kRead = QStringLiteral("org.qdiscstudio.read");
const QString kLab = QStringLiteral("org.qdiscstudio.lab");
const QString kInstalledPolicy =
    QStringLiteral("/usr/share/polkit-1/actions/org.qdiscstudio.policy");
const QString kRuleFile = QStringLiteral("/etc/polkit-1/rules.d/49-qdisc-studio-test.rules");
const char kFakeHelperArgument[] = "--fake-helper";

/** The installed policy file: whether it exists, and its bytes. */
struct PolicyFileState
{
    bool exists = false;
    QByteArray content;
    bool operator==(const PolicyFileState &) const = default;
};

PolicyFileState policyFileState()
{
    QFile file(kInstalledPolicy);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return {true, file.readAll()};
}

/**
 * pkcheck for the process itself: `sh -c 'exec pkcheck … --process $$'` hands pkcheck the pid
 * it will have. polkit lets a caller check only its own processes (unless root).
 */
int pkcheckExitCode(const SystemBusFixture &fixture, TestUser user, const QString &action,
                    QString *output)
{
    const CommandResult result = fixture.runAs(
        user, QStringLiteral("sh"),
        {QStringLiteral("-c"), QStringLiteral("exec pkcheck --action-id \"$1\" --process $$"),
         QStringLiteral("sh"), action});
    *output = QString(result.out + result.err).trimmed();
    return result.exitCode;
}

/**
 * This executable with --fake-helper: a stand-in for qdisc-studio-helper that owns its name on
 * the bus DBUS_SYSTEM_BUS_ADDRESS names, so the fixture's helper control is tested without it.
 */
int runFakeHelper(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QDBusConnection bus = QDBusConnection::systemBus();
    if (!bus.isConnected()) {
        std::fprintf(stderr, "fake helper: no system bus: %s\n",
                     qPrintable(bus.lastError().message()));
        return 2;
    }
    const QDBusReply<QDBusConnectionInterface::RegisterServiceReply> reply =
        bus.interface()->registerService(kHelperService);
    if (!reply.isValid() || reply.value() != QDBusConnectionInterface::ServiceRegistered) {
        std::fprintf(stderr, "fake helper: cannot own %s: %s\n", qPrintable(kHelperService),
                     qPrintable(reply.error().name()));
        return 3;
    }
    std::printf("fake helper: owns %s as %s\n", qPrintable(kHelperService),
                qPrintable(bus.baseService()));
    std::fflush(stdout);
    return app.exec();
}

} // namespace

/** The private system bus and the real polkitd the helper tests run against. */
class TstSystemBus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void busIsPrivate();
    void testUsers();
    void rootAuthorizedOverDBus_data();
    void rootAuthorizedOverDBus();
    void pkcheckPerUser_data();
    void pkcheckPerUser();
    void helperOwnsItsName();
    void deniedUserCannotOwnHelperName();
    void restartsAfterStop();
    void cleanupTestCase();

private:
    void verifyMachineRestored();

    SystemBusFixture m_fixture;
    PolicyFileState m_policyBefore;
    QString m_busAddressBefore;
};

void TstSystemBus::initTestCase()
{
    QString error;
    // What a crashed earlier run may have left is undone first, so "before" is the machine's own
    // state.
    QVERIFY2(SystemBusFixture::recoverLeftovers(&error), qPrintable(error));
    m_policyBefore = policyFileState();
    m_busAddressBefore = qEnvironmentVariable("DBUS_SYSTEM_BUS_ADDRESS");
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
}

void TstSystemBus::busIsPrivate()
{
    QVERIFY(m_fixture.isRunning());
    QVERIFY2(m_fixture.address().startsWith(QStringLiteral("unix:path=/tmp/qs-systembus-")),
             qPrintable(m_fixture.address()));
    QCOMPARE(m_fixture.environment().value(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS")),
             m_fixture.address());
    QCOMPARE(qEnvironmentVariable("DBUS_SYSTEM_BUS_ADDRESS"), m_fixture.address());

    QDBusConnection bus = m_fixture.connection(QStringLiteral("private"));
    QVERIFY2(bus.isConnected(), qPrintable(bus.lastError().message()));
    QVERIFY(bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.PolicyKit1")));
    // The bus knows who its clients are: polkitd asks it exactly this about a subject.
    QCOMPARE(bus.interface()->serviceUid(bus.baseService()).value(), 0u);
    // No activation: an unowned name is an error at once, not a service started elsewhere.
    const QDBusMessage reply = bus.call(QDBusMessage::createMethodCall(
        kHelperService, QStringLiteral("/"), QStringLiteral("org.freedesktop.DBus.Peer"),
        QStringLiteral("Ping")));
    QCOMPARE(reply.errorName(), QStringLiteral("org.freedesktop.DBus.Error.ServiceUnknown"));
}

void TstSystemBus::testUsers()
{
    QCOMPARE(m_fixture.uid(TestUser::Root), uid_t(0));
    QVERIFY(m_fixture.uid(TestUser::Granted) != uid_t(-1) && m_fixture.uid(TestUser::Granted) != 0);
    QVERIFY(m_fixture.uid(TestUser::Denied) != uid_t(-1) && m_fixture.uid(TestUser::Denied) != 0);
    QVERIFY(m_fixture.uid(TestUser::Granted) != m_fixture.uid(TestUser::Denied));
    QVERIFY(m_fixture.uid(TestUser::LabOnly) != uid_t(-1) && m_fixture.uid(TestUser::LabOnly) != 0);

    const CommandResult granted = m_fixture.runAs(TestUser::Granted, QStringLiteral("id"), {});
    QVERIFY2(granted.ok(), qPrintable(granted.err));
    QVERIFY2(granted.out.contains(QStringLiteral("(qs-test-granted)")) &&
                 granted.out.contains(QStringLiteral("(qs-test-admins)")),
             qPrintable(granted.out));
    const CommandResult denied = m_fixture.runAs(TestUser::Denied, QStringLiteral("id"), {});
    QVERIFY2(denied.ok(), qPrintable(denied.err));
    QVERIFY2(denied.out.contains(QStringLiteral("(qs-test-denied)")) &&
                 !denied.out.contains(QStringLiteral("qs-test-admins")) &&
                 !denied.out.contains(QStringLiteral("qs-test-labusers")),
             qPrintable(denied.out));
    const CommandResult labOnly = m_fixture.runAs(TestUser::LabOnly, QStringLiteral("id"), {});
    QVERIFY2(labOnly.ok(), qPrintable(labOnly.err));
    QVERIFY2(labOnly.out.contains(QStringLiteral("(qs-test-labonly)")) &&
                 labOnly.out.contains(QStringLiteral("(qs-test-labusers)")) &&
                 !labOnly.out.contains(QStringLiteral("qs-test-admins")),
             qPrintable(labOnly.out));
}

void TstSystemBus::rootAuthorizedOverDBus_data()
{
    QTest::addColumn<QString>("action");
    QTest::newRow("apply") << kApply;
    QTest::newRow("read") << kRead;
    QTest::newRow("lab") << kLab;
}

void TstSystemBus::rootAuthorizedOverDBus()
{
    QFETCH(QString, action);
    QDBusConnection bus = m_fixture.connection(QStringLiteral("root-client"));
    const AuthorizationResult result = checkAuthorization(bus, bus.baseService(), action);
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error + u'\n' + m_fixture.serviceLogs()));
    QVERIFY(result.authorized);
    QVERIFY(!result.challenge);
}

void TstSystemBus::pkcheckPerUser_data()
{
    QTest::addColumn<TestUser>("user");
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("exitCode");
    // pkcheck(1): 0 authorized, 1 not authorized, 2 authentication required, 127 error (e.g. an
    // unknown action). Denied users have no session, so polkit applies allow_any=no: 1, never 2.
    QTest::newRow("root apply") << TestUser::Root << kApply << 0;
    QTest::newRow("root read") << TestUser::Root << kRead << 0;
    QTest::newRow("granted apply") << TestUser::Granted << kApply << 0;
    QTest::newRow("granted read") << TestUser::Granted << kRead << 0;
    QTest::newRow("denied apply") << TestUser::Denied << kApply << 1;
    QTest::newRow("denied read") << TestUser::Denied << kRead << 1;
    // The demo lab: allow_active yes, allow_any no; the rule grants it to both test groups.
    QTest::newRow("root lab") << TestUser::Root << kLab << 0;
    QTest::newRow("granted lab") << TestUser::Granted << kLab << 0;
    QTest::newRow("denied lab") << TestUser::Denied << kLab << 1;
    QTest::newRow("lab-only lab") << TestUser::LabOnly << kLab << 0;
    QTest::newRow("lab-only apply") << TestUser::LabOnly << kApply << 1;
    QTest::newRow("lab-only read") << TestUser::LabOnly << kRead << 1;
}

void TstSystemBus::pkcheckPerUser()
{
    QFETCH(TestUser, user);
    QFETCH(QString, action);
    QFETCH(int, exitCode);
    QString output;
    const int actual = pkcheckExitCode(m_fixture, user, action, &output);
    QVERIFY2(actual == exitCode,
             qPrintable(QStringLiteral("pkcheck as %1 exited %2, expected %3: %4\n%5")
                            .arg(m_fixture.userName(user))
                            .arg(actual)
                            .arg(exitCode)
                            .arg(output, m_fixture.serviceLogs())));
}

void TstSystemBus::helperOwnsItsName()
{
    QString error;
    QVERIFY2(m_fixture.startHelper(QCoreApplication::applicationFilePath(),
                                   {QString::fromLatin1(kFakeHelperArgument)}, &error),
             qPrintable(error));
    QVERIFY(m_fixture.helperRunning());
    QVERIFY(m_fixture.helperPid() > 0);
    QDBusConnection bus = m_fixture.connection(QStringLiteral("helper-client"));
    QCOMPARE(qint64(bus.interface()->servicePid(kHelperService).value()), m_fixture.helperPid());
    QTRY_VERIFY2(m_fixture.helperOutput().contains(QStringLiteral("owns org.qdiscstudio.Helper1")),
                 qPrintable(m_fixture.helperOutput()));

    // resources/dbus lets anyone call the helper: an unprivileged user reaches it.
    const CommandResult ping =
        m_fixture.runAs(TestUser::Denied, QStringLiteral("dbus-send"),
                        {QStringLiteral("--system"), QStringLiteral("--print-reply"),
                         QStringLiteral("--dest=") + kHelperService, QStringLiteral("/"),
                         QStringLiteral("org.freedesktop.DBus.Peer.Ping")});
    QVERIFY2(ping.ok(), qPrintable(ping.err));

    // A second start replaces the first helper.
    const qint64 firstPid = m_fixture.helperPid();
    QVERIFY2(m_fixture.startHelper(QCoreApplication::applicationFilePath(),
                                   {QString::fromLatin1(kFakeHelperArgument)}, &error),
             qPrintable(error));
    QVERIFY(m_fixture.helperPid() != firstPid);

    m_fixture.stopHelper();
    QVERIFY(!m_fixture.helperRunning());
    QCOMPARE(m_fixture.helperPid(), qint64(0));
    QTRY_VERIFY(!bus.interface()->isServiceRegistered(kHelperService).value());
}

void TstSystemBus::deniedUserCannotOwnHelperName()
{
    // The bus policy keeps the name for root: a user's process is refused, not merely late.
    const CommandResult result =
        m_fixture.runAs(TestUser::Denied, QCoreApplication::applicationFilePath(),
                        {QString::fromLatin1(kFakeHelperArgument)});
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.err.contains(QStringLiteral("org.freedesktop.DBus.Error.AccessDenied")),
             qPrintable(result.err));
}

void TstSystemBus::restartsAfterStop()
{
    const QString oldAddress = m_fixture.address();
    m_fixture.stop();
    m_fixture.stop(); // idempotent
    QVERIFY(!m_fixture.isRunning());
    verifyMachineRestored();

    QString error;
    QVERIFY2(m_fixture.start(&error), qPrintable(error));
    QVERIFY(m_fixture.address() != oldAddress);
    QDBusConnection bus =
        m_fixture.connection(QStringLiteral("root-client")); // a name used before the restart
    QVERIFY2(bus.isConnected(), qPrintable(bus.lastError().message()));
    const AuthorizationResult result = checkAuthorization(bus, bus.baseService(), kApply);
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QVERIFY(result.authorized);
    QString output;
    QCOMPARE(pkcheckExitCode(m_fixture, TestUser::Granted, kApply, &output), 0);
}

void TstSystemBus::cleanupTestCase()
{
    const QString socket = m_fixture.address().mid(QStringLiteral("unix:path=").size());
    m_fixture.stop();
    QVERIFY(!m_fixture.isRunning());
    QVERIFY(m_fixture.address().isEmpty());
    QVERIFY2(socket.isEmpty() || !QFileInfo::exists(QFileInfo(socket).path()), qPrintable(socket));
    verifyMachineRestored();
}

void TstSystemBus::verifyMachineRestored()
{
    QVERIFY2(!QFile::exists(kRuleFile), qPrintable(kRuleFile));
    QVERIFY2(policyFileState() == m_policyBefore, qPrintable(kInstalledPolicy));
    QCOMPARE(qEnvironmentVariable("DBUS_SYSTEM_BUS_ADDRESS"), m_busAddressBefore);
}

int main(int argc, char *argv[])
{
    if (argc > 1 && qstrcmp(argv[1], kFakeHelperArgument) == 0)
        return runFakeHelper(argc, argv);
    QCoreApplication app(argc, argv);
    TstSystemBus test; // destroyed before app: the fixture's stop() still has Qt around
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_systembus.moc"
