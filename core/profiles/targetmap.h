#pragma once

#include "profile.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace qs {

/**
 * Which target each tree of a profile goes to when the targets it was made for are not the
 * ones to use: `--map eth0=lab/va,ifb0=lab/ifb1`, or the window's mapping dialog. A redirect
 * to a device of the same profile follows that device to its new name.
 */
class TargetMap
{
    Q_DECLARE_TR_FUNCTIONS(qs::TargetMap)

public:
    /** "FROM=TO[,FROM=TO…]", each a target (IF or NETNS/IF); nullopt with @p error when not. */
    static std::optional<TargetMap> parse(QStringView text, QString *error);

    void insert(const QString &from, const QString &to) { m_pairs.append({from, to}); }
    bool isEmpty() const { return m_pairs.isEmpty(); }
    /** Where the tree made for @p from goes, or empty. */
    QString destination(const QString &from) const;

    /**
     * The profile's trees on their targets, ifb trees first (a redirect names them). Every tree
     * must be mapped, every FROM be one of the profile's targets and no TO come twice;
     * otherwise nullopt, and @p error names the profile's targets.
     */
    std::optional<QList<QdiscTree>> apply(const Profile &profile, QString *error) const;

    /** "FROM=TO,…", as parse() reads it. */
    QString toString() const;

private:
    QList<QPair<QString, QString>> m_pairs;
};

} // namespace qs
