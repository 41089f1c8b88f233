#include "rampparameter.h"

#include "kinds/htb/htbparams.h"
#include "kinds/netem/netemparams.h"
#include "kinds/tbf/tbfparams.h"

#include "tc/tcunits.h"

#include <algorithm>
#include <cmath>

namespace qs {

/* TRANSLATOR qs::RampParameter

   Problems with a parameter a scenario ramps ("netem.delay", "htb.rate"): its value, or the node
   it moves. Parameter names, kinds (netem, tbf, htb) and handles ("1:", "1:10") stay as they are.
*/

namespace {

using Unit = RampParameter::Unit;

struct ParameterInfo
{
    QStringView name;
    Unit unit;
};

// The order is the order names() promises (the header's table).
constexpr ParameterInfo Parameters[] = {
    {u"netem.delay", Unit::Time},      {u"netem.jitter", Unit::Time},
    {u"netem.loss", Unit::Percent},    {u"netem.duplicate", Unit::Percent},
    {u"netem.corrupt", Unit::Percent}, {u"netem.reorder", Unit::Percent},
    {u"netem.rate", Unit::Rate},       {u"netem.limit", Unit::Packets},
    {u"tbf.rate", Unit::Rate},         {u"tbf.burst", Unit::Size},
    {u"htb.rate", Unit::Rate},         {u"htb.ceil", Unit::Rate},
};

// Doubles hold integers exactly up to 2^53; a larger rate could not round-trip through a ramp
// value (and nobody shapes at 72 Pbit/s).
constexpr double MaxExactRate = 9007199254740991.0;

bool isHtb(QStringView name)
{
    return name.startsWith(u"htb.");
}

/** The qdisc kind a netem.* or tbf.* parameter lives on. */
const QdiscKindOps &kindOf(QStringView name)
{
    return name.startsWith(u"tbf.") ? QdiscParams::opsOf<TbfParams>() : QdiscParams::opsOf<NetemParams>();
}

QString quoted(QStringView text)
{
    return u'"' + text.toString() + u'"';
}

/** Rounds a held value to the model's unsigned integer, clamped to @p max. */
template <typename T> T toInteger(double value, double max)
{
    return T(std::llround(std::clamp(value, 0.0, max)));
}

/** @p percent with @p digits significant digits, as a plain decimal ("0.2", "100", "0.00001"). */
QString plainDecimal(double percent, int digits)
{
    QString text = QString::number(percent, 'g', digits);
    if (!text.contains(u'e'))
        return text;
    // 'g' switched to an exponent; the same digits written out ("1e-05" is "0.00001"): a scenario
    // file reads like tc input.
    const int exponent = text.mid(text.indexOf(u'e') + 1).toInt();
    text = QString::number(percent, 'f', std::max(0, digits - 1 - exponent));
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

/**
 * The shortest percent text that means the same to the kernel as @p fraction: the fewest
 * significant digits whose parsed value scales to the same Probability. A value read back from a
 * tree (scaled / UINT32_MAX) is then "0.2%", not "0.2000000095460564%".
 */
QString exactPercent(double fraction)
{
    if (!(fraction > 0)) // also -0 and NaN
        return QStringLiteral("0%");
    const double percent = fraction * 100.0;
    const Probability wanted = Probability::fromFraction(fraction);
    for (int digits = 1; digits <= 17; ++digits) {
        const QString number = plainDecimal(percent, digits);
        const auto back = TcUnits::parsePercentFraction(QString(number + u'%'));
        if (back && Probability::fromFraction(*back) == wanted)
            return number + u'%';
    }
    return plainDecimal(percent, 17) + u'%';
}

const NetemParams *netemAt(const QdiscTree &tree, TcHandle node)
{
    const QdiscNode *q = tree.qdisc(node);
    return q ? q->params.getIf<NetemParams>() : nullptr;
}

NetemParams *netemAt(QdiscTree &tree, TcHandle node)
{
    QdiscNode *q = tree.qdisc(node);
    return q ? q->params.editIf<NetemParams>() : nullptr;
}

const TbfParams *tbfAt(const QdiscTree &tree, TcHandle node)
{
    const QdiscNode *q = tree.qdisc(node);
    return q ? q->params.getIf<TbfParams>() : nullptr;
}

TbfParams *tbfAt(QdiscTree &tree, TcHandle node)
{
    QdiscNode *q = tree.qdisc(node);
    return q ? q->params.editIf<TbfParams>() : nullptr;
}

/** Why netem.loss cannot be ramped on @p params, or empty when it can. */
QString lossModelProblem(const NetemParams &params, TcHandle node)
{
    if (std::holds_alternative<NetemStateLoss>(params.loss) ||
        std::holds_alternative<NetemGilbertElliottLoss>(params.loss)) {
        const QString model = std::holds_alternative<NetemStateLoss>(params.loss)
                                  ? QStringLiteral("loss state")
                                  : QStringLiteral("loss gemodel");
        //: %1 is the qdisc handle ("1:"), %2 the loss model in tc's words ("loss state", "loss
        //: gemodel").
        return RampParameter::tr(
                   "netem.loss ramps random loss, but qdisc %1 uses the %2 loss model; "
                   "ramp it from a tree with random loss (or none)")
            .arg(node.toString(), model);
    }
    return QString();
}

} // namespace

QString rampCurveName(RampCurve curve)
{
    return curve == RampCurve::Exponential ? QStringLiteral("exponential")
                                           : QStringLiteral("linear");
}

std::optional<RampCurve> rampCurveFromName(QStringView name)
{
    if (name == u"linear")
        return RampCurve::Linear;
    if (name == u"exponential")
        return RampCurve::Exponential;
    return std::nullopt;
}

QStringList RampParameter::names()
{
    QStringList list;
    for (const ParameterInfo &info : Parameters)
        list.append(info.name.toString());
    return list;
}

std::optional<RampParameter::Unit> RampParameter::unitOf(QStringView name)
{
    for (const ParameterInfo &info : Parameters) {
        if (info.name == name)
            return info.unit;
    }
    return std::nullopt;
}

std::optional<double> RampParameter::parseValue(QStringView name, QStringView text, QString *error)
{
    const auto unit = unitOf(name);
    const auto fail = [&](const QString &message) -> std::optional<double> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!unit)
        return fail(tr("%1 is not a parameter a ramp can move; use one of: %2")
                        .arg(quoted(name), names().join(QStringLiteral(", "))));
    // tc reads "" and "%" as 0 %; in a scenario that is a slip, not a value.
    const bool hasDigit =
        std::any_of(text.begin(), text.end(), [](QChar ch) { return ch.isDigit(); });
    std::optional<double> value;
    QString example;
    switch (*unit) {
    case Unit::Time:
        example = QStringLiteral("200ms");
        if (const auto us = hasDigit ? TcUnits::parseTimeUs(text) : std::nullopt)
            value = double(*us);
        break;
    case Unit::Percent:
        example = QStringLiteral("2%");
        if (hasDigit)
            value = TcUnits::parsePercentFraction(text);
        break;
    case Unit::Rate:
        example = QStringLiteral("10mbit");
        if (const auto rate = hasDigit ? TcUnits::parseRate64(text) : std::nullopt)
            value = double(*rate);
        break;
    case Unit::Size:
        example = QStringLiteral("32kb");
        if (const auto size = hasDigit ? TcUnits::parseSize(text) : std::nullopt)
            value = double(*size);
        break;
    case Unit::Packets:
        example = QStringLiteral("1000");
        if (const auto packets = hasDigit ? TcUnits::parseU32(text) : std::nullopt)
            value = double(*packets);
        break;
    }
    if (!value)
        //: %1 is the text from the file, %2 the parameter ("netem.delay"), %3 an example ("200ms").
        return fail(tr("%1 is not a value for %2; write it like \"%3\"")
                        .arg(quoted(text), name.toString(), example));
    const double max = maximumOf(name);
    if (*value > max)
        return fail(tr("%1 is above the largest %2, %3")
                        .arg(quoted(text), name.toString(), formatValue(name, max)));
    return value;
}

QString RampParameter::formatValue(QStringView name, double value)
{
    const auto unit = unitOf(name);
    if (!unit)
        return QString::number(value, 'g', 17);
    const double max = maximumOf(name);
    switch (*unit) {
    case Unit::Time:
        return TcUnits::formatTimeUs(toInteger<quint64>(value, max));
    case Unit::Percent:
        return exactPercent(std::clamp(value, 0.0, 1.0));
    case Unit::Rate:
        return TcUnits::formatRate(toInteger<quint64>(value, max));
    case Unit::Size:
        return TcUnits::formatSize(toInteger<quint32>(value, max));
    case Unit::Packets:
        return QString::number(toInteger<quint32>(value, max));
    }
    return QString();
}

double RampParameter::maximumOf(QStringView name)
{
    const auto unit = unitOf(name);
    if (!unit)
        return 0;
    switch (*unit) {
    case Unit::Time:
        return double(NetemParams::MaxDelayUs); // delay and jitter alike: get_ticks()' limit
    case Unit::Percent:
        return 1.0;
    case Unit::Rate:
        return MaxExactRate;
    case Unit::Size:
    case Unit::Packets:
        return double(0xFFFFFFFFu);
    }
    return 0;
}

std::optional<TcHandle> RampParameter::locate(const QdiscTree &tree, QStringView name, TcHandle at,
                                              QString *error)
{
    const auto fail = [&](const QString &message) -> std::optional<TcHandle> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!unitOf(name))
        return fail(tr("%1 is not a parameter a ramp can move; use one of: %2")
                        .arg(quoted(name), names().join(QStringLiteral(", "))));

