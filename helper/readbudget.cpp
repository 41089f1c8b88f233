#include "readbudget.h"

#include <algorithm>
#include <numeric>

namespace qs {

namespace {
constexpr qint64 BucketNs = ReadBudget::WindowNs / ReadBudget::BucketCount;
} // namespace

void ReadBudget::age(Spent &spent, qint64 nowNs)
{
    const qint64 bucket = nowNs / BucketNs;
    const qint64 passed = std::min<qint64>(bucket - spent.lastBucket, BucketCount);
    for (qint64 i = 1; i <= passed; ++i)
        spent.costNs[std::size_t((spent.lastBucket + i) % BucketCount)] = 0;
    spent.lastBucket = std::max(spent.lastBucket, bucket);
}

qint64 ReadBudget::spentNs(qint64 uid, qint64 nowNs)
{
    const auto it = m_spent.find(uid);
    if (it == m_spent.end())
        return 0;
    age(*it, nowNs);
    const qint64 total = std::accumulate(it->costNs.begin(), it->costNs.end(), qint64(0));
    if (total == 0)
        m_spent.erase(it); // a user who stopped reading costs nothing
    return total;
}

bool ReadBudget::allows(qint64 uid, qint64 nowNs)
{
    return uid == 0 || spentNs(uid, nowNs) < MaxShareNs;
}

void ReadBudget::spend(qint64 uid, qint64 startNs, qint64 endNs)
{
    if (uid == 0 || endNs <= startNs)
        return;
    Spent &spent = m_spent[uid];
    if (spent.lastBucket == 0)
        spent.lastBucket = endNs / BucketNs;
    age(spent, endNs);
    spent.costNs[std::size_t((endNs / BucketNs) % BucketCount)] += endNs - startNs;
}

} // namespace qs
