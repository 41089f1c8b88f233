#pragma once

#include "scenario/scenario.h"
#include "scenario/scenariotimeline.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace spdlog {
class logger;
}

namespace qs {

class ProfileStore;

/**
 * `play` and `scenarios`: timelines of network conditions from the terminal. Kept out of Cli so
 * that cli.cpp stays about single changes; it shares Cli's help (clihelptexts.cpp), its exit
 * statuses and its translation context.
 *
 * Exit statuses of play: 0 the scenario ended, 1 it could not be played or failed while playing,
 * 2 the command line or the scenario is wrong (then nothing was applied), 128 + the signal when
 * it was stopped by Ctrl-C, SIGTERM or SIGHUP (after the tree from before was put back, or kept).
 */
class CliScenario
{
    // The same context as Cli: one CLI for translators and for tst_clitranslation.
    Q_DECLARE_TR_FUNCTIONS(qs::Cli)

public:
    CliScenario(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) {}

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
    std::optional<int> parse(QCommandLineParser &parser, const QString &command, const QStringList &arguments);
    void printError(const QString &command, const QString &message);
    int usageError(const QString &command, const QString &message);
    /** The "cli" logger, after what was written so far is flushed, so lines keep their order. */
    spdlog::logger &log();

    int list(bool json);
    int show(const QString &nameOrPath, bool json);
    int check(const QString &nameOrPath, const QString &target, bool json);

    QTextStream &m_out;
    QTextStream &m_err;
};

} // namespace qs
