#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace qs {

/**
 * `qdisc-studio bridge`, run by ssh on the remote host: it joins the remote system bus as the
 * user ssh logged in, and carries D-Bus messages between that bus and ssh's channel (its
 * standard input and output), byte for byte. A client on another host thus talks to the remote
 * helper as the remote user, and the remote helper and polkit decide as they do for anyone there.
 *
 * The bus authenticates the bridge, not the client: the bridge answers the client's SASL itself
 * (EXTERNAL and ANONYMOUS accepted, whatever uid the client names, since the bus sees the
 * bridge's) and refuses descriptor passing, which cannot cross ssh. Then bytes pass unread.
 *
 * The bridge ends when either side ends, and when the client is silent for longer than
 * HelperBus::RemoteSilenceMs (the client sends a ping every HelperBus::RemoteHeartbeatMs): a
 * killed client behind a cut network sends no EOF, and the helper keeps its revert-on-exit
 * promises only once the bridge has left the bus.
 */
class StdioBusBridge
{
public:
    /** The system bus's address: $DBUS_SYSTEM_BUS_ADDRESS, else D-Bus's default socket. */
    static QString systemBusAddress();

    /** Connects to @p busAddress (its first unix:path= or unix:abstract= entry) and authenticates; false with why. */
    bool connectToBus(const QString &busAddress, QString *error);
    /**
     * Carries messages between @p input / @p output and the bus until one side ends or the
     * client is silent for @p silenceMs; returns why it ended, in words for the log.
     */
    QString run(int input, int output, int silenceMs);
    ~StdioBusBridge();

private:
    /** The client's SASL, answered here; bytes after its BEGIN are kept for the bus. False when the client broke it off. */
    bool answerClientAuthentication(int input, int output, QString *why);

    int m_bus = -1;
    QByteArray m_guid;  ///< the bus's, given to the client as the server's
    QByteArray m_toBus; ///< read from the client, not yet written to the bus
};

} // namespace qs
