// The Help menu of the window, offscreen: its four entries, the keyboard shortcuts listed from the
// actions themselves, the About box as a form of labels beside values, the manual's text, and
// every file dialog the window opens at a usable size.

#include "cli.h"
#include "directbackend.h"
#include "mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

#include <functional>
#include <memory>

#include <sys/utsname.h>

using namespace qs;

namespace {

/** Writes @p widget as build/screenshots/@p name, for review. */
void screenshot(QWidget *widget, const QString &name)
{
    QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
    widget->grab().save(QStringLiteral(QS_SCREENSHOT_DIR "/") + name);
}

/** @p text as a menu shows it: without the mnemonic's ampersand. */
QString shown(QString text)
{
    return text.remove(u'&');
}

/** The action of @p window whose text (mnemonic aside) is @p text. */
QAction *actionNamed(QWidget *window, const QString &text)
{
    for (QAction *action : window->findChildren<QAction *>())
        if (shown(action->text()) == text)
            return action;
    return nullptr;
}

QAction *actionWithKey(QWidget *window, const QKeySequence &key)
{
    for (QAction *action : window->findChildren<QAction *>())
        if (action->shortcuts().contains(key))
            return action;
    return nullptr;
}

QString keysOf(const QAction *action)
{
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys.append(key.toString(QKeySequence::NativeText));
    return keys.join(QStringLiteral(", "));
}

/**
 * Runs @p inspect on the modal dialog that @p open opens (open returns once it is closed), then
 * closes it; false when none opened.
 */
bool withNextDialog(const std::function<void()> &open, const std::function<void(QWidget *)> &inspect)
{
    bool seen = false;
    QTimer timer;
    timer.setInterval(20);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || !modal->isVisible())
            return;
        timer.stop();
        seen = true;
        inspect(modal);
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            dialog->reject();
        else
            modal->close();
    });
    timer.start();
    open();
    return seen || QTest::qWaitFor([&] { return seen; }, 5000);
}

} // namespace

