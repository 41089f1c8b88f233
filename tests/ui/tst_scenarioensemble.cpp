// ScenarioEnsemble's phases against a backend of the test's own (unit): one start sent to each
// host in its own clock, each lane's conditions, steps landed everywhere, and every way a lane
// can fail or be stopped — each phase ends, and nothing is asked to play when a lane cannot.
// The real thing end to end: tst_remote_ssh (scenarioOnThreeTargetsLandsTogether),
// tst_scenario_playback (severalTargetsAllOrNothing), tst_scenario_window (playOnSeveralTargets).

#include "scenarioensemble.h"

#include "kinds/allkinds.h"
#include "stats/monotonicclock.h"

#include "../kernel/labnamespace.h" // targetFreeTreeOf

#include <QSignalSpy>
#include <QTest>

#include <map>

Q_DECLARE_METATYPE(qs::ScenarioProgress::State)

using namespace qs;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 Ahead = 1000'000'000'000; // the remote host's clock runs 1000 s ahead
const QString Local = u"a/eth0"_s;
const QString Remote = u"ssh://qs@lab4/eth1"_s;

/** Answers as told; records what it was asked. Answers come from the event loop, as real ones do. */
class FakeBackend : public TargetBackend
{
public:
    QString describe() const override { return u"fake"_s; }
    bool isAvailable() const override { return true; }
    void listTargets() override {}
    void readTree(const QString &target) override
    {
        if (withheldReads.contains(target))
            return;
        later([=, this] {
            QdiscTree tree;
            if (unreadable.contains(target))
                Q_EMIT treeRead(target, std::nullopt, u"no such device"_s, {});
            else
                Q_EMIT treeRead(target, tree, {}, {});
        });
    }
    void apply(const QString &, const QdiscTree &, const ApplyOptions &) override {}
    void confirm(const QString &) override {}
    void restore(const QString &) override {}
    void clear(const QString &) override {}
    void watch(const QString &) override {}
    std::unique_ptr<StatsReader> openForStats(const QString &, QString *) override { return nullptr; }

    std::optional<HostClock> clockOf(const QString &target, QString *) override
    {
        return target.startsWith(u"ssh://"_s) ? HostClock{Ahead, 2'000'000} : HostClock{};
    }
    void addHost(const QString &host) override
    {
        added.append(host);
        later([=, this] {
            if (hostError.isEmpty())
                reached.append(host);
            Q_EMIT hostAdded(host, hostError);
        });
    }
    QStringList hosts() const override { return reached; }
    void playScenario(const QString &target, const Scenario &scenario, const ScenarioPlayOptions &options) override
    {
        played[target] = {scenario, options};
        if (withheldPlays.contains(target))
            return;
        answerPlay(target);
    }
    void answerPlay(const QString &target)
    {
        const QString error = playRefusals.value(target);
        later([=, this] { Q_EMIT scenarioCommandDone(target, u"play"_s, error); });
    }
    void stopScenario(const QString &target) override
    {
        stopped.append(target);
        later([=, this] {
            Q_EMIT scenarioCommandDone(target, u"stop"_s, {});
            Q_EMIT scenarioProgress(target, report(target, ScenarioProgress::State::Stopped, 0, 0));
        });
    }

    /** A report of the lane on @p target as its host takes it: @p atNs on that host's clock. */
    ScenarioProgress report(const QString &target, ScenarioProgress::State state, int step, qint64 atNs) const
    {
        ScenarioProgress p;
        p.scenario = u"Sites"_s;
        p.state = state;
        p.step = step;
        p.steps = 2;
        p.loop = 1;
        p.takenAtNs = atNs;
        p.stepName = step == 0 ? u"Clean"_s : u"Site 4 degrades"_s;
        Q_UNUSED(target);
        return p;
    }

    QStringList unreadable;
    QStringList withheldReads;
    QStringList withheldPlays;
    QHash<QString, QString> playRefusals;
    QString hostError;
    QStringList added;
    QStringList reached;
    QStringList stopped;
    std::map<QString, std::pair<Scenario, ScenarioPlayOptions>> played;

private:
    void later(std::function<void()> f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); }
};

ScenarioStep tbfStep(const QString &name, const QString &rate)
{
    ScenarioStep step;
    step.name = name;
    step.durationMs = 1000;
    step.tree = test::targetFreeTreeOf(u"tc qdisc add dev x root handle 1: tbf rate %1 burst 64kb limit 128kb"_s.arg(rate));
    return step;
}

