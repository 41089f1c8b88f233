#include "sshhostfixture.h"

#include <QFile>
#include <QFileInfo>

#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qs::test {

const QString SshHostFixture::GrantedUser = QStringLiteral("qs-ssh-granted");
const QString SshHostFixture::DeniedUser = QStringLiteral("qs-ssh-denied");
const QString SshHostFixture::ClientAddress = QStringLiteral("198.18.70.1/24");
const QString SshHostFixture::RemoteAddress = QStringLiteral("198.18.70.2");
const QString SshHostFixture::SecondAddress = QStringLiteral("198.18.70.3");

namespace {

bool writeFile(const QString &path, const QByteArray &bytes, QFile::Permissions permissions)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size() && file.setPermissions(permissions);
}

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/** A user sshd lets in: a shell to run the bridge with, no home, no password (the fixture's key logs in). */
bool ensureLoginUser(const QString &user, const QString &group, QString *error)
{
    if (::getpwnam(user.toUtf8().constData()))
        return true;
    QStringList arguments{QStringLiteral("--system"), QStringLiteral("--no-create-home"), QStringLiteral("--home-dir"), QStringLiteral("/"),
                          QStringLiteral("--shell"), QStringLiteral("/bin/sh")};
    arguments << (::getgrnam(user.toUtf8().constData()) ? QStringList{QStringLiteral("--gid"), user} : QStringList{QStringLiteral("--user-group")});
    if (!group.isEmpty())
        arguments << QStringLiteral("--groups") << group;
    const CommandResult r = runCommand(QStringLiteral("useradd"), arguments << user);
    if (!r.ok())
        *error = QStringLiteral("useradd %1: %2").arg(user, r.err);
    return r.ok();
}

} // namespace

SshHostFixture::SshHostFixture(const QString &appPath, const QString &helperPath) : m_appPath(appPath), m_helperPath(helperPath)
{
}

SshHostFixture::~SshHostFixture()
{
    stop();
}

QString SshHostFixture::target(const QString &user, const QString &address) const
{
    return QStringLiteral("ssh://%1@%2/veth0").arg(user, address);
}

