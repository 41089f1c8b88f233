#pragma once

#include "codeccontext.h"
#include "kindvalue.h"
#include "showsupport.h"
#include "model/validationissue.h"

#include <QLatin1StringView>
#include <QString>

#include <concepts>
#include <memory>
#include <optional>

namespace qs {

class TcArgs;
class TcOptionWords;

/**
 * Everything about one action kind (police, mirred, gact, skbedit), in one table of operations;
 * built by makeActionKindOps(), which checks that the definition has every part. An action's JSON
 * form is its tc words ("police rate 1mbit burst 10k drop"), read back with its tc parser.
 */
struct ActionKindOps
{
    /** An action the model does not know, kept as the kernel reported it. */
    static const ActionKindOps &fallback();

    QLatin1StringView name;   ///< the kernel's name ("police"); empty for foreign actions
    QLatin1StringView module; ///< "act_police"
    bool known;

    std::shared_ptr<const void> (*makeDefault)();
    bool (*equals)(const void *, const void *);
    QString (*kindName)(const void *);
    ValidationIssues (*validate)(const void *);
    /** tc's words after the kind's name (for gact, from its verb on), up to the next action. */
    std::shared_ptr<const void> (*parse)(TcArgs &);
    /** The words after the kind's name. */
    void (*print)(TcOptionWords &, const void *);
    /** Appends the contents of TCA_ACT_OPTIONS (the caller opens the nest). */
    bool (*encode)(nl_msg *, const void *, const CodecContext &, QString *error);
    /** Reads TCA_ACT_OPTIONS; null when the kernel holds what the model cannot say. */
    std::shared_ptr<const void> (*decode)(const nlattr *options, const CodecContext &);
    QString (*summary)(const void *);
    /**
     * The words tc's show printed after "action order N: KIND" (its statistics and its
     * "index N ref N bind N" line left out) as the words its parser reads
     * (tc/tcshowreader.h). By default they parse as they are.
     */
    ShownWords (*readShown)(ShownWords printed);
};

/** One action of a filter's action list, of whichever kind. */
using Action = KindValue<ActionKindOps>;

template <class K>
concept ActionKindDefinition = requires(const typename K::Params &p, TcArgs &args, TcOptionWords &words, nl_msg *msg,
                                        const nlattr *attr, const CodecContext &context, QString *error) {
    typename K::Params;
    { K::name } -> std::convertible_to<const char *>;
    { K::module } -> std::convertible_to<const char *>;
    { K::validate(p) } -> std::same_as<ValidationIssues>;
    { K::parse(args) } -> std::same_as<typename K::Params>;
    { K::print(words, p) } -> std::same_as<void>;
    { K::encode(msg, p, context, error) } -> std::same_as<bool>;
    { K::decode(attr, context) } -> std::same_as<std::optional<typename K::Params>>;
    { K::summary(p) } -> std::same_as<QString>;
};

template <ActionKindDefinition K> ActionKindOps makeActionKindOps()
{
    using P = typename K::Params;
    ActionKindOps ops{};
    ops.name = QLatin1StringView(K::name);
    ops.module = QLatin1StringView(K::module);
    ops.known = true;
    ops.makeDefault = &Erased<P>::makeDefault;
    ops.equals = &Erased<P>::equals;
    ops.kindName = [](const void *) { return QString::fromLatin1(K::name); };
    ops.validate = [](const void *value) { return K::validate(Erased<P>::of(value)); };
    ops.parse = [](TcArgs &args) { return Erased<P>::make(K::parse(args)); };
    ops.print = [](TcOptionWords &words, const void *value) { K::print(words, Erased<P>::of(value)); };
    ops.encode = [](nl_msg *msg, const void *value, const CodecContext &context, QString *error) {
        return K::encode(msg, Erased<P>::of(value), context, error);
    };
    ops.decode = [](const nlattr *attr, const CodecContext &context) -> std::shared_ptr<const void> {
        auto decoded = K::decode(attr, context);
        return decoded ? Erased<P>::make(std::move(*decoded)) : nullptr;
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

#define QS_DECLARE_ACTION_KIND(Params) const ::qs::ActionKindOps &kindOpsOf(const Params *);
#define QS_DEFINE_ACTION_KIND(Kind)                                                                          \
    const ::qs::ActionKindOps &kindOpsOf(const Kind::Params *)                                               \
    {                                                                                                        \
        static const ::qs::ActionKindOps ops = ::qs::makeActionKindOps<Kind>();                              \
        return ops;                                                                                          \
    }
