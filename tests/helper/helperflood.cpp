// qs_test_helperflood: an attacker of the helper, run by tst_helper_flood as an unprivileged
// test user. It sends many calls at once, without waiting for any answer, over one or more
// connections to the (private) system bus, then counts what came back.
//
//   qs_test_helperflood [--agent] [--connections N] [--authorize N] [--apply N] [--bytes B]
//                       [--wait-ms MS] [--to-the-bus] TARGET
//     --agent        first registers (on the first connection) a polkit authentication agent
//                    for this process that never answers (as a user who leaves a password dialog
//                    open forever): polkit then waits for it on each of this process's checks.
//     --authorize N  Authorize(TARGET) N times per connection
//     --apply N      Apply(TARGET, a tree document of B bytes, {}) N times per connection
//     --wait-ms MS   how long to wait for the answers (default 10000)
//     --target-bytes B  pads the target itself to B bytes (read, and refused, before any grant)
//     --to-the-bus   sends the same calls to the bus daemon itself (org.freedesktop.DBus, which
//                    refuses an unknown interface) instead of the helper: the reference for what
//                    the flood's bytes cost every client of the bus, whatever service they were for
//
// Prints "sent" once everything is on its way, then one summary line per method:
// "Apply answered=A unanswered=U ok=K" and "Apply error NAME=COUNT" lines. Exits 0.

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusVirtualObject>
#include <QDBusArgument>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <unistd.h>

namespace {

/** org.freedesktop.PolicyKit1.AuthenticationAgent that takes every request and never answers. */
class SilentAgent : public QDBusVirtualObject
{
public:
    QString introspect(const QString &) const override { return {}; }
    bool handleMessage(const QDBusMessage &message, const QDBusConnection &) override
    {
        // Kept, unanswered: polkitd waits for BeginAuthentication until it gives up itself.
        if (message.member() == QStringLiteral("BeginAuthentication"))
            m_kept.append(message);
        return true;
    }

private:
    QList<QDBusMessage> m_kept;
};

/** This process's start time in clock ticks since boot (/proc/self/stat, field 22), as polkit identifies a process. */
quint64 startTime()
{
    QFile stat(QStringLiteral("/proc/self/stat"));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray line = stat.readAll();
    // Fields after the command (which may hold spaces) start at the last ')': state is field 3.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    return fields.value(22 - 3).toULongLong();
}

bool registerAgent(QDBusConnection &bus, SilentAgent *agent, QString *error)
{
    const QString path = QStringLiteral("/org/qdiscstudio/TestSilentAgent");
    if (!bus.registerVirtualObject(path, agent)) {
        *error = QStringLiteral("cannot export the agent object");
        return false;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.PolicyKit1"),
                                                       QStringLiteral("/org/freedesktop/PolicyKit1/Authority"),
                                                       QStringLiteral("org.freedesktop.PolicyKit1.Authority"),
                                                       QStringLiteral("RegisterAuthenticationAgent"));
    QDBusArgument subject; // (sa{sv}): ("unix-process", {"pid": u, "start-time": t, "uid": i})
    subject.beginStructure();
    subject << QStringLiteral("unix-process")
            << QVariantMap{{QStringLiteral("pid"), QVariant::fromValue(uint(::getpid()))},
                           {QStringLiteral("start-time"), QVariant::fromValue(startTime())},
                           {QStringLiteral("uid"), QVariant::fromValue(int(::getuid()))}};
    subject.endStructure();
    call << QVariant::fromValue(subject) << QStringLiteral("C") << path;
    const QDBusMessage reply = bus.call(call, QDBus::Block, 10000);
    if (reply.type() == QDBusMessage::ErrorMessage) {
        *error = reply.errorName() + QStringLiteral(": ") + reply.errorMessage();
        return false;
    }
    return true;
}

struct Tally
{
    int sent = 0;
    int ok = 0;
    QMap<QString, int> errors;
    int answered() const
    {
        int n = ok;
        for (int count : errors)
            n += count;
        return n;
    }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    bool agent = false;
    bool toTheBus = false;
    qsizetype targetBytes = 0;
    int connections = 1;
    int authorizeCalls = 0;
    int applyCalls = 0;
    qsizetype bytes = 4000103;
    int waitMs = 10000;
    QString target;
    const QStringList args = app.arguments().mid(1);
    for (int i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        const auto number = [&] { return args.value(++i).toLongLong(); };
        if (arg == QStringLiteral("--agent"))
            agent = true;
        else if (arg == QStringLiteral("--connections"))
            connections = int(number());
        else if (arg == QStringLiteral("--authorize"))
            authorizeCalls = int(number());
        else if (arg == QStringLiteral("--apply"))
            applyCalls = int(number());
        else if (arg == QStringLiteral("--bytes"))
            bytes = qsizetype(number());
        else if (arg == QStringLiteral("--wait-ms"))
            waitMs = int(number());
        else if (arg == QStringLiteral("--to-the-bus"))
            toTheBus = true;
        else if (arg == QStringLiteral("--target-bytes"))
            targetBytes = qsizetype(number());
        else
            target = arg;
    }
    if (target.isEmpty() || connections < 1) {
        out << "usage: qs_test_helperflood [--agent] [--connections N] [--authorize N] [--apply N] [--bytes B] [--wait-ms MS] [--to-the-bus] TARGET\n";
        return 2;
    }

