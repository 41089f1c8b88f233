// `qdisc-studio play` and `qdisc-studio scenarios`: a scenario (a timeline of conditions) played
// on a target through the same backend the window uses, and the scenarios listed, shown and
// checked. Everything wrong with a scenario is reported before anything is applied.

#include "cliscenario.h"

#include "cli.h"
#include "cliinterruption.h"
#include "directbackend.h"
#include "helperavailability.h"
#include "helperclient.h"
#include "log/logging.h"
#include "netlink/tcengine.h"
#include "profiles/builtinpresets.h"
#include "profiles/profilestore.h"
#include "remote/sshtarget.h"
#include "hostsbackend.h"
#include "scenarioensemble.h"
#include "scenario/rampparameter.h"
#include "scenario/scenarioprogress.h"
#include "scenario/scenariostore.h"
#include "stats/monotonicclock.h"
#include "tc/tcsummary.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QDBusConnection>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTime>
#include <QTimer>

#include <spdlog/logger.h>

#include <unistd.h>

namespace qs {

namespace {

using namespace std::chrono_literals;

/** How long a stop may take to put the tree back before the command gives up on it. */
constexpr auto StopTimeout = 60s;
/** How long the backend may take to answer a read or the start of playback (a polkit dialog can take minutes). */
constexpr auto AnswerTimeout = 300s;

QString loopsText(int loops)
{
    return loops == 0 ? QStringLiteral("∞") : QString::number(loops);
}

QString endingText(ScenarioEnding ending)
{
    return ending == ScenarioEnding::Restore ? CliScenario::tr("put back the tree from before") : CliScenario::tr("keep the last condition");
}

/** What an ending left on the target, once carried out. */
QString endedText(ScenarioEnding ending)
{
    return ending == ScenarioEnding::Restore ? CliScenario::tr("the tree from before is back") : CliScenario::tr("the last condition stays");
}

/** The wall-clock time at the head of play's lines. */
QString timeNow()
{
    return QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
}

/** The JSON words of an ending, as in the scenario file: never translated. */
QString endingWord(ScenarioEnding ending)
{
    return ending == ScenarioEnding::Restore ? QStringLiteral("restore") : QStringLiteral("keep");
}

bool isReference(const ScenarioStep &step)
{
    return step.kind == ScenarioStep::Kind::Profile || step.kind == ScenarioStep::Kind::Preset;
}

// play's wait, on top of CliInterruption: the answers wake one shared loop, and some waits must
// outlast a signal (a stop must be confirmed), unlike the demo's (clidemo.cpp).

/**
 * Runs @p loop until @p done (checked whenever the loop is woken: the callers quit it when an
 * answer arrives), @p timeout passes (0: never) or, when @p interruptible, a signal arrives.
 * True when @p done. Not interruptible, a signal only wakes the loop, and the wait goes on.
 */
bool waitFor(CliInterruption &interruption, const std::function<bool()> &done, std::chrono::milliseconds timeout,
             bool interruptible, QEventLoop &loop)
{
    if (done())
        return true;
    QTimer timer;
    timer.setSingleShot(true);
    bool timedOut = false;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        loop.quit();
    });
    if (timeout.count() > 0)
        timer.start(timeout);
    while (!done() && !timedOut && !(interruptible && interruption.signal()))
        interruption.run(loop);
    return done();
}

} // namespace

QStringList CliScenario::problems(const Scenario &scenario, const ProfileStore &profiles)
{
    QStringList errors = scenario.validate();
    QString error;
    if (scenario.resolveReferences(&profiles, &error))
        return errors;
    // resolveReferences() stops at the first name it cannot find. Each reference (a step's, or
    // one target's in a step) is tried on its own, the others made plain, so that every missing
    // one is named with its own step.
    const auto plain = [](ScenarioStep &step) {
        if (isReference(step)) {
            step.kind = ScenarioStep::Kind::Tree;
            step.reference.clear();
            step.tree = QdiscTree();
        }
    };
    QStringList missing;
    const qsizetype count = scenario.steps.size() + scenario.perTarget.size();
    for (qsizetype n = 0; n < count; ++n) {
        const bool own = n < scenario.steps.size();
        if (!isReference(own ? scenario.steps[n] : scenario.perTarget[n - scenario.steps.size()].condition))
            continue;
        Scenario probe = scenario;
        for (qsizetype m = 0; m < count; ++m)
            if (m != n)
                plain(m < probe.steps.size() ? probe.steps[m] : probe.perTarget[m - probe.steps.size()].condition);
        QString stepError;
        if (!probe.resolveReferences(&profiles, &stepError))
            missing.append(stepError);
    }
    errors += missing.isEmpty() ? QStringList{error} : missing;
    return errors;
}

