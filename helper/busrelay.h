#pragma once

#include "busframe.h"

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace qs {

/**
 * Stands between the system bus and sd-bus on the helper's incoming side, so that a message is
 * judged by its size before any of it is stored or validated.
 *
 * Why: sd-bus reads a whole message into memory and checks every string's UTF-8 as it is read
 * (about 1.75 ns a byte). Any local user may send the helper calls of 16 MiB, and every argument
 * is read before polkit can be asked; 40 calls whose first string was 4 MB kept every other
 * client waiting up to 200 ms behind them (tst_helper_flood). The relay reads the bus socket
 * itself: the fixed header and the header fields (a few hundred bytes) tell what a message is and
 * how long; a call that is larger than its method takes (Policy) is passed on as the same call
 * without a body, its bytes are read and dropped as they arrive, and the handler answers it
 * from takeRefusal(). Everything else passes unchanged. The helper takes no file descriptors:
 * those a caller sends are closed as they arrive, and its call is refused.
 *
 * sd-bus writes to the bus socket directly and reads from the relay's end of a socket pair. The
 * relay runs on a thread of its own: the helper's few blocking calls (requesting its name) must
 * be able to wait for their answers through it.
 */
class BusRelay
{
public:
    /** Why a method call or signal is passed on without its body, if it is. */
    struct Refusal
    {
        enum class Kind { None, TooLarge, NotAdmitted, WithDescriptors };
        Kind kind = Kind::None;
        QString text;         ///< for TooLarge: its size and the bound
        bool answered = true; ///< the handler answers it (takeRefusal()); else sd-bus says there is no such object or method
    };
    /**
     * Decides about a call or signal from its header, its first string argument's length and
     * whether its sender was admit()ted (holds a grant, or is root).
     */
    using Policy = std::function<Refusal(const BusFrame &frame, std::optional<quint32> firstStringBytes, bool senderAdmitted)>;

    /** Connects to the bus at @p address (unix:path=… or unix:abstract=…, alternatives separated by ';'). */
    static std::unique_ptr<BusRelay> connectTo(const QByteArray &address, Policy policy, QString *error);
    ~BusRelay();

    /** For sd-bus to write to (sd-bus owns it from sd_bus_set_fd() on). */
    int busSocket() const { return m_busSocket; }
    /** For sd-bus to read from (sd-bus owns it from sd_bus_set_fd() on). */
    int relayedSocket() const { return m_sdBusEnd; }

    /** Why call @p serial of @p sender came without its body (Kind::None if it did not). Answered once. */
    Refusal takeRefusal(const QByteArray &sender, quint32 serial);

    /** @p sender holds a grant or is root, until forget(): the Policy hears so. */
    void admit(const QByteArray &sender);
    void forget(const QByteArray &sender);

private:
    BusRelay() = default;
    void run();
    /** Moves @p data through the auth lines and the message frames into m_out. False: the stream cannot be followed. */
    bool consume(const char *data, qsizetype size);
    bool consumeFrames(const char *data, qsizetype size);
    void decide();
    /** The rest of a message that cannot be judged (its header is too large or unreadable) is dropped unread. */
    void skipMessage(const char *why);
    void pass(QByteArrayView bytes);
    /** Writes what the relayed socket takes; false when it is closed. */
    bool flush();

    int m_busSocket = -1;  ///< the bus connection, written by sd-bus
    int m_busRead = -1;    ///< the same connection, a duplicate the relay reads and closes
    int m_sdBusEnd = -1;   ///< sd-bus reads it
    int m_relayEnd = -1;   ///< the relay writes it
    int m_wakeup = -1;     ///< an eventfd: stop
    Policy m_policy;
    std::thread m_thread;

    // The stream, owned by the relay's thread.
    bool m_authenticating = true;
    bool m_authOk = false;   ///< the bus said OK; its next line ends the auth lines
    QByteArray m_line;       ///< an auth line not yet complete
    QByteArray m_head;       ///< header bytes (and a body's first 4) of the message being read
    std::optional<BusFrame> m_frame;
    bool m_fieldsRead = false;
    quint64 m_bodyLeft = 0;  ///< body bytes of the current message still to come
    bool m_passing = false;  ///< those are passed on (else dropped)
    QByteArray m_out;        ///< to be written to sd-bus, from m_outStart
    qsizetype m_outStart = 0;

    mutable std::mutex m_lock; ///< what the helper's thread asks or tells: refusals and admitted senders
    QHash<QPair<QByteArray, quint32>, Refusal> m_refusals;
    QSet<QByteArray> m_admitted;
    std::deque<QPair<QByteArray, quint32>> m_refusalOrder;
    quint64 m_skippedCount = 0;
};

} // namespace qs
