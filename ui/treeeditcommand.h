#pragma once

#include "model/qdisctree.h"

#include <QUndoCommand>

#include <functional>

namespace qs {

/**
 * One edit of the tree, undoable: the whole tree before and after (trees are small, and a
 * whole tree is what the kernel is given anyway). A drag is one command, pushed when the
 * slider is released; it was already applied, so the first redo() does nothing.
 */
class TreeEditCommand : public QUndoCommand
{
public:
    using Setter = std::function<void(const QdiscTree &tree)>;
    TreeEditCommand(const QString &text, QdiscTree before, QdiscTree after, Setter setter);

    void undo() override;
    void redo() override;

private:
    QdiscTree m_before;
    QdiscTree m_after;
    Setter m_setter;
    bool m_alreadyDone = true;
};

} // namespace qs
