#pragma once

#include "../kernel/labnamespace.h"
#include "systembusfixture.h"

#include <QProcess>
#include <QTemporaryDir>

#include <memory>

namespace qs::test {

/**
 * Another host reached over ssh, on this machine (needs root): a namespace "remote" running
 * Debian's sshd and its own helper (started inside it with `ip netns exec`, so its veth0 is that
 * host's interface) on a private system bus with real polkitd (SystemBusFixture), and a namespace
 * "client" joined to it by a veth (198.18.70.0/24), where the CLI runs and its ssh logs in.
 * sshd listens on two addresses (RemoteAddress and SecondAddress), so that a client can take
 * them for two hosts: two ssh connections, two bridges, two clock measurements.
 *
 * Remote users: qs-ssh-granted (in qs-test-admins, which the fixture's polkit rule grants every
 * org.qdiscstudio.* action) and qs-ssh-denied (no rule), both logging in with a key of the
 * fixture's. The ssh the CLI runs is named by QDISC_STUDIO_SSH: a wrapper giving ssh the fixture's
 * config (its key, its known_hosts), so nothing of the machine's own ssh setup is read or changed.
 * Also there: the wrapper ssh_unknown_host (an empty known_hosts) and htb.sh (htb with class 1:10).
 */
class SshHostFixture
{
public:
    static const QString GrantedUser;
    static const QString DeniedUser;
    static const QString ClientAddress; ///< with its prefix: "198.18.70.1/24"
    static const QString RemoteAddress;
    static const QString SecondAddress;

    /** @p appPath: the qdisc-studio the CLI and the bridge run; @p helperPath: the helper the host runs. */
    SshHostFixture(const QString &appPath, const QString &helperPath);
    ~SshHostFixture();

    bool start(QString *error);
    /** Kills sshd, stops the bus, removes the namespaces; also run by the destructor. */
    void stop();

    bool startHelper(QString *error);
    SystemBusFixture &bus() { return m_bus; }
    LabNamespace &client() { return *m_client; }
    LabNamespace &remote() { return *m_remote; }
    QProcess &sshd() { return *m_sshd; }
    QString file(const QString &name) const { return m_dir.filePath(name); }
    /** ssh://USER@ADDRESS/veth0 */
    QString target(const QString &user, const QString &address = RemoteAddress) const;

    /** `ip netns exec CLIENT env QDISC_STUDIO_SSH=… qdisc-studio ARGUMENTS`: the CLI as root in the client namespace. */
    QStringList cli(const QStringList &arguments, const QString &ssh = {}) const;
    CommandResult runCli(const QStringList &arguments, const QString &ssh = {}, int timeoutMs = 60000) const;

private:
    QString m_appPath;
    QString m_helperPath;
    SystemBusFixture m_bus;
    std::unique_ptr<LabNamespace> m_client;
    std::unique_ptr<LabNamespace> m_remote;
    QTemporaryDir m_dir;
    QTemporaryDir m_state;
    std::unique_ptr<QProcess> m_sshd;
};

} // namespace qs::test
