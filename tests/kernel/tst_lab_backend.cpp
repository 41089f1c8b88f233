// The demo lab through DirectBackend (root, real kernel): createLab builds it with a guard
// process, openLabSockets gives LabTraffic's nine sockets, removeLab and the backend's
// destruction remove it; a guard whose app vanished removes the lab itself; at start, labs of
// dead in-process backends are removed and nobody else's.
#include "directbackend.h"
#include "lab/labnetwork.h"
#include "labguard.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace qs;

namespace {

bool exists(const QString &netns)
{
    return QFile::exists(QStringLiteral("/run/netns/") + netns);
}

bool processAlive(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

LabInfo create(DirectBackend &backend)
{
    QSignalSpy created(&backend, &TargetBackend::labCreated);
    backend.createLab();
    if (!created.wait(10000))
        return {};
    const QString error = created.first().at(1).toString();
    if (!error.isEmpty())
        qWarning("createLab: %s", qPrintable(error));
    return created.first().at(0).value<LabInfo>();
}

} // namespace

class TestLabBackend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(::geteuid() == 0, "needs root: it builds network namespaces (CI runs as root)");
    }

    void createOpenRemove()
    {
        DirectBackend backend;
        const LabInfo lab = create(backend);
        QVERIFY(LabNetwork::isValidId(lab.id));
        QCOMPARE(lab.namespaceA, LabNetwork::namespacePrefix() + lab.id + QStringLiteral("-a"));
        QCOMPARE(lab.namespaceB, LabNetwork::namespacePrefix() + lab.id + QStringLiteral("-b"));
        QCOMPARE(lab.target, lab.namespaceA + QStringLiteral("/lab0"));
        QVERIFY(exists(lab.namespaceA));
        QVERIFY(exists(lab.namespaceB));
        const qint64 guard = backend.labGuardProcessId(lab.id);
        QVERIFY(processAlive(guard));
        QVERIFY(QFile::exists(LabGuard::lockDirectory() + u'/' + lab.id + QStringLiteral(".lock")));

        QString error;
        std::optional<LabTrafficSockets> sockets = backend.openLabSockets(lab.id, &error);
        QVERIFY2(sockets && sockets->complete(), qPrintable(error));
        sockets->closeAll();
        QVERIFY(!backend.openLabSockets(QStringLiteral("nosuchlab"), &error));
        QVERIFY(error.contains(QStringLiteral("nosuchlab")));

        QSignalSpy removed(&backend, &TargetBackend::labRemoved);
        backend.removeLab(lab.id);
        QVERIFY(removed.wait(5000));
        QCOMPARE(removed.first().at(0).toString(), lab.id);
        QCOMPARE(removed.first().at(1).toString(), QString());
        QVERIFY(!exists(lab.namespaceA));
        QVERIFY(!exists(lab.namespaceB));
        QVERIFY(!processAlive(guard)); // dismissed and reaped
        QVERIFY(!QFile::exists(LabGuard::lockDirectory() + u'/' + lab.id + QStringLiteral(".lock")));
    }

    void destroyingTheBackendRemovesItsLab()
    {
        LabInfo lab;
        {
            DirectBackend backend;
            lab = create(backend);
            QVERIFY(exists(lab.namespaceA));
        }
        QVERIFY(!exists(lab.namespaceA));
        QVERIFY(!exists(lab.namespaceB));
    }

    void guardRemovesTheLabWhenTheAppVanishes()
    {
        // The app "dies": its end of the pipe closes without a word (what kill -9 does).
        QString error;
        const QString id = QStringLiteral("g%1").arg(::getpid() % 100000);
        std::unique_ptr<LabGuard> guard = LabGuard::start(id, &error);
        QVERIFY2(guard, qPrintable(error));
        std::optional<LabNetwork> lab = LabNetwork::create(id, &error);
        QVERIFY2(lab, qPrintable(error));
        const qint64 pid = guard->processId();
        QVERIFY(processAlive(pid));
        guard.reset(); // not dismissed
        QVERIFY(!processAlive(pid));
        QVERIFY(!exists(lab->namespaceA()));
        QVERIFY(!exists(lab->namespaceB()));
        QVERIFY(!QFile::exists(LabGuard::lockDirectory() + u'/' + id + QStringLiteral(".lock")));
    }

    void leftoversOfDeadBackendsOnlyAreRemoved()
    {
        QString error;
        // A dead in-process backend's lab: lock file there, nobody holding it.
        const QString dead = QStringLiteral("d%1").arg(::getpid() % 100000);
        // Somebody else's lab (the helper's): no lock file.
        const QString foreign = QStringLiteral("f%1").arg(::getpid() % 100000);
        // A living one: guarded.
        const QString living = QStringLiteral("l%1").arg(::getpid() % 100000);
        std::optional<LabNetwork> deadLab = LabNetwork::create(dead, &error);
        QVERIFY2(deadLab, qPrintable(error));
        std::optional<LabNetwork> foreignLab = LabNetwork::create(foreign, &error);
        QVERIFY2(foreignLab, qPrintable(error));
        std::unique_ptr<LabGuard> guard = LabGuard::start(living, &error);
        QVERIFY2(guard, qPrintable(error));
        std::optional<LabNetwork> livingLab = LabNetwork::create(living, &error);
        QVERIFY2(livingLab, qPrintable(error));
        auto cleanup = qScopeGuard([&] {
            QString ignored;
            foreignLab->remove(&ignored);
            deadLab->remove(&ignored);
            livingLab->remove(&ignored);
            guard->dismiss();
        });
        const QByteArray deadLock = QFile::encodeName(LabGuard::lockDirectory() + u'/' + dead + QStringLiteral(".lock"));
        const int fd = ::open(deadLock.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        QVERIFY(fd >= 0);
        ::close(fd);

        DirectBackend backend; // scans at start
        QVERIFY(!exists(deadLab->namespaceA()));
        QVERIFY(!exists(deadLab->namespaceB()));
        QVERIFY(!QFile::exists(QFile::decodeName(deadLock)));
        QVERIFY(exists(foreignLab->namespaceA()));
        QVERIFY(exists(foreignLab->namespaceB()));
        QVERIFY(exists(livingLab->namespaceA()));
        QVERIFY(exists(livingLab->namespaceB()));
    }
};

QTEST_GUILESS_MAIN(TestLabBackend)
#include "tst_lab_backend.moc"
