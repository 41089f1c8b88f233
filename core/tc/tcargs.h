#pragma once

#include "model/probability.h"
#include "tctokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace qs {

/** iproute2's matches(): @p word is a non-empty prefix of @p keyword. */
bool tcMatches(QStringView word, QStringView keyword);

/** Thrown while one command is parsed; the command is then reported at the word and left out. */
struct TcArgsFailure
{
    qsizetype index; ///< the word to point at
    QString message;
};

/**
 * The words of one tc command, walked the way tc's argv loops walk them (NEXT_ARG(),
 * NEXT_IS_NUMBER(), matches()), with one reader per kind of value that parses it with tc's own
 * unit rules and fails with a message naming the field. Every kind's tc parser reads its options
 * through this, so a value is read the same way wherever it appears.
 */
class TcArgs
{
    Q_DECLARE_TR_FUNCTIONS(qs::TcArgs)

public:
    explicit TcArgs(const QList<TcWord> &words, qsizetype start = 0, QList<TcScriptError> *warnings = nullptr);

    bool atEnd() const { return m_pos >= m_words.size(); }
    qsizetype size() const { return m_words.size(); }
    qsizetype position() const { return m_pos; }
    QStringView peek() const { return atEnd() ? QStringView() : QStringView(m_words[m_pos].text); }
    QStringView peekAhead(qsizetype n) const;
    /** The next word; fails when the command has ended. */
    QStringView next();
    /** tc's NEXT_ARG(): the value that must follow @p keyword. */
    QStringView value(QStringView keyword);
    /** tc's NEXT_IS_NUMBER(). */
    bool nextIsNumber() const;
    bool nextIsSignedNumber() const;
    /** Consumes the next word when it is (a prefix accepted by tcMatches() of) @p keyword. */
    bool takeIf(QStringView keyword);
    const TcWord &word(qsizetype index) const;

    /** Fails at the word just read. */
    [[noreturn]] void fail(const QString &message) const;
    [[noreturn]] void failAt(qsizetype index, const QString &message) const;
    /** "unknown cake option" at @p index. */
    [[noreturn]] void failUnknownOption(qsizetype index, QStringView kind) const;
    /** "cake option "x" is not supported by Qdisc Studio yet" at @p index. */
    [[noreturn]] void failUnsupported(qsizetype index, QStringView kind) const;
    /**
     * Fails at the command's verb (add, change, …): for refusals of the whole command, such as a
     * change the kernel does not allow. The importer says where the verb is.
     */
    [[noreturn]] void failCommand(const QString &message) const { failAt(m_verbAt, message); }
    void setVerbAt(qsizetype index) { m_verbAt = index; }
    /** A warning at @p index (the command is still read). */
    void warn(qsizetype index, const QString &message);

    template <typename T> T require(std::optional<T> parsed, const QString &what) const
    {
        if (!parsed)
            fail(what);
        return *parsed;
    }

    // --- values: the word after a keyword, read with tc's parser for @p field's type ----------
    Probability percent(QStringView field);
    /** parse_percent() without the scaling: what netem derives its loss-model defaults from. */
    double percentFraction(QStringView field);
    /** get_rate64(); a rate in percent of the link speed is refused (it depends on the device). */
    quint64 rate(QStringView field);
    /** get_size(). */
    quint32 size(QStringView field);
    /** get_size() where the kernel counts packets (q_fifo.c's limit): "1k" is 1024 packets, as in tc. */
    quint32 packetCount(QStringView field);
    /** get_size_and_cell() without the "/cell" part, which only shapes the old rate tables. */
    quint32 sizeNoCell(QStringView field);
    /** get_time(), microseconds. */
    quint32 timeUs(QStringView field);
    /** get_time64(), nanoseconds. */
    qint64 time64Ns(QStringView field);
    quint32 u32(QStringView field, int base = 0);
    qint32 s32(QStringView field, int base = 0);
    quint16 u16(QStringView field, int base = 0);
    int integer(QStringView field, int base = 0);

private:
    const QList<TcWord> &m_words;
    qsizetype m_pos;
    qsizetype m_verbAt = 0;
    QList<TcScriptError> *m_warnings;
};

} // namespace qs
