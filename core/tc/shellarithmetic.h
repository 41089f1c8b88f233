#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>

namespace qs {

/**
 * The shell's arithmetic: $(( … )), bash's $[ … ] and (( … )), on signed 64-bit integers as
 * bash computes them (wrapping, C's precedence, 0x and 0 prefixes and BASE#DIGITS, assignments,
 * ++ and --, short-circuit && || and ?: that do not evaluate the side not taken). Parameters
 * ($V) are expanded by the caller first; bare names are read and written through the callbacks.
 */
class ShellArithmetic
{
    Q_DECLARE_TR_FUNCTIONS(qs::ShellArithmetic)

public:
    /** A variable's value, or nullopt when it is not known (it came from a command not run). */
    using Read = std::function<std::optional<QString>(const QString &name)>;
    using Write = std::function<void(const QString &name, qint64 value)>;

    struct Result
    {
        std::optional<qint64> value; ///< nullopt: an error, or a variable that is not known
        QString error;               ///< "division by 0", "syntax error: …"
        QString unknownVariable;     ///< the variable whose value is not known
    };

    static Result evaluate(QStringView expression, const Read &read, const Write &write);
    /** An integer as the shell reads one ("42", "-0x1f", "010", "2#101"), or nullopt. */
    static std::optional<qint64> parseInteger(QStringView text);
};

} // namespace qs
