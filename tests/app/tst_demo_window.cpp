// The demo lab in the window, offscreen, on this machine's kernel (root; tbf and htb, no netem):
// in-process, a MainWindow with a DirectBackend builds a lab, runs its traffic and shows what it
// measures; a tbf preset double-clicked in the profiles list is measured at its rate; closing
// the window removes the lab. As a process, `qdisc-studio --demo` leaves no lab behind after a
// SIGTERM or a kill -9. Screenshot: build/screenshots/demo.png (docs/screenshots/demo.png).

#include "kinds/allkinds.h"
#include "chartpanel.h"
#include "demo/demosession.h"
#include "demo/labpresets.h"
#include "demo/measuredpanel.h"
#include "directbackend.h"
#include "nodeeditor.h"
#include "liveapplier.h"
#include "mainwindow.h"
#include "statspoller.h"
#include "treemodel.h"

#include "../kernel/labnamespace.h"
#include "lab/labnetwork.h"
#include "netlink/tcengine.h"
#include "tc/tcexporter.h"

#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <cmath>

using namespace qs;
using namespace qs::test;

namespace {

QString screenshotPath(const QString &name)
{
    QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
    return QStringLiteral(QS_SCREENSHOT_DIR "/") + name;
}

/** Every demo lab namespace that exists now (`ip netns list`, the oracle). */
QStringList labNamespaces()
{
    QStringList names;
    const CommandResult r =
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")});
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts)) {
        const QString name = line.section(u' ', 0, 0);
        if (name.startsWith(QStringLiteral("qs-lab-")))
            names.append(name);
    }
    return names;
}

/** The namespaces of lab @p id that exist now. */
QStringList namespacesOf(const QString &id)
{
    QStringList mine;
    for (const QString &name : labNamespaces()) {
        if (name == QStringLiteral("qs-lab-%1-a").arg(id) ||
            name == QStringLiteral("qs-lab-%1-b").arg(id))
            mine.append(name);
    }
    return mine;
}

std::optional<QdiscTree> kernelTree(const QString &target)
{
    QString error;
    auto engine = TcEngine::open(target, &error);
    auto tree = engine ? engine->read(&error) : std::nullopt;
    if (!tree)
        qWarning("cannot read %s: %s", qPrintable(target), qPrintable(error));
    return tree;
}

QString fmt(const std::optional<double> &value, double scale = 1, int decimals = 2)
{
    return value ? QString::number(*value / scale, 'f', decimals) : QStringLiteral("—");
}

QString describe(const LabMeasurement &m)
{
    return QStringLiteral("RTT median %1 ms p95 %2 ms, probe loss %3 %, UDP loss %4 %, TCP %5 "
                          "Mbit/s, UDP %6 kbit/s, link %7 Mbit/s")
        .arg(fmt(m.rttMedianMs, 1, 3), fmt(m.rttP95Ms, 1, 3), fmt(m.probeLossPercent),
             fmt(m.udpLossPercent), fmt(m.tcpGoodputBitsPerSec, 1e6),
             fmt(m.udpGoodputBitsPerSec, 1e3, 1), fmt(m.linkRateBitsPerSec, 1e6, 3));
}

/** An in-process backend that builds no lab: what the window says then. */
class NoLabBackend : public DirectBackend
{
public:
    void createLab() override { TargetBackend::createLab(); }
};

/** `qdisc-studio --demo` as a process: offscreen, in-process engine (no system bus), verbose. */
class DemoProcess
{
public:
    DemoProcess()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
                   QStringLiteral("unix:path=/nonexistent"));
        // Settings of its own, not the user's.
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_config.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_config.path());
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::SeparateChannels);
        process.start(QStringLiteral(QS_APP_PATH),
                      {QStringLiteral("--demo"), QStringLiteral("--verbose")});
    }
    ~DemoProcess()
    {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished(5000);
        }
    }

    /** The id of the lab it built (from its log), or empty after @p timeoutMs. */
    QString waitForLab(int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(100);
            log += QString::fromUtf8(process.readAllStandardError());
            // "demo: lab <id> ready, target …" once the traffic runs
            static const QRegularExpression ready(QStringLiteral("demo: lab ([a-z0-9]+) ready"));
            const QRegularExpressionMatch match = ready.match(log);
            if (match.hasMatch())
                return match.captured(1);
        }
        return {};
    }

    QProcess process;
    QString log;

private:
    QTemporaryDir m_config;
};

} // namespace

class TstDemoWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(), "needs root: the demo lab is two network namespaces");
        QStandardPaths::setTestModeEnabled(true);
    }
    void cleanup() { m_window.reset(); }

    void inProcessDemo()
    {
        m_window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
        MainWindow &window = *m_window;
        window.resize(1400, 860);
        // What qdisc-studio says as root without a system bus (app/main.cpp): the status bar as
        // the screenshot should show it.
        window.setBackendNote(QStringLiteral("in-process engine (running as root, no system bus)"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.startDemo();
        QVERIFY(window.isDemo());
        QTRY_VERIFY_WITH_TIMEOUT(window.demo()->state() != DemoSession::State::Creating, 10000);
        QCOMPARE(window.demo()->state(), DemoSession::State::Running);
        const LabInfo lab = window.demo()->lab();
        auto removeAnyway = qScopeGuard([&] {
            QString ignored;
            LabNetwork::removeNamespaces(namespacesOf(lab.id), &ignored);
        });
        QCOMPARE(namespacesOf(lab.id).size(), 2);
        QTRY_COMPARE(window.currentTarget(), lab.target);
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("status.mode"))->text().contains(lab.id));

        // The lab's presets are listed first, ready to click.
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        const QList<Profile> labPresets = LabPresets::all();
        QVERIFY(profiles->count() >= 13 + labPresets.size());
        QCOMPARE(profiles->item(0)->text(), labPresets.first().name);

        // A first-timer finds the lab shaped, its link chosen and highlighted, the root qdisc in
        // the editor, and a line saying what to try.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto tree = kernelTree(lab.target);
                return tree && tree->rootQdisc() && tree->rootQdisc()->is<TbfParams>();
            }(),
            5000);
        QCOMPARE(profiles->currentItem()->text(), labPresets.first().name);
        QTRY_COMPARE(window.findChild<NodeEditor *>(QStringLiteral("editor"))->subject(), NodeEditor::Subject::Qdisc);
        auto *targetList = window.findChild<QTreeWidget *>(QStringLiteral("targets"));
        QTRY_VERIFY(targetList->currentItem() && targetList->currentItem()->text(0) == QStringLiteral("lab0"));
        auto *whatToTry = window.findChild<QWidget *>(QStringLiteral("whatToTry"));
        QVERIFY(whatToTry && whatToTry->isVisible());

        // "Lab: unshaped", double-clicked: no qdisc of ours, and the editor says how to start.
        auto *panel = window.findChild<MeasuredPanel *>(QStringLiteral("measured"));
        QVERIFY(panel && panel->isVisible());
        const QListWidgetItem *unshapedItem = profiles->item(3);
        QCOMPARE(unshapedItem->text(), labPresets.at(3).name);
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(unshapedItem).center());
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, profiles->visualItemRect(unshapedItem).center());
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto tree = kernelTree(lab.target);
                return tree && !tree->rootQdisc();
            }(),
            5000);
        QTRY_VERIFY(window.findChild<QLabel *>(QStringLiteral("editor.hint"))->text().contains(QStringLiteral("no qdisc of its own")));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isSettling(), 4000);

        // No qdisc of ours: the RTT of a veth, and whatever rate the machine moves.
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(panel->lastMeasurement().rttMedianMs &&
                                     panel->lastMeasurement().linkRateBitsPerSec &&
                                     *panel->lastMeasurement().linkRateBitsPerSec > 0,
                                 5000);
        qInfo("first figures after %lld ms: %s", clock.elapsed(),
              qPrintable(describe(panel->lastMeasurement())));
        QTest::qWait(1500);
        const LabMeasurement unshaped = panel->lastMeasurement();
        qInfo("unshaped: %s", qPrintable(describe(unshaped)));
        QVERIFY2(unshaped.rttMedianMs && *unshaped.rttMedianMs < 5, qPrintable(describe(unshaped)));
        QVERIFY(unshaped.linkRateBitsPerSec && *unshaped.linkRateBitsPerSec > 1e6);
        QVERIFY(panel->rttPoints().size() >= 3);
        const QString rttText =
            window.findChild<QLabel *>(QStringLiteral("measured.rttMedian"))->text();
        QVERIFY2(rttText.endsWith(QStringLiteral(" ms")), qPrintable(rttText));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("measured.linkRate"))
                    ->text()
                    .contains(QStringLiteral("bit/s")));

        // Double-click "Lab: 10 Mbit/s link (tbf)", as a user does.
        const QListWidgetItem *tbfItem = profiles->item(0);
        profiles->scrollToItem(tbfItem);
        const QPoint at = profiles->visualItemRect(tbfItem).center();
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, at);
        QElapsedTimer sinceApply;
        sinceApply.start();
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto tree = kernelTree(lab.target);
                return tree && tree->rootQdisc() && tree->rootQdisc()->is<TbfParams>();
            }(),
            5000);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isSettling(), 2000);
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("measured.state"))->text(),
                 MeasuredPanel::tr("settling…"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isSettling(), 3000);

        // The link rate settles within ±10 % of 10 Mbit/s, and stays there.
        const auto nearTen = [&] {
            const auto rate = panel->lastMeasurement().linkRateBitsPerSec;
            return rate && std::abs(*rate - 10e6) <= 1e6;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(nearTen(), qPrintable(describe(panel->lastMeasurement())), 8000);
        const qint64 settledAfter = sinceApply.elapsed();
        QList<double> rates;
        for (int i = 0; i < 8; ++i) {
            QTest::qWait(MeasuredPanel::IntervalMs);
            QVERIFY2(nearTen(), qPrintable(describe(panel->lastMeasurement())));
            rates.append(*panel->lastMeasurement().linkRateBitsPerSec / 1e6);
        }
        qInfo("tbf 10mbit: within ±10 %% of 10 Mbit/s %lld ms after the double-click; then %s "
              "Mbit/s; %s",
              settledAfter, qPrintable([&] {
                  QStringList texts;
                  for (double r : rates)
                      texts.append(QString::number(r, 'f', 2));
                  return texts.join(QStringLiteral(", "));
              }()),
              qPrintable(describe(panel->lastMeasurement())));

        // The qdisc counters of the lab's target move, in the charts as for any target.
        auto *charts = window.findChild<ChartPanel *>(QStringLiteral("charts"));
        QTRY_VERIFY(!charts->nodes().isEmpty());
        const auto moving = [&] {
            charts->refresh();
            const auto points =
                charts->plottedPoints(ChartMetric::Throughput, charts->nodes().first());
            return std::count_if(points.begin(), points.end(),
                                 [](const QPointF &p) { return p.y() > 5e6; }) >= 10;
        };
        QTRY_VERIFY_WITH_TIMEOUT(moving(), 5000);

        QTest::qWait(int(std::max<qint64>(0, 6000 - sinceApply.elapsed())));
        const LabMeasurement underTbf = panel->lastMeasurement();
        qInfo("after %lld ms under tbf: %s; RTT chart %lld points", sinceApply.elapsed(),
              qPrintable(describe(underTbf)), qlonglong(panel->rttPoints().size()));

        // "Lab: 10 Mbit/s, UDP first (htb)": the same rate, but the probes skip the TCP flow's
        // queue, so the RTT drops back.
        const QListWidgetItem *htbItem = profiles->item(2);
        QCOMPARE(htbItem->text(), labPresets.at(2).name);
        const QPoint htbAt = profiles->visualItemRect(htbItem).center();
        QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, htbAt);
        QTest::mouseDClick(profiles->viewport(), Qt::LeftButton, {}, htbAt);
        sinceApply.restart();
        QTRY_COMPARE(window.tree().classes.size(), 3); // the editor holds the preset
        QTRY_VERIFY(!window.applier()->isBusy());
        QVERIFY2(window.findChild<QLabel *>(QStringLiteral("status.error"))->text().isEmpty(),
                 qPrintable(window.findChild<QLabel *>(QStringLiteral("status.error"))->text()));
        QTRY_VERIFY2_WITH_TIMEOUT(
            [&] {
                const auto tree = kernelTree(lab.target);
                return tree && tree->rootQdisc() && tree->rootQdisc()->is<HtbQdiscParams>() &&
                       tree->classes.size() == 3;
            }(),
            qPrintable(QStringLiteral("the kernel holds:\n%1\nthe window:\n%2")
                           .arg(kernelTree(lab.target)
                                    ? TcExporter::script({*kernelTree(lab.target)})
                                    : QStringLiteral("?"),
                                TcExporter::script({window.tree()}))),
            5000);
        QVERIFY2(window.findChild<QLabel *>(QStringLiteral("status.error"))->text().isEmpty(),
                 qPrintable(window.findChild<QLabel *>(QStringLiteral("status.error"))->text()));
        QTRY_VERIFY_WITH_TIMEOUT(panel->isSettling(), 2000);
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isSettling() && nearTen(), 8000);
        QTest::qWait(2000);
        const LabMeasurement underHtb = panel->lastMeasurement();
        qInfo("%lld ms under htb: %s", sinceApply.elapsed(), qPrintable(describe(underHtb)));
        QVERIFY2(nearTen(), qPrintable(describe(underHtb)));
        QVERIFY2(underTbf.rttMedianMs && underHtb.rttMedianMs &&
                     *underHtb.rttMedianMs < *underTbf.rttMedianMs / 2,
                 qPrintable(describe(underTbf) + QStringLiteral(" / ") + describe(underHtb)));

        // Both leaf classes charted together, as a user Ctrl-clicks them.
        auto *view = window.findChild<QTreeView *>(QStringLiteral("tree"));
        const auto rowNamed = [&](const QString &prefix) {
            const QModelIndexList found =
                window.treeModel()->match(window.treeModel()->index(0, 0), Qt::DisplayRole, prefix,
                                          1, Qt::MatchStartsWith | Qt::MatchRecursive);
            return found.isEmpty() ? QModelIndex() : found.first();
        };
        const QModelIndex tcpClass = rowNamed(QStringLiteral("class 1:20"));
        const QModelIndex udpClass = rowNamed(QStringLiteral("class 1:10"));
        QVERIFY(tcpClass.isValid() && udpClass.isValid());
        view->scrollTo(tcpClass);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(tcpClass).center());
        view->scrollTo(udpClass);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier,
                          view->visualRect(udpClass).center());
        QTRY_COMPARE(charts->nodes().size(), 2);

        // About 8 s of traffic under the preset, then the picture.
        QTest::qWait(int(std::max<qint64>(0, 8000 - sinceApply.elapsed())));
        qInfo("after %lld ms under htb: %s; RTT chart %lld points", sinceApply.elapsed(),
              qPrintable(describe(panel->lastMeasurement())), qlonglong(panel->rttPoints().size()));
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("demo.png"))));

        // Closing the window stops the traffic and removes the lab.
        window.close();
        QTRY_VERIFY_WITH_TIMEOUT(namespacesOf(lab.id).isEmpty(), 3000);
        m_window.reset();
        QVERIFY(namespacesOf(lab.id).isEmpty());
        qInfo("lab namespaces left on the machine: %s",
              qPrintable(labNamespaces().join(QStringLiteral(", "))));
    }

    void labUnavailable()
    {
        m_window = std::make_unique<MainWindow>(std::make_unique<NoLabBackend>());
        MainWindow &window = *m_window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.startDemo();
        QTRY_COMPARE(window.demo()->state(), DemoSession::State::Failed);
        auto *problem = window.findChild<QLabel *>(QStringLiteral("measured.problem"));
        QVERIFY(problem->isVisible());
        QVERIFY2(problem->text().contains(TargetBackend::labsNotSupported()),
                 qPrintable(problem->text()));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("status.mode"))
                    ->text()
                    .contains(QStringLiteral("not available")));
        // Without root and without a reachable helper, the message says what to do.
        const QString advice =
            DemoSession::explainFailure(QStringLiteral("no answer."), false, false);
        QVERIFY2(advice.contains(QStringLiteral("sudo qdisc-studio --demo")) &&
                     advice.contains(QStringLiteral(".deb")),
                 qPrintable(advice));
        QVERIFY(window.grab().save(screenshotPath(QStringLiteral("demo-unavailable.png"))));
    }

    void processKilled()
    {
        DemoProcess demo;
        QVERIFY(demo.process.waitForStarted());
        const QString id = demo.waitForLab(15000);
        QVERIFY2(!id.isEmpty(), qPrintable(demo.log));
        QCOMPARE(namespacesOf(id).size(), 2);
        QTest::qWait(500);   // traffic running
        demo.process.kill(); // SIGKILL: no destructor runs; the guard process removes the lab
        QVERIFY(demo.process.waitForFinished(5000));
        QElapsedTimer clock;
        clock.start();
        QTRY_VERIFY_WITH_TIMEOUT(namespacesOf(id).isEmpty(), 3000);
        qInfo("kill -9: lab %s gone %lld ms after the process died", qPrintable(id),
              clock.elapsed());
    }

    void processTerminated()
    {
        DemoProcess demo;
        QVERIFY(demo.process.waitForStarted());
        const QString id = demo.waitForLab(15000);
        QVERIFY2(!id.isEmpty(), qPrintable(demo.log));
        QCOMPARE(namespacesOf(id).size(), 2);
        QTest::qWait(500);
        demo.process.terminate(); // SIGTERM: the window closes as its close button does
        QVERIFY(demo.process.waitForFinished(5000));
        demo.log += QString::fromUtf8(demo.process.readAllStandardError());
        QCOMPARE(demo.process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(demo.process.exitCode(), 0);
        QVERIFY2(namespacesOf(id).isEmpty(), qPrintable(demo.log)); // removed before it exited
        QVERIFY2(demo.log.contains(QStringLiteral("demo lab %1 removed").arg(id)),
                 qPrintable(demo.log));
    }
};

QTEST_MAIN(TstDemoWindow)
#include "tst_demo_window.moc"
