#pragma once

#include "kinds/actionkind.h"
#include "kinds/filterkind.h"
#include "tchandle.h"
#include "validationissue.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace qs {

/** Link-layer protocols a filter can select, as tc names them. */
namespace EtherType {
constexpr quint16 All = 0x0003;
constexpr quint16 Ip = 0x0800;
constexpr quint16 Arp = 0x0806;
constexpr quint16 Vlan = 0x8100;
constexpr quint16 Ipv6 = 0x86DD;
QString name(quint16 protocol);
std::optional<quint16> fromName(QStringView name);
} // namespace EtherType

/**
 * One filter: where it hangs (its block, prio and protocol), its classifier (the kind's part:
 * u32 matches, flower keys, …), and what a match does: send the packet to a class, run actions,
 * or both. A filter read from the kernel that the model cannot describe keeps its raw options in
 * a foreign classifier; its class id and actions are then inside those options.
 */
struct Filter
{
    Q_DECLARE_TR_FUNCTIONS(qs::Filter)

public:
    TcHandle parent;                ///< the qdisc or class whose block it is in ("1:", "ffff:", clsact's hooks)
    quint16 protocol = EtherType::All;
    quint16 prio = 0;               ///< 0: the kernel picks one
    std::optional<quint32> handle;  ///< unset: the kernel picks
    quint32 chain = 0;
    FilterParams params;
    TcHandle classId;               ///< flowid / classid; unspecified: none
    QList<Action> actions;
    /** tc's "police …" given as a filter option (u32, fw, basic): the kernel reads it back so. */
    std::optional<Action> police;

    const FilterKindOps &ops() const { return params.ops(); }
    template <class P> bool is() const { return params.holds<P>(); }
    QString kindName() const { return ops().kindName(params.data()); }
    bool isForeign() const { return !ops().known; }
    /** The kind's checks and those of the actions, field paths under "filter PARENT prio N". */
    ValidationIssues validate() const;
    friend bool operator==(const Filter &, const Filter &) = default;
};

} // namespace qs
