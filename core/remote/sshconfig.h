#pragma once

#include <QString>
#include <QStringList>

namespace qs {

/**
 * The hosts a user's ~/.ssh/config names: every word of its `Host` lines that is a plain name
 * (no pattern: no '*', '?' or '!'), in the order written, once each. The window offers them
 * when a host is added; ssh itself resolves them (HostName, User, Port, ProxyJump). `Include`d
 * files are not followed.
 */
namespace SshConfig {

QStringList hostAliases(const QString &configText);
/** hostAliases() of ~/.ssh/config, or nothing when there is none. */
QStringList userHostAliases();

} // namespace SshConfig

} // namespace qs
