#include "buscall.h"

#include "busconnection.h"
#include "log/logging.h"

#include <QVariantMap>

#include <systemd/sd-bus.h>

namespace qs {

struct BusCall::State
{
    BusConnection *bus = nullptr;
    sd_bus_message *message = nullptr;
    QString outSignature;
    QString sender;
    QString member;
    bool delayed = false;
    bool answered = false;

    ~State() { sd_bus_message_unref(message); }
};

namespace {

/** One basic value of type @p type at the message's read position. */
std::optional<QVariant> readBasic(sd_bus_message *message, char type)
{
    switch (type) {
    case 's': case 'o': case 'g': {
        const char *text = nullptr;
        if (sd_bus_message_read_basic(message, type, &text) <= 0)
            return std::nullopt;
        return QVariant(QString::fromUtf8(text));
    }
    case 'b': { int v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(v != 0); }
    case 'y': { uint8_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant::fromValue(uchar(v)); }
    case 'n': { int16_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant::fromValue(short(v)); }
    case 'q': { uint16_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant::fromValue(ushort(v)); }
    case 'i': { int32_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(int(v)); }
    case 'u': { uint32_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(uint(v)); }
    case 'x': { int64_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(qlonglong(v)); }
    case 't': { uint64_t v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(qulonglong(v)); }
    case 'd': { double v = 0; if (sd_bus_message_read_basic(message, type, &v) <= 0) return std::nullopt; return QVariant(v); }
    default:
        return std::nullopt;
    }
}

/** a{sv}: each value of a basic type as that type, any other as an invalid QVariant (skipped unread). */
std::optional<QVariantMap> readVariantMap(sd_bus_message *message)
{
    if (sd_bus_message_enter_container(message, 'a', "{sv}") <= 0)
        return std::nullopt;
    QVariantMap map;
    for (;;) {
        const int entered = sd_bus_message_enter_container(message, 'e', "sv");
        if (entered < 0)
            return std::nullopt;
        if (entered == 0)
            break;
        const std::optional<QVariant> key = readBasic(message, 's');
        char type = 0;
        const char *contents = nullptr; // what the variant holds, as a signature
        if (!key || sd_bus_message_peek_type(message, &type, &contents) <= 0 || type != 'v' || !contents)
            return std::nullopt;
        const QByteArray inner(contents); // contents points into the message; entering moves on
        if (sd_bus_message_enter_container(message, 'v', inner.constData()) <= 0)
            return std::nullopt;
        std::optional<QVariant> value;
        if (inner.size() == 1)
            value = readBasic(message, inner.at(0));
        if (!value) {
            value = QVariant();
            if (sd_bus_message_skip(message, inner.constData()) < 0)
                return std::nullopt;
        }
        map.insert(key->toString(), *value);
        if (sd_bus_message_exit_container(message) < 0 || sd_bus_message_exit_container(message) < 0)
            return std::nullopt;
    }
    if (sd_bus_message_exit_container(message) < 0)
        return std::nullopt;
    return map;
}

} // namespace

bool BusValues::append(sd_bus_message *message, const QString &signature, const QVariantList &values)
{
    if (signature.size() != values.size())
        return false;
    for (qsizetype i = 0; i < signature.size(); ++i) {
        const char type = char(signature.at(i).unicode());
        const QVariant &value = values.at(i);
        int r = -1;
        switch (type) {
        case 's': r = sd_bus_message_append_basic(message, type, value.toString().toUtf8().constData()); break;
        case 'b': { const int v = value.toBool(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 'i': { const int32_t v = value.toInt(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 'u': { const uint32_t v = value.toUInt(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 'x': { const int64_t v = value.toLongLong(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 't': { const uint64_t v = value.toULongLong(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 'd': { const double v = value.toDouble(); r = sd_bus_message_append_basic(message, type, &v); break; }
        case 'h': { const int fd = value.toInt(); r = sd_bus_message_append_basic(message, type, &fd); break; } // duplicated by sd-bus
        default: break;
        }
        if (r < 0)
            return false;
    }
    return true;
}

BusCall::BusCall(BusConnection *bus, sd_bus_message *call, QString outSignature) : d(std::make_shared<State>())
{
    d->bus = bus;
    d->message = sd_bus_message_ref(call);
    d->outSignature = std::move(outSignature);
    d->sender = QString::fromUtf8(sd_bus_message_get_sender(call));
    d->member = QString::fromUtf8(sd_bus_message_get_member(call));
}

QString BusCall::service() const
{
    return d ? d->sender : QString();
}

QString BusCall::member() const
{
    return d ? d->member : QString();
}

std::optional<QVariantList> BusCall::readArguments(const QString &signature, QString *error) const
{
    QVariantList arguments;
    for (qsizetype i = 0; i < signature.size(); ++i) {
        std::optional<QVariant> value;
        if (signature.mid(i).startsWith(u"a{sv}")) {
            if (const std::optional<QVariantMap> map = readVariantMap(d->message))
                value = QVariant(*map);
            i += 4;
        } else {
            value = readBasic(d->message, char(signature.at(i).unicode()));
        }
        if (!value) {
            *error = QStringLiteral("argument %1 cannot be read as the signature %2 says").arg(arguments.size() + 1).arg(signature);
            return std::nullopt;
        }
        arguments.append(*value);
    }
    return arguments;
}

void BusCall::reply(const QVariantList &values) const
{
    if (!d || d->answered)
        return;
    d->answered = true;
    sd_bus_message *reply = nullptr;
    if (sd_bus_message_new_method_return(d->message, &reply) < 0)
        return;
    if (!BusValues::append(reply, d->outSignature, values)) {
        helperLog()->error("{}: a reply of {} values does not fit the signature {}", d->member.toStdString(), values.size(),
                           d->outSignature.toStdString());
        sd_bus_message_unref(reply);
        d->answered = false;
        replyError(QLatin1String("org.qdiscstudio.Error.Failed"), QStringLiteral("the helper could not write its answer"));
        return;
    }
    // A caller that asked for no reply gets none (sd-bus drops it).
    d->bus->send(reply);
    sd_bus_message_unref(reply);
}

void BusCall::replyError(QLatin1String name, const QString &text) const
{
    if (!d || d->answered)
        return;
    d->answered = true;
    const QByteArray errorName(name.data(), name.size());
    const QByteArray message = text.toUtf8();
    sd_bus_error error{};
    sd_bus_error_set_const(&error, errorName.constData(), message.constData());
    sd_bus_message *reply = nullptr;
    if (sd_bus_message_new_method_error(d->message, &reply, &error) < 0)
        return;
    d->bus->send(reply);
    sd_bus_message_unref(reply);
}

bool BusCall::isAnswered() const
{
    return d && d->answered;
}

void BusCall::setDelayed() const
{
    if (d)
        d->delayed = true;
}

bool BusCall::isDelayed() const
{
    return d && d->delayed;
}

} // namespace qs
