#pragma once

#include "model/probability.h"
#include "model/tchandle.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace qs {

/**
 * Reads one JSON object field by field, recording which keys were used so that leftovers
 * (typos such as "dealy") are reported instead of ignored. Every error names its path
 * ("trees[0].qdiscs[1].params.delay: …"). Values with units are read in tc's own syntax with
 * TcUnits' parsers, so a file reads like the tc commands it stands for. Every kind's JSON reader
 * is written with this.
 */
class JsonReader
{
    Q_DECLARE_TR_FUNCTIONS(qs::JsonReader)

public:
    JsonReader(const QJsonValue &value, QString path, QStringList *errors);

    bool valid() const { return m_valid; }
    const QString &path() const { return m_path; }
    QString pathOf(const QString &key) const { return m_path.isEmpty() ? key : m_path + u'.' + key; }
    QStringList *errors() const { return m_errors; }

    void error(const QString &key, const QString &message);
    bool has(const char *key) const { return m_object.contains(QLatin1String(key)); }
    /** The value of @p key (undefined when absent), marked as used. */
    QJsonValue take(const char *key);

    std::optional<QString> string(const char *key, bool required = false);
    /** A whole number in [min, max]; @p fallback when absent. */
    qint64 integer(const char *key, qint64 fallback, qint64 min, qint64 max);
    std::optional<qint64> optionalInteger(const char *key, qint64 min, qint64 max);
    std::optional<quint32> optionalU32(const char *key);
    bool boolean(const char *key, bool fallback = false);
    std::optional<bool> optionalBool(const char *key);

    /** A value in tc's syntax, read with one of TcUnits' parsers. */
    template <typename T, typename Parser> T unit(const char *key, T fallback, Parser parse, const QString &example)
    {
        const auto parsed = optionalUnit<T>(key, parse, example);
        return parsed ? *parsed : fallback;
    }
    template <typename T, typename Parser> std::optional<T> optionalUnit(const char *key, Parser parse, const QString &example)
    {
        const QJsonValue v = take(key);
        if (v.isUndefined())
            return std::nullopt;
        if (!v.isString()) {
            unitError(key, example, false, QString());
            return std::nullopt;
        }
        const QString text = v.toString();
        // tc reads "" and "%" as 0 %; in a file that is a mistake, not a value.
        const auto parsed = hasDigit(text) ? parse(QStringView(text)) : std::nullopt;
        if (!parsed)
            unitError(key, example, true, text);
        return parsed;
    }

    quint64 rate(const char *key, quint64 fallback = 0);
    std::optional<quint64> optionalRate(const char *key);
    /** A size: a string with a unit ("32kb"), or a plain number of bytes as in tc. */
    quint32 size(const char *key, quint32 fallback = 0);
    std::optional<quint32> optionalSize(const char *key);
    quint32 timeUs(const char *key, quint32 fallback = 0);
    std::optional<quint32> optionalTimeUs(const char *key);
    qint64 time64(const char *key, qint64 fallback = 0);
    Probability percent(const char *key, Probability fallback = Probability());
    /** A percentage as tc's parse_percent() reads it, before netem scales it. */
    double fraction(const char *key, double fallback = 0.0);
    std::optional<TcHandle> handle(const char *key, bool classId, bool required);
    /** Reports a missing key that tc itself would require. */
    void require(const char *key);

    JsonReader object(const char *key);
    /** Reports every key that no reader asked for. */
    void finish();

private:
    static bool hasDigit(const QString &text);
    void unitError(const char *key, const QString &example, bool isString, const QString &text);

    QJsonObject m_object;
    QString m_path;
    QStringList *m_errors;
    QSet<QString> m_used;
    bool m_valid = true;
};

} // namespace qs
