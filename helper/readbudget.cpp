#include "readbudget.h"

#include <algorithm>

namespace qs {

void ReadBudget::refill(Bucket &bucket, qint64 nowNs)
{
    const qint64 elapsed = std::max<qint64>(nowNs - bucket.atNs, 0); // a clock read out of order adds nothing
    const double refilled = double(bucket.tokensNs) + double(elapsed) * double(MaxShareNs) / double(WindowNs);
    bucket.tokensNs = refilled >= double(MaxShareNs) ? MaxShareNs : qint64(refilled);
    bucket.atNs = std::max(bucket.atNs, nowNs);
}

qint64 ReadBudget::spentNs(qint64 uid, qint64 nowNs)
{
    const auto it = m_buckets.find(uid);
    if (it == m_buckets.end())
        return 0;
    refill(*it, nowNs);
    const qint64 spent = MaxShareNs - it->tokensNs;
    if (spent <= 0)
        m_buckets.erase(it); // a full bucket is the default: nothing to remember
    return std::max<qint64>(spent, 0);
}

bool ReadBudget::allows(qint64 uid, qint64 nowNs)
{
    return uid == 0 || spentNs(uid, nowNs) < MaxShareNs;
}

void ReadBudget::spend(qint64 uid, qint64 startNs, qint64 endNs)
{
    if (uid == 0 || endNs <= startNs)
        return;
    auto it = m_buckets.find(uid);
    if (it == m_buckets.end())
        it = m_buckets.insert(uid, Bucket{MaxShareNs, startNs});
    refill(*it, endNs);
    it->tokensNs -= endNs - startNs;
}

} // namespace qs