QString CliScenario::describeStep(const ScenarioStep &step, const ProfileStore &profiles, const TimelineStep *compiled)
{
    switch (step.kind) {
    case ScenarioStep::Kind::Hold:
        return tr("holds the condition before it");
    case ScenarioStep::Kind::Tree:
        return step.tree.qdiscs.isEmpty() ? tr("no qdisc (the device's default)") : TcSummary::tree(step.tree);
    case ScenarioStep::Kind::Preset:
    case ScenarioStep::Kind::Profile: {
        const bool preset = step.kind == ScenarioStep::Kind::Preset;
        //: a scenario step that holds a built-in preset or one of the user's profiles; %1 is its name
        QString text = preset ? tr("preset %1").arg(step.reference) : tr("profile %1").arg(step.reference);
        QString error;
        std::optional<Profile> profile = preset ? BuiltinPresets::find(step.reference) : profiles.load(step.reference, &error);
        if (!profile || profile->trees.isEmpty())
            return text + QStringLiteral(" ") + (preset ? tr("(no such preset)") : tr("(no such profile)"));
        return text + QStringLiteral(": ") + TcSummary::tree(profile->trees.first());
    }
    case ScenarioStep::Kind::Ramp: {
        QStringList parts;
        for (qsizetype i = 0; i < step.ramps.size(); ++i) {
            const RampTarget &ramp = step.ramps[i];
            QString part = ramp.parameter;
            if (!ramp.at.isUnspec())
                //: a ramp parameter on one node: "netem.delay on 1:"
                part = tr("%1 on %2").arg(part, ramp.at.toString());
            const QString to = RampParameter::formatValue(ramp.parameter, ramp.to);
            if (compiled && i < compiled->ramps.size()) {
                // Read back from a tree, a value carries the model's rounding (a loss of
                // 0.2000000095 %): six significant digits are what a person wants to see.
                const double from = QString::number(compiled->ramps[i].from, 'g', 6).toDouble();
                part += u' ' + RampParameter::formatValue(ramp.parameter, from) + QStringLiteral(" → ") + to;
            }
            else
                part += QStringLiteral(" → ") + to;
            parts.append(part);
        }
        //: %1: what moves ("netem.delay 20ms → 200ms"), %2: the curve ("linear"), %3: updates per second
        return tr("ramp %1, %2 at %3 updates/s").arg(parts.join(QStringLiteral(", ")), rampCurveName(step.curve)).arg(step.updatesPerSecond);
    }
    }
    return {};
}

