// The window on another host's target (issue 20). Not a test of its own: tst_remote_ssh runs it
// inside its client namespace, once the remote host (sshd, helper, htb on veth0) is up, with
//   QS_REMOTE_HOST     the host as added ("qs-ssh-granted@198.18.70.2")
//   QS_REMOTE_NETNS    the remote host's namespace, where tc reads the kernel's own counters
//   QS_CLIENT_ADDRESS  this namespace's address, where the remote host's TCP flow goes
//   QS_CLIENT_DEVICE   this namespace's end of the link, cut to see the window drop the host
//   QDISC_STUDIO_SSH   the ssh the window runs (the test's keys and known_hosts)
// It adds the host by clicking Add host and typing it, chooses the remote veth0 in the targets
// pane, and compares the chart's rates of class 1:10 under a shaped flow with tc -s deltas.

#include "../kernel/labnamespace.h"
#include "charts/statspoller.h"
#include "directbackend.h"
#include "hostsbackend.h"
#include "mainwindow.h"
#include "stats/monotonicclock.h"
#include "targetspane.h"

#include <QElapsedTimer>
#include <QInputDialog>
#include <QScopeGuard>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

#include <numeric>

using namespace qs;
using namespace qs::test;

class TestRemoteWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowChartsARemoteClass()
    {
        const QString host = qEnvironmentVariable("QS_REMOTE_HOST");
        const QString remoteNetns = qEnvironmentVariable("QS_REMOTE_NETNS");
        const QString clientAddress = qEnvironmentVariable("QS_CLIENT_ADDRESS");
        QVERIFY2(!host.isEmpty() && !remoteNetns.isEmpty() && !clientAddress.isEmpty(), "run by tst_remote_ssh");
        const QString target = QStringLiteral("ssh://%1/veth0").arg(host);

        MainWindow window(std::make_unique<HostsBackend>(std::make_unique<DirectBackend>()));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // Add host: the button, then the dialog's text, as a person would.
        auto *addHost = window.findChild<QToolButton *>(QStringLiteral("addHost"));
        QVERIFY(addHost);
        QTimer::singleShot(200, [host] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            dialog->setTextValue(host);
            dialog->accept();
        });
        addHost->click();
        auto *pane = window.findChild<TargetsPane *>();
        QVERIFY(pane);
        QTRY_VERIFY2_WITH_TIMEOUT(pane->targets().contains(target), qPrintable(pane->targets().join(u' ')), 30000);

        // Its interfaces are listed under it; choosing veth0 loads the remote kernel's tree.
        auto *list = window.findChild<QTreeWidget *>(QStringLiteral("targets"));
        const QList<QTreeWidgetItem *> hostItems = list->findItems(host, Qt::MatchExactly);
        QCOMPARE(hostItems.size(), 1);
        QTreeWidgetItem *veth = nullptr;
        for (int i = 0; i < hostItems.first()->childCount(); ++i)
            if (hostItems.first()->child(i)->text(0) == u"veth0")
                veth = hostItems.first()->child(i);
        QVERIFY(veth);
        list->scrollToItem(veth);
        const QRect rect = list->visualItemRect(veth);
        QVERIFY2(!rect.isEmpty(), "veth0 is in sight in the targets pane");
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_COMPARE_WITH_TIMEOUT(window.currentTarget(), target, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.tree().rootQdisc() && window.tree().rootQdisc()->kindName() == u"htb", 20000);
        QCOMPARE(window.tree().classes.size(), 1);

        // A bulk TCP flow from the remote host to this one, shaped by class 1:10.
        QProcess server;
        server.start(QStringLiteral("iperf3"), {QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-B"), clientAddress});
        QVERIFY(server.waitForStarted());
        QTest::qWait(300);
        QProcess sender;
        sender.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), remoteNetns, QStringLiteral("iperf3"), QStringLiteral("-c"),
                                            clientAddress, QStringLiteral("-t"), QStringLiteral("9")});
        QVERIFY(sender.waitForStarted());
        auto stop = qScopeGuard([&] {
            sender.kill();
            server.kill();
            sender.waitForFinished();
            server.waitForFinished();
        });
        QTest::qWait(2000);
        const auto sentBytes = [&] {
            const CommandResult r = runCommand(QStringLiteral("tc"), {QStringLiteral("-n"), remoteNetns, QStringLiteral("-s"), QStringLiteral("class"),
                                                                      QStringLiteral("show"), QStringLiteral("dev"), QStringLiteral("veth0")});
            const qsizetype at = r.out.indexOf(QStringLiteral(" Sent "));
            return at < 0 ? -1.0 : r.out.mid(at + 6).section(u' ', 0, 0).toDouble();
        };
        const qint64 from = monotonicNowNs();
        const double bytesFrom = sentBytes();
        QTest::qWait(5000);
        const double bytesTo = sentBytes();
        const qint64 to = monotonicNowNs();
        const double tcBitsPerSec = (bytesTo - bytesFrom) * 8 * 1e9 / double(to - from);

        const CounterHistory *history = window.poller()->history(nodeStatsKey(true, TcHandle::make(1, 0x10)));
        QVERIFY2(history, "class 1:10 has a history");
        const QList<RatePoint> rates = history->rates(from + 200'000'000, to).points;
        QVERIFY2(rates.size() >= 20, qPrintable(QString::number(rates.size())));
        const double mean = std::accumulate(rates.begin(), rates.end(), 0.0, [](double sum, const RatePoint &p) { return sum + p.bitsPerSec; }) /
                            double(rates.size());
        qInfo("window over ssh: class 1:10 charted at %.0f bit/s (mean of %lld points, every %d ms); tc -s deltas: %.0f bit/s; %.2f %% apart", mean,
              qlonglong(rates.size()), window.poller()->interval(), tcBitsPerSec, 100.0 * std::abs(mean - tcBitsPerSec) / tcBitsPerSec);
        QVERIFY2(tcBitsPerSec > 9e6 && tcBitsPerSec < 11e6, "htb shapes to 10 Mbit/s");
        QVERIFY(std::abs(mean - tcBitsPerSec) <= 0.02 * tcBitsPerSec);

        const QString shots = qEnvironmentVariable("QS_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            window.grab().save(shots + QStringLiteral("/remote-host-1280x800.png"));
        stop.dismiss();
        sender.kill();
        server.kill();
        sender.waitForFinished();
        server.waitForFinished();

        // The link to the host cut: ssh's keepalives give up, the window drops the host and says so;
        // once the link is back the host can be added again.
        const QString device = qEnvironmentVariable("QS_CLIENT_DEVICE");
        QVERIFY(runCommand(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("set"), device, QStringLiteral("down")}).ok());
        QElapsedTimer cut;
        cut.start();
        QTRY_VERIFY_WITH_TIMEOUT(!pane->targets().contains(target), 30000);
        qInfo("link cut: the window dropped %s after %lld ms", qPrintable(host), cut.elapsed());
        QVERIFY(list->findItems(host, Qt::MatchExactly).isEmpty());
        QVERIFY(runCommand(QStringLiteral("ip"), {QStringLiteral("link"), QStringLiteral("set"), device, QStringLiteral("up")}).ok());
        window.addHost(host);
        QTRY_VERIFY_WITH_TIMEOUT(pane->targets().contains(target), 30000);
    }
};

QTEST_MAIN(TestRemoteWindow)
#include "tst_remote_window.moc"
