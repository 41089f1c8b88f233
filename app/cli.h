#pragma once

#include "model/qdisctree.h"

#include <QDBusPendingCall>
#include <QStringList>
#include <QTextStream>

namespace qs {

/**
 * The headless side of qdisc-studio: one method per subcommand. Output meant for scripts goes
 * to stdout (plain or --json), everything a person must read about a failure to stderr.
 * Exit codes: 0 done, 1 the input is wrong or the work failed, 2 the command line is wrong.
 */
class Cli
{
public:
    Cli(QTextStream &out, QTextStream &err) : m_out(out), m_err(err) {}

    /** @p arguments without the program name; the first is the subcommand. */
    int run(const QStringList &arguments);

    static bool isSubcommand(const QString &word);
    static QString usage();

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

    int applyThroughHelper(QdiscTree tree, const QString &target, unsigned revertSeconds, bool hold, bool json);
    /** Prints the helper's report (or its error); false when the call failed. */
    bool reportHelperReply(const QDBusPendingCall &call, const QString &command, bool json, const QString &transaction = {});

    int reportApply(const struct ApplyResult &result, bool json);

    QTextStream &m_out;
    QTextStream &m_err;
};

} // namespace qs
