#pragma once

#include "lab/labsockets.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace qs {

/** What LabTraffic sends and how long it remembers; the defaults are the demo's. */
struct LabTrafficConfig
{
    QString receiverAddress = QStringLiteral("198.18.0.2"); ///< host b: every flow goes a → b
    /** b's end of the link, whose rx counter is the link rate. */
    QString linkDevice = QStringLiteral("lab1");
    bool bulkTcp = true;           ///< the TCP flow that fills the link
    int udpPacketsPerSecond = 100; ///< the constant-rate flow
    int udpPayloadBytes = 200;     ///< 24 .. 1472
    std::chrono::milliseconds probeInterval{50};
    /** A probe unanswered, or a datagram not received, this long after it was sent is lost. */
    std::chrono::milliseconds lossTimeout{2000};
    /**
     * A packet missing from a sequence gap is lost this long after a later packet arrived (unless
     * it still turns up within lossTimeout: then it was reordered). Loss shows without waiting
     * for lossTimeout, while ordinary reordering is never mistaken for it.
     */
    std::chrono::milliseconds reorderAllowance{100};
    /** The byte counters (TCP, UDP, link) are read this often. */
    std::chrono::milliseconds sampleInterval{100};
    /** How far back snapshot() can look; the ring buffers are sized for it. */
    std::chrono::seconds history{300};
};

/**
 * The measured effect over one window. A packet counts in the window in which its fate was
 * decided: when it arrived, or when it became lost (missing from a sequence gap for
 * reorderAllowance, or unanswered for lossTimeout; so in an outage, loss shows lossTimeout
 * after it began). Packets still in flight do not count yet, and only packets sent after the
 * last reset() count at all. Empty optionals mean "nothing to measure" (no packet decided, or
 * fewer than two counter samples), never zero.
 */
struct LabMeasurement
{
    /** The span covered: the request, clamped to the last reset and the history. */
    std::chrono::nanoseconds window{0};

    /**
     * RTT probes (UDP a → b → a). The RTT runs from the CLOCK_MONOTONIC send time in the probe to
     * the kernel's receive time of the reply, less the time the echo held the probe (as a TWAMP
     * reflector reports it): thread wake-ups are not network delay.
     */
    std::optional<double> rttMedianMs;
    std::optional<double> rttP95Ms;
    int probesAnswered = 0;
    int probesLost = 0;
    std::optional<double> probeLossPercent;
    /** Time since the last answer to any probe: shows an outage at once, before probes time out. */
    std::optional<double> msSinceLastProbeReply;

    // The constant-rate UDP flow; udpSent and udpLost give a caller its binomial interval.
    int udpSent = 0;     ///< datagrams decided in the window: received + lost
    int udpReceived = 0; ///< received in time (at most once each: duplicates do not count)
    int udpLost = 0;
    int udpReordered = 0;  ///< arrived after a later one: late, not lost
    int udpDuplicates = 0; ///< extra copies
    std::optional<double> udpLossPercent;
    std::optional<double> udpGoodputBitsPerSec; ///< payload bits received per second

    // The bulk TCP flow
    std::optional<double> tcpGoodputBitsPerSec; ///< payload bits received per second
    bool tcpConnected = false;
    int tcpConnections = 0; ///< established since start(): more than one means it had to reconnect

    /**
     * Bits per second of whole frames (Ethernet header included) counted by the receiving end of
     * the link, which is what tbf, htb and netem's rate limit: the wire rate, not a payload rate.
     */
    std::optional<double> linkRateBitsPerSec;
};

/**
 * Traffic across the demo lab and its measured effect: a bulk TCP flow a → b, a constant-rate
 * UDP flow a → b with sequence numbers, and RTT probes a → b → a every 50 ms, all carrying
 * CLOCK_MONOTONIC send times. It is given its sockets (and owns them from then on), so it runs
 * the same in a root process that opened them itself and in an unprivileged client that
 * received them from the helper.
 *
 * The work happens on two threads of its own, never in the thread that owns the object (the GUI
 * thread stays free): one for the bulk flow, and one for everything timed (UDP, probes, echoes,
 * counters), so probe timestamps never wait behind bulk writes. All sockets are non-blocking:
 * an outage (100 % loss) stalls the TCP flow and times probes out, and nothing ever blocks.
 * snapshot() and reset() may be called from any thread; memory is fixed by config.history.
 */
class LabTraffic : public QObject
{
    Q_OBJECT

public:
    /** For snapshot(): everything since the last reset() (or start()), up to config.history. */
    static constexpr std::chrono::milliseconds sinceReset{0};

    explicit LabTraffic(LabTrafficSockets sockets, LabTrafficConfig config = {},
                        QObject *parent = nullptr);
    ~LabTraffic() override;

    /**
     * Binds the receiving sockets to the receiver address, connects the sending ones and starts
     * the flows. Fails with a sentence (e.g. sockets not from the lab's two namespaces), and then
     * sends nothing and has closed every socket.
     */
    bool start(QString *error);
    /** Stops the flows and closes every socket; the measurements stay readable. */
    void stop();
    bool isRunning() const;

    /** A fresh measurement from now on, e.g. after the impairment changed. */
    void reset();
    /** The figures over the last @p window (or sinceReset). Never waits for the network. */
    LabMeasurement snapshot(std::chrono::milliseconds window) const;

Q_SIGNALS:
    /** The traffic stopped on its own (a socket error); emitted in the object's thread. */
    void failed(const QString &reason);

private:
    struct State;
    std::unique_ptr<State> d;
};

} // namespace qs
