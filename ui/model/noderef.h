#pragma once

#include "model/tchandle.h"

#include <QMetaType>

namespace qs {

/**
 * Names one node of a QdiscTree the way the tree itself names it, so it survives edits that
 * leave the node in place: a qdisc by its handle (by its parent when it has none), a class by
 * its id, a filter by its position in QdiscTree::filters.
 */
struct NodeRef
{
    enum class Type { Qdisc, Class, Filter };

    Type type = Type::Qdisc;
    TcHandle id;          ///< qdisc handle, class id; unspecified for filters
    TcHandle parent;      ///< for qdiscs without a handle and for filters; unspecified otherwise
    int filterIndex = -1; ///< position in QdiscTree::filters

    friend bool operator==(const NodeRef &, const NodeRef &) = default;
};

} // namespace qs

Q_DECLARE_METATYPE(qs::NodeRef)
