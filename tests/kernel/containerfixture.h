#pragma once

#include "containers/unixhttp.h"
#include "labnamespace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>

namespace qs::test {

/**
 * Docker and Podman as Debian ships them (docker.io, podman), started by the test itself on
 * sockets and data folders of its own, so nothing of the machine's own runtimes is touched and
 * nothing is pulled from anywhere: the image is a root file system of busybox-static, imported.
 * What was seen to work on these machines (see ../shared/KERNEL-TESTING.md): dockerd with
 * --iptables=false --bridge=none --storage-driver=vfs; podman rootful with vfs, cgroupfs, runc and
 * resource limits below this sandbox's (it has no CAP_SYS_RESOURCE to raise them).
 *
 * DOCKER_HOST and CONTAINER_HOST point at the test's sockets once started, for this process and
 * everything it starts (the CLI, the helper), which is how Qdisc Studio finds them.
 */
class ContainerFixture
{
public:
    explicit ContainerFixture(const QString &name)
        : m_name(name), m_dockerSocket(QStringLiteral("/run/%1-docker.sock").arg(name)),
          m_podmanSocket(QStringLiteral("/run/%1-podman.sock").arg(name)), m_dockerRoot(QStringLiteral("/var/tmp/%1-docker").arg(name)),
          m_dockerExec(QStringLiteral("/run/%1-docker").arg(name)), m_podmanRoot(QStringLiteral("/var/tmp/%1-podman").arg(name)),
          m_podmanRun(QStringLiteral("/run/%1-podman").arg(name))
    {
    }
    ~ContainerFixture() { stop(); }
    ContainerFixture(const ContainerFixture &) = delete;
    ContainerFixture &operator=(const ContainerFixture &) = delete;

