// qs_test_helpercall: raw calls to the helper on the system bus, as whoever runs it — the tests'
// way to speak to the helper as an unprivileged user with arguments of their choosing.
//
//   qs_test_helpercall [--hold] [--signals] [--authorize TARGET] METHOD [ARG...] [-- METHOD [ARG...]]...
//     ARG: s:TEXT | file:PATH (a string read from PATH) | opts:JSON (an a{sv} from a JSON object;
//          whole non-negative numbers become u) | first:N / prev:N (argument N of the first /
//          the previous call's reply, as a string; first:N:netns: its namespace part, the text
//          before '/' of a target) | reply:K:N (argument N of call K's reply, K counting from 0)
//
// Every reply is kept until it exits: descriptors handed over (OpenLabSockets) stay open while
// it holds. With --signals it prints "signal NAME ARG..." for every TreeChanged, Reverted and
// ScenarioProgress the helper sends it, as they come (also while holding).
//
// The calls go one after another over one connection (so a lab made by the first belongs to
// all). Prints one line per call, at once: "ok" and the reply's arguments (a file descriptor as
// fd:DOMAIN/TYPE, from getsockopt), or "error NAME: MESSAGE". With --hold it then prints
// "holding" and stays on the bus until its standard input ends. Exits 1 when any call failed.
// --authorize TARGET first calls Authorize(TARGET), as the window and the CLI do before a
// document (Apply, PlayScenario): silent when granted, its "error …" line otherwise.

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusUnixFileDescriptor>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QTextStream>

#include <cmath>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

namespace {

QVariantMap optionsOf(const QByteArray &json)
{
    QVariantMap options = QJsonDocument::fromJson(json).object().toVariantMap();
    for (QVariant &value : options) {
        // JSON has only doubles; the helper's numeric options are u.
        if (value.typeId() == QMetaType::Double && value.toDouble() >= 0 &&
            value.toDouble() <= 4294967295.0 && std::floor(value.toDouble()) == value.toDouble())
            value = QVariant::fromValue(uint(value.toDouble()));
    }
    return options;
}

QString describe(const QVariant &value)
{
    if (value.userType() != qMetaTypeId<QDBusUnixFileDescriptor>())
        return value.toString();
    const QDBusUnixFileDescriptor fd = value.value<QDBusUnixFileDescriptor>();
    int domain = -1;
    int type = -1;
    socklen_t length = sizeof(int);
    if (!fd.isValid() ||
        ::getsockopt(fd.fileDescriptor(), SOL_SOCKET, SO_DOMAIN, &domain, &length) != 0)
        return QStringLiteral("fd:invalid");
    length = sizeof(int);
    ::getsockopt(fd.fileDescriptor(), SOL_SOCKET, SO_TYPE, &type, &length);
    return QStringLiteral("fd:%1/%2").arg(domain).arg(type);
}

/** Prints the helper's signals that reach this connection. */
class SignalPrinter : public QObject
{
    Q_OBJECT
public:
    explicit SignalPrinter(QTextStream &out) : m_out(out) {}
public Q_SLOTS:
    void onSignal(const QDBusMessage &message)
    {
        m_out << "signal " << message.member();
        for (const QVariant &value : message.arguments())
            m_out << ' ' << value.toString();
        m_out << '\n';
        m_out.flush();
    }

private:
    QTextStream &m_out;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QStringList args = app.arguments().mid(1);
    const bool hold = !args.isEmpty() && args.first() == QStringLiteral("--hold");
    if (hold)
        args.removeFirst();
    SignalPrinter printer(out);
    if (!args.isEmpty() && args.first() == QStringLiteral("--signals")) {
        args.removeFirst();
        for (const char *name : {"TreeChanged", "Reverted", "ScenarioProgress"})
            QDBusConnection::systemBus().connect(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                 QStringLiteral("org.qdiscstudio.Helper1"), QLatin1String(name), &printer,
                                                 SLOT(onSignal(QDBusMessage)));
    }
    QString authorizeTarget;
    if (args.size() >= 2 && args.first() == QStringLiteral("--authorize")) {
        authorizeTarget = args.at(1);
        args.remove(0, 2);
    }
    if (args.isEmpty()) {
        out << "usage: qs_test_helpercall [--hold] METHOD "
               "[s:TEXT|file:PATH|opts:JSON|first:N|prev:N]... [-- METHOD ...]...\n";
        return 2;
    }
    QList<QStringList> calls{{}};
    for (const QString &arg : std::as_const(args)) {
        if (arg == QStringLiteral("--"))
            calls.append(QStringList());
        else
            calls.last().append(arg);
    }

