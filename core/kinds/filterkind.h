#pragma once

#include "codeccontext.h"
#include "kindvalue.h"
#include "showsupport.h"
#include "model/validationissue.h"

#include <QJsonObject>
#include <QLatin1StringView>
#include <QString>
#include <QStringView>

#include <concepts>
#include <memory>
#include <optional>

namespace qs {

class JsonReader;
class TcArgs;
class TcOptionWords;
struct Filter;

/** What a filter kind's decoder made of a dumped filter. */
enum class FilterDecode {
    Known,   ///< read into the filter
    Foreign, ///< beyond the model: kept as the kernel reported it
    Skip,    ///< not configuration (u32's implicit root hash table)
};

/** How a filter takes part in tables other filters of its block use (u32's hash tables). */
enum class FilterTableRole {
    None,      ///< on its own
    Table,     ///< a table: made before, and removed after, every filter that uses it
    UsesTable, ///< goes in a table or passes matches on to one, in whichever prio that table is
};

/**
 * Everything about one filter kind (u32, flower, matchall, basic, fw), in one table of
 * operations; built by makeFilterKindOps(), which checks that the definition has every part. A
 * filter kind works on the whole Filter: its options hold the class id and the actions too, each
 * kind with its own attribute numbers.
 */
struct FilterKindOps
{
    /** A filter the model does not know, kept as the kernel reported it. */
    static const FilterKindOps &fallback();

    QLatin1StringView name;   ///< "u32"; empty for foreign filters
    QLatin1StringView module; ///< "cls_u32"
    bool known;