    /** Starts both runtimes and imports the image into each; false with the reason (a missing package named). */
    bool start(QString *error)
    {
        for (const char *program : {"dockerd", "podman", "busybox", "nsenter", "runc"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(program), {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin"), QStringLiteral("/bin")}).isEmpty()) {
                *error = QStringLiteral("%1 is missing: install the Debian packages docker.io, podman and busybox-static "
                                        "(scripts/install-deps.sh does)").arg(QString::fromLatin1(program));
                return false;
            }
        }
        stop(); // a leftover of a killed run
        m_dockerd = std::make_unique<QProcess>();
        m_dockerd->setProcessChannelMode(QProcess::MergedChannels);
        m_dockerd->setStandardOutputFile(QStringLiteral("/var/tmp/%1-dockerd.log").arg(m_name));
        m_dockerd->start(QStringLiteral("dockerd"),
                         {QStringLiteral("--iptables=false"), QStringLiteral("--ip6tables=false"), QStringLiteral("--bridge=none"),
                          QStringLiteral("--storage-driver=vfs"), QStringLiteral("--data-root"), m_dockerRoot, QStringLiteral("--exec-root"),
                          m_dockerExec, QStringLiteral("--pidfile"), m_dockerExec + QStringLiteral(".pid"), QStringLiteral("-H"),
                          QStringLiteral("unix://") + m_dockerSocket});
        m_podman = std::make_unique<QProcess>();
        m_podman->setProcessChannelMode(QProcess::MergedChannels);
        m_podman->setStandardOutputFile(QStringLiteral("/var/tmp/%1-podman.log").arg(m_name));
        m_podman->start(QStringLiteral("podman"), podmanArguments({QStringLiteral("system"), QStringLiteral("service"), QStringLiteral("--time=0"),
                                                                   QStringLiteral("unix://") + m_podmanSocket}));
        if (!waitForApi(m_dockerSocket, 60000, error) || !waitForApi(m_podmanSocket, 30000, error))
            return false;
        qputenv("DOCKER_HOST", QByteArray("unix://") + m_dockerSocket.toUtf8());
        qputenv("CONTAINER_HOST", QByteArray("unix://") + m_podmanSocket.toUtf8());
        // The image: busybox and the names the tests call, nothing else.
        if (!m_image.isValid()) {
            *error = QStringLiteral("cannot create a temporary folder");
            return false;
        }
        const QString root = m_image.filePath(QStringLiteral("rootfs"));
        QDir().mkpath(root + QStringLiteral("/bin"));
        QFile::copy(QStandardPaths::findExecutable(QStringLiteral("busybox")), root + QStringLiteral("/bin/busybox"));
        for (const char *applet : {"sh", "sleep", "ip", "cat", "ls"})
            QFile::link(QStringLiteral("busybox"), root + QStringLiteral("/bin/") + QString::fromLatin1(applet));
        const QString tar = m_image.filePath(QStringLiteral("busybox.tar"));
        if (!check(runCommand(QStringLiteral("tar"), {QStringLiteral("-C"), root, QStringLiteral("-cf"), tar, QStringLiteral(".")}), error) ||
            !check(docker({QStringLiteral("import"), tar, Image}), error) || !check(podman({QStringLiteral("import"), tar, Image}), error))
            return false;
        return true;
    }

    /** Removes every container, stops both runtimes and removes their folders. */
    void stop()
    {
        if (QFile::exists(m_dockerSocket))
            runCommand(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("ids=$(/usr/bin/docker -H unix://%1 ps -aq); [ -z \"$ids\" ] || /usr/bin/docker -H unix://%1 rm -f $ids")
                                                                        .arg(m_dockerSocket)});
        podman({QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--all")});
        for (std::unique_ptr<QProcess> *process : {&m_dockerd, &m_podman}) {
            if (*process && (*process)->state() != QProcess::NotRunning) {
                (*process)->terminate();
                if (!(*process)->waitForFinished(15000)) {
                    (*process)->kill();
                    (*process)->waitForFinished();
                }
            }
            process->reset();
        }
        // A run killed earlier may have left its daemon behind.
        QFile pidfile(m_dockerExec + QStringLiteral(".pid"));
        if (pidfile.open(QIODevice::ReadOnly)) {
            const qint64 pid = pidfile.readAll().trimmed().toLongLong();
            if (pid > 0 && QFile::exists(QStringLiteral("/proc/%1").arg(pid)))
                ::kill(pid_t(pid), SIGTERM);
        }
        runCommand(QStringLiteral("pkill"), {QStringLiteral("-f"), QStringLiteral("podman.*system service.*") + m_podmanSocket});
        for (const QString &path : {m_dockerRoot, m_dockerExec, m_podmanRoot, m_podmanRun})
            runCommand(QStringLiteral("rm"), {QStringLiteral("-rf"), QStringLiteral("--one-file-system"), path});
        QFile::remove(m_dockerSocket);
        QFile::remove(m_podmanSocket);
    }

    /** Runs a container of the busybox image that sleeps, with @p labels ("key=value"); false with the reason. */
    bool run(const QString &runtime, const QString &name, const QStringList &labels, QString *error)
    {
        QStringList arguments{QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--network"), QStringLiteral("none"),
                              QStringLiteral("--name"), name};
        for (const QString &label : labels)
            arguments << QStringLiteral("--label") << label;
        if (runtime == u"podman")
            arguments << QStringLiteral("--ulimit") << QStringLiteral("nofile=1024:1024") << QStringLiteral("--ulimit")
                      << QStringLiteral("nproc=1024:1024");
        arguments << Image << QStringLiteral("/bin/sleep") << QStringLiteral("100000");
        return check(runtime == u"docker" ? docker(arguments) : podman(arguments), error);
    }
    /** The container's init process, 0 when it does not run. */
    qint64 pid(const QString &runtime, const QString &name)
    {
        const QStringList arguments{QStringLiteral("inspect"), QStringLiteral("-f"), QStringLiteral("{{.State.Pid}}"), name};
        return (runtime == u"docker" ? docker(arguments) : podman(arguments)).out.trimmed().toLongLong();
    }
    /** The container's full id. */
    QString id(const QString &runtime, const QString &name)
    {
        const QStringList arguments{QStringLiteral("inspect"), QStringLiteral("-f"), QStringLiteral("{{.Id}}"), name};
        return (runtime == u"docker" ? docker(arguments) : podman(arguments)).out.trimmed();
    }
    /**
     * Joins two containers by a veth as containerlab wires its nodes (each end created straight in
     * its container's namespace), with addresses, both ends up.
     */
    bool link(qint64 pidA, const QString &deviceA, const QString &addressA, qint64 pidB, const QString &deviceB, const QString &addressB,
              QString *error)
    {
        const QString nsA = QStringLiteral("/proc/%1/ns/net").arg(pidA);
        const QString nsB = QStringLiteral("/proc/%1/ns/net").arg(pidB);
        return check(runCommand(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("add"), deviceA, QStringLiteral("netns"), nsA,
                                                       QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"),
                                                       deviceB, QStringLiteral("netns"), nsB}),
                     error) &&
               check(inside(pidA, {QStringLiteral("ip"), QStringLiteral("addr"), QStringLiteral("add"), addressA, QStringLiteral("dev"), deviceA}), error) &&
               check(inside(pidB, {QStringLiteral("ip"), QStringLiteral("addr"), QStringLiteral("add"), addressB, QStringLiteral("dev"), deviceB}), error) &&
               check(inside(pidA, {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), deviceA, QStringLiteral("up")}), error) &&
               check(inside(pidB, {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), deviceB, QStringLiteral("up")}), error) &&
               check(inside(pidA, {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"), QStringLiteral("up")}), error) &&
               check(inside(pidB, {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"), QStringLiteral("up")}), error);
    }
    /** A host program run in the network namespace of process @p pid (nsenter -t PID -n). */
    static CommandResult inside(qint64 pid, const QStringList &command, int timeoutMs = 60000)
    {
        return runCommand(QStringLiteral("nsenter"), QStringList{QStringLiteral("-t"), QString::number(pid), QStringLiteral("-n")} + command, timeoutMs);
    }
    /** tc's JSON view of @p what on @p device inside the namespace of process @p pid. */
    static QJsonDocument tcJson(qint64 pid, const QString &what, const QString &device)
    {
        return QJsonDocument::fromJson(
            inside(pid, {QStringLiteral("tc"), QStringLiteral("-j"), what, QStringLiteral("show"), QStringLiteral("dev"), device}).out.toUtf8());
    }

    /** The root qdisc's kind on @p device inside process @p pid's namespace, as tc reads it. */
    static QString rootKind(qint64 pid, const QString &device)
    {
        for (const QJsonValue &q : tcJson(pid, QStringLiteral("qdisc"), device).array())
            if (q.toObject().value(u"root").toBool())
                return q.toObject().value(u"kind").toString();
        return {};
    }

    CommandResult docker(const QStringList &arguments, int timeoutMs = 120000) const
    {
        return runCommand(QStringLiteral("/usr/bin/docker"), QStringList{QStringLiteral("-H"), QStringLiteral("unix://") + m_dockerSocket} + arguments, timeoutMs);
    }
    CommandResult podman(const QStringList &arguments, int timeoutMs = 120000) const
    {
        // Not through CONTAINER_HOST: with it set, podman becomes a remote client without --root.
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("CONTAINER_HOST"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral("podman"), podmanArguments(arguments));
        if (!process.waitForStarted() || !process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
            return {-1, {}, QStringLiteral("podman did not finish")};
        }
        return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardOutput()),
                QString::fromUtf8(process.readAllStandardError())};
    }
    QString dockerSocket() const { return m_dockerSocket; }
    QString podmanSocket() const { return m_podmanSocket; }

    static inline const QString Image = QStringLiteral("qs-busybox:test");

private:
    QStringList podmanArguments(const QStringList &arguments) const
    {
        return QStringList{QStringLiteral("--root"), m_podmanRoot, QStringLiteral("--runroot"), m_podmanRun, QStringLiteral("--storage-driver"),
                           QStringLiteral("vfs"), QStringLiteral("--cgroup-manager"), QStringLiteral("cgroupfs"), QStringLiteral("--events-backend"),
                           QStringLiteral("file"), QStringLiteral("--runtime"), QStringLiteral("runc")} +
               arguments;
    }
    static bool check(const CommandResult &result, QString *error)
    {
        if (!result.ok())
            *error = QString(result.err + result.out).trimmed().left(2000);
        return result.ok();
    }
    static bool waitForApi(const QString &socket, int timeoutMs, QString *error)
    {
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < timeoutMs) {
            const UnixHttpResponse ping = unixHttpGet(socket, "/_ping", 2000);
            if (ping.failure == UnixHttpResponse::Failure::None && ping.status == 200)
                return true;
            QThread::msleep(100);
        }
        *error = QStringLiteral("%1 did not answer within %2 s").arg(socket).arg(timeoutMs / 1000);
        return false;
    }

    QString m_name;
    QString m_dockerSocket;
    QString m_podmanSocket;
    QString m_dockerRoot;
    QString m_dockerExec;
    QString m_podmanRoot;
    QString m_podmanRun;
    std::unique_ptr<QProcess> m_dockerd;
    std::unique_ptr<QProcess> m_podman;
    QTemporaryDir m_image;
};

} // namespace qs::test