    if (isHtb(name)) {
        if (!at.isUnspec()) {
            if (!tree.findClass(at) || !tree.findClass(at)->is<HtbClassParams>())
                return fail(tr("%1: there is no htb class %2 in the tree")
                                .arg(name.toString(), at.toString()));
            return at;
        }
        if (tree.classes.isEmpty())
            return fail(tr("%1: there is no htb class in the tree").arg(name.toString()));
        if (tree.classes.size() > 1) {
            QStringList ids;
            for (const ClassNode &c : tree.classes)
                ids.append(c.classId.toString());
            //: %2 lists the classes ("1:1, 1:10").
            return fail(tr("%1: the tree has several htb classes (%2); name one with \"at\"")
                            .arg(name.toString(), ids.join(QStringLiteral(", "))));
        }
        return tree.classes.first().classId;
    }

    const QdiscKindOps &kind = kindOf(name);
    const QString kindName = QString(kind.name);
    const QdiscNode *found = nullptr;
    if (!at.isUnspec()) {
        found = tree.qdisc(at);
        if (!found)
            return fail(
                tr("%1: there is no qdisc %2 in the tree").arg(name.toString(), at.toString()));
        if (&found->ops() != &kind)
            //: %3 is the kind of the qdisc found ("tbf"), %4 the kind needed ("netem").
            return fail(tr("%1: qdisc %2 is a %3 qdisc, not %4")
                            .arg(name.toString(), at.toString(), found->kindName(), kindName));
    } else {
        QStringList handles;
        for (const QdiscNode &q : tree.qdiscs) {
            if (&q.ops() != &kind)
                continue;
            found = &q;
            handles.append(q.handle.toString());
        }
        if (handles.isEmpty())
            return fail(tr("%1: there is no %2 qdisc in the tree").arg(name.toString(), kindName));
        if (handles.size() > 1)
            //: %3 lists the handles ("1:, 10:").
            return fail(tr("%1: the tree has several %2 qdiscs (%3); name one with \"at\"")
                            .arg(name.toString(), kindName, handles.join(QStringLiteral(", "))));
        if (found->handle.isUnspec())
            return fail(tr("%1: the %2 qdisc has no handle; give it one (like 1:) so that a ramp "
                           "can name it")
                            .arg(name.toString(), kindName));
    }
    if (name == u"netem.loss") {
        const QString problem =
            lossModelProblem(found->params.get<NetemParams>(), found->handle);
        if (!problem.isEmpty())
            return fail(problem);
    }
    return found->handle;
}

