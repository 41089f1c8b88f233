#pragma once

#include <QHash>
#include <QtGlobal>

#include <array>

namespace qs {

/**
 * How much of the helper's time the reads of one user may take. GetTree and ReadStats dump the
 * kernel on the helper's thread (a tree of 10 000 classes takes ~15 ms, 50 000 about a second),
 * and anyone may ask them for this machine's namespace without polkit: a user asking without
 * pause must not slow everyone else down. Each user but root may spend MaxShareNs of any
 * second (WindowNs, in BucketCount buckets); beyond that a read is refused at once.
 * Memory: BucketCount numbers per user who read in the last second.
 */
class ReadBudget
{
public:
    static constexpr qint64 WindowNs = 1'000'000'000;
    static constexpr qint64 MaxShareNs = 250'000'000;
    static constexpr int BucketCount = 10;

    /** Whether @p uid may read now: what it spent in the last window is under the share. */
    bool allows(qint64 uid, qint64 nowNs);
    /** @p uid's read took from @p startNs to @p endNs. */
    void spend(qint64 uid, qint64 startNs, qint64 endNs);
    /** What @p uid spent in the window ending at @p nowNs. */
    qint64 spentNs(qint64 uid, qint64 nowNs);

private:
    struct Spent
    {
        qint64 lastBucket = 0; ///< the bucket (time / bucket width) the newest cost went to
        std::array<qint64, BucketCount> costNs{};
    };
    /** Empties the buckets that lie before the window ending at @p nowNs. */
    static void age(Spent &spent, qint64 nowNs);

    QHash<qint64, Spent> m_spent;
};

} // namespace qs
