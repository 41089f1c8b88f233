#include "parameterscale.h"

#include <QTest>

#include <cmath>

using qs::ParameterScale;

Q_DECLARE_METATYPE(ParameterScale)

class TestParameterScale : public QObject
{
    Q_OBJECT

private:
    static void addScales()
    {
        QTest::addColumn<ParameterScale>("scale");
        QTest::addColumn<double>("first"); // the value at position 0
        QTest::addColumn<double>("last");
        // In the editor's base units: µs, %, bit/s (the rate slider's own unit), packets, bytes.
        QTest::newRow("delay 0…10 s log")
            << ParameterScale::logarithmic(10, 10e6, true) << 0.0 << 10e6;
        QTest::newRow("loss 0.01…100 % log")
            << ParameterScale::logarithmic(0.01, 100, true) << 0.0 << 100.0;
        QTest::newRow("rate 8 kbit…100 Gbit log")
            << ParameterScale::logarithmic(8e3, 100e9) << 8e3 << 100e9;
        QTest::newRow("limit 0…10000 linear") << ParameterScale::linear(0, 10000) << 0.0 << 10000.0;
        QTest::newRow("correlation 0…100 % linear")
            << ParameterScale::linear(0, 100) << 0.0 << 100.0;
        QTest::newRow("prio 0…7 linear, 7 steps") << ParameterScale::linear(0, 7, 7) << 0.0 << 7.0;
        QTest::newRow("burst 1 kb…64 mb binary")
            << ParameterScale::logarithmic(1024, 64.0 * 1024 * 1024)
                   .withSnapping(ParameterScale::Snapping::Binary)
            << 1024.0 << 64.0 * 1024 * 1024;
    }

    /** The widest gap between @p position and its neighbours: what "within one step" allows. */
    static double stepAround(const ParameterScale &scale, int position)
    {
        double step = 0;
        if (position > 0)
            step = std::max(step, scale.valueAt(position) - scale.valueAt(position - 1));
        if (position < scale.steps())
            step = std::max(step, scale.valueAt(position + 1) - scale.valueAt(position));
        return step;
    }

private Q_SLOTS:
    void endsAreExact_data() { addScales(); }
    void endsAreExact()
    {
        QFETCH(ParameterScale, scale);
        QFETCH(double, first);
        QFETCH(double, last);
        QCOMPARE(scale.valueAt(0), first);
        QCOMPARE(scale.valueAt(scale.steps()), last);
        QCOMPARE(scale.positionOf(first), 0);
        QCOMPARE(scale.positionOf(last), scale.steps());
        // Beyond the ends: clamped, never out of range.
        QCOMPARE(scale.valueAt(-5), first);
        QCOMPARE(scale.valueAt(scale.steps() + 5), last);
        QCOMPARE(scale.positionOf(last * 10), scale.steps());
        QCOMPARE(scale.positionOf(-1), 0);
        QCOMPARE(scale.positionOf(std::nan("")), 0);
    }

    void monotonic_data() { addScales(); }
    void monotonic()
    {
        QFETCH(ParameterScale, scale);
        for (int p = 1; p <= scale.steps(); ++p) {
            if (!(scale.valueAt(p) > scale.valueAt(p - 1)))
                QFAIL(qPrintable(QStringLiteral("valueAt(%1) = %2 is not above valueAt(%3) = %4")
                                     .arg(p)
                                     .arg(scale.valueAt(p), 0, 'g', 17)
                                     .arg(p - 1)
                                     .arg(scale.valueAt(p - 1), 0, 'g', 17)));
        }
    }

    void roundTripWithinOneStep_data() { addScales(); }
    void roundTripWithinOneStep()
    {
        QFETCH(ParameterScale, scale);
        QFETCH(double, last);
        // 2000 values spread over the range, log-spaced for log scales, and every position's own.
        const double low =
            scale.isLogarithmic() ? scale.valueAt(scale.hasZeroAtStart() ? 1 : 0) : scale.minimum();
        for (int i = 0; i <= 2000; ++i) {
            const double value = scale.isLogarithmic() ? low * std::pow(last / low, i / 2000.0)
                                                       : low + (last - low) * i / 2000.0;
            const int position = scale.positionOf(value);
            const double back = scale.valueAt(position);
            if (std::abs(back - value) > stepAround(scale, position) * (1 + 1e-12))
                QFAIL(qPrintable(QStringLiteral("%1 → position %2 → %3: more than one step away")
                                     .arg(value, 0, 'g', 17)
                                     .arg(position)
                                     .arg(back, 0, 'g', 17)));
        }
        for (int p = 0; p <= scale.steps(); ++p)
            QCOMPARE(scale.positionOf(scale.valueAt(p)), p);
    }

    void logarithmicSpreadsDecadesEvenly()
    {
        // delay: position 0 is 0, then 6 decades from 10 µs over positions 1…1000.
        const auto delay = ParameterScale::logarithmic(10, 10e6, true);
        QCOMPARE(delay.valueAt(1), 10.0);
        const int perDecade = delay.positionOf(1e6) - delay.positionOf(1e5);
        QVERIFY(std::abs(perDecade - 999 / 6.0) <= 1);
        QVERIFY(std::abs((delay.positionOf(100) - delay.positionOf(10)) - perDecade) <= 1);
        // A value between 0 and the first decade goes to the nearer end.
        QCOMPARE(delay.positionOf(2), 0);
        QCOMPARE(delay.positionOf(8), 1);
        // PageUp/PageDown: a third of a decade.
        QVERIFY(std::abs(delay.pageStep() - perDecade / 3.0) <= 1);
        QCOMPARE(ParameterScale::linear(0, 10000).pageStep(), 100);
    }

    void snapsToRoundNumbers()
    {
        const auto delay = ParameterScale::logarithmic(10, 10e6, true);
        // Every interior value is a whole multiple of a power of ten no coarser than its step.
        for (int p = 2; p < delay.steps(); ++p) {
            const double value = delay.valueAt(p);
            const double quantum =
                std::pow(10.0, std::floor(std::log10(value - delay.valueAt(p - 1))) - 1);
            QVERIFY2(std::abs(value / quantum - std::round(value / quantum)) < 1e-6,
                     qPrintable(QString::number(value)));
        }
        const auto burst = ParameterScale::logarithmic(1024, 64.0 * 1024 * 1024)
                               .withSnapping(ParameterScale::Snapping::Binary);
        for (int p = 1; p < burst.steps(); ++p) {
            const double value = burst.valueAt(p);
            QCOMPARE(value, std::round(value)); // whole bytes
            QVERIFY2(std::fmod(value, 8) == 0,
                     qPrintable(QString::number(value))); // kb with at most 3 decimals
        }
    }
};

QTEST_GUILESS_MAIN(TestParameterScale)
#include "tst_parameterscale.moc"
