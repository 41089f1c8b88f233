#include "treeeditcommand.h"

namespace qs {

TreeEditCommand::TreeEditCommand(const QString &text, QdiscTree before, QdiscTree after, Setter setter)
    : QUndoCommand(text), m_before(std::move(before)), m_after(std::move(after)), m_setter(std::move(setter))
{
}

void TreeEditCommand::undo()
{
    m_setter(m_before);
}

void TreeEditCommand::redo()
{
    if (std::exchange(m_alreadyDone, false))
        return;
    m_setter(m_after);
}

} // namespace qs
