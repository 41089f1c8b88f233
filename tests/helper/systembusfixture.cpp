#include "systembusfixture.h"

#include <QDBusArgument>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusReply>
#include <QDBusVariant>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QThread>

#include <functional>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef QS_SOURCE_DIR
#error "QS_SOURCE_DIR must name the source tree (resources/dbus, resources/polkit)"
#endif

namespace qs::test {

namespace {

const QString kAdminGroup = QStringLiteral("qs-test-admins");
const QString kGrantedUser = QStringLiteral("qs-test-granted");
const QString kDeniedUser = QStringLiteral("qs-test-denied");
const QString kLabGroup = QStringLiteral("qs-test-labusers");
const QString kLabOnlyUser = QStringLiteral("qs-test-labonly");

const QString kHelperService = QStringLiteral("org.qdiscstudio.Helper1");
const QString kPolkitService = QStringLiteral("org.freedesktop.PolicyKit1");

const QString kProjectPolicy =
    QStringLiteral(QS_SOURCE_DIR "/resources/polkit/org.qdiscstudio.policy");
const QString kProjectBusPolicyDir = QStringLiteral(QS_SOURCE_DIR "/resources/dbus");
// polkitd reads action files from this folder only.
const QString kInstalledPolicy =
    QStringLiteral("/usr/share/polkit-1/actions/org.qdiscstudio.policy");
const QString kRuleFile = QStringLiteral("/etc/polkit-1/rules.d/49-qdisc-studio-test.rules");
const QString kSystemBusConfig = QStringLiteral("/usr/share/dbus-1/system.conf");
const QString kPolkitd = QStringLiteral("/usr/lib/polkit-1/polkitd");

// Outlives a crash (and a reboot): what start() changed and must be undone.
const QString kStateDir = QStringLiteral("/var/tmp/qs-systembus-fixture");
const QString kLockFile = kStateDir + QStringLiteral("/lock");
const QString kPolicyBackup =
    kStateDir + QStringLiteral("/policy.backup"); // the policy found installed
const QString kPolicyAbsent = kStateDir + QStringLiteral("/policy.absent"); // none was installed
const QString kRunRecord = kStateDir + QStringLiteral("/run"); // boot, folder, processes
// Short and fixed, not $TMPDIR: a unix socket path has at most 107 bytes.
const QString kTempPrefix = QStringLiteral("/tmp/qs-systembus-");

const int kStartTimeoutMs = 10000;

const char kRule[] =
    R"(// Written by Qdisc Studio's helper tests (tests/helper/systembusfixture.cpp), removed when
// they end: members of the test group get every Qdisc Studio action without authentication,
// members of the lab group the demo lab action only.
polkit.addRule(function(action, subject) {
    if (action.id.indexOf("org.qdiscstudio.") === 0 && subject.isInGroup("qs-test-admins"))
        return polkit.Result.YES;
    if (action.id === "org.qdiscstudio.lab" && subject.isInGroup("qs-test-labusers"))
        return polkit.Result.YES;
});
)";

const QFileDevice::Permissions kWorldReadable = QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                QFileDevice::ReadGroup | QFileDevice::ReadOther;

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

bool writeFile(const QString &path, const QByteArray &content, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(content) != content.size())
        return fail(error, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return file.setPermissions(kWorldReadable) ||
           fail(error, QStringLiteral("cannot make %1 readable: %2").arg(path, file.errorString()));
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool runStep(const QString &step, const QString &program, const QStringList &arguments,
             QString *error)
{
    const CommandResult result = runCommand(program, arguments);
    if (result.ok())
        return true;
    return fail(error, QStringLiteral("%1: `%2 %3` failed (exit code %4): %5")
                           .arg(step, program, arguments.join(u' '))
                           .arg(result.exitCode)
                           .arg(QString(result.err + result.out).trimmed()));
}

// --- The lock, and undoing a crashed run ---------------------------------------------------

bool requireRoot(QString *error)
{
    return ::geteuid() == 0 ||
           fail(error, QStringLiteral("SystemBusFixture needs root: it installs a polkit policy "
                                      "and rule and runs dbus-daemon and polkitd"));
}

/** An exclusive lock on kLockFile, waiting up to @p waitMs; -1 on failure. */
int takeLock(int waitMs, QString *error)
{
    if (!QDir().mkpath(kStateDir) ||
        !QFile::setPermissions(kStateDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner)) {
        fail(error, QStringLiteral("cannot create %1").arg(kStateDir));
        return -1;
    }
    // O_CLOEXEC: a child must not inherit the lock and hold it after the test has ended.
    const int fd =
        ::open(QFile::encodeName(kLockFile).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        fail(error, QStringLiteral("cannot open %1: %2")
                        .arg(kLockFile, QString::fromLocal8Bit(strerror(errno))));
        return -1;
    }
    const QDeadlineTimer deadline(waitMs);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR)
            continue;
        if (errno != EWOULDBLOCK || deadline.hasExpired()) {
            ::close(fd);
            fail(error,
                 QStringLiteral(
                     "another SystemBusFixture holds %1 (is another helper test running? ctest "
                     "serialises them with RESOURCE_LOCK qs_system_polkit)")
                     .arg(kLockFile));
            return -1;
        }
        QThread::msleep(100);
    }
    return fd;
}

