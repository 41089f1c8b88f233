#include "mainwindow.h"

#include <QApplication>
#include <QDir>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTest>
#include <QTreeWidget>

using namespace qs;

/** The first window offscreen: presets listed, a click shows the tree and its tc commands. */
class TstMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void clickingAPresetShowsItsTreeAndCommands()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *profiles = window.findChild<QListWidget *>();
        auto *tree = window.findChild<QTreeWidget *>();
        auto *commands = window.findChild<QPlainTextEdit *>();
        QVERIFY(profiles && tree && commands);
        QVERIFY(profiles->count() >= 10);

        for (int row : {profiles->count() - 1, 1}) {
            const QRect rect = profiles->visualItemRect(profiles->item(row));
            QTest::mouseClick(profiles->viewport(), Qt::LeftButton, {}, rect.center());
            QCOMPARE(profiles->currentRow(), row);
            QVERIFY(tree->topLevelItemCount() >= 1);
            QVERIFY2(commands->toPlainText().startsWith(u"tc qdisc add dev DEV root"), qPrintable(commands->toPlainText()));
        }

        QDir().mkpath(QStringLiteral(QS_SCREENSHOT_DIR));
        const QString shot = QStringLiteral(QS_SCREENSHOT_DIR "/mainwindow.png");
        QVERIFY(window.grab().save(shot));
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
