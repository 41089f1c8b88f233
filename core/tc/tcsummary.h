#pragma once

#include "model/probability.h"
#include "model/qdisctree.h"

#include <QCoreApplication>
#include <QString>

namespace qs {

/**
 * One line a person reads at a glance, for tree rows, profile lists and the CLI:
 * "netem 100 ms ± 20 ms, 1 % loss", "htb class 10 Mbit/s (ceil 15 Mbit/s)".
 */
class TcSummary
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcSummary)

public:
    static QString qdisc(const QdiscNode &node);
    static QString classNode(const ClassNode &node);
    static QString filter(const Filter &filter);
    /** The whole tree in one line: the root's summary and what hangs below it. */
    static QString tree(const QdiscTree &tree);

    /** "100 ms", "1.5 s", "250 µs". */
    static QString duration(quint64 microseconds);
    /** "10 Mbit/s", "1.5 Gbit/s", "512 kbit/s" (SI units, as network people read rates). */
    static QString rate(quint64 bytesPerSecond);
    /** "1 %", "0.05 %". */
    static QString percent(Probability probability);
};

} // namespace qs
