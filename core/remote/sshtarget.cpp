#include "sshtarget.h"

#include "model/qdisctree.h"

#include <QCoreApplication>

namespace qs {

namespace {

// Names of users and hosts as the systems that hold them allow (useradd's, RFC 1123's), and never
// starting with '-': such a word would reach ssh as an option.
bool isNameCharacter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'.' || c == u'_' || c == u'-';
}

bool isPlainName(QStringView name, qsizetype maxSize)
{
    if (name.isEmpty() || name.size() > maxSize || name.front() == u'-' || name.front() == u'.')
        return false;
    return std::all_of(name.begin(), name.end(), isNameCharacter);
}

bool isIpv6Literal(QStringView address)
{
    if (address.size() < 2 || address.size() > 64 || !address.contains(u':'))
        return false;
    return std::all_of(address.begin(), address.end(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F') || c == u':' || c == u'.';
    });
}

QString shown(QStringView text)
{
    return text.size() > 80 ? text.left(80).toString() + QStringLiteral("…") : text.toString();
}

QString tr(const char *text)
{
    return QCoreApplication::translate("qs::Targets", text);
}

} // namespace

QString SshHost::toString() const
{
    QString text = user.isEmpty() ? QString() : user + u'@';
    text += host.contains(u':') ? u'[' + host + u']' : host;
    if (port)
        text += u':' + QString::number(port);
    return text;
}

QString SshHost::loginCommand() const
{
    QString command = QStringLiteral("ssh ");
    if (port)
        command += QStringLiteral("-p %1 ").arg(port);
    return command + (user.isEmpty() ? host : user + u'@' + host);
}

QStringList SshHost::sshArguments() const
{
    QStringList arguments;
    if (!user.isEmpty())
        arguments << QStringLiteral("-l") << user;
    if (port)
        arguments << QStringLiteral("-p") << QString::number(port);
    return arguments << QStringLiteral("--") << host;
}

QString SshTarget::toString() const
{
    return Scheme.toString() + host.toString() + u'/' + target;
}

std::optional<SshHost> SshHost::parse(QStringView authority, QString *error)
{
    const auto fail = [&](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    SshHost parsed;
    if (const qsizetype at = authority.indexOf(u'@'); at >= 0) {
        parsed.user = authority.left(at).toString();
        authority = authority.mid(at + 1);
        if (!isPlainName(parsed.user, 32))
            return fail(tr("the user name may hold letters, digits, '.', '_' and '-' (not first), at most 32"));
    }
    QStringView port;
    if (authority.startsWith(u'[')) {
        const qsizetype close = authority.indexOf(u']');
        if (close < 0 || !isIpv6Literal(authority.mid(1, close - 1)))
            return fail(tr("an IPv6 address goes in brackets: [fd00::1]"));
        parsed.host = authority.mid(1, close - 1).toString().toLower();
        const QStringView after = authority.mid(close + 1);
        if (!after.isEmpty() && !after.startsWith(u':'))
            return fail(tr("only :PORT may follow the host"));
        port = after.mid(1);
        if (after.startsWith(u':') && port.isEmpty())
            return fail(tr("the port after ':' is missing"));
    } else {
        const qsizetype colon = authority.indexOf(u':');
        parsed.host = (colon < 0 ? authority : authority.left(colon)).toString().toLower(); // names are not case-sensitive
        if (colon >= 0) {
            port = authority.mid(colon + 1);
            if (port.isEmpty())
                return fail(tr("the port after ':' is missing"));
        }
        if (!isPlainName(parsed.host, 253))
            return fail(tr("the host is a name or an address: letters, digits, '.', '_' and '-' (not first), at most 253"));
    }
    if (!port.isEmpty()) {
        bool ok = false;
        parsed.port = port.toInt(&ok);
        if (!ok || parsed.port < 1 || parsed.port > 65535 || port.front() == u'+')
            return fail(tr("the port is a number from 1 to 65535"));
    }
    return parsed;
}

std::optional<SshTarget> SshTarget::parse(QStringView text, QString *error)
{
    const auto fail = [&](const QString &why) {
        //: %1 is what was given, %2 what is wrong with it; ssh://[USER@]HOST[:PORT]/TARGET stays as it is
        *error = tr("\"%1\" is not a remote target (ssh://[USER@]HOST[:PORT]/TARGET): %2").arg(shown(text), why);
        return std::nullopt;
    };
    if (!isRemote(text))
        return fail(tr("it does not start with ssh://"));
    const QStringView rest = text.mid(Scheme.size());
    const qsizetype slash = rest.indexOf(u'/');
    if (slash < 0)
        return fail(tr("no TARGET follows the host"));
    QString why;
    const auto host = SshHost::parse(rest.left(slash), &why);
    if (!host)
        return fail(why);
    SshTarget parsed{*host, rest.mid(slash + 1).toString()};
    if (isRemote(parsed.target) || !isWellFormedTarget(parsed.target))
        return fail(tr("after the host comes a target of that host: IF, NETNS/IF or docker:CONTAINER/IF"));
    return parsed;
}

} // namespace qs