bool SshHostFixture::start(QString *error)
{
    if (geteuid() != 0) {
        *error = QStringLiteral("needs root: namespaces, sshd, a private system bus and polkitd");
        return false;
    }
    if (!m_dir.isValid() || !m_state.isValid()) {
        *error = QStringLiteral("no temporary folder");
        return false;
    }
    if (!m_bus.start(error) // creates the group qs-test-admins
        || !ensureLoginUser(GrantedUser, QStringLiteral("qs-test-admins"), error) || !ensureLoginUser(DeniedUser, {}, error))
        return false;

    m_client = std::make_unique<LabNamespace>(QStringLiteral("qs-sshc"));
    m_remote = std::make_unique<LabNamespace>(QStringLiteral("qs-sshr"));
    if (!m_client->ok() || !m_remote->ok() ||
        !linkByVeth(*m_client, QStringLiteral("vc"), ClientAddress, *m_remote, QStringLiteral("veth0"), RemoteAddress + QStringLiteral("/24")) ||
        !m_remote->ip({QStringLiteral("addr"), QStringLiteral("add"), SecondAddress + QStringLiteral("/24"), QStringLiteral("dev"), QStringLiteral("veth0")}).ok()) {
        *error = QStringLiteral("cannot make the client and remote namespaces and their veth");
        return false;
    }

    // Keys: the host's, the client's; the client knows the host's key (under both its addresses), the host the client's.
    ::chmod(QFile::encodeName(m_dir.path()).constData(), 0755);
    for (const QString &key : {QStringLiteral("host_key"), QStringLiteral("client_key")}) {
        const CommandResult made = runCommand(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                                                                             QStringLiteral("-N"), QString(), QStringLiteral("-f"), file(key)});
        if (!made.ok()) {
            *error = QStringLiteral("ssh-keygen: ") + made.err;
            return false;
        }
    }
    const QFile::Permissions readable = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther;
    const QFile::Permissions runnable = readable | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther;
    bool written = writeFile(file(QStringLiteral("authorized_keys")), contentsOf(file(QStringLiteral("client_key.pub"))), readable) &&
                   writeFile(file(QStringLiteral("known_hosts")),
                             (RemoteAddress + u',' + SecondAddress).toUtf8() + ' ' + contentsOf(file(QStringLiteral("host_key.pub"))), readable) &&
                   writeFile(file(QStringLiteral("no_known_hosts")), {}, readable);
    for (const QString &known : {QStringLiteral("known_hosts"), QStringLiteral("no_known_hosts")}) {
        const QString config = QStringLiteral("ssh_config_") + known;
        const QString wrapper = known == u"known_hosts" ? QStringLiteral("ssh") : QStringLiteral("ssh_unknown_host");
        written = written &&
                  writeFile(file(config),
                            QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n  UserKnownHostsFile %2\n"
                                           "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  LogLevel ERROR\n")
                                .arg(file(QStringLiteral("client_key")), file(known))
                                .toUtf8(),
                            readable) &&
                  writeFile(file(wrapper), QStringLiteral("#!/bin/sh\nexec /usr/bin/ssh -F %1 \"$@\"\n").arg(file(config)).toUtf8(), runnable);
    }
    written = written && writeFile(file(QStringLiteral("htb.sh")),
                                   "tc qdisc add dev veth0 root handle 1: htb default 10\n"
                                   "tc class add dev veth0 parent 1: classid 1:10 htb rate 10mbit\n",
                                   readable);

    // sshd: the fixture's keys and users, and the environment the bridge needs: the private bus,
    // and this build's qdisc-studio first on the PATH.
    const QString appDir = QFileInfo(m_appPath).absolutePath();
    written = written && writeFile(file(QStringLiteral("sshd_config")),
                                   QStringLiteral("ListenAddress %1\nListenAddress %9\nPort 22\nHostKey %2\nAuthorizedKeysFile %3\nStrictModes no\nUsePAM yes\n"
                                                  "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin no\n"
                                                  "AllowUsers %4 %5\nPidFile %6\nLogLevel VERBOSE\n"
                                                  "SetEnv DBUS_SYSTEM_BUS_ADDRESS=%7 PATH=%8:/usr/bin:/bin\n")
                                       .arg(RemoteAddress, file(QStringLiteral("host_key")), file(QStringLiteral("authorized_keys")), GrantedUser, DeniedUser,
                                            file(QStringLiteral("sshd.pid")), m_bus.address(), appDir, SecondAddress)
                                       .toUtf8(),
                                   readable);
    if (!written) {
        *error = QStringLiteral("cannot write the ssh files in ") + m_dir.path();
        return false;
    }
    ::mkdir("/run/sshd", 0755); // sshd's privilege separation folder
    m_sshd = std::make_unique<QProcess>();
    m_sshd->setProcessChannelMode(QProcess::MergedChannels);
    m_sshd->start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), m_remote->name(), QStringLiteral("/usr/sbin/sshd"),
                                         QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), file(QStringLiteral("sshd_config"))});
    if (!m_sshd->waitForStarted()) {
        *error = QStringLiteral("sshd: ") + m_sshd->errorString();
        return false;
    }
    if (!m_remote->waitForListener(22, 10000)) {
        *error = QStringLiteral("sshd does not listen: ") + QString::fromUtf8(m_sshd->readAll());
        return false;
    }
    return startHelper(error);
}

void SshHostFixture::stop()
{
    if (m_sshd) {
        m_sshd->kill();
        m_sshd->waitForFinished();
        m_sshd.reset();
    }
    m_bus.stop();
    m_remote.reset();
    m_client.reset();
}

bool SshHostFixture::startHelper(QString *error)
{
    // `ip netns exec` execs the helper itself: the fixture sees the helper's own pid own the name.
    return m_bus.startHelper(QStringLiteral("ip"),
                             {QStringLiteral("netns"), QStringLiteral("exec"), m_remote->name(), m_helperPath, QStringLiteral("--idle-timeout"),
                              QStringLiteral("0"), QStringLiteral("--state-dir"), m_state.path(), QStringLiteral("--log"), QStringLiteral("stderr")},
                             error);
}

QStringList SshHostFixture::cli(const QStringList &arguments, const QString &ssh) const
{
    return QStringList{QStringLiteral("netns"), QStringLiteral("exec"), m_client->name(), QStringLiteral("env"),
                       QStringLiteral("QDISC_STUDIO_SSH=") + (ssh.isEmpty() ? file(QStringLiteral("ssh")) : ssh), m_appPath} +
           arguments;
}

CommandResult SshHostFixture::runCli(const QStringList &arguments, const QString &ssh, int timeoutMs) const
{
    return runCommand(QStringLiteral("ip"), cli(arguments, ssh), timeoutMs);
}

} // namespace qs::test
