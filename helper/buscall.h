#pragma once

#include <QLatin1String>
#include <QString>
#include <QVariantList>

#include <memory>
#include <optional>

struct sd_bus_message;

namespace qs {

class BusConnection;

/**
 * One method call the helper received, to be answered now or later: a handle that copies cheaply
 * (all copies are the same call) and keeps the message until the last copy goes.
 *
 * Values travel as Qt types, after the contract's signatures (helpercontract.h): s ↔ QString,
 * b ↔ bool, u/i/x/t/y/n/q ↔ the integer of that width, d ↔ double, h → an int descriptor (the
 * reply duplicates it; the caller keeps and closes its own), a{sv} → QVariantMap whose values are
 * basic types (any other value reads as an invalid QVariant, which the helper refuses).
 */
class BusCall
{
public:
    BusCall() = default;
    /** @p outSignature: what a reply carries, from the contract. */
    BusCall(BusConnection *bus, sd_bus_message *call, QString outSignature);

    bool isNull() const { return !d; }
    /** The caller's unique bus name, as the bus daemon wrote it: no argument can change it. */
    QString service() const;
    QString member() const;

    /** Reads the arguments; nullopt with @p error when one cannot be read as @p signature says. */
    std::optional<QVariantList> readArguments(const QString &signature, QString *error) const;

    /** Answers with @p values, typed by the out-signature. A call is answered once; later answers are dropped. */
    void reply(const QVariantList &values = {}) const;
    void replyError(QLatin1String name, const QString &text) const;
    bool isAnswered() const;

    /** The method answers later (after polkit, after the bus daemon said who the caller is). */
    void setDelayed() const;
    bool isDelayed() const;

private:
    struct State;
    std::shared_ptr<State> d;
};

namespace BusValues {
/** Appends @p values to @p message as @p signature (basic types only) says; false when one does not fit. */
bool append(sd_bus_message *message, const QString &signature, const QVariantList &values);
} // namespace BusValues

} // namespace qs