int CliScenario::play(const QStringList &arguments)
{
    const QString command = QStringLiteral("play");
    QCommandLineParser parser;
    if (const auto done = parse(parser, command, arguments))
        return *done;
    if (parser.positionalArguments().size() != 1)
        return usageError(command, tr("give one SCENARIO (a name or a file) and --dev TARGET"));
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool keep = parser.isSet(QStringLiteral("keep"));
    const bool direct = parser.isSet(QStringLiteral("direct"));
    const bool revertOnExit = !parser.isSet(QStringLiteral("no-revert-on-exit"));
    std::optional<int> loops;
    if (parser.isSet(QStringLiteral("loop"))) {
        bool ok = false;
        const int n = parser.value(QStringLiteral("loop")).toInt(&ok);
        if (!ok || n < 0 || n > Scenario::MaxLoops)
            return usageError(command, tr("--loop takes a whole number of passes from 0 (forever) to %1").arg(Scenario::MaxLoops));
        loops = n;
    }
    if (direct && geteuid() != 0)
        return usageError(command, tr("--direct needs root: the scenario is played in this process"));

    // Everything about the scenario itself is checked before any target is touched.
    const QString nameOrPath = parser.positionalArguments().first();
    ScenarioStore store;
    QString error;
    std::optional<Scenario> scenario = store.find(nameOrPath, &error);
    if (!scenario) {
        printError(command, error);
        m_err << tr("nothing was applied") << u'\n';
        return ExitUsage;
    }
    if (loops)
        scenario->loops = *loops;
    if (keep)
        scenario->onEnd = scenario->onAbort = ScenarioEnding::KeepLast;

    QString target = parser.value(QStringLiteral("dev"));
    if (scenario->isMultiTarget() && !target.isEmpty()) {
        // One lane of a scenario for several targets, on its own.
        if (!scenario->namesTarget(target))
            return usageError(command, tr("scenario \"%1\" plays on %2: --dev names one of them, or leave --dev out to play on all")
                                           .arg(scenario->name, scenario->targets.join(QStringLiteral(", "))));
        *scenario = scenario->lane(target);
    }
    // On several targets, or on another host: every lane played by its host's helper, one start for all.
    const bool ensemble = (target.isEmpty() && scenario->isMultiTarget()) || SshTarget::isRemote(target) ||
                          (target.isEmpty() && scenario->targets.size() == 1 && SshTarget::isRemote(scenario->targets.first()));
    if (ensemble && !target.isEmpty())
        scenario->targets = {target};
    if (target.isEmpty() && scenario->targets.size() == 1)
        target = scenario->targets.first(); // the scenario says where it is meant to play
    if (ensemble) {
        for (const QString &t : std::as_const(scenario->targets))
            if (!Scenario::isTarget(t))
                return usageError(command, notATarget(t));
    } else if (target.isEmpty())
        return usageError(command, scenario->targets.isEmpty()
                                       ? tr("give --dev TARGET: scenario \"%1\" names no target").arg(scenario->name)
                                       : tr("give --dev TARGET: scenario \"%1\" is meant for %2").arg(scenario->name, scenario->targets.join(QStringLiteral(", "))));
    else if (!isWellFormedTarget(target))
        return usageError(command, notATarget(target));

    const ProfileStore profiles;
    const QStringList errors = problems(*scenario, profiles);
    if (!errors.isEmpty()) {
        for (const QString &e : errors)
            printError(command, e);
        m_err << tr("scenario \"%1\" has %n error(s); nothing was applied", nullptr, int(errors.size())).arg(scenario->name) << u'\n';
        log().debug("play target={}: scenario \"{}\" refused before playing: {} error(s)", target.toStdString(),
                    scenario->name.toStdString(), errors.size());
        return ExitUsage;
    }
    const std::optional<Scenario> resolved = scenario->resolveReferences(&profiles, &error);
    if (!resolved) { // problems() found nothing, so this does not happen; said anyway rather than played half
        printError(command, error);
        return ExitUsage;
    }
    if (ensemble)
        return playOnSeveral(*resolved, json, direct, revertOnExit);

    // Ctrl-C, SIGTERM and SIGHUP stop the playback the normal way, so the tree from before is
    // put back before the process ends.
    CliInterruption interruption;

    // The same way to the kernel as the window: the helper when the system bus has it, else this
    // process as root (containers, CI machines, a build tree never installed).
    std::unique_ptr<TargetBackend> backend;
    QString whyNotHelper;
    if (!direct)
        backend = helperBackendOnSystemBus(&whyNotHelper);
    if (!backend) {
        if (geteuid() != 0) {
            printError(command, tr("playing a scenario needs the Qdisc Studio helper on the system bus, or root: %1").arg(whyNotHelper));
            return ExitFailure;
        }
        backend = std::make_unique<DirectBackend>();
        if (!direct)
            m_err << tr("%1: playing in this process (running as root)").arg(whyNotHelper) << u'\n';
    }
    log().info("play target={}: scenario \"{}\" through {}", target.toStdString(), resolved->name.toStdString(),
               backend->describe().toStdString());

    QEventLoop loop;
    const auto wake = [&loop] { loop.quit(); };

    // The target's tree now: what the ramps of the first pass start from, and what the scenario
    // is checked against (a ramp needs its node, an exponential ramp a start above zero).
    std::optional<std::optional<QdiscTree>> current;
    QString readError;
    {
        QObject context;
        QObject::connect(backend.get(), &TargetBackend::treeRead, &context,
                         [&](const QString &t, const std::optional<QdiscTree> &tree, const QString &why) {
                             if (t != target)
                                 return;
                             current = tree;
                             readError = why;
                             wake();
                         });
        backend->readTree(target);
        waitFor(interruption, [&] { return current.has_value(); }, AnswerTimeout, true, loop);
    }
    if (interruption.signal()) {
        printError(command, tr("interrupted (signal %1); nothing was applied").arg(interruption.signal()));
        return 128 + interruption.signal();
    }
    if (!current || !*current) {
        printError(command, tr("cannot read %1: %2").arg(target, current ? readError : tr("no answer within %1 s").arg(AnswerTimeout.count())));
        return ExitFailure;
    }
    QdiscTree before = **current;
    QdiscTree::splitTarget(target, &before.netns, &before.device); // the timeline binds its trees to these
    QStringList compileErrors;
    const std::optional<ScenarioTimeline> timeline = ScenarioTimeline::compile(*resolved, before, &compileErrors);
    if (!timeline) {
        for (const QString &e : std::as_const(compileErrors))
            printError(command, e);
        m_err << tr("scenario \"%1\" cannot play on %2 (%n error(s)); nothing was applied", nullptr, int(compileErrors.size()))
                     .arg(resolved->name, target)
              << u'\n';
        return ExitUsage;
    }

    const int passes = resolved->loops;
    if (json) {
        // The schedule first, so that a reader can lay the progress lines over it.
        QJsonArray steps;
        for (const TimelineStep &s : timeline->steps())
            steps.append(QJsonObject{{QStringLiteral("name"), s.name},
                                     {QStringLiteral("startMs"), double(s.startMs)},
                                     {QStringLiteral("durationMs"), double(s.durationMs)},
                                     {QStringLiteral("ramp"), s.isRamp},
                                     {QStringLiteral("updateIntervalMs"), double(s.updateIntervalMs)}});
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("event"), QStringLiteral("schedule")},
                                                            {QStringLiteral("scenario"), resolved->name},
                                                            {QStringLiteral("target"), target},
                                                            {QStringLiteral("backend"), backend->describe()},
                                                            {QStringLiteral("loops"), passes},
                                                            {QStringLiteral("passDurationMs"), double(timeline->durationMs())},
                                                            {QStringLiteral("onEnd"), endingWord(resolved->onEnd)},
                                                            {QStringLiteral("onAbort"), endingWord(resolved->onAbort)},
                                                            {QStringLiteral("steps"), steps},
                                                            {QStringLiteral("takenAtNs"), double(monotonicNowNs())}})
                                       .toJson(QJsonDocument::Compact))
              << u'\n';
    } else {
        //: %1 the scenario, %2 the target, %3 the length of one pass, %4 how many passes ("2 passes", "until stopped")
        m_out << tr("Playing \"%1\" on %2: %n step(s), %3 a pass, %4.", nullptr, int(timeline->steps().size()))
                     .arg(resolved->name, target, Scenario::formatDurationMs(timeline->durationMs()),
                          passes == 0 ? tr("until stopped") : tr("%n pass(es)", nullptr, passes))
              << u'\n'
              << tr("Ctrl-C stops it and will %1.").arg(endingText(resolved->onAbort)) << u'\n';
    }
    m_out.flush();

    // Progress: a line per change of step, loop or state; with --json every report, one a line.
    std::optional<ScenarioProgress> last;
    std::optional<ScenarioProgress> ended;
    bool seenActive = false;
    qint64 stepStartedNs = 0;
    qint64 stepDueNs = 0;
    const auto stepStartMs = [&](int step) {
        return step >= 0 && step < timeline->steps().size() ? timeline->steps()[step].startMs : 0;
    };
    const auto report = [&](const ScenarioProgress &p) {
        const bool newStep = p.isActive() && (!last || !last->isActive() || last->loop != p.loop || last->step != p.step);
        const bool newState = !last || last->state != p.state;
        if (newStep) {
            stepStartedNs = p.takenAtNs; // the first report of a step comes right after the kernel took it
            // The position is the clock's, floored to the millisecond, so this is when the step
            // was due to within a millisecond (the player's own stepStarted stays in its process).
            stepDueNs = p.takenAtNs - (p.positionMs - stepStartMs(p.step)) * 1'000'000;
        }
        if (json) {
            QJsonObject o = p.toJson();
            o.insert(QStringLiteral("event"), newStep ? QStringLiteral("step") : newState ? QStringLiteral("state") : QStringLiteral("progress"));
            o.insert(QStringLiteral("state"), ScenarioProgress::stateName(p.state));
            o.insert(QStringLiteral("loop"), p.loop);
            o.insert(QStringLiteral("loops"), p.loops);
            o.insert(QStringLiteral("step"), p.step);
            o.insert(QStringLiteral("steps"), p.steps);
            o.insert(QStringLiteral("stepName"), p.stepName);
            o.insert(QStringLiteral("positionMs"), double(p.positionMs));
            o.insert(QStringLiteral("takenAtNs"), double(p.takenAtNs));
            if (p.isActive()) {
                o.insert(QStringLiteral("stepStartMs"), double(stepStartMs(p.step)));
                o.insert(QStringLiteral("stepStartedNs"), double(stepStartedNs));
                o.insert(QStringLiteral("stepDueNs"), double(stepDueNs));
            }
            if (!p.error.isEmpty())
                o.insert(QStringLiteral("error"), p.error);
            m_out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)) << u'\n';
        } else if (newStep || (newState && p.state == ScenarioProgress::State::Paused)) {
            //: one line per step: wall-clock time, step number of steps, step name, pass number of passes ("∞": forever)
            m_out << tr("%1  step %2/%3  %4  (loop %5/%6)")
                         .arg(timeNow())
                         .arg(p.step + 1)
                         .arg(p.steps)
                         .arg(p.stepName)
                         .arg(p.loop)
                         .arg(loopsText(p.loops));
            if (p.state == ScenarioProgress::State::Paused)
                m_out << QStringLiteral("  ") << tr("paused");
            m_out << u'\n';
        }
        m_out.flush();
        last = p;
    };

    std::optional<QString> playAnswer;
    std::optional<QString> stopAnswer;
    QObject context;
    QObject::connect(backend.get(), &TargetBackend::scenarioProgress, &context, [&](const QString &t, const ScenarioProgress &p) {
        if (t != target || ended)
            return;
        // A report of no playback (a query's answer, steps 0) before this one began is not its end.
        if (!p.isActive() && !seenActive && !playAnswer)
            return;
        if (p.isActive())
            seenActive = true;
        report(p);
        if (!p.isActive())
            ended = p;
        wake();
    });
    QObject::connect(backend.get(), &TargetBackend::scenarioCommandDone, &context,
                     [&](const QString &t, const QString &what, const QString &why) {
                         if (t != target)
                             return;
                         if (what == u"play")
                             playAnswer = why;
                         else if (what == u"stop")
                             stopAnswer = why;
                         wake();
                     });

    ScenarioPlayOptions options;
    // The helper outlives this process: asked to, it stops the playback and puts the tree back
    // when the command dies without stopping it (kill -9), also with --keep, since a half-played
    // scenario is no condition anybody chose. The promise lasts only as long as the playback:
    // once it ends by itself or is stopped here, its onEnd or onAbort has decided what stays
    // (a kept last condition stays after the command exits). In this process the command stops
    // the playback itself on a signal; the promise there covers a return while it still plays.
    options.revertOnExit = revertOnExit;
    options.loops = resolved->loops;
    log().debug("play target={}: starting (loops={}, onEnd={}, onAbort={}, revertOnExit={})", target.toStdString(), resolved->loops,
                endingWord(resolved->onEnd).toStdString(), endingWord(resolved->onAbort).toStdString(), revertOnExit);
    backend->playScenario(target, *resolved, options);
    // Not cut short by a signal: a playback that starts is then stopped the normal way below.
    waitFor(interruption, [&] { return playAnswer.has_value(); }, AnswerTimeout, false, loop);
    if (!playAnswer) {
        printError(command, tr("no answer to the request to play within %1 s").arg(AnswerTimeout.count()));
        return ExitFailure;
    }
    if (!playAnswer->isEmpty()) {
        printError(command, *playAnswer);
        return ExitFailure;
    }

    // Playing: until it ends by itself or a signal asks to stop it.
    waitFor(interruption, [&] { return ended.has_value(); }, 0ms, true, loop);
    if (!ended) {
        const int signal = interruption.signal();
        log().info("play target={}: signal {}: stopping ({})", target.toStdString(), signal, endingWord(resolved->onAbort).toStdString());
        backend->stopScenario(target);
        // Not cut short by another signal: the exit status promises the tree was put back.
        waitFor(interruption, [&] { return ended.has_value() && stopAnswer.has_value(); }, StopTimeout, false, loop);
        if (!ended) {
            printError(command, tr("stopping on %1 was not confirmed: %2")
                                    .arg(target, stopAnswer && !stopAnswer->isEmpty() ? *stopAnswer
                                                                                       : tr("no answer within %1 s").arg(StopTimeout.count())));
            return ExitFailure;
        }
        if (ended->state == ScenarioProgress::State::Failed) {
            printError(command, nestedSentence(ended->error)); // "playback was stopped, but the tree from before …"
            return ExitFailure;
        }
        if (!json)
            m_out << tr("%1  stopped (signal %2): %3").arg(timeNow()).arg(signal)
                         .arg(endedText(resolved->onAbort))
                  << u'\n';
        m_out.flush();
        return 128 + signal;
    }
    switch (ended->state) {
    case ScenarioProgress::State::Finished:
        if (!json)
            m_out << tr("%1  finished: %2").arg(timeNow())
                         .arg(endedText(resolved->onEnd))
                  << u'\n';
        return ExitOk;
    case ScenarioProgress::State::Failed:
        printError(command, tr("playback failed: %1").arg(nestedSentence(ended->error)));
        return ExitFailure;
    default: // stopped by someone else (the window, another command)
        printError(command, tr("playback on %1 was stopped from elsewhere").arg(target));
        return ExitFailure;
    }
}

