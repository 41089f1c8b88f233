#include "statswire.h"

#include <QStringList>

namespace qs::StatsWire {

namespace {
/** A kind as one word of the line: the kernel's kinds are, but a line must stay a line whatever it holds. */
QByteArray wordOf(const QString &kind)
{
    QByteArray word = kind.toLatin1().left(16);
    for (char &c : word)
        if (c <= ' ' || c > '~')
            c = '?';
    return word.isEmpty() ? QByteArray("?") : word;
}
} // namespace

QString encode(const QList<NodeStats> &nodes)
{
    QByteArray text;
    text.reserve(nodes.size() * 64);
    for (const NodeStats &n : nodes) {
        const CounterSample &c = n.counters;
        text += n.isClass ? "c " : "q ";
        text += QByteArray::number(n.id.raw(), 16) + ' ' + QByteArray::number(n.parent.raw(), 16) + ' ' + wordOf(n.kind) + ' ';
        text += QByteArray::number(c.bytes) + ' ' + QByteArray::number(c.packets) + ' ' + QByteArray::number(c.drops) + ' ' +
                QByteArray::number(c.overlimits) + ' ' + QByteArray::number(c.requeues) + ' ' + QByteArray::number(c.backlogBytes) + ' ' +
                QByteArray::number(c.backlogPackets) + '\n';
    }
    return QString::fromLatin1(text);
}

std::optional<QList<NodeStats>> decode(const QString &text, qint64 timeNs, QString *error)
{
    QList<NodeStats> nodes;
    const QList<QStringView> lines = QStringView(text).split(u'\n', Qt::SkipEmptyParts);
    nodes.reserve(lines.size());
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QList<QStringView> f = lines[i].split(u' ');
        bool ok = f.size() == 11 && (f[0] == u"q" || f[0] == u"c") && !f[3].isEmpty() && f[3].size() <= 16;
        NodeStats n;
        const auto hex = [&](QStringView v) { bool good = false; const uint x = v.toUInt(&good, 16); ok = ok && good; return x; };
        const auto u64 = [&](QStringView v) { bool good = false; const qulonglong x = v.toULongLong(&good); ok = ok && good; return x; };
        const auto u32 = [&](QStringView v) { bool good = false; const uint x = v.toUInt(&good); ok = ok && good; return x; };
        if (ok) {
            n.isClass = f[0] == u"c";
            n.id = TcHandle(hex(f[1]));
            n.parent = TcHandle(hex(f[2]));
            n.kind = f[3].toString();
            n.counters = CounterSample{timeNs, u64(f[4]), u64(f[5]), u32(f[6]), u32(f[7]), u32(f[8]), u32(f[9]), u32(f[10])};
            n.packets64 = true;
        }
        if (!ok) {
            *error = QStringLiteral("line %1 of the counters is not \"q|c HANDLE PARENT KIND\" and 7 numbers: %2").arg(i + 1).arg(lines[i].left(80));
            return std::nullopt;
        }
        nodes.append(n);
    }
    return nodes;
}

} // namespace qs::StatsWire
