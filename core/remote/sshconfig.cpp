#include "sshconfig.h"

#include "sshtarget.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace qs::SshConfig {

QStringList hostAliases(const QString &configText)
{
    QStringList aliases;
    static const QRegularExpression separators(QStringLiteral("[\\s=]+"));
    for (const QString &rawLine : configText.split(u'\n')) {
        const QString line = rawLine.trimmed();
        if (line.startsWith(u'#'))
            continue;
        QStringList words = line.split(separators, Qt::SkipEmptyParts);
        if (words.size() < 2 || words.first().compare(QStringLiteral("Host"), Qt::CaseInsensitive) != 0)
            continue;
        words.removeFirst();
        for (const QString &word : std::as_const(words)) {
            QString ignored;
            if (word.contains(u'*') || word.contains(u'?') || word.startsWith(u'!') || aliases.contains(word) || !SshHost::parse(word, &ignored))
                continue;
            aliases.append(word);
        }
    }
    return aliases;
}

QStringList userHostAliases()
{
    QFile config(QDir::homePath() + QStringLiteral("/.ssh/config"));
    if (!config.open(QIODevice::ReadOnly))
        return {};
    return hostAliases(QString::fromUtf8(config.read(1024 * 1024)));
}

} // namespace qs::SshConfig
