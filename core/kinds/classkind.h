#pragma once

#include "codeccontext.h"
#include "kindvalue.h"
#include "showsupport.h"
#include "qdisckind.h"

#include <QJsonObject>
#include <QLatin1StringView>
#include <QString>

#include <concepts>
#include <memory>
#include <optional>

namespace qs {

/**
 * Everything about the classes of one classful qdisc kind (htb, hfsc, drr, qfq), in one table of
 * operations; built by makeClassKindOps(), which checks that the definition has every part.
 */
struct ClassKindOps
{
    /** Classes read from a qdisc kind the model does not know: kept as the kernel reported them. */
    static const ClassKindOps &fallback();

    QLatin1StringView name; ///< the qdisc kind's name ("htb"); empty for foreign classes
    bool known;
    /** Classes below classes (htb, hfsc); otherwise every class hangs at the qdisc (drr, qfq). */
    bool hierarchical;

    std::shared_ptr<const void> (*makeDefault)();
    std::shared_ptr<const void> (*makeNew)();
    bool (*equals)(const void *, const void *);
    QString (*kindName)(const void *);
    ValidationIssues (*validate)(const void *);
    /** tc's options after the kind word of `tc class add|change`; @p running for a change, or null. */
    std::shared_ptr<const void> (*parse)(TcArgs &, const void *running);
    void (*print)(TcOptionWords &, const void *);
    QJsonObject (*toJson)(const void *);
    std::shared_ptr<const void> (*fromJson)(JsonReader &);
    bool (*encode)(nl_msg *, const void *, const CodecContext &, QString *error);
    /** Reads a dumped class; @p owner is its qdisc's parameters. Null: kept as foreign. */
    std::shared_ptr<const void> (*decode)(const nlattr *, const CodecContext &, const QdiscParams &owner);
    ChangeRule (*change)(const void *running, const void *wanted, const CodecContext &, std::shared_ptr<const void> *sent);
    QString (*summary)(const void *);
    /**
     * The words tc's show printed after "class KIND ID root|parent P [leaf H:]" as the words its
     * parser reads (tc/tcshowreader.h). By default they parse as they are.
     */
    ShownWords (*readShown)(ShownWords printed);
};

using ClassParams = KindValue<ClassKindOps>;

template <class K>
concept ClassKindDefinition = requires(const typename K::Params &p, typename K::Params &mutableParams, TcArgs &args,
                                       TcOptionWords &words, JsonReader &reader, nl_msg *msg, const nlattr *attr,
                                       const CodecContext &context, QString *error, const QdiscParams &owner) {
    typename K::Params;
    { K::name } -> std::convertible_to<const char *>;
    { K::hierarchical } -> std::convertible_to<bool>;
    { K::validate(p) } -> std::same_as<ValidationIssues>;
    { K::parse(args, &p) } -> std::same_as<typename K::Params>;
    { K::print(words, p) } -> std::same_as<void>;
    { K::toJson(p) } -> std::same_as<QJsonObject>;
    { K::fromJson(reader) } -> std::same_as<typename K::Params>;
    { K::encode(msg, p, context, error) } -> std::same_as<bool>;
    { K::decode(attr, context, owner) } -> std::same_as<std::optional<typename K::Params>>;
    { K::change(p, p, context, &mutableParams) } -> std::same_as<ChangeRule>;
    { K::summary(p) } -> std::same_as<QString>;
};

template <ClassKindDefinition K> ClassKindOps makeClassKindOps()
{
    using P = typename K::Params;
    ClassKindOps ops{};
    ops.name = QLatin1StringView(K::name);
    ops.known = true;
    ops.hierarchical = K::hierarchical;
    ops.makeDefault = &Erased<P>::makeDefault;
    ops.makeNew = [] {
        if constexpr (requires { { K::newNode() } -> std::same_as<P>; })
            return Erased<P>::make(K::newNode());
        else
            return Erased<P>::make(P{});
    };
    ops.equals = &Erased<P>::equals;
    ops.kindName = [](const void *) { return QString::fromLatin1(K::name); };
    ops.validate = [](const void *value) { return K::validate(Erased<P>::of(value)); };
    ops.parse = [](TcArgs &args, const void *running) { return Erased<P>::make(K::parse(args, static_cast<const P *>(running))); };
    ops.print = [](TcOptionWords &words, const void *value) { K::print(words, Erased<P>::of(value)); };
    ops.toJson = [](const void *value) { return K::toJson(Erased<P>::of(value)); };
    ops.fromJson = [](JsonReader &reader) { return Erased<P>::make(K::fromJson(reader)); };
    ops.encode = [](nl_msg *msg, const void *value, const CodecContext &context, QString *error) {
        return K::encode(msg, Erased<P>::of(value), context, error);
    };
    ops.decode = [](const nlattr *attr, const CodecContext &context, const QdiscParams &owner) -> std::shared_ptr<const void> {
        auto decoded = K::decode(attr, context, owner);
        return decoded ? Erased<P>::make(std::move(*decoded)) : nullptr;
    };
    ops.change = [](const void *running, const void *wanted, const CodecContext &context, std::shared_ptr<const void> *sent) {
        P toSend = Erased<P>::of(wanted);
        const ChangeRule rule = K::change(Erased<P>::of(running), Erased<P>::of(wanted), context, &toSend);
        if (sent)
            *sent = Erased<P>::make(std::move(toSend));
        return rule;
    };
    ops.summary = [](const void *value) { return K::summary(Erased<P>::of(value)); };
    ops.readShown = [](ShownWords printed) -> ShownWords {
        if constexpr (requires(ShownWords w) { { K::readShown(std::move(w)) } -> std::same_as<ShownWords>; })
            return K::readShown(std::move(printed));
        else
            return printed;
    };
    return ops;
}

} // namespace qs

#define QS_DECLARE_CLASS_KIND(Params) const ::qs::ClassKindOps &kindOpsOf(const Params *);
#define QS_DEFINE_CLASS_KIND(Kind)                                                                           \
    const ::qs::ClassKindOps &kindOpsOf(const Kind::Params *)                                                \
    {                                                                                                        \
        static const ::qs::ClassKindOps ops = ::qs::makeClassKindOps<Kind>();                                \
        return ops;                                                                                          \
    }
