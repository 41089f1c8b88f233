// The mqprio form: traffic classes, the priority map, each class's queues, and offload.
#include "kindforms.h"

#include "tc/tcunits.h"

namespace qs {

namespace {

QString ratesText(const QList<quint64> &rates)
{
    QStringList words;
    for (quint64 rate : rates)
        words.append(TcUnits::formatRate(rate));
    return words.join(u' ');
}

/** Sets @p rates from "10mbit 20mbit …" (one per traffic class, the rest 0); a message when a word is no rate. */
QString setRates(MqprioParams &p, QList<quint64> &rates, const QString &text)
{
    QList<quint64> read;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        const auto rate = TcUnits::parseRate64(word);
        if (!rate)
            return KindForms::tr("\"%1\" is not a rate (such as 10mbit)").arg(word);
        read.append(*rate);
    }
    if (read.size() > MqprioParams::MaxTrafficClasses)
        return KindForms::tr("at most 16 rates, one per traffic class");
    rates = read;
    p.normalise();
    return {};
}

} // namespace

void buildKindForm(FormBinder<MqprioParams> &b)
{
    b.section(KindForms::tr("Traffic classes"));
    b.number(ParameterSpec::count(QStringLiteral("num_tc"), KindForms::tr("Traffic classes"),
                                  KindForms::tr("How many traffic classes the priorities map to (1…16)."), KindForms::tr("classes"),
                                  ParameterScale::linear(1, MqprioParams::MaxTrafficClasses, MqprioParams::MaxTrafficClasses - 1), 1,
                                  MqprioParams::MaxTrafficClasses),
             [](const MqprioParams &p) { return double(p.trafficClasses); },
             [](MqprioParams &p, double value) {
                 p.trafficClasses = int(value);
                 p.normalise();
             });
    b.text(QStringLiteral("map"), KindForms::tr("Priority map"),
           KindForms::tr("The traffic class of each of the 16 packet priorities (TC_PRIO_*), as tc's map words; "
                         "priorities not given go to class 0."),
           false,
           [](const MqprioParams &p) {
               QStringList classes;
               for (quint8 tc : p.map)
                   classes.append(QString::number(tc));
               return classes.join(u' ');
           },
           [](MqprioParams &p, const QString &text) -> QString {
               MqprioParams::Map map{};
               const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
               if (words.size() > int(map.size()))
                   return KindForms::tr("at most 16 classes, one per priority");
               for (qsizetype i = 0; i < words.size(); ++i) {
                   const auto tc = TcUnits::parseU32(words[i], 10);
                   if (!tc || *tc >= quint32(MqprioParams::MaxTrafficClasses))
                       return KindForms::tr("\"%1\" is not a traffic class (0…15)").arg(words[i]);
                   map[size_t(i)] = quint8(*tc);
               }
               p.map = map;
               return {};
           });
    b.text(QStringLiteral("queues"), KindForms::tr("Queues"),
           KindForms::tr("The transmit queues of each traffic class, COUNT@OFFSET in class order (\"1@0 1@1\": one "
                         "queue each, queues 0 and 1). Needed without offload; the queues must exist on the device."),
           false, [](const MqprioParams &p) { return p.queuesText(); },
           [](MqprioParams &p, const QString &text) -> QString {
               const auto ranges = MqprioParams::parseQueues(text);
               if (!ranges)
                   return KindForms::tr("expected up to 16 ranges COUNT@OFFSET, such as \"1@0 1@1\"");
               p.queues = *ranges;
               p.normalise();
               return {};
           });

    b.section(KindForms::tr("Offload"));
    b.choice(QStringLiteral("hw"), KindForms::tr("Layout"),
             KindForms::tr("hw 1 lets the network card's driver set up the classes and queues (tc's default); it needs a card "
                           "that offloads mqprio. hw 0 is done by the kernel with the queues given above."),
             {{KindForms::tr("software (hw 0)"), false}, {KindForms::tr("offloaded to the card (hw 1)"), true}},
             [](const MqprioParams &p) { return QVariant(p.hw); },
             [](MqprioParams &p, const QVariant &value) { p.hw = value.toBool(); });
    auto *mode = b.choice(QStringLiteral("mode"), KindForms::tr("Mode"),
                          KindForms::tr("dcb: the driver's DCB layout; channel: the classes and queues as given, with the shaper below."),
                          {{QStringLiteral("dcb"), int(MqprioParams::Mode::Dcb)}, {QStringLiteral("channel"), int(MqprioParams::Mode::Channel)}},
                          [](const MqprioParams &p) { return QVariant(int(p.mode)); },
                          [](MqprioParams &p, const QVariant &value) { p.mode = MqprioParams::Mode(value.toInt()); });
    auto *shaper = b.choice(QStringLiteral("shaper"), KindForms::tr("Shaper"),
                            KindForms::tr("bw_rlimit: the card holds each traffic class between a minimum and a maximum rate."),
                            {{QStringLiteral("dcb"), int(MqprioParams::Shaper::Dcb)},
                             {QStringLiteral("bw_rlimit"), int(MqprioParams::Shaper::BwRlimit)}},
                            [](const MqprioParams &p) { return QVariant(int(p.shaper)); },
                            [](MqprioParams &p, const QVariant &value) { p.shaper = MqprioParams::Shaper(value.toInt()); });
    b.enableWhen(mode, [](const MqprioParams &p) { return p.hw; });
    b.enableWhen(shaper, [](const MqprioParams &p) { return p.hw; });
    auto *minRate = b.text(QStringLiteral("min_rate"), KindForms::tr("Minimum rates"),
                           KindForms::tr("bw_rlimit's least rate of each traffic class, in class order (\"10mbit 20mbit\")."), false,
                           [](const MqprioParams &p) { return ratesText(p.minRate); },
                           [](MqprioParams &p, const QString &text) { return setRates(p, p.minRate, text); });
    auto *maxRate = b.text(QStringLiteral("max_rate"), KindForms::tr("Maximum rates"),
                           KindForms::tr("bw_rlimit's greatest rate of each traffic class, in class order."), false,
                           [](const MqprioParams &p) { return ratesText(p.maxRate); },
                           [](MqprioParams &p, const QString &text) { return setRates(p, p.maxRate, text); });
    for (QWidget *row : {static_cast<QWidget *>(minRate), static_cast<QWidget *>(maxRate)})
        b.showWhen(row, [](const MqprioParams &p) { return p.shaper == MqprioParams::Shaper::BwRlimit; });
    b.note(KindForms::tr("Like mq, mqprio gives each transmit queue a qdisc of its own (MAJOR:1, MAJOR:2, …) and can only be "
                         "the root of a device with several transmit queues."));
}

} // namespace qs
