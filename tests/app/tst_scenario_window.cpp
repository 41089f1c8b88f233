// Scenarios in the window, offscreen, on this machine's kernel (root; tbf, no netem): in-process
// (DirectBackend), a MainWindow on a veth of two namespaces of the test's own, with UDP flowing
// through it. The built-in "Evening congestion" is chosen and played from the scenario panel;
// the timeline's playhead moves and its highlight follows the player's step; clicking a block
// jumps there; the charts get a marker named after each step that begins; the tree shown
// follows the kernel (the tbf rate in the window is the one `tc` reports); the editor waits
// while the scenario drives the target; Pause holds the playhead, Resume moves it again, and
// Stop puts back the tree from before (checked with tc). Screenshot: build/screenshots/
// scenario.png, and docs/screenshots/scenario.png when QS_WRITE_SCREENSHOTS=1.

#include "kinds/allkinds.h"
#include "chartpanel.h"
#include "directbackend.h"
#include "mainwindow.h"
#include "nodeeditor.h"
#include "scenario/scenariopanel.h"
#include "scenario/timelinewidget.h"
#include "treemodel.h"

#include "../kernel/labnamespace.h"
#include "profiles/profilestore.h"
#include "scenario/scenariostore.h"
#include "stats/monotonicclock.h"

#include <QCheckBox>
#include <QApplication>
#include <QComboBox>
#include <QMessageBox>
#include <QTimer>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>

#include <optional>

using namespace qs;
using namespace qs::test;

namespace {

const QString ScenarioName = QStringLiteral("Evening congestion");
// What the veth holds before the scenario: Stop must put exactly this back.
constexpr quint64 OriginalRateBytes = 5'000'000; // 40mbit
const QStringList OriginalQdisc = {
    QStringLiteral("qdisc"),   QStringLiteral("add"),   QStringLiteral("dev"),
    QStringLiteral("va"),      QStringLiteral("root"),  QStringLiteral("handle"),
    QStringLiteral("1:"),      QStringLiteral("tbf"),   QStringLiteral("rate"),
    QStringLiteral("40mbit"),  QStringLiteral("burst"), QStringLiteral("20kb"),
    QStringLiteral("latency"), QStringLiteral("40ms")};

/** The root tbf's rate in bytes/s as `tc -j qdisc show` reports it, if the root is a tbf. */
std::optional<quint64> tcTbfRate(const LabNamespace &ns, const QString &device)
{
    const QJsonArray qdiscs = ns.tcJson(QStringLiteral("qdisc"), device).array();
    for (const QJsonValue &value : qdiscs) {
        const QJsonObject qdisc = value.toObject();
        if (qdisc.value(QStringLiteral("root")).toBool() &&
            qdisc.value(QStringLiteral("kind")).toString() == u"tbf")
            return quint64(qdisc.value(QStringLiteral("options"))
                               .toObject()
                               .value(QStringLiteral("rate"))
                               .toDouble());
    }
    return std::nullopt;
}

/** The root tbf's rate in @p tree, if its root is a tbf. */
std::optional<quint64> tbfRate(const QdiscTree &tree)
{
    const QdiscNode *root = tree.rootQdisc();
    if (!root || !root->is<TbfParams>())
        return std::nullopt;
    return root->params.get<TbfParams>().rateBytesPerSecond;
}

QString rateText(const std::optional<quint64> &rate)
{
    return rate ? QStringLiteral("%1 bit/s").arg(*rate * 8) : QStringLiteral("no tbf");
}

bool hasMarker(const ChartPanel *charts, const QString &label)
{
    for (const ChartMarker &marker : charts->markers()) {
        if (marker.label == label)
            return true;
    }
    return false;
}

QString markerList(const ChartPanel *charts)
{
    QStringList labels;
    for (const ChartMarker &marker : charts->markers())
        labels.append(marker.label + (marker.visible ? QString() : QStringLiteral(" (hidden)")));
    return labels.join(QStringLiteral(", "));
}

/** `ip netns exec <ns> <command>` running in the background; killed when it goes. */
std::unique_ptr<QProcess> startIn(const LabNamespace &ns, const QStringList &command)
{
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process->setStandardOutputFile(QProcess::nullDevice());
    process->start(QStringLiteral("ip"),
                   QStringList{QStringLiteral("netns"), QStringLiteral("exec"), ns.name()} +
                       command);
    return process;
}

} // namespace

class TstScenarioWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<TwoHostLab> m_lab;
    std::unique_ptr<QProcess> m_server;
    std::unique_ptr<QProcess> m_sender;

    ScenarioPanel *panel() const { return m_window->scenarioPanel(); }
    TimelineWidget *timeline() const { return panel()->timeline(); }
    ChartPanel *charts() const
    {
        return m_window->findChild<ChartPanel *>(QStringLiteral("charts"));
    }
    QPushButton *button(const char *name) const
    {
        return m_window->findChild<QPushButton *>(
            QStringLiteral("scenario.%1").arg(QLatin1String(name)));
    }
    void click(QPushButton *b)
    {
        QVERIFY2(b && b->isVisible() && b->isEnabled(),
                 qPrintable(b ? b->objectName() : QStringLiteral("no such button")));
        QTest::mouseClick(b, Qt::LeftButton);
    }
    /** Clicks the block of @p step on the timeline, as a user does to jump there. */
    void clickBlock(int step)
    {
        const QRectF block = timeline()->blockRect(step);
        QVERIFY2(block.width() >= 4,
                 qPrintable(QStringLiteral("block %1 is %2 px wide").arg(step).arg(block.width())));
        QTest::mouseClick(timeline(), Qt::LeftButton, {}, block.center().toPoint());
    }
    qint64 playhead() const { return timeline()->positionAt(monotonicNowNs()); }

    /** Clicks @p buttonText in the next question the window asks (a modal message box). */
    void answerNextQuestion(const QString &buttonText)
    {
        auto *poll = new QTimer(this);
        poll->setInterval(50);
        connect(poll, &QTimer::timeout, this, [poll, buttonText] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            for (QAbstractButton *b : box->buttons()) {
                if (b->text() == buttonText) {
                    poll->deleteLater();
                    QTest::mouseClick(b, Qt::LeftButton);
                    return;
                }
            }
        });
        poll->start();
    }
    void triggerRestore()
    {
        QAction *restore = m_window->findChild<QAction *>(QStringLiteral("action.restore"));
        QVERIFY(restore && restore->isEnabled());
        restore->trigger();
    }

    /** Clicks the block of @p step and checks what follows: the highlight, the marker, and on a tbf
     * tree step the rate. */
    void jumpTo(const Scenario &scenario, int step)
    {
        clickBlock(step);
        QTRY_VERIFY_WITH_TIMEOUT(panel()->progress().step == step, 5000);
        QTRY_COMPARE(timeline()->currentStep(), step);
        const QString name = scenario.steps.at(step).displayName(step + 1);
        QTRY_VERIFY2(hasMarker(charts(), name), qPrintable(markerList(charts())));
        expectTreeStep(scenario, step);
    }
    /** On a step that holds a tbf tree: tc reports its rate, and the window shows what tc reports.
     */
    void expectTreeStep(const Scenario &scenario, int step)
    {
        const ScenarioStep &played = scenario.steps.at(step);
        if (played.kind != ScenarioStep::Kind::Tree || !tbfRate(played.tree))
            return;
        const LabNamespace &a = m_lab->a;
        QTRY_VERIFY2_WITH_TIMEOUT(
            tcTbfRate(a, QStringLiteral("va")) == tbfRate(played.tree) &&
                tbfRate(m_window->tree()) == tcTbfRate(a, QStringLiteral("va")),
            qPrintable(
                QStringLiteral("step %1: tc %2, window %3, step %4")
                    .arg(played.displayName(step + 1), rateText(tcTbfRate(a, QStringLiteral("va"))),
                         rateText(tbfRate(m_window->tree())), rateText(tbfRate(played.tree)))),
            5000);
        ++m_treeStepsChecked;
    }
    int m_treeStepsChecked = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(isRoot(),
                 "needs root: the scenario plays on a veth in namespaces of the test's own");
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty(),
                 "needs iperf3: the UDP traffic the charts show");
    }

    void cleanup()
    {
        for (QProcess *process : {m_sender.get(), m_server.get()}) {
            if (process && process->state() != QProcess::NotRunning) {
                process->kill();
                process->waitForFinished(5000);
            }
        }
        m_sender.reset();
        m_server.reset();
        m_window.reset();
        m_lab.reset();
    }

    void playEveningCongestion()
    {
        // The scenario as it ships, its profile and preset steps resolved as the panel plays it.
        QString error;
        const auto builtin = ScenarioStore::builtin(ScenarioName);
        QVERIFY2(builtin, "the built-in scenario \"Evening congestion\" is missing");
        ProfileStore profiles;
        const auto scenario = builtin->resolveReferences(&profiles, &error);
        QVERIFY2(scenario, qPrintable(error));
        const qsizetype steps = scenario->steps.size();
        QVERIFY2(steps >= 4, "the test walks through four steps");

        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-scn"));
        QVERIFY(m_lab->ok);
        const LabNamespace &a = m_lab->a;
        const QString target = a.target(QStringLiteral("va"));
        QVERIFY(a.tc(OriginalQdisc).ok());
        QCOMPARE(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(OriginalRateBytes));

        // UDP from host a to host b through va's qdisc: more than any step lets through.
        m_server = startIn(m_lab->b, {QStringLiteral("iperf3"), QStringLiteral("-s"),
                                      QStringLiteral("-p"), QStringLiteral("5201")});
        QVERIFY(m_lab->b.waitForListener(5201, 5000));
        m_sender = startIn(a, {QStringLiteral("iperf3"), QStringLiteral("-c"),
                               QStringLiteral("198.18.0.2"), QStringLiteral("-p"),
                               QStringLiteral("5201"), QStringLiteral("-u"), QStringLiteral("-b"),
                               QStringLiteral("60M"), QStringLiteral("-l"), QStringLiteral("1200"),
                               QStringLiteral("-t"), QStringLiteral("300")});
        QVERIFY(m_sender->waitForStarted());

        m_window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
        MainWindow &window = *m_window;
        window.resize(1440, 940);
        window.setBackendNote(QStringLiteral("in-process engine (running as root, no system bus)"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.chooseTarget(target);
        QTRY_COMPARE(window.currentTarget(), target);
        QCOMPARE(rateText(tbfRate(window.tree())), rateText(OriginalRateBytes));
        QCOMPARE(panel()->target(), target);
        QTRY_VERIFY(!charts()->nodes().isEmpty()); // the root tbf, charted

        // Choose the scenario in the list: built-ins come first, marked read-only.
        auto *chooser = window.findChild<QComboBox *>(QStringLiteral("scenario.chooser"));
        const int row = chooser->findText(ScenarioName, Qt::MatchStartsWith);
        QVERIFY(row >= 0);
        QCOMPARE(chooser->itemText(row), ScenarioPanel::tr("%1 (built-in)").arg(ScenarioName));
        chooser->setCurrentIndex(row);
        QCOMPARE(panel()->currentScenario()->name, ScenarioName);
        QVERIFY(panel()->isBuiltinChosen());
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("scenario.builtin"))->isVisible());
        QCOMPARE(timeline()->blocks().size(), steps);
        QVERIFY(
            window.findChild<QCheckBox *>(QStringLiteral("scenario.revertOnExit"))->isChecked());

        // Play: the first step reaches the kernel, the playhead moves, the highlight is step 1.
        click(button("play"));
        QTRY_VERIFY_WITH_TIMEOUT(panel()->progress().state == ScenarioProgress::State::Playing,
                                 10000);
        QVERIFY2(panel()->errorText().isEmpty(), qPrintable(panel()->errorText()));
        QTRY_COMPARE(timeline()->currentStep(), panel()->progress().step);
        QVERIFY(timeline()->isAnimating());
        const qint64 before = playhead();
        const quint64 paintsBefore = timeline()->paintCount();
        QTest::qWait(700);
        QVERIFY2(playhead() > before || panel()->progress().step != 0,
                 qPrintable(QStringLiteral("the playhead stayed at %1 ms").arg(before)));
        // The timeline repaints only when the playhead moved a pixel or the clock a second: on a
        // long scenario that can be fewer than five frames in 700 ms (it failed so once), so the
        // repaints are awaited, not counted in a fixed window.
        QTRY_VERIFY2_WITH_TIMEOUT(timeline()->paintCount() >= paintsBefore + 5,
                                  "the playhead is repainted while playing", 5000);
        QTRY_VERIFY2(hasMarker(charts(), scenario->steps.at(0).displayName(1)),
                     qPrintable(markerList(charts())));

        // A scenario drives the target: the tree is a view of the kernel, edits wait.
        QVERIFY(window.isScenarioDriving());
        QVERIFY(window.findChild<QWidget *>(QStringLiteral("scenario.banner"))->isVisible());
        QVERIFY(!window.findChild<NodeEditor *>(QStringLiteral("editor"))->isEnabled());
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("status.scenario"))
                    ->text()
                    .contains(ScenarioName));

        expectTreeStep(*scenario, 0);
        QTest::qWait(7000); // traffic under the first step: the charts show it

        // Jump ahead by clicking blocks: each step that begins gets its marker, the highlight
        // follows, and on a tree step the window shows the rate tc reports.
        jumpTo(*scenario, 1);
        QTest::qWait(6000); // a ramp: the charts show the rate falling
        jumpTo(*scenario, 2);
        QTest::qWait(2500);

        // Pause holds the playhead and stops the repaints; on a ramp the values hold too, and
        // the window shows what tc shows.
        click(button("pause"));
        QTRY_VERIFY(panel()->progress().state == ScenarioProgress::State::Paused);
        QVERIFY(!timeline()->isAnimating());
        QVERIFY(button("resume")->isVisible());
        const qint64 held = playhead();
        QTest::qWait(600);
        QCOMPARE(playhead(), held);
        QTRY_VERIFY2_WITH_TIMEOUT(tbfRate(window.tree()) &&
                                      tbfRate(window.tree()) == tcTbfRate(a, QStringLiteral("va")),
                                  qPrintable(QStringLiteral("paused: tc %1, window %2")
                                                 .arg(rateText(tcTbfRate(a, QStringLiteral("va"))),
                                                      rateText(tbfRate(window.tree())))),
                                  3000);
        QVERIFY2(m_treeStepsChecked >= 2, "fewer than two tree steps were checked against tc");

        click(button("resume"));
        QTRY_VERIFY(panel()->progress().state == ScenarioProgress::State::Playing);
        QVERIFY(timeline()->isAnimating());
        QTRY_VERIFY_WITH_TIMEOUT(playhead() > held || panel()->progress().step > 2, 3000);

        // The last step, a ramp back up; then the picture: the timeline playing, markers on the
        // charts, traffic moving.
        jumpTo(*scenario, 3);
        QTest::qWait(6000);
        charts()->refresh();
        int visibleMarkers = 0;
        for (const ChartMarker &marker : charts()->markers())
            visibleMarkers += marker.visible ? 1 : 0;
        QVERIFY2(visibleMarkers >= 4, qPrintable(markerList(charts())));
        const auto points = charts()->plottedPoints(charts()->metric(), charts()->nodes().first());
        QVERIFY2(std::count_if(points.begin(), points.end(),
                               [](const QPointF &p) { return p.y() > 1e6; }) >= 10,
                 "no traffic on the charts");
        const QImage shot = window.grab().toImage();
        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        QVERIFY(shot.save(QStringLiteral(QS_SCREENSHOT_DIR "/scenario.png")));
        if (qEnvironmentVariableIntValue("QS_WRITE_SCREENSHOTS") == 1)
            QVERIFY(shot.save(QStringLiteral(QS_DOCS_SCREENSHOT_DIR "/scenario.png")));

        // "Restore original" while the scenario drives the target asks first; Cancel leaves it
        // playing and the kernel untouched.
        answerNextQuestion(QMessageBox::tr("Cancel"));
        triggerRestore();
        QVERIFY(panel()->isActive());
        QVERIFY(tcTbfRate(a, QStringLiteral("va")) != std::optional<quint64>(OriginalRateBytes));

        // Stop: the tree from before comes back, in the kernel and in the window.
        click(button("stop"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isActive(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(a, QStringLiteral("va"))),
                                  rateText(OriginalRateBytes), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tbfRate(window.tree())), rateText(OriginalRateBytes),
                                  5000);
        QVERIFY(!timeline()->isAnimating());
        QCOMPARE(timeline()->currentStep(), -1);
        QVERIFY(!window.isScenarioDriving());
        QVERIFY(window.findChild<NodeEditor *>(QStringLiteral("editor"))->isEnabled());
        QVERIFY(!window.findChild<QWidget *>(QStringLiteral("scenario.banner"))->isVisible());
        QVERIFY(button("play")->isEnabled());

        // Again, and this time "Restore original" is answered with "Stop the scenario": the
        // scenario stops, then the original tree is put back.
        click(button("play"));
        QTRY_VERIFY_WITH_TIMEOUT(panel()->progress().state == ScenarioProgress::State::Playing, 10000);
        QTRY_VERIFY(window.isScenarioDriving());
        QTRY_VERIFY(tcTbfRate(a, QStringLiteral("va")) != std::optional<quint64>(OriginalRateBytes));
        answerNextQuestion(MainWindow::tr("Stop the scenario"));
        triggerRestore();
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isActive(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(OriginalRateBytes), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tbfRate(window.tree())), rateText(OriginalRateBytes), 5000);
        QVERIFY(window.findChild<NodeEditor *>(QStringLiteral("editor"))->isEnabled());
    }

    void playOnSeveralTargets()
    {
        // A scenario of the user's for two targets: Play on one of them plays both lanes from one
        // start (ScenarioEnsemble through the window's backend); each kernel gets its own lane;
        // Pause waits; Stop ends both and puts back both trees. On a target the scenario does not
        // name, Play says so and applies nothing.
        m_lab = std::make_unique<TwoHostLab>(QStringLiteral("qs-scs"));
        QVERIFY(m_lab->ok);
        const LabNamespace &a = m_lab->a;
        const LabNamespace &b = m_lab->b;
        QVERIFY(a.tc(OriginalQdisc).ok());
        QStringList originalB = OriginalQdisc;
        originalB[3] = QStringLiteral("vb");
        QVERIFY(b.tc(originalB).ok());
        const QString onA = a.target(QStringLiteral("va"));
        const QString onB = b.target(QStringLiteral("vb"));
        QVERIFY(a.ip({QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("vx"), QStringLiteral("type"), QStringLiteral("veth"),
                      QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("vy")}).ok() &&
                a.up(QStringLiteral("vx")));

        const auto tbfStep = [](const QString &name, qint64 ms, const QString &rate) {
            ScenarioStep step;
            step.name = name;
            step.durationMs = ms;
            step.tree = targetFreeTreeOf(QStringLiteral("tc qdisc add dev x root handle 1: tbf rate %1 burst 20kb latency 40ms").arg(rate));
            return step;
        };
        Scenario scenario;
        scenario.name = QStringLiteral("Two sites");
        scenario.targets = {onA, onB};
        scenario.steps = {tbfStep(QStringLiteral("Both 10 Mbit/s"), 1500, QStringLiteral("10mbit")),
                          tbfStep(QStringLiteral("B degrades"), 60000, QStringLiteral("10mbit"))};
        scenario.steps[1].kind = ScenarioStep::Kind::Hold;
        scenario.steps[1].tree = QdiscTree();
        scenario.perTarget = {TargetStep{1, onB, tbfStep({}, 0, QStringLiteral("2mbit"))}};
        QString error;
        QVERIFY2(ScenarioStore().save(scenario, &error), qPrintable(error));
        // The test-mode data folder is shared with other tests (tst_translations lists the scenarios): leave none behind.
        const auto forget = qScopeGuard([&] { ScenarioStore().remove(scenario.name, nullptr); });

        m_window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
        MainWindow &window = *m_window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        panel()->reload();
        window.chooseTarget(onA);
        QTRY_COMPARE(window.currentTarget(), onA);
        QVERIFY(panel()->selectScenario(scenario.name));

        click(button("play"));
        QTRY_VERIFY_WITH_TIMEOUT(panel()->isPlayingSeveral() && panel()->progress().state == ScenarioProgress::State::Playing, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(1'250'000), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(b, QStringLiteral("vb"))), rateText(1'250'000), 5000);
        // Step 2: B's own condition, A holds.
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(b, QStringLiteral("vb"))), rateText(250'000), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(panel()->progress().step, 1, 5000);
        QCOMPARE(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(1'250'000));
        QVERIFY(!button("pause")->isEnabled());
        QVERIFY(button("stop")->isEnabled());
        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        QVERIFY(window.grab().toImage().save(QStringLiteral(QS_SCREENSHOT_DIR "/scenario-several.png")));

        click(button("stop"));
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->isPlayingSeveral() && !panel()->isActive(), 10000);
        QVERIFY2(panel()->errorText().isEmpty(), qPrintable(panel()->errorText()));
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(OriginalRateBytes), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(rateText(tcTbfRate(b, QStringLiteral("vb"))), rateText(OriginalRateBytes), 5000);

        // A target the scenario does not name: said, nothing applied.
        const QString other = a.target(QStringLiteral("vx"));
        window.chooseTarget(other);
        QTRY_COMPARE(window.currentTarget(), other);
        QVERIFY(panel()->selectScenario(scenario.name));
        click(button("play"));
        QTRY_VERIFY(panel()->errorText().contains(onB));
        QVERIFY(!panel()->isPlayingSeveral());
        QCOMPARE(rateText(tcTbfRate(a, QStringLiteral("va"))), rateText(OriginalRateBytes));
    }
};

QTEST_MAIN(TstScenarioWindow)
#include "tst_scenario_window.moc"
