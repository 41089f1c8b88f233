#include "kindtable.h"

#include "allkinds.h"

namespace qs::Kinds {

namespace {

/** The tables of every kind in @p Types, in their order. */
template <class Types, class Value> QList<const typename Value::OpsType *> tablesOf()
{
    QList<const typename Value::OpsType *> list;
    Types::any([&]<class P>(const P *) {
        list.append(&Value::template opsOf<P>());
        return false;
    });
    return list;
}

template <class Ops> const Ops *byName(const QList<const Ops *> &kinds, QStringView name)
{
    for (const Ops *kind : kinds) {
        if (kind->name == name)
            return kind;
    }
    return nullptr;
}

} // namespace

const QList<const QdiscKindOps *> &qdiscs()
{
    static const auto all = tablesOf<QdiscKindTypes, QdiscParams>();
    return all;
}

const QdiscKindOps *qdisc(QStringView name)
{
    return byName(qdiscs(), name);
}

const QList<const ClassKindOps *> &classes()
{
    static const auto all = tablesOf<ClassKindTypes, ClassParams>();
    return all;
}

const QList<const FilterKindOps *> &filters()
{
    static const auto all = tablesOf<FilterKindTypes, FilterParams>();
    return all;
}

const FilterKindOps *filter(QStringView name)
{
    return byName(filters(), name);
}

const QList<const ActionKindOps *> &actions()
{
    static const auto all = tablesOf<ActionKindTypes, Action>();
    return all;
}

const ActionKindOps *action(QStringView name)
{
    return byName(actions(), name);
}

} // namespace qs::Kinds
