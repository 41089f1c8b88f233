#pragma once

#include <QtGlobal>

#include <concepts>
#include <memory>
#include <utility>

namespace qs {

/**
 * The parameters of one kind (a qdisc's, a class's, a filter's or an action's) held without
 * knowing the kind's type: a pointer to the kind's table of operations (@p Ops: QdiscKindOps,
 * ClassKindOps, …) and the value, shared until it is edited (copy on write: a 10 000-class tree
 * is copied for every undo step and every plan, and most of it never changes).
 *
 * A kind's parameter type P is tied to its operations by one function found through ADL,
 * `const Ops &kindOpsOf(const P *)`, declared next to P in the kind's header and defined in the
 * kind's own source file (QS_DECLARE_*_KIND / QS_DEFINE_*_KIND). So `QdiscParams(NetemParams{})`
 * needs nothing but netem's header, and adding a kind recompiles only the kind.
 */
template <class Ops> class KindValue
{
public:
    using OpsType = Ops;

    /** The fallback kind's default (Ops::fallback(): a foreign node with no name). */
    KindValue() : m_ops(&Ops::fallback()), m_value(m_ops->makeDefault()) {}

    template <class P>
        requires requires(const P *p) {
            { kindOpsOf(p) } -> std::same_as<const Ops &>;
        }
    KindValue(P value) : m_ops(&kindOpsOf(static_cast<const P *>(nullptr))), m_value(std::make_shared<const P>(std::move(value)))
    {
    }

    /** A value the kind's operations made (decode, parse, fromJson). */
    KindValue(const Ops &ops, std::shared_ptr<const void> value) : m_ops(&ops), m_value(std::move(value))
    {
        Q_ASSERT(m_value);
    }

    const Ops &ops() const { return *m_ops; }
    const void *data() const { return m_value.get(); }

    template <class P> static const Ops &opsOf() { return kindOpsOf(static_cast<const P *>(nullptr)); }
    template <class P> bool holds() const { return m_ops == &opsOf<P>(); }
    bool sameKind(const KindValue &other) const { return m_ops == other.m_ops; }

    template <class P> const P *getIf() const { return holds<P>() ? static_cast<const P *>(m_value.get()) : nullptr; }
    template <class P> const P &get() const
    {
        Q_ASSERT(holds<P>());
        return *static_cast<const P *>(m_value.get());
    }
    /** The value to change in place, detached from every copy first. */
    template <class P> P *editIf()
    {
        if (!holds<P>())
            return nullptr;
        if (m_value.use_count() != 1)
            m_value = std::make_shared<const P>(get<P>());
        return const_cast<P *>(static_cast<const P *>(m_value.get()));
    }
    template <class P> P &edit()
    {
        Q_ASSERT(holds<P>());
        return *editIf<P>();
    }

    friend bool operator==(const KindValue &a, const KindValue &b)
    {
        return a.m_ops == b.m_ops && (a.m_value == b.m_value || a.m_ops->equals(a.m_value.get(), b.m_value.get()));
    }

private:
    const Ops *m_ops;
    std::shared_ptr<const void> m_value;
};

/** Wraps typed functions of a kind's parameter type P into the erased ones a table holds. */
template <class P> struct Erased
{
    static std::shared_ptr<const void> make(P value) { return std::make_shared<const P>(std::move(value)); }
    static const P &of(const void *value) { return *static_cast<const P *>(value); }
    static bool equals(const void *a, const void *b) { return of(a) == of(b); }
    static std::shared_ptr<const void> makeDefault() { return make(P{}); }
};

} // namespace qs