int CliScenario::playOnSeveral(const Scenario &scenario, bool json, bool direct, bool revertOnExit)
{
    const QString command = QStringLiteral("play");
    CliInterruption interruption;
    QEventLoop loop;
    const auto wake = [&loop] { loop.quit(); };

    // This machine's way to the kernel, as for one target; the hosts' over ssh beside it.
    const bool anyLocal = std::any_of(scenario.targets.cbegin(), scenario.targets.cend(), [](const QString &t) { return !SshTarget::isRemote(t); });
    std::unique_ptr<TargetBackend> local;
    QString whyNotHelper;
    if (!direct)
        local = helperBackendOnSystemBus(&whyNotHelper);
    if (!local && anyLocal) {
        if (geteuid() != 0) {
            printError(command, tr("playing a scenario needs the Qdisc Studio helper on the system bus, or root: %1").arg(whyNotHelper));
            return ExitFailure;
        }
        if (!direct)
            m_err << tr("%1: playing in this process (running as root)").arg(whyNotHelper) << u'\n';
    }
    if (!local)
        local = std::make_unique<DirectBackend>();
    HostsBackend backend(std::move(local));

    ScenarioPlayOptions options;
    options.revertOnExit = revertOnExit; // as on one target: a killed command leaves no lane playing
    options.loops = scenario.loops;
    ScenarioEnsemble ensemble(backend, scenario, options);
    const auto lanes = [&] { return ensemble.lanes(); };
    std::optional<QStringList> refusal;
    bool usage = false;
    std::optional<std::pair<ScenarioProgress::State, QString>> ended;
    bool started = false;
    QObject context;
    QObject::connect(&ensemble, &ScenarioEnsemble::refused, &context, [&](const QStringList &errors, bool isUsage) {
        refusal = errors;
        usage = isUsage;
        wake();
    });
    QObject::connect(&ensemble, &ScenarioEnsemble::ended, &context, [&](ScenarioProgress::State state, const QString &error) {
        ended = {state, error};
        wake();
    });
    QObject::connect(&ensemble, &ScenarioEnsemble::started, &context, [&](qint64 startAtNs) {
        started = true;
        const QDateTime wall = QDateTime::currentDateTime().addMSecs((startAtNs - monotonicNowNs()) / 1'000'000);
        if (json) {
            QJsonArray targets;
            for (const ScenarioEnsemble::Lane &lane : lanes())
                targets.append(QJsonObject{{QStringLiteral("target"), lane.target},
                                           {QStringLiteral("clockOffsetNs"), double(lane.clock.offsetNs)},
                                           {QStringLiteral("clockUncertaintyNs"), double(lane.clock.uncertaintyNs())}});
            QJsonArray steps;
            qint64 startMs = 0;
            for (int i = 0; i < scenario.steps.size(); ++i) {
                steps.append(QJsonObject{{QStringLiteral("name"), scenario.steps[i].displayName(i)},
                                         {QStringLiteral("startMs"), double(startMs)},
                                         {QStringLiteral("durationMs"), double(scenario.steps[i].durationMs)}});
                startMs += scenario.steps[i].durationMs;
            }
            m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("event"), QStringLiteral("schedule")},
                                                                {QStringLiteral("scenario"), scenario.name},
                                                                {QStringLiteral("targets"), targets},
                                                                {QStringLiteral("startAtNs"), double(startAtNs)},
                                                                {QStringLiteral("loops"), scenario.loops},
                                                                {QStringLiteral("passDurationMs"), double(scenario.passDurationMs())},
                                                                {QStringLiteral("onEnd"), endingWord(scenario.onEnd)},
                                                                {QStringLiteral("onAbort"), endingWord(scenario.onAbort)},
                                                                {QStringLiteral("steps"), steps},
                                                                {QStringLiteral("takenAtNs"), double(monotonicNowNs())}})
                                           .toJson(QJsonDocument::Compact))
                  << u'\n';
        } else {
            //: %1 the scenario, %n how many targets, %2 the length of one pass, %3 how many passes ("2 passes", "until stopped")
            m_out << tr("Playing \"%1\" on %n target(s): %2 a pass, %3.", nullptr, int(lanes().size()))
                         .arg(scenario.name, Scenario::formatDurationMs(scenario.passDurationMs()),
                              scenario.loops == 0 ? tr("until stopped") : tr("%n pass(es)", nullptr, scenario.loops))
                  << u'\n';
            for (const ScenarioEnsemble::Lane &lane : lanes()) {
                m_out << QStringLiteral("  ") << lane.target;
                if (lane.clock.roundTripNs > 0)
                    //: another host's clock against this one's: %1 the offset, %2 how far it may be off (in ms)
                    m_out << QStringLiteral("  ") << tr("clock %1 ms (± %2 ms)")
                                                         .arg(QString::number(double(lane.clock.offsetNs) / 1e6, 'f', 3),
                                                              QString::number(double(lane.clock.uncertaintyNs()) / 1e6, 'f', 3));
                m_out << u'\n';
            }
            m_out << tr("Step 1 starts on every target at %1.").arg(wall.toString(QStringLiteral("HH:mm:ss.zzz"))) << u'\n'
                  << tr("Ctrl-C stops it and will %1.").arg(endingText(scenario.onAbort)) << u'\n';
        }
        m_out.flush();
    });
    QObject::connect(&ensemble, &ScenarioEnsemble::laneProgress, &context, [&](const QString &target, const ScenarioProgress &p) {
        if (!json)
            return;
        QJsonObject o = p.toJson();
        o.insert(QStringLiteral("event"), QStringLiteral("progress"));
        o.insert(QStringLiteral("target"), target);
        o.insert(QStringLiteral("takenAtNs"), double(p.takenAtNs));
        m_out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)) << u'\n';
        m_out.flush();
    });
    QObject::connect(&ensemble, &ScenarioEnsemble::stepLanded, &context, [&](int pass, int step, const QString &name, qint64 firstNs, qint64 lastNs) {
        if (json) {
            m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("event"), QStringLiteral("landed")},
                                                                {QStringLiteral("loop"), pass},
                                                                {QStringLiteral("step"), step},
                                                                {QStringLiteral("stepName"), name},
                                                                {QStringLiteral("firstNs"), double(firstNs)},
                                                                {QStringLiteral("lastNs"), double(lastNs)},
                                                                {QStringLiteral("spreadNs"), double(lastNs - firstNs)}})
                                           .toJson(QJsonDocument::Compact))
                  << u'\n';
        } else {
            //: one line per step once every target has it: time, step of steps, name, pass of passes, targets, spread in ms
            m_out << tr("%1  step %2/%3  %4  (loop %5/%6)  on %7 targets within %8 ms")
                         .arg(timeNow())
                         .arg(step + 1)
                         .arg(scenario.steps.size())
                         .arg(name)
                         .arg(pass)
                         .arg(loopsText(scenario.loops))
                         .arg(lanes().size())
                         .arg(QString::number(double(lastNs - firstNs) / 1e6, 'f', 1))
                  << u'\n';
        }
        m_out.flush();
    });

    log().info("play: scenario \"{}\" on {} target(s)", scenario.name.toStdString(), scenario.targets.size());
    ensemble.start();
    waitFor(interruption, [&] { return refusal.has_value() || ended.has_value(); }, 0ms, true, loop);
    if (refusal) {
        for (const QString &e : std::as_const(*refusal))
            printError(command, e);
        m_err << tr("scenario \"%1\" cannot play on every target; nothing was applied").arg(scenario.name) << u'\n';
        return usage ? ExitUsage : ExitFailure;
    }
    if (!ended) {
        const int signal = interruption.signal();
        log().info("play: signal {}: stopping every lane ({})", signal, endingWord(scenario.onAbort).toStdString());
        ensemble.stop();
        // Not cut short by another signal: the exit status promises the trees were put back.
        waitFor(interruption, [&] { return ended.has_value(); }, StopTimeout, false, loop);
        if (!ended) {
            printError(command, tr("stopping was not confirmed on every target within %1 s").arg(StopTimeout.count()));
            return ExitFailure;
        }
        if (ended->first == ScenarioProgress::State::Failed) {
            printError(command, nestedSentence(ended->second));
            return ExitFailure;
        }
        if (!started) {
            printError(command, tr("interrupted (signal %1); nothing was applied").arg(signal));
            return 128 + signal;
        }
        if (!json)
            m_out << tr("%1  stopped (signal %2): %3").arg(timeNow()).arg(signal)
                         .arg(endedText(scenario.onAbort))
                  << u'\n';
        return 128 + signal;
    }
    switch (ended->first) {
    case ScenarioProgress::State::Finished:
        if (!json)
            m_out << tr("%1  finished: %2").arg(timeNow())
                         .arg(endedText(scenario.onEnd))
                  << u'\n';
        return ExitOk;
    case ScenarioProgress::State::Failed:
        //: %1 says which target failed and why; the other targets' playbacks were stopped
        printError(command, tr("playback failed: %1; the other targets were stopped").arg(nestedSentence(ended->second)));
        return ExitFailure;
    default:
        printError(command, tr("playback was stopped"));
        return ExitFailure;
    }
}