    if (targetBytes > target.size()) // the bytes in the target instead: no grant is asked of a target nobody has
        target.append(QString(targetBytes - target.size(), u'x'));
    // A valid document padded with spaces to the size asked: the helper must not need to read it.
    QString document = QStringLiteral("{\"schemaVersion\":1,\"tree\":{\"qdiscs\":[]}}");
    if (bytes > document.size())
        document.append(QString(bytes - document.size(), u' '));

    const QString address = qEnvironmentVariable("DBUS_SYSTEM_BUS_ADDRESS");
    QList<QDBusConnection> buses;
    std::vector<std::unique_ptr<SilentAgent>> agents;
    for (int c = 0; c < connections; ++c) {
        QDBusConnection bus = QDBusConnection::connectToBus(address, QStringLiteral("flood-%1").arg(c));
        if (!bus.isConnected()) {
            out << "cannot connect to " << address << ": " << bus.lastError().message() << '\n';
            return 2;
        }
        if (agent && c == 0) { // one agent per process: polkit finds it for every connection of the process
            agents.push_back(std::make_unique<SilentAgent>());
            QString error;
            if (!registerAgent(bus, agents.back().get(), &error)) {
                out << "cannot register the polkit agent: " << error << '\n';
                return 2;
            }
        }
        buses.append(bus);
    }

    QMap<QString, Tally> tallies;
    const auto send = [&](QDBusConnection &bus, const QString &method, const QVariantList &arguments) {
        QDBusMessage call = toTheBus ? QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"), QStringLiteral("/org/freedesktop/DBus"),
                                                                      QStringLiteral("org.qdiscstudio.Helper1"), method)
                                     : QDBusMessage::createMethodCall(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                                      QStringLiteral("org.qdiscstudio.Helper1"), method);
        call.setArguments(arguments);
        auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 600000), &app);
        ++tallies[method].sent;
        QObject::connect(watcher, &QDBusPendingCallWatcher::finished, &app, [watcher, method, &tallies] {
            watcher->deleteLater();
            Tally &tally = tallies[method];
            if (watcher->isError())
                ++tally.errors[watcher->error().name()];
            else
                ++tally.ok;
        });
    };
    for (QDBusConnection &bus : buses) {
        for (int i = 0; i < authorizeCalls; ++i)
            send(bus, QStringLiteral("Authorize"), {target});
        for (int i = 0; i < applyCalls; ++i)
            send(bus, QStringLiteral("Apply"), {target, document, QVariantMap()});
    }
    out << "sent\n";
    out.flush();

    const int expected = connections * (authorizeCalls + applyCalls);
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < waitMs) {
        int answered = 0;
        for (const Tally &tally : std::as_const(tallies))
            answered += tally.answered();
        if (answered == expected)
            break;
        app.processEvents(QEventLoop::AllEvents, 50);
    }
    for (auto it = tallies.cbegin(); it != tallies.cend(); ++it) {
        out << it.key() << " answered=" << it->answered() << " unanswered=" << it->sent - it->answered() << " ok=" << it->ok << '\n';
        for (auto e = it->errors.cbegin(); e != it->errors.cend(); ++e)
            out << it.key() << " error " << e.key() << '=' << e.value() << '\n';
    }
    out.flush();
    // Leaving the bus now: whatever is still unanswered goes with the connections.
    std::fflush(stdout);
    ::_exit(0);
}
