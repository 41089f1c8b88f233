#include "parameterslider.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>

#include <memory>

using namespace qs;

namespace {

ParameterSpec delaySpec()
{
    return ParameterSpec::time(QStringLiteral("delay"), QStringLiteral("Delay"),
                               QStringLiteral("How long."),
                               ParameterScale::logarithmic(10, 10e6, true), 274877906);
}

QRect handleRect(QSlider *slider)
{
    QStyleOptionSlider option;
    option.initFrom(slider);
    option.orientation = slider->orientation();
    option.minimum = slider->minimum();
    option.maximum = slider->maximum();
    option.sliderPosition = slider->sliderPosition();
    option.sliderValue = slider->value();
    option.subControls = QStyle::SC_All;
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle,
                                           slider);
}

struct Emitted
{
    double value;
    bool final;
};

QList<Emitted> emitted(const QSignalSpy &spy)
{
    QList<Emitted> list;
    for (const QList<QVariant> &args : spy)
        list.append({args.at(0).toDouble(), args.at(1).toBool()});
    return list;
}

/** The spin box's text as a person reads it, without the line edit's internals. */
QString spinText(ParameterSlider *row)
{
    return row->spinBox()->findChild<QLineEdit *>()->text();
}

} // namespace

class TestParameterSlider : public QObject
{
    Q_OBJECT

    std::unique_ptr<ParameterSlider> m_row;

    ParameterSlider *show(const ParameterSpec &spec)
    {
        m_row = std::make_unique<ParameterSlider>(spec);
        m_row->resize(520, m_row->sizeHint().height());
        m_row->show();
        if (!QTest::qWaitForWindowExposed(m_row.get()))
            qFatal("window not exposed");
        return m_row.get();
    }

private Q_SLOTS:
    // The expected texts are English; the desktop's own locale is tested on its own below.
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void cleanup() { m_row.reset(); }

    void namesItsParts()
    {
        ParameterSlider *row = show(delaySpec());
        QCOMPARE(row->objectName(), QStringLiteral("param.delay"));
        QCOMPARE(row->findChild<QSlider *>(QStringLiteral("param.delay.slider")), row->slider());
        QCOMPARE(row->findChild<QDoubleSpinBox *>(QStringLiteral("param.delay.spin")),
                 row->spinBox());
        QCOMPARE(row->findChild<QComboBox *>(QStringLiteral("param.delay.unit")), row->unitBox());
        QCOMPARE(row->unitBox()->count(), 3);
        QCOMPARE(row->toolTip(), QStringLiteral("How long."));
        QCOMPARE(row->slider()->toolTip(), QStringLiteral("How long."));
        QVERIFY(!row->messageLabel()->isVisible());
        row->setMessage(QStringLiteral("too long"));
        QVERIFY(row->messageLabel()->isVisible());
        QCOMPARE(row->findChild<QLabel *>(QStringLiteral("param.delay.message"))->text(),
                 QStringLiteral("too long"));
        row->setMessage({});
        QVERIFY(!row->messageLabel()->isVisible());
    }

    void setValueDoesNotEmit()
    {
        ParameterSlider *row = show(delaySpec());
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        row->setValue(100000);
        QCOMPARE(row->value(), 100000.0);
        QCOMPARE(row->unit(), QStringLiteral("ms"));
        QCOMPARE(spinText(row), QStringLiteral("100"));
        QCOMPARE(row->slider()->value(), row->spec().scale.positionOf(100000));
        QCOMPARE(spy.count(), 0);
    }