/** Puts back the policy file as it was before start() installed the project's copy. */
void restorePolicy()
{
    if (QFile::exists(kPolicyBackup)) {
        QFile::remove(kInstalledPolicy);
        if (!QFile::rename(kPolicyBackup, kInstalledPolicy))
            qWarning("SystemBusFixture: cannot put %s back to %s", qPrintable(kPolicyBackup),
                     qPrintable(kInstalledPolicy));
    } else if (QFile::exists(kPolicyAbsent)) {
        QFile::remove(kInstalledPolicy);
        QFile::remove(kPolicyAbsent);
    }
}

QByteArray bootId()
{
    return readFile(QStringLiteral("/proc/sys/kernel/random/boot_id")).trimmed();
}

/** Field 22 of /proc/<pid>/stat: with the pid it names one process, not a later one reusing the
 * pid. */
QByteArray processStartTime(qint64 pid)
{
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype commEnd = stat.lastIndexOf(')'); // the command name may contain spaces
    return commEnd < 0 ? QByteArray() : stat.mid(commEnd + 2).split(' ').value(19);
}

/**
 * Kills the processes and removes the folder a crashed run recorded. dbus-daemon and polkitd
 * change their uid, which clears the parent-death signal, so they outlive a crashed test.
 */
void reapRecordedRun()
{
    const QList<QByteArray> lines = readFile(kRunRecord).split('\n');
    bool sameBoot = false;
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.split(' ');
        const QByteArray &kind = fields.first();
        if (kind == "boot") {
            sameBoot = fields.value(1) == bootId();
        } else if (kind == "pid" && sameBoot) {
            const qint64 pid = fields.value(1).toLongLong();
            if (pid > 0 && processStartTime(pid) == fields.value(2))
                ::kill(pid_t(pid), SIGKILL);
        } else if (kind == "dir") {
            const QString dir = QFile::decodeName(fields.value(1));
            if (dir.startsWith(kTempPrefix))
                QDir(dir).removeRecursively();
        }
    }
    QFile::remove(kRunRecord);
}

void undoLeftovers()
{
    reapRecordedRun();
    QFile::remove(kRuleFile);
    restorePolicy();
}

// --- Users, policy, rule --------------------------------------------------------------------

bool isMember(const QString &user, const QString &group)
{
    const struct group *entry = ::getgrnam(group.toUtf8().constData());
    for (char **member = entry ? entry->gr_mem : nullptr; member && *member; ++member) {
        if (user == QString::fromUtf8(*member))
            return true;
    }
    return false;
}

bool ensureGroup(const QString &group, QString *error)
{
    if (::getgrnam(group.toUtf8().constData()))
        return true;
    return runStep(QStringLiteral("test group"), QStringLiteral("groupadd"),
                   {QStringLiteral("--system"), group}, error);
}

bool ensureUser(const QString &user, QString *error)
{
    if (::getpwnam(user.toUtf8().constData()))
        return true;
    QStringList arguments{QStringLiteral("--system"),   QStringLiteral("--no-create-home"),
                          QStringLiteral("--home-dir"), QStringLiteral("/nonexistent"),
                          QStringLiteral("--shell"),    QStringLiteral("/usr/sbin/nologin")};
    // useradd refuses --user-group when the user's group outlived an earlier user.
    if (::getgrnam(user.toUtf8().constData()))
        arguments << QStringLiteral("--gid") << user;
    else
        arguments << QStringLiteral("--user-group");
    return runStep(QStringLiteral("test user"), QStringLiteral("useradd"), arguments << user,
                   error);
}

