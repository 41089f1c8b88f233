#pragma once

#include "model/qdisctree.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace qs {

/**
 * Writes trees as the tc commands that build them on a clean device: parents before children,
 * exact units, and every option spelled so that importing the script gives back the same tree
 * (TcImporter is the inverse). An empty tree becomes "tc qdisc del dev X root".
 */
class TcExporter
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcExporter)

public:
    /** The commands for one tree, one per line. The tree must name its device. */
    static QStringList commands(const QdiscTree &tree);
    /** A script for several trees: ifb devices first, so redirects find them. */
    static QString script(const QList<QdiscTree> &trees);

    /** The words after the kind for one qdisc's options ("delay 100ms 20ms loss random 1%"). */
    static QString qdiscOptions(const QdiscParams &params);
    static QString classOptions(const ClassParams &params);
};

} // namespace qs
