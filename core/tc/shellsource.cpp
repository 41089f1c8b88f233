#include "shellsource.h"

#include <algorithm>

namespace qs {

ShellSource::ShellSource(QString text) : m_text(std::move(text))
{
    m_lineStarts.append(0);
    for (qsizetype i = 0; i < m_text.size(); ++i) {
        if (m_text[i] == u'\n')
            m_lineStarts.append(i + 1);
    }
}

ShellSource ShellSource::at(QString text, int line, int column)
{
    ShellSource source(std::move(text));
    source.m_fixedLine = std::max(1, line);
    source.m_fixedColumn = std::max(1, column);
    return source;
}

qsizetype ShellSource::lineIndex(qsizetype offset) const
{
    const auto after = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    return std::max<qsizetype>(0, (after - m_lineStarts.begin()) - 1);
}

int ShellSource::line(qsizetype offset) const
{
    if (m_fixedLine)
        return m_fixedLine;
    return int(lineIndex(offset)) + 1;
}

int ShellSource::column(qsizetype offset) const
{
    if (m_fixedLine)
        return m_fixedColumn;
    const qsizetype clamped = std::clamp<qsizetype>(offset, 0, m_text.size());
    return int(clamped - m_lineStarts[lineIndex(clamped)]) + 1;
}

} // namespace qs