int CliScenario::scenarios(const QStringList &arguments)
{
    const QString command = QStringLiteral("scenarios");
    QCommandLineParser parser;
    if (const auto done = parse(parser, command, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, QStringLiteral("list"));
    const bool json = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("dev")) && action != u"check")
        return usageError(command, tr("--dev goes with \"scenarios check\" only"));
    if (action == u"list" && positional.size() <= 1)
        return list(json);
    if (action == u"show" && positional.size() == 2)
        return show(positional[1], json);
    if (action == u"check" && positional.size() == 2) {
        const QString target = parser.value(QStringLiteral("dev"));
        if (!target.isEmpty() && !isWellFormedTarget(target))
            return usageError(command, notATarget(target));
        return check(positional[1], target, json);
    }
    return usageError(command, tr("use \"scenarios list\", \"scenarios show SCENARIO\" or \"scenarios check SCENARIO\""));
}

int CliScenario::list(bool json)
{
    ScenarioStore store;
    const ScenarioStore::Listing listing = store.list();
    for (const ScenarioStore::LoadProblem &problem : listing.problems)
        m_err << tr("warning: %1: skipped: %2").arg(problem.path, problem.reason) << u'\n';
    const QList<Scenario> builtins = ScenarioStore::builtins();
    log().debug("scenarios: {} built-in, {} of the user's and {} unreadable file(s) in {}", builtins.size(), listing.scenarios.size(),
                listing.problems.size(), store.directory().toStdString());
    if (json) {
        QJsonArray array;
        const auto add = [&](const Scenario &s, const char *source) {
            array.append(QJsonObject{{QStringLiteral("name"), s.name},
                                     {QStringLiteral("source"), QLatin1String(source)},
                                     {QStringLiteral("description"), s.description},
                                     {QStringLiteral("steps"), int(s.steps.size())},
                                     {QStringLiteral("passDurationMs"), double(s.passDurationMs())},
                                     {QStringLiteral("duration"), Scenario::formatDurationMs(s.passDurationMs())},
                                     {QStringLiteral("loops"), s.loops == 0 ? QJsonValue(QStringLiteral("forever")) : QJsonValue(s.loops)},
                                     {QStringLiteral("targets"), QJsonArray::fromStringList(s.targets)}});
        };
        for (const Scenario &s : builtins)
            add(s, "built-in");
        for (const Scenario &s : listing.scenarios)
            add(s, "user");
        m_out << QString::fromUtf8(QJsonDocument(array).toJson());
        return ExitOk;
    }
    qsizetype width = 0;
    for (const Scenario &s : builtins + listing.scenarios)
        width = std::max(width, s.name.size());
    const auto line = [&](const Scenario &s, const QString &source) {
        m_out << QStringLiteral("  ") << s.name.leftJustified(width) << QStringLiteral("  ") << source << QStringLiteral("  ")
              << tr("%n step(s)", nullptr, int(s.steps.size())) << QStringLiteral("  ")
              //: a scenario's length: one pass, then how many passes ("forever" or a number)
              << tr("%1 a pass, %2").arg(Scenario::formatDurationMs(s.passDurationMs()),
                                         s.loops == 0 ? tr("looping forever") : tr("%n pass(es)", nullptr, s.loops))
              << u'\n';
    };
    m_out << tr("Built-in scenarios:") << u'\n';
    for (const Scenario &s : builtins)
        line(s, tr("built-in"));
    m_out << tr("Your scenarios (%1):").arg(store.directory()) << u'\n';
    if (listing.scenarios.isEmpty())
        m_out << QStringLiteral("  ") << tr("(none yet)") << u'\n';
    for (const Scenario &s : listing.scenarios)
        line(s, tr("yours"));
    return ExitOk;
}