/** "Clean" on both, then "Site 4 degrades": the remote target its own rate, the local one holds. */
Scenario sites()
{
    Scenario s;
    s.name = u"Sites"_s;
    s.targets = {Local, u"ssh://qs@Lab4/eth1"_s}; // written with a capital: the lane's target is the normal form
    s.steps = {tbfStep(u"Clean"_s, u"10mbit"_s), tbfStep(u"Site 4 degrades"_s, u"10mbit"_s)};
    s.steps[1].kind = ScenarioStep::Kind::Hold;
    s.steps[1].tree = QdiscTree();
    s.perTarget = {TargetStep{1, u"ssh://qs@Lab4/eth1"_s, tbfStep({}, u"2mbit"_s)}};
    return s;
}

struct Ended
{
    ScenarioProgress::State state;
    QString error;
};

} // namespace

class TestScenarioEnsemble : public QObject
{
    Q_OBJECT

    std::optional<Ended> endedOf(const QSignalSpy &spy)
    {
        if (spy.isEmpty())
            return std::nullopt;
        return Ended{spy.last().at(0).value<ScenarioProgress::State>(), spy.last().at(1).toString()};
    }

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<ScenarioProgress::State>(); }

    void oneStartInEachHostsClock()
    {
        FakeBackend backend;
        QVERIFY(sites().validate().isEmpty());
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy started(&ensemble, &ScenarioEnsemble::started);
        QSignalSpy landed(&ensemble, &ScenarioEnsemble::stepLanded);
        QSignalSpy ended(&ensemble, &ScenarioEnsemble::ended);
        const qint64 before = monotonicNowNs();
        ensemble.start();
        QTRY_COMPARE(started.size(), 1);
        QCOMPARE(backend.added, QStringList{u"qs@lab4"_s}); // logged in to first, under its normal name
        QCOMPARE(backend.played.size(), std::size_t(2));
        const qint64 start = ensemble.startAtNs();
        // 1.5 s ahead, plus four of the slowest round trip (2 ms).
        QVERIFY(start >= before + ScenarioEnsemble::StartLeadMs * 1'000'000 + 8'000'000);
        QCOMPARE(*backend.played[Local].second.startAtNs, start);
        QCOMPARE(*backend.played[Remote].second.startAtNs, start + Ahead); // the same instant on the host's clock
        // Each its lane: the remote target its own condition in step 2, the local one holds.
        QCOMPARE(backend.played[Remote].first.steps[1].kind, ScenarioStep::Kind::Tree);
        QCOMPARE(backend.played[Local].first.steps[1].kind, ScenarioStep::Kind::Hold);
        QCOMPARE(backend.played[Remote].first.targets, QStringList{Remote});

        // Waiting for the start is no step; step 1 lands when both have begun it, on this clock.
        Q_EMIT backend.scenarioProgress(Local, [&] { auto p = backend.report(Local, ScenarioProgress::State::Playing, 0, start - 500'000'000); p.startsInMs = 500; return p; }());
        Q_EMIT backend.scenarioProgress(Local, backend.report(Local, ScenarioProgress::State::Playing, 0, start + 1'000'000));
        QCOMPARE(landed.size(), 0);
        Q_EMIT backend.scenarioProgress(Remote, backend.report(Remote, ScenarioProgress::State::Playing, 0, start + Ahead + 3'000'000));
        QCOMPARE(landed.size(), 1);
        QCOMPARE(landed.first().at(3).toLongLong(), start + 1'000'000);
        QCOMPARE(landed.first().at(4).toLongLong(), start + 3'000'000);
        // A query's answer (nothing known to play: steps 0) ends nothing.
        Q_EMIT backend.scenarioProgress(Local, ScenarioProgress{});
        Q_EMIT backend.scenarioProgress(Local, backend.report(Local, ScenarioProgress::State::Finished, 1, start + 2'000'000'000));
        QCOMPARE(ended.size(), 0);
        Q_EMIT backend.scenarioProgress(Remote, backend.report(Remote, ScenarioProgress::State::Finished, 1, start + Ahead + 2'000'000'000));
        QCOMPARE(ended.size(), 1);
        QCOMPARE(endedOf(ended)->state, ScenarioProgress::State::Finished);
        QVERIFY(backend.stopped.isEmpty());
    }

    void everyReadErrorBeforeAnythingPlays()
    {
        FakeBackend backend;
        backend.unreadable = {Local, Remote};
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy refused(&ensemble, &ScenarioEnsemble::refused);
        ensemble.start();
        QTRY_COMPARE(refused.size(), 1);
        QCOMPARE(refused.first().at(0).toStringList().size(), 2);
        QCOMPARE(refused.first().at(1).toBool(), false);
        QVERIFY(backend.played.empty());
    }

    void aHostThatCannotBeReachedIsSaid()
    {
        FakeBackend backend;
        backend.hostError = u"qs@lab4: ssh does not know this host's key"_s;
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy refused(&ensemble, &ScenarioEnsemble::refused);
        ensemble.start();
        QTRY_COMPARE(refused.size(), 1);
        QCOMPARE(refused.first().at(0).toStringList(), QStringList{backend.hostError});
        QVERIFY(backend.played.empty());
    }

    void aRefusalStopsTheLanesThatTookIt()
    {
        FakeBackend backend;
        backend.playRefusals.insert(Remote, u"Not authorized"_s);
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy ended(&ensemble, &ScenarioEnsemble::ended);
        ensemble.start();
        QTRY_COMPARE(ended.size(), 1);
        QCOMPARE(backend.stopped, QStringList{Local});
        QCOMPARE(endedOf(ended)->state, ScenarioProgress::State::Failed);
        QVERIFY2(endedOf(ended)->error.contains(u"Not authorized"_s), qPrintable(endedOf(ended)->error));
    }

    void stopWhileStartingEndsWhateverTheAnswers()
    {
        // Stopped before the hosts answered: one then takes it (and is stopped), the other refuses.
        FakeBackend backend;
        backend.withheldPlays = {Local, Remote};
        backend.playRefusals.insert(Remote, u"the start time had passed"_s);
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy ended(&ensemble, &ScenarioEnsemble::ended);
        ensemble.start();
        QTRY_COMPARE(backend.played.size(), std::size_t(2));
        ensemble.stop();
        QCOMPARE(ended.size(), 0);
        backend.answerPlay(Local);
        QTRY_COMPARE(backend.stopped, QStringList{Local});
        QCOMPARE(ended.size(), 0);
        backend.answerPlay(Remote);
        QTRY_COMPARE(ended.size(), 1);
    }

    void aHostLostWhileReadingEndsTheWait()
    {
        FakeBackend backend;
        backend.withheldReads = {Remote}; // its backend went with the connection: no answer comes
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy refused(&ensemble, &ScenarioEnsemble::refused);
        ensemble.start();
        QTRY_COMPARE(ensemble.phase(), u"reading"_s);
        QTest::qWait(20);
        Q_EMIT backend.hostAdded(u"qs@lab4"_s, u"the connection to qs@lab4 ended"_s);
        QCOMPARE(refused.size(), 1);
        QVERIFY(backend.played.empty());
    }

    void aHostLostWhilePlayingStopsTheOthers()
    {
        FakeBackend backend;
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy started(&ensemble, &ScenarioEnsemble::started);
        QSignalSpy ended(&ensemble, &ScenarioEnsemble::ended);
        ensemble.start();
        QTRY_COMPARE(started.size(), 1);
        Q_EMIT backend.hostAdded(u"qs@lab4"_s, u"the connection to qs@lab4 ended"_s);
        QCOMPARE(backend.stopped, QStringList{Local});
        QTRY_COMPARE(ended.size(), 1);
        QCOMPARE(endedOf(ended)->state, ScenarioProgress::State::Failed);
        QVERIFY(endedOf(ended)->error.startsWith(Remote));
    }

    void stoppedFromElsewhereStopsTheOthers()
    {
        FakeBackend backend;
        ScenarioEnsemble ensemble(backend, sites(), {});
        QSignalSpy started(&ensemble, &ScenarioEnsemble::started);
        QSignalSpy ended(&ensemble, &ScenarioEnsemble::ended);
        ensemble.start();
        QTRY_COMPARE(started.size(), 1);
        Q_EMIT backend.scenarioProgress(Remote, backend.report(Remote, ScenarioProgress::State::Playing, 0, Ahead));
        Q_EMIT backend.scenarioProgress(Remote, backend.report(Remote, ScenarioProgress::State::Stopped, 0, Ahead));
        QCOMPARE(backend.stopped, QStringList{Local});
        QTRY_COMPARE(ended.size(), 1);
        QVERIFY(endedOf(ended)->error.contains(u"stopped from elsewhere"_s));
    }

    void namedTwiceHoweverWritten()
    {
        Scenario s = sites();
        s.targets.append(u"ssh://qs@LAB4/eth1"_s); // host names are not case-sensitive (user names are)
        QVERIFY(!s.validate().isEmpty());
        QVERIFY(s.namesTarget(Remote));
        QVERIFY(!s.namesTarget(u"ssh://qs@lab4/eth2"_s));
    }
};

QTEST_GUILESS_MAIN(TestScenarioEnsemble)
#include "tst_scenarioensemble.moc"
