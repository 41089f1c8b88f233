#include "sudocommand.h"

#include <algorithm>
#include <iterator>

namespace qs {

qsizetype SudoCommand::programIndex(const QStringList &words, qsizetype start, qsizetype *missingValueAt)
{
    // sudo's options with an argument: -u user, -g group, -h host, -p prompt, -C fd,
    // -D directory, -r role, -t type, -U user, -T timeout, -a type, -c class, -R directory
    // (sudo 1.9's "a:C:c:D:g:h::p:R:r:T:t:U:u:"; it takes "-h HOST" as a host too).
    static constexpr QStringView shortWithValue = u"ughpCDrtUTacR";
    static const QStringView longWithValue[] = {u"--user",   u"--group",      u"--host",       u"--prompt",
                                                u"--close-from", u"--chdir",  u"--role",       u"--type",
                                                u"--other-user", u"--command-timeout", u"--auth-type",
                                                u"--login-class", u"--chroot"};
    qsizetype i = start;
    const auto takeValue = [&](qsizetype option) {
        if (i >= words.size()) {
            if (missingValueAt)
                *missingValueAt = option;
            return false;
        }
        ++i;
        return true;
    };
    while (i < words.size() && words[i].startsWith(u'-')) {
        const qsizetype at = i;
        const QStringView option = words[i++];
        if (option == u"--")
            break;
        if (option.startsWith(u"--")) {
            if (!option.contains(u'=') &&
                std::find(std::begin(longWithValue), std::end(longWithValue), option) != std::end(longWithValue) && !takeValue(at))
                return -1;
            continue;
        }
        // A cluster like "-Eu root" or "-uroot": the first option taking a value takes the
        // rest of the word, or the next word when it ends the cluster.
        for (qsizetype k = 1; k < option.size(); ++k) {
            if (shortWithValue.contains(option[k])) {
                if (k == option.size() - 1 && !takeValue(at))
                    return -1;
                break;
            }
        }
    }
    return i;
}

} // namespace qs
