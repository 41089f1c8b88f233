#pragma once

#include "model/qdisctree.h"
#include "tctokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QStringView>

#include <optional>

namespace qs {

/** What an import produced: one tree per device the script touched, and every problem found. */
struct TcImportResult
{
    QList<QdiscTree> trees; ///< in the order the devices first appear
    QList<TcScriptError> errors;
    /** What imports, but not the way a reader might expect (a tc quirk, a change read as add). */
    QList<TcScriptError> warnings;
    bool ok() const { return errors.isEmpty(); }
    /** The tree of @p target ("dev" or "netns/dev"), or nullptr. */
    const QdiscTree *tree(QStringView target) const;
};

/** How to read a script. */
struct TcImportOptions
{
    /**
     * The devices hold nothing yet (their default qdisc): a delete of a qdisc that is not there
     * is then refused as the kernel refuses it. Otherwise the first deletes of a script are its
     * "start clean" lines, run on a device of unknown state, and are not errors.
     */
    bool devicesStartEmpty = false;
};

/**
 * Reads tc commands — `tc [-n NS] qdisc|class|filter add|change|replace|del …`, with the
 * options of netem, tbf, htb, sfq, fq_codel, pfifo, bfifo, prio, ingress, clsact and the u32
 * classifier with mirred — and builds the trees they leave behind. Keywords are matched the way
 * tc matches them (unique prefixes where tc allows them), values are parsed with tc's own unit
 * rules, and `change` follows what the kernel keeps: netem keeps the correlations, reorder,
 * corrupt, rate, ecn, slot and distribution it is not sent. Where the kernel refuses a command
 * (htb and sfq have no change operation, a busy htb class is not deleted, a qdisc is not grafted
 * onto an inner class) the command fails with the kernel's reason. The ifb set-up lines of the
 * ingress recipe (`modprobe ifb`, `ip link add NAME type ifb`, `ip link set dev NAME up`)
 * are understood too. Every other word is an error with its line and column; nothing is
 * skipped silently.
 */
class TcImporter
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcImporter)

public:
    static TcImportResult import(QStringView script, const TcImportOptions &options = {});
    /**
     * The same for commands already split into words (by ShellEvaluator, from a shell script or
     * a tc -batch file): every error points at the line and column its word carries.
     */
    static TcImportResult import(const QList<TcCommand> &commands, const TcImportOptions &options = {});

};

} // namespace qs
