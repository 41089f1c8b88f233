#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace qs {

/**
 * What is left of a removed demo lab while sockets made in it are still open. Every socket keeps
 * the network namespace it was made in alive, and the kernel has no way to end a namespace
 * sooner: a client holding the sockets OpenLabSockets handed it keeps the removed lab's
 * namespaces (nameless, with their devices) for as long as it likes. The helper counts them
 * against its lab limits until they are gone, and must tell that without holding them itself.
 *
 * So before their names are removed, each namespace is marked: it gets a namespace id in the
 * caller's namespace (the kernel drops the id when the namespace ends) and an alias on its
 * loopback device naming the lab (so that an id reused by some later namespace is not taken for
 * it). alive() asks the kernel for the loopback of each id: a namespace that ended, or that
 * nothing holds any more, answers nothing (socket lists would not do: a socket never bound or
 * connected is in none of them).
 */
class LabRemains
{
public:
    /**
     * Marks the namespaces @p names of /run/netns (call while they still have their names) with
     * @p token (unique to the lab); false with @p error when one cannot be marked (those marked
     * are kept).
     */
    static bool mark(const QStringList &names, const QString &token, LabRemains *remains, QString *error);

    /** How many of the marked namespaces still live (something holds them). */
    int alive() const;
    bool isEmpty() const { return m_marks.empty(); }

private:
    struct Mark
    {
        int nsid = -1;
        QByteArray alias;
    };
    std::vector<Mark> m_marks;
};

} // namespace qs
