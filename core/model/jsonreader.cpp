#include "jsonreader.h"

#include "tc/tcunits.h"

#include <algorithm>
#include <cmath>

namespace qs {

/* TRANSLATOR qs::JsonReader

   Errors in a profile or tree file, each after the path of the value it is about
   ("trees[0].qdiscs[1].params.delay: is required"). JSON keys, the values quoted from the file and
   examples in tc syntax ("10mbit", "100ms", "1:10") stay as they are.
*/

using namespace TcUnits;

JsonReader::JsonReader(const QJsonValue &value, QString path, QStringList *errors) : m_path(std::move(path)), m_errors(errors)
{
    if (!value.isObject()) {
        error(QString(), tr("expected an object"));
        m_valid = false;
    }
    m_object = value.toObject();
}

void JsonReader::error(const QString &key, const QString &message)
{
    const QString where = key.isEmpty() ? m_path : pathOf(key);
    m_errors->append((where.isEmpty() ? QString() : where + QStringLiteral(": ")) + message);
}

QJsonValue JsonReader::take(const char *key)
{
    const QString k = QString::fromLatin1(key);
    m_used.insert(k);
    return m_object.value(k);
}

std::optional<QString> JsonReader::string(const char *key, bool required)
{
    const QJsonValue v = take(key);
    if (v.isUndefined()) {
        if (required)
            error(QString::fromLatin1(key), tr("is required"));
        return std::nullopt;
    }
    if (!v.isString()) {
        error(QString::fromLatin1(key), tr("expected a string"));
        return std::nullopt;
    }
    return v.toString();
}

qint64 JsonReader::integer(const char *key, qint64 fallback, qint64 min, qint64 max)
{
    return optionalInteger(key, min, max).value_or(fallback);
}

std::optional<qint64> JsonReader::optionalInteger(const char *key, qint64 min, qint64 max)
{
    const QJsonValue v = take(key);
    if (v.isUndefined())
        return std::nullopt;
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || std::floor(d) != d || d < double(min) || d > double(max)) {
        error(QString::fromLatin1(key), tr("expected a whole number from %1 to %2").arg(min).arg(max));
        return std::nullopt;
    }
    return qint64(d);
}

std::optional<quint32> JsonReader::optionalU32(const char *key)
{
    const auto value = optionalInteger(key, 0, 0xFFFFFFFFLL);
    return value ? std::optional<quint32>(quint32(*value)) : std::nullopt;
}

bool JsonReader::boolean(const char *key, bool fallback)
{
    return optionalBool(key).value_or(fallback);
}

std::optional<bool> JsonReader::optionalBool(const char *key)
{
    const QJsonValue v = take(key);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isBool()) {
        error(QString::fromLatin1(key), tr("expected true or false"));
        return std::nullopt;
    }
    return v.toBool();
}

bool JsonReader::hasDigit(const QString &text)
{
    return std::any_of(text.begin(), text.end(), [](QChar ch) { return ch.isDigit(); });
}

void JsonReader::unitError(const char *key, const QString &example, bool isString, const QString &text)
{
    if (isString)
        error(QString::fromLatin1(key), tr("\"%1\" is not valid; write it like \"%2\"").arg(text, example));
    else
        error(QString::fromLatin1(key), tr("expected a string with a unit, like \"%1\"").arg(example));
}

quint64 JsonReader::rate(const char *key, quint64 fallback)
{
    return optionalRate(key).value_or(fallback);
}

std::optional<quint64> JsonReader::optionalRate(const char *key)
{
    return optionalUnit<quint64>(key, &parseRate64, QStringLiteral("10mbit"));
}

quint32 JsonReader::size(const char *key, quint32 fallback)
{
    return optionalSize(key).value_or(fallback);
}

std::optional<quint32> JsonReader::optionalSize(const char *key)
{
    if (take(key).isDouble())
        return optionalU32(key); // a plain number is bytes, as in tc
    return optionalUnit<quint32>(key, &parseSize, QStringLiteral("32kb"));
}

quint32 JsonReader::timeUs(const char *key, quint32 fallback)
{
    return optionalTimeUs(key).value_or(fallback);
}

std::optional<quint32> JsonReader::optionalTimeUs(const char *key)
{
    return optionalUnit<quint32>(key, &parseTimeUs, QStringLiteral("100ms"));
}

qint64 JsonReader::time64(const char *key, qint64 fallback)
{
    return unit<qint64>(key, fallback, &parseTime64Ns, QStringLiteral("2ms"));
}

Probability JsonReader::percent(const char *key, Probability fallback)
{
    return unit<Probability>(key, fallback, &parsePercent, QStringLiteral("1%"));
}

double JsonReader::fraction(const char *key, double fallback)
{
    return unit<double>(key, fallback, &parsePercentFraction, QStringLiteral("1%"));
}

std::optional<TcHandle> JsonReader::handle(const char *key, bool classId, bool required)
{
    const auto text = string(key, required);
    if (!text)
        return std::nullopt;
    const auto parsed = classId ? TcHandle::parseClassId(*text) : TcHandle::parseQdiscHandle(*text);
    if (!parsed)
        error(QString::fromLatin1(key), tr("\"%1\" is not a handle; write it like \"1:\" or \"1:10\"").arg(*text));
    return parsed;
}

void JsonReader::require(const char *key)
{
    if (!has(key))
        error(QString::fromLatin1(key), tr("is required"));
}

JsonReader JsonReader::object(const char *key)
{
    return JsonReader(take(key), pathOf(QString::fromLatin1(key)), m_errors);
}

void JsonReader::finish()
{
    if (!m_valid)
        return;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (!m_used.contains(it.key()))
            error(it.key(), tr("unknown key"));
    }
}

} // namespace qs