std::optional<double> RampParameter::read(const QdiscTree &tree, QStringView name, TcHandle node)
{
    if (isHtb(name)) {
        const ClassNode *c = tree.findClass(node);
        const HtbClassParams *htb = c ? c->params.getIf<HtbClassParams>() : nullptr;
        if (!htb)
            return std::nullopt;
        if (name == u"htb.rate")
            return double(htb->rateBytesPerSecond);
        if (name == u"htb.ceil")
            return double(htb->effectiveCeil()); // a ceil of 0 is the rate, as tc reads it
        return std::nullopt;
    }
    if (name.startsWith(u"tbf.")) {
        const TbfParams *tbf = tbfAt(tree, node);
        if (!tbf)
            return std::nullopt;
        if (name == u"tbf.rate")
            return double(tbf->rateBytesPerSecond);
        if (name == u"tbf.burst")
            return double(tbf->burstBytes);
        return std::nullopt;
    }
    const NetemParams *netem = netemAt(tree, node);
    if (!netem)
        return std::nullopt;
    if (name == u"netem.delay")
        return double(netem->delayUs);
    if (name == u"netem.jitter")
        return double(netem->jitterUs);
    if (name == u"netem.loss") {
        if (std::holds_alternative<std::monostate>(netem->loss))
            return 0.0;
        if (const auto *random = std::get_if<NetemRandomLoss>(&netem->loss))
            return random->probability.fraction();
        return std::nullopt; // a loss model a ramp cannot move
    }
    if (name == u"netem.duplicate")
        return netem->duplicate.probability.fraction();
    if (name == u"netem.corrupt")
        return netem->corrupt.probability.fraction();
    if (name == u"netem.reorder")
        return netem->reorder.probability.fraction();
    if (name == u"netem.rate")
        return double(netem->rate.bytesPerSecond);
    if (name == u"netem.limit")
        return double(netem->limit);
    return std::nullopt;
}

