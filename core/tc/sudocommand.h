#pragma once

#include <QStringList>

namespace qs {

/** Where the program stands in a `sudo [OPTIONS] PROGRAM …` command line. */
class SudoCommand
{
public:
    /**
     * The index of the program in @p words, where words[@p start] is the first word after
     * "sudo": past sudo's options and the values of those that take one. words.size() when no
     * program follows; -1 when the option at *@p missingValueAt lacks its value.
     */
    static qsizetype programIndex(const QStringList &words, qsizetype start, qsizetype *missingValueAt = nullptr);
};

} // namespace qs
