#include "targetmapdialog.h"

#include "tc/tcsummary.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace qs {

TargetMapDialog::TargetMapDialog(const Profile &profile, const QStringList &knownTargets, const QString &chosenTarget, QWidget *parent)
    : QDialog(parent), m_profile(profile), m_problem(new QLabel(this))
{
    setWindowTitle(tr("Where each tree goes"));
    setObjectName(QStringLiteral("targetMapDialog"));
    auto *intro = new QLabel(
        //: %1 is a profile's name (or "pasted commands")
        tr("“%1” holds trees for several devices. Choose the target each goes onto; a redirect to one of them follows it.").arg(profile.name),
        this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    QString chosenNetns;
    QString chosenDevice;
    QdiscTree::splitTarget(chosenTarget, &chosenNetns, &chosenDevice);
    const auto beside = [&](const QString &device) { return chosenNetns.isEmpty() ? device : chosenNetns + u'/' + device; };
    // A guess the user sees and can change: when the chosen target is one the profile was made
    // for, every tree onto its own; otherwise the first tree onto the chosen target and the
    // others (the ifb a redirect names) beside it, in its namespace.
    const bool chosenIsOwn = profile.targets().contains(chosenTarget);
    bool chosenUsed = false;
    for (const QdiscTree &tree : profile.trees) {
        const QString source = tree.target();
        auto *choice = new QComboBox(this);
        choice->setObjectName(QStringLiteral("map.%1").arg(m_sources.size()));
        choice->setEditable(true);
        choice->setInsertPolicy(QComboBox::NoInsert);
        choice->addItems(knownTargets);
        QString guess;
        if (chosenIsOwn || chosenTarget.isEmpty()) {
            guess = source;
        } else if (!tree.isIfb && !chosenUsed) {
            guess = chosenTarget;
            chosenUsed = true;
        } else {
            guess = beside(tree.device);
        }
        choice->setCurrentText(guess);
        connect(choice, &QComboBox::currentTextChanged, this, &TargetMapDialog::check);
        //: a row of the dialog: %1 is the device a tree was made for, %2 a summary of the tree
        auto *label = new QLabel(tr("%1 (%2):").arg(source, TcSummary::tree(tree)), this);
        label->setBuddy(choice);
        form->addRow(label, choice);
        m_sources.append(source);
        m_choices.append(choice);
    }
    m_problem->setObjectName(QStringLiteral("map.problem"));
    m_problem->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Apply"));
    m_ok->setObjectName(QStringLiteral("map.ok"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    check();
}

TargetMap TargetMapDialog::map() const
{
    TargetMap map;
    for (qsizetype i = 0; i < m_sources.size(); ++i)
        map.insert(m_sources[i], m_choices[i]->currentText().trimmed());
    return map;
}

void TargetMapDialog::check()
{
    for (const QComboBox *choice : std::as_const(m_choices)) {
        QString netns;
        QString device;
        const QString target = choice->currentText().trimmed();
        if (!isWellFormedTarget(target, &netns, &device)) {
            m_problem->setText(notATarget(target));
            m_ok->setEnabled(false);
            m_trees.clear();
            return;
        }
    }
    QString error;
    // The same rules as --map: none twice, every tree mapped, redirects within a namespace.
    const auto parsed = TargetMap::parse(map().toString(), &error);
    const auto trees = parsed ? parsed->apply(m_profile, &error) : std::nullopt;
    m_trees = trees.value_or(QList<QdiscTree>());
    m_problem->setText(trees ? QString() : error);
    m_ok->setEnabled(trees.has_value());
}

} // namespace qs