int CliScenario::show(const QString &nameOrPath, bool json)
{
    const QString command = QStringLiteral("scenarios");
    ScenarioStore store;
    QString error;
    const std::optional<Scenario> scenario = store.find(nameOrPath, &error);
    if (!scenario) {
        printError(command, error);
        return ExitFailure;
    }
    if (json) {
        m_out << QString::fromUtf8(scenario->toJsonBytes());
        return ExitOk;
    }
    const ProfileStore profiles;
    // Against an empty device the ramps' start values are known whenever a step before them sets
    // the node; a ramp at the very start depends on the target and is shown without one.
    std::optional<ScenarioTimeline> timeline;
    if (const auto resolved = scenario->resolveReferences(&profiles, &error)) {
        QdiscTree empty;
        empty.device = QStringLiteral("DEV");
        QStringList ignored;
        timeline = ScenarioTimeline::compile(*resolved, empty, &ignored);
    }
    const bool builtIn = ScenarioStore::isBuiltin(scenario->name) && !nameOrPath.contains(u'/') && !nameOrPath.endsWith(QStringLiteral(".json"));
    m_out << (builtIn ? tr("%1 (built-in)").arg(scenario->name) : scenario->name) << u'\n';
    if (!scenario->description.isEmpty())
        m_out << scenario->description << u'\n';
    if (!scenario->targets.isEmpty())
        m_out << tr("Meant for: %1").arg(scenario->targets.join(QStringLiteral(", "))) << u'\n';
    m_out << u'\n' << tr("Steps:") << u'\n';
    qint64 startMs = 0;
    qsizetype nameWidth = 0;
    for (qsizetype i = 0; i < scenario->steps.size(); ++i)
        nameWidth = std::max(nameWidth, scenario->steps[i].displayName(int(i) + 1).size());
    for (qsizetype i = 0; i < scenario->steps.size(); ++i) {
        const ScenarioStep &step = scenario->steps[i];
        const TimelineStep *compiled = timeline && i < timeline->steps().size() ? &timeline->steps()[i] : nullptr;
        m_out << QStringLiteral("  %1. ").arg(i + 1, 2) << step.displayName(int(i) + 1).leftJustified(nameWidth) << QStringLiteral("  ")
              << QStringLiteral("%1 +%2").arg(Scenario::formatDurationMs(startMs).rightJustified(7), Scenario::formatDurationMs(step.durationMs).leftJustified(6))
              << QStringLiteral("  ") << describeStep(step, profiles, compiled) << u'\n';
        for (const TargetStep &own : std::as_const(scenario->perTarget))
            if (own.step == i)
                //: a step's condition for one target of a scenario for several targets: "on ssh://lab4/eth1: preset 3G …"
                m_out << QString(nameWidth + 6, u' ') << QStringLiteral("%1 ").arg(QString(), 14) << tr("on %1: %2").arg(own.target, describeStep(own.condition, profiles))
                      << u'\n';
        startMs += step.durationMs;
    }
    m_out << u'\n'
          << tr("One pass: %1; passes: %2.").arg(Scenario::formatDurationMs(scenario->passDurationMs()),
                                                 scenario->loops == 0 ? tr("until stopped") : QString::number(scenario->loops))
          << u'\n'
          << tr("At the end: %1. When stopped: %2.").arg(endingText(scenario->onEnd), endingText(scenario->onAbort)) << u'\n';
    return ExitOk;
}

