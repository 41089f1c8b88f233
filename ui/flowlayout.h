#pragma once

#include <QLayout>
#include <QList>
#include <QStyle>

namespace qs {

/**
 * Items left to right, wrapping to a new line where the width runs out (like words in a
 * paragraph): a row of controls that would otherwise set the window's least width. Its minimum
 * width is that of its widest item; its height follows the width (heightForWidth()).
 */
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    /** Places the items in @p rect (or only measures, when @p place is false); the height used. */
    int arrange(const QRect &rect, bool place) const;
    int gap(QStyle::PixelMetric metric) const;

    QList<QLayoutItem *> m_items;
};

} // namespace qs