bool ensureMembership(const QString &user, const QString &group, bool member, QString *error)
{
    if (isMember(user, group) == member)
        return true;
    if (member)
        return runStep(QStringLiteral("test users"), QStringLiteral("usermod"),
                       {QStringLiteral("--append"), QStringLiteral("--groups"), group, user},
                       error);
    return runStep(QStringLiteral("test users"), QStringLiteral("gpasswd"),
                   {QStringLiteral("--delete"), user, group}, error);
}

bool ensureUsers(QString *error)
{
    return ensureGroup(kAdminGroup, error) && ensureGroup(kLabGroup, error) &&
           ensureUser(kGrantedUser, error) && ensureUser(kDeniedUser, error) &&
           ensureUser(kLabOnlyUser, error) &&
           ensureMembership(kGrantedUser, kAdminGroup, true, error) &&
           ensureMembership(kDeniedUser, kAdminGroup, false, error) &&
           ensureMembership(kDeniedUser, kLabGroup, false, error) &&
           ensureMembership(kLabOnlyUser, kLabGroup, true, error) &&
           ensureMembership(kLabOnlyUser, kAdminGroup, false, error);
}

/** Installs the project's policy, first noting in kStateDir what restorePolicy() must put back. */
bool installPolicy(QString *error)
{
    if (QFile::exists(kInstalledPolicy)) {
        // A rename keeps the installed copy byte for byte, with its owner, mode and time.
        if (!QFile::rename(kInstalledPolicy, kPolicyBackup))
            return fail(error,
                        QStringLiteral("polkit policy: cannot move the installed %1 aside to %2")
                            .arg(kInstalledPolicy, kPolicyBackup));
    } else if (!writeFile(kPolicyAbsent, {}, error)) {
        return fail(error, QStringLiteral("polkit policy: ") + *error);
    }
    QFile::remove(kInstalledPolicy);
    QFile source(kProjectPolicy);
    if (!source.copy(kInstalledPolicy) || !QFile::setPermissions(kInstalledPolicy, kWorldReadable))
        return fail(error, QStringLiteral("polkit policy: cannot copy %1 to %2: %3")
                               .arg(kProjectPolicy, kInstalledPolicy, source.errorString()));
    return true;
}

/** Written before polkitd starts, so its first load of the rules has it. */
bool writeRule(QString *error)
{
    // rules.d is polkitd's own, mode 0700; a world-readable file in it is readable by polkitd.
    return writeFile(kRuleFile, QByteArray(kRule), error) ||
           fail(error, QStringLiteral("polkit rule: ") + *error);
}

// --- Bus configuration -------------------------------------------------------------------

/** Makes relative <include> and <includedir> paths absolute: they resolve against the config's
 * folder. */
QString withAbsoluteIncludes(const QString &config, const QString &base)
{
    static const QRegularExpression include(
        QStringLiteral(R"(<(include|includedir)(\s[^>]*)?>\s*([^<\s]+)\s*</\1>)"));
    QString result;
    qsizetype copied = 0;
    QRegularExpressionMatchIterator it = include.globalMatch(config);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const QString attributes = match.captured(2);
        const QString path = match.captured(3);
        result += config.mid(copied, match.capturedStart() - copied);
        copied = match.capturedEnd();
        // selinux_root_relative paths are relative to SELinux's folder, not to this file.
        if (QDir::isAbsolutePath(path) ||
            attributes.contains(QStringLiteral("selinux_root_relative")))
            result += match.captured(0);
        else
            result += QStringLiteral("<%1%2>%3</%1>")
                          .arg(match.captured(1), attributes, base + u'/' + path);
    }
    return result + config.mid(copied);
}

/**
 * The machine's system bus configuration, listening on @p socket only. It keeps the system's
 * policies (and <user>messagebus</user>: the daemon drops to it after creating the socket) and
 * adds the project's resources/dbus/ so the helper may own its name.
 */
