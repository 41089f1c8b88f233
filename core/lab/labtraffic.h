#pragma once

#include "lab/labsockets.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace qs {

/** What LabTraffic sends and how long it remembers; the defaults are the demo's. */
struct LabTrafficConfig
{
    QString receiverAddress = QStringLiteral("198.18.0.2"); ///< host b: every flow goes a → b
    /** host a, where the request probe's server listens: its responses take the shaped way. */
    QString serverAddress = QStringLiteral("198.18.0.1");
    /** b's end of the link, whose rx counter is the link rate. */
    QString linkDevice = QStringLiteral("lab1");
    bool bulkTcp = true;           ///< the TCP flow that fills the link
    int udpPacketsPerSecond = 100; ///< the constant-rate flow
    int udpPayloadBytes = 200;     ///< 24 .. 1472
    std::chrono::milliseconds probeInterval{50};
    /**
     * A probe unanswered, or a datagram not received, this long after it was sent is lost: the
     * least timeout. It grows with the delay (LabPacketLog::lossTimeoutFor), up to
     * maxLossTimeout, so that a queue of several seconds still shows its RTT, and no loss that
     * is only a delay.
     */
    std::chrono::milliseconds lossTimeout{2000};
    std::chrono::milliseconds maxLossTimeout{30000};
    /**
     * A packet missing from a sequence gap is lost this long after a later packet arrived (unless
     * it still turns up within lossTimeout: then it was reordered). Loss shows without waiting
     * for lossTimeout, while ordinary reordering is never mistaken for it.
     */
    std::chrono::milliseconds reorderAllowance{100};
    /**
     * The request probe: HTTP-like transactions b → a → b, each on a new TCP connection (connect,
     * a request naming a size, that many bytes back, close), timed from connect() to the last
     * byte. Sizes are taken in turn; one starts at most every requestInterval, and one that has
     * not finished within requestTimeout has failed (so a 100 % loss never hangs it).
     */
    bool requests = true;
    std::vector<int> requestSizes{5'000, 25'000, 100'000}; ///< bytes, 1 .. 1 MiB each
    std::chrono::milliseconds requestInterval{250};
    std::chrono::milliseconds requestTimeout{10000};
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
    /** After how long a probe sent now counts as lost (it follows the RTT, see lossTimeout). */
    double probeLossTimeoutMs = 0;

    // The constant-rate UDP flow; udpSent and udpLost give a caller its binomial interval.
    int udpSent = 0;     ///< datagrams decided in the window: received + lost
    int udpReceived = 0; ///< received in time (at most once each: duplicates do not count)
    int udpLost = 0;
    int udpReordered = 0;  ///< arrived after a later one: late, not lost
    int udpDuplicates = 0; ///< extra copies
    std::optional<double> udpLossPercent;
    std::optional<double> udpGoodputBitsPerSec; ///< payload bits received per second
    /** After how long a datagram sent now counts as lost (it follows the one-way delay). */
    double udpLossTimeoutMs = 0;

    // The request probe: transactions that ended in the window (the last byte, or a failure).
    std::optional<double> requestMedianMs; ///< connect() to the last byte, of those completed
    std::optional<double> requestP80Ms;    ///< 80th percentile (nearest rank)
    int requestsCompleted = 0;
    int requestsFailed = 0; ///< refused, reset, short, or not done within requestTimeout

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
 * UDP flow a → b with sequence numbers, RTT probes a → b → a every 50 ms, all carrying
 * CLOCK_MONOTONIC send times, and short request/response transactions (a client in b, the
 * server in a). It is given its sockets (and owns them from then on), so it runs
 * the same in a root process that opened them itself and in an unprivileged client that
 * received them from the helper.
 *
 * The work happens on threads of its own, never in the thread that owns the object (the GUI
 * thread stays free): one for the bulk flow, one for everything timed (UDP, probes, echoes,
 * counters), so probe timestamps never wait behind bulk writes, and one for the requests. All sockets are non-blocking:
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
