#include "shaperforms.h"

#include "defaultclassrow.h"

#include "tc/tcunits.h"

#include <cmath>

namespace qs {

namespace {

// Buckets from 1 kb to 64 mb: a 10 mbit link wants about 12 kb (rate × 10 ms), 10 gbit 12 mb.
ParameterScale bucketScale(bool zeroAtStart = false)
{
    return ParameterScale::logarithmic(1024, 64.0 * 1024 * 1024, zeroAtStart);
}

/** tc's reading of a latency back from a byte limit: (limit - burst) / rate. */
quint32 latencyForLimit(const TbfParams &p)
{
    if (p.rateBytesPerSecond == 0 || p.limitBytes <= p.burstBytes)
        return 0;
    const double us = double(p.limitBytes - p.burstBytes) * 1e6 / double(p.rateBytesPerSecond);
    return us >= 4294967295.0 ? 0xFFFFFFFFu : quint32(std::llround(us));
}

/**
 * The rows of how a shaper counts a packet (tbf, htb classes): link layer, overhead and minimum
 * packet unit, which tc writes into the rate's tc_ratespec.
 */
template <typename P> void linkLayerRows(FormBinder<P> &b)
{
    b.section(ShaperForms::tr("Link layer"));
    b.choice(
        QStringLiteral("linklayer"), ShaperForms::tr("Link layer"),
        ShaperForms::tr("ATM (ADSL) links carry packets in 53-byte cells of 48 bytes: the rate then "
                        "counts whole cells, as the modem sends them."),
        {{ShaperForms::tr("Ethernet"), int(LinkLayer::Ethernet)}, {ShaperForms::tr("ATM (ADSL)"), int(LinkLayer::Atm)}},
        [](const P &p) { return QVariant(int(p.linkLayer)); },
        [](P &p, const QVariant &value) { p.linkLayer = LinkLayer(value.toInt()); });
    b.number(ParameterSpec::count(QStringLiteral("overhead"), ShaperForms::tr("Overhead"),
                                  ShaperForms::tr("Bytes the link adds to every packet (PPPoE, ATM "
                                                  "headers), counted against the rate."),
                                  ShaperForms::tr("bytes"), ParameterScale::linear(0, 256, 256), 0, 65535),
             [](const P &p) { return double(p.overhead); },
             [](P &p, double value) { p.overhead = quint16(value); });
    b.number(ParameterSpec::count(QStringLiteral("mpu"), ShaperForms::tr("Minimum packet"),
                                  ShaperForms::tr("The least a packet is counted as (tc's mpu), e.g. 64 "
                                                  "bytes on Ethernet; 0: its real size."),
                                  ShaperForms::tr("bytes"), ParameterScale::linear(0, 256, 256), 0, 65535),
             [](const P &p) { return double(p.mpu); },
             [](P &p, double value) { p.mpu = decltype(p.mpu)(value); });
}

} // namespace

void ShaperForms::tbf(FormBinder<TbfParams> &b)
{
    b.section(tr("Shaping"));
    b.number(ParameterSpec::rate(
                 QStringLiteral("rate"), tr("Rate"),
                 tr("The long-term rate tbf lets through; faster traffic waits in the queue."),
                 false),
             &TbfParams::rateBytesPerSecond);
    b.number(ParameterSpec::size(
                 QStringLiteral("burst"), tr("Burst"),
                 tr("How many bytes may leave at once above the rate (the bucket); at least one "
                    "full-size frame, better rate × 10 ms."),
                 bucketScale()),
             &TbfParams::burstBytes);

    b.section(tr("Queue"));
    using Mode = TbfParams::LimitMode;
    b.choice(
        QStringLiteral("limitMode"), tr("Limit by"),
        tr("tbf sizes its queue either by the longest a packet may wait or by bytes."),
        {{tr("latency"), int(Mode::Latency)}, {tr("bytes"), int(Mode::Bytes)}},
        [](const TbfParams &p) { return QVariant(int(p.limitMode)); },
        [](TbfParams &p, const QVariant &value) {
            const Mode mode = Mode(value.toInt());
            if (mode == p.limitMode)
                return;
            // Carry the queue over: the same queue, told the other way.
            if (mode == Mode::Bytes && p.limitBytes == 0)
                p.limitBytes = p.effectiveLimitBytes();
            else if (mode == Mode::Latency && p.latencyUs == 0)
                p.latencyUs = latencyForLimit(p);
            p.limitMode = mode;
        });
    auto *latency = b.number(
        ParameterSpec::time(QStringLiteral("latency"), tr("Latency"),
                            tr("The longest a packet may wait in the queue; tc turns it into "
                               "a byte limit (rate × latency + burst)."),
                            ParameterScale::logarithmic(100, 10e6)),
        &TbfParams::latencyUs);
    auto *limit =
        b.number(ParameterSpec::size(QStringLiteral("limit"), tr("Limit"),
                                     tr("How many bytes may wait in the queue; more are dropped."),
                                     ParameterScale::logarithmic(1024, 1024.0 * 1024 * 1024)),
                 &TbfParams::limitBytes);
    b.showWhen(latency, [](const TbfParams &p) { return p.limitMode == Mode::Latency; });
    b.showWhen(limit, [](const TbfParams &p) { return p.limitMode == Mode::Bytes; });

    b.section(tr("Peak rate"));
    b.number(
        ParameterSpec::rate(
            QStringLiteral("peakrate"), tr("Peak rate"),
            tr("The most a burst may reach; without it a burst leaves at line rate."), true)
            .withOffText(tr("off")),
        [](const TbfParams &p) { return double(p.peakRateBytesPerSecond); },
        [](TbfParams &p, double value) {
            p.peakRateBytesPerSecond = quint64(value);
            // A peak rate needs its own bucket and the bucket means nothing without one:
            // fill in a full-size frame when it is turned on, drop it when turned off.
            if (value > 0 && p.mtu == 0)
                p.mtu = TbfParams::EthernetFrameBytes;
            else if (value <= 0)
                p.mtu = 0;
        });
    auto *mtu = b.number(
        //: tbf's second bucket, for the peak rate (tc calls it mtu)
        ParameterSpec::size(QStringLiteral("mtu"), tr("Peak bucket"),
                            tr("The bucket of the peak rate (tc's mtu): at least one full-size "
                               "frame, 1514 bytes on Ethernet."),
                            ParameterScale::logarithmic(64, 64 * 1024))
            .withDefaultUnit(QStringLiteral("b")),
        &TbfParams::mtu);
    b.showWhen(mtu, [](const TbfParams &p) { return p.peakRateBytesPerSecond != 0 || p.mtu != 0; });
    linkLayerRows(b);
}

void ShaperForms::htbQdisc(FormBinder<HtbQdiscParams> &b)
{
    b.section(tr("Classes"));
    defaultClassRow(b, &HtbQdiscParams::defaultClass,
                    tr("The class (minor number, hex as tc writes it) that traffic no filter matched goes to; "
                       "empty: it "
                       "passes unshaped."),
                    tr("none: unclassified traffic is not shaped"));
    b.number(ParameterSpec::count(
                 //: htb's parameter name (rate to quantum): usually kept as tc writes it
                 QStringLiteral("r2q"), tr("r2q"),
                 tr("Each class's quantum is its rate divided by this, unless the class sets one "
                    "(tc's default is 10)."),
                 tr("divisor"), ParameterScale::logarithmic(1, 1000)),
             &HtbQdiscParams::r2q);
    b.number(ParameterSpec::count(
                 QStringLiteral("direct_qlen"), tr("Direct queue"),
                 tr("How many packets may wait for the device when they bypass the classes "
                    "(no default class); auto is the device's queue length."),
                 tr("packets"), ParameterScale::logarithmic(1, 100000, true), 0, 4294967295.0)
                 .withOffText(tr("auto")),
             [](const HtbQdiscParams &p) { return double(p.directQlen.value_or(0)); },
             [](HtbQdiscParams &p, double value) {
                 p.directQlen = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
             });
    b.note(tr("The rates are set on the classes: select one in the tree."));
}

void ShaperForms::htbClass(FormBinder<HtbClassParams> &b)
{
    b.section(tr("Rates"));
    b.number(ParameterSpec::rate(QStringLiteral("rate"), tr("Rate"),
                                 tr("The rate this class is guaranteed, whatever its siblings do."),
                                 false),
             &HtbClassParams::rateBytesPerSecond);
    b.number(ParameterSpec::rate(
                 QStringLiteral("ceil"), tr("Ceil"),
                 tr("The most this class may reach by borrowing what its siblings leave unused."),
                 true)
                 //: spin box text while the ceil is unset: it equals the rate
                 .withOffText(tr("= rate")),
             &HtbClassParams::ceilBytesPerSecond);
    const auto optionalSize = [](std::optional<quint32> HtbClassParams::*member) {
        return std::pair{
            [member](const HtbClassParams &p) { return double((p.*member).value_or(0)); },
            [member](HtbClassParams &p, double value) {
                // 0 is refused by tc, so the slider's "auto" end means unset.
                p.*member = value > 0 ? std::optional<quint32>(quint32(value)) : std::nullopt;
            }};
    };
    const auto [burstGet, burstSet] = optionalSize(&HtbClassParams::burstBytes);
    b.number(ParameterSpec::size(
                 QStringLiteral("burst"), tr("Burst"),
                 tr("How many bytes may leave at once at full speed before the rate applies; auto "
                    "is tc's rate / HZ + mtu."),
                 bucketScale(true))
                 .withOffText(tr("auto")),
             burstGet, burstSet);
    const auto [cburstGet, cburstSet] = optionalSize(&HtbClassParams::cburstBytes);
    b.number(
        ParameterSpec::size(
            QStringLiteral("cburst"), tr("Ceil burst"),
            tr("How many bytes may leave at once at line speed before the ceil applies; auto is "
               "tc's ceil / HZ + mtu."),
            bucketScale(true))
            .withOffText(tr("auto")),
        cburstGet, cburstSet);

    b.section(tr("Sharing"));
    b.number(ParameterSpec::count(
                 QStringLiteral("prio"), tr("Priority"),
                 tr("Classes with a lower number borrow spare bandwidth first (0…7)."), QString(),
                 ParameterScale::linear(0, HtbClassParams::MaxPrio, int(HtbClassParams::MaxPrio)),
                 0, HtbClassParams::MaxPrio),
             &HtbClassParams::prio);
    b.number(ParameterSpec::size(
                 QStringLiteral("quantum"), tr("Quantum"),
                 tr("How many bytes the class sends per turn when borrowing; auto is rate / r2q."),
                 ParameterScale::logarithmic(1000, 200000, true))
                 .withOffText(tr("auto"))
                 .withDefaultUnit(QStringLiteral("b")),
             &HtbClassParams::quantum);
    linkLayerRows(b);
}

} // namespace qs