    void dragEmitsNonFinalThenOneFinal()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(20000);
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        QSlider *slider = row->slider();
        const QPoint start = handleRect(slider).center();
        QTest::mousePress(slider, Qt::LeftButton, {}, start);
        for (int dx = 8; dx <= 64; dx += 8)
            QTest::mouseMove(slider, start + QPoint(dx, 0));
        QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(64, 0));

        const QList<Emitted> values = emitted(spy);
        QVERIFY2(values.size() >= 4, qPrintable(QString::number(values.size())));
        for (qsizetype i = 0; i + 1 < values.size(); ++i) {
            QVERIFY(!values[i].final);
            if (i > 0)
                QVERIFY(values[i].value > values[i - 1].value); // dragged right: longer
        }
        QVERIFY(values.last().final);
        QCOMPARE(values.last().value, values[values.size() - 2].value);
        QCOMPARE(row->value(), values.last().value);
        QVERIFY(row->value() > 20000);
        // The spin box followed the drag.
        QCOMPARE(row->spinBox()->value() * 1000, row->value());
    }

    void aNarrowRowGivesTheSliderALineOfItsOwn()
    {
        ParameterSlider *row = show(ParameterSpec::rate(QStringLiteral("rate"), QStringLiteral("Rate"), {}, false));
        row->resize(420, row->sizeHint().height());
        QTRY_VERIFY(row->sliderOnOwnLine());
        QTRY_VERIFY2(row->slider()->width() >= 380, qPrintable(QString::number(row->slider()->width())));
        QVERIFY(row->slider()->geometry().top() >= row->spinBox()->geometry().bottom()); // under the value
        row->resize(1200, row->sizeHint().height());
        QTRY_VERIFY(!row->sliderOnOwnLine());
        QTRY_VERIFY(row->slider()->geometry().top() < row->spinBox()->geometry().bottom()); // beside it again
    }

    void twentyPixelsOfARateDragMoveItByAtMostTwoAndAHalf()
    {
        // Issue 19, item 6: in the editor's width at 1280×800 a 20 px drag took 10 Mbit to
        // 101 kbit. Now 20 px change the rate by at most a factor of 2.5, either way.
        ParameterSlider *row = show(ParameterSpec::rate(QStringLiteral("rate"), QStringLiteral("Rate"), {}, false));
        row->resize(420, row->sizeHint().height());
        QTRY_VERIFY(row->slider()->width() >= 380);
        for (const int dx : {20, -20}) {
            row->setValue(1.25e6); // 10 mbit, in bytes/s
            QSlider *slider = row->slider();
            const QPoint start = handleRect(slider).center();
            QTest::mousePress(slider, Qt::LeftButton, {}, start);
            QTest::mouseMove(slider, start + QPoint(dx / 2, 0));
            QTest::mouseMove(slider, start + QPoint(dx, 0));
            QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(dx, 0));
            const double factor = dx > 0 ? row->value() / 1.25e6 : 1.25e6 / row->value();
            qInfo("%+d px: 10 Mbit/s -> %.0f kbit/s (a factor of %.2f)", dx, row->value() * 8 / 1e3, factor);
            QVERIFY2(factor > 1.05 && factor <= 2.5, qPrintable(QString::number(factor)));
        }
    }

    void clickWithoutMovingEmitsNothing()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(20000);
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        QTest::mouseClick(row->slider(), Qt::LeftButton, {}, handleRect(row->slider()).center());
        QCOMPARE(spy.count(), 0);
        QCOMPARE(row->value(), 20000.0);
    }

    void typingAndEnterEmitsFinal()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(100000); // shown in ms
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        QLineEdit *edit = row->spinBox()->findChild<QLineEdit *>();
        QTest::mouseClick(edit, Qt::LeftButton);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("250"));
        QCOMPARE(spy.count(), 0); // nothing while typing
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 250000.0);
        QCOMPARE(spy.at(0).at(1).toBool(), true);
        QCOMPARE(row->slider()->value(), row->spec().scale.positionOf(250000));
        // Leaving the spin box without another edit emits nothing more.
        row->slider()->setFocus();
        QCOMPARE(spy.count(), 1);
    }

    void fractionsOfTheBaseUnitTruncateLikeTc()
    {
        ParameterSlider *row =
            show(ParameterSpec::rate(QStringLiteral("rate"), QStringLiteral("Rate"), {}, false));
        row->setUnit(QStringLiteral("kbit"));
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        QLineEdit *edit = row->spinBox()->findChild<QLineEdit *>();
        QTest::mouseClick(edit, Qt::LeftButton);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("1.5")); // tc: "1.5kbit" is 187 bytes/s
        QTest::keyClick(edit, Qt::Key_Enter);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(row->integerValue(), quint64(187));
        QCOMPARE(spinText(row), QStringLiteral("1.496"));
    }

    void unitChangeKeepsTheValue()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(1500);
        QCOMPARE(row->unit(), QStringLiteral("ms"));
        QCOMPARE(spinText(row), QStringLiteral("1.5"));
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        row->unitBox()->setFocus();
        QTest::keyClick(row->unitBox(), Qt::Key_Down); // ms → s, as a person would
        QCOMPARE(row->unit(), QStringLiteral("s"));
        QCOMPARE(spinText(row), QStringLiteral("0.0015"));
        QCOMPARE(row->value(), 1500.0);
        QTest::keyClick(row->unitBox(), Qt::Key_Up);
        QTest::keyClick(row->unitBox(), Qt::Key_Up);
        QCOMPARE(row->unit(), QStringLiteral("µs"));
        QCOMPARE(spinText(row), QStringLiteral("1500"));
        QCOMPARE(spy.count(), 0);
        // The user's unit stays when the value is set from outside.
        row->setValue(2000000);
        QCOMPARE(row->unit(), QStringLiteral("µs"));
        QCOMPARE(spinText(row), QStringLiteral("2000000"));
    }

    void followsTheDesktopLocale()
    {
        ParameterSlider *row = show(delaySpec());
        row->setLocale(QLocale(QLocale::German, QLocale::Germany));
        row->setValue(1500);
        QCOMPARE(spinText(row), QStringLiteral("1,5"));
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        QLineEdit *edit = row->spinBox()->findChild<QLineEdit *>();
        QTest::mouseClick(edit, Qt::LeftButton);
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("2,25"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(row->value(), 2250.0);
    }

    void picksAReadableUnit()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(2000000);
        QCOMPARE(row->unit(), QStringLiteral("s"));
        row->setValue(1234567);
        QCOMPARE(row->unit(), QStringLiteral("ms")); // 1234.567 ms, not 1.234567 s
        row->setValue(0);
        QCOMPARE(row->unit(), QStringLiteral("ms"));

        ParameterSlider *size =
            show(ParameterSpec::size(QStringLiteral("burst"), QStringLiteral("Burst"), {},
                                     ParameterScale::logarithmic(1024, 1 << 26)));
        size->setValue(1514);
        QCOMPARE(size->unit(), QStringLiteral("b")); // 1.478515625 kb reads badly
        size->setValue(32768);
        QCOMPARE(size->unit(), QStringLiteral("kb"));
        QCOMPARE(spinText(size), QStringLiteral("32"));

        ParameterSlider *rate =
            show(ParameterSpec::rate(QStringLiteral("rate"), QStringLiteral("Rate"), {}, true));
        rate->setValue(250000); // bytes/s
        QCOMPARE(rate->unit(), QStringLiteral("mbit"));
        QCOMPARE(spinText(rate), QStringLiteral("2"));
    }

    void rampValuesReadAtAGlance()
    {
        // A scenario's ramp passes through values like 35732112 bit/s: read as a person would
        // say them, not to the last bit ("35732.112 kbit" before).
        ParameterSlider *rate =
            show(ParameterSpec::rate(QStringLiteral("rate"), QStringLiteral("Rate"), {}, true));
        rate->setValue(35732112.0 / 8); // bytes/s
        QCOMPARE(rate->unit(), QStringLiteral("mbit"));
        QCOMPARE(spinText(rate), QStringLiteral("35.73"));
        QCOMPARE(rate->value(), 35732112.0 / 8); // only the text is rounded
        // Leaving the box unedited keeps the exact value.
        QSignalSpy spy(rate, &ParameterSlider::valueChanged);
        QLineEdit *edit = rate->spinBox()->findChild<QLineEdit *>();
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_Enter);
        rate->spinBox()->clearFocus();
        QCOMPARE(spy.count(), 0);
        QCOMPARE(rate->value(), 35732112.0 / 8);
        // In a unit the user chose, whole units at most.
        rate->setUnit(QStringLiteral("kbit"));
        QCOMPARE(spinText(rate), QStringLiteral("35732"));
        // Values a person types stay exact.
        rate->setUnit(QStringLiteral("mbit"));
        rate->setValue(1234560.0 / 8);
        QCOMPARE(spinText(rate), QStringLiteral("1.23456"));

        ParameterSlider *delay = show(delaySpec());
        delay->setValue(157345); // µs, mid-ramp
        QCOMPARE(delay->unit(), QStringLiteral("ms"));
        QCOMPARE(spinText(delay), QStringLiteral("157.345"));
    }

    void keyboardStepsAreFinal()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(100000);
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        row->slider()->setFocus();
        QTest::keyClick(row->slider(), Qt::Key_PageUp);
        QCOMPARE(spy.count(), 1);
        QVERIFY(spy.at(0).at(1).toBool());
        // A third of a decade: ×2.15.
        QVERIFY(row->value() > 200000 && row->value() < 230000);
        QTest::keyClick(row->slider(), Qt::Key_Right);
        QCOMPARE(spy.count(), 2);
        QVERIFY(spy.at(1).at(1).toBool());
        QTest::keyClick(row->slider(), Qt::Key_Home);
        QCOMPARE(row->value(), 0.0);
        QCOMPARE(spy.last().at(1).toBool(), true);
    }

    void offTextAtTheLeftEnd()
    {
        ParameterSlider *row = show(delaySpec().withOffText(QStringLiteral("off")));
        row->setValue(5000);
        row->setValue(0);
        QCOMPARE(spinText(row), QStringLiteral("off"));
    }

    void valuesBeyondTheSliderStayExact()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(60e6); // 60 s: beyond the slider's 10 s, within netem's 274 s
        QCOMPARE(row->slider()->value(), row->slider()->maximum());
        QCOMPARE(spinText(row), QStringLiteral("60"));
        QCOMPARE(row->value(), 60e6);
    }

    void wheelWithoutFocusIsIgnored()
    {
        ParameterSlider *row = show(delaySpec());
        row->setValue(100000);
        row->spinBox()->setFocus(); // the window gave the slider focus on show
        QVERIFY(!row->slider()->hasFocus());
        QSignalSpy spy(row, &ParameterSlider::valueChanged);
        const QPoint at = row->slider()->rect().center();
        QWheelEvent wheel(at, row->slider()->mapToGlobal(at), {}, {0, 120}, Qt::NoButton, {},
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(row->slider(), &wheel);
        QCOMPARE(spy.count(), 0);
        row->slider()->setFocus();
        QWheelEvent focused(at, row->slider()->mapToGlobal(at), {}, {0, 120}, Qt::NoButton, {},
                            Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(row->slider(), &focused);
        QCOMPARE(spy.count(), 1);
        QVERIFY(spy.at(0).at(1).toBool());
    }
};

QTEST_MAIN(TestParameterSlider)
#include "tst_parameterslider.moc"
