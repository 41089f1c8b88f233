#include "treefingerprint.h"

#include "treejson.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace qs {

namespace {

// A node is hashed as the JSON of a tree holding it alone: the one form both sides write alike.
quint64 fingerprintHashOfLoneNode(const QdiscTree &alone)
{
    const QByteArray json = QJsonDocument(TreeJson::toJson(alone)).toJson(QJsonDocument::Compact);
    const QByteArray digest = QCryptographicHash::hash(json, QCryptographicHash::Sha1);
    quint64 value = 0;
    for (int i = 0; i < 8; ++i)
        value = (value << 8) | quint8(digest[i]);
    return value;
}

} // namespace

quint64 TreeFingerprint::hashOf(const QdiscNode &node)
{
    QdiscTree alone;
    alone.qdiscs.append(node);
    return fingerprintHashOfLoneNode(alone);
}

quint64 TreeFingerprint::hashOf(const ClassNode &node)
{
    QdiscTree alone;
    alone.classes.append(node);
    return fingerprintHashOfLoneNode(alone);
}

quint64 TreeFingerprint::hashOf(const Filter &filter)
{
    QdiscTree alone;
    alone.filters.append(filter);
    return fingerprintHashOfLoneNode(alone);
}

TreeFingerprint TreeFingerprint::of(const QdiscTree &tree)
{
    TreeFingerprint fingerprint;
    for (const QdiscNode &q : tree.qdiscs)
        fingerprint.m_sum += hashOf(q);
    for (const ClassNode &c : tree.classes)
        fingerprint.m_sum += hashOf(c);
    for (const Filter &f : tree.filters)
        fingerprint.m_sum += hashOf(f);
    fingerprint.m_nodes = quint64(tree.qdiscs.size() + tree.classes.size() + tree.filters.size());
    return fingerprint;
}

void TreeFingerprint::replace(const QdiscNode &before, const QdiscNode &after)
{
    m_sum += hashOf(after) - hashOf(before);
}

void TreeFingerprint::replace(const ClassNode &before, const ClassNode &after)
{
    m_sum += hashOf(after) - hashOf(before);
}

QString TreeFingerprint::toString() const
{
    return QStringLiteral("%1-%2").arg(m_sum, 16, 16, QLatin1Char('0')).arg(m_nodes);
}

std::optional<TreeFingerprint> TreeFingerprint::fromString(QStringView text)
{
    const qsizetype dash = text.indexOf(u'-');
    if (dash != 16 || text.size() > 16 + 1 + 20)
        return std::nullopt;
    bool sumOk = false;
    bool nodesOk = false;
    TreeFingerprint fingerprint;
    fingerprint.m_sum = text.left(16).toULongLong(&sumOk, 16);
    fingerprint.m_nodes = text.mid(17).toULongLong(&nodesOk, 10);
    if (!sumOk || !nodesOk || text.mid(17).startsWith(u'+'))
        return std::nullopt;
    return fingerprint;
}

} // namespace qs
