#include "kinds/allkinds.h"
#include "scenario/scenarioplayer.h"

#include "model/treejson.h"
#include "stats/monotonicclock.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <climits>
#include <memory>

using namespace qs;

namespace qs {
// QCOMPARE prints both sides with this when a comparison fails.
char *toString(const QdiscTree &tree)
{
    return QTest::toString(
        QString::fromUtf8(QJsonDocument(TreeJson::toJson(tree)).toJson(QJsonDocument::Compact)));
}
} // namespace qs

namespace {

constexpr TcHandle H1 = TcHandle::make(1, 0);
constexpr qint64 Ms = 1'000'000;

QdiscTree netemTree(quint64 delayUs)
{
    NetemParams netem;
    netem.delayUs = delayUs;
    QdiscNode root;
    root.handle = H1;
    root.params = netem;
    QdiscTree tree;
    tree.qdiscs.append(root);
    return tree;
}

QdiscTree bound(QdiscTree tree)
{
    tree.netns = QStringLiteral("ns");
    tree.device = QStringLiteral("dev");
    return tree;
}

quint64 delayOf(const QdiscTree &tree)
{
    const QdiscNode *root = tree.qdisc(H1);
    return root ? root->params.get<NetemParams>().delayUs : 0;
}

ScenarioStep treeStep(const QString &name, qint64 ms, quint64 delayUs)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = ms;
    step.tree = netemTree(delayUs);
    return step;
}

ScenarioStep delayRamp(const QString &name, qint64 ms, quint64 toUs, int ups)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = ms;
    step.kind = ScenarioStep::Kind::Ramp;
    step.ramps = {{QStringLiteral("netem.delay"), TcHandle(), double(toUs)}};
    step.updatesPerSecond = ups;
    return step;
}

Scenario scenarioOf(QList<ScenarioStep> steps, ScenarioEnding onEnd = ScenarioEnding::KeepLast,
                    ScenarioEnding onAbort = ScenarioEnding::Restore, int loops = 1)
{
    Scenario scenario;
    scenario.name = QStringLiteral("Test");
    scenario.steps = std::move(steps);
    scenario.onEnd = onEnd;
    scenario.onAbort = onAbort;
    scenario.loops = loops;
    return scenario;
}

/** The target's tree before playback: what Restore puts back. */
QdiscTree before()
{
    return bound(netemTree(1000));
}

/** Records every apply (the clock and the tree); can be told to fail. */
struct FakeKernel
{
    struct Apply
    {
        qint64 ns;
        QdiscTree tree;
    };
    QList<Apply> applies; ///< every attempt, failed ones too
    int failOnCall = -1;  ///< 0-based call that fails

    ScenarioPlayer::ApplyFunction function()
    {
        return [this](const QdiscTree &tree, QString *error) {
            applies.append({monotonicNowNs(), tree});
            if (applies.size() - 1 == failOnCall) {
                *error = QStringLiteral("RTNETLINK answers: Invalid argument");
                return false;
            }
            return true;
        };
    }
    QList<quint64> delays() const
    {
        QList<quint64> list;
        for (const Apply &apply : applies)
            list.append(delayOf(apply.tree));
        return list;
    }
};

struct Started
{
    int loop;
    int step;
    qint64 dueNs;
    qint64 appliedNs;
};

QList<Started> startedOf(const QSignalSpy &spy)
{
    QList<Started> list;
    for (const QList<QVariant> &args : spy)
        list.append({args.at(0).toInt(), args.at(1).toInt(), args.at(2).toLongLong(),
                     args.at(3).toLongLong()});
    return list;
}

QString stepsText(const QList<Started> &started)
{
    QStringList parts;
    for (const Started &s : started)
        parts.append(QStringLiteral("(%1,%2)").arg(s.loop).arg(s.step));
    return parts.join(u' ');
}

/** A clock the test moves by hand (the player's timer still waits in real time). */
struct FakeClock
{
    std::shared_ptr<qint64> now = std::make_shared<qint64>(monotonicNowNs());
    void attach(ScenarioPlayer &player)
    {
        player.setClockForTesting([now = now] { return *now; });
    }
    void advanceMs(qint64 ms) { *now += ms * Ms; }
};

} // namespace

class TestScenarioPlayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsInOrder()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 100, 10000),
                                          treeStep(QStringLiteral("B"), 100, 20000),
                                          treeStep(QStringLiteral("C"), 100, 30000)}),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY2(player.prepare(&errors), qPrintable(errors.join(u'\n')));
        QVERIFY(kernel.applies.isEmpty()); // nothing before start()
        const qint64 t0 = monotonicNowNs();
        player.start();
        QCOMPARE(kernel.applies.size(), 1); // step 1 at once
        QCOMPARE(player.progress().state, ScenarioProgress::State::Playing);
        QVERIFY(ended.wait(3000));

        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000, 30000})); // KeepLast: nothing after
        for (const FakeKernel::Apply &apply : kernel.applies)
            QCOMPARE(apply.tree.device, QStringLiteral("dev"));
        const QList<Started> s = startedOf(started);
        QCOMPARE(stepsText(s), QStringLiteral("(1,0) (1,1) (1,2)"));
        // Absolute schedule: due times exactly one step apart, applied no earlier than due.
        QVERIFY(s[0].dueNs >= t0);
        QCOMPARE(s[1].dueNs - s[0].dueNs, 100 * Ms);
        QCOMPARE(s[2].dueNs - s[0].dueNs, 200 * Ms);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(s[i].appliedNs >= s[i].dueNs);
            QCOMPARE(s[i].appliedNs >= kernel.applies[i].ns, true);
        }
        QCOMPARE(ended.size(), 1);
        const auto progress = ended.first().first().value<ScenarioProgress>();
        QCOMPARE(progress.state, ScenarioProgress::State::Finished);
        QCOMPARE(progress.positionMs, qint64(300));
        QCOMPARE(progress.step, 2);
        QCOMPARE(player.progress().state, ScenarioProgress::State::Finished);
    }

    void startAtWaitsForTheSharedStart()
    {
        // A start shared with other targets: nothing before it, step 1 when it comes, the
        // schedule counted from it (not from when start was called).
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 100, 10000), treeStep(QStringLiteral("B"), 100, 20000)}), before(),
                              kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        const qint64 startNs = monotonicNowNs() + 300 * Ms;
        player.startAt(startNs);
        QVERIFY(kernel.applies.isEmpty());
        const ScenarioProgress waiting = player.progress();
        QCOMPARE(waiting.state, ScenarioProgress::State::Playing);
        QVERIFY2(waiting.startsInMs > 200 && waiting.startsInMs <= 300, qPrintable(QString::number(waiting.startsInMs)));
        QCOMPARE(waiting.positionMs, qint64(0));
        QVERIFY(ScenarioProgress::fromJson(waiting.toJson()) == waiting);
        QVERIFY(waiting.describe().startsWith(QStringLiteral("starting in")));
        QVERIFY(ended.wait(3000));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000}));
        QVERIFY(kernel.applies[0].ns >= startNs);
        const QList<Started> s = startedOf(started);
        QCOMPARE(s[0].dueNs, startNs);
        QCOMPARE(s[1].dueNs, startNs + 100 * Ms);
        QCOMPARE(player.progress().startsInMs, qint64(0));
    }

    void restoreOnEnd()
    {
        FakeKernel kernel;
        ScenarioPlayer player(
            scenarioOf({treeStep(QStringLiteral("A"), 100, 10000)}, ScenarioEnding::Restore),
            before(), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QVERIFY(ended.wait(3000));
        QCOMPARE(kernel.applies.size(), 2);
        QCOMPARE(kernel.applies.last().tree, before());
        QVERIFY(kernel.applies.last().ns - kernel.applies.first().ns >= 100 * Ms);
    }

    void rampTrees()
    {
        // delay 20 → 200 ms over 200 ms at 50 updates a second: ticks every 20 ms.
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("Base"), 100, 20000),
                                          delayRamp(QStringLiteral("Up"), 200, 200000, 50)}),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        QCOMPARE(player.timeline().steps().at(1).updateIntervalMs, qint64(20));
        player.start();
        QVERIFY(ended.wait(3000));

        const QList<quint64> delays = kernel.delays();
        QVERIFY2(delays.size() >= 5, qPrintable(QString::number(
                                         delays.size()))); // a loaded machine may skip some ticks
        QVERIFY(delays.size() <= 12);                      // base, 10 ticks, the end
        QCOMPARE(delays.first(), quint64(20000));
        QCOMPARE(delays.last(), quint64(200000)); // the end value, exactly
        for (int i = 1; i < delays.size(); ++i) {
            QVERIFY(delays[i] >= delays[i - 1]);
            // Every tree is a tick's value: 20 ms + 18 ms per tick.
            QVERIFY2((delays[i] - 20000) % 18000 == 0, qPrintable(QString::number(delays[i])));
        }
        // Each tick applied no earlier than it was due (start + k * 20 ms).
        const qint64 passStart = startedOf(started).first().dueNs;
        for (int i = 1; i < kernel.applies.size(); ++i) {
            const qint64 tick = (qint64(delays[i]) - 20000) / 18000;
            QVERIFY(kernel.applies[i].ns >= passStart + (100 + tick * 20) * Ms);
        }
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (1,1)"));
    }

    void loopsTwice()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 100, 10000),
                                          delayRamp(QStringLiteral("Up"), 100, 30000, 20)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::Restore, 2),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy progressSpy(&player, &ScenarioPlayer::progressChanged);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QVERIFY(ended.wait(3000));
        const QList<Started> s = startedOf(started);
        QCOMPARE(stepsText(s), QStringLiteral("(1,0) (1,1) (2,0) (2,1)"));
        // The second pass is due exactly one pass after the first: absolute, not from when pass 1
        // ended.
        QCOMPARE(s[2].dueNs - s[0].dueNs, 200 * Ms);
        QCOMPARE(s[3].dueNs - s[0].dueNs, 300 * Ms);
        // Pass 2 starts again from A. The ramp's end values fall due at the same instant as pass
        // 2's first tree, which supersedes them; the last pass ends on them. The ramp's first
        // update holds A's tree and is not sent again.
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000, 10000, 20000, 30000}));
        // Progress told about the loop.
        bool sawLoop2 = false;
        for (const QList<QVariant> &args : progressSpy)
            sawLoop2 = sawLoop2 || args.first().value<ScenarioProgress>().loop == 2;
        QVERIFY(sawLoop2);
        QCOMPARE(ended.first().first().value<ScenarioProgress>().loop, 2);
    }

    void pauseHoldsAndResumeShifts()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 150, 10000),
                                          treeStep(QStringLiteral("B"), 150, 20000),
                                          treeStep(QStringLiteral("C"), 150, 30000)}),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QTest::qWait(50);
        player.pause();
        QCOMPARE(player.progress().state, ScenarioProgress::State::Paused);
        const qint64 pausedAt = player.progress().positionMs;
        const qsizetype appliesWhenPaused = kernel.applies.size();
        QTest::qWait(300);
        QCOMPARE(kernel.applies.size(), appliesWhenPaused); // held: nothing applied while paused
        QCOMPARE(player.progress().positionMs, pausedAt);
        const qint64 resumedNs = monotonicNowNs();
        player.resume();
        QCOMPARE(player.progress().state, ScenarioProgress::State::Playing);
        QVERIFY(ended.wait(3000));

        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000, 30000}));
        const QList<Started> s = startedOf(started);
        QCOMPARE(stepsText(s), QStringLiteral("(1,1) (1,2)").prepend(QStringLiteral("(1,0) ")));
        // B was due 150 ms after A plus the pause; it came after the resume, not during the pause.
        QVERIFY(s[1].dueNs - s[0].dueNs >= (150 + 280) * Ms);
        QVERIFY(kernel.applies[1].ns >= resumedNs);
        QCOMPARE(s[2].dueNs - s[1].dueNs, 150 * Ms);
    }

    void stopRestores()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 200, 10000),
                                          treeStep(QStringLiteral("B"), 200, 20000)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::Restore),
                              before(), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QTest::qWait(50);
        player.stop();
        QCOMPARE(ended.size(), 1);
        QCOMPARE(ended.first().first().value<ScenarioProgress>().state,
                 ScenarioProgress::State::Stopped);
        QCOMPARE(kernel.applies.size(), 2);
        QCOMPARE(kernel.applies.last().tree, before());
        QTest::qWait(250);
        QCOMPARE(kernel.applies.size(), 2); // and nothing more
        player.stop();
        QCOMPARE(ended.size(), 1);
    }

    void stopKeepsLast()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 200, 10000),
                                          treeStep(QStringLiteral("B"), 200, 20000)},
                                         ScenarioEnding::Restore, ScenarioEnding::KeepLast),
                              before(), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QTest::qWait(50);
        player.pause();
        player.stop(); // from paused, too
        QCOMPARE(ended.size(), 1);
        QCOMPARE(kernel.delays(), QList<quint64>{10000});
    }

    void haltTouchesNothing()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 200, 10000)},
                                         ScenarioEnding::Restore, ScenarioEnding::Restore),
                              before(), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        player.halt();
        QCOMPARE(ended.size(), 1);
        QCOMPARE(player.progress().state, ScenarioProgress::State::Stopped);
        QTest::qWait(250);
        QCOMPARE(kernel.applies.size(), 1);
    }

    void seekWhilePlayingAndPaused()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 200, 10000),
                                          treeStep(QStringLiteral("B"), 200, 20000),
                                          treeStep(QStringLiteral("C"), 200, 30000)}),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QString error;
        QVERIFY(!player.seek(1, &error)); // nothing playing yet
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();

        QVERIFY2(player.seek(2, &error), qPrintable(error));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 30000}));
        QCOMPARE(player.progress().step, 2);
        QVERIFY(player.progress().positionMs >= 400 && player.progress().positionMs < 450);

        // Back to B while paused: applied at once, still paused, and nothing more until resumed.
        player.pause();
        QVERIFY2(player.seek(1, &error), qPrintable(error));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 30000, 20000}));
        QCOMPARE(player.progress().state, ScenarioProgress::State::Paused);
        QCOMPARE(player.progress().positionMs, qint64(200));
        QTest::qWait(300);
        QCOMPARE(kernel.applies.size(), 3);
        const qint64 resumedNs = monotonicNowNs();
        player.resume();
        QVERIFY(ended.wait(3000));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 30000, 20000, 30000}));
        // C came 200 ms after the resume (B's remaining time), not at once.
        QVERIFY(kernel.applies.last().ns - resumedNs >= 190 * Ms);
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (1,2) (1,1) (1,2)"));

        QVERIFY(!player.seek(0, &error)); // ended
        QVERIFY(!error.isEmpty());
    }

    void seekOutOfRange()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 200, 10000)}), before(),
                              kernel.function());
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QString error;
        QVERIFY(!player.seek(1, &error));
        QVERIFY2(error.contains(QStringLiteral("no step 2")), qPrintable(error));
        QVERIFY(!player.seek(-1, &error));
        player.halt();
    }

    void applyFailure()
    {
        FakeKernel kernel;
        kernel.failOnCall = 1; // step 2
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 100, 10000),
                                          treeStep(QStringLiteral("Outage"), 100, 20000),
                                          treeStep(QStringLiteral("C"), 100, 30000)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::Restore),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QVERIFY(ended.wait(3000));
        const auto progress = ended.first().first().value<ScenarioProgress>();
        QCOMPARE(progress.state, ScenarioProgress::State::Failed);
        QVERIFY2(progress.error.contains(QStringLiteral("step 2 (Outage)")) &&
                     progress.error.contains(QStringLiteral("Invalid argument")),
                 qPrintable(progress.error));
        // The failed tree, then the tree from before put back; nothing after.
        QCOMPARE(kernel.applies.size(), 3);
        QCOMPARE(kernel.applies.last().tree, before());
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0)"));
        QTest::qWait(200);
        QCOMPARE(kernel.applies.size(), 3);
        QCOMPARE(player.progress().state, ScenarioProgress::State::Failed);
        QCOMPARE(player.progress().error, progress.error);
    }

    void firstApplyFailsKeepLast()
    {
        FakeKernel kernel;
        kernel.failOnCall = 0;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 100, 10000)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::KeepLast),
                              before(), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QCOMPARE(ended.size(), 1);
        QCOMPARE(player.progress().state, ScenarioProgress::State::Failed);
        QCOMPARE(kernel.applies.size(), 1); // KeepLast: no restore attempted
    }

    void nothingBeforePrepare()
    {
        FakeKernel kernel;
        // A ramp first needs a netem qdisc in the tree from before: this one has none.
        ScenarioPlayer player(scenarioOf({delayRamp(QStringLiteral("Up"), 100, 20000, 10)}),
                              bound(QdiscTree()), kernel.function());
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(!player.prepare(&errors));
        QVERIFY2(errors.join(u'\n').contains(QStringLiteral("step 1 (Up)")),
                 qPrintable(errors.join(u'\n')));
        player.start();
        QCOMPARE(ended.size(), 1);
        QCOMPARE(player.progress().state, ScenarioProgress::State::Failed);
        QVERIFY(kernel.applies.isEmpty());
    }

    void lateMachineSkipsStaleTicks()
    {
        // A 400 ms ramp at 50 updates a second; the event loop is blocked for 250 ms after start.
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("Base"), 50, 20000),
                                          delayRamp(QStringLiteral("Up"), 400, 420000, 50)}),
                              before(), kernel.function());
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QThread::msleep(250);
        QVERIFY(ended.wait(3000));
        const QList<quint64> delays = kernel.delays();
        // The late wake-up applied one tree for the ~11 ticks that were due, not all of them.
        QVERIFY(delays.size() >= 2);
        QVERIFY2(delays[1] >= 20000 + 8 * 20000, qPrintable(QString::number(delays[1])));
        QVERIFY2(delays.size() <= 1 + 1 + 10 + 1, qPrintable(QString::number(delays.size())));
        QCOMPARE(delays.last(), quint64(420000));
        // The ramp's start was passed while late: still announced.
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (1,1)"));
    }

    void stallCatchUpForeverJumpsAhead()
    {
        // A 100 ms forever loop stalled for an hour: one apply for the step reached, one
        // announcement, no replay of the 36000 passes in between.
        FakeKernel kernel;
        FakeClock clock;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          treeStep(QStringLiteral("B"), 50, 20000)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::Restore, 0),
                              before(), kernel.function());
        clock.attach(player);
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QStringList errors;
        QVERIFY2(player.prepare(&errors), qPrintable(errors.join(u'\n')));
        player.start();
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0)"));
        const qint64 startNs = *clock.now;

        clock.advanceMs(3600 * 1000 + 75); // pass 36001, 75 ms in: step B
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 2, 2000);
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (36001,1)"));
        // Due on the absolute schedule: 36000 whole passes and B's start after the first.
        QCOMPARE(startedOf(started).last().dueNs, startNs + (36000LL * 100 + 50) * Ms);
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000}));
        QCOMPARE(player.progress().loop, 36001);
        QCOMPARE(player.progress().step, 1);
        QCOMPARE(player.progress().positionMs, qint64(75));

        clock.advanceMs(25); // the next pass begins
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 3, 2000);
        QCOMPARE(stepsText(startedOf(started).mid(2)), QStringLiteral("(36002,0)"));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000, 10000}));
        player.halt();
    }

    void stallCatchUpCappedByLoops()
    {
        // Three loops, stalled for an hour: the last pass is over too. Its last step (a tree) was
        // never applied: it is applied and announced once, then the scenario ends.
        for (const ScenarioEnding onEnd : {ScenarioEnding::KeepLast, ScenarioEnding::Restore}) {
            FakeKernel kernel;
            FakeClock clock;
            ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                              treeStep(QStringLiteral("B"), 50, 20000)},
                                             onEnd, ScenarioEnding::Restore, 3),
                                  before(), kernel.function());
            clock.attach(player);
            QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
            QSignalSpy ended(&player, &ScenarioPlayer::ended);
            QStringList errors;
            QVERIFY(player.prepare(&errors));
            player.start();
            clock.advanceMs(3600 * 1000);
            QVERIFY(ended.wait(2000));
            QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (3,1)"));
            const auto progress = ended.first().first().value<ScenarioProgress>();
            QCOMPARE(progress.state, ScenarioProgress::State::Finished);
            QCOMPARE(progress.loop, 3);
            if (onEnd == ScenarioEnding::KeepLast)
                QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000}));
            else
                QCOMPARE(kernel.delays(), (QList<quint64>{10000, 20000, 1000}));
        }
    }

    void lateWakeUpSkipsStepsWithoutAnnouncingThem()
    {
        FakeKernel kernel;
        FakeClock clock;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          treeStep(QStringLiteral("B"), 50, 20000),
                                          treeStep(QStringLiteral("C"), 50, 30000)}),
                              before(), kernel.function());
        clock.attach(player);
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        clock.advanceMs(120); // B was due at 50 and is over: C is reached
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 2, 2000);
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (1,2)"));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 30000}));
        clock.advanceMs(100);
        QVERIFY(ended.wait(2000));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 30000})); // C was applied already
        QCOMPARE(started.size(), 2);
    }

    void lateEndOfPassAppliesLastTree()
    {
        // The wake-up after A comes when the pass is already over: B, the last step, holds a tree
        // that was never applied. It is applied before the scenario ends, and only then announced.
        for (const ScenarioEnding onEnd : {ScenarioEnding::KeepLast, ScenarioEnding::Restore}) {
            FakeKernel kernel;
            FakeClock clock;
            ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                              treeStep(QStringLiteral("B"), 50, 20000)},
                                             onEnd),
                                  before(), kernel.function());
            clock.attach(player);
            QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
            QSignalSpy ended(&player, &ScenarioPlayer::ended);
            QStringList errors;
            QVERIFY(player.prepare(&errors));
            player.start();
            clock.advanceMs(300);
            QVERIFY(ended.wait(2000));
            QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0) (1,1)"));
            QCOMPARE(kernel.delays().mid(0, 2), (QList<quint64>{10000, 20000}));
            QCOMPARE(kernel.applies.size(), onEnd == ScenarioEnding::Restore ? 3 : 2);
            QCOMPARE(ended.first().first().value<ScenarioProgress>().state,
                     ScenarioProgress::State::Finished);
        }
    }

    void lateEndOfPassRampBeforeRestore()
    {
        // A ramp at the end, never reached, with Restore: its end values would flash; neither
        // applied nor announced.
        FakeKernel kernel;
        FakeClock clock;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          delayRamp(QStringLiteral("Up"), 100, 30000, 20)},
                                         ScenarioEnding::Restore),
                              before(), kernel.function());
        clock.attach(player);
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        clock.advanceMs(500);
        QVERIFY(ended.wait(2000));
        QCOMPARE(stepsText(startedOf(started)), QStringLiteral("(1,0)"));
        QCOMPARE(kernel.delays(), (QList<quint64>{10000, 1000}));

        // KeepLast: the end values stay, so they are applied and the ramp announced.
        FakeKernel keeping;
        FakeClock clock2;
        ScenarioPlayer keeper(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          delayRamp(QStringLiteral("Up"), 100, 30000, 20)}),
                              before(), keeping.function());
        clock2.attach(keeper);
        QSignalSpy started2(&keeper, &ScenarioPlayer::stepStarted);
        QSignalSpy ended2(&keeper, &ScenarioPlayer::ended);
        QVERIFY(keeper.prepare(&errors));
        keeper.start();
        clock2.advanceMs(500);
        QVERIFY(ended2.wait(2000));
        QCOMPARE(stepsText(startedOf(started2)), QStringLiteral("(1,0) (1,1)"));
        QCOMPARE(keeping.delays(), (QList<quint64>{10000, 30000}));
    }

    void loopNumberSaturates()
    {
        // More passes than an int counts (100 ms each: about 6.8 years).
        FakeKernel kernel;
        FakeClock clock;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          treeStep(QStringLiteral("B"), 50, 20000)},
                                         ScenarioEnding::KeepLast, ScenarioEnding::Restore, 0),
                              before(), kernel.function());
        clock.attach(player);
        QSignalSpy started(&player, &ScenarioPlayer::stepStarted);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        clock.advanceMs((qint64(INT_MAX) + 10) * 100 + 60);
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 2, 2000);
        QCOMPARE(startedOf(started).last().loop, INT_MAX);
        QCOMPARE(startedOf(started).last().step, 1);
        const ScenarioProgress progress = player.progress();
        QCOMPARE(progress.loop, INT_MAX);
        const auto back = ScenarioProgress::fromJson(progress.toJson());
        QVERIFY(back);
        QCOMPARE(back->loop, INT_MAX);
        player.halt();
    }

    void prepareCompilesLoopTwo()
    {
        // Loop 1 ramps exponentially from the target's 1 ms and then cuts the delay to 0; loop 2
        // would ramp exponentially from 0.
        ScenarioStep up = delayRamp(QStringLiteral("Up"), 100, 200000, 10);
        up.curve = RampCurve::Exponential;
        for (const int loops : {2, 0}) {
            FakeKernel kernel;
            ScenarioPlayer player(scenarioOf({up, treeStep(QStringLiteral("Cut"), 100, 0)},
                                             ScenarioEnding::KeepLast, ScenarioEnding::Restore,
                                             loops),
                                  before(), kernel.function());
            QStringList errors;
            QVERIFY(!player.prepare(&errors));
            QCOMPARE(errors.size(), 1);
            QVERIFY2(errors.first().startsWith(
                         QStringLiteral("loop 2 would start from the end of loop 1, where step 1 "
                                        "(Up): an exponential ramp cannot start or end at 0")),
                     qPrintable(errors.first()));
            player.start();
            QVERIFY(kernel.applies.isEmpty());
        }
        FakeKernel kernel;
        ScenarioPlayer once(scenarioOf({up, treeStep(QStringLiteral("Cut"), 100, 0)}), before(),
                            kernel.function());
        QStringList errors;
        QVERIFY2(once.prepare(&errors), qPrintable(errors.join(u'\n')));
    }

    void nestedErrorsReadAsOneSentence()
    {
        // The kernel's reason, and Restore's, come as sentences of their own.
        int calls = 0;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("A"), 50, 10000),
                                          treeStep(QStringLiteral("Outage"), 50, 20000)}),
                              before(), [&](const QdiscTree &, QString *error) {
                                  if (++calls == 1)
                                      return true;
                                  *error = calls == 2
                                               ? QStringLiteral("The kernel refused the tree.")
                                               : QStringLiteral("The device is gone.");
                                  return false;
                              });
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QVERIFY(ended.wait(3000));
        const auto progress = ended.first().first().value<ScenarioProgress>();
        QCOMPARE(progress.error,
                 QStringLiteral("step 2 (Outage) could not be applied: the kernel refused the "
                                "tree; the tree from before could not be put back either: the "
                                "device is gone"));
        QVERIFY(!progress.describe().contains(QStringLiteral(": The")));
        QVERIFY(!progress.describe().contains(QStringLiteral("..")));
    }

    void progressWhilePlaying()
    {
        FakeKernel kernel;
        ScenarioPlayer player(scenarioOf({treeStep(QStringLiteral("Long"), 1200, 10000)}), before(),
                              kernel.function());
        QSignalSpy progressSpy(&player, &ScenarioPlayer::progressChanged);
        QSignalSpy ended(&player, &ScenarioPlayer::ended);
        QStringList errors;
        QVERIFY(player.prepare(&errors));
        player.start();
        QVERIFY(ended.wait(3000));
        // At the start, at 500 and 1000 ms, and at the end.
        QVERIFY2(progressSpy.size() >= 4, qPrintable(QString::number(progressSpy.size())));
        qint64 lastPosition = -1;
        for (const QList<QVariant> &args : progressSpy) {
            const auto p = args.first().value<ScenarioProgress>();
            QVERIFY(p.positionMs >= lastPosition);
            lastPosition = p.positionMs;
            QCOMPARE(p.scenario, QStringLiteral("Test"));
            QCOMPARE(p.stepName, QStringLiteral("Long"));
            QCOMPARE(p.passDurationMs, qint64(1200));
            QVERIFY(p.takenAtNs > 0);
        }
        QCOMPARE(kernel.applies.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestScenarioPlayer)
#include "tst_scenario_player.moc"