    QVariantList first;
    QVariantList previous;
    QList<QVariantList> replies; ///< every call's, kept until the end
    bool failed = false;
    if (!authorizeTarget.isEmpty()) {
        QDBusMessage authorize = QDBusMessage::createMethodCall(
            QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
            QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("Authorize"));
        authorize << authorizeTarget;
        const QDBusMessage reply = QDBusConnection::systemBus().call(authorize, QDBus::Block, 60000);
        if (reply.type() == QDBusMessage::ErrorMessage) {
            out << "error " << reply.errorName() << ": " << reply.errorMessage() << '\n';
            out.flush();
            failed = true;
        }
    }
    for (const QStringList &request : std::as_const(calls)) {
        if (request.isEmpty()) {
            out << "an empty call\n";
            return 2;
        }
        QDBusMessage call = QDBusMessage::createMethodCall(
            QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
            QStringLiteral("org.qdiscstudio.Helper1"), request.first());
        for (const QString &arg : request.mid(1)) {
            if (arg.startsWith(QStringLiteral("s:"))) {
                call << arg.mid(2);
            } else if (arg.startsWith(QStringLiteral("file:"))) {
                QFile file(arg.mid(5));
                if (!file.open(QIODevice::ReadOnly)) {
                    out << "cannot read " << file.fileName() << '\n';
                    return 2;
                }
                call << QString::fromUtf8(file.readAll());
            } else if (arg.startsWith(QStringLiteral("opts:"))) {
                call << optionsOf(arg.mid(5).toUtf8());
            } else if (arg.startsWith(QStringLiteral("reply:"))) {
                call << replies.value(arg.section(u':', 1, 1).toInt()).value(arg.section(u':', 2, 2).toInt()).toString();
            } else if (arg.startsWith(QStringLiteral("first:")) ||
                       arg.startsWith(QStringLiteral("prev:"))) {
                const QVariantList &from =
                    arg.startsWith(QStringLiteral("first:")) ? first : previous;
                const QString value = from.value(arg.section(u':', 1, 1).toInt()).toString();
                call << (arg.section(u':', 2) == QStringLiteral("netns") ? value.section(u'/', 0, 0)
                                                                         : value);
            } else {
                out << "unknown argument " << arg << '\n';
                return 2;
            }
        }
        const QDBusMessage reply = QDBusConnection::systemBus().call(call, QDBus::Block, 60000);
        if (reply.type() == QDBusMessage::ErrorMessage) {
            out << "error " << reply.errorName() << ": " << reply.errorMessage() << '\n';
            failed = true;
        } else {
            out << "ok";
            for (const QVariant &value : reply.arguments())
                out << ' ' << describe(value);
            out << '\n';
        }
        out.flush();
        if (&request == &calls.constFirst())
            first = reply.arguments();
        previous = reply.arguments();
        replies.append(reply.arguments());
    }
    if (hold) {
        out << "holding\n";
        out.flush();
        // An event loop, so that signals are printed while it holds; it ends with standard input.
        QSocketNotifier input(0, QSocketNotifier::Read);
        QObject::connect(&input, &QSocketNotifier::activated, &app, [&app, &input] {
            char buffer[256];
            if (::read(0, buffer, sizeof(buffer)) <= 0) {
                input.setEnabled(false);
                app.quit();
            }
        });
        app.exec();
    }
    return failed ? 1 : 0;
}

#include "helpercall.moc"
