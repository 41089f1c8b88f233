#include "tcscriptimporter.h"

#include "shellsource.h"
#include "tcbatch.h"
#include "tcoptionwords.h"
#include "tcshowreader.h"

#include <QRegularExpression>

#include <algorithm>

namespace qs {

namespace {

void sortByPlace(QList<TcScriptError> *list)
{
    std::stable_sort(list->begin(), list->end(), [](const TcScriptError &a, const TcScriptError &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
}

} // namespace

TcScriptImport TcScriptImporter::import(const QString &text, const ShellEvaluatorOptions &options)
{
    TcScriptImport out;
    QList<TcScriptError> errors;
    QList<TcScriptError> warnings;
    if (TcShowReader::looksLikeShow(text)) {
        // What tc printed: read back into the commands that build it.
        out.show = true;
        TcShowReading reading = TcShowReader::read(text);
        out.commands = reading.commands;
        errors = reading.errors;
        out.notes = reading.notes;
    } else if (TcBatch::looksLikeBatch(text)) {
        out.batch = true;
        const ShellSource source(text);
        const QList<TcCommand> lines = TcBatch::lines(text, [&](qsizetype index) {
            return std::pair<int, int>{source.line(index), source.column(index)};
        }, &errors);
        for (const TcCommand &line : lines) {
            TcCommand command;
            command.words.append(TcWord{QStringLiteral("tc"), line.words.first().line, line.words.first().column});
            command.words += line.words;
            out.commands.append(command);
        }
    } else {
        const ShellEvaluation evaluation = ShellEvaluator::evaluate(text, options);
        out.commands = evaluation.commands;
        errors = evaluation.errors;
        warnings = evaluation.warnings;
        out.notes = evaluation.notes;
    }
    out.result = TcImporter::import(out.commands);
    out.result.errors += errors;
    out.result.warnings += warnings;
    sortByPlace(&out.result.errors);
    sortByPlace(&out.result.warnings);
    return out;
}

QString TcScriptImporter::commandLine(const TcCommand &command)
{
    QStringList words;
    for (const TcWord &word : command.words)
        words.append(shellWord(word.text));
    return words.join(u' ');
}

bool TcScriptImporter::parseAssignment(const QString &text, QPair<QString, QString> *assignment)
{
    static const QRegularExpression form(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)=(.*)$"), QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return false;
    *assignment = {m.captured(1), m.captured(2)};
    return true;
}

} // namespace qs
