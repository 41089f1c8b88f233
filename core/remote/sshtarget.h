#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace qs {

/**
 * A host reached over SSH: `[user@]host[:port]`, as it stands in a remote target. The host is a
 * name (an alias of ~/.ssh/config too), an IPv4 address or a bracketed IPv6 address. Everything
 * is checked against a narrow alphabet, so nothing taken from a target can become an option of
 * ssh or a word of the remote shell.
 */
struct SshHost
{
    QString user; ///< empty: ssh's own choice (~/.ssh/config, then the local user name)
    QString host; ///< without brackets
    int port = 0; ///< 0: ssh's own choice

    /** `[user@]host[:port]`, as toString() writes it; nullopt with what is wrong in @p error. */
    static std::optional<SshHost> parse(QStringView text, QString *error);
    /** "qs@198.18.0.2", "lab1:2222", "[fd00::1]:22": how targets and messages name the host. */
    QString toString() const;
    /** "ssh -p 2222 qs@lab4": how a person logs in there, for messages. */
    QString loginCommand() const;
    /** ssh's arguments that pick this host: -l USER, -p PORT, then the host after "--". */
    QStringList sshArguments() const;
    bool operator==(const SshHost &) const = default;
};

/** A target on another host: `ssh://[user@]host[:port]/TARGET`, TARGET as on that host (IF, NETNS/IF, docker:NAME/IF). */
struct SshTarget
{
    SshHost host;
    QString target; ///< the target as the remote helper knows it

    static constexpr QStringView Scheme = u"ssh://";
    /** Whether @p text is meant as a remote target (it starts with ssh://), well formed or not. */
    static bool isRemote(QStringView text) { return text.startsWith(Scheme); }
    /** The target, or nullopt with a sentence saying what is wrong in @p error. */
    static std::optional<SshTarget> parse(QStringView text, QString *error);
    QString toString() const;
};

} // namespace qs