int CliScenario::check(const QString &nameOrPath, const QString &target, bool json)
{
    const QString command = QStringLiteral("scenarios");
    ScenarioStore store;
    QString error;
    QStringList errors;
    const std::optional<Scenario> scenario = store.find(nameOrPath, &error);
    if (!scenario) {
        // A file's errors come one a line below a heading naming the file, which each line printed here names already.
        errors = error.split(u'\n', Qt::SkipEmptyParts);
        if (errors.size() > 1)
            errors.removeFirst();
        for (QString &line : errors)
            line = line.trimmed();
    } else {
        const ProfileStore profiles;
        errors = problems(*scenario, profiles);
        if (errors.isEmpty() && !target.isEmpty()) {
            // Against the target's tree as it is now: what play would find before applying anything.
            auto engine = HelperClient().openForReading(target, &error);
            const auto tree = engine ? engine->read(&error) : std::nullopt;
            if (!tree) {
                printError(command, tr("cannot read %1: %2").arg(target, error));
                return ExitFailure;
            }
            // A scenario for several targets is checked as the lane that target plays.
            const Scenario played = scenario->isMultiTarget() && scenario->namesTarget(target) ? scenario->lane(target) : *scenario;
            const auto resolved = played.resolveReferences(&profiles, &error);
            if (resolved)
                ScenarioTimeline::compile(*resolved, *tree, &errors);
            else
                errors.append(error);
        }
    }
    const bool valid = errors.isEmpty();
    log().debug("scenarios check {}: {} error(s)", nameOrPath.toStdString(), errors.size());
    if (json) {
        m_out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("valid"), valid}, {QStringLiteral("errors"), QJsonArray::fromStringList(errors)}})
                                       .toJson());
    } else {
        // "error:" stays untranslated, like validate's: editors and CI annotations read these lines.
        for (const QString &e : std::as_const(errors))
            m_err << nameOrPath << QStringLiteral(": error: ") << e << u'\n';
        m_out << (valid ? tr("%1: valid") : tr("%1: not valid")).arg(nameOrPath) << u'\n';
    }
    return valid ? ExitOk : ExitFailure;
}

} // namespace qs
