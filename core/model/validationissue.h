#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace qs {

/**
 * One finding of a validate(): which field, what is wrong, what is allowed. Errors are what
 * the kernel or tc would refuse; warnings are what the kernel accepts but almost certainly
 * breaks traffic (a tbf burst below the MTU drops every full-size packet).
 */
struct ValidationIssue
{
    Q_DECLARE_TR_FUNCTIONS(qs::ValidationIssue)

public:
    enum class Severity { Error, Warning };

    Severity severity = Severity::Error;
    QString field;   ///< dotted path, e.g. "qdisc 1:.netem.loss"
    QString message; ///< a sentence naming the value and the allowed range

    bool isError() const { return severity == Severity::Error; }
    QString toString() const;

    static ValidationIssue error(QString field, QString message);
    static ValidationIssue warning(QString field, QString message);
};

using ValidationIssues = QList<ValidationIssue>;

bool hasErrors(const ValidationIssues &issues);
/** Prefixes every field path with @p prefix (e.g. the node a parameter set belongs to). */
ValidationIssues prefixed(ValidationIssues issues, const QString &prefix);

} // namespace qs
