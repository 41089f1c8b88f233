#include "kinds/allkinds.h"
#include "nodeeditor.h"
#include "parameterchoice.h"
#include "parameterslider.h"
#include "parametertext.h"

#include "tc/tcunits.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>

#include <memory>

using namespace qs;

namespace {
// The u32 part of a filter.
[[maybe_unused]] qs::U32Params &u32(qs::Filter &f)
{
    return f.params.edit<qs::U32Params>();
}
[[maybe_unused]] const qs::U32Params &u32(const qs::Filter &f)
{
    return f.params.get<qs::U32Params>();
}
} // namespace

Q_DECLARE_METATYPE(const qs::QdiscKindOps *)

namespace {

QdiscNode qdisc(QdiscParams params)
{
    QdiscNode node;
    node.handle = TcHandle::make(1, 0);
    node.params = std::move(params);
    return node;
}

/** The 3G preset's netem: something with a value in most rows. */
NetemParams threeG()
{
    NetemParams p;
    p.limit = 300;
    p.delayUs = 60000;
    p.jitterUs = 20000;
    p.delayCorrelation = Probability::fromPercent(25);
    p.distribution = NetemDistribution::Normal;
    p.loss = NetemRandomLoss{Probability::fromPercent(0.5), Probability()};
    p.rate.bytesPerSecond = 250000; // 2 mbit
    return p;
}

TbfParams tbf10mbit()
{
    TbfParams p;
    p.rateBytesPerSecond = 1250000;
    p.burstBytes = 32 * 1024;
    p.latencyUs = 50000;
    return p;
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
    return slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle,
                                           slider);
}

} // namespace

class TestNodeEditor : public QObject
{
    Q_OBJECT

    std::unique_ptr<NodeEditor> m_editor;

    NodeEditor *editor() { return m_editor.get(); }

    template <typename T = QWidget> T *part(const QString &name)
    {
        return m_editor->findChild<T *>(name);
    }

