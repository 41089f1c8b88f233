#pragma once

#include "codeccontext.h"
#include "kindvalue.h"
#include "showsupport.h"
#include "model/tchandle.h"
#include "model/validationissue.h"

#include <QJsonObject>
#include <QLatin1StringView>
#include <QString>

#include <concepts>
#include <memory>
#include <optional>
#include <utility>

namespace qs {

class JsonReader;
class QdiscTree;
class QdiscTreeIndex;
struct QdiscNode;
class TcArgs;
class TcOptionWords;
struct ClassKindOps;

/** Where a qdisc of a kind may hang. */
enum class QdiscPlacement {
    Anywhere,    ///< root, or below a class or band
    RootOnly,    ///< the root of a (multi-queue) device: mq, mqprio
    IngressHook, ///< ingress and clsact, at ffff:fff1 with handle ffff:
};

/** What hangs below a qdisc of a kind, at MAJOR:MINOR. */
enum class QdiscChildren {
    None,    ///< classless: nothing
    One,     ///< one inner qdisc at MAJOR:1 (netem, tbf)
    Bands,   ///< one qdisc per band MAJOR:1…N, N from the parameters (prio, ets)
    Queues,  ///< one qdisc per transmit queue or band MAJOR:1…N, N decided by the device (mq, multiq)
    Classes, ///< classes the user creates, each a filter block and a place for a qdisc (htb, hfsc)
};

/** What a kind's tc parser read: the parameters, and whether tc sends TCA_OPTIONS for them. */
struct QdiscParse
{
    std::shared_ptr<const void> value;
    bool optionsSent = true;
};

/**
 * Everything about one qdisc kind, in one table of operations (systemd-networkd's QDiscVTable,
 * iproute2's qdisc_util). Built from a kind's definition by makeQdiscKindOps(), which checks that
 * the definition has every part: a kind that lacks one does not compile.
 */
struct QdiscKindOps
{
    /** The kind a value holds when nothing else is given: a foreign node without a name. */
    static const QdiscKindOps &fallback();

    QLatin1StringView name; ///< the kernel's name ("netem"); empty for foreign nodes (see kindName)
    QLatin1StringView module; ///< the kernel module that provides it ("sch_netem")
    QdiscPlacement placement;
    QdiscChildren children;
    const ClassKindOps *classKind; ///< the kind of its classes, for QdiscChildren::Classes
    bool filterBlock;              ///< filters attach at its handle
    bool hasChangeOperation;       ///< the kernel changes it in place (htb, sfq: no)
    bool deletedChildLeavesNoop;   ///< see QdiscTraits
    bool optionsOnSeveralLines;    ///< see QdiscTraits
    bool known;                    ///< false only for nodes kept as the kernel reported them

