#pragma once

#include "actionkind.h"
#include "classkind.h"
#include "filterkind.h"
#include "qdisckind.h"

#include <QList>
#include <QStringView>

/**
 * Lookups in the table of every kind (QdiscKindTypes in allkinds.h). Adding a kind: its folder
 * under core/kinds/ (parameters, tc syntax, JSON, netlink, change rule, summary), its entry in
 * allkinds.h, its editor form in ui/editor/kinds/ declared in ui/editor/kindforms.h, and a test.
 */
namespace qs::Kinds {

/** Every qdisc kind, in the order menus list them. */
const QList<const QdiscKindOps *> &qdiscs();
/** The qdisc kind the kernel calls @p name; null when the model does not know it. */
const QdiscKindOps *qdisc(QStringView name);

/** The class kinds of the classful qdisc kinds. */
const QList<const ClassKindOps *> &classes();

/** Every filter kind; the one tc calls @p name, or null. */
const QList<const FilterKindOps *> &filters();
const FilterKindOps *filter(QStringView name);

/** Every action kind; the one tc calls @p name, or null. */
const QList<const ActionKindOps *> &actions();
const ActionKindOps *action(QStringView name);

} // namespace qs::Kinds