bool RampParameter::write(QdiscTree &tree, QStringView name, TcHandle node, double value)
{
    if (!unitOf(name) || std::isnan(value))
        return false;
    const double max = maximumOf(name);
    const double clamped = std::clamp(value, 0.0, max);

    if (isHtb(name)) {
        ClassNode *c = tree.findClass(node);
        HtbClassParams *htb = c ? c->params.editIf<HtbClassParams>() : nullptr;
        if (!htb)
            return false;
        const quint64 rate = toInteger<quint64>(clamped, max);
        if (name == u"htb.rate")
            htb->rateBytesPerSecond = rate;
        else
            htb->ceilBytesPerSecond = rate;
        return true;
    }
    if (name.startsWith(u"tbf.")) {
        TbfParams *tbf = tbfAt(tree, node);
        if (!tbf)
            return false;
        if (name == u"tbf.rate")
            tbf->rateBytesPerSecond = toInteger<quint64>(clamped, max);
        else
            tbf->burstBytes = toInteger<quint32>(clamped, max);
        return true;
    }
    NetemParams *netem = netemAt(tree, node);
    if (!netem)
        return false;
    if (name == u"netem.delay") {
        netem->delayUs = toInteger<quint64>(clamped, max);
    } else if (name == u"netem.jitter") {
        netem->jitterUs = toInteger<quint64>(clamped, max);
    } else if (name == u"netem.loss") {
        const Probability probability = Probability::fromFraction(clamped);
        if (std::holds_alternative<std::monostate>(netem->loss)) {
            if (!probability.isZero())
                netem->loss = NetemRandomLoss{probability, Probability()};
        } else if (auto *random = std::get_if<NetemRandomLoss>(&netem->loss)) {
            // 0 % with a correlation is a real kernel state (the kernel keeps the correlation);
            // without one it is no loss at all, which the model holds as monostate.
            if (probability.isZero() && random->correlation.isZero())
                netem->loss = std::monostate();
            else
                random->probability = probability;
        } else {
            return false; // state / gemodel: locate() refuses these
        }
    } else if (name == u"netem.duplicate") {
        netem->duplicate.probability = Probability::fromFraction(clamped);
    } else if (name == u"netem.corrupt") {
        netem->corrupt.probability = Probability::fromFraction(clamped);
    } else if (name == u"netem.reorder") {
        netem->reorder.probability = Probability::fromFraction(clamped);
    } else if (name == u"netem.rate") {
        netem->rate.bytesPerSecond = toInteger<quint64>(clamped, max);
    } else if (name == u"netem.limit") {
        netem->limit = toInteger<quint32>(clamped, max);
    } else {
        return false;
    }
    return true;
}

double rampValue(RampCurve curve, double from, double to, double fraction)
{
    // The ends are returned exactly, so that a ramp's first and last update hold its own values.
    if (fraction <= 0)
        return from;
    if (fraction >= 1)
        return to;
    if (curve == RampCurve::Exponential && from > 0 && to > 0)
        return from * std::pow(to / from, fraction);
    return from + (to - from) * fraction;
}

} // namespace qs
