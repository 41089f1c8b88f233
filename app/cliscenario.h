#pragma once

#include "cli.h"
#include "scenario/scenario.h"
#include "scenario/scenariotimeline.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

namespace qs {

class ProfileStore;

/**
 * `play` and `scenarios`: timelines of network conditions from the terminal. Kept out of Cli so
 * that cli.cpp stays about single changes; it shares Cli's help (clihelptexts.cpp), its exit
 * statuses, its translation context and (CliBase) its parsing and error lines.
 *
 * Exit statuses of play: 0 the scenario ended, 1 it could not be played or failed while playing,
 * 2 the command line or the scenario is wrong (then nothing was applied), 128 + the signal when
 * it was stopped by Ctrl-C, SIGTERM or SIGHUP (after the tree from before was put back, or kept).
 */
class CliScenario : public CliBase
{
    // The same context as Cli: one CLI for translators and for tst_clitranslation.
    Q_DECLARE_TR_FUNCTIONS(qs::Cli)

public:
    CliScenario(QTextStream &out, QTextStream &err) : CliBase(out, err) {}

    /** `play SCENARIO --dev TARGET`; @p arguments without "play". */
    int play(const QStringList &arguments);
    /** `scenarios [list | show SCENARIO | check SCENARIO]`; @p arguments without "scenarios". */
    int scenarios(const QStringList &arguments);

    /**
     * Everything wrong with @p scenario that needs no target: Scenario::validate() and every
     * profile or preset it names that does not exist (each with its own step, not only the first).
     */
    static QStringList problems(const Scenario &scenario, const ProfileStore &profiles);
    /**
     * "preset LTE (4G): netem 50 ms …", "ramp netem.delay 20ms → 200ms, linear at 10 updates/s".
     * @p compiled, when given, supplies a ramp's start values (known only against a tree).
     */
    static QString describeStep(const ScenarioStep &step, const ProfileStore &profiles, const TimelineStep *compiled = nullptr);

private:
    /** play on several targets, or on another host's: each lane by its host's helper against one start (ScenarioEnsemble). */
    int playOnSeveral(const Scenario &scenario, bool json, bool direct, bool revertOnExit);
    int list(bool json);
    int show(const QString &nameOrPath, bool json);
    int check(const QString &nameOrPath, const QString &target, bool json);
};

} // namespace qs