    /** Types @p text into the spin box of @p key and presses Enter, as a person would. */
    void typeInto(const QString &key, const QString &text)
    {
        auto *spin = part<QDoubleSpinBox>(QStringLiteral("param.%1.spin").arg(key));
        QVERIFY2(spin, qPrintable(key));
        QLineEdit *edit = spin->findChild<QLineEdit *>();
        QTest::mouseClick(edit, Qt::LeftButton);
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

    QString messageOf(const QString &key)
    {
        auto *label = part<QLabel>(QStringLiteral("param.%1.message").arg(key));
        return label && label->isVisible() ? label->text() : QString();
    }

    static void saveScreenshot(QWidget *widget, const QString &name)
    {
        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        const QString path = QStringLiteral(QS_SCREENSHOT_DIR "/") + name;
        QVERIFY2(widget->grab().save(path), qPrintable(path));
        // The same at 2× device pixels, as on a HiDPI screen.
        QPixmap hidpi(widget->size() * 2);
        hidpi.setDevicePixelRatio(2);
        hidpi.fill(widget->palette().color(QPalette::Window));
        QPainter painter(&hidpi);
        widget->render(&painter);
        painter.end();
        QString hidpiPath = path;
        hidpiPath.replace(QStringLiteral(".png"), QStringLiteral("@2x.png"));
        QVERIFY2(hidpi.save(hidpiPath), qPrintable(hidpiPath));
    }

private Q_SLOTS:
    void init()
    {
        // Every warning fails, except the offscreen platform's note about size hints.
        QTest::failOnWarning(QRegularExpression(
            QStringLiteral("^(?!This plugin does not support propagateSizeHints)")));
        m_editor = std::make_unique<NodeEditor>();
        m_editor->resize(480, 860);
        m_editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
    }
    void cleanup() { m_editor.reset(); }

    void startsWithAHint()
    {
        auto *hint = part<QLabel>(QStringLiteral("editor.hint"));
        QVERIFY(hint && hint->isVisible());
        QCOMPARE(hint->text(), QStringLiteral("Select a qdisc, class or filter"));
        QCOMPARE(editor()->subject(), NodeEditor::Subject::None);
        editor()->setQdisc(qdisc(threeG()));
        QVERIFY(!hint->isVisible());
        editor()->clear();
        QVERIFY(hint->isVisible());
        QVERIFY(!part(QStringLiteral("param.delay")));
    }

    void netemShowsItsRows()
    {
        editor()->setQdisc(qdisc(threeG()));
        for (const char *key :
             {"delay", "jitter", "delayCorrelation", "loss", "loss.correlation", "duplicate",
              "duplicate.correlation", "corrupt", "corrupt.correlation", "reorder",
              "reorder.correlation", "gap", "rate", "limit"}) {
            const QString name = QStringLiteral("param.") + QLatin1String(key);
            auto *row = part<ParameterSlider>(name);
            QVERIFY2(row && row->isVisible(), qPrintable(name));
            QVERIFY2(part<QSlider>(name + QStringLiteral(".slider")), qPrintable(name));
            QVERIFY2(part<QDoubleSpinBox>(name + QStringLiteral(".spin")), qPrintable(name));
            QVERIFY2(part<QComboBox>(name + QStringLiteral(".unit")), qPrintable(name));
            QVERIFY2(!row->toolTip().isEmpty(), qPrintable(name));
        }
        QVERIFY(part<ParameterChoice>(QStringLiteral("param.distribution")));
        QVERIFY(part<ParameterChoice>(QStringLiteral("param.ecn")));
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.delay"))->value(), 60000.0);
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.loss"))->value(), 0.5);
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.rate"))->unit(),
                 QStringLiteral("mbit"));
        QCOMPARE(part<QComboBox>(QStringLiteral("param.distribution.combo"))->currentText(),
                 QStringLiteral("normal"));
        QCOMPARE(part<QLabel>(QStringLiteral("editor.title"))->text(), QStringLiteral("netem 1:"));
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(),
                 QStringLiteral("netem 60 ms ± 20 ms (normal), 0.5 % loss, 2 Mbit/s"));
        QVERIFY(editor()->isValid());
    }

    void editingDelayChangesOnlyTheDelay()
    {
        const NetemParams before = threeG();
        editor()->setQdisc(qdisc(before));
        QSignalSpy spy(editor(), &NodeEditor::qdiscParamsEdited);
        typeInto(QStringLiteral("delay"), QStringLiteral("150"));
        QCOMPARE(spy.count(), 1);
        const auto params = spy.at(0).at(0).value<QdiscParams>();
        QVERIFY(spy.at(0).at(1).toBool());
        NetemParams expected = before;
        expected.delayUs = 150000;
        QCOMPARE(params.get<NetemParams>(), expected);
        QCOMPARE(editor()->qdisc().params.get<NetemParams>(), expected);
        // The header follows at once.
        QVERIFY(part<QLabel>(QStringLiteral("editor.summary"))
                    ->text()
                    .startsWith(QStringLiteral("netem 150 ms")));
    }

    void draggingLossStreamsThenFinishes()
    {
        editor()->setQdisc(qdisc(threeG()));
        QList<std::pair<NetemParams, bool>> edits;
        // The window's echo: the edited value comes straight back, as the tree model would send it.
        connect(editor(), &NodeEditor::qdiscParamsEdited, this,
                [&](const QdiscParams &params, bool final) {
                    edits.append({params.get<NetemParams>(), final});
                    QdiscNode node = editor()->qdisc();
                    node.params = params;
                    editor()->setQdisc(node);
                });
        auto *slider = part<QSlider>(QStringLiteral("param.loss.slider"));
        const int startPosition = slider->value();
        const QPoint start = handleRect(slider).center();
        QTest::mousePress(slider, Qt::LeftButton, {}, start);
        for (int dx = 6; dx <= 48; dx += 6)
            QTest::mouseMove(slider, start + QPoint(dx, 0));
        QTest::mouseRelease(slider, Qt::LeftButton, {}, start + QPoint(48, 0));
        QVERIFY(edits.size() >= 3);
        for (qsizetype i = 0; i + 1 < edits.size(); ++i)
            QVERIFY(!edits[i].second);
        QVERIFY(edits.last().second);
        QCOMPARE(edits.last().first, edits[edits.size() - 2].first);
        const auto &loss = std::get<NetemRandomLoss>(edits.last().first.loss);
        QVERIFY(loss.probability.percent() > 0.5);
        // The echo never pulled the handle back while it was held.
        QVERIFY(slider->value() > startPosition);
        NetemParams expected = threeG();
        expected.loss = loss;
        QCOMPARE(edits.last().first, expected);
    }

    void warningsAndErrorsShowInline()
    {
        editor()->setQdisc(qdisc(tbf10mbit()));
        QVERIFY(messageOf(QStringLiteral("burst")).isEmpty());
        QSignalSpy validity(editor(), &NodeEditor::validityChanged);
        auto *burst = part<ParameterSlider>(QStringLiteral("param.burst"));
        burst->setUnit(QStringLiteral("b"));
        typeInto(QStringLiteral("burst"), QStringLiteral("1000"));
        QVERIFY2(
            messageOf(QStringLiteral("burst")).contains(QStringLiteral("below a full-size frame")),
            qPrintable(messageOf(QStringLiteral("burst"))));
        QVERIFY(editor()->isValid()); // a warning: the kernel takes it
        QCOMPARE(validity.count(), 0);

        // latency 0 is an error: the window must not send it.
        QSignalSpy edited(editor(), &NodeEditor::qdiscParamsEdited);
        typeInto(QStringLiteral("latency"), QStringLiteral("0"));
        QCOMPARE(edited.count(), 1); // emitted all the same, so the tree can show it
        QVERIFY(!editor()->isValid());
        QCOMPARE(validity.count(), 1);
        QCOMPARE(validity.at(0).at(0).toBool(), false);
        QVERIFY(messageOf(QStringLiteral("latency"))
                    .contains(QStringLiteral("latency must be above 0")));
        auto *message = part<QLabel>(QStringLiteral("param.latency.message"));
        QCOMPARE(message->palette().color(QPalette::WindowText),
                 ParameterRow::severityColor(ValidationIssue::Severity::Error, message->palette()));

        typeInto(QStringLiteral("latency"), QStringLiteral("20"));
        QVERIFY(editor()->isValid());
        QVERIFY(messageOf(QStringLiteral("latency")).isEmpty());
        QCOMPARE(validity.count(), 2);
    }

    void netemReorderNeedsADelay()
    {
        NetemParams p;
        editor()->setQdisc(qdisc(p));
        typeInto(QStringLiteral("reorder"), QStringLiteral("25"));
        const auto &edited = editor()->qdisc().params.get<NetemParams>();
        QCOMPARE(edited.reorder.probability, Probability::fromPercent(25));
        QCOMPARE(edited.gap, 1u); // as tc: reorder brings gap 1
        QVERIFY(messageOf(QStringLiteral("reorder")).contains(QStringLiteral("needs a delay")));
        QVERIFY(!editor()->isValid());
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.gap"))->value(), 1.0);
        typeInto(QStringLiteral("delay"), QStringLiteral("10"));
        QVERIFY(messageOf(QStringLiteral("reorder")).isEmpty());
        QVERIFY(editor()->isValid());
        typeInto(QStringLiteral("reorder"), QStringLiteral("0"));
        QCOMPARE(editor()->qdisc().params.get<NetemParams>().gap, 0u);
        QVERIFY(editor()->isValid());
    }

    void jitterWithoutDelayWarnsUnderJitter()
    {
        NetemParams p;
        editor()->setQdisc(qdisc(p));
        typeInto(QStringLiteral("jitter"), QStringLiteral("5"));
        QVERIFY(
            messageOf(QStringLiteral("jitter")).contains(QStringLiteral("larger than the delay")));
        QVERIFY(editor()->isValid());
    }

    void issuesWithoutARowGoToTheBottom()
    {
        NetemParams p = threeG();
        p.slot.enabled = true;
        p.slot.minDelayNs = 5000000;
        p.slot.maxDelayNs = 1000000; // below the minimum: an error with no row of its own
        editor()->setQdisc(qdisc(p));
        auto *messages = part<QLabel>(QStringLiteral("editor.messages"));
        QVERIFY(messages->isVisible());
        QVERIFY(messages->text().contains(QStringLiteral("slot.max")));
        QVERIFY(!editor()->isValid());
        QVERIFY(part<QLabel>(QStringLiteral("note.slot"))->isVisible());
    }

    void switchingKindsRebuildsRows()
    {
        editor()->setQdisc(qdisc(threeG()));
        auto *delayRow = part(QStringLiteral("param.delay"));
        QVERIFY(delayRow);
        // The same kind again (an echo, another netem): the rows stay, only values change.
        NetemParams other = threeG();
        other.delayUs = 300000;
        editor()->setQdisc(qdisc(other));
        QCOMPARE(part(QStringLiteral("param.delay")), delayRow);
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.delay"))->value(), 300000.0);

        editor()->setQdisc(qdisc(tbf10mbit()));
        QVERIFY(!part(QStringLiteral("param.delay")));
        QVERIFY(part(QStringLiteral("param.burst")));
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.rate"))->value(), 1250000.0);
        QCOMPARE(part<ParameterSlider>(QStringLiteral("param.rate"))->unit(),
                 QStringLiteral("mbit"));
        QVERIFY(part(QStringLiteral("param.latency"))->isVisible());
        QVERIFY(!part(QStringLiteral("param.limit"))->isVisible());
        QVERIFY(!part(QStringLiteral("param.mtu"))->isVisible());
    }

    void everyKindCanBeShown_data()
    {
        QTest::addColumn<const QdiscKindOps *>("kind");
        QTest::addColumn<QStringList>("keys");
        const auto keys = [](std::initializer_list<const char *> list) {
            QStringList result;
            for (const char *key : list)
                result.append(QLatin1String(key));
            return result;
        };
        QTest::newRow("netem") << &qdiscKindOf<NetemParams>() << keys({"delay", "loss", "rate", "limit"});
        QTest::newRow("tbf") << &qdiscKindOf<TbfParams>()
                             << keys({"rate", "burst", "limitMode", "latency", "peakrate"});
        QTest::newRow("htb") << &qdiscKindOf<HtbQdiscParams>() << keys({"default", "r2q"});
        QTest::newRow("sfq") << &qdiscKindOf<SfqParams>() << keys({"perturb", "quantum", "limit"});
        QTest::newRow("fq_codel") << &qdiscKindOf<FqCodelParams>()
                                  << keys({"limit", "flows", "target", "interval", "quantum",
                                           "ecn"});
        QTest::newRow("cake") << &qdiscKindOf<CakeParams>()
                              << keys({"bandwidth", "autorate-ingress", "rtt", "diffserv", "flowmode", "nat", "wash",
                                       "ingress", "ack-filter", "split-gso", "memlimit", "fwmark", "atm", "overhead",
                                       "raw", "mpu"});
        QTest::newRow("pfifo") << &qdiscKindOf<PfifoParams>() << keys({"limit"});
        QTest::newRow("bfifo") << &qdiscKindOf<BfifoParams>() << keys({"limit"});
        QTest::newRow("prio") << &qdiscKindOf<PrioParams>() << keys({"bands", "priomap"});
        QTest::newRow("red") << &qdiscKindOf<RedParams>()
                             << keys({"limit", "avpkt", "min", "max", "probability", "burst", "bandwidth", "ecn", "harddrop", "adaptive", "nodrop"});
        QTest::newRow("choke") << &qdiscKindOf<ChokeParams>() << keys({"limit", "avpkt", "min", "max", "probability", "burst", "bandwidth", "ecn"});
        QTest::newRow("plug") << &qdiscKindOf<PlugParams>() << keys({"action", "limit"});
        QTest::newRow("sfb") << &qdiscKindOf<SfbParams>()
                             << keys({"limit", "max", "target", "increment", "decrement", "penalty_rate", "penalty_burst", "rehash", "db"});
        QTest::newRow("hhf") << &qdiscKindOf<HhfParams>()
                             << keys({"limit", "quantum", "admit_bytes", "hh_limit", "reset_timeout", "evict_timeout", "non_hh_weight"});
        QTest::newRow("fq_pie") << &qdiscKindOf<FqPieParams>()
                                << keys({"limit", "flows", "quantum", "memory_limit", "target", "tupdate", "alpha", "beta", "ecn_prob", "ecn",
                                         "bytemode", "dq_rate_estimator"});
        QTest::newRow("mqprio") << &qdiscKindOf<MqprioParams>() << keys({"num_tc", "map", "queues", "hw", "mode", "shaper"});
        QTest::newRow("hfsc") << &qdiscKindOf<HfscQdiscParams>() << keys({"default"});
        QTest::newRow("drr") << &qdiscKindOf<DrrQdiscParams>() << QStringList();
        QTest::newRow("qfq") << &qdiscKindOf<QfqQdiscParams>() << QStringList();
        QTest::newRow("ingress") << &qdiscKindOf<IngressParams>() << QStringList();
        QTest::newRow("clsact") << &qdiscKindOf<ClsactParams>() << QStringList();
        QTest::newRow("foreign") << &qdiscKindOf<ForeignParams>() << QStringList();
    }
    void everyKindCanBeShown()
    {
        QFETCH(const QdiscKindOps *, kind);
        QFETCH(QStringList, keys);
        QdiscNode node = qdisc(QdiscParams(*kind, kind->makeDefault()));
        if (kind == &qdiscKindOf<ForeignParams>())
            node.params = ForeignParams{QStringLiteral("cake"), QByteArray()};
        if (kind->placement == QdiscPlacement::IngressHook) {
            node.handle = TcHandle::ingressHandle();
            node.parent = TcHandle::ingressParent();
        }
        editor()->setQdisc(node);
        for (const QString &key : keys)
            QVERIFY2(part(QStringLiteral("param.") + key) &&
                         part(QStringLiteral("param.") + key)->isVisible(),
                     qPrintable(key));
        if (keys.isEmpty()) {
            auto *note = part<QLabel>(QStringLiteral("note"));
            QVERIFY(note && note->isVisible());
            if (kind == &qdiscKindOf<ForeignParams>())
                QVERIFY(note->text().contains(QStringLiteral("kept as the kernel reported it")));
        }
        QVERIFY(!part<QLabel>(QStringLiteral("editor.title"))->text().isEmpty());
        QVERIFY(!part<QLabel>(QStringLiteral("editor.summary"))->text().isEmpty());
        // Set twice: the second only refreshes.
        editor()->setQdisc(node);
        QApplication::processEvents();
    }

    void tbfLimitModeCarriesTheQueueOver()
    {
        editor()->setQdisc(qdisc(tbf10mbit()));
        auto *combo = part<QComboBox>(QStringLiteral("param.limitMode.combo"));
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_Down); // latency → bytes
        const auto &p = editor()->qdisc().params.get<TbfParams>();
        QCOMPARE(p.limitMode, TbfParams::LimitMode::Bytes);
        QCOMPARE(p.limitBytes, tbf10mbit().effectiveLimitBytes()); // rate × 50 ms + burst
        QVERIFY(part(QStringLiteral("param.limit"))->isVisible());
        QVERIFY(!part(QStringLiteral("param.latency"))->isVisible());
    }

    void tbfPeakRateBringsItsBucket()
    {
        editor()->setQdisc(qdisc(tbf10mbit()));
        part<ParameterSlider>(QStringLiteral("param.peakrate"))->setUnit(QStringLiteral("mbit"));
        typeInto(QStringLiteral("peakrate"), QStringLiteral("20"));
        auto p = editor()->qdisc().params.get<TbfParams>();
        QCOMPARE(p.peakRateBytesPerSecond, quint64(2500000));
        QCOMPARE(p.mtu, TbfParams::EthernetFrameBytes);
        QVERIFY(part(QStringLiteral("param.mtu"))->isVisible());
        QVERIFY(editor()->isValid());
        typeInto(QStringLiteral("peakrate"), QStringLiteral("0"));
        p = editor()->qdisc().params.get<TbfParams>();
        QCOMPARE(p.mtu, 0u);
        QVERIFY(!part(QStringLiteral("param.mtu"))->isVisible());
    }

    void prioBandsErrorsLandOnThePriomap()
    {
        editor()->setQdisc(qdisc(PrioParams{}));
        auto *bands = part<QSlider>(QStringLiteral("param.bands.slider"));
        bands->setFocus();
        QTest::keyClick(bands, Qt::Key_Home); // 2 bands: the default map uses band 2
        QCOMPARE(editor()->qdisc().params.get<PrioParams>().bands, 2);
        QVERIFY(
            messageOf(QStringLiteral("priomap")).contains(QStringLiteral("band 2 does not exist")));
        QVERIFY(!editor()->isValid());
        QVERIFY(part<QLineEdit>(QStringLiteral("param.priomap.edit"))->isReadOnly());
    }

    void flatClassEdits()
    {
        ClassNode node;
        node.params = QfqClassParams{};
        node.classId = TcHandle::make(1, 2);
        node.parent = TcHandle::make(1, 0);
        editor()->setClass(node);
        QCOMPARE(part<QLabel>(QStringLiteral("editor.title"))->text(), QStringLiteral("qfq class 1:2"));
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(), QStringLiteral("qfq class, weight 1"));
        QSignalSpy spy(editor(), &NodeEditor::classParamsEdited);
        typeInto(QStringLiteral("weight"), QStringLiteral("200"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<ClassParams>().get<QfqClassParams>().weight, std::optional<quint32>(200));
        QVERIFY(part(QStringLiteral("param.maxpkt")) && part(QStringLiteral("param.maxpkt"))->isVisible());

        node.params = DrrClassParams{};
        editor()->setClass(node);
        QCOMPARE(part<QLabel>(QStringLiteral("editor.title"))->text(), QStringLiteral("drr class 1:2"));
        QVERIFY(part(QStringLiteral("param.quantum")) && part(QStringLiteral("param.quantum"))->isVisible());
        part<ParameterSlider>(QStringLiteral("param.quantum"))->setUnit(QStringLiteral("b"));
        typeInto(QStringLiteral("quantum"), QStringLiteral("3000"));
        QCOMPARE(editor()->classNode().params.get<DrrClassParams>().quantum, std::optional<quint32>(3000));
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(), QStringLiteral("drr class, quantum 3000b"));
    }

    void hfscClassEdits()
    {
        ClassNode node;
        HfscClassParams p;
        p.ls = HfscCurve{0, 0, 1250000};
        node.params = p;
        node.classId = TcHandle::make(1, 0x10);
        node.parent = TcHandle::make(1, 1);
        editor()->setClass(node);
        QCOMPARE(part<QLabel>(QStringLiteral("editor.title"))->text(), QStringLiteral("hfsc class 1:10"));
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(), QStringLiteral("hfsc class, 10mbit link-share"));
        // A real-time curve appears once it has a rate; its first segment is greyed until then.
        QVERIFY(!part(QStringLiteral("param.rt.m1"))->isEnabled());
        part<ParameterSlider>(QStringLiteral("param.rt"))->setUnit(QStringLiteral("mbit"));
        typeInto(QStringLiteral("rt"), QStringLiteral("2"));
        const auto &edited = editor()->classNode().params.get<HfscClassParams>();
        QVERIFY(edited.rt);
        QCOMPARE(edited.rt->m2, quint32(250000));
        QVERIFY(part(QStringLiteral("param.rt.m1"))->isEnabled());
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(), QStringLiteral("hfsc class, 10mbit real-time and link-share"));
        // The link-share rate at "none" takes the curve away; an upper limit without it is an error shown inline.
        part<ParameterSlider>(QStringLiteral("param.ul"))->setUnit(QStringLiteral("mbit"));
        typeInto(QStringLiteral("ul"), QStringLiteral("20"));
        QVERIFY(editor()->classNode().params.get<HfscClassParams>().ul);
        QVERIFY(editor()->isValid());
        part<ParameterSlider>(QStringLiteral("param.ls"))->setUnit(QStringLiteral("mbit"));
        typeInto(QStringLiteral("ls"), QStringLiteral("0"));
        QVERIFY(!editor()->classNode().params.get<HfscClassParams>().ls);
        QVERIFY(!editor()->isValid());
        QVERIFY2(messageOf(QStringLiteral("ul")).contains(QStringLiteral("link-share")), qPrintable(messageOf(QStringLiteral("ul"))));
    }

    void htbClassEdits()
    {
        ClassNode node;
        node.params = HtbClassParams{};
        node.classId = TcHandle::make(1, 0x10);
        node.parent = TcHandle::make(1, 1);
        node.params.edit<HtbClassParams>().rateBytesPerSecond = 1250000;
        editor()->setClass(node);
        QCOMPARE(part<QLabel>(QStringLiteral("editor.title"))->text(),
                 QStringLiteral("htb class 1:10"));
        QCOMPARE(part<QDoubleSpinBox>(QStringLiteral("param.burst.spin"))->text(),
                 QStringLiteral("auto"));
        QSignalSpy spy(editor(), &NodeEditor::classParamsEdited);
        typeInto(QStringLiteral("ceil"), QStringLiteral("20"));
        QCOMPARE(spy.count(), 1);
        HtbClassParams expected = node.params.get<HtbClassParams>();
        expected.ceilBytesPerSecond = 2500000;
        QCOMPARE(spy.at(0).at(0).value<ClassParams>().get<HtbClassParams>(), expected);
        QCOMPARE(part<QLabel>(QStringLiteral("editor.summary"))->text(),
                 QStringLiteral("htb class 10 Mbit/s (ceil 20 Mbit/s)"));
        part<ParameterSlider>(QStringLiteral("param.burst"))->setUnit(QStringLiteral("b"));
        typeInto(QStringLiteral("burst"), QStringLiteral("1000"));
        QCOMPARE(editor()->classNode().params.get<HtbClassParams>().burstBytes, std::optional<quint32>(1000));
        QVERIFY(messageOf(QStringLiteral("burst")).contains(QStringLiteral("below the mtu")));
    }

    void filterEdits()
    {
        Filter filter;
        filter.params = U32Params{};
        filter.parent = TcHandle::make(1, 0);
        filter.protocol = EtherType::Ip;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 0x10);
        u32(filter).matches.append(U32Match::ipAddress(U32Match::Field::IpDst, 0xC6120000, 15));
        editor()->setFilter(filter);
        auto *lines = part<QPlainTextEdit>(QStringLiteral("param.matches.edit"));
        QCOMPARE(lines->toPlainText(), QStringLiteral("ip dst 198.18.0.0/15"));
        QCOMPARE(part<QLineEdit>(QStringLiteral("param.flowid.edit"))->text(),
                 QStringLiteral("1:10"));

        QSignalSpy spy(editor(), &NodeEditor::filterEdited);
        lines->setFocus();
        lines->moveCursor(QTextCursor::End);
        QTest::keyClick(lines, Qt::Key_Return);
        QTest::keyClicks(lines, QStringLiteral("ip dport 5201 0xffff"));
        QVERIFY(spy.count() > 0);
        QVERIFY(!spy.last().at(1).toBool()); // typing is not final
        auto edited = spy.last().at(0).value<Filter>();
        QCOMPARE(u32(edited).matches.size(), 2);
        QCOMPARE(u32(edited).matches.at(1).toTcWords(), QStringLiteral("ip dport 5201 0xffff"));
        QVERIFY(editor()->isValid());
        // Mid-word the line does not parse: an error under the lines, the last good matches kept.
        QTest::keyClicks(lines, QStringLiteral(" bogus"));
        QVERIFY(messageOf(QStringLiteral("matches")).startsWith(QStringLiteral("line 2:")));
        QVERIFY(!editor()->isValid());
        QCOMPARE(u32(editor()->filter()).matches.size(), 2);
        QCOMPARE(lines->toPlainText(),
                 QStringLiteral("ip dst 198.18.0.0/15\nip dport 5201 0xffff bogus"));
        for (int i = 0; i < 6; ++i)
            QTest::keyClick(lines, Qt::Key_Backspace);
        QVERIFY(editor()->isValid());
        // Leaving the text is the end of the edit.
        part(QStringLiteral("param.flowid.edit"))->setFocus();
        QVERIFY(spy.last().at(1).toBool());

        auto *flowId = part<QLineEdit>(QStringLiteral("param.flowid.edit"));
        flowId->selectAll();
        QTest::keyClicks(flowId, QStringLiteral("1:zz"));
        QVERIFY(!editor()->isValid());
        QVERIFY(messageOf(QStringLiteral("flowid")).contains(QStringLiteral("not a class id")));
        flowId->selectAll();
        QTest::keyClick(flowId,
                        Qt::Key_Backspace); // no flowid and no action: the model's own error
        QVERIFY(messageOf(QStringLiteral("flowid")).contains(QStringLiteral("needs a flowid")));
        QTest::keyClicks(flowId, QStringLiteral("1:20"));
        QTest::keyClick(flowId, Qt::Key_Return);
        QVERIFY(spy.last().at(1).toBool());
        QCOMPARE(spy.last().at(0).value<Filter>().classId, TcHandle::make(1, 0x20));
        QVERIFY(editor()->isValid());
    }

    void matchallFilterChoosesWhereItRuns()
    {
        Filter filter;
        filter.params = MatchallParams{};
        filter.parent = TcHandle::ingressHandle();
        filter.protocol = EtherType::All;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 1);
        editor()->setFilter(filter);
        QVERIFY(!part(QStringLiteral("param.matches")));
        auto *runsIn = part<QComboBox>(QStringLiteral("param.skip_hw.combo"));
        QVERIFY(runsIn && runsIn->isVisible());
        QCOMPARE(runsIn->currentIndex(), 0);
        QSignalSpy spy(editor(), &NodeEditor::filterEdited);
        runsIn->setFocus();
        QTest::keyClick(runsIn, Qt::Key_Down); // software and hardware → software only
        QVERIFY(spy.count() > 0);
        const auto edited = spy.last().at(0).value<Filter>();
        QVERIFY(edited.params.get<MatchallParams>().offload.skipHw);
        QVERIFY(!edited.params.get<MatchallParams>().offload.skipSw);
        QVERIFY(editor()->isValid());
        QVERIFY(part<QLabel>(QStringLiteral("editor.summary"))->text().contains(QStringLiteral("skip_hw")));
    }

    void flowerFilterTakesKeysInTcsWords()
    {
        Filter filter;
        filter.params = FlowerParams{};
        filter.parent = TcHandle::ingressHandle();
        filter.protocol = EtherType::Ipv6;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 1);
        editor()->setFilter(filter);
        QVERIFY(editor()->isValid());
        // Ports need ip_proto first: greyed until it is there.
        auto *port = part<QLineEdit>(QStringLiteral("param.dst_port.edit"));
        auto *proto = part<QLineEdit>(QStringLiteral("param.ip_proto.edit"));
        auto *dstIp = part<QLineEdit>(QStringLiteral("param.dst_ip.edit"));
        QVERIFY(port && proto && dstIp);
        QVERIFY(!port->isEnabled());
        QVERIFY(!part<QLineEdit>(QStringLiteral("param.vlan_id.edit"))->isEnabled()); // not a VLAN protocol
        proto->setFocus();
        QTest::keyClicks(proto, QStringLiteral("icmp")); // icmp is IPv4's
        QVERIFY(messageOf(QStringLiteral("ip_proto")).contains(QStringLiteral("icmpv6 (ipv6)")));
        QTest::keyClicks(proto, QStringLiteral("v6"));
        QVERIFY(messageOf(QStringLiteral("ip_proto")).isEmpty());
        QTest::keyClick(proto, Qt::Key_Return);
        QVERIFY(!port->isEnabled()); // icmpv6 has no ports
        QVERIFY(part<QLineEdit>(QStringLiteral("param.type.edit"))->isEnabled());
        proto->selectAll();
        QTest::keyClicks(proto, QStringLiteral("udp"));
        QTest::keyClick(proto, Qt::Key_Return);
        QVERIFY(port->isEnabled());
        port->setFocus();
        QTest::keyClicks(port, QStringLiteral("2000-1000"));
        QVERIFY(messageOf(QStringLiteral("dst_port")).contains(QStringLiteral("above the first")));
        port->selectAll();
        QTest::keyClicks(port, QStringLiteral("1000-2000"));
        QTest::keyClick(port, Qt::Key_Return);
        dstIp->setFocus();
        QTest::keyClicks(dstIp, QStringLiteral("10.0.0.1")); // an IPv4 address in an ipv6 filter
        QVERIFY(messageOf(QStringLiteral("dst_ip")).contains(QStringLiteral("IPv6")));
        dstIp->selectAll();
        QTest::keyClicks(dstIp, QStringLiteral("2001:db8::/32"));
        QTest::keyClick(dstIp, Qt::Key_Return);
        QVERIFY(editor()->isValid());
        const FlowerParams &p = editor()->filter().params.get<FlowerParams>();
        QCOMPARE(p.keyWords(FlowerKey::IpProto, EtherType::Ipv6), QStringLiteral("udp"));
        QCOMPARE(p.keyWords(FlowerKey::DstPort, EtherType::Ipv6), QStringLiteral("1000-2000"));
        QCOMPARE(p.keyWords(FlowerKey::DstIp, EtherType::Ipv6), QStringLiteral("2001:db8::/32"));
        QVERIFY2(part<QLabel>(QStringLiteral("editor.summary"))->text().contains(QStringLiteral("dst_ip 2001:db8::/32")),
                 qPrintable(part<QLabel>(QStringLiteral("editor.summary"))->text()));
    }

    void basicFilterTakesAnEmatchExpression()
    {
        Filter filter;
        filter.params = BasicParams{};
        filter.parent = TcHandle::make(1, 0);
        filter.protocol = EtherType::Ip;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 1);
        editor()->setFilter(filter);
        QVERIFY(editor()->isValid());
        QVERIFY(part<QLabel>(QStringLiteral("editor.summary"))->text().contains(QStringLiteral("all traffic")));
        auto *match = part<QPlainTextEdit>(QStringLiteral("param.match.edit"));
        QVERIFY(match);
        match->setFocus();
        QTest::keyClicks(match, QStringLiteral("cmp(u8 at 9 layer network eq 6"));
        QVERIFY2(messageOf(QStringLiteral("match")).contains(QStringLiteral("\")\" is missing")), qPrintable(messageOf(QStringLiteral("match"))));
        QVERIFY(!editor()->isValid());
        QTest::keyClicks(match, QStringLiteral(")"));
        QTest::keyClick(match, Qt::Key_Return); // an expression may go over several lines
        QTest::keyClicks(match, QStringLiteral("and not meta(nf_mark mask 0xff eq 5)"));
        QVERIFY2(messageOf(QStringLiteral("match")).isEmpty(), qPrintable(messageOf(QStringLiteral("match"))));
        QVERIFY(editor()->isValid());
        const EmatchList &list = editor()->filter().params.get<BasicParams>().match;
        QCOMPARE(Ematch::print(list), QStringLiteral("cmp(u8 at 9 eq 6) and not meta(nf_mark mask 0xff eq 5)"));
        QVERIFY2(part<QLabel>(QStringLiteral("editor.summary"))->text().contains(QStringLiteral("not meta(nf_mark")),
                 qPrintable(part<QLabel>(QStringLiteral("editor.summary"))->text()));
        saveScreenshot(editor(), QStringLiteral("editor-basic.png"));
        // The kernel's rule tc does not check: a device name is compared on the left only.
        match->selectAll();
        QTest::keyClicks(match, QStringLiteral("meta(dev eq \"eth0\")"));
        QVERIFY(!editor()->isValid());
        QVERIFY2(messageOf(QStringLiteral("match")).contains(QStringLiteral("meta(\"eth0\" eq dev)")),
                 qPrintable(messageOf(QStringLiteral("match")))); // under its row
    }

    void fwFilterTakesItsMarkAndMask()
    {
        Filter filter;
        filter.params = FwParams{};
        filter.parent = TcHandle::make(1, 0);
        filter.protocol = EtherType::Ip;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 0x10);
        editor()->setFilter(filter);
        QVERIFY(!part(QStringLiteral("param.matches")));
        QVERIFY(!editor()->isValid()); // no mark yet
        QVERIFY2(messageOf(QStringLiteral("handle")).contains(QStringLiteral("needs a handle")), qPrintable(messageOf(QStringLiteral("handle"))));
        auto *mark = part<QLineEdit>(QStringLiteral("param.handle.edit"));
        mark->setFocus(); // as a click would: the row is not refreshed under the typing
        QTest::keyClicks(mark, QStringLiteral("0x6"));
        QTest::keyClick(mark, Qt::Key_Return);
        auto *mask = part<QLineEdit>(QStringLiteral("param.mask.edit"));
        QCOMPARE(mask->text(), QStringLiteral("0xffffffff"));
        mask->setFocus();
        mask->selectAll();
        QTest::keyClicks(mask, QStringLiteral("0xff00"));
        QTest::keyClick(mask, Qt::Key_Return);
        QVERIFY2(editor()->isValid(), qPrintable(messageOf(QStringLiteral("handle")) + u'|' + messageOf(QStringLiteral("mask"))));
        const Filter &edited = editor()->filter();
        QCOMPARE(edited.handle, std::optional<quint32>(6));
        QCOMPARE(edited.params.get<FwParams>().mask, quint32(0xFF00));
        QVERIFY2(part<QLabel>(QStringLiteral("editor.summary"))->text().contains(QStringLiteral("mark 0x6/0xff00")),
                 qPrintable(part<QLabel>(QStringLiteral("editor.summary"))->text()));
        mask->selectAll();
        QTest::keyClicks(mask, QStringLiteral("0xzz"));
        QVERIFY(messageOf(QStringLiteral("mask")).contains(QStringLiteral("not a 32-bit number")));
    }

    void filterActionsTakePoliceAndGact()
    {
        Filter filter;
        filter.params = U32Params{};
        filter.parent = TcHandle(0xFFFF0000u);
        filter.protocol = EtherType::Ip;
        filter.prio = 50;
        filter.classId = TcHandle::make(0, 1);
        editor()->setFilter(filter);
        auto *lines = part<QPlainTextEdit>(QStringLiteral("param.action.edit"));
        QCOMPARE(lines->toPlainText(), QString());
        QSignalSpy spy(editor(), &NodeEditor::filterEdited);
        lines->setFocus();
        QTest::keyClicks(lines, QStringLiteral("police rate 1000kbit burst 10k drop"));
        QTest::keyClick(lines, Qt::Key_Return);
        QTest::keyClicks(lines, QStringLiteral("gact pass random determ drop 10"));
        QVERIFY(spy.count() > 0);
        auto edited = spy.last().at(0).value<Filter>();
        QCOMPARE(edited.actions.size(), 2);
        QVERIFY(edited.actions[0].holds<PoliceParams>());
        QCOMPARE(edited.actions[0].get<PoliceParams>().rateBytesPerSecond, quint64(125000));
        QVERIFY(edited.actions[1].holds<GactParams>());
        QVERIFY(editor()->isValid());
        // A police without its burst: the line's error, the actions before kept.
        QTest::keyClick(lines, Qt::Key_Return);
        QTest::keyClicks(lines, QStringLiteral("police rate 2mbit drop"));
        QVERIFY2(messageOf(QStringLiteral("action")).contains(QStringLiteral("line 3:")) &&
                     messageOf(QStringLiteral("action")).contains(QStringLiteral("needs a burst")),
                 qPrintable(messageOf(QStringLiteral("action"))));
        QVERIFY(!editor()->isValid());
        QCOMPARE(editor()->filter().actions.size(), 2);
        // The lines read back as tc writes them.
        part(QStringLiteral("param.flowid.edit"))->setFocus();
        editor()->setQdisc(qdisc(threeG()));
        editor()->setFilter(edited);
        QCOMPARE(part<QPlainTextEdit>(QStringLiteral("param.action.edit"))->toPlainText(),
                 QStringLiteral("police rate 1mbit burst 10kb drop\ngact pass random determ drop 10"));
    }

    void narrowPanelKeepsItsRowsWhole()
    {
        editor()->setQdisc(qdisc(threeG()));
        editor()->resize(200, 600);
        QApplication::processEvents();
        // The layout holds the panel at the width its rows need instead of clipping them.
        QVERIFY(editor()->minimumSizeHint().width() > 200);
        editor()->resize(editor()->minimumSizeHint().width(), 600);
        QApplication::processEvents();
        auto *unit = part<QComboBox>(QStringLiteral("param.delay.unit"));
        const QPoint right = unit->mapTo(editor(), QPoint(unit->width(), 0));
        QVERIFY2(right.x() <= editor()->width(), qPrintable(QString::number(right.x())));
        saveScreenshot(editor(), QStringLiteral("editor-netem-narrow.png"));
    }

    void screenshots()
    {
        NetemParams p = threeG();
        p.jitterUs = 80000; // larger than the delay: shows a warning inline
        editor()->setQdisc(qdisc(p));
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-netem.png"));

        TbfParams t = tbf10mbit();
        t.burstBytes = 1000;
        editor()->setQdisc(qdisc(t));
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-tbf.png"));

        ClassNode node;

        node.params = HtbClassParams{};
        node.classId = TcHandle::make(1, 0x10);
        node.params.edit<HtbClassParams>().rateBytesPerSecond = 1250000;
        node.params.edit<HtbClassParams>().ceilBytesPerSecond = 2500000;
        node.params.edit<HtbClassParams>().prio = 1;
        editor()->setClass(node);
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-htb-class.png"));

        Filter filter;
        filter.params = U32Params{};
        filter.parent = TcHandle::make(1, 0);
        filter.protocol = EtherType::Ip;
        filter.prio = 1;
        filter.classId = TcHandle::make(1, 0x10);
        u32(filter).matches.append(U32Match::ipAddress(U32Match::Field::IpDst, 0xC6120000, 15));
        editor()->setFilter(filter);
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-filter.png"));

        editor()->setQdisc(qdisc(FqCodelParams{}));
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-fq_codel.png"));

        CakeParams cake;
        cake.bandwidth = 100'000'000 / 8;
        cake.rttUs = 50000;
        cake.diffserv = CakeDiffserv::Diffserv4;
        cake.flowMode = CakeFlowMode::DualDsthost;
        cake.nat = true;
        cake.atm = CakeAtm::Ptm;
        cake.overhead = 30;
        editor()->setQdisc(qdisc(cake));
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-cake.png"));

        MqprioParams mqprio;
        mqprio.trafficClasses = 3;
        mqprio.map = {0, 0, 0, 0, 1, 1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0};
        mqprio.queues = {{2, 0}, {1, 2}, {1, 3}};
        mqprio.hw = false;
        QdiscNode root = qdisc(mqprio);
        root.parent = TcHandle::root();
        editor()->setQdisc(root);
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-mqprio.png"));

        HfscClassParams hfsc;
        hfsc.rt = HfscCurve{1250000, 10000, 125000};
        hfsc.ls = HfscCurve{0, 0, 2500000};
        hfsc.ul = HfscCurve{0, 0, 5000000};
        node.params = hfsc;
        node.classId = TcHandle::make(1, 0x20);
        editor()->setClass(node);
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-hfsc-class.png"));

        Filter flower;
        flower.parent = TcHandle::ingressHandle();
        flower.protocol = EtherType::Ipv6;
        flower.prio = 2;
        flower.classId = TcHandle::make(1, 0x20);
        FlowerParams keys;
        QVERIFY(keys.setKeyWords(FlowerKey::IpProto, u"udp", flower.protocol).isEmpty());
        QVERIFY(keys.setKeyWords(FlowerKey::DstIp, u"2001:db8:1::/48", flower.protocol).isEmpty());
        QVERIFY(keys.setKeyWords(FlowerKey::DstPort, u"5000-5100", flower.protocol).isEmpty());
        QVERIFY(keys.setKeyWords(FlowerKey::IpTos, u"184/0xfc", flower.protocol).isEmpty());
        flower.params = keys;
        editor()->setFilter(flower);
        QApplication::processEvents();
        saveScreenshot(editor(), QStringLiteral("editor-flower.png"));

        // A dark theme: everything follows the palette, the message colours included.
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
        dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
        dark.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
        dark.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
        dark.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
        dark.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
        dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x70, 0x70, 0x70));
        dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x70, 0x70));
        dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x70, 0x70));
        editor()->setPalette(dark);
        NetemParams reorderWithoutDelay = p;
        reorderWithoutDelay.delayUs = 0;
        reorderWithoutDelay.reorder.probability = Probability::fromPercent(10);
        reorderWithoutDelay.gap = 5;
        editor()->setQdisc(qdisc(reorderWithoutDelay));
        QApplication::processEvents();
        auto *message = part<QLabel>(QStringLiteral("param.reorder.message"));
        QCOMPARE(message->palette().color(QPalette::WindowText),
                 ParameterRow::severityColor(ValidationIssue::Severity::Error, dark));
        saveScreenshot(editor(), QStringLiteral("editor-netem-dark.png"));
    }
};

QTEST_MAIN(TestNodeEditor)
#include "tst_nodeeditor.moc"