bool writeBusConfig(const QString &target, const QString &socket, QString *error)
{
    QFile source(kSystemBusConfig);
    if (!source.open(QIODevice::ReadOnly))
        return fail(error, QStringLiteral("bus configuration: cannot read %1: %2")
                               .arg(kSystemBusConfig, source.errorString()));
    QString config = QString::fromUtf8(source.readAll());
    if (config.count(QStringLiteral("</busconfig>")) != 1)
        return fail(error, QStringLiteral("bus configuration: %1 has no single </busconfig>")
                               .arg(kSystemBusConfig));

    static const QRegularExpression listen(QStringLiteral(R"(<listen>[^<]*</listen>)"));
    static const QRegularExpression pidfile(QStringLiteral(R"(<pidfile>[^<]*</pidfile>)"));
    // No activation: it starts services through a setuid launcher that reads the machine's
    // configuration, so they would end up on the machine's bus. Tests start their services.
    static const QRegularExpression activation(
        QStringLiteral(R"(<standard_system_servicedirs\s*/>|<servicedir>[^<]*</servicedir>|)"
                       R"(<servicehelper>[^<]*</servicehelper>)"));
    config.remove(listen).remove(pidfile).remove(activation);
    config = withAbsoluteIncludes(config, QFileInfo(kSystemBusConfig).absolutePath());
    config.replace(
        QStringLiteral("</busconfig>"),
        QStringLiteral("  <!-- Added by SystemBusFixture -->\n  <listen>unix:path=%1</listen>\n"
                       "  <includedir>%2</includedir>\n</busconfig>")
            .arg(socket, kProjectBusPolicyDir));
    return writeFile(target, config.toUtf8(), error) ||
           fail(error, QStringLiteral("bus configuration: ") + *error);
}

// --- Processes ---------------------------------------------------------------------------

/** In the child: die with the test, even when it crashes (until the child changes its uid). */
void dieWithParent()
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
}

void endProcess(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate();
        if (!process->waitForFinished(5000)) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
    process.reset();
}

/**
 * Polls @p ready every 50 ms while @p process runs, up to kStartTimeoutMs. On failure the error
 * says that @p what exited or did not get to @p readiness in time, followed by its output.
 */
bool awaitReady(QProcess &process, const QString &what, const QString &readiness,
                const QString &logPath, const std::function<bool()> &ready, QString *error)
{
    const QDeadlineTimer deadline(kStartTimeoutMs);
    for (;;) {
        if (ready())
            return true;
        if (process.state() == QProcess::NotRunning || process.waitForFinished(50)) {
            return fail(error, QStringLiteral("%1 exited (%2 %3) before %4. Its output:\n%5")
                                   .arg(what, process.exitStatus() == QProcess::CrashExit
                                                  ? QStringLiteral("crashed, signal")
                                                  : QStringLiteral("exit code"))
                                   .arg(process.exitCode())
                                   .arg(readiness, QString::fromUtf8(readFile(logPath))));
        }
        if (deadline.hasExpired()) {
            return fail(error, QStringLiteral("%1 did not get to %2 within %3 s. Its output:\n%4")
                                   .arg(what, readiness)
                                   .arg(kStartTimeoutMs / 1000)
                                   .arg(QString::fromUtf8(readFile(logPath))));
        }
    }
}

