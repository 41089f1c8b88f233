// qs_test_helpercall: one raw call to the helper on the system bus, as whoever runs it — the
// tests' way to speak to the helper as an unprivileged user with arguments of their choosing.
//
//   qs_test_helpercall METHOD [ARG...]     ARG: s:TEXT | file:PATH (a string read from PATH) |
//                                               opts:JSON (an a{sv} from a JSON object)
// Prints "ok" and the reply's arguments, or "error NAME: MESSAGE"; exits 0 or 1.

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        out << "usage: qs_test_helpercall METHOD [s:TEXT|file:PATH|opts:JSON]...\n";
        return 2;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(QStringLiteral("org.qdiscstudio.Helper1"), QStringLiteral("/org/qdiscstudio/Helper1"),
                                                       QStringLiteral("org.qdiscstudio.Helper1"), args.first());
    for (const QString &arg : args.mid(1)) {
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
            call << QJsonDocument::fromJson(arg.mid(5).toUtf8()).object().toVariantMap();
        } else {
            out << "unknown argument " << arg << '\n';
            return 2;
        }
    }
    const QDBusMessage reply = QDBusConnection::systemBus().call(call, QDBus::Block, 60000);
    if (reply.type() == QDBusMessage::ErrorMessage) {
        out << "error " << reply.errorName() << ": " << reply.errorMessage() << '\n';
        return 1;
    }
    out << "ok";
    for (const QVariant &value : reply.arguments())
        out << ' ' << value.toString();
    out << '\n';
    return 0;
}
