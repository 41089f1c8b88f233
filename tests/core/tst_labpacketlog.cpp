// LabPacketLog's decisions, with made-up times: the logic behind the Measured panel's loss and
// RTT figures. Issue 19, item 7: behind a queue of several seconds the panel said "Loss 100 %"
// beside a UDP goodput, and RTT "—". The "fixed 2 s timeout" rows keep what it used to do (a
// timeout that does not follow the delay, as before the change) and show those readings; the
// "following the delay" rows are what the lab does now.
#include "lab/labpacketlog.h"

#include <QTest>

using namespace qs;

namespace {

constexpr qint64 Ms = 1'000'000;
constexpr qint64 FloorNs = 2000 * Ms;
constexpr qint64 CapNs = 30000 * Ms;

/**
 * 100 packets a second for @p seconds, each delayed by @p delayAt(sent time), arriving in order;
 * every third one dropped when @p dropThird. The timeout: fixed (cap = floor) or following.
 */
template<typename Delay>
LabPacketLog run(int seconds, Delay delayAt, bool following, bool dropThird, qint64 *nowNs)
{
    LabPacketLog log(seconds * 100 + 10);
    struct InFlight
    {
        quint64 sequence;
        qint64 sentNs;
        qint64 arrivesNs;
    };
    std::vector<InFlight> flight;
    const qint64 step = 10 * Ms;
    const qint64 end = qint64(seconds) * 1000 * Ms;
    size_t delivered = 0;
    for (qint64 t = step; t <= end; t += step) {
        // Arrivals due by now, in order (a FIFO queue), then this tick's packet.
        while (delivered < flight.size() && flight[delivered].arrivesNs <= t) {
            const InFlight &p = flight[delivered++];
            log.recordArrival(p.sequence, p.sentNs, p.arrivesNs);
        }
        const quint64 sequence = log.next();
        log.recordSent(t, following ? log.lossTimeoutFor(FloorNs, CapNs) : FloorNs);
        if (!(dropThird && sequence % 3 == 2))
            flight.push_back({sequence, t, t + delayAt(t)});
    }
    *nowNs = end;
    return log;
}

} // namespace

class TstLabPacketLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void multiSecondQueue_data()
    {
        QTest::addColumn<bool>("following");
        QTest::addColumn<bool>("dropThird");
        QTest::newRow("fixed 2 s timeout (before): all late, all lost") << false << false;
        QTest::newRow("fixed 2 s timeout (before), a third dropped") << false << true;
        QTest::newRow("following the delay") << true << false;
        QTest::newRow("following the delay, a third dropped") << true << true;
    }

    void multiSecondQueue()
    {
        QFETCH(bool, following);
        QFETCH(bool, dropThird);
        // A queue that fills: the delay grows by 0.9 s a second up to 3.3 s, then stays.
        const auto delay = [](qint64 sentNs) { return std::min<qint64>(sentNs * 9 / 10, 3300 * Ms); };
        qint64 now = 0;
        const LabPacketLog log = run(20, delay, following, dropThird, &now);
        // The panel's window: the last 2 s.
        const LabPacketTally t = log.tally(now - 2000 * Ms, now, 0, CapNs, 100 * Ms);
        const double lossPercent = t.decided ? 100.0 * t.lost / t.decided : -1;
        qInfo("decided %d, received %d, lost %d (%.1f %%), delays %zu", t.decided, t.received, t.lost, lossPercent, t.delaysNs.size());
        QVERIFY(t.decided >= 190);
        if (!following) {
            // What the panel showed: no RTT, 100 % loss, though two thirds (or all) arrived.
            QCOMPARE(t.received, 0);
            QVERIFY(t.delaysNs.empty());
            QCOMPARE(lossPercent, 100.0);
            return;
        }
        QVERIFY(!t.delaysNs.empty());
        for (qint64 d : t.delaysNs)
            QCOMPARE(d, 3300 * Ms);
        QVERIFY(log.lossTimeoutFor(FloorNs, CapNs) > 3300 * Ms);
        if (dropThird)
            QVERIFY2(std::abs(lossPercent - 100.0 / 3) < 2.0, qPrintable(QString::number(lossPercent)));
        else
            QCOMPARE(t.lost, 0);
    }

    void timeoutIsCappedAndFloored()
    {
        LabPacketLog log(8);
        QCOMPARE(log.lossTimeoutFor(FloorNs, CapNs), FloorNs); // nothing seen yet
        log.recordSent(0, FloorNs);
        QCOMPARE(log.recordArrival(0, 0, 20000 * Ms), LabPacketLog::Arrival::Late); // 20 s: lost, yet seen
        QCOMPARE(log.lossTimeoutFor(FloorNs, CapNs), CapNs);                       // 2 + 40 s, capped
        log.recordSent(10 * Ms, log.lossTimeoutFor(FloorNs, CapNs));
        QCOMPARE(log.recordArrival(1, 10 * Ms, 10 * Ms + 50 * Ms), LabPacketLog::Arrival::Counted);
        QCOMPARE(log.lossTimeoutFor(FloorNs, CapNs), FloorNs + 100 * Ms);
        // An outage still shows as loss once the timeout of a packet has passed.
        log.recordSent(20 * Ms, log.lossTimeoutFor(FloorNs, CapNs));
        const LabPacketTally t = log.tally(0, 20 * Ms + FloorNs + 200 * Ms, 0, CapNs, 100 * Ms);
        QCOMPARE(t.lost, 2); // the late one and the unanswered one
        QCOMPARE(t.received, 1);
    }
};

QTEST_GUILESS_MAIN(TstLabPacketLog)
#include "tst_labpacketlog.moc"
