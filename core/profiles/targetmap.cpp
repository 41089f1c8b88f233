#include "targetmap.h"

#include "kinds/mirred/mirredparams.h"

#include <algorithm>

namespace qs {

/* TRANSLATOR qs::TargetMap

   Problems with a map of a profile's trees onto targets ("eth0=lab/va,ifb0=lab/ifb1", the
   CLI's --map). Targets are written as targets are (isWellFormedTarget()) and stay as they are.
*/

std::optional<TargetMap> TargetMap::parse(QStringView text, QString *error)
{
    TargetMap map;
    for (QStringView pair : text.split(u',', Qt::SkipEmptyParts)) {
        pair = pair.trimmed();
        const qsizetype equals = pair.indexOf(u'=');
        const QString from = equals < 0 ? QString() : pair.left(equals).trimmed().toString();
        const QString to = equals < 0 ? QString() : pair.mid(equals + 1).trimmed().toString();
        if (equals < 0 || !isWellFormedTarget(from) || !isWellFormedTarget(to)) {
            //: %1 is what was given; FROM and TO stand for targets (IF or NETNS/IF)
            *error = tr("\"%1\" is not FROM=TO: write each as a target the profile was made for, =, and the target to use, like eth0=lab/va").arg(pair.toString());
            return std::nullopt;
        }
        if (!map.destination(from).isEmpty()) {
            *error = tr("%1 is mapped twice").arg(from);
            return std::nullopt;
        }
        map.insert(from, to);
    }
    if (map.isEmpty()) {
        *error = tr("the map is empty: write FROM=TO, like eth0=lab/va");
        return std::nullopt;
    }
    return map;
}

QString TargetMap::destination(const QString &from) const
{
    for (const auto &[source, target] : m_pairs) {
        if (source == from)
            return target;
    }
    return {};
}

QString TargetMap::toString() const
{
    QStringList pairs;
    for (const auto &[from, to] : m_pairs)
        pairs.append(from + u'=' + to);
    return pairs.join(u',');
}

std::optional<QList<QdiscTree>> TargetMap::apply(const Profile &profile, QString *error) const
{
    const QStringList targets = profile.targets();
    const QString known = targets.join(QStringLiteral(", "));
    if (targets.isEmpty()) {
        *error = tr("profile \"%1\" is made for any target: give the one to use, not a map").arg(profile.name);
        return std::nullopt;
    }
    QStringList destinations;
    for (const auto &[from, to] : m_pairs) {
        if (!targets.contains(from)) {
            //: %3 lists the profile's targets: "eth0, ifb0"
            *error = tr("%1 is not a target of profile \"%2\"; its targets: %3").arg(from, profile.name, known);
            return std::nullopt;
        }
        if (destinations.contains(to)) {
            *error = tr("%1 gets two trees").arg(to);
            return std::nullopt;
        }
        destinations.append(to);
    }
    QStringList unmapped;
    for (const QString &target : targets) {
        if (destination(target).isEmpty())
            unmapped.append(target);
    }
    if (!unmapped.isEmpty()) {
        *error = tr("profile \"%1\" has trees for %2: map every one of them (%3 is not mapped)").arg(profile.name, known, unmapped.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    QList<QdiscTree> moved;
    for (const QdiscTree &tree : profile.trees) {
        QdiscTree copy = tree;
        QdiscTree::splitTarget(destination(tree.target()), &copy.netns, &copy.device);
        for (Filter &filter : copy.filters) {
            for (Action &action : filter.actions) {
                MirredParams *mirred = action.editIf<MirredParams>();
                if (!mirred)
                    continue;
                // A redirect names a device of its own namespace: it follows that device when the profile moves it.
                QdiscTree redirected;
                redirected.netns = tree.netns;
                redirected.device = mirred->device;
                const QString to = destination(redirected.target());
                if (to.isEmpty())
                    continue;
                QString netns;
                QString device;
                QdiscTree::splitTarget(to, &netns, &device);
                if (netns != copy.netns) {
                    *error = tr("the redirect from %1 to %2 would go from %3 to %4: a redirect stays in its own namespace")
                                 .arg(tree.target(), redirected.target(), copy.target(), to);
                    return std::nullopt;
                }
                mirred->device = device;
            }
        }
        moved.append(copy);
    }
    std::stable_sort(moved.begin(), moved.end(), [](const QdiscTree &a, const QdiscTree &b) { return a.isIfb && !b.isIfb; });
    return moved;
}

} // namespace qs
