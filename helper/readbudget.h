#pragma once

#include <QHash>
#include <QtGlobal>

namespace qs {

/**
 * How much of the helper's time the reads of one user may take. GetTree and ReadStats dump the
 * kernel on the helper's thread (a tree of 10 000 classes takes ~15 ms, 50 000 about a second),
 * and anyone may ask them for this machine's namespace without polkit: a user asking without
 * pause must not slow everyone else down.
 *
 * A token bucket per user but root: it holds up to MaxShareNs, refills at MaxShareNs per
 * WindowNs (a quarter of the helper's time), and each read's cost is taken from it afterwards,
 * into debt if need be. A read is let in while the bucket is not empty, so however long one
 * read takes, a user gets no more than the share over time. Memory: one entry per user whose
 * bucket is not full.
 */
class ReadBudget
{
public:
    static constexpr qint64 WindowNs = 1'000'000'000;
    static constexpr qint64 MaxShareNs = 250'000'000;

    /** Whether @p uid may read now: its bucket is not empty. */
    bool allows(qint64 uid, qint64 nowNs);
    /** @p uid's read took from @p startNs to @p endNs. */
    void spend(qint64 uid, qint64 startNs, qint64 endNs);
    /** What @p uid owes of the share at @p nowNs: 0 with a full bucket, MaxShareNs or more when it may not read. */
    qint64 spentNs(qint64 uid, qint64 nowNs);

private:
    struct Bucket
    {
        qint64 tokensNs = MaxShareNs; ///< negative: in debt
        qint64 atNs = 0;              ///< when tokensNs was last brought up to date
    };
    /** @p bucket refilled up to @p nowNs. */
    static void refill(Bucket &bucket, qint64 nowNs);

    QHash<qint64, Bucket> m_buckets;
};

} // namespace qs
