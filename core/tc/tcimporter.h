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
    static TcImportResult import(QStringView script);

    /** Parses a u32 match as tc writes it after "match": "ip dst 10.0.0.0/8", "u32 0 0 at 0". */
    static std::optional<U32Match> parseMatch(QStringView text, QString *error);
    /** Parses an action as tc writes it after "action": "mirred egress redirect dev ifb0". */
    static std::optional<MirredAction> parseAction(QStringView text, QString *error);
};

} // namespace qs
