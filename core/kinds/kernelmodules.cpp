#include "kernelmodules.h"

#include "kindtable.h"
#include "model/qdisctree.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <sys/utsname.h>
#include <zlib.h>

namespace qs {

namespace {

// Module names are compared as the kernel prints them in /proc/modules: '-' spelled '_'.
QString normalised(QStringView name)
{
    QString n = name.toString();
    n.replace(u'-', u'_');
    return n;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// gzip needs zlib's inflate (qUncompress reads only zlib streams); 16 + MAX_WBITS selects gzip.
std::optional<QByteArray> gunzip(const QByteArray &data)
{
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
        return std::nullopt;
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.constData()));
    stream.avail_in = uInt(data.size());
    QByteArray out;
    char chunk[16384];
    int status = Z_OK;
    while (status == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        status = inflate(&stream, Z_NO_FLUSH);
        out.append(chunk, qsizetype(sizeof chunk - stream.avail_out));
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END)
        return std::nullopt;
    return out;
}

// "kernel/net/sched/sch_netem.ko.xz" → "sch_netem"
QString moduleOfPath(QByteArrayView path)
{
    QString name = QFileInfo(QString::fromUtf8(path)).fileName();
    const qsizetype ko = name.indexOf(QLatin1StringView(".ko"));
    if (ko >= 0)
        name.truncate(ko);
    return normalised(name);
}

QString kernelRelease()
{
    utsname u{};
    return ::uname(&u) == 0 ? QString::fromUtf8(u.release) : QString();
}

} // namespace

KernelModules::KernelModules(const Roots &roots)
{
    for (const QByteArray &line : readAll(roots.proc + QStringLiteral("/modules")).split('\n'))
        if (const qsizetype space = line.indexOf(' '); space > 0)
            m_loaded.insert(normalised(QString::fromUtf8(line.left(space))));

    const QString release = roots.release.isEmpty() ? kernelRelease() : roots.release;
    const QString dir = roots.modules + u'/' + release;
    if (QFile builtin(dir + QStringLiteral("/modules.builtin")); builtin.open(QIODevice::ReadOnly)) {
        m_modulesRead = true;
        for (const QByteArray &line : builtin.readAll().split('\n'))
            if (!line.trimmed().isEmpty())
                m_builtin.insert(moduleOfPath(line.trimmed()));
    }
    if (QFile dep(dir + QStringLiteral("/modules.dep")); dep.open(QIODevice::ReadOnly)) {
        m_modulesRead = true;
        for (const QByteArray &line : dep.readAll().split('\n'))
            if (const qsizetype colon = line.indexOf(':'); colon > 0)
                m_onDisk.insert(moduleOfPath(QByteArrayView(line).first(colon)));
    }

    std::optional<QByteArray> config;
    if (const QByteArray gz = readAll(roots.proc + QStringLiteral("/config.gz")); !gz.isEmpty())
        config = gunzip(gz);
    if (!config)
        if (QFile plain(roots.boot + QStringLiteral("/config-") + release); plain.open(QIODevice::ReadOnly))
            config = plain.readAll();
    if (config) {
        m_configRead = true;
        static const QRegularExpression set(QStringLiteral("^(CONFIG_\\w+)=([ym])$"));
        static const QRegularExpression unset(QStringLiteral("^# (CONFIG_\\w+) is not set$"));
        for (const QByteArray &line : config->split('\n')) {
            if (!line.contains("CONFIG_NET_")) // only net/sched's options are asked for: skip the other ~8000 lines
                continue;
            const QString text = QString::fromUtf8(line);
            if (const auto m = set.match(text); m.hasMatch())
                m_config.insert(m.captured(1), m.captured(2).at(0).toLatin1());
            else if (const auto u = unset.match(text); u.hasMatch())
                m_config.insert(u.captured(1), 'n');
        }
    }
}

const KernelModules &KernelModules::system()
{
    static const KernelModules probe;
    return probe;
}

KernelModules::Presence KernelModules::presence(const QString &module) const
{
    const QString name = normalised(module);
    // Kinds the model does not know, or modules that never are modules: nothing to say.
    if (name.isEmpty() || m_loaded.contains(name) || m_builtin.contains(name))
        return Presence::Available;
    // The scheduler's core (pfifo_fast, noqueue, mq: net/sched/Makefile's obj-y) and the fifos:
    // never a module file nor a line in modules.builtin (that lists only tristate code built in);
    // there whenever tc is.
    const bool core = name == QLatin1StringView("sch_generic") || name == QLatin1StringView("sch_mq") ||
                      name == QLatin1StringView("sch_fifo");
    if (core && !m_configRead)
        return Presence::Available;
    if (m_configRead) {
        const QString symbol = configSymbol(name);
        switch (m_config.value(symbol, symbol.isEmpty() || core ? 'y' : 'n')) {
        case 'y':
            return Presence::Available;
        case 'm':
            // Built as a module, but a cloud kernel may not have installed it: modules.dep knows.
            return !m_modulesRead || m_onDisk.contains(name) ? Presence::Loadable : Presence::Absent;
        default:
            return Presence::Absent;
        }
    }
    if (m_onDisk.contains(name))
        return Presence::Loadable;
    return m_modulesRead ? Presence::Absent : Presence::Available;
}

KernelModules::Presence KernelModules::filter(QStringView kind) const
{
    const FilterKindOps *ops = Kinds::filter(kind);
    return presence(ops ? QString(ops->module) : QStringLiteral("cls_") + kind);
}

KernelModules::Presence KernelModules::action(QStringView kind) const
{
    const ActionKindOps *ops = Kinds::action(kind);
    return presence(ops ? QString(ops->module) : QStringLiteral("act_") + kind);
}

QStringList KernelModules::missingModules(const QList<QdiscTree> &trees) const
{
    QStringList missing;
    const auto need = [&](const QString &module) {
        if (!missing.contains(module) && presence(module) == Presence::Absent)
            missing.append(module);
    };
    for (const QdiscTree &tree : trees) {
        for (const QdiscNode &q : tree.qdiscs)
            need(qdiscModule(q.kindName()));
        for (const Filter &f : tree.filters) {
            need(QString(f.ops().module));
            for (const Action &a : f.actions)
                need(QString(a.ops().module));
            if (f.police)
                need(QString(f.police->ops().module));
        }
    }
    return missing;
}

QString KernelModules::qdiscModule(QStringView kind)
{
    // Each kind names its module (clsact lives in sch_ingress); an unknown kind in sch_<kind>.
    if (const QdiscKindOps *ops = Kinds::qdisc(kind); ops && !ops->module.isEmpty())
        return QString(ops->module);
    return QStringLiteral("sch_") + kind;
}

QString KernelModules::configSymbol(const QString &module)
{
    // net/sched/Makefile: obj-$(CONFIG_NET_SCH_NETEM) += sch_netem.o, likewise cls_ and act_.
    for (const auto &[prefix, config] : {std::pair{"sch_", "CONFIG_NET_SCH_"}, std::pair{"cls_", "CONFIG_NET_CLS_"},
                                         std::pair{"act_", "CONFIG_NET_ACT_"}})
        if (module.startsWith(QLatin1StringView(prefix)))
            return QLatin1StringView(config) + module.mid(4).toUpper();
    return {};
}

QString KernelModules::missingQdiscMessage(const QString &kind)
{
    return tr("the kernel has no %1 qdisc: its module %2 is not loaded (load it with: sudo modprobe %2; on some cloud "
              "kernels it is not built at all — install the distribution's full kernel/modules package)")
        .arg(kind, qdiscModule(kind));
}

} // namespace qs
