#pragma once

#include "clihelp.h"
#include "model/qdisctree.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <optional>

class QCommandLineParser;

namespace spdlog {
class logger;
}

namespace qs {

class TargetBackend;
struct BackendApplyResult;
struct Placement;
struct TargetInfo;

/** The exit statuses of every subcommand: done, failed, or called wrongly (a usage error). */
constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;
constexpr int ExitUsage = 2;

/**
 * What every subcommand needs, for Cli and CliScenario alike: the two streams, a parser built
 * from the subcommand's help, the error lines in one form, and the log.
 */
class CliBase
{
protected:
    CliBase(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) {}

    /**
     * A parser for @p command with the options its help declares. Returns the exit status when
     * the command is done already (--help printed, or the command line was wrong).
     */
    std::optional<int> parse(QCommandLineParser &parser, const QString &command, const QStringList &arguments);
    /** "qdisc-studio COMMAND: MESSAGE" on stderr. */
    void printError(const QString &command, const QString &message);
    /** printError(), returning the exit status of a wrong command line. */
    int usageError(const QString &command, const QString &message);
    /** The "cli" logger, after what this command wrote so far is flushed, so lines keep their order. */
    spdlog::logger &log();

    QTextStream &m_out;
    QTextStream &m_err;
};

/**
 * The headless side of qdisc-studio: one method per subcommand. Output meant for scripts goes
 * to stdout (plain or --json), everything a person must read about a failure to stderr.
 * Exit codes: 0 done, 1 the input is wrong or the work failed, 2 the command line is wrong.
 */
class Cli : public CliBase
{
    // The context is spelled out: lupdate and tr() must both see "qs::Cli", which is also the
    // context the free functions' QCoreApplication::translate() calls use.
    Q_DECLARE_TR_FUNCTIONS(qs::Cli)

public:
    Cli(QTextStream &out, QTextStream &err) : CliBase(out, err) {}

    /** @p arguments without the program name; the first is the subcommand. */
    int run(const QStringList &arguments);

    static bool isSubcommand(const QString &word);
    /** The subcommands' names, in the order the help lists them. */
    static QStringList subcommands();
    /** The help of @p subcommand, or of qdisc-studio itself when it is empty; translated. */
    static CliHelp help(const QString &subcommand = {});
    /** What `qdisc-studio SUBCOMMAND --help` prints (`qdisc-studio --help` for an empty one). */
    static QString helpText(const QString &subcommand = {});
    /** qdisc-studio's help and every subcommand's, one after the other: the man page's text, for Help ▸ Manual. */
    static QString manualText();

private:
    int importScript(const QStringList &arguments);
    int exportProfile(const QStringList &arguments);
    int validate(const QStringList &arguments);
    int profiles(const QStringList &arguments);
    int targets(const QStringList &arguments);
    int show(const QStringList &arguments);
    int stats(const QStringList &arguments);
    int apply(const QStringList &arguments);
    int clear(const QStringList &arguments);
    int restore(const QStringList &arguments);
    int confirm(const QStringList &arguments);
    /** `demo --headless`: the demo lab, a sequence of conditions, configured against measured (clidemo.cpp). */
    int demo(const QStringList &arguments);
    /** Remote side of an ssh target (app/stdiobusbridge.h), or with --check what this host offers. */
    int bridge(const QStringList &arguments);

    /**
     * The road of apply, clear, restore and confirm: the window's own backends, so that their
     * rules and sentences are the safety net's (core/safety) on both. The helper (HelperBackend),
     * or with --direct this process (DirectBackend: snapshots in the helper's folder as root;
     * another user is warned, not refused).
     */
    std::unique_ptr<TargetBackend> changeBackend(bool direct);
    /** `targets ssh://HOST`: the targets that host's helper lists, each marked as that host's. */
    std::optional<QList<TargetInfo>> remoteTargets(const QString &hostText, QString *error);
    /**
     * A target of --dev as the road to it sees it: a local one as it is; for
     * ssh://HOST/TARGET, TARGET, with the road to HOST's helper opened in @p remote (SshLink) and
     * the host remembered for the messages. nullopt when --dev is not a target, or HOST cannot be
     * used; the sentence is printed, @p status says the exit status.
     */
    std::optional<QString> routeTarget(const QString &command, const QString &dev, bool direct, std::unique_ptr<TargetBackend> *remote, int *status);
    /** clear and restore: a change of the target named by --dev that takes no tree, on either road. */
    int changeWithoutTree(const QString &command, const QStringList &arguments);
    /** Each tree onto its target in turn; --hold and --revert-after cover them all. */
    int applyTrees(TargetBackend &backend, const QList<Placement> &placements, unsigned revertSeconds, bool hold, bool json, bool direct);
    /** --revert-after: asks on a terminal and confirms every transaction, or says how to confirm them. */
    int keepOrRevert(TargetBackend &backend, const QStringList &targets, const QStringList &transactions, unsigned revertSeconds);
    /** Prints what became of a change, its plan or (on stderr) its refusal, the same on every road; false when refused. */
    bool reportChange(const BackendApplyResult &result, const QString &command, const QString &target, bool json);

    /** "ssh://qs@lab4": the host this command works on, named in front of its helper's refusals; empty on this host. */
    QString m_remoteHost;
};

} // namespace qs
