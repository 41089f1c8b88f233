#include "heightforwidth.h"

#include <QEvent>
#include <QLayout>
#include <QObject>
#include <QWidget>

namespace qs {

namespace {

class HeightForWidthFilter : public QObject
{
public:
    using QObject::QObject;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize) {
            auto *widget = static_cast<QWidget *>(watched);
            const int height = widget->layout() ? widget->layout()->heightForWidth(widget->width()) : widget->heightForWidth(widget->width());
            if (height > 0 && height != widget->minimumHeight())
                widget->setMinimumHeight(height);
        }
        return false;
    }
};

} // namespace

void followHeightForWidth(QWidget *widget)
{
    widget->installEventFilter(new HeightForWidthFilter(widget));
}

} // namespace qs
