#include "tccodec.h"

#include "kinds/foreign/foreignclassparams.h"
#include "kinds/foreign/foreignfilterparams.h"
#include "kinds/foreign/foreignparams.h"
#include "kinds/kindtable.h"

#include <netlink/attr.h>
#include <netlink/msg.h>

#include <linux/rtnetlink.h>

namespace qs::TcCodec {

namespace {

QByteArray optionBytes(const nlattr *options)
{
    return options ? QByteArray(static_cast<const char *>(nla_data(options)), nla_len(options)) : QByteArray();
}

} // namespace

std::size_t messageSizeFor(const QdiscParams &params)
{
    return params.ops().messageSize(params.data());
}

bool encodeQdisc(nl_msg *msg, const QdiscParams &params, const Context &context, QString *error)
{
    const QByteArray kind = params.ops().kindName(params.data()).toLatin1();
    if (nla_put_string(msg, TCA_KIND, kind.constData()))
        return false;
    return params.ops().encode(msg, params.data(), context, error);
}

bool encodeClass(nl_msg *msg, const ClassParams &params, const Context &context, QString *error)
{
    const QByteArray kind = params.ops().kindName(params.data()).toLatin1();
    if (nla_put_string(msg, TCA_KIND, kind.constData()))
        return false;
    return params.ops().encode(msg, params.data(), context, error);
}

QdiscParams decodeQdisc(const QString &kind, const nlattr *options, const Context &context)
{
    if (const QdiscKindOps *ops = Kinds::qdisc(kind)) {
        if (auto value = ops->decode(options, context))
            return QdiscParams(*ops, std::move(value));
    }
    return ForeignParams{kind, optionBytes(options)};
}

ClassParams decodeClass(const QString &kind, const nlattr *options, const Context &context, const QdiscParams &owner)
{
    if (const ClassKindOps *ops = owner.ops().classKind; ops && ops->name == kind) {
        if (auto value = ops->decode(options, context, owner))
            return ClassParams(*ops, std::move(value));
    }
    return ForeignClassParams{kind, optionBytes(options)};
}

bool encodeFilter(nl_msg *msg, const Filter &filter, const Context &context, QString *error)
{
    const QByteArray kind = filter.kindName().toLatin1();
    if (nla_put_string(msg, TCA_KIND, kind.constData()))
        return false;
    return filter.ops().encode(msg, filter, context, error);
}

bool decodeFilter(const QString &kind, const nlattr *options, const Context &context, Filter *filter)
{
    if (const FilterKindOps *ops = Kinds::filter(kind)) {
        Filter read = *filter;
        read.params = FilterParams(*ops, ops->makeDefault());
        switch (ops->decode(options, context, read)) {
        case FilterDecode::Known:
            *filter = read;
            return true;
        case FilterDecode::Skip:
            return false;
        case FilterDecode::Foreign:
            break;
        }
    }
    filter->params = ForeignFilterParams{kind, optionBytes(options)};
    filter->classId = TcHandle();
    filter->actions.clear();
    filter->police.reset();
    return true;
}

} // namespace qs::TcCodec
