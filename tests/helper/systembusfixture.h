#pragma once

#include "../kernel/labnamespace.h" // CommandResult

#include <QDBusConnection>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <sys/types.h>

namespace qs::test {

/** Who a child process runs as. */
enum class TestUser {
    Root,
    Denied,  ///< qs-test-denied: no polkit rule applies, so polkit's defaults refuse it
    Granted, ///< qs-test-granted: member of qs-test-admins, granted every org.qdiscstudio.* action
    LabOnly, ///< qs-test-labonly: member of qs-test-labusers, granted org.qdiscstudio.lab only
};

/** What polkit answered to CheckAuthorization. */
struct AuthorizationResult
{
    bool authorized = false;
    bool challenge = false; ///< polkit would have authorized after authentication
    QString error;          ///< why polkit could not be asked; empty when it answered
};

/**
 * polkit's answer for the connection @p busName on @p connection's bus, asked without user
 * interaction. The subject is ("system-bus-name", {name}): polkitd asks the bus for that
 * connection's uid and pid (GetConnectionUnixUser, GetConnectionUnixProcessID).
 */
AuthorizationResult checkAuthorization(const QDBusConnection &connection, const QString &busName,
                                       const QString &action);

/**
 * A private D-Bus system bus with a real polkitd on it, for tests of the root helper (needs root).
 *
 * start() creates the test users, installs the project's polkit policy in
 * /usr/share/polkit-1/actions/ (polkitd reads no other folder) and a rule granting every
 * org.qdiscstudio.* action to qs-test-admins and org.qdiscstudio.lab alone to qs-test-labusers
 * (so a test can show that the lab action suffices for a lab), then starts dbus-daemon on a socket
 * in a temporary folder and polkitd on that bus. The bus has no service activation, so nothing is
 * ever started on, or talks to, the machine's own system bus. stop() — also run by the destructor —
 * ends every process the fixture started, puts back a policy file that was installed before (byte
 * for byte), and removes the rule and the temporary folder. The users and groups stay: creating
 * them is idempotent and removing them could pull them from under a concurrent fixture.
 *
 * One fixture at a time per machine: start() takes a lock (waiting up to 60 s), and begins by
 * undoing whatever a crashed earlier run left behind (policy, rule, processes, folder).
 */
class SystemBusFixture
{
public:
    SystemBusFixture();
    ~SystemBusFixture();
    SystemBusFixture(const SystemBusFixture &) = delete;
    SystemBusFixture &operator=(const SystemBusFixture &) = delete;

    /** Everything up and polkit answering; false with what failed (and its output) otherwise. */
    bool start(QString *error);
    /** Idempotent; the fixture can be started again afterwards. */
    void stop();
    bool isRunning() const;
    /**
     * Undoes what a crashed earlier run left behind: puts the policy file back as it was before
     * that run, removes the rule, kills its processes, removes its folder. start() does this
     * itself; call it to see the machine's own state first. False while a fixture runs.
     */
    static bool recoverLeftovers(QString *error);

    /** "unix:path=/tmp/qs-systembus-…/system_bus_socket"; empty when stopped. */
    QString address() const;
    /**
     * The system environment with DBUS_SYSTEM_BUS_ADDRESS=address(). While the fixture runs the
     * test process's own DBUS_SYSTEM_BUS_ADDRESS points at the private bus as well, so code that
     * uses QDBusConnection::systemBus() never reaches the machine's bus; prefer connection(),
     * since Qt keeps systemBus() connected to the bus of the first start().
     */
    QProcessEnvironment environment() const;
    /** dbus-daemon's and polkitd's output so far, for failure messages. */
    QString serviceLogs() const;

    /**
     * Starts @p helperPath as root on the private bus and waits (up to 10 s) until it owns
     * org.qdiscstudio.Helper1. stdout and stderr go to one log, see helperOutput().
     */
    bool startHelper(const QString &helperPath, const QStringList &arguments, QString *error);
    /** SIGTERM, up to 5 s, then SIGKILL. */
    void stopHelper();
    bool helperRunning() const;
    qint64 helperPid() const;
    /** Everything the helper started last wrote to stdout and stderr, until stop(). */
    QString helperOutput() const;

    uid_t uid(TestUser user) const;
    gid_t gid(TestUser user) const;
    QString userName(TestUser user) const;

    /**
     * Runs @p program (no shell) as @p user with environment(): through
     * `setpriv --reuid --regid --init-groups`, directly for Root.
     */
    CommandResult runAs(TestUser user, const QString &program, const QStringList &arguments,
                        int timeoutMs = 60000) const;
    /**
     * Like runAs(), in the background. The process is started (check state() and errorString()
     * when it is not); it dies with the test process, and the returned QProcess kills it when
     * destroyed.
     */
    std::unique_ptr<QProcess> startAs(TestUser user, const QString &program,
                                      const QStringList &arguments) const;

    /** An in-process root client of the private bus; disconnected by stop(). */
    QDBusConnection connection(const QString &name);

private:
    bool startSteps(QString *error);
    bool startBus(QString *error);
    bool startPolkit(QString *error);
    std::unique_ptr<QProcess> startService(const QString &program, const QStringList &arguments,
                                           const QString &logName, QString *error);
    bool startHelperProcess(const QString &helperPath, const QStringList &arguments,
                            QString *error);
    bool nameHasOwner(const QString &name) const;
    void recordProcess(qint64 pid) const;
    QString path(const QString &fileName) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_bus;
    std::unique_ptr<QProcess> m_polkit;
    std::unique_ptr<QProcess> m_helper;
    QString m_address;
    QString m_controlConnection;  ///< the fixture's own connection, for NameHasOwner
    QStringList m_connections;    ///< every name connection() handed out
    QByteArray m_savedBusAddress; ///< the test process's DBUS_SYSTEM_BUS_ADDRESS before start()
    bool m_hadBusAddress = false;
    bool m_busAddressSet = false;
    int m_lockFd = -1; ///< held from start() to stop(): the policy, rule and records are ours
};

} // namespace qs::test