class TstHelpMenu : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    MainWindow &openWindow()
    {
        m_window = std::make_unique<MainWindow>(std::make_unique<DirectBackend>());
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            qFatal("the window was not exposed");
        return *m_window;
    }

    /** Rows of the shortcuts dialog: the action's name → its keys, as the dialog lists them. */
    QMap<QString, QString> listedShortcuts()
    {
        QMap<QString, QString> rows;
        const bool opened = withNextDialog([this] { actionNamed(m_window.get(), QStringLiteral("Keyboard shortcuts"))->trigger(); },
                                           [&rows](QWidget *dialog) {
                                               screenshot(dialog, QStringLiteral("shortcuts.png"));
                                               auto *list = dialog->findChild<QTreeWidget *>();
                                               if (!list)
                                                   return;
                                               for (QTreeWidgetItemIterator it(list); *it; ++it)
                                                   if ((*it)->parent())
                                                       rows.insert((*it)->text(0), (*it)->text(1));
                                           });
        if (!opened)
            rows.insert(QStringLiteral("(no dialog)"), QString());
        return rows;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    }
    void cleanup() { m_window.reset(); }

    void helpMenuHasFourEntries()
    {
        MainWindow &window = openWindow();
        QMenu *help = nullptr;
        for (QAction *entry : window.menuBar()->actions())
            if (shown(entry->text()) == u"Help")
                help = entry->menu();
        QVERIFY(help);
        QStringList entries;
        for (const QAction *action : help->actions())
            if (!action->isSeparator())
                entries.append(shown(action->text()));
        QCOMPARE(entries, QStringList({QStringLiteral("What to try"), QStringLiteral("Keyboard shortcuts"), QStringLiteral("Manual"),
                                       QStringLiteral("About Qdisc Studio")}));
    }

    void whatToTryShowsTheGuide()
    {
        MainWindow &window = openWindow();
        QAction *whatToTry = actionNamed(&window, QStringLiteral("What to try"));
        QVERIFY(whatToTry);
        QString text;
        QVERIFY(withNextDialog([&] { whatToTry->trigger(); },
                               [&text](QWidget *dialog) {
                                   if (auto *box = qobject_cast<QMessageBox *>(dialog))
                                       text = box->text();
                               }));
        QVERIFY2(text.contains(QStringLiteral("double-click another preset")) && text.contains(QStringLiteral("Ctrl+Z")), qPrintable(text));
    }

    void shortcutsAreReadFromTheActions()
    {
        MainWindow &window = openWindow();
        QAction *saveAs = actionNamed(&window, QStringLiteral("Save profile as…"));
        QVERIFY(saveAs);
        QVERIFY(actionNamed(&window, QStringLiteral("Keyboard shortcuts")));
        QMap<QString, QString> rows = listedShortcuts();
        // Undo and Redo as the actions bind them (the platform's keys included), Ctrl+Z among them.
        QAction *undo = actionWithKey(&window, QKeySequence(Qt::CTRL | Qt::Key_Z));
        QAction *redo = actionWithKey(&window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
        QVERIFY(undo && redo && undo != redo);
        QCOMPARE(rows.value(QStringLiteral("Undo")), keysOf(undo));
        QCOMPARE(rows.value(QStringLiteral("Redo")), keysOf(redo));
        QVERIFY2(rows.value(QStringLiteral("Undo")).split(QStringLiteral(", ")).contains(QStringLiteral("Ctrl+Z")), qPrintable(rows.value(QStringLiteral("Undo"))));
        QCOMPARE(rows.value(QStringLiteral("Save profile as…")), keysOf(saveAs));
        QCOMPARE(rows.value(QStringLiteral("Save profile as…")), QStringLiteral("Ctrl+Shift+S"));
        // Every action with a key is there, each once.
        QSet<QAction *> withKeys;
        for (QAction *action : window.findChildren<QAction *>())
            if (!action->shortcuts().isEmpty())
                withKeys.insert(action);
        int listed = 0;
        const bool opened = withNextDialog([&] { actionNamed(&window, QStringLiteral("Keyboard shortcuts"))->trigger(); },
                                           [&listed](QWidget *dialog) {
                                               for (QTreeWidgetItemIterator it(dialog->findChild<QTreeWidget *>()); *it; ++it)
                                                   listed += (*it)->parent() ? 1 : 0;
                                           });
        QVERIFY(opened);
        QCOMPARE(listed, withKeys.size());
        // Another key on the action: the list says so the next time it opens.
        saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
        rows = listedShortcuts();
        QCOMPARE(rows.value(QStringLiteral("Save profile as…")), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S).toString(QKeySequence::NativeText));
    }

    void aboutIsAFormOfLabelsAndValues()
    {
        MainWindow &window = openWindow();
        QAction *about = actionNamed(&window, QStringLiteral("About Qdisc Studio"));
        QVERIFY(about);
        QMap<QString, QString> values;
        bool besideEachOther = true;
        bool selectable = true;
        QVERIFY(withNextDialog([&] { about->trigger(); },
                               [&](QWidget *dialog) {
                                   screenshot(dialog, QStringLiteral("about.png"));
                                   auto *form = dialog->findChild<QFormLayout *>();
                                   if (!form)
                                       return;
                                   for (int row = 0; row < form->rowCount(); ++row) {
                                       auto *label = qobject_cast<QLabel *>(form->itemAt(row, QFormLayout::LabelRole)->widget());
                                       auto *value = qobject_cast<QLabel *>(form->itemAt(row, QFormLayout::FieldRole)->widget());
                                       if (!label || !value)
                                           continue;
                                       values.insert(shown(label->text()), value->text());
                                       // On one line: the label left of its value, their tops level.
                                       besideEachOther = besideEachOther && label->geometry().right() < value->geometry().left() &&
                                                         std::abs(label->geometry().top() - value->geometry().top()) < label->height();
                                       selectable = selectable && (value->textInteractionFlags() & Qt::TextSelectableByMouse);
                                   }
                               }));
        QCOMPARE(values.value(QStringLiteral("Version:")), QStringLiteral("9.8.7"));
        QVERIFY2(values.value(QStringLiteral("Qt:")).startsWith(QString::fromLatin1(qVersion())), qPrintable(values.value(QStringLiteral("Qt:"))));
        utsname kernel{};
        QCOMPARE(uname(&kernel), 0);
        QCOMPARE(values.value(QStringLiteral("Kernel:")), QString::fromLocal8Bit(kernel.release));
        QVERIFY2(values.value(QStringLiteral("Changes go through:")).startsWith(window.backend()->describe()),
                 qPrintable(values.value(QStringLiteral("Changes go through:"))));
        QVERIFY(values.value(QStringLiteral("Licence:")).contains(QStringLiteral("General Public License")));
        QVERIFY(values.value(QStringLiteral("Home page:")).contains(QStringLiteral("https://")));
        QVERIFY(besideEachOther);
        QVERIFY(selectable);
    }

    void manualShowsTheHelpOfEveryCommand()
    {
        MainWindow &window = openWindow();
        QAction *manual = actionNamed(&window, QStringLiteral("Manual"));
        QVERIFY(manual);
        QVERIFY(!manual->isEnabled()); // nothing to show yet
        window.setManualSource(&Cli::manualText);
        QVERIFY(manual->isEnabled());
        QString text;
        QVERIFY(withNextDialog([&] { manual->trigger(); },
                               [&text](QWidget *dialog) {
                                   if (auto *edit = dialog->findChild<QPlainTextEdit *>())
                                       text = edit->toPlainText();
                               }));
        QVERIFY(text.startsWith(Cli::helpText()));
        for (const QString &command : Cli::subcommands())
            QVERIFY2(text.contains(Cli::helpText(command)), qPrintable(command));
    }

    void fileDialogsOpenAtAUsableSize()
    {
        // The least size, on this (offscreen, 800×600) screen: 760×480.
        MainWindow &window = openWindow();
        auto *profiles = window.findChild<QListWidget *>(QStringLiteral("profiles"));
        profiles->setCurrentRow(0);
        const QList<std::pair<QString, std::function<void()>>> openers{
            {QStringLiteral("import profile"), [&] { actionNamed(&window, QStringLiteral("Import profile…"))->trigger(); }},
            {QStringLiteral("export profile"), [&] { actionNamed(&window, QStringLiteral("Export profile…"))->trigger(); }},
            {QStringLiteral("export PNG"), [&] { window.findChild<QToolButton *>(QStringLiteral("exportPng"))->click(); }},
            {QStringLiteral("export CSV"), [&] { window.findChild<QToolButton *>(QStringLiteral("exportCsv"))->click(); }},
        };
        for (const auto &[what, open] : openers) {
            QSize size;
            QVERIFY2(withNextDialog(open,
                                    [&size](QWidget *dialog) {
                                        if (qobject_cast<QFileDialog *>(dialog))
                                            size = dialog->size();
                                    }),
                     qPrintable(what));
            QVERIFY2(size.width() >= 760 && size.height() >= 480,
                     qPrintable(QStringLiteral("%1: %2×%3").arg(what).arg(size.width()).arg(size.height())));
        }
    }
};

QTEST_MAIN(TstHelpMenu)
#include "tst_helpmenu.moc"