    std::shared_ptr<const void> (*makeDefault)();
    /** What the editor's Add menu creates: a value that passes validation. */
    std::shared_ptr<const void> (*makeNew)();
    bool (*equals)(const void *, const void *);
    QString (*kindName)(const void *);
    /** QdiscChildren::Bands: how many; otherwise 1 for One, -1 when the device decides. */
    int (*childSlots)(const void *);
    ValidationIssues (*validate)(const void *);
    /** tc's options after the kind word; @p running is the qdisc a change applies to, or null. */
    QdiscParse (*parse)(TcArgs &, const void *running);
    void (*print)(TcOptionWords &, const void *);
    QJsonObject (*toJson)(const void *);
    std::shared_ptr<const void> (*fromJson)(JsonReader &);
    /** Appends TCA_OPTIONS (the caller has written TCA_KIND). */
    bool (*encode)(nl_msg *, const void *, const CodecContext &, QString *error);
    /** Reads TCA_OPTIONS; null when the kernel holds what the model cannot say (kept as foreign). */
    std::shared_ptr<const void> (*decode)(const nlattr *, const CodecContext &);
    /** How the planner turns @p running into @p wanted; for InPlace, *sent is what to send. */
    ChangeRule (*change)(const void *running, const void *wanted, const CodecContext &, std::shared_ptr<const void> *sent);
    QString (*summary)(const void *, TcHandle handle);
    std::size_t (*messageSize)(const void *);
    /**
     * A state no single tc command writes (tc refuses it, a change reaches it): the add to write
     * first, and in *change the change after it. Null when one add writes it.
     */
    std::shared_ptr<const void> (*primer)(const void *, std::shared_ptr<const void> *change);
    /**
     * What only the whole tree shows (htb: a default class that does not exist). Looks nodes up
     * through the index: validation stays linear in the size of the tree.
     */
    ValidationIssues (*validateInTree)(const QdiscTreeIndex &, const QdiscNode &self);
    /**
     * The words tc's show printed after "qdisc KIND HANDLE: root|parent P [refcnt N]" as the
     * words its parser reads (tc/tcshowreader.h): what only tc's print says dropped, values
     * written as tc reads them. By default they parse as they are.
     */
    ShownWords (*readShown)(ShownWords printed);
    /**
     * What tc's show output of such a qdisc cannot say, for the import's notes (netem: the
     * distribution tables, which the kernel does not report); empty when nothing is lost.
     */
    QString (*shownCaveat)(const ShownWords &printed);
    /**
     * What the kind knows of the kernel refusing to add it with @p error (an errno): advice the
     * kernel's bare "Invalid argument" does not give (mqprio: the device does not offload it), or
     * empty. By default nothing.
     */
    QString (*addRefusal)(const void *, int error);
};

/** A qdisc's parameters, of whichever kind. */
using QdiscParams = KindValue<QdiscKindOps>;

/** The table of the qdisc kind whose parameters are @p P: qdiscKindOf<NetemParams>(). */
template <class P> const QdiscKindOps &qdiscKindOf()
{
    return QdiscParams::opsOf<P>();
}

/** The static facts of a qdisc kind definition. */
struct QdiscTraits
{
    const char *name;
    const char *module;
    QdiscPlacement placement = QdiscPlacement::Anywhere;
    QdiscChildren children = QdiscChildren::None;
    bool filterBlock = false;
    bool hasChangeOperation = true;
    /**
     * Deleting a child qdisc grafts noop_qdisc, which drops every packet, in its place instead of
     * a default (mq_graft, multiq_graft; prio creates a pfifo): a child that goes is taken away by
     * rebuilding the owner, which gives every slot the kernel's default again.
     */
    bool deletedChildLeavesNoop = false;
    /**
     * tc's show prints the options on several lines (mqprio's "queues:" below "tc 8 map …"): the
     * indented lines before the statistics are read with the first one.
     */
    bool optionsOnSeveralLines = false;
};

/**
 * A qdisc kind definition: a struct with the kind's parameter type and one static function per
 * part. Every part is required; Bands kinds also say how many bands, Classes kinds name their
 * class kind (ClassParams), and a kind may say what the editor creates (newNode), how big its
 * message is (messageSize), how tc writes a state it needs two commands for (primer), what
 * only the whole tree shows (validateInTree) and how tc's show output of it reads (readShown).
 */
template <class K>
concept QdiscKindDefinition = requires(const typename K::Params &p, typename K::Params &mutableParams, TcArgs &args,
                                       TcOptionWords &words, JsonReader &reader, nl_msg *msg, const nlattr *attr,
                                       const CodecContext &context, QString *error, TcHandle handle) {
    typename K::Params;
    { K::traits } -> std::convertible_to<QdiscTraits>;
    { K::validate(p) } -> std::same_as<ValidationIssues>;
    { K::parse(args, &p) } -> std::same_as<QdiscParse>;
    { K::print(words, p) } -> std::same_as<void>;
    { K::toJson(p) } -> std::same_as<QJsonObject>;
    { K::fromJson(reader) } -> std::same_as<typename K::Params>;
    { K::encode(msg, p, context, error) } -> std::same_as<bool>;
    { K::decode(attr, context) } -> std::same_as<std::optional<typename K::Params>>;
    { K::change(p, p, context, &mutableParams) } -> std::same_as<ChangeRule>;
    { K::summary(p, handle) } -> std::same_as<QString>;
};

/** A QdiscParse for a value of @p P. */
template <class P> QdiscParse qdiscParse(P value, bool optionsSent = true)
{
    return {Erased<P>::make(std::move(value)), optionsSent};
}

template <QdiscKindDefinition K> QdiscKindOps makeQdiscKindOps()
{
    using P = typename K::Params;
    constexpr QdiscTraits traits = K::traits;
    if constexpr (traits.children == QdiscChildren::Bands)
        static_assert(requires(const P &p) { { K::bands(p) } -> std::same_as<int>; }, "a Bands kind says how many bands it has");
    const ClassKindOps *classKind = nullptr;
    if constexpr (traits.children == QdiscChildren::Classes) {
        static_assert(requires { typename K::ClassParams; }, "a Classes kind names the parameters of its classes");
        classKind = &kindOpsOf(static_cast<const typename K::ClassParams *>(nullptr));
    }
    QdiscKindOps ops{};
    ops.name = QLatin1StringView(traits.name);
    ops.module = QLatin1StringView(traits.module);
    ops.placement = traits.placement;
    ops.children = traits.children;
    ops.classKind = classKind;
    ops.filterBlock = traits.filterBlock;
    ops.hasChangeOperation = traits.hasChangeOperation;
    ops.deletedChildLeavesNoop = traits.deletedChildLeavesNoop;
    ops.optionsOnSeveralLines = traits.optionsOnSeveralLines;
    ops.known = true;
    ops.makeDefault = &Erased<P>::makeDefault;
    ops.makeNew = [] {
        if constexpr (requires { { K::newNode() } -> std::same_as<P>; })
            return Erased<P>::make(K::newNode());
        else
            return Erased<P>::make(P{});
    };
    ops.equals = &Erased<P>::equals;
    ops.kindName = [](const void *) { return QString::fromLatin1(K::traits.name); };
    ops.childSlots = [](const void *value) -> int {
        if constexpr (K::traits.children == QdiscChildren::Bands)
            return K::bands(Erased<P>::of(value));
        else if constexpr (K::traits.children == QdiscChildren::One)
            return 1;
        else if constexpr (K::traits.children == QdiscChildren::Queues)
            return -1;
        else
            return 0;
    };
    ops.validate = [](const void *value) { return K::validate(Erased<P>::of(value)); };
    ops.parse = [](TcArgs &args, const void *running) { return K::parse(args, static_cast<const P *>(running)); };
    ops.print = [](TcOptionWords &words, const void *value) { K::print(words, Erased<P>::of(value)); };
    ops.toJson = [](const void *value) { return K::toJson(Erased<P>::of(value)); };
    ops.fromJson = [](JsonReader &reader) { return Erased<P>::make(K::fromJson(reader)); };
    ops.encode = [](nl_msg *msg, const void *value, const CodecContext &context, QString *error) {
        return K::encode(msg, Erased<P>::of(value), context, error);
    };
    ops.decode = [](const nlattr *attr, const CodecContext &context) -> std::shared_ptr<const void> {
        auto decoded = K::decode(attr, context);
        return decoded ? Erased<P>::make(std::move(*decoded)) : nullptr;
    };
    ops.change = [](const void *running, const void *wanted, const CodecContext &context, std::shared_ptr<const void> *sent) {
        P toSend = Erased<P>::of(wanted);
        const ChangeRule rule = K::change(Erased<P>::of(running), Erased<P>::of(wanted), context, &toSend);
        if (sent)
            *sent = Erased<P>::make(std::move(toSend));
        return rule;
    };
    ops.summary = [](const void *value, TcHandle handle) { return K::summary(Erased<P>::of(value), handle); };
    ops.messageSize = [](const void *value) -> std::size_t {
        if constexpr (requires(const P &p) { { K::messageSize(p) } -> std::same_as<std::size_t>; })
            return K::messageSize(Erased<P>::of(value));
        else
            return SmallNetlinkMessage;
    };
    ops.validateInTree = [](const QdiscTreeIndex &tree, const QdiscNode &self) -> ValidationIssues {
        if constexpr (requires { &K::validateInTree; }) {
            // A kind that has the part with another signature must not compile into "no issues".
            static_assert(requires(const QdiscTreeIndex &t, const QdiscNode &n) { { K::validateInTree(t, n) } -> std::same_as<ValidationIssues>; },
                          "validateInTree takes (const QdiscTreeIndex &, const QdiscNode &) and returns ValidationIssues");
            return K::validateInTree(tree, self);
        } else {
            Q_UNUSED(tree);
            Q_UNUSED(self);
            return {};
        }
    };
    ops.readShown = [](ShownWords printed) -> ShownWords {
        if constexpr (requires(ShownWords w) { { K::readShown(std::move(w)) } -> std::same_as<ShownWords>; })
            return K::readShown(std::move(printed));
        else
            return printed;
    };
    ops.addRefusal = [](const void *value, int error) -> QString {
        if constexpr (requires(const P &p) { { K::addRefusal(p, error) } -> std::same_as<QString>; })
            return K::addRefusal(Erased<P>::of(value), error);
        else
            return {};
    };
    ops.shownCaveat = [](const ShownWords &printed) -> QString {
        if constexpr (requires(const ShownWords &w) { { K::shownCaveat(w) } -> std::same_as<QString>; })
            return K::shownCaveat(printed);
        else
            return {};
    };
    ops.primer = [](const void *value, std::shared_ptr<const void> *change) -> std::shared_ptr<const void> {
        if constexpr (requires(const P &p) { { K::primer(p) } -> std::same_as<std::optional<std::pair<P, P>>>; }) {
            auto steps = K::primer(Erased<P>::of(value));
            if (!steps)
                return nullptr;
            *change = Erased<P>::make(std::move(steps->second));
            return Erased<P>::make(std::move(steps->first));
        } else {
            Q_UNUSED(value);
            Q_UNUSED(change);
            return nullptr;
        }
    };
    return ops;
}

} // namespace qs

/** In a kind's header: ties @p Params to its table of operations. */
#define QS_DECLARE_QDISC_KIND(Params) const ::qs::QdiscKindOps &kindOpsOf(const Params *);
/** In a kind's source file, in the kind's namespace: the table of @p Kind for its Params. */
#define QS_DEFINE_QDISC_KIND(Kind)                                                                           \
    const ::qs::QdiscKindOps &kindOpsOf(const Kind::Params *)                                                \
    {                                                                                                        \
        static const ::qs::QdiscKindOps ops = ::qs::makeQdiscKindOps<Kind>();                                \
        return ops;                                                                                          \
    }