CommandResult finishCommand(QProcess &process, const QString &program, int timeoutMs)
{
    if (!process.waitForStarted())
        return {-1, {}, QStringLiteral("cannot start %1: %2").arg(program, process.errorString())};
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {-1, QString::fromUtf8(process.readAllStandardOutput()),
                QStringLiteral("timed out")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

// --- polkit ----------------------------------------------------------------------------------

AuthorizationResult checkAuthorization(const QDBusConnection &connection, const QString &busName,
                                       const QString &action)
{
    // subject (sa{sv}): ("system-bus-name", {"name": <busName>})
    QDBusArgument subject;
    subject.beginStructure();
    subject << QStringLiteral("system-bus-name");
    subject.beginMap(QMetaType::fromType<QString>(), QMetaType::fromType<QDBusVariant>());
    subject.beginMapEntry();
    subject << QStringLiteral("name") << QDBusVariant(busName);
    subject.endMapEntry();
    subject.endMap();
    subject.endStructure();
    QDBusArgument details; // a{ss}, empty
    details.beginMap(QMetaType::fromType<QString>(), QMetaType::fromType<QString>());
    details.endMap();

    QDBusMessage call = QDBusMessage::createMethodCall(
        kPolkitService, QStringLiteral("/org/freedesktop/PolicyKit1/Authority"),
        QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
        QStringLiteral("CheckAuthorization"));
    const uint noInteraction = 0;
    call << QVariant::fromValue(subject) << action << QVariant::fromValue(details) << noInteraction
         << QString();
    const QDBusMessage reply = connection.call(call, QDBus::Block, 30000);
    if (reply.type() != QDBusMessage::ReplyMessage)
        return {false, false,
                QStringLiteral("CheckAuthorization: %1: %2")
                    .arg(reply.errorName(), reply.errorMessage())};
    if (reply.signature() != QStringLiteral("(bba{ss})"))
        return {false, false,
                QStringLiteral("CheckAuthorization: unexpected reply %1").arg(reply.signature())};

    AuthorizationResult result;
    QMap<QString, QString> resultDetails;
    const QDBusArgument answer = reply.arguments().constFirst().value<QDBusArgument>();
    answer.beginStructure();
    answer >> result.authorized >> result.challenge >> resultDetails;
    answer.endStructure();
    return result;
}

// --- SystemBusFixture ------------------------------------------------------------------------

SystemBusFixture::SystemBusFixture()
    : m_controlConnection(QStringLiteral("qs-systembus-fixture-%1").arg(quintptr(this), 0, 16))
{
}

SystemBusFixture::~SystemBusFixture()
{
    stop();
}

bool SystemBusFixture::start(QString *error)
{
    QString message; // the steps below rely on a place for their message
    const bool ok = startSteps(&message);
    if (!ok) {
        stop();
        fail(error, message);
    }
    return ok;
}

bool SystemBusFixture::startSteps(QString *error)
{
    if (!requireRoot(error))
        return false;
    if (m_lockFd >= 0)
        return fail(error, QStringLiteral("SystemBusFixture is already started; stop() it first"));
    m_lockFd = takeLock(60000, error);
    if (m_lockFd < 0)
        return false;
    undoLeftovers();
    return ensureUsers(error) && installPolicy(error) && writeRule(error) && startBus(error) &&
           startPolkit(error);
}

void SystemBusFixture::stop()
{
    stopHelper();
    for (const QString &name : std::as_const(m_connections))
        QDBusConnection::disconnectFromBus(name);
    m_connections.clear();
    QDBusConnection::disconnectFromBus(m_controlConnection);
    endProcess(m_polkit);
    endProcess(m_bus);
    if (m_busAddressSet) {
        if (m_hadBusAddress)
            qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_savedBusAddress);
        else
            qunsetenv("DBUS_SYSTEM_BUS_ADDRESS");
        m_busAddressSet = false;
    }
    m_dir.reset();
    m_address.clear();
    if (m_lockFd >= 0) {
        QFile::remove(kRuleFile);
        restorePolicy();
        QFile::remove(kRunRecord);
        ::close(m_lockFd);
        m_lockFd = -1;
    }
}

bool SystemBusFixture::isRunning() const
{
    return m_bus && m_bus->state() == QProcess::Running && m_polkit &&
           m_polkit->state() == QProcess::Running;
}

bool SystemBusFixture::recoverLeftovers(QString *error)
{
    if (!requireRoot(error))
        return false;
    const int fd = takeLock(0, error);
    if (fd < 0)
        return false;
    undoLeftovers();
    ::close(fd);
    return true;
}

bool SystemBusFixture::startBus(QString *error)
{
    m_dir = std::make_unique<QTemporaryDir>(kTempPrefix + QStringLiteral("XXXXXX"));
    if (!m_dir->isValid())
        return fail(error, QStringLiteral("bus: cannot create a folder %1…: %2")
                               .arg(kTempPrefix, m_dir->errorString()));
    // dbus-daemon runs as messagebus and the test users connect too: they must reach the socket.
    QFile::setPermissions(m_dir->path(), kWorldReadable | QFileDevice::ExeOwner |
                                             QFileDevice::ExeGroup | QFileDevice::ExeOther);
    const QByteArray record =
        "boot " + bootId() + "\ndir " + QFile::encodeName(m_dir->path()) + '\n';
    if (!writeFile(kRunRecord, record, error))
        return false;

    const QString socket = path(QStringLiteral("system_bus_socket"));
    const QString config = path(QStringLiteral("system.conf"));
    if (!writeBusConfig(config, socket, error))
        return false;
    m_address = QStringLiteral("unix:path=") + socket;
    // --nofork and --nopidfile override the copied <fork/> and <pidfile>; --nosyslog sends the
    // daemon's messages to its stderr, our log, instead of a syslog that may not exist.
    m_bus = startService(QStringLiteral("dbus-daemon"),
                         {QStringLiteral("--config-file=") + config, QStringLiteral("--nofork"),
                          QStringLiteral("--nopidfile"), QStringLiteral("--nosyslog")},
                         QStringLiteral("dbus-daemon.log"), error);
    if (!m_bus)
        return false;
    const auto connected = [&] {
        if (!QFileInfo::exists(socket))
            return false;
        if (QDBusConnection::connectToBus(m_address, m_controlConnection).isConnected())
            return true;
        QDBusConnection::disconnectFromBus(m_controlConnection); // Qt keeps failed connections too
        return false;
    };
    if (!awaitReady(*m_bus, QStringLiteral("dbus-daemon"),
                    QStringLiteral("accepting connections on ") + socket,
                    path(QStringLiteral("dbus-daemon.log")), connected, error))
        return false;

    // From here on, code in the test process that asks for "the system bus" gets the private one.
    m_hadBusAddress = qEnvironmentVariableIsSet("DBUS_SYSTEM_BUS_ADDRESS");
    m_savedBusAddress = qgetenv("DBUS_SYSTEM_BUS_ADDRESS");
    qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_address.toUtf8());
    m_busAddressSet = true;
    return true;
}

