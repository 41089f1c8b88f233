#include "scenariobook.h"

#include <QTimer>

namespace qs {

ScenarioBook::ScenarioBook(QObject *parent) : QObject(parent) {}

// Players still in the book are deleted without touching the kernel: whoever destroys the book
// has halted or stopped them already (the helper on SIGTERM), and no signal of theirs may reach
// a half-destroyed service.
ScenarioBook::~ScenarioBook()
{
    for (const auto &playback : std::as_const(m_playbacks))
        if (playback->player)
            playback->player->disconnect();
}

ScenarioBook::Playback *ScenarioBook::find(const QString &target)
{
    const auto it = m_playbacks.constFind(target);
    return it == m_playbacks.cend() ? nullptr : it->get();
}

const ScenarioBook::Playback *ScenarioBook::find(const QString &target) const
{
    const auto it = m_playbacks.constFind(target);
    return it == m_playbacks.cend() ? nullptr : it->get();
}

QString ScenarioBook::targetOf(const ScenarioPlayer *player) const
{
    for (auto it = m_playbacks.cbegin(); it != m_playbacks.cend(); ++it)
        if (it.value()->player.get() == player)
            return it.key();
    return {};
}

ScenarioBook::Playback &ScenarioBook::insert(const QString &target, Playback playback)
{
    take(target); // the helper refuses a second playback; this only keeps the book consistent
    auto &slot = m_playbacks[target];
    slot = std::make_shared<Playback>(std::move(playback));
    return *slot;
}

std::optional<ScenarioBook::Playback> ScenarioBook::take(const QString &target)
{
    const std::shared_ptr<Playback> playback = m_playbacks.take(target);
    if (!playback)
        return std::nullopt;
    Playback taken = std::move(*playback);
    retire(std::move(taken.player));
    return taken;
}

QStringList ScenarioBook::targetsOf(const QString &busName) const
{
    QStringList targets;
    for (auto it = m_playbacks.cbegin(); it != m_playbacks.cend(); ++it)
        if (it.value()->owner.busName == busName)
            targets.append(it.key());
    return targets;
}

void ScenarioBook::retire(std::unique_ptr<ScenarioPlayer> player)
{
    if (!player)
        return;
    // It may be the sender of the signal being handled: nothing of it is heard again, and it
    // goes when the event loop comes back.
    player->disconnect();
    m_retired.push_back(std::move(player));
    if (m_retired.size() == 1)
        QTimer::singleShot(0, this, [this] { m_retired.clear(); });
}

} // namespace qs