    std::shared_ptr<const void> (*makeDefault)();
    /** What the editor's Add menu creates: a filter that passes validation. */
    std::shared_ptr<const void> (*makeNew)();
    bool (*equals)(const void *, const void *);
    QString (*kindName)(const void *);
    /** The kind's own checks (matches, flags); the tree checks where the filter hangs. */
    ValidationIssues (*validate)(const Filter &);
    /** tc's words after the kind's name: the kind's options, classid/flowid, actions. */
    void (*parse)(TcArgs &, Filter &);
    void (*print)(TcOptionWords &, const Filter &);
    /**
     * tc's "handle" word for this kind ("800::800" for u32, "MARK/MASK" for fw, a number for the
     * others): the handle, and what else the word says into the kind's part of @p filter (fw's
     * mask), which the kind's parse and fromJson keep.
     */
    std::optional<quint32> (*parseHandle)(QStringView, Filter &);
    /** The handle word of a filter that has a handle. */
    QString (*printHandle)(const Filter &);
    /** Adds the kind's keys to the filter's JSON object. */
    void (*toJson)(const Filter &, QJsonObject &);
    void (*fromJson)(JsonReader &, Filter &);
    /** Appends TCA_OPTIONS (the caller has written TCA_KIND). */
    bool (*encode)(nl_msg *, const Filter &, const CodecContext &, QString *error);
    FilterDecode (*decode)(const nlattr *options, const CodecContext &, Filter &);
    QString (*summary)(const Filter &);
    /** The same filter as far as the kernel can tell: @p wanted's kind part against @p running's. */
    bool (*sameInKernel)(const Filter &running, const Filter &wanted);
    /**
     * The words tc's show printed after "filter [parent P] protocol X pref N KIND [chain N]",
     * with the indented lines below up to its first action, as the words tc reads
     * (tc/tcshowreader.h). By default they parse as they are, after the kind's name.
     */
    ShownFilter (*readShown)(ShownWords printed);
    /**
     * Two filters of this kind in one prio share the kernel's state of that prio: what it refuses
     * of @p later beside @p first (fw: another mask), or empty. By default nothing.
     */
    QString (*prioConflict)(const Filter &first, const Filter &later);
    /**
     * Whether the filter is, or uses, a table its block shares across prios. The prios of a block
     * where one does are planned together: the kernel ties them (a table outlives its prio while
     * another prio links to it). By default None.
     */
    FilterTableRole (*tableRole)(const Filter &);
    /** Whether a match must send the packet somewhere (a class or actions); false for u32's tables and links. By default true. */
    bool (*needsTarget)(const Filter &);
};

/** The classifier part of a filter, of whichever kind. */
using FilterParams = KindValue<FilterKindOps>;

template <class K>
concept FilterKindDefinition = requires(const Filter &f, Filter &mutableFilter, TcArgs &args, TcOptionWords &words,
                                        JsonReader &reader, QJsonObject &object, nl_msg *msg, const nlattr *attr,
                                        const CodecContext &context, QString *error, QStringView text, quint32 handle) {
    typename K::Params;
    { K::name } -> std::convertible_to<const char *>;
    { K::module } -> std::convertible_to<const char *>;
    { K::validate(f) } -> std::same_as<ValidationIssues>;
    { K::parse(args, mutableFilter) } -> std::same_as<void>;
    { K::print(words, f) } -> std::same_as<void>;
    { K::parseHandle(text, mutableFilter) } -> std::same_as<std::optional<quint32>>;
    { K::printHandle(f) } -> std::same_as<QString>;
    { K::toJson(f, object) } -> std::same_as<void>;
    { K::fromJson(reader, mutableFilter) } -> std::same_as<void>;
    { K::encode(msg, f, context, error) } -> std::same_as<bool>;
    { K::decode(attr, context, mutableFilter) } -> std::same_as<FilterDecode>;
    { K::summary(f) } -> std::same_as<QString>;
    { K::sameInKernel(f, f) } -> std::same_as<bool>;
};

template <FilterKindDefinition K> FilterKindOps makeFilterKindOps()
{
    using P = typename K::Params;
    FilterKindOps ops{};
    ops.name = QLatin1StringView(K::name);
    ops.module = QLatin1StringView(K::module);
    ops.known = true;
    ops.makeDefault = &Erased<P>::makeDefault;
    ops.makeNew = [] {
        if constexpr (requires { { K::newNode() } -> std::same_as<P>; })
            return Erased<P>::make(K::newNode());
        else
            return Erased<P>::make(P{});
    };
    ops.equals = &Erased<P>::equals;
    ops.kindName = [](const void *) { return QString::fromLatin1(K::name); };
    ops.validate = &K::validate;
    ops.parse = &K::parse;
    ops.print = &K::print;
    ops.parseHandle = &K::parseHandle;
    ops.printHandle = &K::printHandle;
    ops.toJson = &K::toJson;
    ops.fromJson = &K::fromJson;
    ops.encode = &K::encode;
    ops.decode = &K::decode;
    ops.summary = &K::summary;
    ops.sameInKernel = &K::sameInKernel;
    ops.readShown = [](ShownWords printed) -> ShownFilter {
        if constexpr (requires(ShownWords w) { { K::readShown(std::move(w)) } -> std::same_as<ShownFilter>; })
            return K::readShown(std::move(printed));
        else
            return ShownFilter{{}, std::move(printed), false};
    };
    ops.prioConflict = [](const Filter &first, const Filter &later) -> QString {
        if constexpr (requires { { K::prioConflict(first, later) } -> std::same_as<QString>; })
            return K::prioConflict(first, later);
        else
            return {};
    };
    ops.tableRole = [](const Filter &f) -> FilterTableRole {
        if constexpr (requires { { K::tableRole(f) } -> std::same_as<FilterTableRole>; })
            return K::tableRole(f);
        else
            return FilterTableRole::None;
    };
    ops.needsTarget = [](const Filter &f) -> bool {
        if constexpr (requires { { K::needsTarget(f) } -> std::same_as<bool>; })
            return K::needsTarget(f);
        else
            return true;
    };
    return ops;
}

/** The table of the filter kind whose classifier parameters are @p P. */
template <class P> const FilterKindOps &filterKindOf()
{
    return FilterParams::opsOf<P>();
}

} // namespace qs

#define QS_DECLARE_FILTER_KIND(Params) const ::qs::FilterKindOps &kindOpsOf(const Params *);
#define QS_DEFINE_FILTER_KIND(Kind)                                                                          \
    const ::qs::FilterKindOps &kindOpsOf(const Kind::Params *)                                               \
    {                                                                                                        \
        static const ::qs::FilterKindOps ops = ::qs::makeFilterKindOps<Kind>();                              \
        return ops;                                                                                          \
    }
