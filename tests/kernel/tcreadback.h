#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace qs::test {

/** The first difference of two of tc's JSON read-backs, with its path ("$[0].options.rate: …"), or nothing. */
inline QString firstDifference(const QJsonValue &a, const QJsonValue &b, const QString &path = QStringLiteral("$"))
{
    if (a.type() != b.type())
        return QStringLiteral("%1: %2 vs %3").arg(path, QString::fromUtf8(QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact)),
                                                 QString::fromUtf8(QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact)));
    if (a.isObject()) {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        QStringList keys = x.keys() + y.keys();
        keys.removeDuplicates();
        for (const QString &key : keys) {
            // Action timestamps (seconds since installed, last used) depend on when, not what.
            if (key == u"installed" || key == u"last_used" || key == u"first_used" || key == u"expires")
                continue;
            const QString d = firstDifference(x.value(key), y.value(key), path + u'.' + key);
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    if (a.isArray()) {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        if (x.size() != y.size())
            return QStringLiteral("%1: %2 vs %3 elements").arg(path).arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i) {
            const QString d = firstDifference(x[i], y[i], path + QStringLiteral("[%1]").arg(i));
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    return a == b ? QString() : QStringLiteral("%1: %2 vs %3").arg(path, a.toVariant().toString(), b.toVariant().toString());
}

inline QString firstDifference(const QJsonDocument &a, const QJsonDocument &b)
{
    return firstDifference(a.isArray() ? QJsonValue(a.array()) : QJsonValue(a.object()), b.isArray() ? QJsonValue(b.array()) : QJsonValue(b.object()));
}

} // namespace qs::test