bool SystemBusFixture::startPolkit(QString *error)
{
    // Not --no-debug: without syslog, its debug output is the only place errors show (a rule
    // that does not compile, a policy that does not parse).
    m_polkit = startService(kPolkitd, {}, QStringLiteral("polkitd.log"), error);
    return m_polkit &&
           awaitReady(
               *m_polkit, kPolkitd,
               QStringLiteral("owning ") + kPolkitService + QStringLiteral(" on ") + m_address,
               path(QStringLiteral("polkitd.log")), [this] { return nameHasOwner(kPolkitService); },
               error);
}

std::unique_ptr<QProcess> SystemBusFixture::startService(const QString &program,
                                                         const QStringList &arguments,
                                                         const QString &logName, QString *error)
{
    auto process = std::make_unique<QProcess>();
    process->setProcessEnvironment(environment());
    process->setProcessChannelMode(QProcess::MergedChannels);
    // A file, not a pipe: a chatty process never blocks on a full pipe while a test waits.
    process->setStandardOutputFile(path(logName));
    process->setStandardInputFile(QProcess::nullDevice());
    process->setChildProcessModifier(dieWithParent);
    process->start(program, arguments);
    if (!process->waitForStarted()) {
        fail(error, QStringLiteral("cannot start %1: %2").arg(program, process->errorString()));
        return nullptr;
    }
    recordProcess(process->processId());
    return process;
}

void SystemBusFixture::recordProcess(qint64 pid) const
{
    const QByteArray line = "pid " + QByteArray::number(pid) + ' ' + processStartTime(pid) + '\n';
    QFile record(kRunRecord);
    if (record.open(QIODevice::Append))
        record.write(line);
}

bool SystemBusFixture::nameHasOwner(const QString &name) const
{
    const QDBusReply<bool> reply =
        QDBusConnection(m_controlConnection).interface()->isServiceRegistered(name);
    return reply.isValid() && reply.value();
}

QString SystemBusFixture::path(const QString &fileName) const
{
    return m_dir ? m_dir->filePath(fileName) : QString();
}

QString SystemBusFixture::address() const
{
    return m_address;
}

QProcessEnvironment SystemBusFixture::environment() const
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (!m_address.isEmpty())
        environment.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_address);
    return environment;
}

QString SystemBusFixture::serviceLogs() const
{
    return QStringLiteral("--- dbus-daemon ---\n%1\n--- polkitd ---\n%2")
        .arg(QString::fromUtf8(readFile(path(QStringLiteral("dbus-daemon.log")))),
             QString::fromUtf8(readFile(path(QStringLiteral("polkitd.log")))));
}

// --- The helper ------------------------------------------------------------------------------

bool SystemBusFixture::startHelper(const QString &helperPath, const QStringList &arguments,
                                   QString *error)
{
    QString message;
    if (startHelperProcess(helperPath, arguments, &message))
        return true;
    stopHelper();
    return fail(error, message);
}

bool SystemBusFixture::startHelperProcess(const QString &helperPath, const QStringList &arguments,
                                          QString *error)
{
    if (!isRunning())
        return fail(error,
                    QStringLiteral("startHelper: the private bus is not running; start() first"));
    stopHelper();
    const QString log = path(QStringLiteral("helper.log"));
    QFile::remove(log);
    m_helper = startService(helperPath, arguments, QStringLiteral("helper.log"), error);
    if (!m_helper)
        return false;
    // The owner must be this helper: right after a restart the bus may not yet have noticed the
    // previous one is gone.
    const auto ownsName = [this] {
        const QDBusReply<uint> owner =
            QDBusConnection(m_controlConnection).interface()->servicePid(kHelperService);
        return owner.isValid() && qint64(owner.value()) == m_helper->processId();
    };
    return awaitReady(*m_helper, helperPath, QStringLiteral("owning ") + kHelperService, log,
                      ownsName, error);
}

void SystemBusFixture::stopHelper()
{
    endProcess(m_helper);
}

bool SystemBusFixture::helperRunning() const
{
    if (!m_helper)
        return false;
    m_helper->waitForFinished(0); // notices an exit without an event loop
    return m_helper->state() == QProcess::Running;
}

qint64 SystemBusFixture::helperPid() const
{
    return helperRunning() ? m_helper->processId() : 0;
}

QString SystemBusFixture::helperOutput() const
{
    return m_dir ? QString::fromUtf8(readFile(path(QStringLiteral("helper.log")))) : QString();
}

// --- Users and clients -----------------------------------------------------------------------

QString SystemBusFixture::userName(TestUser user) const
{
    switch (user) {
    case TestUser::Root:
        return QStringLiteral("root");
    case TestUser::Denied:
        return kDeniedUser;
    case TestUser::Granted:
        return kGrantedUser;
    case TestUser::LabOnly:
        return kLabOnlyUser;
    }
    return {};
}

uid_t SystemBusFixture::uid(TestUser user) const
{
    const struct passwd *entry = ::getpwnam(userName(user).toUtf8().constData());
    return entry ? entry->pw_uid : uid_t(-1);
}

gid_t SystemBusFixture::gid(TestUser user) const
{
    const struct passwd *entry = ::getpwnam(userName(user).toUtf8().constData());
    return entry ? entry->pw_gid : gid_t(-1);
}

namespace {

/** The command line running @p program as @p user; no shell involved. */
std::pair<QString, QStringList> commandAs(const QString &userName, bool root,
                                          const QString &program, const QStringList &arguments)
{
    if (root)
        return {program, arguments};
    // setpriv changes uid before it execs, which clears a parent-death signal: it sets its own.
    return {QStringLiteral("setpriv"),
            QStringList{QStringLiteral("--reuid=") + userName,
                        QStringLiteral("--regid=") + userName, QStringLiteral("--init-groups"),
                        QStringLiteral("--pdeathsig=KILL"), QStringLiteral("--"), program} +
                arguments};
}

} // namespace

CommandResult SystemBusFixture::runAs(TestUser user, const QString &program,
                                      const QStringList &arguments, int timeoutMs) const
{
    const auto [command, commandArguments] =
        commandAs(userName(user), user == TestUser::Root, program, arguments);
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setChildProcessModifier(dieWithParent);
    process.start(command, commandArguments);
    return finishCommand(process, command, timeoutMs);
}

std::unique_ptr<QProcess> SystemBusFixture::startAs(TestUser user, const QString &program,
                                                    const QStringList &arguments) const
{
    const auto [command, commandArguments] =
        commandAs(userName(user), user == TestUser::Root, program, arguments);
    auto process = std::make_unique<QProcess>();
    process->setProcessEnvironment(environment());
    process->setChildProcessModifier(dieWithParent);
    process->start(command, commandArguments);
    process->waitForStarted();
    return process;
}

QDBusConnection SystemBusFixture::connection(const QString &name)
{
    if (!m_connections.contains(name))
        m_connections << name;
    return QDBusConnection::connectToBus(m_address, name);
}

} // namespace qs::test
